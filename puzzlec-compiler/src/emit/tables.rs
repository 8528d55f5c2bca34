//! The module's tables as constant expressions: the facts, the catalog, the processor code,
//! the symmetry check and the region check's tables. Long tables are lists of integer
//! literals, which cost rustc far less than lists of structured values.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use puzzlec_runtime::__private::Regions;
use puzzlec_runtime::symmetry::SymmetryCheck;
use puzzlec_runtime::{Catalog, Info, Lattice, PruneKind, Solver};

use crate::puzzle::Puzzle;

/// `Some(tokens)` or `None`, as an expression.
pub fn option(tokens: Option<TokenStream>) -> TokenStream {
    match tokens {
        Some(t) => quote!(::core::option::Option::Some(#t)),
        None => quote!(::core::option::Option::None),
    }
}

/// A borrowed `Cow` of a string.
fn text(s: &str) -> TokenStream {
    quote!(::std::borrow::Cow::Borrowed(#s))
}

/// A borrowed `Cow` of a slice of numbers.
fn numbers(list: &[u32]) -> TokenStream {
    let list = list.iter().copied().map(Literal::u32_unsuffixed);
    quote!(::std::borrow::Cow::Borrowed(&[#(#list),*]))
}

/// The facts of a puzzle.
pub fn info(runtime: &TokenStream, info: &Info) -> TokenStream {
    let Info {
        name,
        fingerprint,
        aspects,
        embeddings,
        allowed,
        eliminated,
        depth,
        procedures,
        words,
        order,
        estimate,
        symmetry,
        prune,
        cache,
        dead_ends,
        fewest_fits,
        fewest_embeddings,
        plan,
    } = info;
    let (name, order, plan) = (text(name), text(order), text(plan));
    let group_order = symmetry.group_order;
    let piece = option(symmetry.piece.as_deref().map(text));
    let second_piece = option(symmetry.second_piece.as_deref().map(text));
    let twins = symmetry.mirror_twins.iter().map(|(a, b)| {
        let (a, b) = (text(a), text(b));
        quote!((#a, #b))
    });
    let (group_cells, group_kinds) = (
        numbers(&symmetry.group.cells),
        numbers(&symmetry.group.kinds),
    );
    let prune = match prune {
        PruneKind::Off => quote!(Off),
        PruneKind::Holes => quote!(Holes),
        PruneKind::Regions => quote!(Regions),
    };
    let fewest_fits = option(fewest_fits.map(|above| quote!(#above)));
    let cache = option(cache.map(|c| {
        let (bits, words, counts) = (c.bits, c.words, c.counts);
        quote!(#runtime::CacheInfo { bits: #bits, words: #words, counts: #counts })
    }));
    quote! {
        #runtime::Info {
            name: #name,
            fingerprint: #fingerprint,
            aspects: #aspects,
            embeddings: #embeddings,
            allowed: #allowed,
            eliminated: #eliminated,
            depth: #depth,
            procedures: #procedures,
            words: #words,
            order: #order,
            estimate: #estimate,
            symmetry: #runtime::SymmetryInfo {
                group_order: #group_order,
                mirror_twins: ::std::borrow::Cow::Borrowed(&[#(#twins),*]),
                piece: #piece,
                second_piece: #second_piece,
                group: #runtime::SymmetryGroup {
                    cells: #group_cells,
                    kinds: #group_kinds,
                },
            },
            prune: #runtime::PruneKind::#prune,
            cache: #cache,
            dead_ends: #dead_ends,
            fewest_fits: #fewest_fits,
            fewest_embeddings: #fewest_embeddings,
            plan: #plan,
        }
    }
}

/// The catalog.
pub fn catalog(runtime: &TokenStream, c: &Catalog) -> TokenStream {
    let name = text(&c.name);
    let extents = numbers(&c.extents);
    let cells = numbers(&c.cells);
    let names = c.names.iter().map(|n| text(n));
    let pieces = c.pieces;
    let aspects = numbers(&c.embedding_aspects);
    let starts = numbers(&c.embedding_starts);
    let kinds = c.kinds.iter().map(|k| {
        let (name, glyph, end) = (text(&k.name), k.glyph, k.end);
        quote!(#runtime::Kind { name: #name, glyph: #glyph, end: #end })
    });
    let lattice = match c.lattice {
        Lattice::Cubic { dims } => {
            let dims = Literal::usize_unsuffixed(dims);
            quote!(#runtime::Lattice::Cubic { dims: #dims })
        }
        Lattice::Triangular => quote!(#runtime::Lattice::Triangular),
        Lattice::TriangularPrisms => quote!(#runtime::Lattice::TriangularPrisms),
        Lattice::Hexagonal => quote!(#runtime::Lattice::Hexagonal),
        Lattice::RhombicTetrahedra => quote!(#runtime::Lattice::RhombicTetrahedra),
        Lattice::TetrahedraOctahedra => quote!(#runtime::Lattice::TetrahedraOctahedra),
        Lattice::Spheres { dims } => {
            let dims = Literal::usize_unsuffixed(dims);
            quote!(#runtime::Lattice::Spheres { dims: #dims })
        }
    };
    quote! {
        #runtime::Catalog {
            name: #name,
            lattice: #lattice,
            extents: #extents,
            cells: #cells,
            names: ::std::borrow::Cow::Borrowed(&[#(#names),*]),
            pieces: #pieces,
            embedding_aspects: #aspects,
            embedding_starts: #starts,
            kinds: ::std::borrow::Cow::Borrowed(&[#(#kinds),*]),
        }
    }
}

/// The processor code, made from its compact form when first used; none for a puzzle with a
/// bag.
pub fn processor(runtime: &TokenStream, puzzle: &Puzzle) -> Option<TokenStream> {
    let code = puzzle.code()?;
    let bytes = Literal::byte_string(&code.to_compact());
    let procedures = code.procedures.iter().map(|&(a, b)| quote!((#a, #b)));
    let aspects = code.aspects;
    Some(quote! {
        ::std::sync::LazyLock::new(|| #runtime::__private::code(#bytes, &[#(#procedures),*], #aspects))
    })
}

/// The symmetry check.
pub fn symmetry_check(runtime: &TokenStream, check: &SymmetryCheck) -> TokenStream {
    let embeddings = check.embeddings;
    let images = numbers(&check.images);
    let fixed = check
        .fixed
        .iter()
        .map(|&(e, first, count)| quote!((#e, #first, #count)));
    let pairs = check
        .pairs
        .iter()
        .map(|&(e, f, first, count)| quote!((#e, #f, #first, #count)));
    let members = numbers(&check.members);
    let everywhere = numbers(&check.everywhere);
    quote! {
        #runtime::symmetry::SymmetryCheck {
            embeddings: #embeddings,
            images: #images,
            fixed: ::std::borrow::Cow::Borrowed(&[#(#fixed),*]),
            members: #members,
            everywhere: #everywhere,
            pairs: ::std::borrow::Cow::Borrowed(&[#(#pairs),*]),
        }
    }
}

/// The region check's tables.
pub fn regions(runtime: &TokenStream, r: &Regions) -> TokenStream {
    let (neighbours, starts) = (numbers(&r.neighbours), numbers(&r.starts));
    let (borders, border_starts) = (numbers(&r.borders), numbers(&r.border_starts));
    let (smallest, divisor, cap) = (r.smallest, r.divisor, r.cap);
    quote! {
        #runtime::__private::Regions {
            neighbours: #neighbours,
            starts: #starts,
            borders: #borders,
            border_starts: #border_starts,
            smallest: #smallest,
            divisor: #divisor,
            cap: #cap,
        }
    }
}
