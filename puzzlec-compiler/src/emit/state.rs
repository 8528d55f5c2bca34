//! The free set `q` as Rust: its type, and the tests and updates the plan's layout calls for.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote, ToTokens};

use crate::order::Position;
use crate::plan::{Key, Layout, Repr};

/// The layout of `q`, printed.
pub struct State<'l> {
    pub layout: &'l Layout,
}

/// Aspects tested together: plain bits of one word, all of which must be free.
pub struct Need {
    /// The word of `q` (0 for a scalar `q`).
    pub word: usize,
    /// The positions.
    pub positions: Vec<Position>,
}

impl State<'_> {
    /// `q`'s type.
    pub fn ty(&self) -> TokenStream {
        match self.layout.repr {
            Repr::U64 => quote!(u64),
            Repr::U128 => quote!(u128),
            Repr::Words(n) => quote!([u64; #n]),
        }
    }

    /// The type of one word of `q`, or of the whole where it is one integer.
    pub fn word_ty(&self) -> TokenStream {
        match self.layout.repr {
            Repr::U128 => quote!(u128),
            Repr::U64 | Repr::Words(_) => quote!(u64),
        }
    }

    /// `q` with every aspect free.
    pub fn full(&self) -> TokenStream {
        let words = self.layout.full();
        match self.layout.repr {
            Repr::U64 if !self.layout.has_bags() => quote!(u64::MAX),
            Repr::U128 if !self.layout.has_bags() => quote!(u128::MAX),
            Repr::Words(n) if !self.layout.has_bags() => quote!([u64::MAX; #n]),
            Repr::U64 => Literal::u64_suffixed(words[0]).into_token_stream(),
            Repr::U128 => {
                let whole = u128::from(words[1]) << 64 | u128::from(words[0]);
                Literal::u128_suffixed(whole).into_token_stream()
            }
            Repr::Words(_) => {
                let words = words.into_iter().map(Literal::u64_suffixed);
                quote!([#(#words),*])
            }
        }
    }

    /// `q` as a slice expression of `u64` words.
    pub fn words(&self) -> TokenStream {
        match self.layout.repr {
            Repr::U64 => quote!([q]),
            Repr::U128 => quote!([q as u64, (q >> 64) as u64]),
            Repr::Words(_) => quote!(q),
        }
    }

    /// `q` rebuilt from the words of a unit (the slice `words`).
    pub fn rebuild(&self, runtime: &TokenStream) -> TokenStream {
        match self.layout.repr {
            Repr::U64 => quote! {
                let [w] = #runtime::__private::words::<1>(words);
                w
            },
            Repr::U128 => quote! {
                let [low, high] = #runtime::__private::words::<2>(words);
                u128::from(low) | u128::from(high) << 64
            },
            Repr::Words(n) => quote!(#runtime::__private::words::<#n>(words)),
        }
    }

    /// The name of the constant for a position's lowest bit.
    pub fn bit(p: Position) -> proc_macro2::Ident {
        format_ident!("B{}", p.0)
    }

    /// The name of the constant for a bag's whole field.
    fn field(p: Position) -> proc_macro2::Ident {
        format_ident!("F{}", p.0)
    }

    /// The constants of a position: its lowest bit and, for a bag, its field.
    pub fn consts(&self, p: Position) -> TokenStream {
        let ty = self.word_ty();
        let field = self.layout.fields[p.index()];
        let shift = match self.layout.repr {
            Repr::U64 | Repr::U128 => field.offset,
            Repr::Words(_) => field.offset % 64,
        };
        let name = State::bit(p);
        let bag = field.bag.map(|bag| {
            let mask = State::field(p);
            let ones = Literal::u64_unsuffixed(((1u128 << bag.width) - 1) as u64);
            quote!(const #mask: #ty = #ones << #shift;)
        });
        quote!(const #name: #ty = 1 << #shift; #bag)
    }

    /// `q`'s word that holds a position.
    fn word(&self, p: Position) -> TokenStream {
        match self.layout.repr {
            Repr::U64 | Repr::U128 => quote!(q),
            Repr::Words(_) => {
                let index = self.layout.word(p);
                quote!(q[#index])
            }
        }
    }

    /// The bits that say whether a position's aspect is free.
    fn mask(&self, p: Position) -> proc_macro2::Ident {
        match self.layout.fields[p.index()].bag {
            Some(_) => State::field(p),
            None => State::bit(p),
        }
    }

    /// Whether a position's aspect is a bag.
    pub fn is_bag(&self, p: Position) -> bool {
        self.layout.fields[p.index()].bag.is_some()
    }

    /// The 64-bit word of `q` a position lies in: tests of several bits are merged only
    /// within one (one machine operation each).
    pub fn word_index(&self, p: Position) -> usize {
        self.layout.word(p)
    }

    /// Whether a position's aspect is covered.
    pub fn is_covered(&self, p: Position) -> TokenStream {
        let (word, mask) = (self.word(p), self.mask(p));
        quote!(#word & #mask == 0)
    }

    /// Whether a bag holds more than `left` copies (`left` at least 1).
    pub fn more_left_than(&self, p: Position, left: u32) -> TokenStream {
        let (word, field) = (self.word(p), State::field(p));
        let offset = self.layout.fields[p.index()].offset;
        let shift = match self.layout.repr {
            Repr::U64 | Repr::U128 => offset,
            Repr::Words(_) => offset % 64,
        };
        let most = Literal::u128_unsuffixed(u128::from(left) << shift);
        quote!(#word & #field > #most)
    }

    /// Whether a position's aspect is free (a bag: has a copy left).
    pub fn is_free(&self, p: Position) -> TokenStream {
        let (word, mask) = (self.word(p), self.mask(p));
        quote!(#word & #mask != 0)
    }

    /// `q` with a free aspect taken: its bit cleared, or one copy taken from a bag.
    pub fn take(&self, p: Position) -> TokenStream {
        let (word, bit) = (self.word(p), State::bit(p));
        match (self.layout.repr, self.is_bag(p)) {
            (Repr::U64 | Repr::U128, false) => quote!(let q = q ^ #bit;),
            (Repr::U64 | Repr::U128, true) => quote!(let q = q - #bit;),
            (Repr::Words(_), false) => quote!(let mut q = q; #word ^= #bit;),
            (Repr::Words(_), true) => quote!(let mut q = q; #word -= #bit;),
        }
    }

    /// The bits of a need, as an expression of `q`'s word type (`0` for none).
    pub fn need_mask(&self, need: &Need) -> TokenStream {
        let bits = need.positions.iter().map(|&p| State::bit(p));
        match need.positions.len() {
            0 => quote!(0),
            1 => quote!(#(#bits)*),
            _ => quote!(#(#bits)|*),
        }
    }

    /// Whether every aspect of a need is free, and `q` with them taken.
    pub fn need(&self, need: &Need) -> (TokenStream, TokenStream) {
        let mask = self.need_mask(need);
        match (self.layout.repr, need.positions.len()) {
            (_, 1) => {
                let p = need.positions[0];
                (self.is_free(p), self.take(p))
            }
            (Repr::U64 | Repr::U128, _) => {
                (quote!(q & (#mask) == #mask), quote!(let q = q ^ (#mask);))
            }
            (Repr::Words(_), _) => {
                let w = need.word;
                (
                    quote!(q[#w] & (#mask) == #mask),
                    quote!(let mut q = q; q[#w] ^= #mask;),
                )
            }
        }
    }

    /// The failure cache's key of `q`, as a slice expression.
    pub fn key(&self, key: Key) -> TokenStream {
        match key {
            Key::Whole => self.words(),
            Key::Shifted(0) => quote!([q as u64]),
            Key::Shifted(shift) => quote!([(q >> #shift) as u64]),
            Key::From(first) => {
                let words = first..self.layout.words();
                quote!([#(q[#words]),*])
            }
        }
    }
}
