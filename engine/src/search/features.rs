//! The search techniques each variant switches on (`Profile::search`): pruning
//! and extensions that are sound under some rules and not others, one switch each.
//! Why each variant sets them as it does is said beside its profile (`profile/<v>.rs`).

use super::search_params::{NullMove, PruningParams, QuietPruning, ReverseFutility};

/// Pruning and extensions that are sound for some rules and not for others.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    /// Iterations from `ASPIRATION_DEPTH` on start from a window around the previous
    /// score. Off where the score swings from one depth to the next (flipshatranj):
    /// there the re-searches after a failed window cost more than the window saves.
    pub aspiration: bool,
    pub null_move: bool,
    pub lmr: bool,
    /// The sharper techniques, one switch each (`Sharp`).
    pub sharp: Sharp,
    /// A move that gives check is searched one ply deeper.
    pub check_extension: bool,
    /// The first ply of quiescence also tries the quiet moves that give check
    /// (`movepick::tactical_moves_and_checks`): knightmate's royal knight is caught by a
    /// check a ply sooner. Measured in knightmate only.
    pub quiescence_checks: bool,
    /// Where there is no check: quiescence answers a king the opponent could take
    /// next with every move in its first plies (`QS_THREAT_PLIES`), as it answers a
    /// check, instead of standing pat. A threat made by a flip is then seen a ply
    /// sooner. Costs nodes (many moves times many flips); measured in flipshatranj8.
    pub quiescence_threats: bool,
    /// A long move list's hash move (`movepick::score::is_long`) is tried before the list is
    /// scored; where it cuts off, scoring hundreds of turns is saved. The rest is
    /// then scored with what the hash move's search taught the history, which cost
    /// nodes elsewhere (flipshatranj8's time to depth 7 grew by half). On where a
    /// match showed that it helps (`profile/`).
    pub hash_move_unscored: bool,
    /// Every margin on the static score (`PruningParams::scaled`) times this: 1.0
    /// where the margins were set, for the hand-made evaluations; a learned one may
    /// move by more or less under a quiet move.
    pub margin_scale: f32,
}

impl Features {
    /// How many earlier moves of the line continuation history follows
    /// (`Ordering::follow_up`).
    pub fn follow_up_plies(&self) -> usize {
        match (self.sharp.follow_up_history, self.sharp.own_follow_up) {
            (false, _) => 0,
            (true, false) => 1,
            (true, true) => 2,
        }
    }

    /// The parameters of each pruning technique: its sharper form's where `Sharp`
    /// switches that on, its plain form's elsewhere.
    pub fn pruning(&self) -> PruningParams {
        let sharp = self.sharp;
        let params = PruningParams {
            reverse_futility: if sharp.reverse_futility {
                ReverseFutility::SELECTIVE
            } else {
                ReverseFutility::PLAIN
            },
            null_move: if sharp.null_move_margin {
                NullMove::SELECTIVE
            } else {
                NullMove::PLAIN
            },
            quiet: if sharp.quiet_pruning {
                QuietPruning::SELECTIVE
            } else {
                QuietPruning::PLAIN
            },
        };
        params.scaled(self.margin_scale)
    }

    /// The features of search thread `id` (0 is the main thread). Lazy SMP helpers
    /// leave singular extensions to the main thread: their deeper table entries
    /// qualify more hash moves for the singular test in every thread, so that with
    /// them two threads took as long as one to reach chess's bench depth (1.1x).
    /// Without them a helper's tree at a depth is smaller, it often finishes that
    /// depth first and the main thread takes its result over: 1.35x to 1.61x
    /// (medians of 5 and 7 runs, `benches/threads.sh`). Two threads each, 100 chess
    /// games at 5+0.05 from the suite, helpers without against helpers with:
    /// 27-24-49, +10.4 +/- 49.0 (not worse).
    pub fn for_thread(self, id: usize) -> Features {
        let mut f = self;
        if id != 0 {
            f.sharp.singular_extension = false;
        }
        f
    }
}

