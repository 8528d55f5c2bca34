//! A procedure's tree as nested tests, each chain that ends in a placement one call of a
//! helper.

use super::*;

impl Emitter<'_> {
    /// A root of the procedure: it tests the procedure's own aspect, which the procedure has
    /// just found free, so it only takes it.
    pub(super) fn root(&mut self, node: &Node) -> TokenStream {
        match node {
            Node::Test { aspect, children } => {
                let position = self.compiled.order.position(*aspect);
                debug_assert_eq!(position, self.position);
                let take = self.state.take(position);
                let children = self.nodes(children);
                quote!({ #take #children })
            }
            Node::Place { .. } => self.node(node),
        }
    }

    pub(super) fn nodes(&mut self, nodes: &[Node]) -> TokenStream {
        let nodes = nodes.iter().map(|n| self.node(n));
        nodes.collect()
    }

    pub(super) fn node(&mut self, node: &Node) -> TokenStream {
        match node {
            Node::Place { embedding, next } => self.leaf(self.need(&[]), *embedding, *next),
            Node::Test { aspect, children } => {
                let p = self.compiled.order.position(*aspect);
                self.bits.insert(p);
                if self.state.is_bag(p) {
                    // A bag's counter cannot be tested with other bits.
                    let (is_free, take) = (self.state.is_free(p), self.state.take(p));
                    let children = self.nodes(children);
                    return quote!(if #is_free { #take #children });
                }
                // The longest chain of single tests of plain bits in the same word.
                let word = self.state.word_index(p);
                let mut run = vec![p];
                let mut children = children.as_slice();
                while let [Node::Test {
                    aspect,
                    children: below,
                }] = children
                {
                    let next = self.compiled.order.position(*aspect);
                    if self.state.is_bag(next) || self.state.word_index(next) != word {
                        break;
                    }
                    self.bits.insert(next);
                    run.push(next);
                    children = below;
                }
                let need = Need {
                    word,
                    positions: run,
                };
                if let [Node::Place { embedding, next }] = children {
                    return self.leaf(need, *embedding, *next);
                }
                let (test, take) = self.state.need(&need);
                let children = self.nodes(children);
                quote!(if #test { #take #children })
            }
        }
    }

    pub(super) fn need(&self, positions: &[Position]) -> Need {
        Need {
            word: 0,
            positions: positions.to_vec(),
        }
    }

    /// A placement: its last aspects `need` tested and taken, the plan's pruning check, the
    /// placement, and the search going on at `next`.
    pub(super) fn leaf(&mut self, need: Need, e: EmbeddingId, next: Next) -> TokenStream {
        let target = match next {
            Next::At(p) => Next::At(p.min(self.sentinel)),
            Next::Caller => Next::Caller,
        };
        let mask = self.state.need_mask(&need);
        let named = |kind: &str| helper_name(kind, target);
        // A dead end's placements pass on the position of the procedure that called it.
        let at = matches!(target, Next::Caller).then(|| quote!(, at));
        let word = match self.compiled.plan.layout.repr {
            Repr::Words(_) => {
                let w = need.word;
                quote!(#w,)
            }
            Repr::U64 | Repr::U128 => TokenStream::new(),
        };
        let e_lit = e.0;
        let pruning = &self.scan.pruning;
        let (check, regions) = match pruning {
            Pruning::Off => (None, false),
            Pruning::Holes { check, .. } => (Some(check), false),
            Pruning::Regions(check) => (Some(check), true),
        };
        let cells = check.map(|c| self.border(c, e)).unwrap_or_default();
        match check {
            // Pairs walled in are looked for anywhere, so after every placement; a hole or a
            // region, only where the placement has a free cell next to it.
            Some(Check {
                board: Some(board), ..
            }) if !cells.is_empty() || pruning.pairs() => {
                let border = Literal::u128_unsuffixed(board.mask(cells));
                let helper = match regions {
                    true => {
                        self.helpers.regions.insert(target);
                        named("regions")
                    }
                    false => {
                        self.helpers.holes.insert(target);
                        named("hole")
                    }
                };
                quote!(#helper(q, #word #mask, #border, #e_lit, sink #at)?;)
            }
            Some(Check {
                regions: tables,
                board: None,
            }) if !cells.is_empty() => {
                // No bit board: the check written out at the placement.
                self.helpers.places.insert(target);
                let place = named("place");
                let (test, take) = self.test_need(&need);
                let (check, pruned) = match regions {
                    true => {
                        let words = self.state.words();
                        (quote!(REGIONS.allows(&#words, #e_lit)), TokenStream::new())
                    }
                    false => (self.hole_masks(tables, e, &cells), quote!(!)),
                };
                quote! {
                    if #test {
                        #take
                        if #pruned(#check) {
                            #place(q, #e_lit, sink #at)?;
                        } else {
                            sink.pruned();
                        }
                    }
                }
            }
            _ => {
                self.helpers.places.insert(target);
                self.helpers.leaves.insert(target);
                let leaf = named("leaf");
                quote!(#leaf(q, #word #mask, #e_lit, sink #at)?;)
            }
        }
    }

    /// The cells next to placement `e` that the check after it looks at: those before this
    /// procedure's are covered, and no hole or region lies there.
    pub(super) fn border(&self, check: &Check, e: EmbeddingId) -> Vec<u32> {
        let border = check.regions.border(e.0).iter().copied();
        border.filter(|&c| c >= self.floor.0).collect()
    }
}
