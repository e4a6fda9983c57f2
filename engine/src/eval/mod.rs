//! Static evaluation: material, piece placement, mobility and the safety of the royal
//! piece, tapered between middlegame and endgame. The terms are shared; each variant
//! brings its numbers (`weights`) and, where its rules need it, terms of its own, which
//! live in its own files (its engine profile's `terms`, through `Evaluate`) and build
//! on the shared ones here (`side_terms`, `tapered`, `royal_zone`).

pub mod accumulator;
pub mod header;
pub mod inputs;
pub mod network;
pub mod nnue;
pub mod trace;
pub mod weights;

use crate::bitboard::Bitboard;
use crate::geometry::{Square, Tables};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::rules::orthodox::{attacks as orthodox_attacks, piece_attacks};
use crate::variant::Variant;

use std::marker::PhantomData;
use std::sync::OnceLock;
pub use weights::{NoTerms, OwnTerms, Weights};

/// What the evaluation reads of a variant's engine profile. The profile
/// (`crate::profile`, above the evaluation) implements it for `Variant`, so that the
/// evaluation names no module above it.
pub trait EvalProfile: Copy {
    /// The text of the variant's weights file (`engine/weights/`), which `weights`
    /// reads.
    fn weights_file(self) -> &'static str;
    /// The learned correction (`network`), if the variant has one.
    fn network(self) -> Option<&'static [u8]>;
    /// The learned evaluation (`nnue`, `Evaluation=nnue`), if the variant has one.
    fn nnue(self) -> Option<&'static [u8]>;
    /// The evaluation the variant is searched with unless told otherwise
    /// (`Style::Auto`): never `Auto` itself.
    fn evaluation(self) -> Style;
}

/// The variant's evaluation weights (`Profile::weights`, its file in
/// `engine/weights/`): the built-in evaluator's (`built_in`).
pub fn weights(variant: Variant) -> &'static Weights {
    built_in(variant).weights()
}

/// The variant's evaluator under its own weights, made on first use. A test reads
/// every variant's file, so the built-in files are known good: a broken one stops the
/// build's tests, not a game.
pub fn built_in(variant: Variant) -> &'static dyn Evaluator {
    static BUILT_IN: PerVariant<Box<dyn Evaluator>> = PerVariant::new();
    let made = BUILT_IN.get_or_init(variant, || {
        Weights::parse(variant.weights_file(), variant)
            .and_then(|w| evaluator(variant, w))
            .unwrap_or_else(|e| panic!("the built-in weights of {}: {e}", variant.name()))
    });
    made.as_ref()
}

/// The hand-made evaluation of one variant's positions under one set of weights: the
/// weights and the record of the variant's own terms (`Evaluate::Own`), read from them
/// once, when the evaluator is made (`evaluator`), so that an evaluation finds the
/// record as it is, with no look-up or check of its type.
pub trait Evaluator: Send + Sync {
    /// The evaluation of `pos`, a position of the evaluator's variant, from the side
    /// to move's point of view.
    fn weighted(&self, pos: &Position) -> i32;
    /// The weights it evaluates with.
    fn weights(&self) -> &Weights;
    /// The same variant's evaluator under its weights with the numbers of `tunable`
    /// replaced by `values` (`Weights::with_tunable`): a tuner's next try.
    fn with_tunable(&self, values: &[i32]) -> Box<dyn Evaluator>;
}

/// `variant`'s evaluator under `weights` (the variant's own: `built_in`; a tuner's:
/// `baton tune`); `Err` where the weights do not hold the variant's own terms.
pub fn evaluator(variant: Variant, weights: Weights) -> Result<Box<dyn Evaluator>, String> {
    crate::rules::dispatch!(variant, R => Ok(Box::new(Weighed::<R>::new(weights)?)))
}

/// The evaluation of `pos` under weights `w` (the variant's), with an evaluator made
/// for this one call: for a position or a few (a trace, a test). What evaluates many
/// positions under one set of weights (`baton tune`) makes their `evaluator` once.
pub fn weighted(pos: &Position, w: &Weights) -> i32 {
    evaluator(pos.variant, w.clone())
        .unwrap_or_else(|e| panic!("weights that are not {}'s: {e}", pos.variant.name()))
        .weighted(pos)
}

/// An `Evaluator` for the variant whose rules are `R`.
struct Weighed<R: Evaluate> {
    weights: Weights,
    own: R::Own,
    rules: PhantomData<fn() -> R>,
}

impl<R: Evaluate> Weighed<R> {
    fn new(weights: Weights) -> Result<Weighed<R>, String> {
        let own = weights.own_terms()?;
        Ok(Weighed {
            weights,
            own,
            rules: PhantomData,
        })
    }
}

impl<R: Evaluate + 'static> Evaluator for Weighed<R> {
    fn weighted(&self, pos: &Position) -> i32 {
        R::weighted(pos, &self.weights, &self.own)
    }

    fn weights(&self) -> &Weights {
        &self.weights
    }

    fn with_tunable(&self, values: &[i32]) -> Box<dyn Evaluator> {
        let tried = Weighed::<R>::new(self.weights.with_tunable(values));
        Box::new(tried.expect("other numbers in the same form read as the same record"))
    }
}

