//! UCI and XBoard front ends over one engine facade. The first command (`uci` or
//! `xboard`) chooses the protocol.

pub mod engine;
pub mod go;
pub mod lag;
pub mod levels;
pub mod options;
pub mod out;
pub mod uci;
pub mod version;
pub mod xboard;
pub mod xboard_board;
pub mod xboard_clock;
pub mod xboard_names;

use std::io::{BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};

use out::{read_line, sanitize, Out};
use uci::{Flow, Uci};
use xboard::XBoard;

/// Runs the protocol loop on standard input and output.
pub fn run_stdio() {
    let stdin = std::io::stdin();
    run(stdin.lock(), std::io::stdout());
}

enum Front {
    Uci(Uci),
    XBoard(XBoard),
}

impl Front {
    fn command(&mut self, line: &str) -> Flow {
        match self {
            Front::Uci(u) => u.command(line),
            Front::XBoard(x) => x.command(line),
        }
    }
    fn finish(&mut self) {
        match self {
            Front::Uci(u) => u.finish(),
            Front::XBoard(x) => x.finish(),
        }
    }
}

/// Runs the loop over any input and output until `quit` or the end of input.
pub fn run(mut reader: impl BufRead, writer: impl Write + Send + 'static) {
    let out = Out::new(writer);
    let mut front: Option<Front> = None;
    while let Some(line) = read_line(&mut reader) {
        let cmd = line.split_whitespace().next().unwrap_or("");
        let active = match front.as_mut() {
            Some(f) => f,
            None => match cmd {
                "" => continue,
                "quit" => return,
                "uci" => front.insert(Front::Uci(Uci::new(out.clone()))),
                "xboard" => front.insert(Front::XBoard(XBoard::new(out.clone()))),
                other => {
                    out.line(&format!(
                        "error: expected 'uci' or 'xboard' first, not '{}'",
                        sanitize(other)
                    ));
                    continue;
                }
            },
        };
        // A bug must not take the engine down with the host's game.
        match catch_unwind(AssertUnwindSafe(|| active.command(&line))) {
            Ok(Flow::Quit) => return,
            Ok(Flow::Continue) => {}
            Err(_) => out.line(&format!(
                "info string error: internal error on '{}'",
                sanitize(&line)
            )),
        }
    }
    if let Some(f) = front.as_mut() {
        f.finish();
    }
}
