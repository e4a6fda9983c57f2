//! The server's games, one per page (tab): each kept under a random id that its page
//! carries in its address (`&game=...`), so a reload finds it again and a second tab
//! never touches the first's. A game untouched for `IDLE` is dropped; past
//! `MAX_GAMES`, making a new one drops the game untouched longest. A dropped game's
//! page is told so (410, or a `gone` event) and offers a new game.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::cpu::Cpu;
use super::session::Session;

/// Most games kept at once. Each has its own engine with an 8 MB hash table
/// (`session::GAME_HASH_MB`): at most about 260 MB.
pub const MAX_GAMES: usize = 32;
/// A game untouched this long may be dropped.
pub const IDLE: Duration = Duration::from_secs(24 * 60 * 60);

pub type Game = Arc<Mutex<Session>>;

struct Slot {
    game: Game,
    touched: Instant,
}

pub struct Games {
    slots: Mutex<HashMap<String, Slot>>,
    /// The cores every game's searches share.
    cpu: Arc<Cpu>,
}

pub fn lock(game: &Game) -> std::sync::MutexGuard<'_, Session> {
    game.lock().unwrap_or_else(|e| e.into_inner())
}

impl Games {
    /// No games yet; their searches share `cpu`.
    pub fn new(cpu: Arc<Cpu>) -> Games {
        Games {
            slots: Mutex::default(),
            cpu,
        }
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, HashMap<String, Slot>> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new game under a new id. Idle games are dropped first, then (at the cap) the
    /// one untouched longest.
    pub fn create(&self) -> Result<Game, String> {
        let id = super::access::random_hex(8)?;
        let game = Arc::new(Mutex::new(Session::new(id.clone(), Arc::clone(&self.cpu))?));
        lock(&game).me = Arc::downgrade(&game);
        let dropped = {
            let mut slots = self.slots();
            let now = Instant::now();
            let idle: Vec<String> = slots
                .iter()
                .filter(|(_, s)| now.duration_since(s.touched) >= IDLE)
                .map(|(id, _)| id.clone())
                .collect();
            let mut dropped: Vec<Game> = idle
                .iter()
                .filter_map(|id| slots.remove(id))
                .map(|s| s.game)
                .collect();
            if slots.len() >= MAX_GAMES {
                let oldest = slots
                    .iter()
                    .min_by_key(|(_, s)| s.touched)
                    .map(|(id, _)| id.clone());
                dropped.extend(oldest.and_then(|id| slots.remove(&id)).map(|s| s.game));
            }
            slots.insert(
                id,
                Slot {
                    game: Arc::clone(&game),
                    touched: now,
                },
            );
            dropped
        };
        // Closed outside the map's lock: a game's lock is never taken under it.
        for g in dropped {
            lock(&g).close();
        }
        Ok(game)
    }

    /// The game `id`, touched now; `None` if there is none (never made, or dropped).
    pub fn get(&self, id: &str) -> Option<Game> {
        let mut slots = self.slots();
        let slot = slots.get_mut(id)?;
        slot.touched = Instant::now();
        Some(Arc::clone(&slot.game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_cap_the_game_untouched_longest_is_dropped_and_told() {
        let games = Games::new(Cpu::new(2));
        let first = games.create().expect("game");
        let first_id = lock(&first).id.clone();
        let second = games.create().expect("game");
        let second_id = lock(&second).id.clone();
        // The first is touched again: the second is now the one untouched longest.
        std::thread::sleep(Duration::from_millis(2));
        assert!(games.get(&first_id).is_some());
        for _ in 2..=MAX_GAMES {
            games.create().expect("game");
        }
        assert_eq!(games.slots().len(), MAX_GAMES);
        assert!(games.get(&second_id).is_none());
        assert!(lock(&second).closed);
        assert!(games.get(&first_id).is_some());
        assert!(!lock(&first).closed);
    }
}