/// One value per variant, made on its first use (the built-in weights and nets, read
/// from the profile's bytes once).
pub(crate) struct PerVariant<T>([OnceLock<T>; Variant::ALL.len()]);

impl<T> PerVariant<T> {
    pub const fn new() -> PerVariant<T> {
        PerVariant([const { OnceLock::new() }; Variant::ALL.len()])
    }

    /// `variant`'s value, made by `init` if this is its first use.
    pub fn get_or_init(&self, variant: Variant, init: impl FnOnce() -> T) -> &T {
        self.0[variant.index()].get_or_init(init)
    }
}

/// A variant's evaluation, implemented by its type (the one `rules::dispatch!`), by
/// default the chess family's. Its engine profile (`crate::profile`) says which, and
/// holds the terms of its own, if any, beside it.
pub trait Evaluate {
    /// The record of the terms of its own that its weights file holds (`[own.<name>]`,
    /// read once by the `Evaluator` of a set of weights), in the variant's own files;
    /// `NoTerms` where it has none.
    type Own: OwnTerms;

    /// The evaluation under the given weights, whose own terms are `own`, from the
    /// side to move's point of view.
    fn weighted(pos: &Position, w: &Weights, _own: &Self::Own) -> i32 {
        chess_family(pos, w)
    }
}

/// Which evaluation the search uses. `Auto` is the variant's own
/// (`EvalProfile::evaluation`: the learned one where its net has beaten the hand-made
/// one in matches, knightmate's, knightrelay's and combiningknightmare's; the classical
/// one elsewhere).
/// `Classical` is the hand-made one (with its learned correction where the variant has
/// one); `Nnue` the learned evaluation (`nnue`) where the variant has a net, else the
/// classical one; `Material` counts material only: the baseline that matches prove the
/// full evaluation against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    #[default]
    Auto,
    Classical,
    Nnue,
    Material,
}

impl Style {
    pub const NAMES: [&'static str; 4] = ["auto", "classical", "nnue", "material"];
    pub fn name(self) -> &'static str {
        match self {
            Style::Auto => "auto",
            Style::Classical => "classical",
            Style::Nnue => "nnue",
            Style::Material => "material",
        }
    }
    /// `full`, the classical evaluation's name before there was a net, still reads;
    /// so does `default`, `auto`'s first name (a UCI combo cannot offer a value named
    /// `default`: in `option ... type combo default default var default` a host such as
    /// cutechess-cli cannot tell the word from the value, and refused the option).
    pub fn from_name(name: &str) -> Option<Style> {
        match name.trim().to_ascii_lowercase().as_str() {
            "auto" | "default" => Some(Style::Auto),
            "classical" | "full" => Some(Style::Classical),
            "nnue" => Some(Style::Nnue),
            "material" => Some(Style::Material),
            _ => None,
        }
    }

    /// The evaluation `variant` is searched with in this style: `Auto` is the
    /// variant's own, every other style itself.
    pub fn of(self, variant: Variant) -> Style {
        match self {
            Style::Auto => variant.evaluation(),
            style => style,
        }
    }
}

/// What a search thread keeps between evaluations: the first layers of the learned
/// correction and of the learned evaluation, as of the positions they saw last.
#[derive(Clone, Debug, Default)]
pub struct Accumulators {
    pub correction: network::Accumulator,
    pub nnue: nnue::Accumulator,
}

/// The evaluation in the given style, from the side to move's point of view, for a
/// search thread: a learned correction or evaluation updates the thread's `acc` rather
/// than start afresh (the same number as `evaluate`'s).
pub fn evaluate_with(pos: &Position, style: Style, acc: &mut Accumulators) -> i32 {
    match style.of(pos.variant) {
        Style::Nnue => match nnue::of(pos.variant) {
            Some(net) => net.evaluate_from(pos, &mut acc.nnue),
            None => classical(pos, acc),
        },
        Style::Classical | Style::Auto => classical(pos, acc),
        Style::Material => material(pos),
    }
}

/// The hand-made evaluation plus the learned correction where the variant has one.
fn classical(pos: &Position, acc: &mut Accumulators) -> i32 {
    let hand_made = built_in(pos.variant).weighted(pos);
    match network::of(pos.variant) {
        Some(net) => hand_made + net.correction_from(pos, &mut acc.correction),
        None => hand_made,
    }
}

/// Material balance only (middlegame values), from the side to move's point of view.
/// A Knightmare (combiningknightmare) counts nothing for either side: the baseline its
/// evaluation of shared pieces must beat.
pub fn material(pos: &Position) -> i32 {
    let w = weights(pos.variant);
    let alone = !pos.shared();
    let mut score = 0;
    for role in Role::ALL {
        let v = w.material[role.idx()].0;
        score += v
            * ((pos.pieces(Color::White, role) & alone).count() as i32
                - (pos.pieces(Color::Black, role) & alone).count() as i32);
    }
    if pos.side == Color::White {
        score
    } else {
        -score
    }
}

