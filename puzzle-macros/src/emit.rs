//! A compiled [`Puzzle`] to tokens: the module with the solver, its tables and its API.

use std::collections::BTreeSet;

use proc_macro2::{Literal, TokenStream};
use puzzle_runtime::failure;
use puzzle_runtime::program::{Body, Node};
use puzzle_runtime::prune::{BitBoard, Regions};
use puzzle_runtime::solution::AspectInfo;
use puzzle_runtime::symmetry::SymmetryCheck;
use puzzle_runtime::Pruning;
use puzzle_runtime::Puzzle;
use quote::{format_ident, quote};

use crate::parse::Header;

/// How the free set `q` is held: the narrowest type that has a bit per aspect, or a field
/// per bag (a counter of the copies left).
#[derive(Clone, Copy)]
enum Repr {
    /// One unsigned integer of this many bits (64 or 128).
    Scalar(u32),
    /// An array of this many `u64` words.
    Words(usize),
}

/// Where each aspect lives in `q`, by position in the aspect order.
struct Layout {
    repr: Repr,
    /// The bits the fields take, from bit 0.
    used: u32,
    /// For each position: its lowest bit and, for a bag, the field's width and initial count.
    fields: Vec<Field>,
}

#[derive(Clone, Copy)]
struct Field {
    offset: u32,
    /// `None` for an aspect held as one bit.
    bag: Option<Bag>,
}

#[derive(Clone, Copy)]
struct Bag {
    width: u32,
    count: u32,
}

impl Layout {
    /// One bit per aspect in order; a bag takes as many bits as its count needs, within one
    /// word, so that taking a copy is a subtraction that never borrows across fields.
    fn of(puzzle: &Puzzle) -> Layout {
        let (order, cover) = (puzzle.order(), puzzle.cover());
        let mut fields = Vec::with_capacity(order.len());
        let mut offset = 0u32;
        for &a in order.sequence() {
            let count = cover.multiplicity(a);
            let bag = (count > 1).then(|| Bag {
                width: u32::BITS - count.leading_zeros(),
                count,
            });
            let width = bag.map_or(1, |b| b.width);
            if offset / 64 != (offset + width - 1) / 64 {
                offset = offset.next_multiple_of(64);
            }
            fields.push(Field { offset, bag });
            offset += width;
        }
        let repr = match offset {
            0..=64 => Repr::Scalar(64),
            65..=128 => Repr::Scalar(128),
            _ => Repr::Words(offset.div_ceil(64) as usize),
        };
        Layout {
            repr,
            used: offset,
            fields,
        }
    }

