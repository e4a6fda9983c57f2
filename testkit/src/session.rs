//! Output captured in memory, for sessions run in-process (`baton_protocol::run`).

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A writer whose clones share one growing buffer.
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

impl Buffer {
    /// What was written so far, line by line (it must be UTF-8).
    pub fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().expect("buffer").clone();
        String::from_utf8(bytes)
            .expect("output is UTF-8")
            .lines()
            .map(str::to_string)
            .collect()
    }
}

/// The lines that start with `prefix`.
pub fn lines_with<'a>(lines: &'a [String], prefix: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter(|l| l.starts_with(prefix))
        .map(String::as_str)
        .collect()
}

/// Asserts that `text` (a command's output) contains `part`, showing the whole text
/// when it does not.
#[track_caller]
pub fn shows(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} not in:\n{text}");
}
