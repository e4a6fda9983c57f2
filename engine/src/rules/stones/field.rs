//! The board as paths see it in Stones & Relays: what blocks, where the relays and the
//! tunnel are, how far each kind of piece gets in one leg and which relays it reaches
//! (whether a square is attacked, pawns' paths included, is `attack.rs`).
//!
//! Two facts keep this cheap. Relays never block a line (a slider crossing one may
//! simply go on straight), so lines are computed with relays removed from the
//! blockers. And the "each relay at most once" condition never changes which squares a
//! piece reaches: a walk that meets a relay twice can be cut back to its first visit,
//! where the piece had the same powers and at least as much of the tunnel left. So the
//! relays a piece reaches form a plain closure, computed with bitboards.

use crate::bitboard::Bitboard;
use crate::geometry::{Square, Tables};
use crate::piece::{Color, Neutral, Role};
use crate::position::Position;
use crate::rules::orthodox::After;

/// The queen's eight directions.
pub(crate) const ALL_DIRECTIONS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Occupancy as seen by the paths of pieces, after any part of a turn.
#[derive(Clone, Copy)]
pub(crate) struct Field {
    pub t: &'static Tables,
    /// Every occupied square: pieces of both sides and every neutral piece.
    pub occ: Bitboard,
    pub relays: Bitboard,
    pub gates: Bitboard,
    /// The tunnel works: the tunnel variant with exactly two gates.
    pub tunnel: bool,
}

impl Field {
    pub fn of(pos: &Position) -> Field {
        let gates = pos.neutral(Neutral::Gate);
        Field {
            t: pos.tables,
            occ: pos.occupied(),
            relays: pos.neutral(Neutral::Relay),
            gates,
            tunnel: pos.variant.facts().tunnel && gates.count() == 2,
        }
    }

    /// The squares that stop a line: everything but the relays.
    #[inline]
    pub fn lines(&self) -> Bitboard {
        self.occ & !self.relays
    }

    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        !self.occ.has(sq)
    }

    /// The field after the neutral piece of `kind` on `a` steps to `b`.
    #[inline]
    pub fn after_neutral(&self, kind: Neutral, a: Square, b: Square) -> Field {
        let mut f = *self;
        let ab = Bitboard::from_square(a) | Bitboard::from_square(b);
        f.occ ^= ab;
        match kind {
            Neutral::Relay => f.relays ^= ab,
            Neutral::Gate => f.gates ^= ab,
            Neutral::Stone => {}
        }
        f
    }

    /// The gate at the other end of the tunnel.
    #[inline]
    fn other_gate(&self, gate: Square) -> Square {
        (self.gates & !Bitboard::from_square(gate)).lsb()
    }

    /// One slider leg from `sq` along `dirs`: the squares before the tunnel (each
    /// line up to and including its first blocker) and, if `tunnel` is still
    /// available, those after emerging from the other gate in the same direction.
    #[inline]
    pub fn slider_leg(&self, sq: Square, dirs: &[usize], tunnel: bool) -> (Bitboard, Bitboard) {
        let lines = self.lines();
        let mut before = Bitboard::EMPTY;
        let mut after = Bitboard::EMPTY;
        for &d in dirs {
            let ray = self.t.ray_attacks(d, sq, lines);
            before |= ray;
            if tunnel && self.tunnel {
                // A ray ends at its first blocker, so it holds at most one gate.
                if let Some(gate) = (ray & self.gates).single() {
                    after |= self.t.ray_attacks(d, self.other_gate(gate), lines);
                }
            }
        }
        (before, after)
    }

    /// Every square a slider from `from` touches (empty squares it may stop on,
    /// and the first blocker of each line), through relays and the tunnel. The
    /// field must already have `from` vacated.
    pub fn slider_reach(&self, from: Square, dirs: &[usize]) -> Bitboard {
        let (before, after) = self.slider_leg(from, dirs, true);
        let mut all = before | after;
        // Relays reached with the tunnel still unused, and only after using it.
        self.relay_closure(before & self.relays, after & self.relays, dirs, |legs| {
            all |= legs
        });
        all
    }

    /// Follows sliders on from the relays `fresh` (reached with the tunnel unused) and
    /// `spent` (reached after using it), each relay once per kind: the squares of every
    /// leg go to `legs`, the relays a leg reaches join the sets. Answers the sets.
    #[inline]
    fn relay_closure(
        &self,
        mut fresh: Bitboard,
        mut spent: Bitboard,
        dirs: &[usize],
        mut legs: impl FnMut(Bitboard),
    ) -> (Bitboard, Bitboard) {
        let mut done_fresh = Bitboard::EMPTY;
        let mut done_spent = Bitboard::EMPTY;
        loop {
            if let Some(r) = (fresh & !done_fresh).into_iter().next() {
                done_fresh.set(r);
                let (b, a) = self.slider_leg(r, dirs, true);
                legs(b | a);
                fresh |= b & self.relays;
                spent |= a & self.relays;
            } else if let Some(r) = (spent & !fresh & !done_spent).into_iter().next() {
                done_spent.set(r);
                let (b, _) = self.slider_leg(r, dirs, false);
                legs(b);
                spent |= b & self.relays;
            } else {
                return (fresh, spent);
            }
        }
    }

    /// Every square a leaper (knight or king) from `from` lands on, through relays.
    pub fn leaper_reach(&self, from: Square, table: &[Bitboard; 128]) -> Bitboard {
        let mut all = table[from.idx()];
        let mut done = Bitboard::EMPTY;
        while let Some(r) = (all & self.relays & !done).into_iter().next() {
            done.set(r);
            all |= table[r.idx()];
        }
        all
    }

    /// Relays that sliders on `sources` reach: (with the tunnel unused, only after
    /// using it).
    pub(super) fn slider_relays(&self, sources: Bitboard, dirs: &[usize]) -> (Bitboard, Bitboard) {
        // Legs are symmetric (the tunnel too), so look from each relay for a source.
        let mut fresh = Bitboard::EMPTY;
        let mut spent = Bitboard::EMPTY;
        for r in self.relays {
            let (b, a) = self.slider_leg(r, dirs, true);
            if (b & sources).any() {
                fresh.set(r);
            } else if (a & sources).any() {
                spent.set(r);
            }
        }
        let (fresh, spent) = self.relay_closure(fresh, spent, dirs, |_| {});
        (fresh, spent & !fresh)
    }

    /// Relays that leapers on `sources` reach.
    pub(super) fn leaper_relays(&self, sources: Bitboard, table: &[Bitboard; 128]) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for r in self.relays {
            if (table[r.idx()] & sources).any() {
                set.set(r);
            }
        }
        let mut done = Bitboard::EMPTY;
        while let Some(r) = (set & !done).into_iter().next() {
            done.set(r);
            set |= table[r.idx()] & self.relays;
        }
        set
    }

    pub fn watch(&self, king: Square) -> Watch {
        let t = self.t;
        let lines = self.lines();
        let zone = self.zone(king);
        let tunnel = self.tunnel && (zone & self.gates).any();
        let mut sight = t.queen_attacks(king, lines);
        for r in self.relays & zone {
            sight |= t.queen_attacks(r, lines);
        }
        if tunnel {
            for g in self.gates {
                sight |= t.queen_attacks(g, lines);
            }
        }
        Watch {
            zone,
            sight,
            tunnel,
        }
    }

    /// A superset of the squares from which some chain of legs through relays ends on
    /// `king`: a relay placed outside it cannot create an attack, and a relay taken
    /// from outside it cannot end one. (Relays do not block, so adding or removing
    /// one leaves every line as it was.)
    pub fn zone(&self, king: Square) -> Bitboard {
        let t = self.t;
        let lines = self.lines();
        let region = |y: Square| {
            // Queen lines cover slider legs, pawn pushes (one or two squares, across
            // empty squares or relays) and the king's step; knights add their leap.
            let mut z = t.queen_attacks(y, lines) | t.knight[y.idx()];
            if self.tunnel {
                for g in z & self.gates {
                    z |= t.queen_attacks(self.other_gate(g), lines);
                }
            }
            z
        };
        let mut zone = region(king);
        let mut done = Bitboard::EMPTY;
        while let Some(r) = (zone & self.relays & !done).into_iter().next() {
            done.set(r);
            zone |= region(r);
        }
        zone
    }
}