/// The classical evaluation from the side to move's point of view, in centipawns (a
/// learned correction computed afresh).
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, Style::Classical, &mut Accumulators::default())
}

/// The evaluation of the chess family (chess, knightmate) under the given weights.
pub fn chess_family(pos: &Position, w: &Weights) -> i32 {
    // Threats and safe checks need what both sides attack: the attack maps are
    // gathered while the sides' terms are computed.
    let mut maps = [AttackMaps::default(); 2];
    let mut sides = [(0, 0); 2];
    for us in Color::BOTH {
        sides[us.idx()] = side_terms_mapped(
            pos,
            w,
            us,
            |role, sq, occ| orthodox_attacks(pos, us, role, sq, occ),
            &mut maps[us.idx()],
        );
    }
    for us in Color::BOTH {
        let (mg, eg) = threats(pos, w, us, &maps[us.idx()], &maps[us.other().idx()]);
        sides[us.idx()].0 += mg;
        sides[us.idx()].1 += eg;
    }
    blend(pos, w, sides[0], sides[1])
}

/// What one side's pieces attack (pawns, minor pieces, rooks, per role), gathered by
/// `side_terms_mapped` for the terms that weigh both sides' attacks.
#[derive(Clone, Copy, Default)]
pub(crate) struct AttackMaps {
    pub all: Bitboard,
    /// Squares attacked by two pieces or more.
    pub twice: Bitboard,
    pub by_role: [Bitboard; crate::piece::NROLES],
    /// Pieces (not pawns, not the royal piece) attacking the enemy royal zone, per
    /// role, and their attacks on its squares.
    pub zone_attackers: [i32; crate::piece::NROLES],
    pub zone_attacks: i32,
}

impl AttackMaps {
    fn add(&mut self, role: Role, atts: Bitboard) {
        self.twice |= self.all & atts;
        self.all |= atts;
        self.by_role[role.idx()] |= atts;
    }
}

/// Threats of `us` against the other side's pieces, and safe checks against its royal
/// piece (`mine`: what `us` attacks; `theirs`: what the other side attacks); nothing
/// where the variant's weights have no threat terms.
fn threats(
    pos: &Position,
    w: &Weights,
    us: Color,
    mine: &AttackMaps,
    theirs: &AttackMaps,
) -> (i32, i32) {
    let Some(w) = &w.threats else {
        return (0, 0);
    };
    let them = us.other();
    let royals = pos.royals(them);
    let targets = pos.color_bb(them) & !pos.pieces(them, Role::Pawn) & !royals;
    let (mut mg, mut eg) = (0, 0);
    // Pieces attacked by a minor piece (bishop, knight, commoner) or a rook: the
    // victim is worth more, or is undefended.
    let minors = mine.by_role[Role::Bishop.idx()]
        | mine.by_role[Role::Knight.idx()]
        | mine.by_role[Role::Commoner.idx()];
    let rooks = mine.by_role[Role::Rook.idx()];
    for sq in targets & (minors | rooks) {
        let Some(role) = pos.role_at(them, sq) else {
            continue;
        };
        let (m, e) = if minors.has(sq) {
            w.by_minor[role.idx()]
        } else {
            w.by_rook[role.idx()]
        };
        mg += m;
        eg += e;
    }
    // Hanging: attacked and not defended, or attacked twice and defended once.
    let hanging =
        (targets & mine.all & (!theirs.all | (mine.twice & !theirs.twice))).count() as i32;
    mg += hanging * w.hanging.0;
    eg += hanging * w.hanging.1;
    // Safe checks: squares from which a piece of ours would attack the royal piece,
    // that such a piece reaches, that we do not occupy and the enemy does not guard.
    let occ = pos.occupied();
    let safe = !pos.color_bb(us) & !theirs.all;
    let (mut safe_checks, mut unsafe_checks) = (0, 0);
    for royal in royals {
        for role in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Commoner,
        ] {
            let reach = mine.by_role[role.idx()] & !pos.color_bb(us);
            if reach.is_empty() {
                continue;
            }
            let from = piece_attacks(pos, role, royal, occ) & reach;
            let checks = (from & safe).count() as i32;
            safe_checks += checks;
            unsafe_checks += from.count() as i32 - checks;
            mg += checks * w.safe_check;
        }
    }
    let danger = royal_danger(
        pos,
        &w.danger,
        them,
        mine,
        theirs,
        safe_checks,
        unsafe_checks,
    );
    (mg + danger * danger / 4096, eg + danger / 16)
}

