//! Every margin, depth limit and reduction of the search, named in one place (after
//! Carp's `search_params.rs`), in the order the search uses them. Where a technique
//! has a sharper form and a plain one, it is one formula with two sets of parameters
//! (`PruningParams`: `SELECTIVE` and `PLAIN` per technique, chosen per variant by
//! `features::Sharp`; the chess family uses the sharper ones). Changing a number here
//! changes `baton bench`'s node total; a change is kept when a match shows that it
//! helps.

/// Aspiration windows: from this depth an iteration starts from a window this wide
/// around the previous score, widened by half plus `ASPIRATION_GROWTH` on each fail.
pub const ASPIRATION_DEPTH: i32 = 4;
pub const ASPIRATION_DELTA: i32 = 25;
pub const ASPIRATION_GROWTH: i32 = 10;

/// From this depth, a node without a hash move is searched one ply shallower
/// (internal iterative reduction; selective only).
pub const IIR_DEPTH: i32 = 4;

/// Reverse futility: up to `depth`, a non-PV node whose static score beats beta by
/// `margin` per ply is cut; an improving node counts `improving` plies shallower
/// (a smaller margin).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReverseFutility {
    pub depth: i32,
    pub margin: i32,
    pub improving: i32,
}

impl ReverseFutility {
    pub const SELECTIVE: ReverseFutility = ReverseFutility {
        depth: 7,
        margin: 80,
        improving: 1,
    };
    pub const PLAIN: ReverseFutility = ReverseFutility {
        depth: 5,
        margin: 90,
        improving: 0,
    };

    /// How far above beta the static score must be at `depth`.
    #[inline]
    pub fn margin(&self, depth: i32, improving: bool) -> i32 {
        self.margin * (depth - self.improving * i32::from(improving))
    }
}

/// Null move: from `NULL_MIN_DEPTH`; reduced by `NULL_BASE` plus the depth over
/// `depth_divisor` plus a ply per `margin_per_ply` by which the static score beats
/// beta, at most `margin_max` plies (none in the plain form).
pub const NULL_MIN_DEPTH: i32 = 3;
pub const NULL_BASE: i32 = 3;
pub const NULL_MARGIN_PER_PLY: i32 = 200;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullMove {
    pub depth_divisor: i32,
    pub margin_per_ply: i32,
    pub margin_max: i32,
}

impl NullMove {
    pub const SELECTIVE: NullMove = NullMove {
        depth_divisor: 3,
        margin_per_ply: NULL_MARGIN_PER_PLY,
        margin_max: 3,
    };
    pub const PLAIN: NullMove = NullMove {
        depth_divisor: 4,
        margin_per_ply: NULL_MARGIN_PER_PLY,
        margin_max: 0,
    };

    /// The reduction of the null move's search at `depth`, the static score being
    /// `above_beta` (at least 0) over beta.
    #[inline]
    pub fn reduction(&self, depth: i32, above_beta: i32) -> i32 {
        NULL_BASE
            + depth / self.depth_divisor
            + (above_beta / self.margin_per_ply).min(self.margin_max)
    }
}

/// From this depth, a hash move may be extended as singular: every other move fails
/// low against the hash score minus this margin per ply, searched to half the depth.
/// The hash entry must be at most `SINGULAR_ENTRY_SHALLOWER` plies shallower.
pub const SINGULAR_DEPTH: i32 = 8;
pub const SINGULAR_MARGIN: i32 = 2;
pub const SINGULAR_ENTRY_SHALLOWER: i32 = 3;

/// Futility: the static score plus `futility_margin` (this) per ply plus the form's
/// `futility_base` stays below alpha.
pub const FUTILITY_MARGIN: i32 = 120;
/// Quiet moves with a history below this times the depth are skipped (history
/// pruning, where the form has it).
pub const HISTORY_PRUNE: i32 = 4000;

