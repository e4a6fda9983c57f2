//! Output shared by the input loop and the search thread: whole lines, flushed one by
//! one, never interleaved.

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    pub fn new(writer: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one line (or several, if `text` holds newlines) and flushes. A broken pipe
    /// is ignored: the host is gone and the next read ends the loop.
    pub fn line(&self, text: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = w.write_all(text.as_bytes());
        if !text.ends_with('\n') {
            let _ = w.write_all(b"\n");
        }
        let _ = w.flush();
    }
}

/// Makes untrusted input safe to echo in one line: control characters become `?` and
/// long text is cut.
pub fn sanitize(text: &str) -> String {
    // Room for a whole FEN error with the field it quotes; a 1 MB line still ends here.
    const MAX: usize = 200;
    let mut s: String = text
        .chars()
        .take(MAX)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > MAX {
        s.push_str("...");
    }
    s
}

/// Reads one line as bytes and converts it lossily (binary garbage must not stop the
/// loop). `None` at the end of input or on a read error.
pub fn read_line(reader: &mut impl std::io::BufRead) -> Option<String> {
    let mut buf = Vec::new();
    match reader.read_until(b'\n', &mut buf) {
        Ok(0) | Err(_) => None,
        Ok(_) => {
            let text = String::from_utf8_lossy(&buf);
            Some(text.trim_end_matches(['\n', '\r']).to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanitize_replaces_controls_and_cuts() {
        assert_eq!(sanitize("a\u{0}b\u{1b}"), "a?b?");
        let long = "x".repeat(1000);
        assert_eq!(sanitize(&long).len(), 203);
    }

    #[test]
    fn read_line_is_lossy() {
        let mut r: &[u8] = b"go\xff\xfe depth\r\nnext";
        assert_eq!(
            read_line(&mut r).as_deref(),
            Some("go\u{fffd}\u{fffd} depth")
        );
        assert_eq!(read_line(&mut r).as_deref(), Some("next"));
        assert_eq!(read_line(&mut r), None);
    }
}