/// The danger to the royal piece of `them` (0 when small): how many of our pieces
/// attack the squares around it and which, how often, the squares there that only
/// the royal piece or the queen defends, the checks, and the attacks on its flank
/// (`mine`: what we attack; `theirs`: what they attack). Squared by the caller: one
/// attacker is harmless, a gathering of them decides the game.
fn royal_danger(
    pos: &Position,
    w: &weights::DangerWeights,
    them: Color,
    mine: &AttackMaps,
    theirs: &AttackMaps,
    safe_checks: i32,
    unsafe_checks: i32,
) -> i32 {
    if *w == weights::NO_DANGER {
        return 0;
    }
    let t = pos.tables;
    let count: i32 = mine.zone_attackers.iter().sum();
    let weight: i32 = mine
        .zone_attackers
        .iter()
        .zip(w.attacker)
        .map(|(n, v)| n * v)
        .sum();
    let strong_guards = theirs.all
        & !(theirs.by_role[Role::King.idx()] | theirs.by_role[Role::Queen.idx()])
        | theirs.twice;
    let weak = (royal_zone(pos, them) & mine.all & !strong_guards).count() as i32;
    // The flank: the royal piece's file and two either side, on the five ranks
    // nearest its own side (on 8 ranks; half the board and one rank elsewhere).
    let mut flank = Bitboard::EMPTY;
    for royal in pos.royals(them) {
        let file = i32::from(t.file_of(royal));
        for f in (file - 2).max(0)..=(file + 2).min(i32::from(t.width) - 1) {
            flank |= t.files[f as usize];
        }
    }
    let half = t.height as usize / 2 + 1;
    let camp = (0..half).fold(Bitboard::EMPTY, |b, r| {
        b | t.ranks[if them == Color::White {
            r
        } else {
            t.height as usize - 1 - r
        }]
    });
    let flank = flank & camp;
    let flank_attack = ((mine.all & flank).count() + (mine.twice & flank).count()) as i32;
    let flank_defence = (theirs.all & flank).count() as i32;
    let danger = count * weight
        + mine.zone_attacks * w.zone_attack
        + weak * w.weak
        + safe_checks * w.check
        + unsafe_checks * w.unsafe_check
        + flank_attack * flank_attack * w.flank_attack / 8
        - flank_defence * w.flank_defence
        + w.base;
    danger.clamp(0, 2500)
}

/// Tapers the (middlegame, endgame) terms of each side by the game phase and turns
/// them into the side to move's score.
pub(crate) fn tapered(pos: &Position, w: &Weights, terms: impl Fn(Color) -> (i32, i32)) -> i32 {
    blend(pos, w, terms(Color::White), terms(Color::Black))
}

/// White's and Black's (middlegame, endgame) terms as the side to move's score.
fn blend(pos: &Position, w: &Weights, white: (i32, i32), black: (i32, i32)) -> i32 {
    let mg = white.0 - black.0;
    let eg = white.1 - black.1;
    let phase = game_phase(pos, w);
    let score = (mg * phase + eg * (256 - phase)) / 256;
    let score = if pos.side == Color::White {
        score
    } else {
        -score
    };
    score + w.tempo
}

/// 256 at full material, 0 with only pawns and royals.
fn game_phase(pos: &Position, w: &Weights) -> i32 {
    let start = 2
        * (2 * w.material[Role::Knight.idx()]
            .0
            .max(w.material[Role::Commoner.idx()].0)
            + 2 * w.material[Role::Bishop.idx()].0
            + 2 * w.material[Role::Rook.idx()].0
            + w.material[Role::Queen.idx()].0);
    let mut now = 0;
    for color in Color::BOTH {
        for role in Role::ALL {
            if role != Role::Pawn && role != Role::King {
                now += pos.pieces(color, role).count() as i32 * w.material[role.idx()].0;
            }
        }
    }
    (now * 256 / start.max(1)).clamp(0, 256)
}

/// Steps from the board's centre (0 on the central squares).
pub(crate) fn centre_distance(t: &Tables, sq: Square) -> i32 {
    i32::from(t.centre_distance[sq.idx()])
}

/// The squares around the royal piece that an attacker wants to reach.
pub(crate) fn royal_zone(pos: &Position, color: Color) -> Bitboard {
    let t = pos.tables;
    let mut zone = Bitboard::EMPTY;
    for sq in pos.royals(color) {
        zone |= t.king[sq.idx()] | Bitboard::from_square(sq);
        if pos.variant.royal_is_knight() {
            zone |= t.knight[sq.idx()];
        }
    }
    zone
}

/// (middlegame, endgame) terms of one side. `attacks(role, square, occupancy)` says
/// what a piece of `us` attacks: it feeds mobility and the pressure on the enemy
/// royal zone, so a variant whose pieces attack differently passes its own.
pub(crate) fn side_terms(
    pos: &Position,
    w: &Weights,
    us: Color,
    attacks: impl Fn(Role, Square, Bitboard) -> Bitboard,
) -> (i32, i32) {
    side_terms_mapped(pos, w, us, attacks, &mut AttackMaps::default())
}

