//! What the fingerprint hashes of a search: the rules it follows, the exact-cover problem, the
//! order, the program it runs (the sentinel alone for a search that runs none), the symmetry
//! check and every part of the plan. Each type of the plan is taken apart here with every
//! field named, none left to `..`: a field added anywhere in the plan does not compile here
//! until it is hashed, or said here not to shape the search.
//! The values are hashed in one fixed sequence whichever search runs (the parts a search has
//! not hashed as absent), so that releases that search alike keep each other's units.

use puzzlec_runtime::symmetry::SymmetryCheck;

use crate::cover::Cover;
use crate::order::{Order, Position};
use crate::program::{Body, Next, Node, Program};
use puzzlec_runtime::fingerprint::Fingerprint;

use super::{
    quotas, Bag, BitBoard, CacheTable, Check, Fewest, FewestCache, FewestTables, Field, FitsTables,
    Key, Layout, Plan, Pruning, Quota, Scan, ScanCache, Search,
};

/// The fingerprint of `plan`, made for this cover, order, program (none for a search by the
/// fewest embeddings, which runs from its tables) and symmetry check.
pub(super) fn fingerprint(
    plan: &Plan,
    cover: &Cover,
    order: &Order,
    program: Option<&Program>,
    symmetry_check: Option<&SymmetryCheck>,
) -> u64 {
    let Plan {
        layout,
        search,
        // Named among the rules, and the check's tables hashed below.
        symmetry_check: _,
        // The program's, hashed with it where there is one.
        sentinel,
        // For people: what was decided is hashed, not why.
        decisions: _,
        // What this makes.
        fingerprint: _,
    } = plan;
    let mut f = Fingerprint::new();
    // The rules, not the compiler's version: a release that searches alike keeps the units
    // of the one before it.
    for rule in plan.rules() {
        f.text(rule.name);
        f.number(u64::from(rule.version));
    }
    hash_cover(&mut f, cover);
    f.numbers(order.sequence().iter().map(|a| u64::from(a.0)));
    match program {
        Some(program) => hash_program(&mut f, program),
        None => f.number(u64::from(sentinel.0)),
    }
    // The scan's parts, and the bags' quotas, which the search by the fewest embeddings
    // checks itself (from the cover's counts).
    let fewest_quotas;
    let (pruning, dead_ends, fewest_fits, quotas, cache) = match search {
        Search::Scan(Scan {
            pruning,
            dead_ends,
            fewest_fits,
            // How the procedures find their placements, which are the same in the same order.
            fitting: _,
            quotas,
            cache,
        }) => (
            Some(pruning),
            dead_ends.as_ref(),
            fewest_fits.as_ref(),
            &quotas[..],
            cache.map(|c| hash_scan_cache(&c)),
        ),
        Search::Fewest(Fewest { tables, cache }) => {
            tables_follow(tables);
            fewest_quotas = quotas(cover, order, layout);
            (
                None,
                None,
                None,
                &fewest_quotas[..],
                cache.map(|c| hash_fewest_cache(&c)),
            )
        }
    };
    if let Some(board) = dead_ends {
        hash_board(&mut f, board);
    }
    match fewest_fits {
        Some(fits) => hash_fits(&mut f, fits),
        None => f.number(0),
    }
    if let Search::Fewest(Fewest { cache, .. }) = search {
        f.number(cache.map_or(u64::from(u32::MAX), |c| u64::from(c.from_depth)));
    }
    hash_layout(&mut f, layout);
    for &Quota { position, left } in quotas {
        f.number(u64::from(position.0) | u64::from(left) << 32);
    }
    f.number(match pruning {
        None | Some(Pruning::Off) => 0,
        Some(Pruning::Holes { check, pairs }) => {
            1 | u64::from(has_board(check)) << 8 | u64::from(*pairs) << 9
        }
        Some(Pruning::Regions(check)) => 2 | u64::from(has_board(check)) << 8,
    });
    if let Some(check) = symmetry_check {
        hash_symmetry_check(&mut f, check);
    }
    if let Some((from, key, table)) = cache {
        let CacheTable {
            words,
            bits,
            // A memo changes neither the search tree nor what a unit counts.
            memo: _,
        } = table;
        f.number(u64::from(from.0));
        f.number(words as u64);
        f.number(u64::from(bits));
        f.number(match key {
            Key::Whole => 0,
            Key::Shifted(s) => 1 | u64::from(s) << 8,
            Key::From(w) => 2 | (w as u64) << 8,
        });
    }
    f.finish()
}

/// The exact-cover problem: each aspect's counts and whether it is optional, each allowed
/// embedding's aspects, and which aspect is a colour of which item (a cover without colours
/// hashes as if there were none to hash).
fn hash_cover(f: &mut Fingerprint, cover: &Cover) {
    f.number(cover.aspect_count() as u64);
    f.number(cover.embedding_count() as u64);
    for a in cover.all_aspects() {
        f.number(u64::from(cover.multiplicity(a)));
        f.number(u64::from(cover.least(a)));
        f.number(u64::from(cover.is_optional(a)));
    }
    for e in cover.allowed() {
        f.number(u64::from(e.0));
        f.numbers(cover.aspects(e).iter().map(|a| u64::from(a.0)));
    }
    if cover.has_colours() {
        f.text("colours");
        f.numbers(
            cover
                .all_aspects()
                .map(|a| cover.item_of(a).map_or(u64::MAX, |item| u64::from(item.0))),
        );
    }
}

