//! The aspect order of a box puzzle, chosen at compile time: every scan of the cells (each
//! order of the axes) with a few pieces before the cells (those with the fewest placements,
//! such as the X kept at 8 places in 6x10), each candidate judged by Knuth's estimate of the
//! number of placements its search makes. What the description names outright is kept.
//!
//! The candidates are raced: each is first estimated from a few walks
//! ([`Tuning::race_probes`]), and only those near the best ([`Tuning::race_within`]) from all
//! of them ([`Tuning::probes`]). The walks of an estimate are the first of the full estimate's,
//! so a candidate that stays in the race gets the estimate it would have had alone; most
//! candidates are many times worse than the best and show it after a few walks.

use rayon::prelude::*;

use crate::board::Board;
use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::description::OrderChoice;
use crate::estimate::{self, Estimator};
use crate::lower::Lowered;
use crate::model::{BoxModel, Lead, Model, Options, Piece, Problem};
use crate::order::Order;
use crate::stop::Stop;
use crate::symmetry::Reduced;
use crate::tuning::Tuning;

/// The order chosen, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Chosen {
    /// The order.
    pub order: Order,
    /// A person's description of it, e.g. `X, then cells along axes 1, 0`.
    pub label: String,
    /// The estimated number of placements of its search.
    pub estimate: f64,
    /// Every candidate tried, with its estimate, in the order tried (from the first few walks
    /// only, for those the race left behind).
    pub candidates: Vec<(String, f64)>,
    /// Whether the puzzle is searched by covering next the free required aspect with the
    /// fewest embeddings, and estimated so (the order then lays out the free set and names the
    /// procedures, which the search does not run): a box where the race found it best or it
    /// is asked for, a puzzle without a box unless its listed order is asked for. The plan
    /// scans where that search's tables do not fit.
    pub fewest: bool,
}

impl Chosen {
    /// What the search costs, in placements of a scan: the estimate, times
    /// [`Tuning::fewest_cost`] for a search by the fewest embeddings. What the ways to reduce
    /// a puzzle, and a race's bound, are compared by.
    pub fn cost(&self, tuning: &Tuning) -> f64 {
        match self.fewest {
            true => self.estimate * tuning.fewest_cost,
            false => self.estimate,
        }
    }
}

/// Chooses among the ways to reduce the puzzle (`symmetry::reduce`, the most promising first)
/// and the order of the one kept. Which piece is kept shapes the whole search (on the 4x4x4
/// cubes some pieces leave a search several times smaller than others), but judging one costs
/// a choice of order: a small search ([`Tuning::small_search`]) keeps the first, a larger one
/// the way whose best order the estimates find smallest.
/// The ways race too: the candidates of a later way are measured against the best order of
/// the ways before it, and fall behind as early. Once `stop` is set the estimates end early
/// and what is chosen is no choice (the compile that asked is discarded).
pub fn choose_reduced(
    model: &Model,
    ways: impl IntoIterator<Item = Reduced>,
    tuning: &Tuning,
    stop: Stop<'_>,
) -> (Reduced, Chosen) {
    pick(ways, tuning, |lowered, bound| {
        choose_within(model, lowered, tuning, bound, stop)
    })
}

/// [`choose_reduced`] with the order of each way chosen by `judge`, given the best estimate
/// of the ways before it. A way is made only when it is judged.
fn pick(
    ways: impl IntoIterator<Item = Reduced>,
    tuning: &Tuning,
    judge: impl Fn(&Lowered, f64) -> Chosen,
) -> (Reduced, Chosen) {
    let mut best: Option<(Reduced, Chosen)> = None;
    for (i, way) in ways.into_iter().enumerate() {
        let bound = best.as_ref().map_or(f64::INFINITY, |(_, b)| b.cost(tuning));
        let chosen = judge(&way.lowered, bound);
        let small = i == 0 && chosen.cost(tuning) < tuning.small_search;
        if best
            .as_ref()
            .is_none_or(|(_, b)| chosen.cost(tuning) < b.cost(tuning))
        {
            best = Some((way, chosen));
        }
        if small {
            break;
        }
    }
    best.expect("a puzzle has a way to be reduced, if only unreduced")
}

/// Chooses the order as the model asks: for a box, among the candidate scans and leads; an
/// abstract puzzle keeps its aspects in the order listed.
pub fn choose(model: &Model, lowered: &Lowered, tuning: &Tuning) -> Chosen {
    choose_within(model, lowered, tuning, f64::INFINITY, Stop::NEVER)
}

