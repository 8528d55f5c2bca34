//! The program of a plan that covers the required aspect with the fewest embeddings after
//! every placement: the plan's tables as statics, searched by the run time's `fewest_search`,
//! the walker's own search, so that both find the same solutions in the same order. The
//! program's procedures are not printed: nothing would call them.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::plan::Fewest;
use crate::puzzle::Compiled;

/// The module that holds the program.
pub fn module(runtime: &TokenStream, compiled: Compiled<'_>, fewest: &Fewest) -> TokenStream {
    let plan = compiled.plan;
    let cache_from = fewest.cache.map_or(u32::MAX, |c| c.from_depth);
    let fewest = &fewest.tables;
    let words = |name: &str, values: &[u64]| {
        let name = quote::format_ident!("{}", name);
        let n = values.len();
        let values = values.iter().map(|&v| Literal::u64_unsuffixed(v));
        quote!(static #name: [u64; #n] = [#(#values),*];)
    };
    let numbers = |name: &str, values: &[u32]| {
        let name = quote::format_ident!("{}", name);
        let n = values.len();
        quote!(static #name: [u32; #n] = [#(#values),*];)
    };
    let required = words("REQUIRED", &fewest.required);
    let takers = words("TAKERS", &fewest.takers);
    let clashes = words("CLASHES", &fewest.clashes);
    let masks = words("MASKS", &fewest.masks);
    // Only a cover with colours has needs apart from its masks.
    let (needs, needs_ref) = match fewest.needs.is_empty() {
        true => (None, quote!(&[])),
        false => (Some(words("NEEDS", &fewest.needs)), quote!(&NEEDS)),
    };
    // Only a cover with bags has bags.
    let (bags, bags_ref, bag_of_ref) = match fewest.bags.is_empty() {
        true => (None, quote!(&[]), quote!(&[])),
        false => {
            let n = fewest.bags.len();
            let each = fewest.bags.iter().map(|b| {
                let (bit, width, least, most) = (b.bit, b.width, b.least, b.most);
                quote!(#runtime::__private::FewestBag { bit: #bit, width: #width, least: #least, most: #most })
            });
            let list = quote!(static BAGS: [#runtime::__private::FewestBag; #n] = [#(#each),*];);
            let of = numbers("BAG_OF", &fewest.bag_of);
            (Some(quote!(#list #of)), quote!(&BAGS), quote!(&BAG_OF))
        }
    };
    let full = words("FULL", &plan.layout.full());
    let bits = numbers("BITS", &fewest.bits);
    // Each embedding's bits padded to the stride, or where they start.
    let (starts, starts_ref) = match fewest.starts.is_empty() {
        true => (None, quote!(&[])),
        false => (Some(numbers("STARTS", &fewest.starts)), quote!(&STARTS)),
    };
    let embeddings = numbers("EMBEDDINGS", &fewest.embeddings);
    let ranges_n = fewest.ranges.len();
    let ranges = fewest.ranges.iter().map(|&(a, b, c)| quote!((#a, #b, #c)));
    let (q_words, sets, span) = (fewest.words, fewest.sets, fewest.span);
    let (fingerprint, stride) = (plan.fingerprint, fewest.stride);
    // The sizes as constants of the search, whose loops then unroll; the stride only where
    // each embedding's bits are padded to it.
    let bagged = !fewest.bags.is_empty();
    let (q_words_n, sets_n, stride_n) = (
        fewest.words as usize,
        fewest.sets as usize,
        match fewest.starts.is_empty() {
            true => fewest.stride as usize,
            false => 0,
        },
    );
    let aspects = compiled.cover.aspect_count();
    let (check, checked) = match compiled.check {
        Some(check) => {
            let table = super::tables::symmetry_check(runtime, check);
            (
                Some(quote! {
                    /// The check that finishes the symmetry reduction.
                    pub(super) static CHECK: #runtime::symmetry::SymmetryCheck = #table;
                }),
                Some(quote! {
                    let sink = &mut #runtime::symmetry::Checked::new(&CHECK, #aspects, sink);
                }),
            )
        }
        None => (None, None),
    };
    let search = |q: TokenStream| quote!(#runtime::__private::fewest_search_with::<#q_words_n, #sets_n, #stride_n, #bagged, _>(&TABLES, #q, sink));
    let runs = super::procedures::runs(
        runtime,
        checked.as_ref(),
        &search(quote!(&FULL)),
        &search(quote!(&unit.q)),
    );
    quote! {
        /// The program: the tables of the search that covers the required aspect with the
        /// fewest embeddings first.
        #[doc(hidden)]
        mod program {
            #check
            #required
            #takers
            #clashes
            #masks
            #needs
            #bags
            #full
            #bits
            #starts
            #embeddings
            static RANGES: [(u32, u32, u32); #ranges_n] = [#(#ranges),*];
            static TABLES: #runtime::__private::Fewest<'static> = #runtime::__private::Fewest {
                words: #q_words,
                sets: #sets,
                required: &REQUIRED,
                span: #span,
                ranges: &RANGES,
                takers: &TAKERS,
                clashes: &CLASHES,
                masks: &MASKS,
                needs: #needs_ref,
                stride: #stride,
                bits: &BITS,
                starts: #starts_ref,
                embeddings: &EMBEDDINGS,
                bags: #bags_ref,
                bag_of: #bag_of_ref,
                cache_from: #cache_from,
                owner: #fingerprint,
            };

            #runs
        }
    }
}
