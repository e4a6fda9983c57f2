//! One CPU budget for all the server's games: at most one Baton search a core (or as
//! many as `--searches` says), whichever tab asked. Without it every tab playing Baton
//! would search at once and each would get a share of the cores too small for the
//! limits it was given. A search takes a `Permit` for as many cores as it has threads.
//!
//! Who gets a core, as a player would expect (a game's clock is never eaten by someone
//! else's analysis, as on lichess):
//! - a game's move (Baton's turn) comes before an analysis: when no core is free, a
//!   running analysis is paused (its game waits, showing its last lines) and resumes
//!   when a core is free again;
//! - games waiting for a core are served in the order they asked (first come, first
//!   served), moves before analyses;
//! - a waiting game's clock does not run (`session`): it waits for the machine, not
//!   for its opponent;
//! - analyses take turns: while another analysis waits, one that has run for `SLICE`
//!   is paused and goes to the back of the line, so that no analysis holds a core
//!   for ever.
//!
//! A waiting game is not left to its page: when a core is freed the budget itself asks
//! the waiting games, in order, to try again (`Client::retry`), on a thread of its own
//! and holding no lock, so a game whose tab was closed still gets its turn and never
//! blocks the queue.

use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

/// How long an analysis runs before it gives its core to another waiting analysis.
pub const SLICE: Duration = Duration::from_secs(10);

/// A game, as the budget sees it.
pub trait Client: Send + Sync {
    /// A core may be free: start the search that should run now, if any.
    fn retry(&self);
    /// A game's move needs the core this game's analysis holds: stop it and wait.
    fn pause(&self);
}

/// What a search is for; moves are served first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Baton's move in a game (its clock may be running).
    Move,
    /// An analysis, or a search the API asked for.
    Analysis,
}

type ClientRef = Weak<dyn Client>;

fn same(a: &ClientRef, b: &ClientRef) -> bool {
    std::ptr::addr_eq(a.as_ptr(), b.as_ptr())
}

/// The cores the games' searches share.
pub struct Cpu {
    /// How many cores' worth of searches may run at once.
    cores: usize,
    /// How long analyses take turns for (`SLICE`).
    slice: Duration,
    inner: Mutex<Inner>,
}

struct Waiter {
    client: ClientRef,
    kind: Kind,
}

struct Holder {
    id: u64,
    client: ClientRef,
    kind: Kind,
    /// Told to pause already (its core is on its way back).
    pausing: bool,
    /// When it took its core.
    since: Instant,
}

#[derive(Default)]
struct Inner {
    /// Cores held by running searches.
    used: usize,
    /// The games waiting for a core, in the order they asked.
    waiting: Vec<Waiter>,
    /// The running searches.
    holding: Vec<Holder>,
    next_id: u64,
    /// A timer is set to let a waiting analysis take its turn.
    turn_timer: bool,
}

/// Cores held by one search, given back when it is dropped (the search has ended: it is
/// moved into the search's last callback).
pub struct Permit {
    cpu: Arc<Cpu>,
    cores: usize,
    id: u64,
}

impl Cpu {
    /// A budget of `cores` searches at once (at least one).
    pub fn new(cores: usize) -> Arc<Cpu> {
        Cpu::with_slice(cores, SLICE)
    }

    /// As `new`, analyses taking turns every `slice`.
    pub fn with_slice(cores: usize, slice: Duration) -> Arc<Cpu> {
        Arc::new(Cpu {
            cores: cores.max(1),
            slice,
            inner: Mutex::default(),
        })
    }