/// [`choose`], the race's candidates also left behind where they fall far behind `bound`, an
/// estimate already made of another way to search the puzzle: the estimate returned is then
/// one of a candidate left behind, higher than `bound`.
fn choose_within(
    model: &Model,
    lowered: &Lowered,
    tuning: &Tuning,
    bound: f64,
    stop: Stop<'_>,
) -> Chosen {
    match &model.problem {
        Problem::Box(b) => choose_box(b, &model.options, lowered, tuning, bound, stop),
        Problem::Abstract(_) => {
            let order = Order::by_number(lowered.cover.aspect_count());
            let label = "the aspects as listed".to_owned();
            let probes = tuning.probes;
            let estimator = Estimator::new(&lowered.cover, tuning).stopped_by(stop);
            // Searched by the fewest embeddings unless the listed order is asked for, and
            // estimated as searched: the listed order's scan of a sudoku is estimated at a
            // hundred million placements, the search it runs makes two hundred.
            let fewest = model.options.scan != OrderChoice::Listed;
            let estimate = match fewest {
                true => estimator.fewest_placements(probes, estimate::SEED),
                false => estimator.placements(&order, probes, estimate::SEED),
            };
            Chosen {
                order,
                candidates: vec![(label.clone(), estimate)],
                label,
                estimate,
                fewest,
            }
        }
    }
}

fn choose_box(
    model: &BoxModel,
    options: &Options,
    lowered: &Lowered,
    tuning: &Tuning,
    bound: f64,
    stop: Stop<'_>,
) -> Chosen {
    let (board, pieces) = (&model.board, &model.pieces);
    let (lead, scan) = (&options.lead, options.scan);
    let cover = &lowered.cover;
    let cells = board.cells().len();
    // The pieces' aspects, then the symmetry marks'.
    let multiplicities: Vec<u32> = (cells..cover.aspect_count())
        .map(|a| cover.multiplicity(AspectId(a as u32)))
        .collect();
    // Pieces with an aspect of their own, as indices among the piece aspects.
    let single: Vec<(usize, usize)> = lowered
        .piece_aspects
        .iter()
        .enumerate()
        .filter_map(|(piece, a)| {
            let a = (*a)?;
            (cover.multiplicity(a) == 1).then_some((piece, a.index() - cells))
        })
        .collect();
    let leads: Vec<Vec<usize>> = match lead {
        Lead::None => vec![Vec::new()],
        Lead::All => vec![single.iter().map(|&(_, i)| i).collect()],
        Lead::Named(named) => {
            // Copies without a piece aspect, or in a bag, have nothing to put first.
            let lead = named
                .iter()
                .filter_map(|piece| single.iter().find(|&&(p, _)| p == piece.index()))
                .map(|&(_, i)| i)
                .collect();
            vec![lead]
        }
        Lead::Auto => {
            // The few pieces with the fewest allowed placements, alone or as an ordered pair
            // before the cells; or none; or all.
            let mut by_placements = single.clone();
            by_placements.sort_by_key(|&(piece, _)| {
                let range = lowered.ranges[piece].clone();
                range.filter(|&e| cover.is_allowed(EmbeddingId(e))).count()
            });
            let ids: Vec<usize> = by_placements.iter().map(|&(_, i)| i).collect();
            let few = &ids[..ids.len().min(tuning.leads)];
            let mut leads = vec![Vec::new()];
            leads.extend(few.iter().map(|&a| vec![a]));
            for &a in few {
                leads.extend(few.iter().filter(|&&b| b != a).map(|&b| vec![a, b]));
            }
            if ids.len() > 2 {
                leads.push(ids.clone());
            }
            leads
        }
    };
    let scans: Vec<Vec<usize>> = match scan {
        OrderChoice::Auto => axis_orders(board, tuning),
        choice => vec![Order::scan_axes(board, choice)],
    };
    let estimator = Estimator::new(cover, tuning).stopped_by(stop);
    // The search by the fewest embeddings lays out the free set by the first scan.
    let by_fewest = |probes: u32, candidates: Vec<(String, f64)>| {
        let estimate = estimator.fewest_placements(probes, estimate::SEED);
        let mut candidates = candidates;
        // Named by the scan that lays out the free set; the plan says the rest.
        let name = label(board, pieces, &single, &[], &scans[0]);
        candidates.insert(
            0,
            (format!("{name}, the fewest embeddings first"), estimate),
        );
        // The first scan, each aspect that repeats a column before it moved after the rest
        // but the bags (which stay last): the search never chooses a repeat, and so reads
        // only the first words of the free set.
        let scan = Order::by_number(cover.aspect_count());
        let repeats = cover.repeats(scan.sequence());
        let rank = |a: &AspectId| match (repeats[a.index()], cover.multiplicity(*a) > 1) {
            (_, true) => 2,
            (true, false) => 1,
            (false, false) => 0,
        };
        let mut order = scan.sequence().to_vec();
        order.sort_by_key(rank);
        Chosen {
            order: Order::new(order).expect("a scan's aspects, each once"),
            label: name,
            estimate,
            candidates,
            fewest: true,
        }
    };
    if scan == OrderChoice::Fewest {
        return by_fewest(tuning.probes, Vec::new());
    }
    // Where nothing asked of the search needs the scan, the search by the fewest embeddings
    // is estimated first, from the race's first walks. Smaller, times `fewest_cost`, than the
    // race of the scans would walk (a step per piece of each walk of every candidate of its
    // first stage), it is taken without the race: the best scan could save less than finding
    // it costs. It is not raced against the scans: their estimates leave out the pruning,
    // which makes their searches many times smaller on most boxes.
    if may_choose_fewest(cover, pieces, options) {
        let depth: u32 = pieces.iter().map(|p| p.count.max).sum();
        let race = scans.len() * leads.len().min(2) * tuning.probes as usize;
        let fewest = by_fewest(tuning.race_probes, Vec::new());
        if fewest.cost(tuning) < race as f64 * f64::from(depth.max(1)) {
            return fewest;
        }
    }
    let field = Field {
        board,
        pieces,
        multiplicities: &multiplicities,
        single: &single,
        leads: &leads,
        scans: &scans,
    };
    race_scans(&field, &estimator, tuning, bound)
}

