//! The form of the evaluation's numbers, and how they are read and written. The numbers
//! themselves are data, one file per variant in `engine/weights/` (built in by
//! `Profile::weights`, read by `Weights::parse`, written by `baton tune`): TOML
//! through serde, whose derived readers refuse a missing, unknown or misspelt term, so
//! the types below are the file's schema. Values are centipawns; pairs are
//! (middlegame, endgame), `[mg, eg]` in the file.

use super::Evaluate;
use crate::piece::{Role, NROLES};
use crate::variant::Variant;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Material per role (the royal piece counts nothing).
    #[serde(with = "by_role")]
    pub material: [(i32, i32); NROLES],
    /// Bonus per step closer to the centre, per role.
    #[serde(with = "by_role")]
    pub centre: [(i32, i32); NROLES],
    /// Bonus per square a piece attacks (mobility), per role.
    #[serde(with = "by_role")]
    pub mobility: [(i32, i32); NROLES],
    /// Mobility leaves out the squares an enemy pawn attacks: a piece gains little
    /// from a square it cannot stand on without being lost to a pawn. On in knightmate
    /// only: there it won at fixed depth and at 10+0.1 against Fairy-Stockfish; chess
    /// lost with it at depth 7 (36.1% against 43.5%, docs/strength-log.md); the other
    /// variants were not measured, and their pawns may attack otherwise.
    pub mobility_area: bool,
    /// Pawn bonus per rank advanced.
    pub pawn_advance: (i32, i32),
    /// Royal piece: bonus per step from the centre in the middlegame (shelter), and per
    /// step towards it in the endgame.
    pub royal_shelter: i32,
    pub royal_activity: i32,
    /// Penalty per enemy attack on the squares around the royal piece (grows with the
    /// square of the count).
    ///
    /// Royal safety has two models, and each table uses one: this simple count, or the
    /// fuller `danger` (attackers by role, weak squares, checks, flanks). Knightmate
    /// uses `danger` alone (`royal_attack` 0): it was fitted there, to Fairy-Stockfish's
    /// scores, and gained in matches. The other variants keep the count (`danger` is
    /// `NO_DANGER`): `danger` was never fitted or measured in them, and in all but chess
    /// its checks and flanks read orthodox attacks, which relays, fusions and flips
    /// change. A variant
    /// moves to `danger` when `baton tune` has fitted it and a match shows the gain;
    /// then this field can go.
    pub royal_attack: i32,
    /// Side-to-move bonus.
    pub tempo: i32,
    /// Pawn structure and piece placement (`eval::structure`); `None` in the
    /// variants whose evaluation was tuned without them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub structure: Option<StructureWeights>,
    /// Bonus by how many safe squares the enemy royal piece has (its moves to squares
    /// neither its own pieces hold nor ours attack): a royal with none is a mating
    /// target.
    pub royal_trap: [i32; 9],
    /// Threats against pieces and safe checks (`eval::threats`); `None` where the
    /// orthodox attack maps do not describe the variant, or it was not measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threats: Option<ThreatWeights>,
    /// Bonus by the rank a piece stands on, counted from its own side, per role (the
    /// royal piece included): where a piece stands well beyond its distance from the
    /// centre. `None` where it was not tuned; a row per rank of the board.
    #[serde(with = "rank_table", skip_serializing_if = "Option::is_none", default)]
    pub rank: Option<[Vec<(i32, i32)>; NROLES]>,
    /// The terms of the variant's own evaluation (knight relay's relays, Stones &
    /// Relays' relay reach and stones, flip shatranj's states and kings), kept here so
    /// that `baton tune` fits them with the rest; their form is the variant's
    /// (`Evaluate::Own`).
    pub own: Own,
}

/// The terms of a variant's own evaluation, as its weights file has them: `own =
/// "none"`, or one table `[own.<name>]` whose form is the variant's record of them
/// (`OwnTerms`, in the variant's own files: `Evaluate::Own`). The file's reader checks
/// them against that record (`Weights::parse`); an evaluator reads the record once,
/// when it is made (`eval::evaluator`).
#[derive(Clone)]
pub struct Own {
    /// What the file holds, as the record writes it (so the tuner walks it with the
    /// rest, and writes it back).
    value: toml::Value,
    /// The record's numbers held out of tuning (`OwnTerms::FIXED`), kept from the
    /// record the file was read by: no name needs looking up among the variants'.
    fixed: &'static [&'static str],
}

