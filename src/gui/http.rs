//! The board's HTTP, served by `axum` (hyper on tokio: parsing, keep-alive, and open
//! connections that cost a task, not a thread): this module turns its requests into
//! the small `Request` the routes read, with a body of at most `MAX_BODY` bytes, and
//! `Response`s back into answers. Refusals are short JSON: `{"error": "reason"}`.

use serde::Serialize;

/// Largest body (a PGN of many games fits).
pub const MAX_BODY: usize = 4 * 1024 * 1024;
/// Longest reason in an error answer: a reason quoting bad input (a junk PGN) is cut.
const MAX_REASON: usize = 200;

pub struct Request {
    pub method: String,
    /// The path without the query, percent-decoded.
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

#[derive(Serialize)]
struct ErrorReply<'a> {
    error: &'a str,
}

impl Response {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            content_type,
            body: body.into(),
        }
    }

    pub fn json(status: u16, value: &impl Serialize) -> Response {
        match serde_json::to_vec(value) {
            Ok(body) => Response::new(status, "application/json", body),
            Err(e) => Response::error(500, format!("the answer could not be written: {e}")),
        }
    }

    /// A refusal with its reason (cut to `MAX_REASON` characters), as `{"error": "..."}`.
    pub fn error(status: u16, reason: impl Into<String>) -> Response {
        let mut reason = reason.into();
        if let Some((cut, _)) = reason.char_indices().nth(MAX_REASON) {
            reason.truncate(cut);
            reason.push_str("...");
        }
        Response::json(status, &ErrorReply { error: &reason })
    }
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

/// The request as the routes read it, its body read (up to `MAX_BODY` bytes).
pub async fn read(rq: axum::extract::Request) -> Result<Request, Response> {
    let (parts, body) = rq.into_parts();
    // A body announced too large is refused before any of it is waited for.
    let announced = parts
        .headers
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        return Err(Response::error(
            413,
            format!("the body is larger than {MAX_BODY} bytes"),
        ));
    }
    let body = axum::body::to_bytes(body, MAX_BODY).await.map_err(|_| {
        Response::error(
            413,
            format!("the body is larger than {MAX_BODY} bytes, or was cut off"),
        )
    })?;
    let query = parts
        .uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect();
    let headers = parts
        .headers
        .iter()
        .map(|(name, value)| {
            (
                name.as_str().to_string(),
                String::from_utf8_lossy(value.as_bytes()).into_owned(),
            )
        })
        .collect();
    Ok(Request {
        method: parts.method.as_str().to_string(),
        path: percent_decode(parts.uri.path()),
        query,
        headers,
        body: body.to_vec(),
    })
}

/// The answer as axum sends it.
pub fn answer(r: Response) -> axum::response::Response {
    use axum::http::{header, HeaderValue, StatusCode};
    let mut answer = axum::response::Response::new(axum::body::Body::from(r.body));
    *answer.status_mut() =
        StatusCode::from_u16(r.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = answer.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(r.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    answer
}

#[cfg(test)]
mod tests {
    use super::{percent_decode, Response};

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("a%20b+c"), "a b c");
        assert_eq!(percent_decode("%zz%"), "%zz%");
        assert_eq!(percent_decode("e2e4%2Cd5d6"), "e2e4,d5d6");
    }

    #[test]
    fn long_reasons_are_cut() {
        let r = Response::error(400, "é".repeat(10_000));
        assert!(r.body.len() < 500, "{}", r.body.len());
    }
}
