//! Who may use the board: only the page Baton served. Other web pages run in the same
//! browser and can send requests to a local port, so every request is checked for:
//! - a `Host` that is the address Baton serves (a DNS-rebinding page names its own
//!   host, which then resolves to this machine);
//! - an `Origin` (and `Sec-Fetch-Site`) of this server on every API call, so another
//!   site's page can neither change nor read a game;
//! - the per-server secret token on every API call. The token is printed in the
//!   board's address (`/?token=...`, as Jupyter does) and the page sends it back in the
//!   `X-Baton-Token` header; a page elsewhere cannot learn it.
//!
//! CORS preflights are refused, so a page elsewhere cannot send the token header even
//! if it guessed the token.

use std::net::{IpAddr, SocketAddr};

use super::http::{Request, Response};

/// The header the page sends its token in.
pub const TOKEN_HEADER: &str = "x-baton-token";

pub struct Access {
    token: String,
    addr: SocketAddr,
}

/// `n` random bytes, in hex (the token, a game's id).
pub fn random_hex(n: usize) -> Result<String, String> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(|e| format!("cannot draw random bytes: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A fresh secret of 128 random bits, in hex.
fn new_token() -> Result<String, String> {
    random_hex(16).map_err(|e| format!("cannot make the board's secret token: {e}"))
}

/// Compares in time that does not depend on where the texts first differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn forbidden(reason: impl Into<String>) -> Response {
    Response::error(403, reason)
}

impl Access {
    /// The rules for a server listening on `addr`, with a new token.
    pub fn new(addr: SocketAddr) -> Result<Access, String> {
        Ok(Access {
            token: new_token()?,
            addr,
        })
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Whether `host` (a `Host` header: `name:port`) names this server. Loopback names
    /// are always the server's when it listens on loopback; on another address only
    /// address literals are, never a DNS name (a rebinding page's name resolves here).
    fn is_our_host(&self, host: &str) -> bool {
        let port = self.addr.port();
        let Some((name, p)) = host.rsplit_once(':') else {
            return false;
        };
        if p.parse::<u16>().ok() != Some(port) {
            return false;
        }
        let name = name.trim_start_matches('[').trim_end_matches(']');
        let bound = self.addr.ip();
        if name.eq_ignore_ascii_case("localhost") {
            return bound.is_loopback() || bound.is_unspecified();
        }
        match name.parse::<IpAddr>() {
            Ok(ip) => ip == bound || bound.is_unspecified(),
            Err(_) => false,
        }
    }

    /// `Ok` where the request may be served; else the 403 answer saying why.
    pub fn check(&self, req: &Request) -> Result<(), Response> {
        let host = req.header("host").unwrap_or("");
        if !self.is_our_host(host) {
            return Err(forbidden(format!(
                "the Host '{}' is not this board's address",
                host.chars().take(100).collect::<String>()
            )));
        }
        if req.method == "OPTIONS" {
            return Err(forbidden("cross-origin requests are refused"));
        }
        let api = req.path.starts_with("/api/");
        if api || !matches!(req.method.as_str(), "GET" | "HEAD") {
            if let Some(origin) = req.header("origin") {
                let ours = origin
                    .strip_prefix("http://")
                    .is_some_and(|h| self.is_our_host(h));
                if !ours {
                    return Err(forbidden("requests from other sites are refused"));
                }
            }
            if let Some(site) = req.header("sec-fetch-site") {
                if !matches!(site, "same-origin" | "none") {
                    return Err(forbidden("requests from other sites are refused"));
                }
            }
        }
        let is_page = matches!(req.path.as_str(), "/" | "/index.html");
        if api || is_page {
            let given = req.header(TOKEN_HEADER).or_else(|| req.param("token"));
            if !given.is_some_and(|t| same_secret(t, &self.token)) {
                return Err(forbidden(if is_page {
                    "open the board at the address `baton gui` printed: it carries the ?token=..."
                } else {
                    "the board's token is missing or wrong"
                }));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(addr: &str) -> Access {
        Access {
            token: "0123".into(),
            addr: addr.parse().expect("address"),
        }
    }

    #[test]
    fn only_this_servers_address_is_its_host() {
        let a = access("127.0.0.1:8080");
        assert!(a.is_our_host("127.0.0.1:8080"));
        assert!(a.is_our_host("localhost:8080"));
        assert!(!a.is_our_host("127.0.0.1:8081"));
        assert!(!a.is_our_host("rebind.example:8080"));
        assert!(!a.is_our_host("127.0.0.1"));
        assert!(!a.is_our_host("10.0.0.2:8080"));
        let any = access("0.0.0.0:8080");
        assert!(any.is_our_host("10.0.0.2:8080"));
        assert!(any.is_our_host("[::1]:8080"));
        assert!(!any.is_our_host("rebind.example:8080"));
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abcd", "abcd"));
        assert!(!same_secret("abcd", "abce"));
        assert!(!same_secret("abcd", "abc"));
        assert!(!same_secret("", "a"));
    }
}
