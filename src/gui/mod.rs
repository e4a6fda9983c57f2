//! `baton gui`: the browser board. An HTTP server inside the binary (`axum` on a
//! small tokio runtime) serves one page (compiled in: no network, no build step) and a JSON API over the same engine
//! facade as UCI and XBoard. The page holds no rules: legal moves, the end of the
//! game, FEN and PGN all come from the engine through `api`.

mod access;
mod api;
mod clock;
mod cpu;
mod events;
mod games;
mod http;
mod session;

use std::io::Write;
use std::net::TcpListener;
use std::sync::Arc;

use access::Access;
use games::Games;

pub const USAGE: &str = "usage: baton gui [--port N] [--bind ADDR] [--no-open] [--searches N]
  Serves the browser board on http://ADDR:N/?token=SECRET (default 127.0.0.1, port
  8080 or the next free one) and opens it in the default browser unless --no-open is
  given. Only a page opened at that address (with its secret token) can use the board.
  All tabs' games share the machine: at most N of Baton's searches run at once (default
  one a core); a game whose search waits says so on its page.";

struct Config {
    bind: String,
    /// `None`: 8080, or the next free port after it.
    port: Option<u16>,
    open: bool,
    /// Searches at once, all games together; `None`: one a core.
    searches: Option<usize>,
}

fn parse_args(args: &[String]) -> Result<Config, String> {
    let mut cfg = Config {
        bind: "127.0.0.1".into(),
        port: None,
        open: true,
        searches: None,
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
            "--searches" => {
                let v = it
                    .next()
                    .ok_or(format!("--searches needs a number\n{USAGE}"))?;
                cfg.searches = Some(v.parse().ok().filter(|&n| n >= 1).ok_or(format!(
                    "--searches '{v}' is not a number of searches (1 or more)"
                ))?);
            }
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
    let access = Access::new(addr)?;
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
    let app = Arc::new(App {
        access,
        games: Games::new(cfg.searches.map_or_else(cpu::Cpu::per_core, cpu::Cpu::new)),
    });
    listener
        .set_nonblocking(true)
        .map_err(|e| format!("cannot serve on {addr}: {e}"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the board's server: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)
            .map_err(|e| format!("cannot serve on {addr}: {e}"))?;
        let router = axum::Router::new().fallback(handle).with_state(app);
        axum::serve(listener, router)
            .await
            .map_err(|e| format!("the board's server stopped: {e}"))
    })
}

/// What every request shares: who may ask, and the games.
struct App {
    access: Access,
    games: Games,
}

/// Every request: read (with its body), checked, then answered on a blocking thread
/// (the engine and its lock are synchronous).
async fn handle(
    axum::extract::State(app): axum::extract::State<Arc<App>>,
    rq: axum::extract::Request,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let req = match http::read(rq).await {
        Ok(req) => req,
        Err(refused) => return http::answer(refused),
    };
    // The live stream of a game's state (server-sent events) stays open.
    if req.method == "GET" && req.path == "/api/events" {
        return match app
            .access
            .check(&req)
            .and_then(|()| api::game_of(&req, &app.games))
        {
            Ok(game) => events::stream(game).into_response(),
            Err(refused) => http::answer(refused),
        };
    }
    let response = tokio::task::spawn_blocking(move || match app.access.check(&req) {
        Ok(()) => api::route(&req, &app.games),
        Err(refused) => refused,
    })
    .await
    // A panic in a request (a bug) answers 500 and leaves the server running.
    .unwrap_or_else(|_| http::Response::error(500, "internal error"));
    http::answer(response)
}
