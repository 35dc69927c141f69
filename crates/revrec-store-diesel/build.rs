//! Rebuild when a migration changes: `embed_migrations!` reads the folders at compile time.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
