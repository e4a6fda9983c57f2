//! The engine crate's modules depend on each other in one direction only, at every
//! level: among the top-level modules (`rules`, `search`, `profile`, ...), and among
//! the files and folders inside each module (`rules/stones/field.rs` and `pawns.rs`,
//! `search/movepick/` and `search/ordering.rs`). A file names another through a path,
//! `crate::...`, `super::...`, `self::...`, a child module's name, or a grouped
//! `use crate::{a, b::c}` (naming `a` and `b`). Test code (`#[cfg(test)]` items, with
//! everything inside their braces, and `tests.rs` files) may use anything; comments and
//! string literals name nothing. Not seen: what a parent module re-exports from one of
//! its children (`super::Item` counts as naming the parent), and glob imports.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A graph: node -> the nodes it names.
type Graph = BTreeMap<String, BTreeSet<String>>;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("engine/src is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source with comments removed and string and character literals emptied, so
/// that neither a `//` inside a string nor a `'{'` confuses what follows.
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let ident = |ch: char| ch.is_alphanumeric() || ch == '_';
    while i < c.len() {
        let next = c.get(i + 1).copied();
        if c[i] == '/' && next == Some('/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && next == Some('*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (i == 0 || !ident(c[i - 1]) || c[i - 1] == 'b')
            && matches!(next, Some('"') | Some('#'))
            && c[i + 1..].iter().find(|&&ch| ch != '#') == Some(&'"')
        {
            // A raw string: r"...", r#"..."#.
            let hashes = c[i + 1..].iter().take_while(|&&ch| ch == '#').count();
            i += 2 + hashes;
            while i < c.len() {
                if c[i] == '"'
                    && c[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&h| h == '#')
                        .count()
                        == hashes
                {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            out.push_str("\"\"");
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c[i] == '\'' && (next == Some('\\') || c.get(i + 2) == Some(&'\'')) {
            // A character literal ('{', '\n', '\u{7b}'); a lifetime has no closing quote.
            i += 2;
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// The code without its test items: each `#[cfg(test)]` item is dropped up to the
/// end of its braces (or its `;`), and the code after it is kept.
fn without_tests(code: &str) -> String {
    const MARK: &str = "#[cfg(test)]";
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find(MARK) {
        out.push_str(&rest[..at]);
        let item = &rest[at + MARK.len()..];
        let end = match (item.find('{'), item.find(';')) {
            (Some(open), semi) if semi.is_none_or(|s| open < s) => {
                let mut depth = 0;
                let mut close = item.len();
                for (k, ch) in item.char_indices().skip(open) {
                    match ch {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                close = k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                close
            }
            (_, Some(semi)) => semi + 1,
            _ => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || ch == '_'
}

/// The paths written at `text[at..]` (`a::b::c`, or `a::{b, c::d}` as `a::b` and
/// `a::c::d`), and where they end.
fn paths_at(text: &str, at: usize) -> (Vec<Vec<String>>, usize) {
    let b = text.as_bytes();
    let mut i = at;
    let mut prefix = Vec::new();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < b.len() && b[i] == b'{' {
            let mut all = Vec::new();
            i += 1;
            loop {
                while i < b.len() && (b[i].is_ascii_whitespace() || b[i] == b',') {
                    i += 1;
                }
                if i >= b.len() || b[i] == b'}' {
                    return (all, i + 1);
                }
                let (inner, end) = paths_at(text, i);
                for p in inner {
                    let mut full = prefix.clone();
                    full.extend(p.into_iter().filter(|s| s != "self"));
                    all.push(full);
                }
                // Skip an alias (`as x`) or a glob up to the next item.
                i = end.max(i + 1);
                while i < b.len() && b[i] != b',' && b[i] != b'}' {
                    i += 1;
                }
            }
        }
        let start = i;
        while i < b.len() && is_ident(b[i] as char) {
            i += 1;
        }
        if start == i {
            return (vec![prefix], i);
        }
        prefix.push(text[start..i].to_string());
        if text[i..].starts_with("::") {
            i += 2;
        } else {
            return (vec![prefix], i);
        }
    }
}

/// The module path of a file under `src/` (`rules/stones/mod.rs` -> `rules::stones`).
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// Every module path that is a file or a folder under `src/`.
fn modules(rels: &[String]) -> BTreeSet<Vec<String>> {
    rels.iter().map(|r| module_of(r)).collect()
}

/// The absolute paths a file (module `module`, a `mod.rs` or not) names.
/// (`super` is relative to the file's module; a `mod.rs` is its folder's module.)
fn named_paths(code: &str, module: &[String], all: &BTreeSet<Vec<String>>) -> Vec<Vec<String>> {
    let b = code.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let boundary = i == 0 || !(is_ident(b[i - 1] as char) || b[i - 1] == b':');
        if !(boundary && is_ident(b[i] as char)) {
            i += 1;
            continue;
        }
        let word_end = i + code[i..]
            .find(|ch: char| !is_ident(ch))
            .unwrap_or(code.len() - i);
        if !code[word_end..].starts_with("::") {
            i = word_end;
            continue;
        }
        let (paths, end) = paths_at(code, i);
        for path in paths {
            let mut base: Vec<String> = Vec::new();
            let mut rest = path.as_slice();
            match rest.first().map(String::as_str) {
                Some("crate") => rest = &rest[1..],
                Some("self") => {
                    base = module.to_vec();
                    rest = &rest[1..];
                }
                Some("super") => {
                    base = module.to_vec();
                    while rest.first().is_some_and(|s| s == "super") {
                        base.pop();
                        rest = &rest[1..];
                    }
                }
                Some(child) => {
                    // A child module named directly; anything else is another crate's
                    // or an item's path (`std::...`, `Role::King`).
                    let mut m = module.to_vec();
                    m.push(child.to_string());
                    if !all.contains(&m) {
                        continue;
                    }
                    base = module.to_vec();
                }
                None => continue,
            }
            base.extend(rest.iter().cloned());
            found.push(base);
        }
        i = end.max(i + 1);
    }
    found
}

/// The crate's `src/` folder and its Rust files' paths under it ("rules/stones/field.rs").
fn sources() -> (PathBuf, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let rels = files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(&src).expect("under src");
            rel.to_string_lossy().replace('\\', "/")
        })
        .collect();
    (src, rels)
}

/// Per folder (`""` for `src/`, `"rules/stones"`, ...), the graph among its entries:
/// which of its files and subfolders name which.
fn graphs() -> BTreeMap<String, Graph> {
    let (src, mut rels) = sources();
    rels.retain(|rel| rel != "lib.rs" && !rel.ends_with("/tests.rs"));
    let all = modules(&rels);
    let mut graphs: BTreeMap<String, Graph> = BTreeMap::new();
    for rel in &rels {
        let module = module_of(rel);
        let text = std::fs::read_to_string(src.join(rel)).expect("a readable source file");
        let code = without_tests(&code_only(&text));
        for target in named_paths(&code, &module, &all) {
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            // Within one module (or a parent naming its own child): no edge.
            let (Some(from), Some(to)) = (module.get(common), target.get(common)) else {
                continue;
            };
            let mut entry = target[..=common].to_vec();
            if !all.contains(&entry) {
                // An item of the parent module (`super::Stones`), not a sibling.
                continue;
            }
            entry.truncate(common);
            graphs
                .entry(entry.join("/"))
                .or_default()
                .entry(from.clone())
                .or_default()
                .insert(to.clone());
        }
    }
    graphs
}

/// A circle through `start`, if there is one.
fn circle_through(graph: &Graph, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![start.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().expect("a path is never empty");
        for next in graph.get(last).into_iter().flatten() {
            if next == start {
                let mut circle = path.clone();
                circle.push(next.clone());
                return Some(circle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn every_module_and_every_file_in_it_depend_one_way() {
    let graphs = graphs();
    let top = &graphs[""];
    // The reader works: the rules name the position, the search names the rules, the
    // profile names the evaluation and the search it configures.
    for (from, to) in [
        ("rules", "position"),
        ("search", "rules"),
        ("profile", "eval"),
        ("profile", "search"),
    ] {
        assert!(top[from].contains(to), "{from} -> {to} not seen: {top:?}");
    }
    let mut circles = Vec::new();
    for (folder, graph) in &graphs {
        for node in graph.keys() {
            if let Some(c) = circle_through(graph, node) {
                circles.push(format!("{folder}/: {}", c.join(" -> ")));
            }
        }
    }
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_rules_record_names_no_engine_module() {
    let graphs = graphs();
    let named = &graphs[""]["variant"];
    for above in ["position", "rules", "eval", "search", "profile"] {
        assert!(!named.contains(above), "variant names {above}: {named:?}");
    }
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    let mut graph = Graph::new();
    for (a, b) in [("position", "rules"), ("rules", "fen"), ("fen", "position")] {
        graph.entry(a.into()).or_default().insert(b.into());
    }
    let circle = circle_through(&graph, "rules").expect("rules -> fen -> position -> rules");
    assert_eq!(circle, ["rules", "fen", "position", "rules"]);
    graph.remove("fen");
    assert_eq!(circle_through(&graph, "rules"), None);
}

#[test]
fn the_reader_keeps_code_after_a_test_module_and_reads_grouped_paths() {
    let text = r#"
use crate::{geometry, rules::stones::Field as F};
#[cfg(test)]
mod tests {
    use crate::search::Worker;
    fn f() { let _ = '{'; let _ = "}"; }
}
// crate::eval is only a comment
fn after() -> u8 { let _ = "crate::profile"; super::pawns::count() }
"#;
    let code = without_tests(&code_only(text));
    let all: BTreeSet<Vec<String>> = ["geometry", "rules", "rules/stones", "rules/stones/pawns"]
        .iter()
        .map(|m| m.split('/').map(String::from).collect())
        .collect();
    let module: Vec<String> = ["rules", "stones", "field"].map(String::from).to_vec();
    let named: Vec<String> = named_paths(&code, &module, &all)
        .into_iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        named,
        [
            "geometry",
            "rules::stones::Field",
            "rules::stones::pawns::count"
        ]
    );
}

#[test]
fn the_reader_sees_production_code_after_a_files_first_test_item() {
    // rules/stones/turns.rs has test-only functions near its top and most of its
    // production code after them.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/stones/turns.rs");
    let text = std::fs::read_to_string(src).expect("turns.rs");
    let first = text.find("#[cfg(test)]").expect("a test item");
    let code = without_tests(&code_only(&text));
    for later in ["fn neutral_checks", "fn generate_with_neutral"] {
        assert!(
            text[first..].contains(later),
            "{later} is after the first test item"
        );
        assert!(code.contains(later), "{later} was dropped");
    }
    assert!(
        !code.contains("fn generate_all_forms"),
        "a test item was kept"
    );
}

/// The test suite's own variant (`rules::nodoublestep`, ARCHITECTURE.md's checklist
/// proved) exists in the library's unit tests only: the library that the front ends
/// and this test link does not know it.
#[test]
fn the_test_suite_s_variant_is_not_in_the_library() {
    let names: Vec<&str> = baton_engine::Variant::ALL
        .iter()
        .map(|v| v.name())
        .collect();
    assert!(!names.contains(&"nodoublestep"), "{names:?}");
    assert!(baton_engine::Variant::parse("nodoublestep").is_err());
}

/// The table of variants (`with_variants!` in `variant.rs`) names each variant's type
/// by a path that only `rules` resolves: `rules::dispatch!` expands a row's
/// `orthodox::Chess` as `crate::rules::orthodox::Chess`, while `variant`'s own use of
/// the table (`variants!`: the enum, `ALL`, `facts`) leaves the types out. So the
/// paths are no names of `variant`'s and the reader above does not count them; this
/// test reads them as `rules`' instead: each must be a type in a module under `rules`
/// (a row naming a type of the evaluation, the search or the profile fails here).
#[test]
fn the_table_of_variants_names_types_of_the_rules_only() {
    let (src, rels) = sources();
    let all = modules(&rels);
    let text = std::fs::read_to_string(src.join("variant.rs")).expect("variant.rs");
    let code = code_only(&text);
    let start = code
        .find("macro_rules! with_variants")
        .expect("the table of variants");
    let end = start + code[start..].find("\n}\n").expect("the table's end");
    let mut rows = 0;
    for line in code[start..end].lines().map(str::trim) {
        // A row: `Chess: orthodox::Chess => &CHESS,`.
        let Some((value, rest)) = line.split_once(": ") else {
            continue;
        };
        let Some((path, _)) = rest.split_once(" =>") else {
            continue;
        };
        if !value.chars().all(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let mut module: Vec<String> = vec!["rules".to_string()];
        module.extend(path.split("::").map(String::from));
        module.pop();
        assert!(
            module.len() > 1 && all.contains(&module),
            "{value}: {path} is no type of a module under rules"
        );
        rows += 1;
    }
    assert!(rows >= 8, "the table's rows were not read ({rows})");
}