/// The sharper techniques measured in the chess family (chess, knightmate, knightrelay,
/// combiningknightmare, flipshatranj8): the last five fields were measured in
/// knightmate, `correction_history` also in the other four (`profile/`);
/// `CHESS_FAMILY` leaves all five but `correction_history` off. Off where they lost in a
/// match (stonesrelays, flipshatranj; correction history there: screens stopped
/// level) or were not measured; each variant may switch each one.
/// Where a switch is off the search uses the plain form (`search_params.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sharp {
    /// Internal iterative reduction: a node without a hash move is searched a ply
    /// shallower.
    pub internal_iterative_reduction: bool,
    /// Reverse futility to a greater depth, with an improving term.
    pub reverse_futility: bool,
    /// A null-move reduction that grows with the margin above beta.
    pub null_move_margin: bool,
    /// The hash move alone is good: it is searched a ply deeper (and multi-cut).
    pub singular_extension: bool,
    /// Quiet moves pruned to a greater depth, by count and by history and threats.
    pub quiet_pruning: bool,
    /// Late-move reductions grow where the side is not improving and shrink with the
    /// move's history.
    pub reductions_by_history: bool,
    /// Quiescence probes and stores the transposition table.
    pub quiescence_hash: bool,
    /// Countermoves and continuation history order quiet moves.
    pub follow_up_history: bool,
    /// Continuation history also follows our own previous move, two plies up (with
    /// `follow_up_history` only).
    pub own_follow_up: bool,
    /// Where the stored score of a node bounds its static score from the right side,
    /// pruning on the static score uses the stored one.
    pub stored_score_as_eval: bool,
    /// Late quiet moves are reduced a ply more where the hash move is a capture.
    pub capture_hash_reduction: bool,
    /// The static score is corrected by what searches of the same pawn structure
    /// and of the same pieces of either side found (`correction::Correction`).
    /// Knightmate, against the build without it, by pawns alone: +16.0 +/- 18.8 Elo
    /// over 1,000 games at 15,000 nodes a move and +5.7 +/- 11.3 points against
    /// Fairy-Stockfish at 10+0.1 over 96 paired games; the piece tables added:
    /// +11.1 +/- 18.6 and (with the mended hash) +12.5 +/- 18.6 Elo more on two
    /// screens at 15,000 nodes, not shown either way at 10+0.1 (-3.0 +/- 11.2 points
    /// over 66 games paired in the same hours; docs/strength-log.md). The other variants'
    /// screens are with their profiles (`profile/`).
    pub correction_history: bool,
    /// Shallow nodes on the principal variation skip moves as the others do (as in
    /// Stockfish), the root aside. Knightmate and the stones variants, against the
    /// build without it: see `profile/knightmate.rs` and `profile/stones.rs`.
    pub pv_pruning: bool,
    /// At a PV node, a later move's null-window fail high is searched again with the
    /// null window, the child's own table cutoff left out, before the full-window
    /// re-search (`Worker::search_child`). Flipshatranj: see `profile/flip.rs`.
    pub verified_fail_high: bool,
}

impl Sharp {
    /// Every sharper technique measured in knightmate (knightmate's); not
    /// `verified_fail_high`, measured in flipshatranj alone.
    pub const ALL: Sharp = Sharp {
        internal_iterative_reduction: true,
        reverse_futility: true,
        null_move_margin: true,
        singular_extension: true,
        quiet_pruning: true,
        reductions_by_history: true,
        quiescence_hash: true,
        follow_up_history: true,
        own_follow_up: true,
        stored_score_as_eval: true,
        capture_hash_reduction: true,
        correction_history: true,
        pv_pruning: true,
        verified_fail_high: false,
    };

    /// Every technique but four measured in knightmate alone (`own_follow_up`,
    /// `stored_score_as_eval`, `capture_hash_reduction`, `pv_pruning`): chess,
    /// knightrelay, combiningknightmare and (with two more off) flipshatranj8.
    pub const CHESS_FAMILY: Sharp = Sharp {
        own_follow_up: false,
        stored_score_as_eval: false,
        capture_hash_reduction: false,
        pv_pruning: false,
        ..Sharp::ALL
    };