/// `side_terms`, also gathering what the side attacks into `maps` (emptied first).
fn side_terms_mapped(
    pos: &Position,
    w: &Weights,
    us: Color,
    attacks: impl Fn(Role, Square, Bitboard) -> Bitboard,
    maps: &mut AttackMaps,
) -> (i32, i32) {
    let t = pos.tables;
    let occ = pos.occupied();
    let own = pos.color_bb(us);
    // Knightmares' material is the variant's own term (`combining`).
    let shared = pos.shared();
    let enemy_zone = royal_zone(pos, us.other());
    let max_dist = (t.width.max(t.height) as i32) / 2 - 1;
    let (mut mg, mut eg) = (0, 0);
    let mut attack_units = 0;
    *maps = AttackMaps::default();
    // What the enemy pawns attack: the mobility area and the pawn threats of
    // `structure` both read it.
    let enemy_pawn_attacks = pawn_attacks(pos, us.other());
    let mobility_area = if w.mobility_area {
        !own & !enemy_pawn_attacks
    } else {
        !own
    };
    for role in Role::ALL {
        let (m_val, e_val) = w.material[role.idx()];
        let (m_c, e_c) = w.centre[role.idx()];
        let (m_mob, e_mob) = w.mobility[role.idx()];
        for sq in pos.pieces(us, role) {
            if !shared.has(sq) {
                mg += m_val;
                eg += e_val;
            }
            let central = max_dist - centre_distance(t, sq);
            if let Some(ranks) = &w.rank {
                // A row per rank of the board (`Weights::parse` checks it).
                let r = t.relative_rank(us, sq) as usize;
                mg += ranks[role.idx()][r].0;
                eg += ranks[role.idx()][r].1;
            }
            match role {
                Role::Pawn => {
                    let adv = t.relative_rank(us, sq) as i32 - 1;
                    mg += adv * w.pawn_advance.0;
                    eg += adv * w.pawn_advance.1;
                    let atts = attacks(role, sq, occ);
                    maps.add(role, atts);
                    attack_units += (atts & enemy_zone).count() as i32;
                }
                Role::King => {
                    let atts = attacks(role, sq, occ);
                    maps.add(role, atts);
                    // Shelter in the middlegame, activity in the endgame.
                    mg -= central * w.royal_shelter;
                    eg += central * w.royal_activity;
                }
                _ => {
                    mg += central * m_c;
                    eg += central * e_c;
                    let atts = attacks(role, sq, occ);
                    maps.add(role, atts);
                    let mobility = (atts & mobility_area).count() as i32;
                    mg += mobility * m_mob;
                    eg += mobility * e_mob;
                    let on_zone = (atts & enemy_zone).count() as i32;
                    attack_units += on_zone;
                    if on_zone > 0 {
                        maps.zone_attackers[role.idx()] += 1;
                        maps.zone_attacks += on_zone;
                    }
                }
            }
        }
    }
    let (s_mg, s_eg) = structure(pos, w, us, enemy_pawn_attacks);
    let trap = royal_trap(pos, w, us.other(), maps.all);
    // Attacks on the enemy royal zone grow faster than linearly.
    let danger = (attack_units * attack_units * w.royal_attack / 4).min(500);
    (mg + s_mg + danger + trap, eg + s_eg + danger / 2 + trap)
}

/// The squares the pawns of `color` attack (orthodox pawns).
fn pawn_attacks(pos: &Position, color: Color) -> Bitboard {
    let t = &pos.tables.pawn_attacks[color.idx()];
    pos.pieces(color, Role::Pawn)
        .fold(Bitboard::EMPTY, |b, sq| b | t[sq.idx()])
}

/// `w.royal_trap` for the royal pieces of `color`, given the squares its enemy
/// attacks.
fn royal_trap(pos: &Position, w: &Weights, color: Color, attacked: Bitboard) -> i32 {
    if w.royal_trap == [0; 9] {
        return 0;
    }
    let t = pos.tables;
    let own = pos.color_bb(color);
    pos.royals(color)
        .map(|sq| {
            let moves = if pos.variant.royal_is_knight() {
                t.knight[sq.idx()]
            } else {
                t.king[sq.idx()]
            };
            let safe = (moves & !own & !attacked).count() as usize;
            w.royal_trap[safe.min(8)]
        })
        .sum()
}

