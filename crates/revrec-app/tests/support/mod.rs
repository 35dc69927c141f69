//! Running the real `revrec` binary from tests: commands, the start-up banner, servers.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// `revrec` in `directory`, with no configuration from the environment but a free port.
pub fn revrec(directory: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_revrec"));
    command
        .current_dir(directory)
        .env_remove("REVREC_DATABASE_URL")
        .env_remove("REVREC_PUBLIC_URL")
        .env_remove("REVREC_MODE")
        .env("REVREC_LISTEN", "127.0.0.1:0")
        .env("REVREC_LOG", "info");
    command
}

/// A new, migrated SQLite database (`revrec.db`) in `directory`: the commands other than
/// `serve` and `demo` refuse to make one.
pub fn fresh_database(directory: &Path) {
    let output = revrec(directory)
        .args(["migrate", "--create"])
        .output()
        .expect("revrec migrate runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Reads the child's stderr until the banner names the URL.
pub fn banner(child: &mut Child) -> (String, Vec<String>) {
    let stderr = child.stderr.take().expect("stderr is piped");
    let mut lines = Vec::new();
    let mut url = None;
    for line in BufReader::new(stderr).lines() {
        let line = line.expect("banner line");
        if let Some(rest) = line.strip_prefix("revrec is listening on ") {
            url = Some(rest.trim().to_owned());
        }
        let done = line.contains("sandbox token") || line.contains("production");
        lines.push(line);
        if done {
            break;
        }
    }
    (url.expect("the banner names the URL"), lines)
}

/// A `revrec serve` process on a database, quiet (warnings only, logs discarded).
pub struct Server {
    child: Child,
    pub url: String,
    _workdir: tempfile::TempDir,
}

impl Server {
    pub fn start(database_url: &str, env: &[(&str, &str)]) -> Server {
        Server::start_logging(database_url, env, None)
    }

    /// [`Server::start`], its JSON log lines (level `info`) written to `log` when given.
    pub fn start_logging(database_url: &str, env: &[(&str, &str)], log: Option<&Path>) -> Server {
        let workdir = tempfile::tempdir().expect("working directory");
        let mut command = revrec(workdir.path());
        let stdout = match log {
            Some(path) => Stdio::from(std::fs::File::create(path).expect("log file")),
            None => Stdio::null(),
        };
        command
            .arg("serve")
            .env("REVREC_DATABASE_URL", database_url)
            .env("REVREC_LOG", if log.is_some() { "info" } else { "warn" })
            // These tests poll and load hard with the sandbox token; the rate-limit tests
            // cover the limits.
            .env(
                "REVREC_RATE_LIMITS",
                "sandbox=10000000,growth=10000000,scale=10000000",
            )
            .stdout(stdout)
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("revrec starts");
        let (url, _) = banner(&mut child);
        Server {
            child,
            url,
            _workdir: workdir,
        }
    }

    /// SIGTERM, then waits for the process to end; whether it exited successfully.
    pub fn stop(mut self) -> bool {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .is_ok_and(|status| status.success());
        sent && self.child.wait().is_ok_and(|status| status.success())
    }

    /// SIGKILL: no shutdown of any kind.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `revrec demo --contracts <count>` into `database_url`'s sandbox tenant.
pub fn load_demo(database_url: &str, count: usize) {
    let workdir = tempfile::tempdir().expect("working directory");
    let output = revrec(workdir.path())
        .args([
            "demo",
            "--contracts",
            &count.to_string(),
            "--tenant",
            "sandbox",
        ])
        .env("REVREC_DATABASE_URL", database_url)
        .output()
        .expect("revrec demo runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `revrec verify --json` on `database_url` (with `extra` arguments): (exit code, document).
pub fn verify(database_url: &str, extra: &[&str]) -> (i32, serde_json::Value) {
    let workdir = tempfile::tempdir().expect("working directory");
    let output = revrec(workdir.path())
        .args(["verify", "--json", "--page-size", "7"])
        .args(extra)
        .env("REVREC_DATABASE_URL", database_url)
        .output()
        .expect("revrec verify runs");
    let document = serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "{error}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().expect("an exit code"), document)
}

/// `size` `revrec serve` processes on one database (each with its own job worker, rate
/// limiter and caches), started together so they also race to migrate it.
pub struct Cluster {
    pub servers: Vec<Server>,
}

impl Cluster {
    pub fn start(database_url: &str, size: usize, env: &[(&str, &str)]) -> Cluster {
        let servers = std::thread::scope(|scope| {
            let starting: Vec<_> = (0..size)
                .map(|_| scope.spawn(|| Server::start(database_url, env)))
                .collect();
            starting
                .into_iter()
                .map(|started| started.join().expect("a server starts"))
                .collect()
        });
        Cluster { servers }
    }

    /// The instance after `index`, round the ring: a different process when size > 1.
    pub fn next(&self, index: usize) -> &Server {
        &self.servers[(index + 1) % self.servers.len()]
    }

    /// How many instances: `REVREC_CLUSTER_SIZE` (what `scripts/cluster_check.sh` sets),
    /// else `default`.
    pub fn size_from_env(default: usize) -> usize {
        std::env::var("REVREC_CLUSTER_SIZE")
            .ok()
            .and_then(|size| size.parse().ok())
            .filter(|size| *size >= 2)
            .unwrap_or(default)
    }
}

/// Names each line of an amendment `change` by the id of the obligation it continues, as
/// docs/asc606.md §5 requires: the lines of `change` are in the order `contract` lists its
/// obligations (both built from the same body).
pub fn name_obligations(change: &mut serde_json::Value, contract: &serde_json::Value) {
    let ids: Vec<serde_json::Value> = contract["performance_obligations"]
        .as_array()
        .map(|obligations| obligations.iter().map(|o| o["id"].clone()).collect())
        .unwrap_or_default();
    if let Some(lines) = change["line_items"].as_array_mut() {
        for (line, id) in lines.iter_mut().zip(ids) {
            line["id"] = id;
        }
    }
}
