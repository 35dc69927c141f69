# Thin aliases for cargo; CI runs .ci/run and does not need just.
_default:
    @just --list

# Run the service (embedded SQLite, sandbox mode)
run:
    cargo run --release -p revrec-app -- serve

# The README's test command (SQLite; PostgreSQL too when REVREC_TEST_POSTGRES_URL is set)
test:
    cargo test --workspace

# Tests on both backends against the local PostgreSQL
test-pg:
    REVREC_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres cargo test --workspace

fmt:
    cargo fmt --all

lint:
    cargo clippy --workspace --all-targets -- -D warnings

# Rewrite docs/openapi.json from the code
openapi:
    UPDATE_OPENAPI=1 cargo test -p revrec-http --test openapi_document

# The schedules benchmark (100k contracts × 3 obligations × 36 months)
bench:
    cargo bench -p revrec-domain --bench schedules

# HTTP load figures (see scripts/load.sh)
load:
    scripts/load.sh

ci:
    .ci/run