/// A variant's record of the terms of its own evaluation (`Evaluate::Own`), beside
/// that evaluation in its own files: its fields are the file's `[own.<NAME>]` table,
/// read by serde (so a missing, unknown or misspelt term is an error).
pub trait OwnTerms: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Its name in the file: `[own.<NAME>]`.
    const NAME: &'static str;
    /// Its numbers that are no weights (bounds, fractions), by their path under
    /// `own.<NAME>.` (`max_danger`, `relayed.Knight.mg`): held out of tuning.
    const FIXED: &'static [&'static str] = &[];
}

/// No terms of its own (`own = "none"`): the chess family's evaluation and those that
/// add terms with no numbers of their own.
#[derive(Serialize, Deserialize)]
pub struct NoTerms {}

impl OwnTerms for NoTerms {
    const NAME: &'static str = "none";
}

impl Own {
    /// The name of these terms in the file (`none`, `relay`, ...).
    pub fn name(&self) -> &str {
        match &self.value {
            toml::Value::String(name) => name,
            toml::Value::Table(t) if t.len() == 1 => t.keys().next().map_or("?", |k| k),
            _ => "?",
        }
    }

    /// These terms read as `T`, or what keeps them from it.
    fn read<T: OwnTerms>(&self) -> Result<T, String> {
        let table = match &self.value {
            toml::Value::String(s) if s == NoTerms::NAME && T::NAME == NoTerms::NAME => {
                return toml::Value::Table(toml::Table::new())
                    .try_into()
                    .map_err(|e| format!("own = \"none\": {e}"));
            }
            toml::Value::Table(t) if t.len() == 1 && T::NAME != NoTerms::NAME => t.get(T::NAME),
            _ => None,
        };
        let Some(table) = table else {
            return Err(match T::NAME {
                NoTerms::NAME => format!("own = {}: wanted own = \"none\"", self.name()),
                _ => format!("own = {}: wanted own.{}", self.name(), T::NAME),
            });
        };
        table
            .clone()
            .try_into()
            .map_err(|e| format!("own.{}: {e}", T::NAME))
    }

    /// Checks that these are `T`'s terms and keeps them as `T` writes them (in its
    /// order of fields), with what `T` holds out of tuning.
    fn check<T: OwnTerms>(&mut self) -> Result<(), String> {
        let terms = self.read::<T>()?;
        if T::NAME != NoTerms::NAME {
            let table = toml::Value::try_from(&terms).expect("own terms are plain numbers");
            self.value = toml::Value::Table([(T::NAME.to_string(), table)].into_iter().collect());
        }
        self.fixed = T::FIXED;
        Ok(())
    }
}

impl PartialEq for Own {
    fn eq(&self, other: &Own) -> bool {
        self.value == other.value
    }
}

impl std::fmt::Debug for Own {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

impl Serialize for Own {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Own {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Own, D::Error> {
        // What is held out of tuning comes with the check against the variant's record
        // (`Weights::parse`), or from the weights these were made from (`with_tunable`).
        Ok(Own {
            value: toml::Value::deserialize(d)?,
            fixed: &[],
        })
    }
}

/// Bonuses for attacking the enemy's pieces, (middlegame, endgame).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreatWeights {
    /// Per enemy piece attacked by a minor piece (bishop, knight, commoner) or else by
    /// a rook, by the victim's role.
    #[serde(with = "by_role")]
    pub by_minor: [(i32, i32); NROLES],
    #[serde(with = "by_role")]
    pub by_rook: [(i32, i32); NROLES],
    /// Per enemy piece attacked and not defended (or attacked twice, defended once).
    pub hanging: (i32, i32),
    /// Per square from which one of our pieces could check the enemy royal piece
    /// without being taken (middlegame).
    pub safe_check: i32,
    /// The danger to the enemy royal piece (`eval::royal_danger`), which costs it the
    /// square of the sum in the middlegame (/4096) and the sum in the endgame (/16).
    pub danger: DangerWeights,
}

/// The parts of the danger to a royal piece, after Stockfish's king danger: the
/// attackers of the squares around it (their number times the sum of their roles'
/// weights), their attacks on those squares, the squares only the royal piece (or
/// nothing) defends, the safe and the unsafe checks, the attacks on its flank (the
/// files next to it on its five nearest ranks: their square /8, less the defence per
/// defended square), and a constant (negative: a lone attacker is no danger).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DangerWeights {
    #[serde(with = "by_role")]
    pub attacker: [i32; NROLES],
    pub zone_attack: i32,
    pub weak: i32,
    pub check: i32,
    pub unsafe_check: i32,
    pub flank_attack: i32,
    pub flank_defence: i32,
    pub base: i32,
}

