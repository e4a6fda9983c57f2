//! `baton gui`: the browser board. A small HTTP server inside the binary serves one
//! page (compiled in: no network, no build step) and a JSON API over the same engine
//! facade as UCI and XBoard. The page holds no rules: legal moves, the end of the
//! game, FEN and PGN all come from the engine through `api`.

mod access;
mod api;
mod http;
mod session;

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use access::Access;
use session::Session;

pub const USAGE: &str = "usage: baton gui [--port N] [--bind ADDR] [--no-open]
  Serves the browser board on http://ADDR:N/?token=SECRET (default 127.0.0.1, port
  8080 or the next free one) and opens it in the default browser unless --no-open is
  given. Only a page opened at that address (with its secret token) can use the board.";

struct Config {
    bind: String,
    /// `None`: 8080, or the next free port after it.
    port: Option<u16>,
    open: bool,
}

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut cfg = Config {
        bind: "127.0.0.1".into(),
        port: None,
        open: true,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--port" => {
                let v = it.next().ok_or(format!("--port needs a number\n{USAGE}"))?;
                cfg.port = Some(
                    v.parse()
                        .map_err(|_| format!("--port '{v}' is not a port number (0-65535)"))?,
                );
            }
            "--bind" => {
                cfg.bind = it
                    .next()
                    .ok_or(format!("--bind needs an address\n{USAGE}"))?
                    .clone();
            }
            "--no-open" => cfg.open = false,
            other => return Err(format!("unknown option '{other}'\n{USAGE}")),
        }
    }
    Ok(cfg)
}

fn listen(cfg: &Config) -> Result<TcpListener, String> {
    let try_port = |port: u16| TcpListener::bind((cfg.bind.as_str(), port));
    match cfg.port {
        Some(p) => try_port(p).map_err(|e| {
            format!(
                "cannot listen on {}:{p} ({e}); choose another with --port N (0 picks a free one)",
                cfg.bind
            )
        }),
        None => (8080..8100)
            .find_map(|p| try_port(p).ok())
            .or_else(|| try_port(0).ok())
            .ok_or_else(|| format!("cannot listen on {} (no free port)", cfg.bind)),
    }
}

/// Opens `url` in the user's browser, where the system has a way to.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if spawned.is_err() {
        let _ = writeln!(
            std::io::stdout(),
            "(could not start a browser; open the address above yourself)"
        );
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    let cfg = parse_args(args)?;
    let listener = listen(&cfg)?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the server's address: {e}"))?;
    let access = Arc::new(Access::new(addr)?);
    let url = format!("http://{addr}/?token={}", access.token());
    if !addr.ip().is_loopback() {
        eprintln!(
            "warning: --bind {} serves the board beyond this machine: anyone who can reach \
             port {} and learns the address below (with its token) can play, change the \
             engine's options and use its CPU. The token is still required; share it only \
             with people you trust, and prefer 127.0.0.1 with an SSH tunnel.",
            addr.ip(),
            addr.port()
        );
    }
    // Printing must not fail the server: whoever started it may have stopped reading.
    let mut out = std::io::stdout();
    let _ = writeln!(
        out,
        "Baton's board is at {url}\nPress Ctrl-C to stop the server."
    );
    let _ = out.flush();
    if cfg.open {
        open_browser(&url);
    }
    let session = Arc::new(Mutex::new(Session::new()));
    let serving = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let stream = match stream {
            Ok(stream) => stream,
            // Out of file descriptors (a flood of connections): wait for some to close
            // instead of spinning on the error.
            Err(_) => {
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        // A bounded number of requests at once, each with its own thread: connections
        // that send nothing (or a byte at a time) cannot take every thread. Past the
        // bound a request is read briefly and told the board is busy (closing it unread
        // would reset the connection before the client sees why); past that too, it
        // is closed.
        let busy = serving.fetch_add(1, Ordering::SeqCst) >= MAX_SERVING;
        if busy && serving.load(Ordering::SeqCst) > MAX_SERVING + MAX_TURNED_AWAY {
            serving.fetch_sub(1, Ordering::SeqCst);
            continue;
        }
        let session = Arc::clone(&session);
        let access = Arc::clone(&access);
        let done = Arc::clone(&serving);
        let spawned = std::thread::Builder::new()
            .name("gui-request".into())
            .spawn(move || {
                if busy {
                    turn_away(&stream);
                } else {
                    serve(&stream, &access, &session);
                }
                done.fetch_sub(1, Ordering::SeqCst);
            });
        if let Err(e) = spawned {
            serving.fetch_sub(1, Ordering::SeqCst);
            eprintln!("warning: could not answer a request: {e}");
        }
    }
    Ok(())
}

/// Requests served at once (a page makes a few at a time).
const MAX_SERVING: usize = 32;
/// Requests being told the board is busy, at once.
const MAX_TURNED_AWAY: usize = 64;
const BUSY: &str = "the board is busy with too many connections; try again in a moment";

/// Answers 503 to a request that came while the board was busy.
fn turn_away(stream: &TcpStream) {
    let response = match http::read_request_within(stream, Duration::from_millis(500)) {
        Ok(_) => http::Response::error(503, BUSY),
        Err(r) => r,
    };
    http::write_response(stream, &response);
}

fn serve(stream: &TcpStream, access: &Access, session: &Mutex<Session>) {
    let response = match http::read_request(stream) {
        Ok(req) => match access.check(&req) {
            // A panic in a request (a bug) answers 500 and leaves the server running.
            Ok(()) => {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| api::route(&req, session)))
                    .unwrap_or_else(|_| http::Response::error(500, "internal error"))
            }
            Err(refused) => refused,
        },
        Err(r) => r,
    };
    http::write_response(stream, &response);
}