/// Pawn structure (passed, isolated, doubled pawns), rooks on open files, the bishop
/// pair and pieces attacked by pawns, for `us`. Pawns here are orthodox: they advance
/// up the file and take diagonally forward. `enemy_pawn_attacks`: what the enemy pawns attack.
fn structure(pos: &Position, w: &Weights, us: Color, enemy_pawn_attacks: Bitboard) -> (i32, i32) {
    let Some(w) = &w.structure else {
        return (0, 0);
    };
    let t = pos.tables;
    let them = us.other();
    let own_pawns = pos.pieces(us, Role::Pawn);
    let enemy_pawns = pos.pieces(them, Role::Pawn);
    let (mut mg, mut eg) = (0, 0);
    // Set-wise: `forward` moves a board one rank up or down, `span` fills every
    // square beyond a board's squares on their files in that direction.
    let width = t.width as u32;
    let span = |b: Bitboard, up: bool| {
        let mut r = b;
        let mut step = width;
        while step < width * t.height as u32 {
            r |= if up { r.shl(step) } else { r.shr(step) };
            step *= 2;
        }
        r & t.all
    };
    let up = us == Color::White;
    let forward = |b: Bitboard, up: bool| {
        if up {
            b.shl(width) & t.all
        } else {
            b.shr(width)
        }
    };
    let sideways = |b: Bitboard| {
        (b.shl(1) & !t.files[0] & t.all) | (b.shr(1) & !t.files[t.width as usize - 1])
    };
    // Squares an enemy pawn stands in front of, on its file: our pawns there or on
    // the next files have an enemy pawn ahead of them, and are not passed.
    let enemy_front = span(forward(enemy_pawns, !up), !up);
    let passed = own_pawns & !(enemy_front | sideways(enemy_front));
    for sq in passed {
        let adv = t.relative_rank(us, sq) as i32 - 1;
        mg += w.passed.0 * adv * adv;
        eg += w.passed.1 * adv * adv;
    }
    let own_files = span(own_pawns, true) | span(own_pawns, false);
    let isolated = (own_pawns & !sideways(own_files)).count() as i32;
    mg -= w.isolated.0 * isolated;
    eg -= w.isolated.1 * isolated;
    // Pawns with another of their own in front on the file.
    let doubled = (own_pawns & span(forward(own_pawns, !up), !up)).count() as i32;
    mg -= w.doubled.0 * doubled;
    eg -= w.doubled.1 * doubled;
    for sq in pos.pieces(us, Role::Rook) {
        let file = t.files[t.file_of(sq) as usize];
        if (own_pawns & file).is_empty() {
            let (m, e) = if (enemy_pawns & file).is_empty() {
                w.rook_open_file
            } else {
                w.rook_half_open_file
            };
            mg += m;
            eg += e;
        }
    }
    if pos.pieces(us, Role::Bishop).more_than_one() {
        mg += w.bishop_pair.0;
        eg += w.bishop_pair.1;
    }
    let threatened = (enemy_pawn_attacks & pos.color_bb(us) & !own_pawns & !pos.royals(us)).count();
    mg -= w.pawn_threat.0 * threatened as i32;
    eg -= w.pawn_threat.1 * threatened as i32;
    if w.space != 0 {
        // Room to manoeuvre behind the own pawns: central squares of the own second
        // to fourth ranks that no enemy pawn attacks, counted twice up to three
        // squares behind an own pawn; worth more with more pieces to use it.
        let h = t.height as usize;
        let ranks = if up {
            t.ranks[1] | t.ranks[2] | t.ranks[3]
        } else {
            t.ranks[h - 2] | t.ranks[h - 3] | t.ranks[h - 4]
        };
        let centre = (2..t.width as usize - 2).fold(Bitboard::EMPTY, |b, f| b | t.files[f]);
        let safe = ranks & centre & !own_pawns & !enemy_pawn_attacks;
        let back = forward(own_pawns, !up);
        let behind = back | forward(back, !up) | forward(forward(back, !up), !up);
        let bonus = (safe.count() + (safe & behind).count()) as i32;
        let pieces = pos.color_bb(us).count() as i32 - 1;
        mg += bonus * pieces * pieces * w.space / 256;
    }
    (mg, eg)
}

/// What the variants' evaluation tests share.
#[cfg(test)]
pub(crate) mod testing {
    use crate::{Position, Variant};

    /// `variant`'s evaluation of `fen`, from the side to move's view.
    pub fn eval(variant: Variant, fen: &str) -> i32 {
        super::evaluate(&Position::from_fen(variant, fen).expect("FEN"))
    }

    /// Each `(better, worse)` pair of FENs: `better` evaluates higher in `variant`.
    pub fn prefers(variant: Variant, pairs: &[(&str, &str)]) {
        for &(better, worse) in pairs {
            let (b, w) = (eval(variant, better), eval(variant, worse));
            assert!(b > w, "{variant}: {better} ({b}) <= {worse} ({w})");
        }
    }