/// No danger term: the variants where it was not measured.
pub const NO_DANGER: DangerWeights = DangerWeights {
    attacker: [0; NROLES],
    zone_attack: 0,
    weak: 0,
    check: 0,
    unsafe_check: 0,
    flank_attack: 0,
    flank_defence: 0,
    base: 0,
};

/// The orthodox pawn-structure and piece-placement terms, (middlegame, endgame).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StructureWeights {
    /// Passed pawn (no enemy pawn ahead on its file or the next ones): bonus times
    /// the square of the ranks it has advanced.
    pub passed: (i32, i32),
    /// Penalties per isolated pawn (no own pawn on the next files) and per pawn
    /// standing behind another of its own on its file.
    pub isolated: (i32, i32),
    pub doubled: (i32, i32),
    /// Rook on a file without own pawns: open (no pawn at all) or half-open.
    pub rook_open_file: (i32, i32),
    pub rook_half_open_file: (i32, i32),
    /// Two bishops or more.
    pub bishop_pair: (i32, i32),
    /// Penalty per piece (not a pawn) an enemy pawn attacks.
    pub pawn_threat: (i32, i32),
    /// Space (middlegame only, after Stockfish): per safe square on the central
    /// files of the own side's second to fourth ranks (twice where a pawn stands in
    /// front and no enemy attacks), times the square of the side's piece count, /256.
    pub space: i32,
}

impl Weights {
    /// Reads a weights file (`engine/weights/<variant>.toml`, or what `baton tune`
    /// wrote) for `variant`: every term once, by its name, and no other; each role
    /// table names every role; `rank` has a row per rank of the variant's board; the
    /// terms of the variant's own evaluation are there, and no other variant's. `Err`
    /// says what is wrong and where.
    pub fn parse(text: &str, variant: Variant) -> Result<Weights, String> {
        let mut w: Weights = toml::from_str(text).map_err(|e| e.to_string())?;
        let ranks = variant.facts().geometry.height() as usize;
        if let Some(table) = &w.rank {
            for (role, rows) in Role::ALL.iter().zip(table) {
                if rows.len() != ranks {
                    return Err(format!(
                        "rank.{role:?} has {} ranks; the {} board has {ranks}",
                        rows.len(),
                        variant.name()
                    ));
                }
            }
        }
        crate::rules::dispatch!(variant, R => w.own.check::<<R as Evaluate>::Own>())
            .map_err(|e| format!("{e} (the {} evaluation's terms)", variant.name()))?;
        Ok(w)
    }

    /// The weights as a file `parse` reads back to the same weights.
    pub fn to_toml(&self) -> String {
        // Numbers, tables and names only: nothing here that TOML cannot hold.
        toml::to_string(self).expect("weights are plain numbers")
    }

    /// Every number a tuner may change, with its name (its path in the file: `tempo`,
    /// `material.Bishop.mg`, `rank.Pawn[3].eg`), in the file's order. The list comes
    /// from the file's form (the types above), not from a list kept by hand; `tunable`
    /// leaves out only what is no weight (`fixed`).
    pub fn tunable(&self) -> Vec<(String, i32)> {
        let present = self.present();
        let mut out = Vec::new();
        walk(&self.tree(), String::new(), &mut |name, v| {
            if !fixed(&name, &present, self.own.fixed) {
                out.push((name, v.as_integer().unwrap_or(0) as i32));
            }
        });
        out
    }

    /// These weights with the numbers of `tunable` replaced by `values`, in its order.
    pub fn with_tunable(&self, values: &[i32]) -> Weights {
        let present = self.present();
        let mut tree = self.tree();
        let mut next = values.iter();
        walk_mut(&mut tree, String::new(), &mut |name, v| {
            if !fixed(&name, &present, self.own.fixed) {
                if let Some(&x) = next.next() {
                    *v = toml::Value::Integer(i64::from(x));
                }
            }
        });
        let mut w: Weights = tree
            .try_into()
            .expect("the same tree with other whole numbers is the same form");
        w.own.fixed = self.own.fixed;
        w
    }

