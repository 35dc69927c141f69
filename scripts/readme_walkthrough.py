"""Turns the README's shell blocks into one bash script, as a new user would run them.

The README is read from "## Run it" up to "### Client libraries"; its test command (`cargo
test`, which CI runs as a step of its own) is left out, and so are the client installs, which
scripts/clients_e2e.sh runs for every language (examples/<language>/run.sh). Everything else runs as written, in order,
in one shell, with two mechanical changes a reader makes without thinking:

- a line that starts the service (`… -- serve`) runs in the background, as the README's
  "in another terminal" says, and the script waits until the port it names answers;
- after each block, every server started so far must still be running (a second server on a
  port the first one holds dies at once, which is how that trip-up showed).

    python3 scripts/readme_walkthrough.py README.md > walkthrough.sh
"""

from __future__ import annotations

import re
import sys

PRELUDE = r"""set -euo pipefail
servers=()
wait_for_port() {
    for _ in $(seq 1 600); do
        curl -fsS "http://127.0.0.1:$1/readyz" >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    echo "nothing answers on port $1" >&2
    return 1
}
servers_alive() {
    for pid in "${servers[@]}"; do
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "a server started by the README has stopped (pid $pid):" >&2
            cat serve-*.log >&2
            return 1
        fi
    done
}
"""

SERVE = re.compile(r"-- serve\b")
PORT = re.compile(r"REVREC_LISTEN=[0-9.]+:(\d+)")


def shell_blocks(readme: str) -> list[str]:
    start = readme.index("\n## Run it")
    end = readme.index("\n### Client libraries")
    return re.findall(r"```sh\n(.*?)```", readme[start:end], flags=re.S)


def background(line: str, number: int) -> str:
    """`cmd   # comment` → `cmd >serve-N.log 2>&1 & …wait for its port…`."""
    command, _, comment = line.partition("  #")
    port = PORT.search(command)
    port_number = port.group(1) if port else "8080"
    note = f"  # {comment.strip()}" if comment else ""
    return (
        f"{command.rstrip()} >serve-{number}.log 2>&1 &{note}\n"
        f'servers+=($!); echo "started a server (pid $!) on port {port_number}"\n'
        f"wait_for_port {port_number}; servers_alive"
    )


def script(readme: str) -> str:
    parts = [PRELUDE]
    servers = 0
    for index, block in enumerate(shell_blocks(readme), start=1):
        if block.strip().startswith("cargo test"):
            continue
        # curl's bodies end without a newline: start the marker on a line of its own.
        parts.append(f'printf "\\n==> README block {index}\\n"')
        for line in block.splitlines():
            if SERVE.search(line):
                servers += 1
                parts.append(background(line, servers))
            else:
                parts.append(line)
        parts.append("servers_alive")
    parts.append(f'echo "README walkthrough: {servers} server(s), every block ran"')
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as readme:
        sys.stdout.write(script(readme.read()))
