//! `baton match` driven as a user would: fake UCI engines (testkit's `fake-engine`)
//! that misbehave in one way each, a PGN round trip, and
//! short real matches of Baton against itself and against Fairy-Stockfish (which, where
//! it is missing, skips with a message, and fails under CI).

use std::path::Path;
use std::process::{Command, Output, Stdio};

use baton_testkit::epd::operation;
use baton_testkit::{fake_engine, shows};

const BATON: &str = env!("CARGO_BIN_EXE_baton");
const FAIRY: &str = "/usr/games/fairy-stockfish";

/// Fool's mate: a scripted engine plays the move of this list for the current ply, so
/// two of them finish a game by checkmate without knowing any rules.
const FOOLS_MATE: &str = "f2f3,e7e5,g2g4,d8h4";

/// A test's own temporary directory (removed when dropped).
struct TempDir(tempfile::TempDir);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = tempfile::Builder::new()
            .prefix(&format!("baton-match-{tag}-"))
            .tempdir()
            .expect("temp dir");
        TempDir(dir)
    }
    fn path(&self, name: &str) -> String {
        self.0.path().join(name).to_string_lossy().into_owned()
    }
    /// `--engine` words for a fake engine (see testkit's `fake-engine` for its modes).
    fn fake(&self, name: &str, mode: &str, extra: &[&str]) -> Vec<String> {
        let mut words = vec![
            "--engine".to_string(),
            format!("cmd={}", fake_engine().display()),
            format!("name={name}"),
            format!("arg={mode}"),
        ];
        words.extend(extra.iter().map(|a| format!("arg={a}")));
        words
    }
}