    /// A hash (FNV-1a, 64 bits) of every term's name and value, switches included, in
    /// the file's order: what a network records of the weights it was trained against
    /// (`eval::network::Header`). Comments and layout of the file do not count.
    pub fn fingerprint(&self) -> u64 {
        let mut text = String::new();
        walk_all(&self.tree(), String::new(), &mut |name, v| {
            text += &format!("{name}={v}\n");
        });
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    fn tree(&self) -> toml::Value {
        toml::Value::try_from(self).expect("weights are plain numbers")
    }

    /// The roles the variant has: those with material (the royal piece has none).
    fn present(&self) -> [bool; NROLES] {
        self.material.map(|m| m != (0, 0))
    }

    /// The terms of the variant's own evaluation read as its record `T`
    /// (`Evaluate::Own`), or what keeps them from it: what an evaluator holds
    /// (`eval::evaluator`).
    pub(crate) fn own_terms<T: OwnTerms>(&self) -> Result<T, String> {
        self.own.read()
    }
}

/// Whether the number named `name` is held out of tuning: a role's entry where the
/// variant has no such piece (the royal piece's rank row excepted: it has a rank but
/// no material), pawns and the royal piece as threat targets, and what the variant's
/// own terms hold out (`own_fixed`, its record's `OwnTerms::FIXED`: bounds and
/// fractions, not weights).
fn fixed(name: &str, present: &[bool; NROLES], own_fixed: &[&str]) -> bool {
    let own_term = name
        .strip_prefix("own.")
        .and_then(|n| n.split_once('.'))
        .map(|(_, term)| term);
    if own_term.is_some_and(|term| own_fixed.contains(&term)) {
        return true;
    }
    let role = name
        .split(['.', '['])
        .find_map(|word| Role::ALL.into_iter().find(|r| format!("{r:?}") == word));
    let Some(role) = role else {
        return false;
    };
    if name.starts_with("rank.") {
        return !(present[role.idx()] || role == Role::King);
    }
    !present[role.idx()] || (name.starts_with("threats.") && role == Role::Pawn)
}

/// Calls `leaf` with every whole number of `tree` and its name; a pair (an array of
/// two numbers) is named `.mg` and `.eg`, another array's entries `[i]`.
fn walk(tree: &toml::Value, name: String, leaf: &mut impl FnMut(String, &toml::Value)) {
    walk_all(tree, name, &mut |name, v| {
        if v.is_integer() {
            leaf(name, v)
        }
    });
}

/// `walk`, calling `leaf` with every value that is not an array or a table (the
/// switches and the names of own terms too).
fn walk_all(tree: &toml::Value, name: String, leaf: &mut impl FnMut(String, &toml::Value)) {
    match tree {
        toml::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk_all(item, element(&name, i, items.len()), leaf);
            }
        }
        toml::Value::Table(table) => {
            for (key, item) in table {
                walk_all(item, join(&name, key), leaf);
            }
        }
        _ => leaf(name, tree),
    }
}

/// `walk`, able to change the numbers.
fn walk_mut(tree: &mut toml::Value, name: String, leaf: &mut impl FnMut(String, &mut toml::Value)) {
    match tree {
        toml::Value::Integer(_) => leaf(name, tree),
        toml::Value::Array(items) => {
            let n = items.len();
            for (i, item) in items.iter_mut().enumerate() {
                walk_mut(item, element(&name, i, n), leaf);
            }
        }
        toml::Value::Table(table) => {
            for (key, item) in table.iter_mut() {
                walk_mut(item, join(&name, key), leaf);
            }
        }
        _ => {}
    }
}

fn join(name: &str, key: &str) -> String {
    if name.is_empty() {
        key.to_string()
    } else {
        format!("{name}.{key}")
    }
}

