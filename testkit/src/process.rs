//! Drives an engine binary over pipes, as a GUI does.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine process: lines are sent to its stdin and read from its stdout
/// by a thread, so that reading can time out.
pub struct Baton {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl Baton {
    /// Starts `program` (for the `baton` binary: `env!("CARGO_BIN_EXE_baton")`).
    pub fn start(program: &str) -> Baton {
        Baton::start_command(Command::new(program))
    }

    /// Starts `command` (a program with arguments, or under another, such as `prlimit`).
    pub fn start_command(mut command: Command) -> Baton {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {command:?}: {e}"));
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Baton {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write");
        stdin.flush().expect("flush");
    }

    /// Sends one line.
    pub fn send(&mut self, text: &str) {
        self.send_bytes(format!("{text}\n").as_bytes());
    }

    /// Sends each line in turn.
    pub fn send_all(&mut self, lines: &[&str]) {
        for line in lines {
            self.send(line);
        }
    }

    /// Sends `lines`, then reads until a line starts with `prefix` (see `until`).
    pub fn script(&mut self, lines: &[&str], prefix: &str) -> (String, Vec<String>) {
        self.send_all(lines);
        self.until(prefix)
    }

    /// Sends `line`, then reads until a line starts with `prefix` (see `until`).
    pub fn ask(&mut self, line: &str, prefix: &str) -> (String, Vec<String>) {
        self.send(line);
        self.until(prefix)
    }

    /// Reads lines until one starts with `prefix` (30 s at most); returns it and the
    /// lines before.
    pub fn until(&mut self, prefix: &str) -> (String, Vec<String>) {
        self.until_within(prefix, Duration::from_secs(30))
    }

    /// Reads lines until one starts with `prefix`, for `limit` at most; returns it and
    /// the lines before.
    pub fn until_within(&mut self, prefix: &str, limit: Duration) -> (String, Vec<String>) {
        let deadline = Instant::now() + limit;
        let mut before = Vec::new();
        loop {
            let line = next_before(&self.lines, deadline)
                .unwrap_or_else(|| panic!("no '{prefix}' line; got {before:?}"));
            self.seen.push(line.clone());
            if line.starts_with(prefix) {
                return (line, before);
            }
            before.push(line);
        }
    }

    /// Closes stdin and waits (10 s at most) for the process to end; true if it
    /// exited cleanly.
    pub fn close(mut self) -> bool {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// `baton gui` serving on a free port, ended when dropped. What it prints is read on
/// a thread, so that the server never writes to a closed pipe.
pub struct GuiServer {
    child: Child,
    /// `host:port`.
    pub addr: String,
    /// The secret the board's API wants (printed in its address as `?token=`).
    pub token: String,
}

impl GuiServer {
    pub fn start(program: &str) -> GuiServer {
        GuiServer::start_with(program, &[])
    }

    /// As `start`, with more of `baton gui`'s options (`--searches 1`).
    pub fn start_with(program: &str, options: &[&str]) -> GuiServer {
        let mut child = Command::new(program)
            .args(["gui", "--no-open", "--port", "0"])
            .args(options)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {program} gui: {e}"));
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        out.read_line(&mut line)
            .expect("the server prints its address");
        std::thread::spawn(move || for _ in out.lines() {});
        let url = line
            .split("http://")
            .nth(1)
            .map(str::trim)
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let (addr, token) = url
            .split_once("/?token=")
            .unwrap_or_else(|| panic!("no token in {line:?}"));
        GuiServer {
            child,
            addr: addr.to_string(),
            token: token.to_string(),
        }
    }

    /// The page's address, with its token (more query parameters follow with `&`).
    pub fn url(&self) -> String {
        format!("http://{}/?token={}", self.addr, self.token)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for GuiServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `program` with piped standard input and output (standard error dropped), as an
/// engine is driven by the benches; `None` if it cannot start.
pub fn piped(program: &str) -> Option<(Child, ChildStdin)> {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let stdin = child.stdin.take()?;
    Some((child, stdin))
}

/// The next message of `rx`, if one comes before `deadline`.
pub fn next_before<T>(rx: &Receiver<T>, deadline: Instant) -> Option<T> {
    rx.recv_timeout(deadline.saturating_duration_since(Instant::now()))
        .ok()
}

/// What a finished program wrote, standard output then standard error, as one text (for
/// asserting on a message wherever the program put it).
pub fn output_text(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr)
}

/// Runs `command` to its end (it must start): whether it succeeded, and what it wrote
/// (`output_text`).
pub fn run_to_end(command: &mut Command) -> (bool, String) {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("run {command:?}: {e}"));
    (out.status.success(), output_text(&out))
}