fn baton(args: &[String]) -> Output {
    Command::new(BATON)
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run baton")
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// PGN text without the comments of engines' thoughts (`{+0.31/12 0.412s}`), which
/// follow every engine move, and the space or line break before them.
fn without_thoughts(pgn: &str) -> String {
    let mut out = String::new();
    let mut rest = pgn;
    while let Some(open) = rest.find('{') {
        let Some(len) = rest[open..].find('}') else {
            break;
        };
        let inner = &rest[open + 1..open + len];
        let thought = inner.ends_with('s')
            && inner.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-');
        if thought {
            out.push_str(rest[..open].trim_end_matches([' ', '\n']));
        } else {
            out.push_str(&rest[..=open + len]);
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    out
}

/// The PGN file `pgn`, after checking that each of `tags` stands in it `games` times
/// (once in every game).
fn games_with(pgn: &str, games: usize, tags: &[&str]) -> String {
    let text = std::fs::read_to_string(pgn).expect("pgn");
    in_every_game(&text, games, tags);
    text
}

/// Each of `parts` stands `games` times in `pgn` (a PGN text): once in every game.
fn in_every_game(pgn: &str, games: usize, parts: &[&str]) {
    for part in parts {
        assert_eq!(pgn.matches(part).count(), games, "{part}\n{pgn}");
    }
}

/// `baton match --replay` reads the PGN file `pgn` and finds every move legal.
fn replays(pgn: String) {
    succeeds(&["--replay".to_string(), pgn]);
}

/// `baton match ARGS`, which must succeed: its stdout and stderr.
fn succeeds(args: &[String]) -> (String, String) {
    let out = baton(args);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{args:?}\n{stdout}\n{stderr}");
    (stdout, stderr)
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// A match between two fake engines (name, mode, arguments) with `options`, which
/// must succeed: its stdout and stderr.
fn fake_match(
    dir: &TempDir,
    engines: [(&str, &str, &[&str]); 2],
    options: &str,
) -> (String, String) {
    let mut args = Vec::new();
    for (name, mode, extra) in engines {
        args.extend(dir.fake(name, mode, extra));
    }
    // The scripted engines play their moves from the start position, not the suite's.
    if !options.contains("--openings") {
        args.extend(words("--openings startpos"));
    }
    args.extend(words(options));
    succeeds(&args)
}

/// A match between two fake engines, `one` and `two`, that both play the moves of
/// `script`, with `options`, writing its games to `games.pgn` in `dir`; its report
/// must say each of `says`. Returns the PGN file's path.
fn scripted_match(dir: &TempDir, script: &str, options: &str, says: &[&str]) -> String {
    let pgn = dir.path("games.pgn");
    let engines = [
        ("one", "script", &[script][..]),
        ("two", "script", &[script]),
    ];
    let (stdout, _) = fake_match(dir, engines, &format!("{options} --pgn {pgn}"));
    for part in says {
        shows(&stdout, part);
    }
    pgn
}

/// A match of a scripted engine against a faulty one: the faulty engine loses both
/// games (one with each color), and the PGN says why.
fn faulty_match(mode: &str, extra: &[&str], limits: &str, termination: &str, reason: &str) {
    let dir = TempDir::new(mode);
    let pgn = dir.path("games.pgn");
    let options = format!("{limits} --games 2 --pgn {pgn}");
    let engines = [("good", "script", &[FOOLS_MATE][..]), ("bad", mode, extra)];
    let (stdout, stderr) = fake_match(&dir, engines, &options);
    assert!(
        stdout.contains("Score of good vs bad: 2 - 0 - 0"),
        "{stdout}\n{stderr}"
    );
    shows(&stderr, reason);
    // The engine's last lines are logged.
    shows(&stderr, "> go");
    games_with(&pgn, 2, &[&format!("[Termination \"{termination}\"]")]);
    replays(pgn);
}

#[test]
fn an_illegal_move_loses_the_game() {
    faulty_match(
        "illegal",
        &[],
        "--depth 1",
        "rules infraction",
        "illegal move",
    );
}

#[test]
fn a_crash_loses_the_game() {
    faulty_match("crash", &[], "--depth 1", "abandoned", "crashed");
}

#[test]
fn an_engine_that_never_answers_loses_the_game() {
    faulty_match(
        "hang",
        &[],
        "--depth 1 --hang-timeout 0.5",
        "stalled connection",
        "hangs",
    );
}

#[test]
fn a_fallen_flag_loses_the_game() {
    faulty_match(
        "slow",
        &[FOOLS_MATE, "0.6"],
        "--tc 0.3+0 --hang-timeout 5",
        "time forfeit",
        "loses on time",
    );
}

#[test]
fn checkmate_ends_the_game_and_the_pgn_replays() {
    let dir = TempDir::new("mate");
    let options = "--tc 5+0.1 --games 4 --concurrency 2";
    // Black mates in every game, and each engine is Black twice.
    let says = ["Score of one vs two: 2 - 2 - 0", "Elo difference: +0.0"];
    let pgn = scripted_match(&dir, FOOLS_MATE, options, &says);
    let tags = [
        "[Variant \"chess\"]",
        "[SetUp \"1\"]",
        "[Termination \"normal\"]",
        "[Result \"0-1\"]",
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]",
    ];
    let games = games_with(&pgn, 4, &tags);
    // Each engine move carries the engine's thought (the fake engine says depth 1,
    // score 0); the game ends with the reason.
    // In SAN, a Black move after a comment carries its number, as the standard asks.
    assert!(
        without_thoughts(&games)
            .replace('\n', " ")
            .contains("1. f3 1... e5 2. g4 2... Qh4# {Black wins by checkmate} 0-1"),
        "{games}"
    );
    assert_eq!(games.matches("{+0.00/1 ").count(), 16, "{games}");
    let (stdout, _) = succeeds(&["--replay".to_string(), pgn.clone()]);
    shows(&stdout, "replayed 4 games: 4 ok, 0 mismatches");

    // A record that contradicts the rules is caught.
    let forged = dir.path("forged.pgn");
    std::fs::write(
        &forged,
        games.replacen("[Result \"0-1\"]", "[Result \"1-0\"]", 1),
    )
    .unwrap();
    let out = baton(&["--replay".to_string(), forged]);
    let (stdout, _) = text(&out);
    assert!(!out.status.success(), "{stdout}");
    shows(&stdout, "1 mismatches");
    let illegal = dir.path("illegal.pgn");
    std::fs::write(&illegal, games.replacen("2. g4", "2. g5", 1)).unwrap();
    assert!(!baton(&["--replay".to_string(), illegal]).status.success());
}

#[test]
fn openings_come_from_a_fen_file_with_both_colors() {
    let dir = TempDir::new("openings");
    let pgn = dir.path("games.pgn");
    let book = dir.path("book.epd");
    // After 1. f2f3 e7e5: the scripted engines continue from ply 2 of their list.
    std::fs::write(
        &book,
        "# a comment\nrnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq e6 0 2\n",
    )
    .unwrap();
    let mut args = dir.fake("one", "script", &["g2g4,d8h4"]);
    args.extend(dir.fake("two", "script", &["g2g4,d8h4"]));
    args.extend(words(&format!(
        "--depth 1 --games 2 --openings file={book} --pgn {pgn}"
    )));
    let (stdout, _) = succeeds(&args);
    shows(&stdout, "1 - 1 - 0");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert!(games.contains("[White \"one\"]") && games.contains("[White \"two\"]"));
    assert_eq!(games.matches("e6 0 2\"]").count(), 2, "{games}");
    replays(pgn);
}

#[test]
fn games_start_from_the_variants_suite_unless_told_otherwise() {
    let dir = TempDir::new("suite");
    let pgn = dir.path("games.pgn");
    let args = words(&format!(
        "--engine cmd={BATON} name=a --engine cmd={BATON} name=b --variant knightmate \
         --depth 1 --games 4 --pgn {pgn}"
    ));
    succeeds(&args);
    let games = std::fs::read_to_string(&pgn).expect("pgn");
    // The suite's first two positions, each played with both colours, in order.
    let suite: Vec<String> = baton_engine::Profile::of(baton_engine::Variant::Knightmate)
        .openings
        .0
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(2)
        .map(|l| {
            let fen = l.split(';').next().unwrap().trim();
            baton_engine::Position::from_fen(baton_engine::Variant::Knightmate, fen)
                .unwrap()
                .fen()
        })
        .collect();
    let fens: Vec<&str> = games
        .lines()
        .filter_map(|l| l.strip_prefix("[FEN \"")?.strip_suffix("\"]"))
        .collect();
    let want: Vec<&str> = [&suite[0], &suite[0], &suite[1], &suite[1]]
        .map(String::as_str)
        .to_vec();
    assert_eq!(fens, want, "{games}");
    // --openings startpos, or random plies alone, start from the start position.
    for (k, extra) in ["--openings startpos", "--random-plies 2 --seed 3"]
        .iter()
        .enumerate()
    {
        let pgn = dir.path(&format!("start{k}.pgn"));
        let args = words(&format!(
            "--engine cmd={BATON} --engine cmd={BATON} --variant knightmate --depth 1 \
             --games 2 --pgn {pgn} {extra}"
        ));
        succeeds(&args);
        let games = std::fs::read_to_string(&pgn).expect("pgn");
        let start = "[FEN \"rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\"]";
        assert_eq!(games.matches(start).count(), 2, "{extra}: {games}");
    }
}

#[test]
fn sprt_stops_the_match_when_it_decides() {
    let dir = TempDir::new("sprt");
    let mut args = dir.fake("good", "script", &[FOOLS_MATE]);
    args.extend(dir.fake("bad", "illegal", &[]));
    args.extend(words(
        "--depth 1 --games 200 --openings startpos --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
    ));
    let (stdout, stderr) = succeeds(&args);
    shows(&stdout, "H1 accepted");
    assert!(!stderr.contains("Games 200/200"), "{stderr}");
}

#[test]
fn unsupported_variants_and_bad_engines_are_refused() {
    let dir = TempDir::new("refuse");
    let args = two_fakes(&dir, "--depth 1 --variant nosuchchess");
    refused(&args, &["unknown variant"]);

    // Found after the words were read: the run fails (exit code 1) and says what to do.
    let mut args = words("--engine cmd=/nonexistent/engine");
    args.extend(dir.fake("two", "script", &[]));
    args.extend(words("--depth 1"));
    failed(
        &args,
        &[
            "error: engine '/nonexistent/engine': cannot start",
            "No game was played: check that cmd= names a UCI engine that runs",
        ],
    );
}

/// Whether an engine plays the variant is read from its UCI_Variant option: without
/// one, chess only; with one, exactly the values it lists, whatever their case. One it
/// does not play is bad input (exit code 2) with a message that says what it offers.
#[test]
fn an_engine_plays_the_variants_its_uci_variant_option_lists() {
    let dir = TempDir::new("plays");
    let fake = fake_engine().display();
    // The engine `two` told `variants=LIST` (see the fake engine) against a `one` that
    // plays every variant asked for here.
    let against = |list: &str, variant: &str| {
        let all = "variants=chess,knightmate,knightrelay";
        let mut args = dir.fake("one", "script", &[FOOLS_MATE, all]);
        args.extend(dir.fake("two", "script", &[FOOLS_MATE, list]));
        args.extend(words(&format!(
            "--depth 1 --games 2 --openings startpos --variant {variant}"
        )));
        args
    };
    for (list, variant, offers) in [
        // A variant not listed.
        (
            "variants=chess,knightmate",
            "knightrelay",
            "its UCI_Variant values: chess, knightmate",
        ),
        // No option: chess only.
        (
            "variants=",
            "knightmate",
            "it has no UCI_Variant option: it plays chess only",
        ),
        // An option without chess: no chess either.
        (
            "variants=knightmate",
            "chess",
            "its UCI_Variant values: knightmate",
        ),
    ] {
        refused(
            &against(list, variant),
            &[
                &format!("error: engine 'two' ({fake}) does not play {variant} ({offers})"),
                "No game was played: choose another --variant or an engine that plays it.",
            ],
        );
    }
    // Played: chess without the option, and chess listed in another case, which the
    // engine is told as it spells it (the fake engine exits on another spelling).
    for list in ["variants=", "variants=Chess,KnightMate"] {
        let (stdout, _) = succeeds(&against(list, "chess"));
        shows(&stdout, "Score of one vs two: 1 - 1 - 0");
    }
}

#[test]
fn an_openings_file_that_cannot_serve_is_refused() {
    let dir = TempDir::new("badbook");
    let (book, missing) = (dir.path("book.epd"), dir.path("missing.epd"));
    std::fs::write(&book, "# only a comment\n").unwrap();
    for (path, why) in [
        (
            &book,
            format!("{book} holds no positions: an openings file holds"),
        ),
        (&missing, format!("cannot read the openings file {missing}")),
    ] {
        let args = two_fakes(&dir, &format!("--depth 1 --openings file={path}"));
        refused(&args, &[&why]);
    }
}

/// Runs `baton ARGS` (any command) and checks that it is refused as bad input: exit
/// code 2, no panic, and every one of `parts` in the message on stderr. Returns stderr.
fn refused_command(args: &[String], parts: &[&str]) -> String {
    ends_with(2, args, parts)
}

/// Runs `baton ARGS` and checks that it exits with `code`, without a panic, saying every
/// one of `parts` on stderr. Returns stderr.
fn ends_with(code: i32, args: &[String], parts: &[&str]) -> String {
    let out = Command::new(BATON)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run baton");
    let (stdout, stderr) = text(&out);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}\n{stdout}\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}\n{stderr}");
    for part in parts {
        assert!(stderr.contains(part), "{args:?}: {part:?} not in\n{stderr}");
    }
    stderr
}

/// `refused_command` for `baton match ARGS`.
fn refused(args: &[String], parts: &[&str]) -> String {
    let mut all = vec!["match".to_string()];
    all.extend(args.iter().cloned());
    refused_command(&all, parts)
}

/// `baton match ARGS` understood but failed: exit code 1, with `parts` on stderr.
fn failed(args: &[String], parts: &[&str]) -> String {
    let mut all = vec!["match".to_string()];
    all.extend(args.iter().cloned());
    ends_with(1, &all, parts)
}

/// Two fake engines scripted to play fool's mate, followed by `options`.
fn two_fakes(dir: &TempDir, options: &str) -> Vec<String> {
    let mut args = dir.fake("one", "script", &[FOOLS_MATE]);
    args.extend(dir.fake("two", "script", &[FOOLS_MATE]));
    args.extend(words(options));
    args
}

/// The engine `two` given the `option.` words of `settings`, against a plain `one`,
/// for two games with a PGN file.
fn with_options(dir: &TempDir, settings: &str, pgn: &str) -> Vec<String> {
    let mut args = dir.fake("one", "script", &[FOOLS_MATE]);
    args.extend(dir.fake("two", "script", &[FOOLS_MATE]));
    args.extend(words(settings));
    args.extend(words(&format!(
        "--depth 1 --games 2 --openings startpos --pgn {pgn}"
    )));
    args
}

#[test]
fn an_unknown_engine_option_is_refused_before_any_game() {
    let dir = TempDir::new("frob");
    let pgn = dir.path("games.pgn");
    let fake = fake_engine().display();
    let stderr = refused(
        &with_options(&dir, "option.Frob=1", &pgn),
        &[
            &format!(
                "error: engine 'two' ({fake}) has no option 'Frob' (option.Frob=1); its \
                 options are: Hash, Ponder, Style, Clear Hash, UCI_Variant"
            ),
            "No game was played",
        ],
    );
    assert!(!stderr.contains("Games 1/"), "{stderr}");
    assert!(!Path::new(&pgn).exists(), "a game was played");
    // Through --each too, which reaches every engine.
    let mut args = two_fakes(&dir, "--depth 1 --each option.Frob=1");
    args.extend(words(&format!("--pgn {pgn}")));
    refused(
        &args,
        &[&format!("engine 'one' ({fake}) has no option 'Frob'")],
    );
    assert!(!Path::new(&pgn).exists(), "a game was played");
}

#[test]
fn an_engine_option_value_the_engine_does_not_list_is_refused_before_any_game() {
    let dir = TempDir::new("optval");
    let pgn = dir.path("games.pgn");
    for (setting, message) in [
        (
            "option.Hash=abc",
            "does not accept option.Hash=abc: Hash takes a whole number from 1 to 1024",
        ),
        (
            "option.Hash=0",
            "does not accept option.Hash=0: Hash takes a whole number from 1 to 1024",
        ),
        (
            "option.Hash=5000",
            "option.Hash=5000: Hash takes a whole number from 1 to 1024",
        ),
        (
            "option.Ponder=yes",
            "does not accept option.Ponder=yes: Ponder takes true or false",
        ),
        (
            "option.Style=Wild",
            "option.Style=Wild: Style takes one of: Solid, Normal, Risky",
        ),
    ] {
        let args = with_options(&dir, &format!("--each {setting}"), &pgn);
        let one = format!("engine 'one' ({})", fake_engine().display());
        refused(&args, &[&one, message]);
        assert!(!Path::new(&pgn).exists(), "{setting}: a game was played");
    }
    // Good values (names and values in any case, as UCI allows) reach the engine.
    let (stdout, _) = fake_match(
        &dir,
        [
            ("one", "script", &[FOOLS_MATE][..]),
            ("two", "script", &[FOOLS_MATE]),
        ],
        &format!(
            "--depth 1 --games 2 --pgn {pgn} --each option.hash=64 option.Ponder=TRUE \
             option.Style=risky"
        ),
    );
    shows(&stdout, "Score of one vs two: 1 - 1 - 0");
}

#[test]
fn a_depth_or_node_count_of_zero_is_refused() {
    let dir = TempDir::new("zero");
    for (options, message) in [
        (
            "--depth 0",
            "'0' for '--depth <N>': the depth must be a whole number of at least 1",
        ),
        (
            "--nodes 0",
            "'0' for '--nodes <N>': the node count must be a whole number of at least 1",
        ),
        (
            "--depth -2",
            "'-2' for '--depth <N>': the depth must be a whole number of at least 1",
        ),
        (
            "--tc 5 --each depth=0",
            "'depth=0' for '--each <KEY=VALUE>...': the depth must be a whole number of at \
             least 1",
        ),
        (
            "--tc 5 --each nodes=0",
            "'nodes=0' for '--each <KEY=VALUE>...': the node count must be a whole number \
             of at least 1",
        ),
    ] {
        refused(&two_fakes(&dir, options), &[message]);
    }
    let mut args = dir.fake("one", "script", &[FOOLS_MATE]);
    args.push("depth=0".into());
    args.extend(dir.fake("two", "script", &[FOOLS_MATE]));
    args.extend(words("--depth 1"));
    refused(
        &args,
        &["'depth=0' for '--engine <KEY=VALUE>...': the depth must be a whole number of at least 1"],
    );
}

#[test]
fn absurd_or_negative_time_controls_are_refused_with_the_accepted_forms() {
    let dir = TempDir::new("tc");
    let forms = "a time control is SECS, MIN:SECS or MOVES/SECS, each with an optional +INC";
    for (tc, why) in [
        (
            "-1",
            "bad time control '-1': the base time '-1' is negative",
        ),
        (
            "1e16",
            "the base time '1e16' is more than a week (604800 s)",
        ),
        ("1e300", "the base time '1e300' is more than a week"),
        ("inf", "the base time 'inf' is not a finite number"),
        ("0", "the base time '0' must be more than 0"),
        ("5+-0.1", "the increment '-0.1' is negative"),
        ("5+1e16", "the increment '1e16' is more than a week"),
        (
            "0/60",
            "the moves per period '0' must be a whole number of at least 1",
        ),
        ("fast", "the base time 'fast' is not a number of seconds"),
    ] {
        let stderr = refused(&two_fakes(&dir, &format!("--tc {tc}")), &[why, forms]);
        assert!(!stderr.contains("takes one value"), "{stderr}");
        refused(
            &two_fakes(&dir, &format!("--depth 1 --each tc={tc}")),
            &[why, forms],
        );
    }
    refused(
        &two_fakes(&dir, "--tc"),
        &["a value is required for '--tc <TC>'"],
    );
    refused(
        &two_fakes(&dir, "--tc 5 --hang-timeout 1e300"),
        &["'1e300' for '--hang-timeout <SECS>': the wait must be more than 0 and at most a week"],
    );
}

#[test]
fn a_game_at_the_move_limit_is_adjudicated_a_draw_and_recorded() {
    let out = Command::new(BATON)
        .args(["match", "--help"])
        .output()
        .expect("run baton");
    let (help, _) = text(&out);
    shows(&help, "--maxmoves full moves (default 500)");

    let dir = TempDir::new("maxmoves");
    // Long enough a script to outlast the limit of two moves.
    let long = "e2e4,e7e5,g1f3,b8c6,f1c4,g8f6,d2d3,f8c5";
    let says = [
        "Score of one vs two: 0 - 0 - 2",
        "Terminations: adjudication 2",
    ];
    let pgn = scripted_match(&dir, long, "--depth 1 --games 2 --maxmoves 2", &says);
    let tags = [
        "[Termination \"adjudication\"]",
        "[Result \"1/2-1/2\"]",
        "[PlyCount \"4\"]",
    ];
    let games = games_with(&pgn, 2, &tags);
    // The reason is the comment before the result; the moves stop at the limit.
    let games = without_thoughts(&games).replace('\n', " ");
    let reason = "{adjudicated a draw by the move limit: 2 moves played (--maxmoves 2)}";
    in_every_game(&games, 2, &["1. e4 1... e5 2. Nf3 2... Nc6 {", reason]);
    assert!(!games.contains("Bc4"), "{games}");
    replays(pgn);
}

/// Two games of fool's mate as `baton match --pgn` writes them (without thoughts).
const FOOLS_MATE_PGN: &str = r#"[Event "baton match"]
[Site "?"]
[Round "1"]
[White "one"]
[Black "two"]
[Result "0-1"]
[Variant "chess"]
[Termination "normal"]

1. f2f3 e7e5 2. g2g4 d8h4 {Black wins by checkmate} 0-1

[Event "baton match"]
[Site "?"]
[Round "2"]
[White "two"]
[Black "one"]
[Result "0-1"]
[Variant "chess"]
[Termination "normal"]

1. f2f3 e7e5 2. g2g4 d8h4 {Black wins by checkmate} 0-1
"#;

/// `baton match --replay` of a file holding `content`.
fn replay_args(dir: &TempDir, name: &str, content: &[u8]) -> Vec<String> {
    let path = dir.path(name);
    std::fs::write(&path, content).expect("write pgn");
    vec!["--replay".to_string(), path]
}

#[test]
fn replaying_a_file_without_games_is_an_error() {
    let dir = TempDir::new("nogames");
    for (name, content) in [
        ("empty.pgn", ""),
        ("blank.pgn", "\n  \n\n"),
        ("escape.pgn", "% only an escape line\n"),
    ] {
        let path = dir.path(name);
        refused(
            &replay_args(&dir, name, content.as_bytes()),
            &[&format!(
                "error: no games in {path}: a PGN game is tag lines like"
            )],
        );
    }
    // The whole file replays.
    let (stdout, _) = succeeds(&replay_args(&dir, "good.pgn", FOOLS_MATE_PGN.as_bytes()));
    shows(&stdout, "replayed 2 games: 2 ok, 0 mismatches");
}

#[test]
fn a_cut_off_pgn_fails_the_replay_naming_the_game() {
    let dir = TempDir::new("cutoff");
    let second = FOOLS_MATE_PGN.rfind("[Event").unwrap();
    let in_moves = FOOLS_MATE_PGN.rfind(" 2. g2g4").unwrap();
    let in_comment = FOOLS_MATE_PGN.rfind("checkmate}").unwrap();
    let in_tag = FOOLS_MATE_PGN.rfind("[Round").unwrap() + 4;
    let after_tags = FOOLS_MATE_PGN.rfind("1. f2f3").unwrap();
    for (cut, why) in [
        (
            in_moves,
            "game 2 (two - one): its move text ends after ply 2 'e7e5' without a result \
             (1-0, 0-1, 1/2-1/2 or *): the game is cut off",
        ),
        (
            in_comment,
            "game 2 (two - one): a comment '{' is not closed; its move text ends",
        ),
        (
            in_tag,
            "game 2 (? - ?): line 14: '[Rou' is not a whole tag line like [Name \"value\"]",
        ),
        (
            after_tags,
            "game 2 (two - one): no moves and no result (1-0, 0-1, 1/2-1/2 or *) follow its \
             tags: the game is cut off",
        ),
        (
            second + 3,
            "game 2 (? - ?): line 12: '[Ev' is not a whole tag line",
        ),
    ] {
        let args = replay_args(&dir, "cut.pgn", &FOOLS_MATE_PGN.as_bytes()[..cut]);
        failed(&args, &["1 of 2 games in", "failed to replay:", why]);
        let (stdout, _) = text(&baton(&args));
        shows(
            &stdout,
            "replayed 2 games: 1 ok, 0 mismatches, 1 unreadable",
        );
    }
}

#[test]
fn binary_input_to_replay_is_refused_without_a_panic() {
    let dir = TempDir::new("binary");
    let bytes: Vec<u8> = (0..=255u8).rev().cycle().take(4000).collect();
    let path = dir.path("random.pgn");
    refused(
        &replay_args(&dir, "random.pgn", &bytes),
        &[&format!(
            "error: {path} is not a PGN file: byte 0 is not UTF-8 text. --replay reads PGN text"
        )],
    );
    let path = dir.path("nul.pgn");
    refused(
        &replay_args(&dir, "nul.pgn", b"[Event \"x\"]\n\0\0\0"),
        &[&format!(
            "error: {path} is not a PGN file: byte 12 is a NUL (a binary file?)"
        )],
    );
}

#[test]
fn a_replay_with_an_illegal_move_or_an_unknown_variant_fails() {
    let dir = TempDir::new("replaybad");
    let illegal = FOOLS_MATE_PGN.replacen("2. g2g4", "2. g2g5", 1);
    let args = replay_args(&dir, "illegal.pgn", illegal.as_bytes());
    failed(
        &args,
        &[
            "1 of 2 games in",
            "game 1 (one - two): ply 3 (2.): illegal move 'g2g5'",
        ],
    );
    let (stdout, _) = text(&baton(&args));
    shows(
        &stdout,
        "game 1 (one - two): MISMATCH: ply 3 (2.): illegal move",
    );
    shows(&stdout, "replayed 2 games: 1 ok, 1 mismatches");

    let shogi = FOOLS_MATE_PGN.replace("[Variant \"chess\"]", "[Variant \"shogi\"]");
    failed(
        &replay_args(&dir, "shogi.pgn", shogi.as_bytes()),
        &[
            "2 of 2 games in",
            "game 1 (one - two): Variant tag: unknown variant 'shogi' (known: chess, knightmate,",
            "game 2 (two - one): Variant tag: unknown variant 'shogi'",
        ],
    );
}

#[test]
fn bench_refuses_extra_or_misplaced_words_naming_them() {
    for (line, why) in [
        ("chess knightmate 1", "error: unexpected argument '1' found"),
        (
            "1 knightmate",
            "error: invalid value '1' for '[VARIANT|all]'",
        ),
        ("knightmate 1 2", "error: unexpected argument '2' found"),
        (
            "knightmate 0",
            "error: invalid value '0' for '[DEPTH]': expected a whole number from 1 to 64",
        ),
        (
            "knightmate 1 --depth",
            "error: unexpected argument '--depth' found",
        ),
        (
            "nosuchchess",
            "unknown variant 'nosuchchess' (known: chess, knightmate,",
        ),
    ] {
        let mut args = vec!["bench".to_string()];
        args.extend(words(line));
        refused_command(&args, &[why]);
    }
    // The words in their places still run.
    let out = Command::new(BATON)
        .args(["bench", "knightmate", "1", "--threads", "1"])
        .output()
        .expect("run baton");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.starts_with("knightmate "), "{stdout}");
    assert_eq!(stdout.matches(" depth  1 ").count(), 1, "{stdout}");
    // `--positions` adds a line per position before the variant's.
    let out = Command::new(BATON)
        .args(["bench", "knightmate", "2", "--positions"])
        .output()
        .expect("run baton");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    let n = lines
        .iter()
        .take_while(|l| l.starts_with("  position "))
        .count();
    assert!(n > 0, "{stdout}");
    for (i, l) in lines[..n].iter().enumerate() {
        assert!(
            l.starts_with(&format!("  position {}/{n}  depth  2 ", i + 1)),
            "{l}"
        );
        assert!(l.contains(" score cp ") && l.contains(" best "), "{l}");
    }
    assert!(lines[n].starts_with("knightmate "), "{stdout}");
}

