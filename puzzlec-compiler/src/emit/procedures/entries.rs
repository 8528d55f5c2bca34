//! The program's entries: the search from its root into each kind of sink, and from a unit.

use super::*;

/// The program's entries: the whole search, into either kind of sink the run time asks for
/// or into any sink, and the search from a unit.
pub(super) fn entries(
    runtime: &TokenStream,
    compiled: Compiled<'_>,
    state: &State<'_>,
    emitter: &Emitter<'_>,
) -> TokenStream {
    let sentinel = compiled.program.sentinel();
    let first = name_of(Position(0), sentinel);
    let full = state.full();
    let q_ty = state.ty();
    let from_words = state.rebuild(runtime);
    let aspects = compiled.cover.aspect_count();
    // Where the reduction needs its check, every search goes through it.
    let checked = compiled.check.map(|_| {
        quote! {
            let sink = &mut #runtime::symmetry::Checked::new(&CHECK, #aspects, sink);
        }
    });
    let resume = (0..sentinel.0).map(|k| {
        let name = name_of(Position(k), sentinel);
        quote!(#k => #name(q, sink),)
    });
    // Every search starts with the plan's choice, as every placement goes on with it.
    let ends = (emitter.scan.dead_ends.as_ref()).map(|_| quote!(let ends = dead_ends(q);));
    let root = emitter.choose(quote!(0), quote!(#first(q, sink)));
    let unit = emitter.choose(quote!(unit.next), quote!(resume(unit.next, q, sink)));
    let (root, unit) = match !emitter.scan.chooses() {
        true => (
            quote!(#first(#full, sink)),
            quote!(resume(unit.next, from_words(&unit.q), sink)),
        ),
        false => (
            quote! {
                let q = #full;
                #ends
                #root
            },
            quote! {
                let q = from_words(&unit.q);
                #ends
                #unit
            },
        ),
    };
    let resume = quote! {
        /// The procedure at position `at`, or the sentinel past the last: where a unit
        /// resumes, and where a dead end's placements go on.
        #[inline]
        fn resume<S: #runtime::search::Sink + ?Sized>(at: u32, q: #q_ty, sink: &mut S) -> ::core::ops::ControlFlow<()> {
            match at {
                #(#resume)*
                _ => solution(q, sink),
            }
        }
    };
    let runs = runs(runtime, checked.as_ref(), &root, &unit);
    quote! {
        #runs

        #resume

        /// `q` from the words a unit keeps.
        fn from_words(words: &[u64]) -> #q_ty {
            #from_words
        }
    }
}

/// The searches a compiled puzzle runs, from the root and from a unit, into either kind of
/// sink a run asks for: `checked` wraps the sink in the symmetry check where there is one,
/// `root` runs the search into `sink`, and `unit` the search below a unit's placements.
pub(crate) fn runs(
    runtime: &TokenStream,
    checked: Option<&TokenStream>,
    root: &TokenStream,
    unit: &TokenStream,
) -> TokenStream {
    quote! {
        /// The whole search, into the sink a run asks for: one copy of the program counts,
        /// one records everything else.
        pub(super) fn run(run: #runtime::Run<'_, '_>) -> ::core::ops::ControlFlow<()> {
            match run {
                #runtime::Run::Count(counter) => run_with(counter),
                #runtime::Run::Record(recorder) => run_with(recorder),
            }
        }

        /// The whole search, into `sink`.
        pub(super) fn run_with<S: #runtime::search::Sink + ?Sized>(sink: &mut S) -> ::core::ops::ControlFlow<()> {
            #checked
            #root
        }

        /// The search from a unit (checked by the caller), into the sink a run asks for.
        pub(super) fn run_unit(unit: &#runtime::Unit, run: #runtime::Run<'_, '_>) -> ::core::ops::ControlFlow<()> {
            match run {
                #runtime::Run::Count(counter) => unit_with(unit, counter),
                #runtime::Run::Record(recorder) => unit_with(unit, recorder),
            }
        }

        /// A unit's placements replayed into `sink`, then the search below them.
        fn unit_with<S: #runtime::search::Sink + ?Sized>(unit: &#runtime::Unit, sink: &mut S) -> ::core::ops::ControlFlow<()> {
            #checked
            for &e in &unit.placed {
                #runtime::search::Sink::place(sink, e);
            }
            #unit
        }
    }
}