    /// None: the plain forms only.
    pub const NONE: Sharp = Sharp {
        internal_iterative_reduction: false,
        reverse_futility: false,
        null_move_margin: false,
        singular_extension: false,
        quiet_pruning: false,
        reductions_by_history: false,
        quiescence_hash: false,
        follow_up_history: false,
        own_follow_up: false,
        stored_score_as_eval: false,
        capture_hash_reduction: false,
        correction_history: false,
        pv_pruning: false,
        verified_fail_high: false,
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchProfile;
    use crate::variant::Variant;

    #[test]
    fn helpers_search_without_singular_extensions() {
        let chess = Variant::Chess.features();
        assert!(chess.for_thread(0).sharp.singular_extension);
        let helper = chess.for_thread(1);
        assert!(!helper.sharp.singular_extension);
        // Nothing else differs.
        let again = Sharp {
            singular_extension: true,
            ..helper.sharp
        };
        assert_eq!(again, chess.sharp);
    }

    /// The variants whose search has `switch` on, in `Variant::ALL`'s order.
    fn variants_with(switch: fn(&Features) -> bool) -> Vec<Variant> {
        Variant::ALL
            .into_iter()
            .filter(|v| switch(&v.features()))
            .collect()
    }

    /// On where a match showed that it helps (chess's search, which a new variant
    /// starts from, has it); off where screens stopped level near 200 games
    /// (stonesrelays and flipshatranj) or none were played (stonesrelays-tunnel).
    #[test]
    fn correction_history_is_off_where_no_match_showed_that_it_helps() {
        assert_eq!(
            variants_with(|f| !f.sharp.correction_history),
            [
                Variant::StonesRelays,
                Variant::StonesRelaysTunnel,
                Variant::FlipShatranj,
            ]
        );
        assert!(Variant::Chess.features().sharp.correction_history);
    }

    /// Knightmate alone: its node screen gained; chess's, knightrelay's,
    /// combiningknightmare's and flipshatranj8's lost; the stones variants' won at fixed
    /// nodes but lost at a clock (docs/strength-log.md). Flipshatranj was not screened.
    #[test]
    fn pv_pruning_is_on_where_a_screen_showed_that_it_helps() {
        assert_eq!(variants_with(|f| f.sharp.pv_pruning), [Variant::Knightmate]);
    }

    /// Flipshatranj alone: there a bound from another thread's deeper iteration sent
    /// null-window searches the wrong way (docs/strength-log.md).
    #[test]
    fn fail_highs_are_verified_in_flipshatranj_alone() {
        assert_eq!(
            variants_with(|f| f.sharp.verified_fail_high),
            [Variant::FlipShatranj]
        );
    }

    /// Flipshatranj alone: its matches gained; flipshatranj8's and stonesrelays' lost
    /// (docs/strength-log.md).
    #[test]
    fn hash_moves_go_unscored_in_flipshatranj_alone() {
        assert_eq!(
            variants_with(|f| f.hash_move_unscored),
            [Variant::FlipShatranj]
        );
    }

    #[test]
    fn flipshatranj_iterations_start_without_an_aspiration_window() {
        assert!(!Variant::FlipShatranj.features().aspiration);
        assert!(Variant::FlipShatranj8.features().aspiration);
        assert!(Variant::Chess.features().aspiration);
    }

    /// A scale of 1.0 leaves every variant's margins as set; another scales the
    /// margins on the static score alone, never a depth or a move count.
    #[test]
    fn margin_scale_scales_the_margins_alone() {
        for v in Variant::ALL {
            let p = v.features().pruning();
            assert_eq!(p.scaled(1.0), p, "{v}");
        }
        let p = Features {
            margin_scale: 1.0,
            ..Variant::Chess.features()
        }
        .pruning();
        let half = p.scaled(0.5);
        assert_eq!(half.reverse_futility.margin, p.reverse_futility.margin / 2);
        assert_eq!(
            half.null_move.margin_per_ply,
            p.null_move.margin_per_ply / 2
        );
        assert_eq!(half.quiet.futility_margin, p.quiet.futility_margin / 2);
        assert_eq!(half.quiet.futility_base, p.quiet.futility_base / 2);
        let unscaled = PruningParams {
            reverse_futility: ReverseFutility {
                margin: p.reverse_futility.margin,
                ..half.reverse_futility
            },
            null_move: NullMove {
                margin_per_ply: p.null_move.margin_per_ply,
                ..half.null_move
            },
            quiet: QuietPruning {
                futility_margin: p.quiet.futility_margin,
                futility_base: p.quiet.futility_base,
                ..half.quiet
            },
        };
        assert_eq!(unscaled, p);
    }
}
