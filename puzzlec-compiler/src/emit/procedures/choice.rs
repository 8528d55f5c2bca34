//! What is covered next besides the scan: the plan's choice, a rule at a time (the dead ends,
//! the cell with the fewest fits), tried after each placement and at the start.

use super::*;

impl Emitter<'_> {
    /// What the search covers next in state `q` going on at position `at`: the aspect the
    /// first of the plan's rules finds, else `next`. An `if` chain that reads `ends`, the dead
    /// ends of `q`, where the plan covers them first; `next` itself where it has no rules.
    pub(super) fn choose(&self, at: TokenStream, next: TokenStream) -> TokenStream {
        if !self.scan.chooses() {
            return next;
        }
        let dead_ends = self.scan.dead_ends.as_ref().map(|_| {
            (
                quote!(ends != 0),
                quote!(dead_end(ends.trailing_zeros(), q, sink, #at)),
            )
        });
        let fewest_fits = (self.scan.fewest_fits.as_ref())
            .map(|_| (quote!(chooses(q, #at)), quote!(fewest_fits(q, sink, #at))));
        let (found, covers): (Vec<TokenStream>, Vec<TokenStream>) =
            dead_ends.into_iter().chain(fewest_fits).unzip();
        quote!(#(if #found { #covers } else)* { #next })
    }

    /// The functions of the plan's rules: how each finds its aspect, and covers it.
    pub(super) fn choice(&self, runtime: &TokenStream) -> TokenStream {
        let dead_ends = (self.scan.dead_ends.as_ref()).map(|board| self.dead_ends(runtime, board));
        let fewest_fits =
            (self.scan.fewest_fits.as_ref()).map(|fits| fewest_fits(runtime, self.state, fits));
        quote!(#dead_ends #fewest_fits)
    }

    /// The dead ends of `q` (`dead_ends`) and the cover of one (`dead_end`), by its tree.
    fn dead_ends(&self, runtime: &TokenStream, board: &BitBoard) -> TokenStream {
        let state = self.state;
        let q_ty = state.ty();
        let sink = quote!(S: #runtime::search::Sink + ?Sized);
        let flow = quote!(::core::ops::ControlFlow<()>);
        let dead_ends = self.compiled.program.dead_ends();
        let arms = dead_ends.iter().filter(|d| !d.roots.is_empty()).map(|d| {
            let position = self.compiled.order.position(d.cell).0;
            let (bit, name) = (
                position - board.offset,
                format_ident!("dead_end_{}", position),
            );
            quote!(#bit => #name(q, sink, at),)
        });
        let (word, free, steps) = board_parts(state, board);
        let k = board.steps.len();
        let cells = board_literal(board, board.cells);
        quote! {
            /// The dead ends of `q` to cover first (its free cells with one free neighbour,
            /// those in a pocket or a corridor first).
            #[inline(always)]
            fn dead_ends(q: #q_ty) -> #word {
                const STEPS: [(u32, #word); #k] = [#(#steps),*];
                #runtime::__private::board_dead_ends(&STEPS, #cells, #free)
            }

            /// Covers the dead end at bit `bit` of the board, going on at the procedure at
            /// `at`.
            #[inline(never)]
            fn dead_end<#sink>(bit: u32, q: #q_ty, sink: &mut S, at: u32) -> #flow {
                match bit {
                    #(#arms)*
                    _ => ::core::ops::ControlFlow::Continue(()),
                }
            }
        }
    }
}

/// The choice of the cell with the fewest fits: whether the search makes it, and the cell's
/// placements, each checked for holes (anywhere on the board: a hole is only ever made next
/// to the last placement) and going on as a dead end's do.
fn fewest_fits(runtime: &TokenStream, state: &State<'_>, fits: &FitsTables) -> TokenStream {
    let board = &fits.board;
    let q_ty = state.ty();
    let (word, free, steps) = board_parts(state, board);
    let steps_len = steps.len();
    let cells = board_literal(board, board.cells);
    let sink = quote!(S: #runtime::search::Sink + ?Sized);
    let flow = quote!(::core::ops::ControlFlow<()>);
    let (from, above) = (fits.from.0, fits.above);
    let (cells_n, runs_n) = (fits.cells.len(), fits.runs.len());
    let (embeddings_n, masks_n) = (fits.embeddings.len(), fits.masks.len());
    let starts = &fits.cells;
    let embeddings = &fits.embeddings;
    let runs = fits.runs.iter().map(|run| {
        let (needs, start, end) = (Literal::u128_unsuffixed(run.needs), run.start, run.end);
        quote!(PieceRun { needs: #needs, start: #start, end: #end })
    });
    let masks = fits
        .masks
        .iter()
        .map(|&mask| Literal::u128_unsuffixed(mask));
    let doc = format!(
        "Whether the search going on at `at` covers next the cell with the fewest fits: \
         past the pieces placed first, while more than {above} cells are free."
    );
    quote! {
        #[doc = #doc]
        #[inline(always)]
        fn chooses(q: #q_ty, at: u32) -> bool {
            at >= #from && (#free & #cells).count_ones() > #above
        }

        /// Covers the free cell that the fewest placements fit, going on at the procedure at
        /// `at`; none where a free cell fits nothing.
        #[inline(never)]
        fn fewest_fits<#sink>(q: #q_ty, sink: &mut S, at: u32) -> #flow {
            use #runtime::__private::PieceRun;
            static CELLS: [u32; #cells_n] = [#(#starts),*];
            static RUNS: [PieceRun<#q_ty>; #runs_n] = [#(#runs),*];
            static EMBEDDINGS: [u32; #embeddings_n] = [#(#embeddings),*];
            static MASKS: [#q_ty; #masks_n] = [#(#masks),*];
            // Each entry's cells, read from its embedding's mask when the program is compiled.
            static BOARD: [#word; #embeddings_n] = {
                let mut board = [0; #embeddings_n];
                let mut i = 0;
                while i < #embeddings_n {
                    let q = MASKS[EMBEDDINGS[i] as usize];
                    board[i] = #free & #cells;
                    i += 1;
                }
                board
            };
            let fits = #runtime::__private::Fits {
                cells: &CELLS,
                runs: &RUNS,
                embeddings: &EMBEDDINGS,
                board: &BOARD,
            };
            const STEPS: [(u32, #word); #steps_len] = [#(#steps),*];
            let free = #free;
            let hemmed = #runtime::__private::board_hemmed_in(&STEPS, #cells, free);
            let ::core::option::Option::Some(bit) = (match hemmed {
                [0, 0] => fits.fewest(free & #cells, q),
                _ => fits.fewest_of(hemmed, free, q),
            }) else {
                return ::core::ops::ControlFlow::Continue(());
            };
            for e in fits.fitting(bit, free, q) {
                let q = q ^ MASKS[e as usize];
                let ::core::option::Option::Some(ends) = holes_or_dead_ends(q, #cells) else {
                    sink.pruned();
                    continue;
                };
                let flow = go_with(q, e, sink, at, |q, sink| resume(at, q, sink), ends);
                if sink.may_stop() {
                    flow?;
                }
            }
            ::core::ops::ControlFlow::Continue(())
        }
    }
}