/// Plays a short real match and checks that every game ended by the rules or by
/// adjudication, and that the PGN replays.
fn real_match(engines: &[&str], variant: &str, limits: &str, tag: &str) {
    let dir = TempDir::new(tag);
    let pgn = dir.path("games.pgn");
    let mut args = Vec::new();
    for (k, cmd) in engines.iter().enumerate() {
        args.extend(words(&format!("--engine cmd={cmd} name=e{k}")));
    }
    args.extend(words(&format!(
        "--variant {variant} {limits} --games 2 --concurrency 2 --random-plies 4 --seed 7 \
         --maxmoves 150 --pgn {pgn}"
    )));
    let (stdout, stderr) = succeeds(&args);
    shows(&stdout, "Elo difference");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[Event ").count(), 2);
    for bad in ["rules infraction", "abandoned", "stalled", "time forfeit"] {
        assert!(!games.contains(bad), "{variant}: {bad}\n{games}\n{stderr}");
    }
    replays(pgn);
}

#[test]
fn fairy_stockfish_plays_chess_and_knightmate() {
    if !baton_testkit::installed("matches against Fairy-Stockfish", &[FAIRY]) {
        return;
    }
    real_match(&[FAIRY, FAIRY], "chess", "--depth 1", "fsf-chess");
    real_match(
        &[FAIRY, FAIRY],
        "knightmate",
        "--nodes 1000",
        "fsf-knightmate",
    );
}

#[test]
fn baton_plays_itself_in_every_supported_variant() {
    for v in baton_engine::Variant::ALL {
        real_match(&[BATON, BATON], v.name(), "--depth 2", v.name());
    }
}

#[test]
fn openings_makes_a_level_suite_the_same_whatever_the_threads() {
    let run = |threads: &str| {
        let out = Command::new(BATON)
            .args(["openings", "knightmate", "--count", "4", "--depth", "4"])
            .args(["--margin", "80", "--threads", threads])
            .output()
            .expect("run baton openings");
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{stdout}\n{stderr}");
        // The command that remakes the suite is told, beside the suite.
        shows(&stderr, "made by: baton openings knightmate --count 4");
        stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"), "the suite depends on the thread count");
    // EPD records and nothing else, as other programs read them.
    knightmate_suite(&one, 4, 80, "4");
    // Bad words are refused with the usage.
    let out = Command::new(BATON)
        .args(["openings", "knightmate", "--count", "0"])
        .output()
        .expect("run baton openings");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out)
            .1
            .contains("invalid value '0' for '--count <N>': expected a whole number from 1"),
        "{:?}",
        text(&out)
    );
}

