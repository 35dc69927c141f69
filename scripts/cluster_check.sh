#!/usr/bin/env bash
# Several instances on one database, checked across processes (the harness of
# crates/revrec-app/tests/cluster.rs, with N of your choice):
#
#   * a write on one instance is seen by the very next read on another (the contract, its
#     waterfall, the portfolio waterfall, Note 6);
#   * modifications of one contract racing on two instances: one success and one 409, or two
#     successes in sequence; never a lost update;
#   * `revrec verify` finds the books whole afterwards.
#
#   scripts/cluster_check.sh [instances] [postgres admin URL]
#
# Exit status 0 is the verdict "pass". Each run creates (and drops) its own database on the
# server; SQLite (one shared file) is checked too.
set -euo pipefail
cd "$(dirname "$0")/.."
export REVREC_CLUSTER_SIZE="${1:-4}"
export REVREC_TEST_POSTGRES_URL="${2:-${REVREC_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
cargo test --release --quiet -p revrec-app --test cluster -- --nocapture
echo "cluster check: PASS ($REVREC_CLUSTER_SIZE instances)"
