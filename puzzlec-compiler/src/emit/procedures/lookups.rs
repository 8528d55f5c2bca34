//! A procedure's placements found by table lookups (`Fitting::Tables`), then placed in the
//! tree's order, the pruning check written inline as the plan's `Checking` says.

use super::*;

impl Emitter<'_> {
    /// A procedure's tree as a lookup (`Fitting::Tables`): the placements that fit found at
    /// once (in the procedure's entry), then each of them in the tree's order, its check, and
    /// on to its target (in its tree).
    pub(super) fn lookup(&mut self, roots: &[Node]) -> (Found, TokenStream) {
        let mut leaves = Vec::new();
        for root in roots {
            self.leaves(root, 0, &mut leaves);
        }
        let layout = &self.compiled.plan.layout;
        let own = 1u128 << layout.fields[self.position.index()].offset;
        let masks: Vec<u128> = leaves.iter().map(|&(mask, _, _)| mask).collect();
        let lookup = Lookup::new(&masks, own);
        let n = leaves.len();
        let check = self.scan.pruning.check();
        let board = check.and_then(|c| c.board.as_ref());
        let fused = self.scan.fuses_dead_ends();
        // The procedures the placements go on with, each named once; a placement says which.
        let mut targets: Vec<Next> = Vec::new();
        let mut target_of = Vec::with_capacity(n);
        for &(_, _, next) in &leaves {
            let Next::At(p) = next else {
                unreachable!("a procedure's placements go on at a position")
            };
            let target = Next::At(p.min(self.sentinel));
            target_of.push(match targets.iter().position(|&t| t == target) {
                Some(t) => t as u16,
                None => {
                    targets.push(target);
                    targets.len() as u16 - 1
                }
            });
        }
        let calls: Vec<TokenStream> = targets
            .iter()
            .map(|&target| match fused {
                // The hole test finds the dead ends on its way, in the placement's entry.
                true => {
                    self.helpers.holes.insert(target);
                    let enter = helper_name("enter", target);
                    quote!(#enter(q, BORDERS[j], EMBEDDINGS[j], sink))
                }
                false => {
                    self.helpers.places.insert(target);
                    let place = helper_name("place", target);
                    quote!(#place(q, EMBEDDINGS[j], sink))
                }
            })
            .collect();
        let dispatch = match calls.split_last() {
            Some((call, [])) => call.clone(),
            Some((last, calls)) => {
                let arms = (0..calls.len() as u16).map(Literal::u16_suffixed);
                quote!(match TARGETS[j] { #(#arms => #calls,)* _ => #last })
            }
            None => unreachable!("a procedure's tree places something"),
        };
        let q_ty = self.state.ty();
        let masks = masks.iter().map(|&m| Literal::u128_unsuffixed(m));
        let embeddings = leaves.iter().map(|&(_, e, _)| e.0);
        let (borders, checked_first, checked_as_placed) = match board {
            Some(board) => {
                let check = check.expect("a board is a check's");
                let word = board_word(board);
                // As placed wherever the check is not written inline (`Scan::checks_inline`).
                let checking = self.scan.fitting.checking();
                let (checks_first, counted) = (checking.first(), checking == Checking::FromCounts);
                let (table, fails) = match counted {
                    true => {
                        self.helpers.counts = true;
                        let reach: Vec<Vec<u128>> = (leaves.iter())
                            .map(|&(mask, _, _)| board.reach((mask >> board.offset) & board.cells))
                            .collect();
                        let width = reach.iter().map(Vec::len).max().unwrap_or(1);
                        let reach = reach.iter().map(|words| {
                            let words = (0..width)
                                .map(|k| board_literal(board, words.get(k).copied().unwrap_or(0)));
                            quote!([#(#words),*])
                        });
                        let floor = board_literal(board, board.from(self.floor.0));
                        (
                            quote!(const REACH: [[#word; #width]; #n] = [#(#reach),*];),
                            quote!(holes_placed(&counts, &REACH[j], #floor)),
                        )
                    }
                    false => {
                        self.helpers.checks |= !fused;
                        let borders = leaves.iter().map(|&(_, e, _)| {
                            Literal::u128_unsuffixed(board.mask(self.border(check, e)))
                        });
                        let fails = match &self.scan.pruning {
                            Pruning::Regions(_) => fails_regions(quote!(BORDERS[j])),
                            _ => fails_holes(quote!(BORDERS[j])),
                        };
                        (quote!(const BORDERS: [#word; #n] = [#(#borders),*];), fails)
                    }
                };
                let as_placed = (!fused && !checks_first).then(|| {
                    quote! {
                        if #fails {
                            sink.pruned();
                            continue;
                        }
                    }
                });
                // Every placement that fits checked before any is placed, with no branch on
                // the outcome: the placements the check refuses leave `fit`.
                let first = checks_first.then(|| {
                    let (counts, after) = match counted {
                        true => (quote!(let counts = free_counts(q);), TokenStream::new()),
                        false => (TokenStream::new(), quote!(let q = q ^ MASKS[j];)),
                    };
                    quote! {
                        #counts
                        let mut fit = fit;
                        for (w, word) in fit.iter_mut().enumerate() {
                            let before = *word;
                            let mut rest = before;
                            while rest != 0 {
                                let bit = rest.trailing_zeros();
                                rest &= rest - 1;
                                let j = w * 64 + bit as usize;
                                #after
                                let fails = #fails;
                                *word &= !(u64::from(fails) << bit);
                            }
                            for _ in 0..(before ^ *word).count_ones() {
                                sink.pruned();
                            }
                        }
                    }
                });
                (Some(table), first, as_placed)
            }
            None => (None, None, None),
        };
        let targets =
            (targets.len() > 1).then(|| quote!(const TARGETS: [u16; #n] = [#(#target_of),*];));
        let words = lookup.words;
        let nibbles = lookup.nibbles.len();
        let tables = lookup.nibbles.iter().map(|nibble| {
            let entries = nibble.allows.iter().map(|a| quote!([#(#a),*]));
            quote!([#(#entries),*])
        });
        // Each nibble read from the word of `q` that holds it.
        let halves = self.compiled.plan.layout.repr == Repr::U128;
        let split = halves.then(|| quote!(let (low, high) = (q as u64, (q >> 64) as u64);));
        let lookups = lookup.nibbles.iter().enumerate().map(|(i, nibble)| {
            let (word, shift) = match (halves, nibble.shift >= 64) {
                (false, _) => (quote!(q), nibble.shift),
                (true, false) => (quote!(low), nibble.shift),
                (true, true) => (quote!(high), nibble.shift - 64),
            };
            // No shift by zero: it would draw a lint.
            let shifted = match shift {
                0 => word,
                _ => quote!((#word >> #shift)),
            };
            let allows = quote!(ALLOWS[#i][(#shifted & 15) as usize]);
            let each = (0..words).map(|w| quote!(fit[#w] &= #allows[#w];));
            quote!(#(#each)*)
        });
        let all = &lookup.all;
        let find = quote! {
            /// For each nibble of `q` the placements need, which placements each of its
            /// values allows.
            static ALLOWS: [[[u64; #words]; 16]; #nibbles] = [#(#tables),*];
            let fit = {
                #split
                let mut fit: [u64; #words] = [#(#all),*];
                #(#lookups)*
                fit
            };
        };
        let visit = quote! {
            {
                const MASKS: [#q_ty; #n] = [#(#masks),*];
                const EMBEDDINGS: [u32; #n] = [#(#embeddings),*];
                #borders
                #targets
                #checked_first
                for (w, mut word) in fit.into_iter().enumerate() {
                    while word != 0 {
                        let j = w * 64 + word.trailing_zeros() as usize;
                        word &= word - 1;
                        let q = q ^ MASKS[j];
                        #checked_as_placed
                        let flow = #dispatch;
                        if sink.may_stop() {
                            flow?;
                        }
                    }
                }
            }
        };
        (Found { find, words }, visit)
    }

    /// The placements below `node` in the tree's order, each with its aspects' bits in `q`
    /// (those of the tests above it, in `mask`) and where it goes on.
    pub(super) fn leaves(&self, node: &Node, mask: u128, out: &mut Vec<(u128, EmbeddingId, Next)>) {
        match node {
            Node::Test { aspect, children } => {
                let p = self.compiled.order.position(*aspect);
                let mask = mask | 1 << self.compiled.plan.layout.fields[p.index()].offset;
                children.iter().for_each(|c| self.leaves(c, mask, out));
            }
            Node::Place { embedding, next } => out.push((mask, *embedding, *next)),
        }
    }

    /// The test and take of a need, `true` and nothing for an empty one.
    pub(super) fn test_need(&self, need: &Need) -> (TokenStream, TokenStream) {
        match need.positions.is_empty() {
            true => (quote!(true), TokenStream::new()),
            false => self.state.need(need),
        }
    }

    /// Whether placing `e` left a hole among the border cells `cells`, written out as one mask
    /// test per cell (its bit set, its neighbours' clear): the check where `q` has no bit
    /// board. A cell's bit is its position (cells come before any bag).
    pub(super) fn hole_masks(
        &self,
        regions: &Regions,
        e: EmbeddingId,
        cells: &[u32],
    ) -> TokenStream {
        let inside: Vec<u32> = self
            .compiled
            .cover
            .aspects(e)
            .iter()
            .map(|&a| self.compiled.order.position(a).0)
            .collect();
        let floor = self.floor.0;
        // A neighbour before this procedure, or in the placement, is known to be covered.
        let known = |n: u32| n < floor || inside.contains(&n);
        let word_of = |p: u32| match self.compiled.plan.layout.repr {
            Repr::U64 | Repr::U128 => (0, p),
            Repr::Words(_) => (p / 64, p % 64),
        };
        let tests = cells.iter().map(|&c| {
            let mut words: std::collections::BTreeMap<u32, (u128, u128)> = Default::default();
            let (w, b) = word_of(c);
            let entry = words.entry(w).or_default();
            entry.0 |= 1 << b;
            entry.1 |= 1 << b;
            for &n in regions.neighbours(c).iter().filter(|&&n| !known(n)) {
                let (w, b) = word_of(n);
                words.entry(w).or_default().0 |= 1 << b;
            }
            let parts = words.into_iter().map(|(w, (mask, bit))| {
                let (word, mask, bit) = match self.compiled.plan.layout.repr {
                    Repr::Words(_) => {
                        let w = w as usize;
                        let (mask, bit) = (mask as u64, bit as u64);
                        let (mask, bit) =
                            (Literal::u64_unsuffixed(mask), Literal::u64_unsuffixed(bit));
                        (quote!(q[#w]), mask, bit)
                    }
                    Repr::U64 | Repr::U128 => (
                        quote!(q),
                        Literal::u128_unsuffixed(mask),
                        Literal::u128_unsuffixed(bit),
                    ),
                };
                quote!(#word & #mask == #bit)
            });
            quote!((#(#parts)&&*))
        });
        quote!(#(#tests)||*)
    }
}

/// The placements of a procedure that fit its free set, as its entry finds them by lookup.
pub(super) struct Found {
    /// Statements that leave in `fit: [u64; words]` one bit per placement that fits, in the
    /// tree's order.
    pub(super) find: TokenStream,
    /// The words of `fit`.
    pub(super) words: usize,
}
