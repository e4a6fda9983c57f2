//! The page's live view of its game: server-sent events (axum's `Sse`), one `state`
//! event (the whole state, as `GET /api/state` answers) after every change: a move, a
//! search report, a setting, a flag fall. Search reports come many times a second, so
//! events are at least `GAP` apart. While a clock runs, the stream also wakes when it
//! would run out, so a flag falls with nobody asking. A dropped game's stream sends
//! one `gone` event and ends. The streams open on a game tell the server whether a page
//! still shows it (`Watching`).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::watch;

use super::games::{lock, Game};
use super::session::PAGE_GRACE;

/// The shortest time between two events.
const GAP: Duration = Duration::from_millis(100);

struct Follow {
    game: Game,
    /// Tells the game when this stream ends (its page closed or went elsewhere).
    _watching: Watching,
    changed: watch::Receiver<u64>,
    /// When to look again with no change (a running clock's flag).
    wake: Option<Duration>,
    first: bool,
}

/// What one look at the game found.
enum Look {
    State(String, Option<Duration>),
    Gone,
}

fn look(game: &Game) -> Look {
    let mut s = lock(game);
    s.settle();
    if s.closed {
        return Look::Gone;
    }
    match serde_json::to_string(&s.state()) {
        Ok(json) => Look::State(json, s.flag_in()),
        Err(e) => Look::State(format!("{{\"error\":\"{e}\"}}"), None),
    }
}

/// A page's stream open on a game: counted by the game while it lasts. When the last
/// one ends, the game waits `PAGE_GRACE` for a page to come back (a reload) and then
/// stops its analysis (`Session::page_gone`): a closed tab's search takes no core.
struct Watching(Game);

impl Drop for Watching {
    fn drop(&mut self) {
        let game = Arc::clone(&self.0);
        // On a thread of its own: the stream is dropped on the server's runtime, and
        // the game's lock may be held by a request for a while.
        std::thread::spawn(move || {
            let Some(generation) = lock(&game).unwatch() else {
                return;
            };
            std::thread::sleep(PAGE_GRACE);
            lock(&game).page_gone(generation);
        });
    }
}

pub fn stream(game: Game) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let changed = {
        let mut s = lock(&game);
        s.watch();
        s.subscribe()
    };
    let start = Some(Follow {
        _watching: Watching(Arc::clone(&game)),
        game,
        changed,
        wake: None,
        first: true,
    });
    let events = stream::unfold(start, |follow| async move {
        let mut f = follow?;
        if !f.first {
            match f.wake {
                Some(d) => {
                    let _ = tokio::time::timeout(d, f.changed.changed()).await;
                }
                None => f.changed.changed().await.ok()?,
            }
            tokio::time::sleep(GAP).await;
        }
        f.first = false;
        f.changed.borrow_and_update();
        let game = Arc::clone(&f.game);
        // The engine and the game's lock are synchronous.
        match tokio::task::spawn_blocking(move || look(&game))
            .await
            .ok()?
        {
            Look::State(json, wake) => {
                f.wake = wake;
                Some((Ok(Event::default().event("state").data(json)), Some(f)))
            }
            Look::Gone => Some((
                Ok(Event::default().event("gone").data(super::api::GONE)),
                None,
            )),
        }
    });
    Sse::new(events).keep_alive(KeepAlive::default())
}
