# Sourced by the scripts that measure revrec on PostgreSQL clusters of their own
# (replica_bench.sh, shard_bench.sh): wrk (installed when missing), the clusters' helpers,
# the binary (`BIN`), the temporary folder (`work`) and the servers' helpers.
command -v wrk >/dev/null || apt-get install -y wrk >/dev/null
# shellcheck source=pg_clusters.sh
. scripts/lib/pg_clusters.sh
# shellcheck source=release_binary.sh
. scripts/lib/release_binary.sh
open_cluster_folder
# shellcheck source=bench_servers.sh
. scripts/lib/bench_servers.sh
