//! The rules of every variant behind one interface. `Rules` is the trait a variant's
//! module implements: it must say how moves are generated and played, and it inherits
//! the orthodox answer to every other question unless it says otherwise (after
//! shakmaty's `Position` trait). The free functions below are the entry points the
//! rest of the engine calls; `dispatch!` is the one `match` from a `Variant` to its
//! rules type (made from the table of variants, `variant::with_variants!`), with
//! static dispatch (no function pointers on the hot paths).
//!
//! Shared mechanisms live in `orthodox` (the generator with its `Overlay` hooks); the
//! variants' modules hold only what they change.

pub mod combining;
pub mod flip;
pub mod knightrelay;
#[cfg(test)]
pub mod nodoublestep;
pub mod orthodox;
pub mod stones;

use crate::bitboard::Bitboard;
use crate::fen_error::FenError;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::variant::Variant;

/// What a variant's rules say, as code (its facts as data are `VariantFacts`). Only
/// `generate` and `apply` must be written; every other answer defaults to the orthodox
/// one. Which of the moves the search tries, and in which order, is the search's own
/// (`search::movepick::MovePolicy`, which each rules type also implements).
pub trait Rules {
    /// Every legal move (whole turn) of the side to move. A finished game has none.
    fn generate(pos: &Position, list: &mut MoveList);

    /// Plays a legal move in place.
    fn apply(pos: &mut Position, m: Move);

    /// How many legal moves the side to move has (perft's last ply): by default the
    /// length of `generate`'s list, written into `scratch`. A variant whose generator
    /// writes into any `Sink` counts them unkept (`moves_from_module!(into any sink)`).
    fn count_moves(pos: &Position, scratch: &mut MoveList) -> usize {
        scratch.clear();
        Self::generate(pos, scratch);
        scratch.len()
    }

    /// The most moves `generate` can write for any position a FEN may give: the room
    /// of the variant's move lists (`move_list`). By default the orthodox bound on
    /// 8x8: a side has at most 63 pieces, none makes more than 27 moves (a queen in
    /// the middle of an empty board; a pawn makes at most 12, four promotions on each
    /// of three squares; a king 8 steps), and castling adds 2: 63 * 27 + 2 = 1703.
    /// A variant whose pieces reach further, or whose turns combine two moves, says
    /// its own, with the reason.
    const MAX_MOVES: usize = 2048;

    /// Whether `color`'s royal piece is attacked.
    fn in_check(pos: &Position, color: Color) -> bool {
        orthodox::in_check(pos, color)
    }

    /// Whether the legal move `m` checks the enemy royal piece, told without playing
    /// it (the search asks before it plays a move, to keep checks from being pruned):
    /// by default the orthodox answer (`orthodox::gives_check`). Always the same as
    /// playing `m` and asking `in_check` (`engine/tests/gives_check.rs`).
    fn gives_check(pos: &Position, m: Move) -> bool {
        orthodox::gives_check(pos, m)
    }

    /// The pieces that attack `color`'s royal piece, where the variant can name them
    /// (by default the orthodox attackers); `None` where a check is more than a piece's
    /// attack (a stone or relay bending a line). `None` costs nothing today: the search
    /// asks only to extend a check that seems to lose material, and the variants that
    /// answer `None` either make no exchange estimate (every move passes it) or have
    /// no check.
    fn checkers(pos: &Position, color: Color) -> Option<Bitboard> {
        Some(orthodox::checkers(pos, color))
    }

    /// Neither side can ever mate: only royal pieces are left.
    fn insufficient_material(pos: &Position) -> bool {
        pieces_besides_royals(pos).is_empty()
    }

    /// Whether a move onto an enemy piece takes nothing (a combiningknightmare fusion).
    #[inline]
    fn is_fusion(_pos: &Position, _m: Move) -> bool {
        false
    }

    /// Where there is no check: whether the opponent could capture a royal piece of
    /// the side to move on its next turn (the search treats the node as in check).
    fn royal_threatened(_pos: &Position) -> bool {
        false
    }

    /// The legal moves from `from` (reading a move's text): by default every legal move,
    /// kept if it starts there; a variant with thousands of moves a position can
    /// generate just those.
    fn generate_from(pos: &Position, from: Square, list: &mut MoveList) {
        Self::generate(pos, list);
        list.retain(|m| m.from == from);
    }

