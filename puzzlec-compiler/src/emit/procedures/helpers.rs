//! The helpers the placements call (take the aspects, check, place, go on), written once per
//! target procedure, and the functions every part shares.

use super::*;

/// The helpers the placements call, by target procedure (`K`, or `caller` for the dead ends'
/// placements, which take the caller's position as an argument).
#[derive(Default)]
pub(super) struct Helpers {
    /// `place_K`: a placement without a check.
    pub(super) places: BTreeSet<Next>,
    /// `leaf_K`: a placement without a check, with its last aspects to test.
    pub(super) leaves: BTreeSet<Next>,
    /// `hole_K` and `enter_K`: a placement with the hole test on the bit board.
    pub(super) holes: BTreeSet<Next>,
    /// `regions_K` and `fill_K`: a placement with the region check on the bit board.
    pub(super) regions: BTreeSet<Next>,
    /// Whether a procedure's lookup calls the bit board's check itself.
    pub(super) checks: bool,
    /// Whether a procedure's lookup counts the free cells' neighbours once and checks each
    /// placement from the counts (`free_counts` and `holes_placed`).
    pub(super) counts: bool,
}

/// The name of a helper of `kind` for a target.
pub(super) fn helper_name(kind: &str, target: Next) -> Ident {
    match target {
        Next::At(k) => format_ident!("{kind}_{}", k.0),
        Next::Caller => format_ident!("{kind}_caller"),
    }
}

impl Helpers {
    pub(super) fn merge(&mut self, other: Helpers) {
        self.places.extend(other.places);
        self.leaves.extend(other.leaves);
        self.holes.extend(other.holes);
        self.regions.extend(other.regions);
        self.checks |= other.checks;
        self.counts |= other.counts;
    }
}