/// Whether `order: auto` may search a box by the fewest embeddings: where no scan is named and
/// nothing else asked needs one (the dead ends, the fewest fits and the pruning checks run in the scan's
/// procedures, and a lead is a place in its order), the cover has no bags, which the
/// estimate of that search does not choose, and every piece is one of a kind: copies get the
/// scan's counting memo, which spares far more than any choice of aspect.
fn may_choose_fewest(cover: &Cover, pieces: &[Piece], options: &Options) -> bool {
    use crate::description::{DeadEnds, FewestFits, Prune};
    !cover.has_bags()
        && pieces.iter().all(|p| p.count.max <= 1)
        && options.scan == OrderChoice::Auto
        && matches!(options.lead, Lead::Auto)
        && matches!(options.prune, Prune::Auto | Prune::Off)
        && matches!(options.dead_ends, DeadEnds::Auto | DeadEnds::Off)
        && matches!(options.fewest_fits, FewestFits::Auto | FewestFits::Off)
}

/// What the race of a box's scans is among: each scan with each lead.
struct Field<'a> {
    board: &'a Board,
    pieces: &'a [Piece],
    /// The multiplicities of the aspects after the cells.
    multiplicities: &'a [u32],
    /// The pieces with an aspect of their own, as indices among the piece aspects.
    single: &'a [(usize, usize)],
    leads: &'a [Vec<usize>],
    scans: &'a [Vec<usize>],
}

