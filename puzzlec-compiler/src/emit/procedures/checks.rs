//! The checks on a bit board, as functions of the free set.

use super::*;

/// Whether the hole test fails for `q` after a placement with this border on the bit board
/// (the function `board_check` writes).
pub(super) fn fails_holes(border: TokenStream) -> TokenStream {
    quote!(holes_left(q, #border))
}

/// Whether the region check fails for `q` after a placement with this border on the bit board.
pub(super) fn fails_regions(border: TokenStream) -> TokenStream {
    quote!(!regions_allow(q, #border))
}

/// Which check a placement's helper makes on the bit board.
#[derive(Clone, Copy)]
pub(super) enum BoardCheckKind {
    /// The hole test.
    Holes,
    /// The region check.
    Regions,
}

/// Which check a bit board's function makes.
pub(super) enum BoardCheck<'a> {
    /// The hole test, with pairs of free cells walled in together where they are holes.
    Holes(bool),
    /// The region check with these tables.
    Regions(&'a Regions),
}

/// The check on the bit board, as one function: the hole test (inlined: a few shifts), or
/// the region check (not inlined, it loops).
pub(super) fn board_check(
    runtime: &TokenStream,
    state: &State<'_>,
    board: &BitBoard,
    check: BoardCheck<'_>,
) -> TokenStream {
    let q_ty = state.ty();
    let (word, free, steps) = board_parts(state, board);
    let k = board.steps.len();
    let cells = board_literal(board, board.cells);
    match check {
        BoardCheck::Holes(pairs) => {
            let doc = match pairs {
                true => " Whether a free cell of `border` is walled in, or two anywhere together.",
                false => " Whether a free cell of `border` is walled in.",
            };
            quote! {
                #[doc = #doc]
                #[inline]
                fn holes_left(q: #q_ty, border: #word) -> bool {
                    const STEPS: [(u32, #word); #k] = [#(#steps),*];
                    #runtime::__private::board_holes(&STEPS, #cells, #free, border, #pairs)
                }
            }
        }
        BoardCheck::Regions(r) => {
            let (smallest, divisor, cap) = (r.smallest, r.divisor, r.cap);
            quote! {
                /// Whether the regions of free cells touching `border` could still be filled.
                #[inline(never)]
                fn regions_allow(q: #q_ty, border: #word) -> bool {
                    const STEPS: [(u32, #word); #k] = [#(#steps),*];
                    #runtime::__private::board_allows(&STEPS, #cells, [#smallest, #divisor, #cap], #free, border)
                }
            }
        }
    }
}

/// The hole test from one count of the free cells' neighbours per procedure call: the count
/// (`free_counts`), and the test of each placement from it (`holes_placed`), given the
/// placement's reach (`BitBoard::reach`) and the cells from the procedure's position on.
pub(super) fn board_counted(
    runtime: &TokenStream,
    state: &State<'_>,
    board: &BitBoard,
    pairs: bool,
) -> TokenStream {
    let q_ty = state.ty();
    let (word, free, steps) = board_parts(state, board);
    let k = board.steps.len();
    let cells = board_literal(board, board.cells);
    let doc = match pairs {
        true => " Whether the placement of `reach` leaves a free cell of `floor` walled in next to it, or two free cells anywhere together, from the free cells' `counts` before it.",
        false => " Whether the placement of `reach` leaves a free cell of `floor` walled in next to it, from the free cells' `counts` before it.",
    };
    quote! {
        /// The free cells of `q` by how many free neighbours each has, from one to `N`.
        #[inline]
        fn free_counts<const N: usize>(q: #q_ty) -> [#word; N] {
            const STEPS: [(u32, #word); #k] = [#(#steps),*];
            #runtime::__private::board_free_counts(&STEPS, #cells, #free)
        }

        #[doc = #doc]
        #[inline]
        fn holes_placed<const N: usize>(counts: &[#word; N], reach: &[#word; N], floor: #word) -> bool {
            const STEPS: [(u32, #word); #k] = [#(#steps),*];
            #runtime::__private::board_holes_placed(&STEPS, counts, reach, floor, #pairs)
        }
    }
}

/// What a check on a bit board is written with: the board's word, the free cells of `q` as
/// that word, and the steps as literals.
pub(super) fn board_parts(
    state: &State<'_>,
    board: &BitBoard,
) -> (TokenStream, TokenStream, Vec<TokenStream>) {
    let word = board_word(board);
    let offset = board.offset;
    // Neither a shift by zero nor a cast to `q`'s own type is written: they would draw lints.
    let shifted = match offset {
        0 => quote!(q),
        _ => quote!((q >> #offset)),
    };
    let free = match board.fits_u64() == matches!(state.layout.repr, Repr::U64) {
        true => shifted,
        false => quote!(#shifted as #word),
    };
    let steps = board.steps.iter().map(|&(s, from)| {
        let from = board_literal(board, from);
        quote!((#s, #from))
    });
    (word, free, steps.collect())
}

/// The integer a bit board is held in: `u64` where it fits.
pub(super) fn board_word(board: &BitBoard) -> TokenStream {
    match board.fits_u64() {
        true => quote!(u64),
        false => quote!(u128),
    }
}

/// A mask of a bit board, as a literal of its word type.
pub(super) fn board_literal(board: &BitBoard, mask: u128) -> Literal {
    match board.fits_u64() {
        true => Literal::u64_suffixed(mask as u64),
        false => Literal::u128_suffixed(mask),
    }
}
