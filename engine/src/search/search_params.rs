//! Every margin, depth limit and reduction of the search, named in one place (after
//! Carp's `search_params.rs`), in the order the search uses them. Two sets where a
//! technique has a sharper form (`_SELECTIVE`, switched per technique and variant by
//! `features::Sharp`; the chess family uses them all) and a plain one. Changing a number here changes `baton bench`'s node
//! total; a change is kept when a match shows that it helps.

/// Aspiration windows: from this depth an iteration starts from a window this wide
/// around the previous score, widened by half plus `ASPIRATION_GROWTH` on each fail.
pub const ASPIRATION_DEPTH: i32 = 4;
pub const ASPIRATION_DELTA: i32 = 25;
pub const ASPIRATION_GROWTH: i32 = 10;

/// From this depth, a node without a hash move is searched one ply shallower
/// (internal iterative reduction; selective only).
pub const IIR_DEPTH: i32 = 4;

/// Reverse futility: up to this depth a non-PV node whose static score beats beta by
/// this margin per ply is cut. The selective form counts an improving node one ply
/// shallower (a smaller margin).
pub const RFP_DEPTH_SELECTIVE: i32 = 7;
pub const RFP_MARGIN_SELECTIVE: i32 = 80;
pub const RFP_DEPTH: i32 = 5;
pub const RFP_MARGIN: i32 = 90;

/// Null move: from this depth; reduced by `NULL_BASE` plus a share of the depth and,
/// in the selective form, a ply per `NULL_MARGIN_PER_PLY` by which the static score
/// beats beta, at most `NULL_MARGIN_MAX` plies.
pub const NULL_MIN_DEPTH: i32 = 3;
pub const NULL_BASE: i32 = 3;
pub const NULL_DEPTH_DIVISOR_SELECTIVE: i32 = 3;
pub const NULL_DEPTH_DIVISOR: i32 = 4;
pub const NULL_MARGIN_PER_PLY: i32 = 200;
pub const NULL_MARGIN_MAX: i32 = 3;

/// From this depth, a hash move may be extended as singular: every other move fails
/// low against the hash score minus this margin per ply, searched to half the depth.
/// The hash entry must be at most `SINGULAR_ENTRY_SHALLOWER` plies shallower.
pub const SINGULAR_DEPTH: i32 = 8;
pub const SINGULAR_MARGIN: i32 = 2;
pub const SINGULAR_ENTRY_SHALLOWER: i32 = 3;

/// Up to this depth, shallow nodes that prune (`Worker::prune`: non-PV ones, and PV
/// ones other than the root with `Sharp::pv_pruning`) skip quiet moves by move
/// count, futility and history (selective); the plain form by count and futility
/// only, to its own depth.
pub const QUIET_PRUNE_DEPTH_SELECTIVE: i32 = 8;
pub const QUIET_PRUNE_DEPTH: i32 = 3;
/// Plain futility: the static score plus this per ply stays below alpha.
pub const FUTILITY_MARGIN: i32 = 120;
/// Selective futility, at the depth a move would be searched to after its reduction:
/// the static score plus `FUTILITY_BASE` and `FUTILITY_MARGIN` per ply stays below
/// alpha.
pub const FUTILITY_BASE: i32 = 150;
/// Quiet moves with a history below this times the depth are skipped, up to
/// `HISTORY_PRUNE_DEPTH` plies after their reduction.
pub const HISTORY_PRUNE: i32 = 4000;
pub const HISTORY_PRUNE_DEPTH: i32 = 3;

/// How many moves a shallow node tries before it skips the quiet rest
/// (`Worker::prune`).
pub const fn late_move_limit(selective: bool, depth: i32, improving: bool) -> i32 {
    if selective {
        (3 + depth * depth) / (2 - improving as i32)
    } else {
        3 + depth * depth * 2
    }
}

/// Up to this depth, shallow nodes (`Worker::prune`) skip moves that lose material by
/// the exchange estimate: captures losing more than `SEE_CAPTURE_MARGIN` a ply, quiet
/// moves more than `SEE_QUIET_MARGIN` times the depth squared.
pub const SEE_PRUNE_DEPTH: i32 = 5;
pub const SEE_CAPTURE_MARGIN: i32 = 100;
pub const SEE_QUIET_MARGIN: i32 = 25;

/// Up to this depth, shallow nodes (`Worker::prune`) skip near-duplicate quiet moves
/// (`movepick::is_redundant_quiet`).
pub const REDUNDANT_DEPTH: i32 = 3;

/// Late-move reductions: from this depth, from this move on.
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_INDEX: usize = 3;
/// History score worth one ply less (or more) of reduction (selective).
pub const HISTORY_PER_PLY: i32 = 8000;

/// The late-move reduction grows with the logarithms of depth and move number,
/// their product divided by this.
pub const LMR_DIVISOR: f32 = 2.2;

/// The late-move reduction of the `index`th move at `depth`, before adjustments.
pub fn lmr(depth: i32, index: usize) -> i32 {
    let d = (depth as f32).ln();
    let i = (index as f32).ln();
    (0.5 + d * i / LMR_DIVISOR) as i32
}

/// How many second-stage moves (`movepick::Stage::Rest`) a node not in check tries once
/// some move was tried: none at the frontier of the null-window tree, more at each ply
/// above it up to depth 5, all higher up (`None`); PV nodes more up to depth 3 and all
/// above; the root every turn at every depth, so that a winning turn of a quiet piece
/// move and a neutral move does not wait for depth 4 because of its rank in the
/// ordering. The second stage is where most of a stonesrelays position's thousands of
/// turns are; the first stage and quiescence still see every piece move, past the
/// limit the forcing turns are still tried, and deeper iterations the rest. Where every
/// turn a node tried lost to mate, it searches those the limit held back too
/// (`Worker::next_move`): a mate is a proof. The limits at depths 4 and 5 cut the tree
/// to depth 7 to a third in stonesrelays (37.8 s to 13.4 s with one thread over its
/// bench) and steadied the tunnel's 2-thread times (1.37x to 1.79x); 100 games each at
/// 5+0.05 showed no loss (+20.9 and +13.9, error bars +/- 64). Every turn at every PV
/// node (not only the root) made stonesrelays' bench 33% and the tunnel's 53% larger,
/// and the tunnel lost 9 of its first 10 games at 20k nodes a move.
pub fn rest_limit(depth: i32, is_pv: bool, root: bool) -> Option<usize> {
    match (depth, is_pv) {
        _ if root => None,
        (..=1, false) => Some(0),
        (2, false) => Some(8),
        (3, false) => Some(24),
        (4, false) => Some(64),
        (5, false) => Some(160),
        (..=1, true) => Some(32),
        (2, true) => Some(64),
        (3, true) => Some(128),
        _ => None,
    }
}

/// Where no second-stage move is tried past the plain ones (`rest_limit` of none), the
/// checks by a neutral move alone are still tried if the enemy king has at most this
/// many neighbouring squares not held by its own side or a neutral piece: there the
/// check may mate. (Finding those turns costs a legality test per piece move; tried
/// at every such node, it cost about a seventh of stonesrelays' search speed.)
pub const FRONTIER_CHECK_ESCAPES: u32 = 2;

/// Quiescence skips a capture when the static score plus the victim plus this still
/// does not reach alpha (delta pruning).
pub const DELTA_MARGIN: i32 = 200;
/// Quiescence plies in which a check is answered with evasions.
pub const QS_CHECK_PLIES: usize = 6;
/// Quiescence plies in which a king the opponent could take next is answered with
/// every move (`Features::quiescence_threats`).
pub const QS_THREAT_PLIES: usize = 2;