/// The race of the scans of a box, with each lead: the order whose search the estimates find
/// smallest, the candidates left behind where they fall far behind `bound`.
fn race_scans(field: &Field<'_>, estimator: &Estimator<'_>, tuning: &Tuning, bound: f64) -> Chosen {
    let Field {
        board,
        pieces,
        multiplicities,
        single,
        leads,
        scans,
    } = *field;
    let candidate = |&(lead, scan): &(&Vec<usize>, &Vec<usize>)| {
        let order = Order::for_board(board, multiplicities, scan, lead);
        (order, label(board, pieces, single, lead, scan))
    };
    let orders = |tried: &[(&Vec<usize>, &Vec<usize>)]| -> Vec<(Order, String)> {
        tried.iter().map(candidate).collect()
    };
    // Two stages keep the candidates few: the scans with no piece first and with the most
    // promising lead, then every lead with the best few scans.
    let first: Vec<(&Vec<usize>, &Vec<usize>)> = scans
        .iter()
        .flat_map(|scan| (leads.iter().take(tuning.first_leads)).map(move |lead| (lead, scan)))
        .collect();
    let first = Race::start(orders(&first), estimator, tuning, bound);
    // A search smaller than the walks the rest of the race would make is not worth its second
    // stage. A walk takes a step per placement of a solution, about a piece each.
    let second_count =
        tuning.scans.min(scans.len()) * leads.len().saturating_sub(tuning.first_leads);
    let depth: u32 = pieces.iter().map(|p| p.count.max).sum();
    let left = (first.ahead_count() as f64 * f64::from(tuning.probes - first.few)
        + second_count as f64 * f64::from(first.few))
        * f64::from(depth.max(1));
    let end_early = first.raced && first.ahead < left;
    // A search smaller than the first stage's finish is not worth it either: each candidate
    // still in the race walks on until its walks pass the estimate (`estimate_past`), so the
    // finish costs each about the search itself, or all its walks, and all of them more than
    // any order could spare (the bench notes' BurrTools first runs). The first walks judge.
    let whole_walks = f64::from(tuning.probes) * f64::from(depth.max(1));
    let finish = first.ahead_count() as f64 * whole_walks.min(first.ahead * tuning.estimate_past);
    if first.raced && first.ahead < finish {
        return winner(first.unfinished());
    }
    let first = first.finish(estimator, tuning);
    // Ended early, the first stage's candidates are still judged by the estimates of all the
    // walks, as a whole race judges them: a few walks rank close candidates either way.
    if end_early {
        return winner(first);
    }
    let per_scan = leads.len().min(tuning.first_leads);
    let mut scan_scores: Vec<(usize, f64)> = first
        .chunks(per_scan)
        .enumerate()
        .map(|(i, tried)| {
            (
                i,
                best_of(tried).map_or(f64::INFINITY, |b| b.chosen.estimate),
            )
        })
        .collect();
    scan_scores.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let second: Vec<(&Vec<usize>, &Vec<usize>)> = scan_scores
        .iter()
        .take(tuning.scans)
        .flat_map(|&(i, _)| {
            let scan = &scans[i];
            (leads.iter().skip(tuning.first_leads)).map(move |lead| (lead, scan))
        })
        .collect();
    let so_far = best_of(&first).map_or(bound, |b| b.chosen.estimate.min(bound));
    let second = Race::start(orders(&second), estimator, tuning, so_far).finish(estimator, tuning);
    winner(first.into_iter().chain(second).collect())
}

/// The winner of a race among the candidates `tried`, with every candidate's estimate.
fn winner(tried: Vec<Raced>) -> Chosen {
    // Where every candidate fell behind `bound`, or the race ended at its first walks, the
    // least of their first estimates.
    let mut best = match best_of(&tried) {
        Some(best) => best.chosen.clone(),
        None => (tried.iter().map(|t| &t.chosen))
            .reduce(|best, c| if c.estimate < best.estimate { c } else { best })
            .expect("every scan is tried with a lead")
            .clone(),
    };
    best.candidates = tried
        .into_iter()
        .map(|t| (t.chosen.label, t.chosen.estimate))
        .collect();
    best
}

/// A candidate of the race, and whether its estimate is made of all the walks.
struct Raced {
    chosen: Chosen,
    whole: bool,
}

/// The candidates of a race, each estimated from the first [`Tuning::race_probes`] walks: those
/// within [`Tuning::race_within`] of the best of them, and of `bound`, are then estimated from
/// all of them.
struct Race {
    candidates: Vec<(Order, String)>,
    /// Each candidate's first estimate.
    first: Vec<f64>,
    /// The best first estimate, or `bound` if less.
    ahead: f64,
    /// Whether the candidates race (not one alone, or with as many first walks as all).
    raced: bool,
    /// The walks of a first estimate.
    few: u32,
    /// How far behind `ahead` a candidate may be.
    within: f64,
}

impl Race {
    fn start(
        candidates: Vec<(Order, String)>,
        estimator: &Estimator<'_>,
        tuning: &Tuning,
        bound: f64,
    ) -> Race {
        let few = tuning.race_probes.min(tuning.probes);
        // One candidate against no other needs no race.
        let raced = !(candidates.len() == 1 && bound.is_infinite()) && few < tuning.probes;
        let first: Vec<f64> = match raced {
            true => in_parallel(&candidates, |(order, _)| {
                estimator.placements(order, few, estimate::SEED)
            }),
            false => vec![0.0; candidates.len()],
        };
        let ahead = first.iter().copied().fold(bound, f64::min);
        Race {
            candidates,
            first,
            ahead,
            raced,
            few,
            within: tuning.race_within,
        }
    }

