//! One CPU budget for all the server's games: at most one Baton search a core (or as
//! many as `--searches` says), whichever tab asked. Without it every tab playing Baton
//! would search at once and each would get a share of the cores too small for the
//! limits it was given. A search takes a `Permit` for as many cores as it has threads;
//! a game that finds none free waits (its page says so) and is told when one is freed,
//! on the channel its page's event stream listens to, so that it tries again.

use std::sync::{Arc, Mutex, Weak};

use tokio::sync::watch;

/// The cores the games' searches share.
pub struct Cpu {
    /// How many cores' worth of searches may run at once.
    cores: usize,
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Cores held by running searches.
    used: usize,
    /// The games waiting for a core (their change channels), told when one is freed.
    waiting: Vec<Weak<watch::Sender<u64>>>,
}

/// Cores held by one search, given back when it is dropped (the search has ended: it is
/// moved into the search's last callback).
pub struct Permit {
    cpu: Arc<Cpu>,
    cores: usize,
}

impl Cpu {
    /// A budget of `cores` searches at once (at least one).
    pub fn new(cores: usize) -> Arc<Cpu> {
        Arc::new(Cpu {
            cores: cores.max(1),
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
    /// all of it), or `None` while other games' searches hold them: then `waiter` is
    /// told when a core is freed.
    pub fn take(
        self: &Arc<Self>,
        threads: usize,
        waiter: &Arc<watch::Sender<u64>>,
    ) -> Option<Permit> {
        let cores = threads.clamp(1, self.cores);
        let mut inner = self.inner();
        if inner.used + cores <= self.cores {
            inner.used += cores;
            return Some(Permit {
                cpu: Arc::clone(self),
                cores,
            });
        }
        let me = Arc::downgrade(waiter);
        if !inner.waiting.iter().any(|w| w.ptr_eq(&me)) {
            inner.waiting.push(me);
        }
        None
    }

    /// Cores held now (tests).
    #[cfg(test)]
    fn used(&self) -> usize {
        self.inner().used
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let waiting = {
            let mut inner = self.cpu.inner();
            inner.used = inner.used.saturating_sub(self.cores);
            std::mem::take(&mut inner.waiting)
        };
        // Every waiting game tries again (outside the lock: a game's `take` needs it).
        for w in waiting.iter().filter_map(Weak::upgrade) {
            w.send_modify(|n| *n = n.wrapping_add(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_past_the_budget_wait_and_are_told_when_a_core_is_freed() {
        let cpu = Cpu::new(2);
        let (a, b, c) = (
            Arc::new(watch::channel(0).0),
            Arc::new(watch::channel(0).0),
            Arc::new(watch::channel(0).0),
        );
        let first = cpu.take(1, &a).expect("a free core");
        let second = cpu.take(1, &b).expect("a free core");
        let mut told = c.subscribe();
        assert!(cpu.take(1, &c).is_none());
        assert!(cpu.take(1, &c).is_none(), "asked twice, listed once");
        assert_eq!(cpu.used(), 2);
        assert!(!told.has_changed().expect("open"));
        drop(first);
        assert!(told.has_changed().expect("open"));
        assert_eq!(*told.borrow_and_update(), 1);
        let third = cpu.take(1, &c).expect("the freed core");
        // A search of more threads than the budget takes all of it, once it is free.
        assert!(cpu.take(8, &a).is_none());
        drop((second, third));
        let wide = cpu.take(8, &a).expect("every core");
        assert_eq!(cpu.used(), 2);
        drop(wide);
        assert_eq!(cpu.used(), 0);
    }
}