/// Quiet-move pruning at shallow nodes (`Worker::prune`: non-PV ones, and PV ones
/// other than the root with `Sharp::pv_pruning`): up to `depth`, quiet moves are
/// skipped by move count (`late_moves`), futility and history. The selective form
/// judges futility at the depth a move would be searched to after its late-move
/// reduction and prunes by history too; the plain one judges at the node's depth,
/// to a smaller depth, without history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietPruning {
    pub depth: i32,
    /// Move count: `(3 + late_per_ply2 * depth²) / (late_divisor - late_improving *
    /// improving)` moves are tried before the quiet rest is skipped.
    pub late_per_ply2: i32,
    pub late_divisor: i32,
    pub late_improving: i32,
    /// Futility at the depth after the move's late-move reduction, not the node's.
    pub futility_reduced: bool,
    pub futility_margin: i32,
    pub futility_base: i32,
    /// History pruning up to this depth after the reduction (below 0: none).
    pub history_depth: i32,
}

impl QuietPruning {
    pub const SELECTIVE: QuietPruning = QuietPruning {
        depth: 8,
        late_per_ply2: 1,
        late_divisor: 2,
        late_improving: 1,
        futility_reduced: true,
        futility_margin: FUTILITY_MARGIN,
        futility_base: 150,
        history_depth: 3,
    };
    pub const PLAIN: QuietPruning = QuietPruning {
        depth: 3,
        late_per_ply2: 2,
        late_divisor: 1,
        late_improving: 0,
        futility_reduced: false,
        futility_margin: FUTILITY_MARGIN,
        futility_base: 0,
        history_depth: -1,
    };

    /// How many moves a shallow node tries before it skips the quiet rest.
    #[inline]
    pub fn late_moves(&self, depth: i32, improving: bool) -> usize {
        ((3 + self.late_per_ply2 * depth * depth)
            / (self.late_divisor - self.late_improving * i32::from(improving))) as usize
    }

    /// The depth futility and history pruning judge the `index`th move at.
    #[inline]
    pub fn judged_depth(&self, depth: i32, index: usize) -> i32 {
        if self.futility_reduced {
            (depth - 1 - lmr(depth, index.max(1))).max(0)
        } else {
            depth
        }
    }
}

/// Each pruning technique's parameters for one variant's search, chosen by its
/// `Sharp` switches (`Features::pruning`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PruningParams {
    pub reverse_futility: ReverseFutility,
    pub null_move: NullMove,
    pub quiet: QuietPruning,
}

impl PruningParams {
    /// These parameters with every margin on the static score (reverse futility,
    /// futility, the null move's plies per margin) times `scale`: a variant whose
    /// evaluation moves less or more under a quiet move than the hand-made one these
    /// margins were set for (`Features::margin_scale`). Depths, move counts and
    /// exchange (SEE) thresholds, counted in plies and piece values, stay. A scale
    /// of 1.0 changes nothing.
    pub fn scaled(self, scale: f32) -> PruningParams {
        let times = |margin: i32| ((margin as f32 * scale).round() as i32).max(1);
        PruningParams {
            reverse_futility: ReverseFutility {
                margin: times(self.reverse_futility.margin),
                ..self.reverse_futility
            },
            null_move: NullMove {
                margin_per_ply: times(self.null_move.margin_per_ply),
                ..self.null_move
            },
            quiet: QuietPruning {
                futility_margin: times(self.quiet.futility_margin),
                futility_base: (self.quiet.futility_base as f32 * scale).round() as i32,
                ..self.quiet
            },
        }
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
/// and the tunnel lost 9 of its first 10 games at 20k nodes a move. Cheaper forms
/// measured since (nodes to depth 4 over 40 suite positions of each, against this):
/// PV nodes playing the turns their limit held back and searching those that take or
/// give check, +14% and +8%, scored 12-19 at 20k nodes (stonesrelays 8-11, the tunnel
/// 4-8); searching the quiet ones too, straight to quiescence first, 2.8x and 2.3x.
/// What PV nodes do keep past their limit is the turns that mate at once
/// (`MovePicker::keep_mates`): no more nodes but the mates, found by playing only the
/// turns that check.
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