    /// Whether candidate `i` stays in the race.
    fn is_ahead(&self, i: usize) -> bool {
        !self.raced || self.first[i] <= self.within * self.ahead
    }

    /// How many candidates stay in the race.
    fn ahead_count(&self) -> usize {
        (0..self.first.len()).filter(|&i| self.is_ahead(i)).count()
    }

    /// The candidates as their first walks estimate them, none from all its walks.
    fn unfinished(self) -> Vec<Raced> {
        let whole = vec![false; self.first.len()];
        raced(self.candidates, self.first, whole)
    }

    /// The candidates, those still in the race estimated from all the walks.
    fn finish(self, estimator: &Estimator<'_>, tuning: &Tuning) -> Vec<Raced> {
        let indices: Vec<usize> = (0..self.candidates.len()).collect();
        let estimates = in_parallel(&indices, |&i| match self.is_ahead(i) {
            true => estimator.placements(&self.candidates[i].0, tuning.probes, estimate::SEED),
            false => self.first[i],
        });
        let whole: Vec<bool> = indices.iter().map(|&i| self.is_ahead(i)).collect();
        raced(self.candidates, estimates, whole)
    }
}

/// The candidates with their estimates, and whether each is made of all the walks.
fn raced(candidates: Vec<(Order, String)>, estimates: Vec<f64>, whole: Vec<bool>) -> Vec<Raced> {
    (candidates.into_iter().zip(estimates).zip(whole))
        .map(|(((order, label), estimate), whole)| Raced {
            chosen: Chosen {
                order,
                label,
                estimate,
                candidates: Vec::new(),
                fewest: false,
            },
            whole,
        })
        .collect()
}

/// The candidate with the smallest estimate of those estimated from all their walks; of equal
/// ones the first, so that the choice is stable.
fn best_of(tried: &[Raced]) -> Option<&Raced> {
    (tried.iter().filter(|t| t.whole)).reduce(|best, c| {
        match c.chosen.estimate < best.chosen.estimate {
            true => c,
            false => best,
        }
    })
}

/// `f` of every item, in order, made on the threads of the rayon pool it is called in (the
/// estimates are the macro's main work, and the compiler runs it while one thread expands
/// macros; a program that compiles puzzles sets the threads with its pool). Each item's result
/// depends on the item alone, so the results are the same on any machine.
fn in_parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    items.par_iter().map(&f).collect()
}

