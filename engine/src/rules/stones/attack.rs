//! Whether a side attacks a square in Stones & Relays: its pieces' own moves, through
//! relays and the tunnel, as `field` reaches them and pawns' paths (`pawns`) too. Above
//! both, so that the field knows nothing of pawns' paths and the pawns' code reads the
//! field.

use crate::geometry::{Square, DIAGONAL, ORTHOGONAL};

use super::field::{Army, Field, ALL_DIRECTIONS};
use super::pawns;

impl Field {
    /// Whether `army` could capture on `target` (its own move, through relays and
    /// the tunnel). The attackers' own squares count as occupied, which changes
    /// nothing: a path through its own start square can start there instead.
    pub fn attacked(&self, target: Square, army: &Army) -> bool {
        let t = self.t;
        let i = target.idx();
        if (t.pawn_attacks[army.color.other().idx()][i] & army.pawns).any()
            || (t.knight[i] & army.knights).any()
            || (t.king[i] & army.king).any()
        {
            return true;
        }
        let (ob, oa) = self.slider_leg(target, &ORTHOGONAL, true);
        if ((ob | oa) & (army.rooks | army.queens)).any() {
            return true;
        }
        let (db, da) = self.slider_leg(target, &DIAGONAL, true);
        if ((db | da) & (army.bishops | army.queens)).any() {
            return true;
        }
        if self.relays.is_empty() {
            return false;
        }
        // Relays from which a last leg reaches the target; a last leg through the
        // tunnel needs a relay reached with the tunnel unused. Queens change between
        // lines and diagonals on relays, so they are a class of their own.
        let rel = self.relays;
        let (qb, qa) = (ob | db, oa | da);
        for (sources, dirs, last_b, last_a) in [
            (army.rooks, &ORTHOGONAL[..], ob, oa),
            (army.bishops, &DIAGONAL[..], db, da),
            (army.queens, &ALL_DIRECTIONS[..], qb, qa),
        ] {
            if sources.any() && ((last_b | last_a) & rel).any() {
                let (fresh, spent) = self.slider_relays(sources, dirs);
                if ((fresh & (last_b | last_a)) | (spent & last_b)).any() {
                    return true;
                }
            }
        }
        if army.knights.any()
            && (t.knight[i] & rel).any()
            && (self.leaper_relays(army.knights, &t.knight) & t.knight[i]).any()
        {
            return true;
        }
        if (t.king[i] & rel).any() && (self.leaper_relays(army.king, &t.king) & t.king[i]).any() {
            return true;
        }
        let last = t.pawn_attacks[army.color.other().idx()][i] & rel;
        last.any() && pawns::attack_through_relays(self, army, target)
    }
}