/// Checks that `epd` is `count` EPD records of knightmate positions and nothing else,
/// each judged within `margin` centipawns (`ce`) at depth `depth` (`acd`), and gives
/// its lines.
fn knightmate_suite<'a>(epd: &'a str, count: usize, margin: i32, depth: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = epd.lines().collect();
    assert_eq!(lines.len(), count, "{epd}");
    for line in &lines {
        let (fen, _) = line.split_once(';').expect(line);
        baton_engine::Position::from_fen(baton_engine::Variant::Knightmate, fen.trim())
            .unwrap_or_else(|e| panic!("{line}: {e:?}"));
        let ce: i32 = operation(line, "ce")
            .and_then(|v| v.parse().ok())
            .expect(line);
        assert!(ce.abs() <= margin, "{line}");
        assert_eq!(operation(line, "acd"), Some(depth), "{line}");
    }
    lines
}

/// `baton openings --judge`: the candidates judged by Fairy-Stockfish's search (a tiny
/// suite at a small depth, a second or so of CPU).
#[test]
fn openings_judged_by_fairy_stockfish() {
    if !baton_testkit::installed("openings judged by Fairy-Stockfish", &[FAIRY]) {
        return;
    }
    let out = Command::new(BATON)
        .args(["openings", "knightmate", "--count", "2", "--plies", "8"])
        .args(["--depth", "4", "--threads", "1", "--judge"])
        .arg(format!("cmd={FAIRY}"))
        .output()
        .expect("run baton openings");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    shows(
        &stderr,
        &format!("made by: baton openings knightmate --count 2 --plies 8-8 --depth 4 --margin 60 --seed 1 --judge cmd={FAIRY}"),
    );
    for line in knightmate_suite(&stdout, 2, 60, "4") {
        let walk = operation(line, "c0").expect(line);
        assert_eq!(walk.trim_matches('"').split(' ').count(), 8, "{line}");
    }
}