/// Every order of the axes, fastest first, starting with the shorter sides first; for more
/// axes than [`Tuning::every_axis_order_to`] only that one and the reading order.
fn axis_orders(board: &Board, tuning: &Tuning) -> Vec<Vec<usize>> {
    let start = Order::scan_axes(board, OrderChoice::Auto);
    if board.dims() > tuning.every_axis_order_to {
        let rows = Order::scan_axes(board, OrderChoice::Rows);
        return if rows == start {
            vec![start]
        } else {
            vec![start, rows]
        };
    }
    let mut all = vec![start.clone()];
    let mut perm = start.clone();
    // Every permutation of `start`, by Heap's algorithm, in a fixed sequence.
    let mut c = vec![0; perm.len()];
    let mut i = 0;
    while i < perm.len() {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            perm.swap(j, i);
            if !all.contains(&perm) {
                all.push(perm.clone());
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    all
}

/// `X, then columns`, `cells along axes 2, 0, 1`.
fn label(
    board: &Board,
    pieces: &[Piece],
    single: &[(usize, usize)],
    lead: &[usize],
    scan: &[usize],
) -> String {
    let scan_name = if board.dims() == 2 && scan == [1, 0] {
        "rows".to_owned()
    } else if board.dims() == 2 && scan == [0, 1] {
        "columns".to_owned()
    } else {
        let axes: Vec<String> = scan.iter().map(ToString::to_string).collect();
        format!("cells along axes {} (fastest first)", axes.join(", "))
    };
    let names: Vec<&str> = lead
        .iter()
        .filter_map(|&i| single.iter().find(|&&(_, a)| a == i))
        .map(|&(piece, _)| pieces[piece].name.as_str())
        .collect();
    match names.is_empty() {
        true => scan_name,
        false => format!("{}, then {scan_name}", names.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::{Description, Symmetry};
    use crate::error::Errors;
    use crate::model::PieceId;

    /// The report puzzle's ways to be reduced, picked by a judge that gives each restricted
    /// piece (A, B, C) an estimate from `estimates`: the piece kept, and the pieces judged in
    /// turn.
    fn judged_by(estimates: [f64; 3]) -> (Option<PieceId>, Vec<PieceId>) {
        let mut errors = Errors::default();
        let d = Description::report_example().symmetry(Symmetry::Reduced { piece: None });
        let model = Model::check(&d, &mut errors).unwrap();
        let lowered = crate::lower::lower(&model, &mut errors);
        let whole = lowered.clone();
        let tuning = Tuning::default();
        let ways = crate::symmetry::reduce(&model, lowered, &mut errors, &tuning);
        let judged = std::cell::RefCell::new(Vec::new());
        let judge = |candidate: &Lowered, _: f64| {
            let piece = (0..3)
                .map(PieceId)
                .find(|&p| candidate.allowed_of(p).count() < whole.allowed_of(p).count())
                .unwrap();
            judged.borrow_mut().push(piece);
            let mut chosen = choose(&model, candidate, &tuning);
            chosen.estimate = estimates[piece.index()];
            chosen.fewest = false;
            chosen
        };
        let (way, chosen) = pick(ways, &tuning, judge);
        let piece = way.reduction.unwrap().piece;
        assert_eq!(chosen.estimate, estimates[piece.unwrap().index()]);
        (piece, judged.into_inner())
    }

    #[test]
    fn a_large_search_keeps_the_piece_whose_best_order_is_estimated_smallest() {
        // C keeps the fewest placements, so it is judged first.
        let (piece, judged) = judged_by([5e7, 2e7, 1e8]);
        assert_eq!(piece, Some(PieceId(1)));
        assert_eq!(judged[0], PieceId(2));
        assert_eq!(judged.len(), 3);
    }

    #[test]
    fn a_small_search_keeps_the_fewest_placements_and_judges_no_other() {
        let (piece, judged) = judged_by([5e3, 2e3, 1e4]);
        assert_eq!(piece, Some(PieceId(2)));
        assert_eq!(judged, [PieceId(2)]);
    }

    /// The order chosen for the box of `text` (reduced by its symmetry), with the estimate it
    /// was chosen by and the estimates of its first walks and of all of them.
    fn raced(text: &str, tuning: &Tuning) -> (f64, f64, f64) {
        let mut errors = Errors::default();
        let parsed = crate::parse::parse_str(text).unwrap();
        let model = Model::check(&parsed[0].description, &mut errors).unwrap();
        let lowered = crate::lower::lower(&model, &mut errors);
        let ways = crate::symmetry::reduce(&model, lowered, &mut errors, tuning);
        let (way, chosen) = choose_reduced(&model, ways, tuning, Stop::NEVER);
        let estimator = Estimator::new(&way.lowered.cover, tuning);
        let walks = |n| estimator.placements(&chosen.order, n, estimate::SEED);
        (
            chosen.estimate,
            walks(tuning.race_probes),
            walks(tuning.probes),
        )
    }

    #[test]
    fn a_search_smaller_than_the_races_finish_is_judged_by_its_first_walks() {
        // Its first walks estimate about 1.4e4 placements: more than a candidate's 1,000 walks
        // of 12 pieces, less than the two candidates left in the race would walk to finish it
        // (scans: the pruning asked for runs in them).
        let tuning = Tuning {
            probes: 1000,
            ..Tuning::default()
        };
        let holed = "mod p { box: 8 x 8, holes: [(3, 3), (3, 4), (4, 3), (4, 4)], pieces: pentominoes, symmetry: reduced, prune: regions }";
        let (chosen, first, whole) = raced(holed, &tuning);
        assert!(first > 12_000.0 && first < 24_000.0, "{first}");
        assert_eq!(chosen, first);
        assert_ne!(chosen, whole);
        // Millions: every candidate still in the race makes all its walks.
        let box_6x10 =
            "mod p { box: 6 x 10, pieces: pentominoes, symmetry: reduced, prune: regions }";
        let (chosen, first, whole) = raced(box_6x10, &tuning);
        assert_eq!(chosen, whole);
        assert_ne!(chosen, first);
    }

    #[test]
    fn every_order_of_the_axes_once() {
        let tuning = Tuning::default();
        let orders = axis_orders(&Board::block(&[5, 4, 3]), &tuning);
        assert_eq!(orders.len(), 6);
        // The shorter sides first comes first.
        assert_eq!(orders[0], vec![2, 1, 0]);
        let mut sorted = orders.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 6);
        assert_eq!(axis_orders(&Board::block(&[5, 3, 2, 2]), &tuning).len(), 24);
    }
}
