//! Runs a scripted session through `baton_protocol::run` and returns the output
//! (the buffer and line filter come from the shared test kit).

pub use baton_testkit::lines_with as with;
use baton_testkit::Buffer;

pub fn session_bytes(input: &[u8]) -> Vec<String> {
    let buf = Buffer::default();
    baton_protocol::run(input, buf.clone());
    buf.lines()
}

pub fn session(input: &str) -> Vec<String> {
    session_bytes(input.as_bytes())
}
