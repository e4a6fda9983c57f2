//! The page's live view of its game: server-sent events (axum's `Sse`), one `state`
//! event (the whole state, as `GET /api/state` answers) after every change: a move, a
//! search report, a setting, a flag fall. Search reports come many times a second, so
//! events are at least `GAP` apart. While a clock runs, the stream also wakes when it
//! would run out, so a flag falls with nobody asking. A dropped game's stream sends
//! one `gone` event and ends.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::watch;

use super::games::{lock, Game};

/// The shortest time between two events.
const GAP: Duration = Duration::from_millis(100);

struct Follow {
    game: Game,
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

pub fn stream(game: Game) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let changed = lock(&game).subscribe();
    let start = Some(Follow {
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