/// A judge that lists its variants in another case plays them, and is told the value
/// as it spells it (the fake engine, which scores every position 0, exits on another
/// spelling).
#[test]
fn openings_judge_variants_are_compared_without_case() {
    let out = Command::new(BATON)
        .args(["openings", "knightmate", "--count", "1", "--depth", "2"])
        .args(["--threads", "1", "--judge"])
        .arg(format!("cmd={}", fake_engine().display()))
        .args(["arg=script", "arg=variants=Chess,KnightMate"])
        .output()
        .expect("run baton openings");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    for line in knightmate_suite(&stdout, 1, 0, "2") {
        assert_eq!(operation(line, "ce"), Some("0"), "{line}");
    }
}

/// A judge that cannot serve is an error with a message, before or during the work:
/// missing, not playing the variant, refusing an option, dying at its first search.
#[test]
fn openings_says_why_a_judge_cannot_serve() {
    let fake = fake_engine().display().to_string();
    for (variant, judge, code, why) in [
        (
            "knightmate",
            vec!["cmd=/nonexistent/judge".to_string()],
            2,
            "error: judge '/nonexistent/judge': cannot start '/nonexistent/judge'".to_string(),
        ),
        (
            "knightrelay",
            vec![format!("cmd={fake}"), "arg=script".into()],
            2,
            format!(
                "error: judge '{fake}' does not play knightrelay (its UCI_Variant values: \
                 chess, knightmate)\nNo suite was made: give --judge an engine that plays \
                 knightrelay, or leave --judge out to judge with Baton's own search."
            ),
        ),
        (
            "knightmate",
            vec![
                format!("cmd={fake}"),
                "arg=script".into(),
                "arg=variants=".into(),
            ],
            2,
            format!(
                "error: judge '{fake}' does not play knightmate (it has no UCI_Variant \
                 option: it plays chess only)"
            ),
        ),
        (
            "chess",
            vec![
                format!("cmd={fake}"),
                "arg=script".into(),
                "arg=variants=knightmate".into(),
            ],
            2,
            format!(
                "error: judge '{fake}' does not play chess (its UCI_Variant values: \
                 knightmate)"
            ),
        ),
        (
            "knightmate",
            vec![
                format!("cmd={fake}"),
                "arg=script".into(),
                "option.Frob=1".into(),
            ],
            2,
            format!("error: judge '{fake}' has no option 'Frob' (option.Frob=1)"),
        ),
        (
            "knightmate",
            vec![format!("cmd={fake}"), "arg=crash".into()],
            1,
            format!("error: judge '{fake}': engine exited (exit status: 3); its last lines:"),
        ),
        (
            "knightmate",
            vec![format!("cmd={fake}"), "depth=3".into()],
            2,
            "error: --judge takes no search limit: its searches go to --depth".to_string(),
        ),
    ] {
        let out = Command::new(BATON)
            .args([
                "openings",
                variant,
                "--count",
                "1",
                "--depth",
                "2",
                "--threads",
                "1",
            ])
            .arg("--judge")
            .args(&judge)
            .output()
            .expect("run baton openings");
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(code), "{judge:?}: {stderr}");
        assert!(stdout.is_empty(), "{judge:?}: {stdout}");
        shows(&stderr, &why);
    }
}

