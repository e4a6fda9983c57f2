//! Just enough HTTP/1.1 for the browser board: one request per connection, a request
//! line, headers and a body of `Content-Length` bytes, each with a size limit so that
//! hostile input gets a 4xx answer, never a panic or an unbounded read.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// Longest request line or header line.
const MAX_LINE: usize = 8 * 1024;
/// Most header lines.
const MAX_HEADERS: usize = 100;
/// Largest body (a PGN of many games fits).
pub const MAX_BODY: usize = 4 * 1024 * 1024;

pub struct Request {
    pub method: String,
    /// The path without the query.
    pub path: String,
    /// The query's `key=value` pairs, percent-decoded.
    pub query: Vec<(String, String)>,
    /// The header lines, names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of header `name` (lower case), if sent.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// An answer: status, content type and body.
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
        }
    }

    pub fn json(status: u16, value: &serde_json::Value) -> Response {
        Response::new(status, "application/json", value.to_string())
    }

    /// A refusal with its reason, as `{"error": "..."}`.
    pub fn error(status: u16, reason: impl Into<String>) -> Response {
        Response::json(status, &serde_json::json!({ "error": reason.into() }))
    }
}

fn reason_phrase(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        413 => "Payload Too Large",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// Reads one line (up to `MAX_LINE` bytes), without its line end.
fn read_line(reader: &mut impl BufRead) -> Result<String, Response> {
    let mut buf = Vec::new();
    let n = reader
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut buf)
        .map_err(|_| Response::error(400, "the request could not be read"))?;
    if n > MAX_LINE {
        return Err(Response::error(431, "a request line or header is too long"));
    }
    while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        buf.pop();
    }
    String::from_utf8(buf).map_err(|_| Response::error(400, "the request is not UTF-8"))
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match text
                .get(i + 1..i + 3)
                .filter(|h| h.bytes().all(|c| c.is_ascii_hexdigit()))
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                Some(b) => {
                    out.push(b);
                    i += 2;
                }
                None => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// How long a whole request may take to arrive (a timeout per read would let a client
/// that sends a byte now and then hold its connection forever).
const REQUEST_TIME: Duration = Duration::from_secs(10);

/// The stream read until a deadline, each read waiting only for what is left of it.
struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        let mut stream = self.stream;
        stream.read(buf)
    }
}

/// Reads one request from the stream, within `REQUEST_TIME`.
pub fn read_request(stream: &TcpStream) -> Result<Request, Response> {
    read_request_within(stream, REQUEST_TIME)
}

/// Reads one request from the stream, within `time`.
pub fn read_request_within(stream: &TcpStream, time: Duration) -> Result<Request, Response> {
    let mut reader = BufReader::new(Deadline {
        stream,
        until: Instant::now() + time,
    });
    let line = read_line(&mut reader)?;
    let mut parts = line.split_whitespace();
    let (Some(method), Some(target), Some(_version)) = (parts.next(), parts.next(), parts.next())
    else {
        return Err(Response::error(400, "malformed request line"));
    };
    let mut length = 0usize;
    let mut headers = Vec::new();
    loop {
        let header = read_line(&mut reader)?;
        if header.is_empty() {
            break;
        }
        if headers.len() >= MAX_HEADERS {
            return Err(Response::error(431, "too many headers"));
        }
        if let Some((name, value)) = header.split_once(':') {
            let name = name.trim().to_ascii_lowercase();
            if name == "content-length" {
                length = value
                    .trim()
                    .parse()
                    .map_err(|_| Response::error(400, "bad Content-Length"))?;
            }
            headers.push((name, value.trim().to_string()));
        }
    }
    if length > MAX_BODY {
        return Err(Response::error(
            413,
            format!("the body is larger than {MAX_BODY} bytes"),
        ));
    }
    let mut body = vec![0; length];
    reader
        .read_exact(&mut body)
        .map_err(|_| Response::error(400, "the body is shorter than its Content-Length"))?;
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let query = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect();
    Ok(Request {
        method: method.to_string(),
        path: percent_decode(path),
        query,
        headers,
        body,
    })
}

/// Writes the response and closes the exchange.
pub fn write_response(mut stream: &TcpStream, r: &Response) {
    // A client that does not read its answer does not hold the thread for long.
    if stream.write_timeout().ok().flatten().is_none() {
        let _ = stream.set_write_timeout(Some(REQUEST_TIME));
    }
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        r.status,
        reason_phrase(r.status),
        r.content_type,
        r.body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&r.body);
    let _ = stream.flush();
}

#[cfg(test)]
mod tests {
    use super::percent_decode;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("a%20b+c"), "a b c");
        assert_eq!(percent_decode("%zz%"), "%zz%");
        assert_eq!(percent_decode("e2e4%2Cd5d6"), "e2e4,d5d6");
    }
}