    /// One search a core of this machine.
    pub fn per_core() -> Arc<Cpu> {
        Cpu::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Cores for a search of `threads` threads (a search wider than the budget takes
    /// all of it) for `me`, or `None`: then `me` waits in line and is asked to retry
    /// when its turn may have come. A move that finds no free core pauses a running
    /// analysis.
    pub fn take(self: &Arc<Self>, threads: usize, kind: Kind, me: &ClientRef) -> Option<Permit> {
        let cores = threads.clamp(1, self.cores);
        let mut inner = self.inner();
        inner.waiting.retain(|w| w.client.strong_count() > 0);
        let mine = inner.waiting.iter().position(|w| same(&w.client, me));
        // Served before me: a waiting move where I am an analysis, or one of my kind
        // that asked first.
        let ahead = inner.waiting.iter().enumerate().any(|(i, w)| {
            !same(&w.client, me)
                && (w.kind < kind || (w.kind == kind && mine.is_none_or(|m| i < m)))
        });
        if !ahead && inner.used + cores <= self.cores {
            if let Some(m) = mine {
                inner.waiting.remove(m);
            }
            inner.used += cores;
            inner.next_id += 1;
            let id = inner.next_id;
            inner.holding.push(Holder {
                id,
                client: me.clone(),
                kind,
                pausing: false,
                since: Instant::now(),
            });
            return Some(Permit {
                cpu: Arc::clone(self),
                cores,
                id,
            });
        }
        match mine {
            Some(m) => inner.waiting[m].kind = kind,
            None => inner.waiting.push(Waiter {
                client: me.clone(),
                kind,
            }),
        }
        let full = inner.used + cores > self.cores;
        // A move with no free core: the first running analysis gives its core back.
        let pause = if kind == Kind::Move && full {
            inner
                .holding
                .iter_mut()
                .find(|h| h.kind == Kind::Analysis && !h.pausing)
                .map(|h| {
                    h.pausing = true;
                    h.client.clone()
                })
        } else {
            None
        };
        // An analysis waiting behind analyses: the one that has run longest gives way
        // when its turn is over.
        let timer = kind == Kind::Analysis && full && !inner.turn_timer;
        let oldest = inner
            .holding
            .iter()
            .filter(|h| h.kind == Kind::Analysis && !h.pausing)
            .map(|h| h.since)
            .min();
        let turn_over = match (timer, oldest) {
            (true, Some(since)) => {
                inner.turn_timer = true;
                Some(self.slice.saturating_sub(since.elapsed()))
            }
            _ => None,
        };
        drop(inner);
        if let Some(client) = pause {
            Cpu::pause(client);
        }
        if let Some(after) = turn_over {
            let cpu = Arc::clone(self);
            std::thread::spawn(move || {
                std::thread::sleep(after);
                cpu.next_turn();
            });
        }
        None
    }

    /// Tells `client` to give its analysis's core back, on a thread of its own: its
    /// game's lock may be held by a request that waits for ours.
    fn pause(client: ClientRef) {
        std::thread::spawn(move || {
            if let Some(c) = client.upgrade() {
                c.pause();
            }
        });
    }

    /// An analysis's turn is over: where another analysis still waits for a core, the
    /// analysis that has run longest (for a whole turn) is paused and goes to the back
    /// of the line; the timer is set again for the next.
    fn next_turn(self: &Arc<Self>) {
        let mut inner = self.inner();
        inner.turn_timer = false;
        inner.waiting.retain(|w| w.client.strong_count() > 0);
        if !inner.waiting.iter().any(|w| w.kind == Kind::Analysis) {
            return;
        }
        let slice = self.slice;
        let Some(h) = inner
            .holding
            .iter_mut()
            .filter(|h| h.kind == Kind::Analysis && !h.pausing)
            .min_by_key(|h| h.since)
        else {
            return;
        };
        let left = slice.saturating_sub(h.since.elapsed());
        let paused = left.is_zero().then(|| {
            h.pausing = true;
            h.client.clone()
        });
        let after = if paused.is_some() { slice } else { left };
        inner.turn_timer = true;
        drop(inner);
        if let Some(client) = paused {
            Cpu::pause(client);
        }
        let cpu = Arc::clone(self);
        std::thread::spawn(move || {
            std::thread::sleep(after);
            cpu.next_turn();
        });
    }

    /// `me` no longer waits (the search it waited for is not wanted any more); whoever
    /// waited behind it may go.
    pub fn leave(self: &Arc<Self>, me: &ClientRef) {
        let before = {
            let mut inner = self.inner();
            let n = inner.waiting.len();
            inner.waiting.retain(|w| !same(&w.client, me));
            n != inner.waiting.len()
        };
        if before {
            self.serve();
        }
    }

    /// Asks the waiting games to retry, moves first, each kind in the order they asked
    /// (the first that fits takes the free core; the others stay in line).
    fn serve(&self) {
        let mut line: Vec<(Kind, ClientRef)> = {
            let inner = self.inner();
            if inner.used >= self.cores {
                return;
            }
            inner
                .waiting
                .iter()
                .map(|w| (w.kind, w.client.clone()))
                .collect()
        };
        line.sort_by_key(|(k, _)| *k);
        if line.is_empty() {
            return;
        }
        std::thread::spawn(move || {
            for (_, client) in line {
                if let Some(c) = client.upgrade() {
                    c.retry();
                }
            }
        });
    }

    /// Cores held now (tests).
    #[cfg(test)]
    fn used(&self) -> usize {
        self.inner().used
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        {
            let mut inner = self.cpu.inner();
            inner.used = inner.used.saturating_sub(self.cores);
            inner.holding.retain(|h| h.id != self.id);
        }
        self.cpu.serve();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::{channel, Receiver, Sender};
    use std::time::Duration;

    /// A game that reports what the budget asks of it.
    struct Fake {
        name: &'static str,
        told: Mutex<Sender<(&'static str, &'static str)>>,
    }

    impl Client for Fake {
        fn retry(&self) {
            let _ = self.told.lock().unwrap().send((self.name, "retry"));
        }
        fn pause(&self) {
            let _ = self.told.lock().unwrap().send((self.name, "pause"));
        }
    }

    type Told = Receiver<(&'static str, &'static str)>;

    /// Games named `names`: the games themselves (keep them: the budget holds only weak
    /// references), a weak reference to each, and what the budget tells them.
    fn fakes<const N: usize>(names: [&'static str; N]) -> (Vec<Arc<Fake>>, [ClientRef; N], Told) {
        let (tx, rx) = channel();
        let games: Vec<Arc<Fake>> = names
            .iter()
            .map(|&name| {
                Arc::new(Fake {
                    name,
                    told: Mutex::new(tx.clone()),
                })
            })
            .collect();
        let refs = std::array::from_fn(|i| {
            let a: Arc<dyn Client> = games[i].clone();
            Arc::downgrade(&a)
        });
        (games, refs, rx)
    }

    /// `first` takes a free core of `cpu` for a search of `kind`; each of `waiting` then
    /// asks for one and is refused (it waits in line, in this order).
    fn queue(cpu: &Arc<Cpu>, kind: Kind, first: &ClientRef, waiting: &[&ClientRef]) -> Permit {
        let permit = cpu.take(1, kind, first).expect("a free core");
        for w in waiting {
            assert!(cpu.take(1, kind, w).is_none(), "no core is free");
        }
        permit
    }

    fn next(rx: &Told) -> (&'static str, &'static str) {
        rx.recv_timeout(Duration::from_secs(10)).expect("told")
    }

    #[test]
    fn waiting_games_are_served_first_come_first_served() {
        let cpu = Cpu::new(1);
        let (_games, [a, b, c], told) = fakes(["a", "b", "c"]);
        let first = queue(&cpu, Kind::Move, &a, &[&b, &c]);
        assert!(
            cpu.take(1, Kind::Move, &c).is_none(),
            "asked twice, listed once"
        );
        drop(first);
        // Asked in order; c, asking before b does, is still refused.
        assert_eq!(next(&told), ("b", "retry"));
        assert_eq!(next(&told), ("c", "retry"));
        assert!(cpu.take(1, Kind::Move, &c).is_none());
        let second = cpu.take(1, Kind::Move, &b).expect("b's turn");
        assert_eq!(cpu.used(), 1);
        drop(second);
        assert_eq!(next(&told), ("c", "retry"));
        let third = cpu.take(1, Kind::Move, &c).expect("c's turn");
        // A search of more threads than the budget takes all of it, once it is free.
        assert!(cpu.take(8, Kind::Move, &a).is_none());
        drop(third);
        assert_eq!(next(&told), ("a", "retry"));
        let wide = cpu.take(8, Kind::Move, &a).expect("every core");
        assert_eq!(cpu.used(), 1);
        drop(wide);
        assert_eq!(cpu.used(), 0);
    }

    #[test]
    fn a_move_pauses_an_analysis_and_comes_before_a_waiting_one() {
        let cpu = Cpu::new(1);
        let (_games, [an, pl, an2], told) = fakes(["analyst", "player", "second analyst"]);
        let analysis = queue(&cpu, Kind::Analysis, &an, &[&an2]);
        // A move: the analysis is told to pause (another analysis waiting is not).
        assert!(cpu.take(1, Kind::Move, &pl).is_none());
        assert_eq!(next(&told), ("analyst", "pause"));
        drop(analysis);
        // The analyst waits again, behind the move.
        assert!(cpu.take(1, Kind::Analysis, &an).is_none());
        assert_eq!(next(&told).0, "player");
        let mv = cpu.take(1, Kind::Move, &pl).expect("the move's turn");
        drop(mv);
        // Then the analyses, in the order they asked.
        assert_eq!(next(&told), ("second analyst", "retry"));
        assert!(cpu.take(1, Kind::Analysis, &an).is_none());
        let _again = cpu
            .take(1, Kind::Analysis, &an2)
            .expect("first analysis in line");
    }

    #[test]
    fn analyses_take_turns() {
        let cpu = Cpu::with_slice(1, Duration::from_millis(50));
        let (_games, [first, second], told) = fakes(["first", "second"]);
        let running = queue(&cpu, Kind::Analysis, &first, &[&second]);
        // Its turn over, the first analysis is paused; it waits behind the second.
        assert_eq!(next(&told), ("first", "pause"));
        drop(running);
        assert!(cpu.take(1, Kind::Analysis, &first).is_none());
        assert_eq!(next(&told), ("second", "retry"));
        let turn = cpu
            .take(1, Kind::Analysis, &second)
            .expect("the second's turn");
        // And so on.
        assert_eq!(next(&told), ("second", "pause"));
        drop(turn);
        assert_eq!(next(&told), ("first", "retry"));
        let _again = cpu
            .take(1, Kind::Analysis, &first)
            .expect("the first's turn again");
    }

    #[test]
    fn a_game_that_leaves_the_line_lets_the_next_go() {
        let cpu = Cpu::new(1);
        let (_games, [a, b, c], told) = fakes(["a", "b", "c"]);
        let first = queue(&cpu, Kind::Move, &a, &[&b, &c]);
        drop(first);
        assert_eq!(next(&told), ("b", "retry"));
        assert_eq!(next(&told), ("c", "retry"));
        cpu.leave(&b);
        assert_eq!(next(&told), ("c", "retry"));
        let _c = cpu.take(1, Kind::Move, &c).expect("b left");
    }
}