/// What can change whether a king is attacked, for skipping check tests.
///
/// Attacks reach the king in legs that end on the king or on a relay of its `zone`
/// (or enter a gate, when a tunnel leg can end there). Only the lines of those legs
/// care about blockers: a square out of `sight` can be filled or emptied without
/// changing any attack on the king (knights, kings and pawns land only on relays or
/// the king, and a pawn's middle square lies next to where it lands).
#[derive(Clone, Copy)]
pub(crate) struct Watch {
    pub zone: Bitboard,
    pub sight: Bitboard,
    /// A tunnel leg may end on the king or on a relay of the zone.
    pub tunnel: bool,
}

impl Watch {
    /// Whether the neutral piece of `kind` stepping from `a` to `b` can change whether
    /// the king is attacked (`attacked`: whether it is now). A stone matters where it
    /// leaves or enters sight; relays never block, so only one arriving in the zone
    /// can start an attack and only one leaving it can end one; a gate does what
    /// both do, and may open or close the tunnel.
    #[inline]
    pub fn may_change(&self, kind: Neutral, a: Square, b: Square, attacked: bool) -> bool {
        match kind {
            Neutral::Stone => self.sight.has(a) || self.sight.has(b),
            Neutral::Relay if attacked => self.zone.has(a),
            Neutral::Relay => self.zone.has(b),
            Neutral::Gate => {
                self.tunnel || self.zone.has(b) || self.sight.has(a) || self.sight.has(b)
            }
        }
    }
}

/// One side's pieces grouped by how they move.
#[derive(Clone, Copy)]
pub(crate) struct Army {
    pub color: Color,
    pub pawns: Bitboard,
    pub knights: Bitboard,
    pub bishops: Bitboard,
    pub rooks: Bitboard,
    pub queens: Bitboard,
    pub king: Bitboard,
}

impl Army {
    pub fn of(pos: &Position, color: Color) -> Army {
        Army {
            color,
            pawns: pos.pieces(color, Role::Pawn),
            knights: pos.pieces(color, Role::Knight),
            bishops: pos.pieces(color, Role::Bishop),
            rooks: pos.pieces(color, Role::Rook),
            queens: pos.pieces(color, Role::Queen),
            king: pos.pieces(color, Role::King),
        }
    }

    /// The army of the side to move after its piece move (`After`).
    pub fn after(pos: &Position, a: &After) -> Army {
        Army {
            color: a.us,
            pawns: a.pieces(pos, Role::Pawn),
            knights: a.pieces(pos, Role::Knight),
            bishops: a.pieces(pos, Role::Bishop),
            rooks: a.pieces(pos, Role::Rook),
            queens: a.pieces(pos, Role::Queen),
            king: a.pieces(pos, Role::King),
        }
    }

    /// The army after losing whatever stood on `sq`.
    #[inline]
    pub fn without(mut self, sq: Square) -> Army {
        let keep = !Bitboard::from_square(sq);
        self.pawns &= keep;
        self.knights &= keep;
        self.bishops &= keep;
        self.rooks &= keep;
        self.queens &= keep;
        self.king &= keep;
        self
    }
}
