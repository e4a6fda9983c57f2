//! The opening suites `baton match` plays from by default (`Profile::openings`,
//! made by `baton openings`): enough positions, each legal in its variant, still going,
//! and judged level at the suite's depth.

use std::collections::HashSet;

use baton_engine::{rules, Game, Position, Variant};
use baton_testkit::epd::operation;

const README: &str = include_str!("../../benches/openings/README.md");

#[test]
fn every_variant_has_a_suite_of_level_positions_of_its_own() {
    let mut all_fens = HashSet::new();
    for v in Variant::ALL {
        let (text, depth) = baton_engine::Profile::of(v).openings;
        // Records and nothing else: cutechess-cli reads every line as a position.
        let lines: Vec<&str> = text.lines().collect();
        // The command that remakes the suite is kept beside it.
        let made_by = format!("baton openings {} ", v.name());
        assert!(
            README.contains(&made_by),
            "{v:?}: not in benches/openings/README.md"
        );
        assert!(lines.len() >= 200, "{v:?}: {} positions", lines.len());
        let mut fens = HashSet::new();
        for line in lines {
            let (fen, _) = line.split_once(';').expect(line);
            let pos = Position::from_fen(v, fen.trim())
                .unwrap_or_else(|e| panic!("{v:?}: {line}: {e:?}"));
            assert!(
                Game::new(pos.clone()).outcome().is_none()
                    && !rules::legal_move_list(&pos).is_empty(),
                "{v:?}: finished: {line}"
            );
            let ce: i32 = operation(line, "ce")
                .and_then(|s| s.parse().ok())
                .expect(line);
            let acd: u32 = operation(line, "acd")
                .and_then(|s| s.parse().ok())
                .expect(line);
            assert!(ce.abs() <= 60, "{v:?}: not level: {line}");
            assert!(acd >= depth, "{v:?}: judged shallower than {depth}: {line}");
            assert!(fens.insert(pos.fen()), "{v:?}: twice: {line}");
            // A variant that forgot its suite would inherit another's (`..CHESS`).
            assert!(
                all_fens.insert((pos.fen(), v.facts().geometry)),
                "{v:?}: another variant's: {line}"
            );
        }
    }
}