/// The program: each procedure's tree, and each dead end's.
fn hash_program(f: &mut Fingerprint, program: &Program) {
    for p in program.procedures() {
        f.number(u64::from(p.aspect.0));
        f.number(u64::from(p.optional));
        match &p.body {
            Body::Require => f.number(1),
            Body::Pass => f.number(2),
            Body::Place(roots) => {
                f.number(3);
                roots.iter().for_each(|n| hash_node(f, n));
            }
        }
    }
    for dead_end in program.dead_ends() {
        f.number(u64::from(dead_end.cell.0));
        f.number(dead_end.roots.len() as u64);
        dead_end.roots.iter().for_each(|n| hash_node(f, n));
    }
}

fn hash_node(f: &mut Fingerprint, n: &Node) {
    match n {
        Node::Test { aspect, children } => {
            f.number(u64::from(aspect.0));
            f.number(children.len() as u64);
            children.iter().for_each(|c| hash_node(f, c));
        }
        Node::Place { embedding, next } => {
            f.number(u64::from(u32::MAX));
            f.number(u64::from(embedding.0));
            f.number(match next {
                Next::At(p) => u64::from(p.0),
                Next::Caller => u64::MAX,
            });
        }
    }
}

/// The tables of the search by the fewest embeddings follow from the cover, the order and the
/// layout, all hashed: none of their fields is hashed again.
fn tables_follow(tables: &FewestTables) {
    let FewestTables {
        words: _,
        sets: _,
        required: _,
        span: _,
        ranges: _,
        takers: _,
        clashes: _,
        masks: _,
        needs: _,
        stride: _,
        bits: _,
        starts: _,
        embeddings: _,
        bags: _,
        bag_of: _,
    } = tables;
}

/// The bit board on which the dead ends are found: where it lies and its cells.
fn hash_board(f: &mut Fingerprint, board: &BitBoard) {
    let BitBoard {
        offset,
        // Which cells neighbour which follows from the box, as the cells do.
        steps: _,
        cells,
    } = board;
    f.number(u64::from(*offset));
    f.number(*cells as u64);
    f.number((*cells >> 64) as u64);
}

/// Whether a check runs on a bit board. Its tables, and the board's, follow from the box, the
/// cover and the order.
fn has_board(check: &Check) -> bool {
    let Check { regions: _, board } = check;
    board.is_some()
}

/// When the cell with the fewest fits is chosen. Its tables follow from the cover, the order
/// and the dead ends' board.
fn hash_fits(f: &mut Fingerprint, fits: &FitsTables) {
    let FitsTables {
        board: _,
        above,
        from,
        cells: _,
        runs: _,
        embeddings: _,
        takes: _,
        masks: _,
    } = fits;
    f.numbers([1, u64::from(*above), u64::from(from.0)]);
}

/// Where each aspect lives in `q`: each field's offset and a bag's count (its width follows),
/// and the words of `q` (which the bits used, and so how `q` is held, follow from).
fn hash_layout(f: &mut Fingerprint, layout: &Layout) {
    let Layout {
        repr: _,
        used: _,
        fields,
    } = layout;
    f.numbers(fields.iter().map(|&Field { offset, bag }| {
        let count = bag.map_or(0, |Bag { width: _, count }| u64::from(count));
        u64::from(offset) | count << 32
    }));
    f.number(layout.words() as u64);
}

/// The scan's cache: the first position that consults it, its key and its table.
fn hash_scan_cache(cache: &ScanCache) -> (Position, Key, CacheTable) {
    let ScanCache { from, key, table } = *cache;
    (from, key, table)
}

/// The fewest search's cache: the first depth that consults it, keyed by all of `q`.
fn hash_fewest_cache(cache: &FewestCache) -> (Position, Key, CacheTable) {
    let FewestCache { from_depth, table } = *cache;
    (Position(from_depth), Key::Whole, table)
}

/// The symmetry check's tables.
fn hash_symmetry_check(f: &mut Fingerprint, check: &SymmetryCheck) {
    let SymmetryCheck {
        embeddings,
        images,
        fixed,
        members,
        everywhere,
        pairs,
    } = check;
    f.number(u64::from(*embeddings));
    f.numbers(images.iter().map(|&e| u64::from(e)));
    for &(e, first, count) in fixed.iter() {
        f.numbers([e, first, count].map(u64::from));
    }
    f.numbers(members.iter().map(|&g| u64::from(g)));
    f.numbers(everywhere.iter().map(|&g| u64::from(g)));
    for &(first, second, start, count) in pairs.iter() {
        f.numbers([first, second, start, count].map(u64::from));
    }
    f.number(fixed.len() as u64 | (pairs.len() as u64) << 32);
}