    /// Whether a threefold repetition is lost by the side that made it, not drawn.
    const REPETITION_LOSES: bool = false;

    /// Reads the FEN's 7th field (never `-`; `VariantFacts::extra_fen_field` says what
    /// it holds) into the position.
    fn parse_extra_field(pos: &mut Position, _text: &str) -> Result<(), FenError> {
        Err(FenError(format!("{} has no 7th FEN field", pos.variant)))
    }

    /// Refuses a position read from a FEN that the variant's own limits exclude (the
    /// shared checks, royal pieces, pawns on end ranks and the side not to move in
    /// check, are `fen`'s).
    fn validate(_pos: &Position) -> Result<(), FenError> {
        Ok(())
    }
    /// Refuses a FEN's en-passant squares (`ep`, not empty) that no pawn move of the
    /// side not to move can have left. Orthodox: one square, empty, on the rank a
    /// double step passes over, with that pawn in front of it.
    fn check_en_passant(pos: &Position, ep: Bitboard) -> Result<(), FenError> {
        orthodox::check_en_passant(pos, ep)
    }
}

/// Runs `$body` with `$R` naming the type of `$variant`: the `match` from a variant to
/// its type, made from the table of variants (`variant::with_variants!`, where each
/// row names its type), so that a new variant's row is its arm here too. That type
/// implements the variant's rules (`Rules`), its search policy
/// (`search::movepick::MovePolicy`), its evaluation (`eval::Evaluate`) and its engine
/// profile (`profile::VariantProfile`), each in the layer that defines the trait;
/// every caller dispatches through here, monomorphised (no function pointers on the
/// hot paths). A type that lacks one of them does not compile.
macro_rules! dispatch {
    // The table's rows, after the caller's arguments (first: the rule below would
    // take the group for an expression and fail).
    ((@arms $variant:expr, $R:ident, $body:expr)
        $($(#[$attr:meta])* $V:ident: $($T:ident)::+ => $facts:expr,)*) => {{
        match $variant {
            $($(#[$attr])* $crate::variant::Variant::$V => {
                type $R = $crate::rules::$($T)::+;
                $body
            })*
        }
    }};
    ($variant:expr, $R:ident => $body:expr) => {
        $crate::variant::with_variants!([$crate::rules::dispatch] (@arms $variant, $R, $body))
    };
}
pub(crate) use dispatch;

/// The two required methods of `Rules`, from the module's own `generate` and `apply`
/// (which the module's other code calls too).
macro_rules! moves_from_module {
    () => {
        fn generate(pos: &Position, list: &mut MoveList) {
            generate(pos, list);
        }
        fn apply(pos: &mut Position, m: Move) {
            apply(pos, m);
        }
    };
    // The module's `generate` writes into any `Sink`: it also counts moves unkept.
    (into any sink) => {
        crate::rules::moves_from_module!();
        fn count_moves(pos: &Position, _scratch: &mut MoveList) -> usize {
            let mut n = crate::moves::Count(0);
            generate(pos, &mut n);
            n.0
        }
    };
}
pub(crate) use moves_from_module;

/// Playing a move is the rules' work: the position holds the board and keeps its hash,
/// the variant's `apply` decides what a move does.
impl Position {
    /// The position after a move, which must be legal here. Each variant applies its
    /// own moves; the orthodox mechanism (`rules::orthodox`) serves the chess family.
    pub fn play(&self, m: Move) -> Position {
        let mut next = self.clone();
        apply(&mut next, m);
        // The hash is kept incrementally by every variant's `apply`.
        debug_assert_eq!(next.hash(), next.compute_hash(), "stale hash after {m:?}");
        next
    }

    /// Each of `moves` (legal one after the other from here) with the position it is
    /// played in: what writing a line or a game's moves in SAN needs.
    pub fn before_each(&self, moves: &[Move]) -> Vec<(Position, Move)> {
        let mut pos = self.clone();
        let mut line = Vec::with_capacity(moves.len());
        for &m in moves {
            let next = pos.play(m);
            line.push((std::mem::replace(&mut pos, next), m));
        }
        line
    }
}

/// Every legal move (whole turn) of the side to move. A finished game has none.
pub fn legal_moves(pos: &Position, list: &mut MoveList) {
    dispatch!(pos.variant, R => R::generate(pos, list))
}

/// How many legal moves the side to move has (`Rules::count_moves`; `scratch` may be
/// written).
pub fn count_moves(pos: &Position, scratch: &mut MoveList) -> usize {
    dispatch!(pos.variant, R => R::count_moves(pos, scratch))
}

/// The most moves the variant's generator writes for one position (`Rules::MAX_MOVES`).
pub fn max_moves(variant: Variant) -> usize {
    dispatch!(variant, R => R::MAX_MOVES)
}

/// An empty move list with room for any position of the variant.
pub fn move_list(variant: Variant) -> MoveList {
    MoveList::with_capacity(max_moves(variant))
}

/// Every legal move as a vector holding just those moves (a `MoveList` keeps the
/// room of the variant's widest position).
pub fn legal_move_list(pos: &Position) -> Vec<Move> {
    let mut list = move_list(pos.variant);
    legal_moves(pos, &mut list);
    list.to_vec()
}

/// The legal moves whose piece starts on `from`.
pub fn legal_moves_from(pos: &Position, from: Square) -> Vec<Move> {
    let mut list = move_list(pos.variant);
    dispatch!(pos.variant, R => R::generate_from(pos, from, &mut list));
    list.to_vec()
}

/// Plays a legal move in place.
pub fn apply(pos: &mut Position, m: Move) {
    dispatch!(pos.variant, R => R::apply(pos, m))
}

/// Whether `color`'s royal piece is attacked (always false where there is no check).
pub fn in_check(pos: &Position, color: Color) -> bool {
    dispatch!(pos.variant, R => R::in_check(pos, color))
}

/// Whether the legal move `m` checks the enemy royal piece (`Rules::gives_check`:
/// without playing it; never where the variant has no check).
#[inline]
pub fn gives_check(pos: &Position, m: Move) -> bool {
    dispatch!(pos.variant, R => R::gives_check(pos, m))
}

/// Whether move `m`, which led to `child` and gave check, checks with another piece
/// than the one it moved (a discovered check); false where the variant cannot tell.
pub fn discovered_check(child: &Position, m: Move) -> bool {
    let checkers = dispatch!(child.variant, R => R::checkers(child, child.side));
    checkers.is_some_and(|c| (c & !Bitboard::from_square(m.to)).any())
}

/// The end of the game that the position itself shows: no legal move (mate,
/// stalemate, or a loss where the variant says so), a captured king.
pub fn terminal(pos: &Position) -> Option<crate::outcome::Outcome> {
    use crate::outcome::Outcome;
    let us = pos.side;
    if royal_lost(pos, us) {
        return Some(Outcome::win(us.other(), "king captured"));
    }
    if !legal_move_list(pos).is_empty() {
        return None;
    }
    Some(if !pos.variant.has_check() {
        Outcome::win(us.other(), "no legal move")
    } else if in_check(pos, us) {
        Outcome::win(us.other(), "checkmate")
    } else {
        Outcome::draw("stalemate")
    })
}

/// The result of a threefold repetition reached by the side that just moved.
pub fn repetition_outcome(pos: &Position) -> crate::outcome::Outcome {
    use crate::outcome::Outcome;
    if repetition_loses(pos.variant) {
        Outcome::win(pos.side, "third repetition by the opponent")
    } else {
        Outcome::draw("threefold repetition")
    }
}

/// Whether a repetition is lost by the side that made it (flipshatranj) rather than
/// drawn.
pub fn repetition_loses(variant: Variant) -> bool {
    dispatch!(variant, R => R::REPETITION_LOSES)
}

/// The pieces on the board other than royal and neutral ones.
pub fn pieces_besides_royals(pos: &Position) -> Bitboard {
    let royals = pos.royals(Color::White) | pos.royals(Color::Black);
    pos.occupied() & !royals & !pos.all_neutral()
}

/// Neither side can ever mate (`Rules::insufficient_material`).
pub fn insufficient_material(pos: &Position) -> bool {
    dispatch!(pos.variant, R => R::insufficient_material(pos))
}

/// `color` can never win: its own material alone, against the opponent's royal pieces
/// and nothing else, is `insufficient_material`. Judged on `color`'s pieces only (as
/// if the opponent's other pieces could never help it, e.g. by blocking), it decides a
/// flag fall: whoever runs out of time loses, unless the opponent cannot win.
pub fn cannot_win(pos: &Position, color: Color) -> bool {
    let them = !color;
    let mut alone = pos.clone();
    // A piece owned by both sides (a Knightmare) is `color`'s too: it stays.
    for sq in pos.color_bb(them) & !pos.royals(them) & !pos.shared() {
        alone.remove(them, sq);
    }
    insufficient_material(&alone)
}

/// Whether a move takes material (move ordering and quiescence look at these). A
/// combiningknightmare fusion lands on an enemy piece but takes nothing.
#[inline]
pub fn is_capture(pos: &Position, m: Move) -> bool {
    captured_role(pos, m).is_some()
}

/// The role a capturing move takes, if any (for a Knightmare, the enemy component;
/// see `lost_component` for the mover's own one that leaves with it).
#[inline]
pub fn captured_role(pos: &Position, m: Move) -> Option<Role> {
    if m.kind == crate::moves::MoveKind::EnPassant {
        return Some(Role::Pawn);
    }
    let victim = pos.role_at(pos.side.other(), m.to)?;
    if dispatch!(pos.variant, R => R::is_fusion(pos, m)) {
        return None;
    }
    Some(victim)
}

/// The mover's own piece that a capture removes too: the mover's component of a
/// captured Knightmare (combiningknightmare); None everywhere else (only that variant
/// has squares shared by both sides).
#[inline]
pub fn lost_component(pos: &Position, m: Move) -> Option<Role> {
    if !pos.shared().has(m.to) {
        return None;
    }
    pos.role_at(pos.side, m.to)
}

/// `Rules::royal_threatened`.
pub fn royal_threatened(pos: &Position) -> bool {
    dispatch!(pos.variant, R => R::royal_threatened(pos))
}

/// The position with the turn passed to the opponent (for null-move pruning): the
/// one-ply state (en passant, ko, frozen Knightmare) lapses as after any move.
pub fn play_null(pos: &Position) -> Position {
    let mut next = pos.clone();
    next.set_ep(Bitboard::EMPTY);
    next.set_ko(None);
    next.set_frozen(None);
    next.halfmove = next.halfmove.saturating_add(1);
    next.switch_side();
    next
}

/// Whether the side to move's king is in danger now: in check, or where there is no
/// check, a royal piece the opponent could take on its next turn.
pub fn king_in_danger(pos: &Position) -> bool {
    if pos.variant.has_check() {
        in_check(pos, pos.side)
    } else {
        royal_threatened(pos)
    }
}

/// How the search scores a position with no legal move, for the side to move (0 is a
/// draw; negative a loss).
pub fn no_move_is_loss(pos: &Position) -> bool {
    !pos.variant.has_check() || in_check(pos, pos.side)
}

/// `Rules::parse_extra_field`.
pub fn parse_extra_field(pos: &mut Position, text: &str) -> Result<(), FenError> {
    dispatch!(pos.variant, R => R::parse_extra_field(pos, text))
}

/// `Rules::check_en_passant`.
pub fn check_en_passant(pos: &Position, ep: Bitboard) -> Result<(), FenError> {
    dispatch!(pos.variant, R => R::check_en_passant(pos, ep))
}

/// `Rules::validate`.
pub fn validate(pos: &Position) -> Result<(), FenError> {
    dispatch!(pos.variant, R => R::validate(pos))
}

/// Whether `color` has lost a royal piece: fewer than the variant starts with, so one
/// was captured and `color` has lost (flipshatranj's 10x10 game is lost with either of
/// its two kings). Never true where there is check: a royal piece is never taken there.
/// The one statement of the king-capture rule; `terminal`, the flip generator and the
/// search ask it.
#[inline]
pub fn royal_lost(pos: &Position, color: Color) -> bool {
    pos.royals(color).count() < pos.variant.royal_count()
}
