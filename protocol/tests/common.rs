//! Runs a scripted session through `baton_protocol::run` and returns the output.

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
pub struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("buffer").extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub fn session_bytes(input: &[u8]) -> Vec<String> {
    let buf = Buffer::default();
    baton_protocol::run(input, buf.clone());
    let bytes = buf.0.lock().expect("buffer").clone();
    String::from_utf8(bytes)
        .expect("output is UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

pub fn session(input: &str) -> Vec<String> {
    session_bytes(input.as_bytes())
}

/// The lines that start with `prefix`.
pub fn with<'a>(lines: &'a [String], prefix: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter(|l| l.starts_with(prefix))
        .map(String::as_str)
        .collect()
}