/// The name of entry `i` of an array of `len` under `name`: a pair's `.mg`/`.eg`.
fn element(name: &str, i: usize, len: usize) -> String {
    match (len, i) {
        (2, 0) => format!("{name}.mg"),
        (2, _) => format!("{name}.eg"),
        _ => format!("{name}[{i}]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::Profile;
    use crate::search::SearchProfile;

    fn knightmate() -> Weights {
        crate::eval::weights(Variant::Knightmate).clone()
    }

    #[test]
    fn tunable_lists_each_number_once_and_writes_back() {
        let mut w = knightmate();
        let names: Vec<String> = w.tunable().into_iter().map(|(n, _)| n).collect();
        let unique: std::collections::BTreeSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        // Knights do not exist in knightmate; the royal piece has no material.
        assert!(!names.iter().any(|n| n.contains("Knight")));
        assert!(!names.iter().any(|n| n.starts_with("material.King")));
        assert!(names.iter().any(|n| n == "rank.King[0].mg"));
        assert!(names.iter().any(|n| n == "threats.danger.attacker.Bishop"));
        assert!(names.iter().any(|n| n == "royal_trap[8]"));
        let values: Vec<i32> = (0..names.len() as i32).collect();
        w = w.with_tunable(&values);
        let read: Vec<i32> = w.tunable().into_iter().map(|(_, v)| v).collect();
        assert_eq!(read, values);
        let at = |name: &str| names.iter().position(|n| n == name).unwrap() as i32;
        assert_eq!(
            w.material[Role::Pawn.idx()],
            (at("material.Pawn.mg"), at("material.Pawn.eg"))
        );
        assert_eq!(w.tempo, at("tempo"));
        // What is no weight kept its value.
        assert_eq!(w.material[Role::Knight.idx()], (0, 0));
    }

    #[test]
    fn every_variants_weights_read_and_write_back_the_same() {
        for v in Variant::ALL {
            let w = Weights::parse(Profile::of(v).weights, v)
                .unwrap_or_else(|e| panic!("{}: {e}", v.name()));
            assert_eq!(Weights::parse(&w.to_toml(), v), Ok(w), "{}", v.name());
        }
    }

    /// The search's piece values (exchange estimates, move ordering) are its own
    /// numbers: weights retuned with every material weight moved leave them as they
    /// were, the material of the weights of the day the two were split.
    #[test]
    fn a_retune_of_the_weights_leaves_the_search_s_piece_values() {
        for v in Variant::ALL {
            let w = crate::eval::weights(v);
            let before: Vec<i32> = Role::ALL.map(|r| v.piece_value(r)).to_vec();
            let moved: Vec<i32> = w
                .tunable()
                .into_iter()
                .map(|(n, x)| x + if n.starts_with("material.") { 40 } else { 0 })
                .collect();
            let retuned = w.with_tunable(&moved);
            assert_ne!(retuned.material, w.material, "{v}");
            let after: Vec<i32> = Role::ALL.map(|r| v.piece_value(r)).to_vec();
            assert_eq!(after, before, "{v}");
            for role in Role::ALL.into_iter().filter(|&r| r != Role::King) {
                assert_eq!(
                    v.piece_value(role),
                    Profile::of(v).exchange_values[role.idx()]
                );
            }
        }
        assert_eq!(Variant::Knightmate.piece_value(Role::Queen), 994);
        assert_eq!(Variant::FlipShatranj8.piece_value(Role::Power), 256);
        assert_eq!(Variant::Chess.piece_value(Role::King), 20_000);
    }

    /// What a variant's own terms hold out of tuning (`OwnTerms::FIXED`) is left out,
    /// and their other numbers are in; weights made from those (a tuner's next try)
    /// hold the same out, as the record the file was read by says.
    #[test]
    fn own_terms_hold_their_bounds_out_of_tuning() {
        let names =
            |w: &Weights| -> Vec<String> { w.tunable().into_iter().map(|(n, _)| n).collect() };
        for v in Variant::ALL {
            let w = crate::eval::weights(v);
            let values: Vec<i32> = w.tunable().iter().map(|(_, x)| x + 1).collect();
            assert_eq!(names(&w.with_tunable(&values)), names(w), "{v}");
        }
        let names = |v| names(crate::eval::weights(v));
        let flip = names(Variant::FlipShatranj8);
        assert!(flip.contains(&"own.flip.threat".to_string()), "{flip:?}");
        for held in ["king_en_prise", "max_danger", "hanging_first_div"] {
            assert!(!flip.contains(&format!("own.flip.{held}")), "{held}");
        }
        let relay = names(Variant::KnightRelay);
        assert!(relay.contains(&"own.relay.relayed.Queen.mg".to_string()));
        assert!(!relay
            .iter()
            .any(|n| n.starts_with("own.relay.relayed.Knight")));
    }

    /// Checks that `variant`'s weights file, `edited`, is refused in words that say
    /// `says`.
    fn assert_refused(variant: Variant, edited: &str, says: &str) {
        let e = Weights::parse(edited, variant).unwrap_err();
        assert!(e.contains(says), "{says}: {e}");
    }

    /// A variant's own terms are read by its record: one missing or misspelt, or
    /// another variant's, is refused.
    #[test]
    fn own_terms_are_read_by_the_variant_s_record() {
        let text = Profile::of(Variant::FlipShatranj8).weights;
        let refused =
            |edited: String, says: &str| assert_refused(Variant::FlipShatranj8, &edited, says);
        refused(
            text.replace("threat = 7\n", ""),
            "own.flip: missing field `threat`",
        );
        refused(
            text.replace("threat = 7\n", "threatt = 7\n"),
            "unknown field `threatt`",
        );
        refused(
            text.replace("[own.flip]", "[own.relay]"),
            "own = relay: wanted own.flip",
        );
        let w = crate::eval::weights(Variant::KnightRelay);
        let e = Weights::parse(&w.to_toml(), Variant::FlipShatranj8).unwrap_err();
        assert!(e.contains("own = relay: wanted own.flip"), "{e}");
    }

    /// Each fault in a weights file is refused, in words that name it.
    #[test]
    fn a_missing_extra_or_misspelt_term_is_an_error() {
        let text = Profile::of(Variant::Knightmate).weights;
        let refused =
            |edited: String, says: &str| assert_refused(Variant::Knightmate, &edited, says);
        refused(text.replace("tempo = 4\n", ""), "missing field `tempo`");
        refused(
            text.replace("tempo = 4\n", "tempo = 4\ntempoo = 4\n"),
            "unknown field `tempoo`",
        );
        refused(
            text.replace("tempo = 4\n", "tmpo = 4\n"),
            "unknown field `tmpo`",
        );
        refused(text.replace("space = 0\n", ""), "missing field `space`");
        refused(
            text.replacen("Bishop = [414, 264]", "Bishopp = [414, 264]", 1),
            "no role is named 'Bishopp'",
        );
        refused(
            text.replacen("Bishop = [414, 264]\n", "", 1),
            "the role 'Bishop' is missing",
        );
        refused(
            text.replacen("Pawn = [96, 112]", "Pawn = [96]", 1),
            "invalid length 1",
        );
        refused(text.replace("own = \"none\"", "own = \"relay\""), "own");
        // A rank table sized for another board.
        let nine = Profile::of(Variant::StonesRelays).weights;
        let e = Weights::parse(nine, Variant::Knightmate).unwrap_err();
        assert!(
            e.contains("rank.Pawn has 9 ranks; the knightmate board has 8"),
            "{e}"
        );
        let mut w = Weights::parse(nine, Variant::StonesRelays).unwrap();
        w.rank.as_mut().unwrap()[0].pop();
        let e = Weights::parse(&w.to_toml(), Variant::StonesRelays).unwrap_err();
        assert!(
            e.contains("rank.Pawn has 8 ranks; the stonesrelays board has 9"),
            "{e}"
        );
    }
}

/// A table indexed by `Role`, written as one entry per role name (`Pawn = ...`): every
/// role once, no other name (`#[serde(with = "crate::eval::weights::by_role")]`).
pub mod by_role {
    use super::*;
    use serde::de::Error;
    use serde::ser::SerializeMap;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(
        v: &[T; NROLES],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(NROLES))?;
        for (role, x) in Role::ALL.iter().zip(v) {
            map.serialize_entry(&format!("{role:?}"), x)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        d: D,
    ) -> Result<[T; NROLES], D::Error> {
        let mut given: std::collections::BTreeMap<String, T> = Deserialize::deserialize(d)?;
        let names = Role::ALL.map(|r| format!("{r:?}"));
        if let Some(extra) = given.keys().find(|k| !names.contains(k)) {
            return Err(D::Error::custom(format!(
                "no role is named '{extra}' (the roles: {})",
                names.join(", ")
            )));
        }
        if let Some(missing) = names.iter().find(|n| !given.contains_key(*n)) {
            return Err(D::Error::custom(format!("the role '{missing}' is missing")));
        }
        let mut values = names.map(|n| given.remove(&n));
        Ok(std::array::from_fn(|i| {
            values[i].take().expect("checked above")
        }))
    }
}

/// The `rank` table: `by_role`, or nothing (`None`) where the file has no `[rank]`.
mod rank_table {
    use super::*;
    use serde::{Deserializer, Serializer};

    type Table = [Vec<(i32, i32)>; NROLES];

    pub fn serialize<S: Serializer>(v: &Option<Table>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(t) => by_role::serialize(t, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Table>, D::Error> {
        by_role::deserialize(d).map(Some)
    }
}