impl Emitter<'_> {
    /// The helpers the placements call, one of each kind per target procedure `K`: the
    /// placement itself (`place_K`, `enter_K` with the hole test, `fill_K` with the region
    /// check) is written once per target, not at every placement, which keeps the procedures
    /// small enough for the instruction cache; the last aspects' tests (`leaf_K`, `hole_K`,
    /// `regions_K`) are inlined at the placements.
    pub(super) fn helpers(&self) -> TokenStream {
        let state = self.state;
        let q_ty = state.ty();
        let (word_param, test, take) = match self.compiled.plan.layout.repr {
            Repr::U64 | Repr::U128 => (
                quote!(need: #q_ty,),
                quote!(q & need != need),
                quote!(let q = q ^ need;),
            ),
            Repr::Words(_) => (
                quote!(w: usize, need: u64,),
                quote!(q[w] & need != need),
                quote!(let mut q = q; q[w] ^= need;),
            ),
        };
        let runtime = &self.runtime;
        let sink = quote!(S: #runtime::search::Sink + ?Sized);
        let flow = quote!(::core::ops::ControlFlow<()>);
        let skip = quote!(return ::core::ops::ControlFlow::Continue(()););
        let used = &self.helpers;
        // Where a placement goes on: the target's position and procedure, or the caller's
        // (a parameter `at` more), resumed by position.
        let target = |k: Next| match k {
            Next::At(p) => {
                let (at, next) = (p.0, name_of(p, self.sentinel));
                (
                    TokenStream::new(),
                    TokenStream::new(),
                    quote!(#at),
                    quote!(#next),
                )
            }
            Next::Caller => (
                quote!(, at: u32),
                quote!(, at),
                quote!(at),
                quote!(|q, sink| resume(at, q, sink)),
            ),
        };
        let places = used.places.iter().map(|&k| {
            let name = helper_name("place", k);
            let (param, _, at, next) = target(k);
            quote! {
                #[inline(never)]
                fn #name<#sink>(q: #q_ty, e: u32, sink: &mut S #param) -> #flow {
                    go(q, e, sink, #at, #next)
                }
            }
        });
        // The inlined test at a placement: take the last aspects' bits and call the helper.
        let guarded = |name: Ident, callee: Ident, border: Option<&TokenStream>, k: Next| {
            let (param, arg) = match border {
                Some(word) => (quote!(border: #word,), quote!(border,)),
                None => (quote!(), quote!()),
            };
            let (at_param, at_arg, _, _) = target(k);
            quote! {
                #[inline(always)]
                fn #name<#sink>(q: #q_ty, #word_param #param e: u32, sink: &mut S #at_param) -> #flow {
                    if #test {
                        #skip
                    }
                    #take
                    let flow = #callee(q, #arg e, sink #at_arg);
                    if sink.may_stop() { flow } else { ::core::ops::ControlFlow::Continue(()) }
                }
            }
        };
        let leaves = used
            .leaves
            .iter()
            .map(|&k| guarded(helper_name("leaf", k), helper_name("place", k), None, k));
        let word = self.scan.pruning.board().map(board_word);
        // A pruning helper: the inlined test, then (once per target) the check and the placement.
        let pruned = |k: Next, check: BoardCheckKind| {
            let (name, enter) = match check {
                BoardCheckKind::Holes => (helper_name("hole", k), helper_name("enter", k)),
                BoardCheckKind::Regions => (helper_name("regions", k), helper_name("fill", k)),
            };
            let (param, _, at, next) = target(k);
            let test = guarded(name, enter.clone(), word.as_ref(), k);
            // The hole test finds the dead ends on its way, where they are on the same board.
            let body = match (check, self.scan.fuses_dead_ends()) {
                (BoardCheckKind::Holes, true) => quote! {
                    let ::core::option::Option::Some(ends) = holes_or_dead_ends(q, border) else {
                        sink.pruned();
                        #skip
                    };
                    go_with(q, e, sink, #at, #next, ends)
                },
                _ => {
                    let fails = match check {
                        BoardCheckKind::Holes => fails_holes(quote!(border)),
                        BoardCheckKind::Regions => fails_regions(quote!(border)),
                    };
                    quote! {
                        if #fails {
                            sink.pruned();
                            #skip
                        }
                        go(q, e, sink, #at, #next)
                    }
                }
            };
            quote! {
                #test

                #[inline(never)]
                fn #enter<#sink>(q: #q_ty, border: #word, e: u32, sink: &mut S #param) -> #flow {
                    #body
                }
            }
        };
        let holes = (used.holes.iter()).map(|&k| pruned(k, BoardCheckKind::Holes));
        let regions = (used.regions.iter()).map(|&k| pruned(k, BoardCheckKind::Regions));
        quote! {
            #(#places)*
            #(#leaves)*
            #(#holes)*
            #(#regions)*
        }
    }

    /// What the helpers of every module share: placing itself, and the pruning check.
    pub(super) fn shared(&self, runtime: &TokenStream, used: &Helpers) -> TokenStream {
        let state = self.state;
        let q_ty = state.ty();
        let words = state.words();
        let sink = quote!(S: #runtime::search::Sink + ?Sized);
        let flow = quote!(::core::ops::ControlFlow<()>);
        let any = !(used.places.is_empty() && used.holes.is_empty() && used.regions.is_empty());
        let go = any.then(|| {
            let next = quote!(::core::ops::FnOnce(#q_ty, &mut S) -> #flow);
            // Flat `else if`s where the plan chooses, a block where it does not.
            let chosen = match self.choose(quote!(at), quote!(next(q, sink))) {
                chosen if !self.scan.chooses() => quote!({ #chosen }),
                chosen => chosen,
            };
            let place = quote! {
                sink.place(e);
                let flow = if sink.cut() {
                    sink.unit(&#words, at)
                } else #chosen;
                sink.unplace();
                flow
            };
            match &self.scan.dead_ends {
                None => quote! {
                    /// Places `e`, whose aspects are taken, and goes on with `next`, the
                    /// procedure at position `at`, unless the sink cuts the search here.
                    #[inline(always)]
                    fn go<#sink>(q: #q_ty, e: u32, sink: &mut S, at: u32, next: impl #next) -> #flow {
                        #place
                    }
                },
                Some(board) => {
                    let word = board_word(board);
                    quote! {
                        /// Places `e`, whose aspects are taken, and goes on with `next`, the
                        /// procedure at position `at`, after the dead ends; unless the sink cuts
                        /// the search here.
                        #[inline(always)]
                        fn go<#sink>(q: #q_ty, e: u32, sink: &mut S, at: u32, next: impl #next) -> #flow {
                            go_with(q, e, sink, at, next, dead_ends(q))
                        }

                        /// [`go`] with the dead ends `ends` of `q` found.
                        #[inline(always)]
                        fn go_with<#sink>(q: #q_ty, e: u32, sink: &mut S, at: u32, next: impl #next, ends: #word) -> #flow {
                            #place
                        }
                    }
                }
            }
        });
        let choice = self.choice(runtime);
        let check = match (&self.scan.pruning, self.scan.pruning.board()) {
            (Pruning::Holes { pairs, .. }, Some(board))
                if !used.holes.is_empty() || used.checks || used.counts =>
            {
                let pairs = *pairs;
                let fused = self.scan.fuses_dead_ends().then(|| {
                    let (word, free, steps) = board_parts(state, board);
                    let (k, cells) = (board.steps.len(), board_literal(board, board.cells));
                    quote! {
                        /// The dead ends of `q`, unless the hole test fails next to `border`.
                        #[inline]
                        fn holes_or_dead_ends(q: #q_ty, border: #word) -> ::core::option::Option<#word> {
                            const STEPS: [(u32, #word); #k] = [#(#steps),*];
                            #runtime::__private::board_holes_or_dead_ends(&STEPS, #cells, #free, border, #pairs)
                        }
                    }
                });
                let checked = !used.holes.is_empty() || used.checks;
                let check = (checked && !self.scan.fuses_dead_ends())
                    .then(|| board_check(runtime, state, board, BoardCheck::Holes(pairs)));
                let counted = used
                    .counts
                    .then(|| board_counted(runtime, state, board, pairs));
                Some(quote!(#check #fused #counted))
            }
            (Pruning::Regions(check), Some(board)) if !used.regions.is_empty() || used.checks => {
                Some(board_check(
                    runtime,
                    state,
                    board,
                    BoardCheck::Regions(&check.regions),
                ))
            }
            _ => None,
        };
        quote! {
            #go
            #check
            #choice
        }
    }
}
