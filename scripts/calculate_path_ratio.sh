#!/usr/bin/env bash
# The calculate path (crates/revrec-http/benches/calculate_path.rs) of this tree against the
# commit that introduced the bench, both measured in this run, rounds alternating: a ratio
# that does not move with the machine's speed that day, unlike the milliseconds.
#
#   scripts/calculate_path_ratio.sh [BASE_COMMIT] [rounds]
#
# BASE_COMMIT defaults to efe5d0e, the bench's first commit (102.5 ms on its day). Its bench
# ran under the system allocator; the server has always run under mimalloc, so the base's
# bench is given the server's allocator too (two lines added in its worktree, as this tree's
# bench has them): the ratio then compares the code, not the allocators. Each round runs
# both bench binaries once; each prints the median of five passes over 10,000 contracts.
set -euo pipefail
cd "$(dirname "$0")/.."
BASE="${1:-efe5d0e}"
ROUNDS="${2:-3}"

# shellcheck source=lib/base_worktree.sh
. scripts/lib/base_worktree.sh
open_base_worktree "$BASE"

# The path of the bench binary a `cargo bench --no-run` built.
bench_binary() {
    sed -n 's/.*Executable benches\/calculate_path.rs (\(.*\))/\1/p' "$1" | tail -1
}
cargo bench -p revrec-http --bench calculate_path --no-run 2>"$work/head.log" ||
    { cat "$work/head.log" >&2; exit 1; }
head_bench="$(bench_binary "$work/head.log")"
if ! grep -q global_allocator "$base_tree/crates/revrec-http/benches/calculate_path.rs"; then
    # The allocator as this tree's workspace pins it (the base had it in revrec-app only).
    allocator="$(grep '^mimalloc = ' Cargo.toml)"
    sed -i "s/^\[dev-dependencies\]\$/[dev-dependencies]\n$allocator/" \
        "$base_tree/crates/revrec-http/Cargo.toml"
    sed -i 's/^const CONTRACTS: usize/#[global_allocator]\nstatic ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;\n\nconst CONTRACTS: usize/' \
        "$base_tree/crates/revrec-http/benches/calculate_path.rs"
fi
base_target="$PWD/target/calculate-path-base"
(cd "$base_tree" && CARGO_TARGET_DIR="$base_target" \
    cargo bench -p revrec-http --bench calculate_path --no-run 2>"$work/base.log") ||
    { cat "$work/base.log" >&2; exit 1; }
base_bench="$(bench_binary "$work/base.log")"

# The whole path's median, in ms, from one run of a bench binary (criterion's own
# measurements skipped: the filter matches none of them).
whole_ms() {
    "$1" --bench only-the-summary 2>/dev/null |
        sed -n 's/.*for 10000 contracts: \([0-9.]*\) ms whole.*/\1/p'
}
heads=()
bases=()
for round in $(seq 1 "$ROUNDS"); do
    base="$(whole_ms "$base_bench")"
    head="$(whole_ms "$head_bench")"
    echo "round $round: $BASE $base ms, this tree $head ms per 10,000 contracts"
    bases+=("$base")
    heads+=("$head")
done
python3 - "${bases[*]}" "${heads[*]}" "$BASE" <<'PY'
import statistics, sys
base = statistics.median(float(x) for x in sys.argv[1].split())
head = statistics.median(float(x) for x in sys.argv[2].split())
print(f"calculate path: {head:.1f} ms against {base:.1f} ms at {sys.argv[3]} (medians of the rounds), "
      f"{base / head:.2f} x faster (target >= 3 x)")
PY