    fn ty(&self) -> TokenStream {
        match self.repr {
            Repr::Scalar(64) => quote!(u64),
            Repr::Scalar(_) => quote!(u128),
            Repr::Words(n) => quote!([u64; #n]),
        }
    }

    /// Every aspect free: all ones, except each bag's field, which holds its count (bits past
    /// the last aspect are set too; nothing reads them).
    fn full(&self) -> TokenStream {
        if self.fields.iter().all(|f| f.bag.is_none()) {
            return match self.repr {
                Repr::Scalar(64) => quote!(u64::MAX),
                Repr::Scalar(_) => quote!(u128::MAX),
                Repr::Words(n) => quote!([u64::MAX; #n]),
            };
        }
        let words = match self.repr {
            Repr::Scalar(bits) => bits.div_ceil(64) as usize,
            Repr::Words(n) => n,
        };
        let mut value = vec![u64::MAX; words];
        for field in &self.fields {
            if let Some(bag) = field.bag {
                let shift = field.offset % 64;
                let word = &mut value[(field.offset / 64) as usize];
                let mask = ((1u128 << bag.width) - 1) as u64;
                *word = (*word & !(mask << shift)) | (u64::from(bag.count) << shift);
            }
        }
        match self.repr {
            Repr::Scalar(64) => {
                let v = Literal::u64_suffixed(value[0]);
                quote!(#v)
            }
            Repr::Scalar(_) => {
                let v = Literal::u128_suffixed(u128::from(value[1]) << 64 | u128::from(value[0]));
                quote!(#v)
            }
            Repr::Words(_) => {
                let v = value.into_iter().map(Literal::u64_suffixed);
                quote!([#(#v),*])
            }
        }
    }

    /// `q` as an array of `u64` words, bit `p` for position `p` (cells come before any bag,
    /// so a cell's bit is its position).
    fn words(&self) -> TokenStream {
        match self.repr {
            Repr::Scalar(64) => quote!([q]),
            Repr::Scalar(_) => quote!([q as u64, (q >> 64) as u64]),
            Repr::Words(_) => quote!(q),
        }
    }

    /// The failure cache's key for `q` in procedures from position `from` on, and its number of
    /// words: there every aspect before `from` is covered (none is optional), its bits are
    /// zero, and the key leaves them out: `q` shifted into one word where the rest fits, or
    /// `q`'s words from the first that holds a later aspect.
    fn key(&self, from: usize) -> (TokenStream, usize) {
        let low = self.fields.get(from).map_or(self.used, |f| f.offset);
        match self.repr {
            Repr::Scalar(64) => (quote!([q]), 1),
            Repr::Scalar(_) if self.used - low <= 64 => (quote!([(q >> #low) as u64]), 1),
            Repr::Scalar(_) => (self.words(), 2),
            Repr::Words(n) => {
                // At least the last word, so that the key is never empty.
                let words = ((low / 64) as usize).min(n - 1)..n;
                let count = words.len();
                (quote!([#(q[#words]),*]), count)
            }
        }
    }

    /// Whether placing embedding `e` (its cells `inside`) in the procedure at position `at`
    /// left a hole: a free cell of its border whose neighbours are all covered, one mask test
    /// per cell (per word the cell's mask touches). `None` when no placement can (a piece of one
    /// cell fills any hole, or every border cell comes before `at`).
    fn holes(&self, regions: &Regions, e: u32, inside: &[u32], at: u32) -> Option<TokenStream> {
        if regions.smallest <= 1 {
            return None;
        }
        // Every cell before `at` is covered: a border cell there is no hole, and a neighbour
        // there, or in the placement, needs no test.
        let known = |n: u32| n < at || inside.contains(&n);
        let cells: Vec<u32> = regions
            .border(e)
            .iter()
            .copied()
            .filter(|&c| c >= at)
            .collect();
        if cells.is_empty() {
            return None;
        }
        let tests = cells.iter().map(|&c| {
            // The cell's bit must be set and its neighbours' clear: `q & mask == bit`.
            let mut words: std::collections::BTreeMap<u32, (u128, u128)> = Default::default();
            let word_of = |p: u32| match self.repr {
                Repr::Scalar(_) => (0, p),
                Repr::Words(_) => (p / 64, p % 64),
            };
            let (w, b) = word_of(c);
            let entry = words.entry(w).or_default();
            entry.0 |= 1 << b;
            entry.1 |= 1 << b;
            for &n in regions.neighbours(c).iter().filter(|&&n| !known(n)) {
                let (w, b) = word_of(n);
                words.entry(w).or_default().0 |= 1 << b;
            }
            let parts = words.into_iter().map(|(w, (mask, bit))| {
                let (mask, bit, word) = match self.repr {
                    Repr::Scalar(64) => (
                        Literal::u64_unsuffixed(mask as u64),
                        Literal::u64_unsuffixed(bit as u64),
                        quote!(q),
                    ),
                    Repr::Scalar(_) => (
                        Literal::u128_unsuffixed(mask),
                        Literal::u128_unsuffixed(bit),
                        quote!(q),
                    ),
                    Repr::Words(_) => {
                        let w = w as usize;
                        (
                            Literal::u64_unsuffixed(mask as u64),
                            Literal::u64_unsuffixed(bit as u64),
                            quote!(q[#w]),
                        )
                    }
                };
                quote!(#word & #mask == #bit)
            });
            quote!((#(#parts)&&*))
        });
        Some(quote!(#(#tests)||*))
    }

    /// The bit board form of the region check, when `q` is one integer and the board has
    /// one (see [`Regions::bit_board`]).
    fn board(&self, regions: &Regions) -> Option<BitBoard> {
        match self.repr {
            Repr::Scalar(_) => regions.bit_board(MAX_STEPS),
            Repr::Words(_) => None,
        }
    }

    /// `q` rebuilt from the words of [`Layout::words`] (a slice `q`).
    fn rebuild_from_words(&self, runtime: &TokenStream) -> TokenStream {
        match self.repr {
            Repr::Scalar(64) => quote! {
                let [w] = #runtime::parallel::words::<1>(q);
                w
            },
            Repr::Scalar(_) => quote! {
                let [low, high] = #runtime::parallel::words::<2>(q);
                u128::from(low) | u128::from(high) << 64
            },
            Repr::Words(n) => quote!(#runtime::parallel::words::<#n>(q)),
        }
    }

    /// The name of the function placements call to go on to `position` after the hole test.
    fn entry(position: u32) -> proc_macro2::Ident {
        format_ident!("enter_{}", position)
    }

    /// The name of the constant for a position's lowest bit.
    fn bit(position: u32) -> proc_macro2::Ident {
        format_ident!("B{}", position)
    }

    /// The name of the constant for a bag's whole field.
    fn field(position: u32) -> proc_macro2::Ident {
        format_ident!("F{}", position)
    }

    /// The constants for a position: its lowest bit and, for a bag, its field.
    fn consts(&self, position: u32) -> TokenStream {
        let field = self.fields[position as usize];
        let ty = match self.repr {
            Repr::Scalar(128) => quote!(u128),
            _ => quote!(u64),
        };
        let shift = match self.repr {
            Repr::Scalar(_) => field.offset,
            Repr::Words(_) => field.offset % 64,
        };
        let name = Layout::bit(position);
        let bag = field.bag.map(|bag| {
            let mask = Layout::field(position);
            let ones = Literal::u64_unsuffixed(((1u128 << bag.width) - 1) as u64);
            quote!(const #mask: #ty = #ones << #shift;)
        });
        quote!(const #name: #ty = 1 << #shift; #bag)
    }

    /// `q`'s word that holds a position.
    fn word(&self, position: u32) -> TokenStream {
        match self.repr {
            Repr::Scalar(_) => quote!(q),
            Repr::Words(_) => {
                let index = (self.fields[position as usize].offset / 64) as usize;
                quote!(q[#index])
            }
        }
    }

    /// The bits that say whether the aspect at `position` is free: its bit, or a bag's field.
    fn mask(&self, position: u32) -> proc_macro2::Ident {
        match self.fields[position as usize].bag {
            Some(_) => Layout::field(position),
            None => Layout::bit(position),
        }
    }

    /// Whether the aspect at `position` is free (a bag: has a copy left).
    fn is_free(&self, position: u32) -> TokenStream {
        let (word, mask) = (self.word(position), self.mask(position));
        quote!(#word & #mask != 0)
    }

    /// Whether the aspect at `position` is covered.
    fn is_covered(&self, position: u32) -> TokenStream {
        let (word, mask) = (self.word(position), self.mask(position));
        quote!(#word & #mask == 0)
    }

    /// `q` with the aspect at `position` (known to be free) taken: its bit cleared, or one
    /// copy taken from a bag.
    fn take(&self, position: u32) -> TokenStream {
        let (word, bit) = (self.word(position), Layout::bit(position));
        let bag = self.fields[position as usize].bag.is_some();
        match (self.repr, bag) {
            (Repr::Scalar(_), false) => quote!(let q = q ^ #bit;),
            (Repr::Scalar(_), true) => quote!(let q = q - #bit;),
            (Repr::Words(_), false) => quote!(let mut q = q; #word ^= #bit;),
            (Repr::Words(_), true) => quote!(let mut q = q; #word -= #bit;),
        }
    }
}

/// Distinct neighbour distances the bit board region check unrolls, at most (a box without
/// holes has one per axis).
const MAX_STEPS: usize = 8;

/// The expansion for a puzzle that compiled.
pub fn module(header: &Header, runtime: &TokenStream, puzzle: &Puzzle) -> TokenStream {
    let program = puzzle.program();
    let cover = puzzle.cover();
    let layout = Layout::of(puzzle);
    let q_ty = layout.ty();
    let procedures = program.procedures();
    let sentinel = procedures.len();
    let name_of = |position: usize| {
        if position >= sentinel {
            format_ident!("solution")
        } else {
            format_ident!("solve_{}", position)
        }
    };

    // The region check, where it can prune at all, on the bit board where there is one.
    let regions = match puzzle.pruning() {
        Some((Pruning::Regions, regions)) if regions.can_prune() => Some(regions),
        _ => None,
    };
    let board = regions.and_then(|r| layout.board(r));
    // The hole test on the bit board too, where there is one.
    let hole_board = match puzzle.pruning() {
        Some((Pruning::Holes, r)) if r.smallest > 1 => layout.board(r),
        _ => None,
    };
    // The failure cache pays where the same free set is reached along several paths, which
    // takes a few placements first. Its key leaves out the aspects covered by then, unless
    // an optional one among them may still be free.
    let remember_from = procedures.len() / 4;
    let (key, key_words) = if procedures[..remember_from].iter().any(|p| p.optional) {
        layout.key(0)
    } else {
        layout.key(remember_from)
    };
    let fingerprint = failure::fingerprint(cover, puzzle.order());
    let fingerprint_const = puzzle.remembers().then(|| {
        quote! {
            /// This puzzle's failures, for the failure cache.
            const PUZZLE: u64 = #fingerprint;
        }
    });
    let mut bits = BTreeSet::new();
    let mut entries = BTreeSet::new();
    let mut functions = Vec::with_capacity(procedures.len() + 1);
    for (position, procedure) in procedures.iter().enumerate() {
        let k = position as u32;
        bits.insert(k);
        let name = name_of(position);
        let next = name_of(position + 1);
        let aspect_doc = format!(
            "`Solve` for aspect {} ({}), position {position}.",
            procedure.aspect.0,
            cover.aspect_name(procedure.aspect)
        );
        let is_free = layout.is_free(k);
        let body = match &procedure.body {
            Body::Require => quote! {
                if #is_free {
                    return ::core::ops::ControlFlow::Continue(());
                }
                #next(q, sink)
            },
            Body::Pass => quote!(#next(q, sink)),
            Body::Place(roots) => {
                let mut emit = Emitter {
                    layout: &layout,
                    puzzle,
                    position,
                    sentinel,
                    bits: &mut bits,
                    regions,
                    board: board.as_ref(),
                    hole_board: hole_board.as_ref(),
                    entries: &mut entries,
                };
                let roots: Vec<TokenStream> = roots.iter().map(|n| emit.root(n)).collect();
                let is_covered = layout.is_covered(k);
                // An optional aspect may also stay uncovered.
                let end = if procedure.optional {
                    quote!(#next(q, sink))
                } else {
                    quote!(::core::ops::ControlFlow::Continue(()))
                };
                let search = quote! {
                    #(#roots)*
                    #end
                };
                let search = if puzzle.remembers() && position >= remember_from {
                    quote! {
                        #runtime::failure::remembered(PUZZLE, &#key, sink, move |sink| { #search })
                    }
                } else {
                    search
                };
                quote! {
                    if #is_covered {
                        return #next(q, sink);
                    }
                    #search
                }
            }
        };
        functions.push(quote! {
            #[doc = #aspect_doc]
            pub(super) fn #name<S: #runtime::search::Sink>(q: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
                #body
            }
        });
    }
    let bit_consts = bits.iter().map(|&b| layout.consts(b));
    let board_check = regions
        .zip(board.as_ref())
        .map(|(regions, board)| board_check(runtime, &layout, regions, board));
    let hole_check = hole_board
        .as_ref()
        .map(|board| hole_check(runtime, &layout, board));
    let entries = entries.iter().map(|&k| {
        let board = hole_board
            .as_ref()
            .expect("entries are made for the hole test");
        entry(runtime, &layout, board, k, name_of(k as usize))
    });
    let dispatch = (0..procedures.len()).map(|k| {
        let (name, k) = (name_of(k), k as u32);
        quote!(#k => #name(q, sink),)
    });
    let from_words = layout.rebuild_from_words(runtime);
    let full = layout.full();
    let first = name_of(0);
    let check = puzzle.symmetry_check().map(|c| symmetry_check(runtime, c));
    // Only a puzzle that needs the check pays for it.
    let sentinel_position = sentinel as u32;
    let cut = quote! {
        let mut cutter = #runtime::parallel::Cutter::new(depth, #sentinel_position);
        let _ = procedures::#first(#full, &mut cutter);
        cutter.units
    };
    let run_unit = match check {
        // A unit replays its placements into the sink, then resumes where it was cut.
        Some(_) => quote! {
            let mut checked = #runtime::symmetry::Checked::new(&CHECK, ASPECT_COUNT, sink);
            for &e in &unit.placed {
                #runtime::search::Sink::place(&mut checked, e);
            }
            procedures::run_from(unit.next, procedures::from_words(&unit.q), &mut checked)
        },
        // The sink itself, not a reference to it, goes on: the search is then the same
        // instance as `solve_with`'s, not one more copy of the program for `&mut S`.
        None => quote! {
            for &e in &unit.placed {
                sink.place(e);
            }
            procedures::run_from(unit.next, procedures::from_words(&unit.q), sink)
        },
    };
    let (run, check_static, check_ref) = match check {
        Some(check) => (
            quote! {
                let mut checked = #runtime::symmetry::Checked::new(&CHECK, ASPECT_COUNT, sink);
                procedures::#first(#full, &mut checked)
            },
            quote! {
                /// The symmetry check.
                static CHECK: #runtime::symmetry::SymmetryCheck = #check;
            },
            Some(quote!(&CHECK)),
        ),
        None => (
            quote!(procedures::#first(#full, sink)),
            TokenStream::new(),
            None,
        ),
    };
    let procedures_module = quote! {
        /// The program: one function per procedure, in aspect order, then the sentinel.
        #[doc(hidden)]
        mod procedures {
            #(#bit_consts)*
            #fingerprint_const
            #(#functions)*
            #board_check
            #hole_check
            #(#entries)*
            /// The sentinel: every aspect is covered.
            pub(super) fn solution<S: #runtime::search::Sink>(_: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
                #runtime::failure::reach(sink);
                sink.solution()
            }
            /// Runs the procedure at `position` (the sentinel past the last), as a work unit
            /// resumes the search.
            pub(super) fn run_from<S: #runtime::search::Sink>(position: u32, q: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
                match position {
                    #(#dispatch)*
                    _ => solution(q, sink),
                }
            }
            /// `q` from the words a unit keeps.
            pub(super) fn from_words(q: &[u64]) -> #q_ty {
                #from_words
            }
        }
    };
    // A puzzle with a bag has no processor code, and so no `PROCESSOR`.
    let (code, code_module) = match processor_code(runtime, puzzle) {
        Some((code, module)) => (Some(code), module),
        None => (None, TokenStream::new()),
    };
    // The tables of the flood fill, for a board too large for the bit board check.
    let regions_static = regions
        .filter(|_| board.is_none())
        .map(|r| regions_table(runtime, r));
    let items = Items {
        catalog: catalog(runtime, puzzle),
        code,
        check: option(check_ref),
        run,
        cut,
        run_unit,
        counter: if puzzle.remembers() {
            let bits = failure::bits_for(puzzle.chosen().estimate);
            quote! {
                #runtime::search::CachedCounter::with_cache(
                    #runtime::failure::FailureCache::for_puzzle(#bits, #fingerprint, #key_words),
                )
            }
        } else {
            quote!(#runtime::search::CachedCounter::without_cache())
        },
        private: quote!(#procedures_module #code_module #check_static #regions_static),
    };
    api(header, runtime, &Facts::of(puzzle), items)
}

/// `Some(tokens)` or `None`, as an expression.
fn option(tokens: Option<TokenStream>) -> TokenStream {
    match tokens {
        Some(t) => quote!(::core::option::Option::Some(#t)),
        None => quote!(::core::option::Option::None),
    }
}

/// The symmetry check as a constant expression.
fn symmetry_check(runtime: &TokenStream, check: &SymmetryCheck) -> TokenStream {
    let embeddings = check.embeddings;
    let images = check.images.iter().copied().map(Literal::u32_unsuffixed);
    let fixed = check
        .fixed
        .iter()
        .map(|&(e, first, count)| quote!((#e, #first, #count)));
    let pairs = check
        .pairs
        .iter()
        .map(|&(e, f, first, count)| quote!((#e, #f, #first, #count)));
    let members = check.members.iter().copied().map(Literal::u32_unsuffixed);
    let everywhere = check
        .everywhere
        .iter()
        .copied()
        .map(Literal::u32_unsuffixed);
    quote! {
        #runtime::symmetry::SymmetryCheck {
            embeddings: #embeddings,
            images: ::std::borrow::Cow::Borrowed(&[#(#images),*]),
            fixed: ::std::borrow::Cow::Borrowed(&[#(#fixed),*]),
            members: ::std::borrow::Cow::Borrowed(&[#(#members),*]),
            everywhere: ::std::borrow::Cow::Borrowed(&[#(#everywhere),*]),
            pairs: ::std::borrow::Cow::Borrowed(&[#(#pairs),*]),
        }
    }
}

/// The region check on the bit board, one function every placement calls.
fn board_check(
    runtime: &TokenStream,
    layout: &Layout,
    regions: &Regions,
    board: &BitBoard,
) -> TokenStream {
    let q_ty = layout.ty();
    let BoardTokens {
        word,
        free,
        cells,
        k,
        steps,
    } = board_tokens(layout, board);
    let (smallest, divisor, cap) = (regions.smallest, regions.divisor, regions.cap);
    quote! {
        /// Whether the regions of free cells touching `border` could still be filled.
        #[inline(never)]
        fn regions_allow(q: #q_ty, border: #word) -> bool {
            const STEPS: [(u32, #word); #k] = [#(#steps),*];
            #runtime::prune::board_allows(&STEPS, #cells, [#smallest, #divisor, #cap], #free, border)
        }
    }
}

/// The hole test on the bit board, one function every placement calls (inlined: it is a
/// few shifts).
fn hole_check(runtime: &TokenStream, layout: &Layout, board: &BitBoard) -> TokenStream {
    let q_ty = layout.ty();
    let BoardTokens {
        word,
        free,
        cells,
        k,
        steps,
    } = board_tokens(layout, board);
    quote! {
        /// Whether a free cell of `border` is walled in.
        #[inline]
        fn holes_left(q: #q_ty, border: #word) -> bool {
            const STEPS: [(u32, #word); #k] = [#(#steps),*];
            #runtime::prune::board_holes(&STEPS, #cells, #free, border)
        }
    }
}

/// The placements that go on to procedure `k` after the hole test, as one function they all
/// call: each placement is then a call with two constants, not the test and the call written
/// out, which keeps the procedures small enough for the instruction cache (6x10: 305 KB of
/// procedures down to 132 KB, 10% faster).
fn entry(
    runtime: &TokenStream,
    layout: &Layout,
    board: &BitBoard,
    k: u32,
    next: proc_macro2::Ident,
) -> TokenStream {
    let name = Layout::entry(k);
    let (q_ty, words) = (layout.ty(), layout.words());
    let word = board_tokens(layout, board).word;
    quote! {
        /// Places embedding `e`, unless that walls in a free cell of `border`, and goes on
        /// from the procedure at this position.
        #[inline(never)]
        fn #name<S: #runtime::search::Sink>(q: #q_ty, border: #word, e: u32, sink: &mut S) -> ::core::ops::ControlFlow<()> {
            if holes_left(q, border) {
                sink.pruned();
                return ::core::ops::ControlFlow::Continue(());
            }
            sink.place(e);
            let flow = if S::CUTS && sink.cut() {
                sink.unit(&#words, #k)
            } else {
                #next(q, sink)
            };
            sink.unplace();
            flow
        }
    }
}

/// What the functions of a bit board are written with.
struct BoardTokens {
    /// The word that holds the board: `u64` where it fits.
    word: TokenStream,
    /// The board's free cells taken from `q`.
    free: TokenStream,
    /// Every cell, as a literal.
    cells: Literal,
    /// How many steps there are.
    k: usize,
    /// The steps as tuple literals.
    steps: Vec<TokenStream>,
}

fn board_tokens(layout: &Layout, board: &BitBoard) -> BoardTokens {
    let word = if board.fits_u64() {
        quote!(u64)
    } else {
        quote!(u128)
    };
    let offset = board.offset;
    // Neither a shift by zero nor a cast to `q`'s own type is written: they would draw lints.
    let shifted = match offset {
        0 => quote!(q),
        _ => quote!((q >> #offset)),
    };
    let free = if board.fits_u64() == matches!(layout.repr, Repr::Scalar(64)) {
        shifted
    } else {
        quote!(#shifted as #word)
    };
    let steps = board.steps.iter().map(|&(s, from)| {
        let from = Literal::u128_unsuffixed(from);
        quote!((#s, #from))
    });
    BoardTokens {
        word,
        free,
        cells: Literal::u128_unsuffixed(board.cells),
        k: board.steps.len(),
        steps: steps.collect(),
    }
}

/// The region check's tables as a private static.
fn regions_table(runtime: &TokenStream, r: &Regions) -> TokenStream {
    let list = |v: &[u32]| {
        let v = v.iter().copied().map(Literal::u32_unsuffixed);
        quote!(::std::borrow::Cow::Borrowed(&[#(#v),*]))
    };
    let (neighbours, starts) = (list(&r.neighbours), list(&r.starts));
    let (borders, border_starts) = (list(&r.borders), list(&r.border_starts));
    let (smallest, divisor, cap) = (r.smallest, r.divisor, r.cap);
    quote! {
        /// The tables of the region check.
        static REGIONS: #runtime::prune::Regions = #runtime::prune::Regions {
            neighbours: #neighbours,
            starts: #starts,
            borders: #borders,
            border_starts: #border_starts,
            smallest: #smallest,
            divisor: #divisor,
            cap: #cap,
        };
    }
}

/// The program as processor code: the `Code` expression, and a private module holding the
/// instructions, written with one-letter names as in the text form; none for a puzzle with a
/// bag.
fn processor_code(runtime: &TokenStream, puzzle: &Puzzle) -> Option<(TokenStream, TokenStream)> {
    use puzzle_runtime::processor::Instruction;
    let code = puzzle.code().ok()?;
    let len = code.instructions.len();
    let instructions = code.instructions.iter().map(|i| match *i {
        Instruction::If { aspect, rel } => quote!(I { aspect: #aspect, rel: #rel }),
        Instruction::Call { rel } => quote!(C { rel: #rel }),
        Instruction::Mf { aspect } => quote!(M { aspect: #aspect }),
        Instruction::Return => quote!(R),
        Instruction::Solution => quote!(S),
    });
    let module = quote! {
        /// The processor code's instructions.
        #[doc(hidden)]
        mod processor_code {
            use #runtime::processor::Instruction::{Call as C, If as I, Mf as M, Return as R, Solution as S};
            pub(super) static INSTRUCTIONS: [#runtime::processor::Instruction; #len] = [#(#instructions),*];
        }
    };
    let pairs = |list: &[(u32, u32)]| {
        let items = list.iter().map(|&(a, b)| quote!((#a, #b)));
        quote!(::std::borrow::Cow::Borrowed(&[#(#items),*]))
    };
    let (calls, procedures, aspects) = (pairs(&code.calls), pairs(&code.procedures), code.aspects);
    let expr = quote! {
        #runtime::processor::Code {
            instructions: ::std::borrow::Cow::Borrowed(&processor_code::INSTRUCTIONS),
            calls: #calls,
            procedures: #procedures,
            aspects: #aspects,
        }
    };
    Some((expr, module))
}

/// The expansion for a puzzle with errors: the same names, so the user sees no follow-on
/// errors, with bodies that are never compiled into a program (the errors stop the build).
pub fn fallback(header: &Header, runtime: &TokenStream) -> TokenStream {
    let catalog = quote! {
        #runtime::Catalog {
            name: ::std::borrow::Cow::Borrowed(""),
            extents: ::std::borrow::Cow::Borrowed(&[]),
            aspects: ::std::borrow::Cow::Borrowed(&[]),
            embedding_aspects: ::std::borrow::Cow::Borrowed(&[]),
            embedding_starts: ::std::borrow::Cow::Borrowed(&[0]),
        }
    };
    let run = quote!({
        let _ = sink;
        ::core::unreachable!("the puzzle has errors")
    });
    let code = quote! {
        #runtime::processor::Code {
            instructions: ::std::borrow::Cow::Borrowed(&[]),
            calls: ::std::borrow::Cow::Borrowed(&[]),
            procedures: ::std::borrow::Cow::Borrowed(&[]),
            aspects: 0,
        }
    };
    let items = Items {
        catalog,
        code: Some(code),
        check: option(None),
        run,
        cut: quote! {
            let _ = depth;
            ::core::unreachable!("the puzzle has errors")
        },
        run_unit: quote! {
            let _ = (unit, sink);
            ::core::unreachable!("the puzzle has errors")
        },
        counter: quote!(#runtime::search::CachedCounter::without_cache()),
        private: TokenStream::new(),
    };
    api(header, runtime, &Facts::default(), items)
}

/// The parts that differ between a module with a solver and a fallback.
struct Items {
    /// The `Catalog` expression.
    catalog: TokenStream,
    /// The processor `Code` expression, if the puzzle has one.
    code: Option<TokenStream>,
    /// The `Option<SymmetryCheck>` expression.
    check: TokenStream,
    /// An expression that searches into `sink`.
    run: TokenStream,
    /// A block that cuts the search at `depth` placements into units.
    cut: TokenStream,
    /// A block that runs `unit` into `sink`.
    run_unit: TokenStream,
    /// An expression that makes the counter `count` searches into (with its failure cache).
    counter: TokenStream,
    /// Private modules the other parts refer to.
    private: TokenStream,
}

/// Figures about the puzzle that the module publishes as constants.
#[derive(Default)]
struct Facts {
    aspects: usize,
    embeddings: usize,
    allowed: usize,
    symmetry_piece: Option<String>,
    symmetry_second: Option<String>,
    symmetry_group: usize,
    order: String,
    estimate: f64,
    eliminated: usize,
    remembers: bool,
}

impl Facts {
    fn of(puzzle: &Puzzle) -> Facts {
        let reduction = puzzle.reduction();
        Facts {
            aspects: puzzle.cover().aspect_count(),
            embeddings: puzzle.cover().embedding_count(),
            allowed: puzzle.cover().allowed_count(),
            symmetry_piece: reduction
                .and_then(|r| r.piece)
                .map(|p| puzzle.pieces()[p].name.clone()),
            symmetry_second: reduction
                .and_then(|r| r.second)
                .map(|p| puzzle.pieces()[p].name.clone()),
            symmetry_group: reduction.map_or(1, |r| r.group_order),
            order: puzzle.chosen().label.clone(),
            estimate: puzzle.chosen().estimate,
            eliminated: puzzle.eliminated(),
            remembers: puzzle.remembers(),
        }
    }
}

/// The module and its public items.
fn api(header: &Header, runtime: &TokenStream, facts: &Facts, items: Items) -> TokenStream {
    let Header { attrs, vis, name } = header;
    let Items {
        catalog,
        code,
        check,
        run,
        cut,
        run_unit,
        counter,
        private,
    } = items;
    let Facts {
        aspects,
        embeddings,
        allowed,
        symmetry_piece,
        symmetry_second,
        symmetry_group,
        order,
        estimate,
        eliminated,
        remembers,
    } = facts;
    let symmetry_piece = option(symmetry_piece.as_ref().map(|p| quote!(#p)));
    let symmetry_second = option(symmetry_second.as_ref().map(|p| quote!(#p)));
    let processor = code.map(|code| {
        quote! {
            /// The same program as code for the puzzle processor: run it with
            /// `processor::Machine`, list it with `PROCESSOR.listing(&CATALOG)`.
            pub static PROCESSOR: #runtime::processor::Code = #code;
        }
    });
    quote! {
        #(#attrs)*
        #vis mod #name {
            /// The number of aspects: the box's cells, then the pieces.
            pub const ASPECT_COUNT: usize = #aspects;
            /// The number of embeddings (placements), forbidden ones included; embedding numbers
            /// run from 0 to this.
            pub const EMBEDDING_COUNT: usize = #embeddings;
            /// The number of embeddings the search uses.
            pub const ALLOWED_EMBEDDING_COUNT: usize = #allowed;
            /// The number of embeddings dropped at compile time because each cuts off a region
            /// that no other pieces can fill (`eliminate: false` keeps them).
            pub const ELIMINATED_EMBEDDING_COUNT: usize = #eliminated;
            /// The piece restricted to one placement per orbit, when solutions are counted
            /// modulo the box's symmetries.
            pub const SYMMETRY_PIECE: ::core::option::Option<&str> = #symmetry_piece;
            /// The piece kept to one placement per orbit of the symmetries that fix the
            /// first's placement, where some do (through optional aspects, the marks).
            pub const SYMMETRY_SECOND_PIECE: ::core::option::Option<&str> = #symmetry_second;
            /// The order of the symmetry group the solutions are reduced by (1 when all are found).
            pub const SYMMETRY_GROUP_ORDER: usize = #symmetry_group;

            /// The aspect order the search uses: the pieces placed before the cells, and how the
            /// cells are scanned (chosen by the macro unless the puzzle names it).
            pub const ORDER: &str = #order;
            /// Knuth's Monte Carlo estimate, made by the macro, of the number of placements the
            /// search makes in this order (compare `search::Tally::placements`).
            pub const ORDER_ESTIMATE: f64 = #estimate;
            /// Whether `count` and `count_parallel` keep a failure cache (`cache: auto` keeps
            /// one where the scan's frontier is narrow).
            pub const FAILURE_CACHE: bool = #remembers;

            /// The box, the aspects and the embedding table, to read solutions with.
            pub static CATALOG: #runtime::Catalog = #catalog;

            #processor

            /// When the symmetry reduction is not exact by itself (the restricted piece has
            /// placements that symmetries fix), the check that keeps one solution per class;
            /// `solve_with` applies it, a processor run must too (`symmetry::Checked`).
            pub static SYMMETRY_CHECK: ::core::option::Option<&#runtime::symmetry::SymmetryCheck> = #check;

            /// A solution of this puzzle: its embeddings in placement order.
            pub type Solution<'a> = #runtime::Solution<'a>;

            /// Runs the search, reporting to `sink`; `Break` from the sink stops it.
            pub fn solve_with<S: #runtime::search::Sink>(sink: &mut S) -> ::core::ops::ControlFlow<()> {
                #run
            }

            /// Counts the solutions. The search skips free sets it has already found to hold
            /// none (a failure cache), so it makes fewer placements than `search::Tally` shows.
            pub fn count() -> u64 {
                let mut counter = #counter;
                let _ = solve_with(&mut counter);
                counter.solutions
            }

            /// The search cut into work units: at the least depth that gives enough of them
            /// for all cores, numbered in the order the serial search reaches them (the same
            /// on every machine).
            pub fn units() -> ::std::vec::Vec<#runtime::parallel::Unit> {
                #runtime::parallel::units(|depth| { #cut })
            }

            /// Runs one unit alone into `sink`: its placements, then the search below them.
            pub fn run_unit<S: #runtime::search::Sink>(unit: &#runtime::parallel::Unit, sink: &mut S) -> ::core::ops::ControlFlow<()> {
                #run_unit
            }

            /// Counts the solutions on every core (rayon's pool: run inside
            /// `parallel::with_threads` to choose the number of threads).
            pub fn count_parallel() -> u64 {
                #runtime::parallel::count(&units(), #counter, |unit, counter| {
                    let _ = run_unit(unit, counter);
                })
            }

            /// Every solution, as embedding numbers in placement order, found on every core
            /// and listed in the order the serial search finds them.
            pub fn collect_parallel() -> ::std::vec::Vec<::std::vec::Vec<u32>> {
                #runtime::parallel::collect(&units(), |unit, collector| {
                    let _ = run_unit(unit, collector);
                })
            }

            /// Shows each solution to `visitor` on this thread, in the order the serial search
            /// finds them, while the search runs on every core; the visitor returns `Break`
            /// to stop it.
            pub fn solve_parallel<F>(mut visitor: F) -> ::core::ops::ControlFlow<()>
            where
                F: FnMut(&Solution<'_>) -> ::core::ops::ControlFlow<()>,
            {
                #runtime::parallel::visit(
                    &units(),
                    |unit, collector| {
                        let _ = run_unit(unit, collector);
                    },
                    |placed| visitor(&#runtime::Solution::new(&CATALOG, placed)),
                )
            }

            /// Shows each solution to `visitor`, in the order the search finds them; the
            /// visitor returns `Break` to stop the search.
            pub fn solve<F>(mut visitor: F) -> ::core::ops::ControlFlow<()>
            where
                F: FnMut(&Solution<'_>) -> ::core::ops::ControlFlow<()>,
            {
                // Through a `dyn` visitor, called once per solution, so that every caller's
                // closure shares one copy of the search instead of compiling its own.
                let visitor: &mut dyn FnMut(&Solution<'_>) -> ::core::ops::ControlFlow<()> = &mut visitor;
                solve_with(&mut #runtime::search::Visit::new(&CATALOG, visitor))
            }

            #private
        }
    }
}

/// The catalog as a constant expression.
fn catalog(runtime: &TokenStream, puzzle: &Puzzle) -> TokenStream {
    let c = puzzle.catalog();
    let name = c.name.as_ref();
    let extents = c.extents.iter();
    let aspects = c.aspects.iter().map(|info| match info {
        AspectInfo::Cell { at } => quote!(#runtime::solution::AspectInfo::Cell { at: #at }),
        AspectInfo::Piece { name } => {
            let name = name.as_ref();
            quote!(#runtime::solution::AspectInfo::Piece { name: ::std::borrow::Cow::Borrowed(#name) })
        }
        AspectInfo::Named { name } => {
            let name = name.as_ref();
            quote!(#runtime::solution::AspectInfo::Named { name: ::std::borrow::Cow::Borrowed(#name) })
        }
    });
    let flat = c
        .embedding_aspects
        .iter()
        .copied()
        .map(Literal::u32_unsuffixed);
    let starts = c
        .embedding_starts
        .iter()
        .copied()
        .map(Literal::u32_unsuffixed);
    quote! {
        #runtime::Catalog {
            name: ::std::borrow::Cow::Borrowed(#name),
            extents: ::std::borrow::Cow::Borrowed(&[#(#extents),*]),
            aspects: ::std::borrow::Cow::Borrowed(&[#(#aspects),*]),
            embedding_aspects: ::std::borrow::Cow::Borrowed(&[#(#flat),*]),
            embedding_starts: ::std::borrow::Cow::Borrowed(&[#(#starts),*]),
        }
    }
}

/// Emits the tree of one procedure.
struct Emitter<'a> {
    layout: &'a Layout,
    puzzle: &'a Puzzle,
    position: usize,
    sentinel: usize,
    bits: &'a mut BTreeSet<u32>,
    /// The region check, where it can refuse something (decided once, in [`module`]).
    regions: Option<&'a Regions>,
    /// Its bit board, when it has one.
    board: Option<&'a BitBoard>,
    /// The hole test's bit board, when holes are pruned and there is one.
    hole_board: Option<&'a BitBoard>,
    /// The positions placements go on to through an [`entry`].
    entries: &'a mut BTreeSet<u32>,
}

impl Emitter<'_> {
    /// A root of the procedure: it tests the procedure's own aspect, which the procedure has
    /// just found free, so it only takes it.
    fn root(&mut self, node: &Node) -> TokenStream {
        match node {
            Node::Test { aspect, children } => {
                let position = self.puzzle.order().position(*aspect);
                debug_assert_eq!(position as usize, self.position);
                let take = self.layout.take(position);
                let children: Vec<TokenStream> = children.iter().map(|c| self.node(c)).collect();
                quote! {
                    {
                        #take
                        #(#children)*
                    }
                }
            }
            Node::Place { .. } => self.node(node),
        }
    }

    fn node(&mut self, node: &Node) -> TokenStream {
        match node {
            Node::Test { aspect, children } => {
                let position = self.puzzle.order().position(*aspect);
                self.bits.insert(position);
                let is_free = self.layout.is_free(position);
                let take = self.layout.take(position);
                let children: Vec<TokenStream> = children.iter().map(|c| self.node(c)).collect();
                quote! {
                    if #is_free {
                        #take
                        #(#children)*
                    }
                }
            }
            Node::Place { embedding } => {
                // Every aspect up to this procedure's is covered, and so is the embedding: go
                // straight to the first procedure whose aspect the embedding leaves (the report
                // notes this shortcut); the skipped ones would only pass `q` on.
                let order = self.puzzle.order();
                let covered: BTreeSet<u32> = self
                    .puzzle
                    .cover()
                    .aspects(*embedding)
                    .iter()
                    .map(|&a| order.position(a))
                    .collect();
                let mut next = self.position as u32 + 1;
                while covered.contains(&next) {
                    next += 1;
                }
                let next_position = next;
                let next = if next as usize >= self.sentinel {
                    format_ident!("solution")
                } else {
                    format_ident!("solve_{}", next)
                };
                let e = embedding.0;
                let words = self.layout.words();
                let next_position = next_position.min(self.sentinel as u32);
                let place = quote! {
                    sink.place(#e);
                    let flow = if S::CUTS && sink.cut() {
                        sink.unit(&#words, #next_position)
                    } else {
                        #next(q, sink)
                    };
                    sink.unplace();
                    flow?;
                };
                if let Some(regions) = self.regions {
                    // Cells before this procedure's are covered: no region lies there.
                    let at = self.position as u32;
                    let border: Vec<u32> = regions
                        .border(e)
                        .iter()
                        .copied()
                        .filter(|&c| c >= at)
                        .collect();
                    let allows = match self.board {
                        _ if border.is_empty() => return place,
                        Some(board) => {
                            let mask = Literal::u128_unsuffixed(board.mask(border));
                            quote!(regions_allow(q, #mask))
                        }
                        None => {
                            let words = self.layout.words();
                            quote!(super::REGIONS.allows(&#words, #e))
                        }
                    };
                    return quote! {
                        if #allows {
                            #place
                        } else {
                            sink.pruned();
                        }
                    };
                }
                match (self.puzzle.pruning(), self.hole_board) {
                    (Some((Pruning::Holes, regions)), Some(board)) => {
                        // Cells before this procedure's are covered: no hole lies there.
                        let at = self.position as u32;
                        let border = regions.border(e).iter().copied().filter(|&c| c >= at);
                        let mask = board.mask(border);
                        if mask == 0 {
                            return place;
                        }
                        self.entries.insert(next_position);
                        let entry = Layout::entry(next_position);
                        let mask = Literal::u128_unsuffixed(mask);
                        quote!(#entry(q, #mask, #e, sink)?;)
                    }
                    (Some((Pruning::Holes, regions)), None) => match self.layout.holes(
                        regions,
                        e,
                        &covered.iter().copied().collect::<Vec<u32>>(),
                        self.position as u32,
                    ) {
                        Some(hole) => quote! {
                            if !(#hole) {
                                #place
                            } else {
                                sink.pruned();
                            }
                        },
                        None => place,
                    },
                    _ => place,
                }
            }
        }
    }
}