    /// `a` and `b` (the same position with colours swapped and the board mirrored)
    /// evaluate the same in `variant`.
    pub fn symmetric(variant: Variant, a: &str, b: &str) {
        assert_eq!(eval(variant, a), eval(variant, b), "{variant}: {a} ~ {b}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// Every variant with its start position and the position after its first legal
    /// move (so that both sides to move are seen).
    pub(super) fn openings() -> impl Iterator<Item = (Variant, Position, Position)> {
        Variant::ALL.into_iter().map(|v| {
            let start = Position::startpos(v);
            let first = crate::rules::legal_move_list(&start)[0];
            let after = start.play(first);
            (v, start, after)
        })
    }

    /// Every built-in learned evaluation fits this build: its board, roles, hidden size,
    /// and the correction's hand-made weights or the net's quantization. A retune of a
    /// variant's weights fails here until its correction is trained again.
    #[test]
    fn every_variants_network_and_net_read() {
        for v in Variant::ALL {
            if let Some(bytes) = v.network() {
                if let Err(e) = network::Network::read(bytes, v) {
                    panic!("{}'s network: {e}", v.name());
                }
                assert!(network::of(v).is_some());
            }
            if let Some(bytes) = v.nnue() {
                if let Err(e) = nnue::Network::read(bytes, v) {
                    panic!("{}'s net: {e}", v.name());
                }
                assert!(nnue::of(v).is_some());
            }
        }
    }

    /// A net is its own variant's: a profile made from another's (`..CHESS`,
    /// `..STONES_RELAYS`) does not take its net along, although its header (board and
    /// pieces) would fit: knightrelay's, made from chess's profile, is its own file, and
    /// the tunnel, made from stonesrelays', has none.
    #[test]
    fn only_chess_knightmate_knightrelay_combiningknightmare_and_stonesrelays_have_nets() {
        for v in Variant::ALL {
            let own = matches!(
                v,
                Variant::Chess
                    | Variant::Knightmate
                    | Variant::KnightRelay
                    | Variant::CombiningKnightmare
                    | Variant::StonesRelays
            );
            assert_eq!(v.nnue().is_some(), own, "{}", v.name());
        }
        assert_ne!(Variant::KnightRelay.nnue(), Variant::Chess.nnue());
    }

    /// `baton tune` moves the weights of every variant: each evaluation reads the
    /// weights it is given, and the variant's own give `evaluate` (less the learned
    /// correction, where the variant has one).
    #[test]
    fn each_variant_s_evaluation_follows_the_weights_it_is_given() {
        for (v, _, pos) in openings() {
            let hand_made = evaluate(&pos) - network::of(v).map_or(0, |n| n.correction(&pos));
            assert_eq!(weighted(&pos, weights(v)), hand_made, "{v}");
            let mut w = weights(v).clone();
            w.tempo += 7;
            assert_eq!(weighted(&pos, &w), hand_made + 7, "{v}");
        }
    }

    /// The terms a variant adds are fitted with the rest: they are among the tunable
    /// numbers, and the evaluation reads them from the weights it is given.
    #[test]
    fn each_variant_s_own_terms_are_tunable_and_followed() {
        for (v, fen, name) in [
            // After 1.Nc3 the knight relays White's queen; no knight relays Black's.
            (
                Variant::KnightRelay,
                "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b KQkq - 1 1",
                "own.relay.relayed.Queen",
            ),
            // Without the pawn d2, White's queen reaches the relay d5; Black's does not.
            (
                Variant::StonesRelays,
                "rnbqkbnr/pppppppp/8/1S6/1S1XX1S1/1S6/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
                "own.stones.relay_reach.Queen",
            ),
            // After a first move the sides' mobility differs.
            (Variant::FlipShatranj8, "", "own.flip.mobility_move"),
        ] {
            let pos = if fen.is_empty() {
                let start = Position::startpos(v);
                start.play(crate::rules::legal_move_list(&start)[0])
            } else {
                Position::from_fen(v, fen).unwrap()
            };
            let w = weights(v);
            let names: Vec<String> = w.tunable().into_iter().map(|(n, _)| n).collect();
            assert!(names.iter().any(|n| n.starts_with(name)), "{v}: {names:?}");
            let before = weighted(&pos, w);
            let moved: Vec<i32> = w
                .tunable()
                .into_iter()
                .map(|(n, value)| value + if n.starts_with(name) { 50 } else { 0 })
                .collect();
            assert_ne!(
                weighted(&pos, &w.with_tunable(&moved)),
                before,
                "{v}: {name} changes nothing"
            );
        }
    }

    /// Every variant whose start is the same for both sides evaluates to the side to
    /// move's tempo there, whatever its own terms add.
    #[test]
    fn start_positions_are_balanced() {
        use Variant::*;
        for v in [
            Chess,
            Knightmate,
            KnightRelay,
            StonesRelays,
            StonesRelaysTunnel,
        ] {
            let pos = Position::startpos(v);
            let e = evaluate(&pos);
            assert_eq!(e, weights(v).tempo, "{v}");
        }
    }

    /// White's threat terms in a chess position.
    fn white_threats(fen: &str) -> (i32, i32) {
        white_threats_in(Variant::Chess, weights(Variant::Chess), fen)
    }

    /// White's threat terms under the given weights.
    fn white_threats_in(variant: Variant, w: &Weights, fen: &str) -> (i32, i32) {
        let pos = Position::from_fen(variant, fen).unwrap();
        let mut maps = [AttackMaps::default(); 2];
        for us in Color::BOTH {
            side_terms_mapped(
                &pos,
                w,
                us,
                |role, sq, occ| orthodox_attacks(&pos, us, role, sq, occ),
                &mut maps[us.idx()],
            );
        }
        threats(&pos, w, Color::White, &maps[0], &maps[1])
    }

    /// Knightmate's mobility leaves out the squares enemy pawns attack.
    #[test]
    fn mobility_area_leaves_out_squares_enemy_pawns_attack() {
        // The bishop on d3 reaches f5 (attacked by the pawn on e6) and b5 (by the
        // pawn on a6); it still counts a6, where it would take the pawn.
        let pos =
            Position::from_fen(Variant::Knightmate, "4k3/8/p3p3/8/8/3B4/8/4K3 w - - 0 1").unwrap();
        let with_area = weights(Variant::Knightmate).clone();
        assert!(with_area.mobility_area);
        let mut without = with_area.clone();
        without.mobility_area = false;
        let white = |w: &Weights| {
            side_terms(&pos, w, Color::White, |role, sq, occ| {
                orthodox_attacks(&pos, Color::White, role, sq, occ)
            })
        };
        let (on, off) = (white(&with_area), white(&without));
        let per_square = with_area.mobility[Role::Bishop.idx()];
        assert_eq!(
            (off.0 - on.0, off.1 - on.1),
            (2 * per_square.0, 2 * per_square.1)
        );
    }

    #[test]
    fn threats_count_an_attacked_piece_more_when_it_hangs() {
        let tw = weights(Variant::Chess).threats.as_ref().unwrap();
        let rook = tw.by_minor[Role::Rook.idx()].0;
        // The bishop on g2 attacks the rook on d5; a pawn on e6 defends it or not.
        let hanging = white_threats("4k3/8/8/3r4/8/8/6B1/4K3 w - - 0 1").0;
        let defended = white_threats("4k3/8/4p3/3r4/8/8/6B1/4K3 w - - 0 1").0;
        assert_eq!(defended, rook);
        assert_eq!(hanging, rook + tw.hanging.0);
        assert_eq!(white_threats("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), (0, 0));
    }

    #[test]
    fn safe_checks_count_only_unguarded_squares() {
        let tw = weights(Variant::Chess).threats.as_ref().unwrap();
        // The rook on a1 can check from a8 (unguarded); with a black knight on b6
        // guarding a8 it cannot.
        assert_eq!(
            white_threats("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").0,
            tw.safe_check
        );
        let guarded = white_threats("4k3/8/1n6/8/8/8/8/R3K3 w - - 0 1").0;
        assert_eq!(guarded, 0);
    }

    /// What the danger term adds to White's threats against Black's royal piece.
    fn white_danger(variant: Variant, fen: &str) -> (i32, i32) {
        let w = weights(variant);
        let mut without = w.clone();
        without.threats.as_mut().unwrap().danger = weights::NO_DANGER;
        let (with, without) = (
            white_threats_in(variant, w, fen),
            white_threats_in(variant, &without, fen),
        );
        (with.0 - without.0, with.1 - without.1)
    }

    #[test]
    fn royal_danger_grows_as_attackers_gather_around_the_royal_knight() {
        // Knightmate: the queen alone eyes g7 next to the royal knight on g8; then a
        // rook on the g-file and a bishop on the b1-h7 diagonal join it.
        let alone = white_danger(Variant::Knightmate, "6k1/5ppp/8/8/8/8/8/Q3K3 w - - 0 1");
        let gathered = white_danger(Variant::Knightmate, "6k1/5ppp/8/8/8/3B4/8/Q3K1R1 w - - 0 1");
        assert!(alone.0 >= 0 && alone.1 >= 0, "{alone:?}");
        assert!(gathered.0 > alone.0 + 50, "{alone:?} {gathered:?}");
        assert!(gathered.1 > alone.1, "{alone:?} {gathered:?}");
    }

    #[test]
    fn royal_danger_is_off_where_the_weights_have_none() {
        assert_eq!(
            white_danger(Variant::Chess, "6k1/5ppp/8/8/8/3B4/8/Q3K1R1 w - - 0 1"),
            (0, 0)
        );
    }

    #[test]
    fn space_counts_safe_central_squares_behind_the_pawns() {
        let mut w = weights(Variant::Chess).clone();
        let space = |w: &Weights, fen: &str| {
            let pos = Position::from_fen(Variant::Chess, fen).unwrap();
            structure(&pos, w, Color::White, pawn_attacks(&pos, Color::Black)).0
        };
        // The same pawns on the second rank and on the fourth. Unadvanced, c3-f4
        // are safe (8 squares) and none is behind a pawn; advanced, c2-f3 are safe
        // and behind them (8 squares, counted twice).
        let back = "4k3/8/8/8/8/8/2PPPP2/4K3 w - - 0 1";
        let up = "4k3/8/8/8/2PPPP2/8/8/4K3 w - - 0 1";
        w.structure.as_mut().unwrap().space = 0;
        let (b0, u0) = (space(&w, back), space(&w, up));
        w.structure.as_mut().unwrap().space = 256;
        // Five white men: the bonus is multiplied by (5 - 1)^2 = 16.
        assert_eq!(space(&w, back) - b0, 8 * 16);
        assert_eq!(space(&w, up) - u0, (8 + 8) * 16);
    }

    #[test]
    fn extra_queen_is_winning() {
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 800);
        let pos = Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        assert!(evaluate(&pos) < -800);
    }
}
