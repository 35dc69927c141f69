# Sourced by the scripts that run PostgreSQL clusters of their own in a temporary folder
# (replica_bench.sh, shard_bench.sh). Needs PostgreSQL's server binaries (Debian
# `postgresql`) and the `postgres` system user to run them as; the machine's own
# PostgreSQL is not touched. `open_cluster_folder` makes the folder (`work`).
PG_BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
as_postgres() { runuser -u postgres -- "$@"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# The temporary folder the clusters, their sockets and logs live in; the `postgres` user
# must be able to enter it.
open_cluster_folder() {
    work="$(mktemp -d)"
    chmod 755 "$work"
}
psql_on() { psql -h 127.0.0.1 -p "$1" -U postgres -d "${2:-postgres}" -Atqc "$3"; }

# start_cluster NAME PORT: starts the cluster in $work/NAME on PORT, made first with
# initdb unless the folder holds one already (a standby copied by pg_basebackup).
start_cluster() {
    local name="$1" port="$2"
    install -d -o postgres -g postgres "$work/sockets" "$work/logs"
    if [ ! -f "$work/$name/PG_VERSION" ]; then
        install -d -o postgres -g postgres -m 700 "$work/$name"
        as_postgres "$PG_BIN/initdb" --auth=trust --username=postgres -D "$work/$name" >/dev/null
    fi
    as_postgres "$PG_BIN/pg_ctl" -D "$work/$name" -l "$work/logs/$name.log" -w \
        -o "-p $port -k $work/sockets -c listen_addresses=127.0.0.1" start >/dev/null
}

# stop_cluster NAME: stops it at once (its data is thrown away with the folder).
stop_cluster() {
    as_postgres "$PG_BIN/pg_ctl" -D "$work/$1" -m immediate stop >/dev/null 2>&1 || true
}
