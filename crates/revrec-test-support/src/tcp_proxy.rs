//! A TCP proxy that a test can cut and restore: the database "goes away" for the processes
//! behind it (open connections reset, new ones refused) while the shared PostgreSQL server
//! keeps running for every other test.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

pub struct TcpProxy {
    pub address: SocketAddr,
    state: Arc<ProxyState>,
}

struct ProxyState {
    target: SocketAddr,
    cut: AtomicBool,
    stopped: AtomicBool,
    /// Both ends of every open connection, to reset them when the proxy is cut.
    open: Mutex<Vec<(TcpStream, TcpStream)>>,
}

impl TcpProxy {
    /// A proxy on a free local port forwarding to `target`.
    pub fn start(target: SocketAddr) -> TcpProxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("proxy port");
        let address = listener.local_addr().expect("proxy address");
        listener
            .set_nonblocking(true)
            .expect("non-blocking listener");
        let state = Arc::new(ProxyState {
            target,
            cut: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            open: Mutex::new(Vec::new()),
        });
        let accepting = Arc::clone(&state);
        thread::spawn(move || accept_loop(&listener, &accepting));
        TcpProxy { address, state }
    }

    /// `url` (a `postgres://…@host:port/db` URL) with its host and port replaced by a new
    /// proxy's, and the proxy.
    pub fn for_postgres_url(url: &str) -> (TcpProxy, String) {
        let (scheme, rest) = url.split_once("://").expect("a URL with a scheme");
        let (credentials, rest) = rest.rsplit_once('@').map_or(("", rest), |(c, r)| (c, r));
        let (host_port, path) = rest.split_once('/').unwrap_or((rest, ""));
        let target: SocketAddr = host_port
            .replace("localhost", "127.0.0.1")
            .parse()
            .expect("host:port as an IP address and port");
        let proxy = TcpProxy::start(target);
        let at = if credentials.is_empty() {
            String::new()
        } else {
            format!("{credentials}@")
        };
        let proxied = format!("{scheme}://{at}{}/{path}", proxy.address);
        (proxy, proxied)
    }

    /// The database is gone: every open connection is reset, and new ones are accepted
    /// and closed at once (as a server that is down behind a load balancer).
    pub fn cut(&self) {
        self.state.cut.store(true, Ordering::SeqCst);
        let open = std::mem::take(&mut *self.state.open.lock().expect("proxy lock"));
        for (client, server) in open {
            let _ = client.shutdown(Shutdown::Both);
            let _ = server.shutdown(Shutdown::Both);
        }
    }

    /// The database is back: new connections are forwarded again.
    pub fn restore(&self) {
        self.state.cut.store(false, Ordering::SeqCst);
    }
}

impl Drop for TcpProxy {
    fn drop(&mut self) {
        self.state.stopped.store(true, Ordering::SeqCst);
        self.cut();
    }
}

fn accept_loop(listener: &TcpListener, state: &Arc<ProxyState>) {
    while !state.stopped.load(Ordering::SeqCst) {
        match listener.accept() {
            Ok((client, _)) => {
                let _ = client.set_nonblocking(false);
                if state.cut.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect_timeout(&state.target, Duration::from_secs(2))
                else {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                if let (Ok(client_copy), Ok(server_copy)) = (client.try_clone(), server.try_clone())
                {
                    state
                        .open
                        .lock()
                        .expect("proxy lock")
                        .push((client_copy, server_copy));
                }
                pipe(&client, &server);
                pipe(&server, &client);
            }
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {
                thread::sleep(Duration::from_millis(5));
            }
            Err(_) => thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// Copies `from` to `to` on a thread until either side closes.
fn pipe(from: &TcpStream, to: &TcpStream) {
    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
        return;
    };
    thread::spawn(move || {
        let mut buffer = [0_u8; 16 * 1024];
        loop {
            match from.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(read) => {
                    if to.write_all(&buffer[..read]).is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to.shutdown(Shutdown::Both);
        let _ = from.shutdown(Shutdown::Both);
    });
}