/// The games of a PGN file by number (Round tag), each without its Date tag and the
/// engines' thoughts (which hold times): what must be the same however it was played.
fn games_by_number(pgn: &str) -> std::collections::BTreeMap<usize, String> {
    let mut games = std::collections::BTreeMap::new();
    for game in without_thoughts(pgn).split("[Event ").skip(1) {
        let round = game
            .lines()
            .find_map(|l| l.strip_prefix("[Round \"")?.strip_suffix("\"]"))
            .and_then(|r| r.parse().ok())
            .expect("a Round tag");
        let kept: Vec<&str> = game.lines().filter(|l| !l.starts_with("[Date ")).collect();
        assert!(
            games.insert(round, kept.join("\n")).is_none(),
            "game {round} twice"
        );
    }
    games
}

#[test]
fn the_shards_of_a_match_together_are_the_whole_match() {
    let dir = TempDir::new("shards");
    // Random openings, so that the shards must share the seed to agree; two rounds of
    // six games: six pairs of games for four shards.
    let common = format!(
        "--engine cmd={BATON} name=a --engine cmd={BATON} name=b --variant knightmate \
         --depth 2 --games 6 --rounds 2 --random-plies 4 --seed 11"
    );
    let whole_pgn = dir.path("whole.pgn");
    let (whole_out, _) = succeeds(&words(&format!("{common} --pgn {whole_pgn}")));
    let whole = games_by_number(&std::fs::read_to_string(&whole_pgn).unwrap());
    assert_eq!(whole.len(), 12);

    let mut union = std::collections::BTreeMap::new();
    let mut shards = Vec::new();
    for i in 1..=4 {
        let pgn = dir.path(&format!("shard{i}.pgn"));
        let (stdout, _) = succeeds(&words(&format!("{common} --shard {i}/4 --pgn {pgn}")));
        shows(&stdout, "--merge");
        let games = games_by_number(&std::fs::read_to_string(&pgn).unwrap());
        // Shard i holds pairs i-1, i-1+4, ...: both colours of an opening stay together.
        let numbers: Vec<usize> = games.keys().copied().collect();
        let want: Vec<usize> = (1..=12).filter(|n| (n - 1) / 2 % 4 == i - 1).collect();
        assert_eq!(numbers, want, "shard {i}/4");
        for (n, g) in games {
            assert!(union.insert(n, g).is_none(), "game {n} in two shards");
        }
        shards.push(pgn);
    }
    assert_eq!(
        union, whole,
        "the shards' games differ from the whole match's"
    );

    // The merged report is the whole match's report.
    let mut args = words("--merge");
    args.extend(shards.iter().cloned());
    let (merged, _) = succeeds(&args);
    shows(&merged, "Merged 12 games from 4 files");
    let score = |report: &str| {
        report
            .lines()
            .filter(|l| l.starts_with("Score of") || l.starts_with("Elo difference"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(score(&merged), score(&whole_out), "{merged}\n{whole_out}");
    assert_eq!(score(&merged).len(), 2, "{merged}");

    // A shard given twice is refused, not counted twice; an SPRT is judged on the whole.
    let mut twice = words("--merge");
    twice.extend([shards[0].clone(), shards[1].clone(), shards[0].clone()]);
    refused(
        &twice,
        &["game number 1 is in", "give each shard's games once"],
    );
    let mut sprt = words("--merge");
    sprt.extend(shards.iter().cloned());
    sprt.extend(words("--sprt 0,40"));
    let (stdout, _) = succeeds(&sprt);
    shows(&stdout, "SPRT: llr");

    // A shard that could not be merged, or that disagrees with the others, is refused.
    for (extra, why) in [
        ("--shard 1/4", "--shard needs --pgn"),
        ("--shard 7/7 --pgn x.pgn", "use at most 6 shards"),
        ("--shard 0/4 --pgn x.pgn", "bad --shard '0/4'"),
        ("--shard 2 --pgn x.pgn", "bad --shard '2'"),
        ("--shard 1/2 --pgn x.pgn --sprt 0,5", "give it to --merge"),
    ] {
        let args = words(&format!("{common} {extra}"));
        refused(&args, &[why]);
    }
    let unseeded = words(&format!(
        "--engine cmd={BATON} --engine cmd={BATON} --depth 1 --random-plies 2 --shard 1/2 \
         --games 4 --pgn {}",
        dir.path("x.pgn")
    ));
    refused(&unseeded, &["needs --seed S"]);
}

#[test]
fn notation_coordinates_keeps_batons_move_text_and_replays() {
    let dir = TempDir::new("coordinates");
    let options = "--depth 1 --games 2 --notation coordinates";
    let pgn = scripted_match(&dir, FOOLS_MATE, options, &[]);
    let games = without_thoughts(&std::fs::read_to_string(&pgn).expect("pgn")).replace('\n', " ");
    let moves = "1. f2f3 1... e7e5 2. g2g4 2... d8h4 {Black wins by checkmate} 0-1";
    in_every_game(&games, 2, &[moves]);
    replays(pgn);
    // An unknown notation is refused before any game.
    let out = baton(&words(
        "--engine cmd=a --engine cmd=b --depth 1 --notation long",
    ));
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    shows(
        &stderr,
        "'long' for '--notation <san|coordinates>': unknown notation 'long' (known: san, \
             coordinates)",
    );
}
