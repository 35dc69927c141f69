# Sourced by the scripts that measure revrec on clusters of their own: sets BIN to
# REVREC_BIN when it names a binary already built (CI runs replica_bench.sh so, with its
# debug build and a short run, whose figures then mean nothing), else to the release
# build, built here.
if [ -n "${REVREC_BIN:-}" ]; then
    BIN="$(realpath "$REVREC_BIN")"
else
    cargo build --release --quiet -p revrec-app
    BIN="$PWD/target/release/revrec"
fi
