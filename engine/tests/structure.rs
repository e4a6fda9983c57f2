//! The engine crate's modules depend on each other in one direction only: no module
//! names, through `crate::...`, a module that names it back, directly or around a
//! circle. A node is a top-level module (`rules`, `search`, ...), except the data file
//! the variant record names (`search::features`), which must stay a leaf below it (the
//! record holds its weights as text, which `eval` reads: it names no eval type). Tests inside a file (`#[cfg(test)]` onwards) and `tests.rs`
//! files may use anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Files that are nodes of their own: what the variant record names.
const LEAVES: [(&str, &str); 1] = [("search/features.rs", "search::features")];

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

/// The node a file belongs to, from its path under `src/`.
fn node_of(rel: &str) -> String {
    if let Some((_, node)) = LEAVES.iter().find(|(file, _)| *file == rel) {
        return node.to_string();
    }
    let first = rel.split('/').next().unwrap_or(rel);
    first.trim_end_matches(".rs").to_string()
}

/// The node a path `crate::a::b...` names (`a`, or a leaf `a::b`).
fn target_of(path: &str) -> String {
    let mut parts = path.split("::");
    let first = parts.next().unwrap_or_default();
    if let Some(second) = parts.next() {
        let file = format!("{first}/{second}.rs");
        if let Some((_, node)) = LEAVES.iter().find(|(f, _)| *f == file) {
            return node.to_string();
        }
    }
    first.to_string()
}

/// The module graph: node -> the nodes it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file
            .strip_prefix(&src)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if rel == "lib.rs" || rel.ends_with("/tests.rs") {
            continue;
        }
        let node = node_of(&rel);
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for line in code.lines() {
            let line = line.split("//").next().unwrap_or_default();
            for (at, _) in line.match_indices("crate::") {
                let rest = &line[at + "crate::".len()..];
                let end = rest
                    .find(|c: char| !(c.is_ascii_lowercase() || c == '_' || c == ':'))
                    .unwrap_or(rest.len());
                let target = target_of(rest[..end].trim_end_matches(':'));
                if !target.is_empty() && target != node {
                    graph.entry(node.clone()).or_default().insert(target);
                }
            }
        }
    }
    graph
}

/// A circle through `start`, if there is one.
fn circle_through(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
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
fn the_engine_crate_has_no_import_circles() {
    let graph = graph();
    // The reader works: the rules name the position, the search names the rules.
    assert!(graph["rules"].contains("position"), "{graph:?}");
    assert!(graph["search"].contains("rules"), "{graph:?}");
    let circles: Vec<String> = graph
        .keys()
        .filter_map(|node| circle_through(&graph, node))
        .map(|c| c.join(" -> "))
        .collect();
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_data_the_variant_record_names_are_leaves() {
    let graph = graph();
    for (_, leaf) in LEAVES {
        let named: Vec<&String> = graph
            .get(leaf)
            .into_iter()
            .flatten()
            .filter(|n| n.as_str() != "piece")
            .collect();
        assert!(named.is_empty(), "{leaf} names {named:?}");
    }
}

#[test]
fn a_circle_is_found_when_there_is_one() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, b) in [("position", "rules"), ("rules", "fen"), ("fen", "position")] {
        graph.entry(a.into()).or_default().insert(b.into());
    }
    let circle = circle_through(&graph, "rules").expect("rules -> fen -> position -> rules");
    assert_eq!(circle, ["rules", "fen", "position", "rules"]);
    graph.remove("fen");
    assert_eq!(circle_through(&graph, "rules"), None);
}
