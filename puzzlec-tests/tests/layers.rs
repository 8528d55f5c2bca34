//! The modules of each crate use one another one way: no module reaches itself through the
//! modules it uses (`crate::...` paths in its code, tests and comments aside). So a stage of the
//! compiler never imports a later one, the run time's modules stack as ARCHITECTURE.md lists
//! them, and a change to one module can only reach those above it.
#![deny(warnings, missing_docs)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The crates whose modules are held to it, by their directories beside this one.
const CRATES: [&str; 4] = [
    "puzzlec-compiler",
    "puzzlec-runtime",
    "puzzlec-io",
    "puzzlec-cli",
];

/// Each top-level module of the crate under `src` and the modules of the crate it names.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    let mut files = vec![src.to_path_buf()];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).expect("the sources are readable") {
                files.push(entry.expect("a directory entry").path());
            }
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).expect("under the sources");
        let first = relative.components().next().expect("a file has a name");
        let name = first.as_os_str().to_string_lossy();
        let module = name.trim_end_matches(".rs").to_owned();
        if module == "lib" || module == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a source is readable");
        let used = graph.entry(module.clone()).or_insert_with(BTreeSet::new);
        used.extend(uses(&code_of(&text)).into_iter().filter(|m| *m != module));
    }
    // A function at the crate's root is named like a module: only modules count.
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for used in graph.values_mut() {
        used.retain(|m| modules.contains(m));
    }
    graph
}

/// The text of a source without its comments and its module of tests.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    (text.lines())
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules of the crate that `code` names: `crate::name` and `crate::{name, other::...}`.
fn uses(code: &str) -> BTreeSet<String> {
    let mut modules = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // Only the top level of the group names modules of the crate.
            let mut depth = 0;
            let mut item = String::new();
            let mut first = true;
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' | ',' if depth == 0 => {
                        // An item named alone (`crate::{order, Tuning}`).
                        if first && is_module(&item) {
                            modules.insert(item.clone());
                        }
                        if c == '}' {
                            break;
                        }
                        item.clear();
                        first = true;
                        continue;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 && first {
                    if c.is_alphanumeric() || c == '_' {
                        item.push(c);
                    } else if !item.is_empty() {
                        first = false;
                        if c == ':' && is_module(&item) {
                            modules.insert(item.clone());
                        }
                    }
                }
            }
        } else {
            let name: String = (rest.chars())
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if is_module(&name) {
                modules.insert(name);
            }
        }
    }
    modules
}

/// Modules are named in snake case; types, traits and constants are not.
fn is_module(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
}

/// The modules of `graph` that reach themselves, each with the way back.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in graph.keys() {
        // Breadth first from `start`, remembering each module's parent, until `start` is met.
        let mut parent: BTreeMap<&String, &String> = BTreeMap::new();
        let mut frontier = vec![start];
        'search: while !frontier.is_empty() {
            let mut next = Vec::new();
            for module in frontier {
                for used in graph.get(module).into_iter().flatten() {
                    if used == start {
                        let mut way = vec![start.clone(), module.clone()];
                        let mut at = module;
                        while let Some(&p) = parent.get(at) {
                            way.push(p.clone());
                            at = p;
                        }
                        way.reverse();
                        found.push(way);
                        break 'search;
                    }
                    if !parent.contains_key(used) && used != start {
                        parent.insert(used, module);
                        next.push(used);
                    }
                }
            }
            frontier = next;
        }
    }
    found
}

#[test]
fn the_modules_of_each_crate_use_one_another_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in CRATES {
        let graph = graph(&root.join(krate).join("src"));
        assert!(graph.len() >= 3, "{krate} has its modules");
        let cycles = cycles(&graph);
        let shown: Vec<String> = cycles.iter().map(|c| c.join(" → ")).collect();
        assert!(
            cycles.is_empty(),
            "modules of {krate} that reach themselves:\n{}",
            shown.join("\n")
        );
    }
}

#[test]
fn a_cycle_is_seen() {
    let uses = |pairs: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (a, b) in pairs {
            graph
                .entry(a.to_string())
                .or_default()
                .insert(b.to_string());
            graph.entry(b.to_string()).or_default();
        }
        graph
    };
    let graph = uses(&[("plan", "walk"), ("walk", "order"), ("order", "plan")]);
    assert_eq!(
        cycles(&graph)[0],
        ["order", "plan", "walk", "order"].map(String::from)
    );
    assert!(cycles(&uses(&[
        ("judge", "plan"),
        ("judge", "walk"),
        ("walk", "plan")
    ]))
    .is_empty());
}

#[test]
fn the_modules_named_are_read_from_paths_and_groups() {
    let code = "use crate::plan::{Plan, Search};\nuse crate::{cover::Cover, order, Tuning};\n\
                let x = crate::walk::walk(); use crate::{emit::{a, b}, fits::{c}};";
    assert_eq!(
        uses(code),
        ["cover", "emit", "fits", "order", "plan", "walk"]
            .map(String::from)
            .into()
    );
    assert_eq!(
        code_of("a // crate::x\n#[cfg(test)]\nmod tests { crate::y }"),
        "a "
    );
}
