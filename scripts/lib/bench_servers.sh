# Sourced, after release_binary.sh and with `work` set, by the scripts that run servers of
# their own beside their clusters (replica_bench.sh, shard_bench.sh).
servers=()

# start_server PORT [NAME=VALUE ...]: `revrec serve` on PORT with those settings and no job
# worker, its log in $work; returns once it answers /readyz (printing the log if it never
# does).
start_server() {
    local port="$1"
    shift
    env "$@" REVREC_LISTEN="127.0.0.1:$port" REVREC_JOB_WORKER=off \
        "$BIN" serve >"$work/server-$port.log" 2>&1 &
    servers+=($!)
    for _ in $(seq 1 60); do
        curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    cat "$work/server-$port.log" >&2
    return 1
}

# stop_servers: every server started so far, stopped and waited for.
stop_servers() {
    for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    servers=()
}
