//! The puzzle language: tokens to a [`Description`], with every mistake collected. The macro
//! reads its input with it, and a program can read the same text from a file (see
//! [`parse_str`]): the tokens are `proc_macro2`'s, whose spans give lines and columns outside
//! a macro too.
//!
//! ```text
//! #[doc = "..."]* VIS mod NAME {
//!     grid: square | triangular | hexagonal | spheres | rhombic | tetrahedra_octahedra, // default square
//!     box: FIGURE | 5 x 4 x 3,                  // required: `.` cell, `#` hole, `+` may stay empty, digits coloured
//!     holes: [(x, y, ...), ...],                // default none
//!     max_empty: N,                             // the most `+` cells left empty; default any
//!     colours: { COLOUR: [COLOUR, ...], ... },  // a piece's colour on the box's; default alike
//!     pieces: SET | { PIECE | SET, ... },       // required
//!     reflect: true | false,                    // default true (free pieces)
//!     symmetry: all | reduced | reduced(NAME),  // default all
//!     order: SCAN | [pieces, SCAN] | [SCAN, pieces] | [NAME, ..., SCAN] | fewest, // SCAN: auto | rows | columns; default auto
//!     sharing: true | false,                    // default true
//!     eliminate: true | false,                  // default true
//!     prune: auto | off | holes | regions,      // default auto: holes
//!     cache: auto | on | off,                   // default auto: on where the scan's frontier is narrow
//!     dead_ends: auto | on | off,               // default auto: on a thick box
//!     fewest_fits: auto | on | off,             // default auto: with dead ends on a thick box
//!     restrict: { NAME: [DRAWING, ...], ... },  // default none
//!     tuning: { NAME: NUMBER, ... },            // thresholds (`Tuning`); default none changed
//! }
//! #[doc = "..."]* VIS mod NAME {                 // an abstract puzzle
//!     aspects: [NAME, ...],                     // identifiers, numbers, strings; `N x NAME` or
//!                                               // `MIN..=MAX x NAME`: covered so many times
//!     optional: [NAME, ...],                    // covered at most once; default none
//!     embeddings: [[NAME, ...], ...],            // an optional NAME may be `NAME: COLOUR`
//!     order: auto | listed | fewest,            // default auto: fewest where it can
//!     sharing: true | false,
//!     symmetry: all | reduced,
//!     cache: auto | on | off,
//!     tuning: { NAME: NUMBER, ... },
//! }
//! PIECE := #[allow(disconnected)]? #[glyph('c')]? (COUNT x | MIN..=MAX x)? NAME (: FIGURE | : [(x, y, ...), ...])?
//! SET := (COUNT x)? (pentominoes | tetrominoes | polyominoes(N) | polycubes(N) | tetracubes | soma
//!        | hexiamonds | polyiamonds(N) | tetrahexes | pentahexes | polyhexes(N))
//!        // optional flag: (one_sided) on the plane's sets, (free) on polycubes
//! FIGURE := ["row", ...] | ["row"; N] | [FIGURE, ...] | [FIGURE; N]   // nested: layers
//! ```

use proc_macro2::{Span, TokenStream, TokenTree};

use crate::description::{
    AbstractSpec, BoardSpec, Cache, ColourSpec, Count, DeadEnds, Description, Drawing,
    EmbeddedAspect, FewestFits, Figure, Grid, Lead, Loc, Named, NamedSet, OrderChoice, PieceSpec,
    Prune, Restriction, Row, ShapeSpec, Symmetry,
};
use crate::error::suggest;
use crate::limits::MAX_REPEAT;
use crate::piece_set::{PieceSet, SetError};
use crate::tuning::Tuning;
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{braced, bracketed, parenthesized, Attribute, Ident, LitBool, LitInt, LitStr, Token};

/// The keys a puzzle body accepts.
const KEYS: [&str; 20] = [
    "grid",
    "box",
    "holes",
    "max_empty",
    "colours",
    "pieces",
    "reflect",
    "symmetry",
    "order",
    "sharing",
    "eliminate",
    "prune",
    "cache",
    "dead_ends",
    "fewest_fits",
    "restrict",
    "tuning",
    "aspects",
    "optional",
    "embeddings",
];

/// The spans of everything a [`Loc`] can name: `Loc(i)` is `spans[i]`.
#[derive(Default)]
pub struct Spans(Vec<Span>);

impl Spans {
    /// A new table whose `Loc::default()` is `span`.
    pub fn new(span: Span) -> Spans {
        Spans(vec![span])
    }

    fn loc(&mut self, span: Span) -> Loc {
        self.0.push(span);
        Loc(self.0.len() as u32 - 1)
    }

    /// How many locations the table names.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the table names no location.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The span a location names.
    pub fn span(&self, loc: Loc) -> Span {
        self.0
            .get(loc.0 as usize)
            .copied()
            .unwrap_or_else(Span::call_site)
    }
}

/// The part of a puzzle that becomes the module's header.
pub struct Header {
    /// Attributes, doc comments among them, for the module.
    pub attrs: Vec<Attribute>,
    /// The module's visibility.
    pub vis: syn::Visibility,
    /// The module's name.
    pub name: Ident,
}

/// One puzzle as parsed: its header and description, and whatever was wrong with its syntax.
pub struct Parsed {
    /// The module header.
    pub header: Header,
    /// The description (partial when `errors` is not empty).
    pub description: Description,
    /// Whether the box and the pieces were both given, so the description is worth checking.
    pub complete: bool,
    /// Where each location of the description was written.
    pub spans: Spans,
    /// Where the module is written: its `mod` keyword and its closing brace (an editor that
    /// rewrites one puzzle of several rewrites these, and keeps its attributes and comments).
    pub extent: [Span; 2],
    /// Syntax errors.
    pub errors: Vec<syn::Error>,
    /// Keys whose values did not parse.
    failed: Vec<String>,
    /// Keys suggested for misspelt ones.
    suggested: Vec<String>,
}

/// Parses every puzzle of a token stream: the macro's input, or a file's.
pub fn parse(tokens: TokenStream) -> syn::Result<Vec<Parsed>> {
    puzzles.parse2(tokens)
}

/// Parses every puzzle of a text, as a file holds them: what `puzzle! { ... }` would hold.
/// Spans point into the text (with lines and columns).
pub fn parse_str(text: &str) -> syn::Result<Vec<Parsed>> {
    let tokens: TokenStream =
        (text.parse()).map_err(|e| unlexed(text).unwrap_or_else(|| syn::Error::from(e)))?;
    parse(tokens)
}

/// What keeps `text` from being read as tokens, said where it is: a bracket never closed or
/// closing another's, a string or a comment never ended. `None` where none of these is found
/// (the lexer's own message is said then).
fn unlexed(text: &str) -> Option<syn::Error> {
    let chars: Vec<char> = text.chars().collect();
    let closer = |open: char| match open {
        '(' => ')',
        '[' => ']',
        _ => '}',
    };
    let line = |at: usize| chars[..at].iter().filter(|&&c| c == '\n').count() + 1;
    let mut open: Vec<(char, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match (c, chars.get(i + 1).copied()) {
            ('/', Some('/')) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ('/', Some('*')) => {
                let start = i;
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                    i += 1;
                }
                if i >= chars.len() {
                    return Some(at(
                        &chars,
                        start,
                        "this comment is never ended: end it with `*/`",
                    ));
                }
                i += 1;
            }
            ('"', _) => {
                let start = i;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                if i >= chars.len() {
                    return Some(at(
                        &chars,
                        start,
                        "this string is never ended: end it with `\"`",
                    ));
                }
            }
            ('(' | '[' | '{', _) => open.push((c, i)),
            (')' | ']' | '}', _) => match open.pop() {
                None => return Some(at(&chars, i, &format!("this `{c}` closes nothing"))),
                Some((o, from)) if closer(o) != c => {
                    let message = format!(
                        "this `{c}` closes the `{o}` of line {}: close that with `{}` first",
                        line(from),
                        closer(o)
                    );
                    return Some(at(&chars, i, &message));
                }
                Some(_) => {}
            },
            _ => {}
        }
        i += 1;
    }
    let (o, from) = open.pop()?;
    let message = format!("this `{o}` is never closed: close it with `{}`", closer(o));
    Some(at(&chars, from, &message))
}

/// An error at the character `at` of `chars`: the span of a token lexed alone where that
/// character is, every other character but the line breaks blanked, so that its line and
/// column are the character's.
fn at(chars: &[char], at: usize, message: &str) -> syn::Error {
    let alone: String = (chars.iter().enumerate())
        .map(|(i, &c)| match (i == at, c) {
            (true, _) => 'x',
            (false, '\n') => '\n',
            _ => ' ',
        })
        .collect();
    let span = (alone.parse::<TokenStream>().ok())
        .and_then(|tokens| tokens.into_iter().next())
        .map_or_else(proc_macro2::Span::call_site, |token| token.span());
    syn::Error::new(span, message)
}

/// Parses every puzzle of the macro input.
pub fn puzzles(input: ParseStream) -> syn::Result<Vec<Parsed>> {
    let mut out = Vec::new();
    while !input.is_empty() {
        out.push(puzzle(input)?);
    }
    if out.is_empty() {
        return Err(input.error("expected a puzzle: `mod NAME { box: [...], pieces: ... }`"));
    }
    Ok(out)
}

fn puzzle(input: ParseStream) -> syn::Result<Parsed> {
    let attrs = input.call(Attribute::parse_outer)?;
    let vis: syn::Visibility = input.parse()?;
    if !input.peek(Token![mod]) {
        // `name { ... }` is the likeliest slip: say what to add, at the name.
        if input.peek(Ident) && input.peek2(syn::token::Brace) {
            let name: Ident = input.parse()?;
            return Err(syn::Error::new(
                name.span(),
                format!("a puzzle is a module: write `mod {name} {{ ... }}`"),
            ));
        }
        return Err(input.error("expected a puzzle: `mod NAME { box: [...], pieces: ... }`"));
    }
    let module = input.parse::<Token![mod]>()?;
    let name: Ident = input.parse()?;
    let body;
    let brace = braced!(body in input);
    let mut p = Parsed {
        extent: [module.span, brace.span.close()],
        description: Description::new(name.to_string()),
        spans: Spans::new(name.span()),
        header: Header { attrs, vis, name },
        complete: false,
        errors: Vec::new(),
        failed: Vec::new(),
        suggested: Vec::new(),
    };
    let mut seen: Vec<Ident> = Vec::new();
    while !body.is_empty() {
        if let Err(e) = entry(&body, &mut p, &mut seen) {
            p.errors.push(e);
            // The rest of the body cannot be split into entries reliably.
            break;
        }
    }
    let has = |key: &str| seen.iter().any(|k| k == key);
    let abstract_puzzle = has("aspects") || has("embeddings");
    if abstract_puzzle && (has("box") || has("pieces")) {
        let msg = "a puzzle has a `box` and `pieces`, or `aspects` and `embeddings`, not both";
        p.errors.push(syn::Error::new(p.header.name.span(), msg));
    }
    if abstract_puzzle {
        for key in &seen {
            if let Some(why) = box_only(&key.to_string()) {
                let msg =
                    format!("`{key}` has no meaning for a puzzle given by its aspects: {why}");
                p.errors.push(syn::Error::new(key.span(), msg));
            }
        }
    }
    if let Some(key) = seen.iter().find(|k| *k == "order") {
        let d = &p.description;
        let by_aspects = matches!(d.order, OrderChoice::Listed | OrderChoice::Fewest);
        let msg = match abstract_puzzle {
            true if !matches!(d.order, OrderChoice::Auto) && !by_aspects => Some(
                "a puzzle given by its aspects is ordered by `auto`, `listed` (the aspects in the order listed) or `fewest` (the required aspect with the fewest embeddings first)",
            ),
            false if d.order == OrderChoice::Listed => Some(
                "`listed` orders a puzzle given by its aspects; a box is searched by `auto`, `rows`, `columns` (its scans) or `fewest` (the required aspect with the fewest embeddings first)",
            ),
            _ => None,
        };
        if let Some(msg) = msg {
            p.errors.push(syn::Error::new(key.span(), msg));
        }
        // What runs in a box's scan cannot be asked of the search that has none.
        if !abstract_puzzle && d.order == OrderChoice::Fewest {
            let asked = |name: &str| match name {
                "prune" => !matches!(d.prune, Prune::Auto | Prune::Off),
                "dead_ends" => d.dead_ends == DeadEnds::On,
                "fewest_fits" => d.fewest_fits == FewestFits::On,
                _ => false,
            };
            for other in seen.iter().filter(|k| asked(&k.to_string())) {
                let msg = format!("`{other}` runs in the box's scan, which `order: fewest` does not follow: drop one of them");
                p.errors.push(syn::Error::new(other.span(), msg));
            }
        }
    }
    let required = if abstract_puzzle {
        ["aspects", "embeddings"]
    } else {
        ["box", "pieces"]
    };
    for required in required {
        // A misspelt key already said what it should have been.
        if !has(required) && !p.suggested.iter().any(|s| s == required) {
            let msg = format!("puzzle `{}` has no `{required}`", p.header.name);
            p.errors.push(syn::Error::new(p.header.name.span(), msg));
        }
    }
    let usable = |key: &str| has(key) && !p.failed.iter().any(|f| f == key);
    // Without its grid, the box and the pieces would be read on another.
    let grid_read = !p.failed.iter().any(|f| f == "grid");
    p.complete = grid_read && required.iter().all(|key| usable(key));
    Ok(p)
}

/// `{ PIECE: [BOX, ...], ... }`: the colours of the box's cells each colour of the pieces' may
/// cover.
fn colours(input: ParseStream, spans: &mut Spans, key: Span) -> syn::Result<ColourSpec> {
    let content;
    braced!(content in input);
    let colour = |input: ParseStream| -> syn::Result<u32> {
        let n: LitInt = input.parse()?;
        match n.base10_parse::<u32>()? {
            0 => Err(syn::Error::new(
                n.span(),
                "0 is no colour: a cell drawn without a digit has none, and goes anywhere",
            )),
            c => Ok(c),
        }
    };
    let mut allowed = Vec::new();
    let mut seen: Vec<(u32, Span)> = Vec::new();
    while !content.is_empty() {
        let span = content.span();
        let piece = colour(&content)?;
        if let Some((_, first)) = seen.iter().find(|(c, _)| *c == piece) {
            let mut e = syn::Error::new(span, format!("colour {piece} is given twice"));
            e.combine(syn::Error::new(*first, "first given here"));
            return Err(e);
        }
        seen.push((piece, span));
        content.parse::<Token![:]>()?;
        let list;
        bracketed!(list in content);
        let on = Punctuated::<u32, Token![,]>::parse_terminated_with(&list, colour)?;
        allowed.extend(on.into_iter().map(|b| (piece, b)));
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    Ok(ColourSpec {
        cells: Vec::new(),
        pieces: Vec::new(),
        allowed,
        loc: spans.loc(key),
    })
}

/// Why a key that only a box puzzle takes means nothing without one, if it is such a key.
fn box_only(key: &str) -> Option<&'static str> {
    Some(match key {
        "reflect" => {
            "it says whether pieces may be turned over, and this puzzle has no pieces; leave it out"
        }
        "holes" => {
            "it has no box to have holes in; make an aspect optional if it need not be covered"
        }
        "max_empty" => "it bounds the cells of a box left empty; make aspects optional instead",
        "colours" => "it says which colours of the pieces' cells may cover which of the box's; an embedding gives an optional aspect a colour with `[a, x: red]`",
        "grid" => "it says what the box and the pieces are drawn on, and this puzzle has neither",
        "restrict" => "list only the embeddings wanted",
        _ => return None,
    })
}

/// One `key: value` entry and the comma after it.
fn entry(body: ParseStream, p: &mut Parsed, seen: &mut Vec<Ident>) -> syn::Result<()> {
    let key = Ident::parse_any(body)?;
    body.parse::<Token![:]>()?;
    let mut value = TokenStream::new();
    while !body.is_empty() && !body.peek(Token![,]) {
        // No value holds `NAME :` outside brackets, so that is the next entry, its comma missing.
        if !value.is_empty() && body.peek(Ident::peek_any) && body.peek2(Token![:]) {
            let next = body.fork().call(Ident::parse_any)?;
            let msg = format!("expected `,` before `{next}`: entries are separated by commas");
            p.errors.push(syn::Error::new(next.span(), msg));
            break;
        }
        value.extend([body.parse::<TokenTree>()?]);
    }
    if body.peek(Token![,]) {
        body.parse::<Token![,]>()?;
    }
    let name = key.to_string();
    if !KEYS.contains(&name.as_str()) {
        let mut msg = format!("unknown key `{name}`");
        match suggest(&name, KEYS) {
            Some(s) => {
                msg += &format!("; did you mean `{s}`?");
                p.suggested.push(s);
            }
            None => {
                msg += &format!(
                    "; the keys are {}",
                    KEYS.map(|k| format!("`{k}`")).join(", ")
                )
            }
        }
        p.errors.push(syn::Error::new(key.span(), msg));
        return Ok(());
    }
    if let Some(first) = seen.iter().find(|k| **k == name) {
        let mut e = syn::Error::new(key.span(), format!("`{name}` is given twice"));
        e.combine(syn::Error::new(first.span(), "first given here"));
        p.errors.push(e);
        return Ok(());
    }
    seen.push(key.clone());
    if value.is_empty() {
        let msg = format!("`{name}` needs a value");
        p.errors.push(syn::Error::new(key.span(), msg));
        return Ok(());
    }
    let d = &mut p.description;
    let spans = &mut p.spans;
    let result = match name.as_str() {
        "grid" => {
            d.grid_loc = spans.loc(key.span());
            grid.parse2(value).map(|g| d.grid = g)
        }
        "box" => (|input: ParseStream| board(input, spans))
            .parse2(value)
            .map(|b| d.board = b),
        "holes" => (|input: ParseStream| coordinates(input, spans))
            .parse2(value)
            .map(|h| d.holes = h),
        "max_empty" => (|input: ParseStream| {
            let n: LitInt = input.parse()?;
            let value = n.base10_parse::<u32>()?;
            Ok((value, spans.loc(n.span())))
        })
        .parse2(value)
        .map(|m| d.max_empty = Some(m)),
        "colours" => (|input: ParseStream| colours(input, spans, key.span()))
            .parse2(value)
            .map(|c| d.colours = Some(c)),
        "pieces" => {
            d.pieces_loc = spans.loc(key.span());
            (|input: ParseStream| pieces(input, spans))
                .parse2(value)
                .map(|v| d.pieces = v)
        }
        "reflect" => <LitBool as syn::parse::Parse>::parse
            .parse2(value)
            .map(|b| d.reflect = b.value),
        "sharing" => <LitBool as syn::parse::Parse>::parse
            .parse2(value)
            .map(|b| d.sharing = b.value),
        "eliminate" => <LitBool as syn::parse::Parse>::parse
            .parse2(value)
            .map(|b| d.eliminate = b.value),
        "prune" => {
            d.prune_loc = spans.loc(key.span());
            prune.parse2(value).map(|p| d.prune = p)
        }
        "cache" => switch("cache", [Cache::Auto, Cache::On, Cache::Off])
            .parse2(value)
            .map(|c| d.cache = c),
        "dead_ends" => switch("dead_ends", [DeadEnds::Auto, DeadEnds::On, DeadEnds::Off])
            .parse2(value)
            .map(|c| d.dead_ends = c),
        "fewest_fits" => switch(
            "fewest_fits",
            [FewestFits::Auto, FewestFits::On, FewestFits::Off],
        )
        .parse2(value)
        .map(|c| d.fewest_fits = c),
        "symmetry" => {
            d.symmetry_loc = spans.loc(key.span());
            (|input: ParseStream| symmetry(input, spans))
                .parse2(value)
                .map(|s| d.symmetry = s)
        }
        "order" => (|input: ParseStream| order(input, spans))
            .parse2(value)
            .map(|(o, lead)| {
                d.order = o;
                d.lead = lead;
            }),
        "aspects" => (|input: ParseStream| aspects(input, spans))
            .parse2(value)
            .map(|(a, counts)| {
                let spec = abstract_spec(d);
                spec.aspects = a;
                spec.counts = counts;
            }),
        "optional" => (|input: ParseStream| names(input, spans))
            .parse2(value)
            .map(|a| abstract_spec(d).optional = a),
        "embeddings" => (|input: ParseStream| embeddings(input, spans))
            .parse2(value)
            .map(|e| abstract_spec(d).embeddings = e),
        "restrict" => (|input: ParseStream| restrictions(input, spans))
            .parse2(value)
            .map(|r| d.restrictions = r),
        "tuning" => tuning.parse2(value).map(|t| d.tuning = t),
        _ => unreachable!("every key in KEYS is handled"),
    };
    if let Err(e) = result {
        p.errors.push(e);
        p.failed.push(name);
    }
    Ok(())
}

/// The abstract part of a description, made on first use.
fn abstract_spec(d: &mut Description) -> &mut AbstractSpec {
    d.abstract_puzzle.get_or_insert_with(Default::default)
}

/// A drawn box (a figure) or a block: `5 x 4 x 3` (also `5x4x3`).
fn board(input: ParseStream, spans: &mut Spans) -> syn::Result<BoardSpec> {
    if input.peek(syn::token::Bracket) {
        return Ok(BoardSpec::Drawn(figure(input, spans)?));
    }
    let first: LitInt = input.parse()?;
    let mut span = first.span();
    let mut extents = Vec::new();
    // `5x4x3` is one token: an integer whose suffix holds the rest.
    let mut push = |lit: &LitInt, spans: &mut Spans| -> syn::Result<()> {
        let loc = spans.loc(lit.span());
        let digits = lit.base10_digits();
        extents.push((parse_extent(digits, lit)?, loc));
        let suffix = lit.suffix();
        if !suffix.is_empty() {
            for part in suffix.strip_prefix('x').unwrap_or("?").split('x') {
                extents.push((parse_extent(part, lit)?, loc));
            }
        }
        Ok(())
    };
    push(&first, spans)?;
    while input.peek(Ident) {
        let x: Ident = input.parse()?;
        if x != "x" {
            return Err(syn::Error::new(
                x.span(),
                "expected `x` between the sizes, e.g. `5 x 4 x 3`",
            ));
        }
        let lit: LitInt = input.parse()?;
        span = span.join(lit.span()).unwrap_or(span);
        push(&lit, spans)?;
    }
    Ok(BoardSpec::Block {
        extents,
        loc: spans.loc(span),
    })
}

fn parse_extent(text: &str, lit: &LitInt) -> syn::Result<i32> {
    text.parse().map_err(|_| {
        syn::Error::new(
            lit.span(),
            "expected the box's sizes as whole numbers, e.g. `5 x 4 x 3`",
        )
    })
}

/// A figure: `["row", ...]` (also `["row"; N]`), or layers `[FIGURE, ...]` (also
/// `[FIGURE; N]`) for one more dimension.
fn figure(input: ParseStream, spans: &mut Spans) -> syn::Result<Figure> {
    if !input.peek(syn::token::Bracket) {
        return Err(input.error(
            "expected a drawing in brackets: `[\"row\", ...]`, or layers `[[...], [...]]`",
        ));
    }
    let fork = input.fork();
    let content;
    bracketed!(content in fork);
    if !content.peek(syn::token::Bracket) {
        return Ok(Figure::Rows(drawing(input, spans)?));
    }
    let content;
    let bracket = bracketed!(content in input);
    let layers = if is_repeat(&content) {
        let layer = figure(&content, spans)?;
        content.parse::<Token![;]>()?;
        vec![layer; repeat_count(&content)?]
    } else {
        comma_separated(&content, |input| figure(input, spans))?
    };
    Ok(Figure::Layers {
        layers,
        loc: spans.loc(bracket.span.join()),
    })
}

/// Whether a bracket holds `ITEM; N`.
fn is_repeat(content: ParseStream) -> bool {
    let fork = content.fork();
    let item = if fork.peek(LitStr) {
        fork.parse::<LitStr>().is_ok()
    } else {
        fork.parse::<proc_macro2::Group>().is_ok()
    };
    item && fork.peek(Token![;])
}

/// The `N` of `ITEM; N`, within bounds.
fn repeat_count(content: ParseStream) -> syn::Result<usize> {
    let count: LitInt = content.parse()?;
    let n: usize = count.base10_parse()?;
    if n > MAX_REPEAT {
        let msg = format!("a drawing may repeat a row or layer at most {MAX_REPEAT} times");
        return Err(syn::Error::new(count.span(), msg));
    }
    Ok(n)
}

/// An aspect's name: an identifier, a number or a string.
fn name(input: ParseStream, spans: &mut Spans) -> syn::Result<Named> {
    if input.peek(LitStr) {
        let s: LitStr = input.parse()?;
        Ok((s.value(), spans.loc(s.span())))
    } else if input.peek(LitInt) {
        let n: LitInt = input.parse()?;
        Ok((n.to_string(), spans.loc(n.span())))
    } else {
        let i = Ident::parse_any(input)?;
        Ok((i.to_string(), spans.loc(i.span())))
    }
}

/// `[NAME, ...]`.
fn names(input: ParseStream, spans: &mut Spans) -> syn::Result<Vec<Named>> {
    let content;
    bracketed!(content in input);
    comma_separated(&content, |input| name(input, spans))
}

/// The aspects and the counts of those covered other than once: `[NAME, N x NAME, MIN..=MAX x
/// NAME, ...]`.
fn aspects(input: ParseStream, spans: &mut Spans) -> syn::Result<AspectList> {
    let content;
    bracketed!(content in input);
    let entries = comma_separated(&content, |input| {
        let count = match is_count(input) {
            true => Some(copies(input, spans)?),
            false => None,
        };
        Ok((name(input, spans)?, count))
    })?;
    let counts = (entries.iter())
        .filter_map(|(name, count)| count.map(|(count, loc)| (name.clone(), count, loc)))
        .collect();
    Ok((entries.into_iter().map(|(name, _)| name).collect(), counts))
}

/// The aspects of a list, and the counts of some.
type AspectList = (Vec<Named>, Vec<(Named, Count, Loc)>);

/// Whether the input starts with a count of times before a name (`2 x a`, `2x a`, `1..=3 x a`)
/// rather than with a name that is a number (`2`).
fn is_count(input: ParseStream) -> bool {
    let fork = input.fork();
    let Ok(first) = fork.parse::<LitInt>() else {
        return false;
    };
    match first.suffix() {
        "x" => !(fork.is_empty() || fork.peek(Token![,])),
        "" => fork.peek(Token![..]) || Ident::parse_any(&fork.fork()).is_ok_and(|x| x == "x"),
        _ => false,
    }
}

/// `[[NAME, NAME: COLOUR, ...], ...]`.
fn embeddings(input: ParseStream, spans: &mut Spans) -> syn::Result<Vec<NamedSet>> {
    let content;
    bracketed!(content in input);
    comma_separated(&content, |input| {
        let inner;
        let bracket = bracketed!(inner in input);
        let members = comma_separated(&inner, |input| {
            let aspect = name(input, spans)?;
            let colour = match input.peek(Token![:]) && !input.peek(Token![::]) {
                true => {
                    input.parse::<Token![:]>()?;
                    Some(name(input, spans)?)
                }
                false => None,
            };
            Ok(EmbeddedAspect { aspect, colour })
        })?;
        Ok((members, spans.loc(bracket.span.join())))
    })
}

/// `[(x, y, ...), ...]`.
fn coordinates(input: ParseStream, spans: &mut Spans) -> syn::Result<Vec<(Vec<i32>, Loc)>> {
    let content;
    bracketed!(content in input);
    comma_separated(&content, |input| {
        let inner;
        let paren = parenthesized!(inner in input);
        let coords = Punctuated::<SignedInt, Token![,]>::parse_terminated(&inner)?;
        Ok((
            coords.iter().map(|c| c.0).collect(),
            spans.loc(paren.span.join()),
        ))
    })
}

/// `["row", ...]`, or `["row"; N]` for N equal rows.
fn drawing(input: ParseStream, spans: &mut Spans) -> syn::Result<Drawing> {
    let content;
    let bracket = bracketed!(content in input);
    let rows = if content.peek(LitStr) && content.peek2(Token![;]) {
        let row: LitStr = content.parse()?;
        content.parse::<Token![;]>()?;
        // The copies are one row as written: one location, so that a mistake in it is said
        // once.
        let row = Row {
            text: row.value(),
            loc: spans.loc(row.span()),
        };
        vec![row; repeat_count(&content)?]
    } else {
        let mut rows = Vec::new();
        while !content.is_empty() {
            if !content.peek(LitStr) {
                return Err(content.error("expected a row in quotes, such as `\"..#.\"`"));
            }
            rows.push(content.parse::<LitStr>()?);
            if content.peek(Token![;]) {
                return Err(content.error(
                    "`; N` repeats a drawing's only row, `[\"....\"; 4]`: write out rows that \
                     repeat in a group",
                ));
            }
            if content.is_empty() {
                break;
            }
            content.parse::<Token![,]>()?;
        }
        (rows.iter())
            .map(|lit| Row {
                text: lit.value(),
                loc: spans.loc(lit.span()),
            })
            .collect()
    };
    Ok(Drawing {
        rows,
        loc: spans.loc(bracket.span.join()),
    })
}

/// `SET` or `{ PIECE | SET, ... }`.
fn pieces(input: ParseStream, spans: &mut Spans) -> syn::Result<Vec<PieceSpec>> {
    const BRACED: &str = "in braces: `{ 2 x polyominoes(4), D: [\"##\"] }`";
    if input.peek(Ident) {
        let word: Ident = input.parse()?;
        let members = set_members(input, &word, (Count::ONE, Loc::default()), spans)?;
        if !input.is_empty() {
            return Err(input.error(format!(
                "a set stands alone here: write copies, or a set with other pieces, {BRACED}"
            )));
        }
        return Ok(members);
    }
    if !input.peek(syn::token::Brace) {
        return Err(input.error(format!(
            "expected a set such as `pentominoes`, or pieces {BRACED}"
        )));
    }
    let content;
    braced!(content in input);
    let lists = comma_separated(&content, |input| piece(input, spans))?;
    Ok(lists.into_iter().flatten().collect())
}

/// The rest of a set after its word, `(ARGS)?`, as one piece per member, each `count` times.
fn set_members(
    input: ParseStream,
    word: &Ident,
    count: (Count, Loc),
    spans: &mut Spans,
) -> syn::Result<Vec<PieceSpec>> {
    let mut size = None;
    let mut flag = None;
    let mut at = word.span();
    if input.peek(syn::token::Paren) {
        let inner;
        let paren = parenthesized!(inner in input);
        at = paren.span.join();
        for arg in Punctuated::<SetArgument, Token![,]>::parse_terminated(&inner)? {
            match arg {
                SetArgument::Size(lit) if size.is_none() => {
                    size = Some(lit.base10_parse().map_err(|_| {
                        syn::Error::new(
                            lit.span(),
                            "a set's size is its pieces' number of cells, e.g. `polyominoes(6)`",
                        )
                    })?);
                }
                SetArgument::Flag(ident) if flag.is_none() => flag = Some(ident.to_string()),
                SetArgument::Size(lit) => {
                    return Err(syn::Error::new(lit.span(), "the size is given twice"))
                }
                SetArgument::Flag(ident) => {
                    return Err(syn::Error::new(ident.span(), "only one flag is allowed"))
                }
            }
        }
    }
    let set = PieceSet::named(&word.to_string(), size, flag.as_deref()).map_err(|e| {
        let span = if e == SetError::Unknown {
            word.span()
        } else {
            at
        };
        syn::Error::new(span, e)
    })?;
    let loc = spans.loc(word.span());
    Ok(set
        .members()
        .into_iter()
        .map(|m| PieceSpec {
            name: m.name,
            loc,
            shape: ShapeSpec::Member(set),
            allow_disconnected: false,
            glyph: None,
            count,
        })
        .collect())
}

/// An argument of a piece set: its size, or a flag word.
enum SetArgument {
    Size(LitInt),
    Flag(Ident),
}

impl syn::parse::Parse for SetArgument {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.peek(LitInt) {
            input.parse().map(SetArgument::Size)
        } else {
            input.parse().map(SetArgument::Flag)
        }
    }
}

/// `#[allow(disconnected)]? (COUNT x)? NAME (: SHAPE)?`, or a set's word standing for its
/// pieces (`pentominoes` for all twelve).
fn piece(input: ParseStream, spans: &mut Spans) -> syn::Result<Vec<PieceSpec>> {
    let attrs = input.call(Attribute::parse_outer)?;
    let mut allow_disconnected = false;
    let mut glyph = None;
    let mut attributed = None;
    for attr in &attrs {
        if attr.path().is_ident("doc") {
            continue;
        }
        attributed = Some(attr);
        if attr.path().is_ident("glyph") {
            let lit: syn::LitChar = attr.parse_args().map_err(|_| {
                syn::Error::new_spanned(attr, "write the glyph as a character: `#[glyph('4')]`")
            })?;
            glyph = Some((lit.value(), spans.loc(lit.span())));
            continue;
        }
        let allowed = attr.path().is_ident("allow")
            && attr
                .parse_args::<Ident>()
                .is_ok_and(|arg| arg == "disconnected");
        if !allowed {
            return Err(syn::Error::new_spanned(
                attr,
                "unknown piece attribute; they are `#[allow(disconnected)]` and `#[glyph('c')]`",
            ));
        }
        allow_disconnected = true;
    }
    let count = copies(input, spans)?;
    let name: Ident = input.parse()?;
    if !input.peek(Token![:]) {
        if PieceSet::is_set_word(&name.to_string()) {
            if let Some(attr) = attributed {
                return Err(syn::Error::new_spanned(
                    attr,
                    "an attribute belongs to one piece, not to a set of them",
                ));
            }
            return set_members(input, &name, count, spans);
        }
        return Ok(vec![PieceSpec {
            name: name.to_string(),
            loc: spans.loc(name.span()),
            shape: ShapeSpec::Builtin,
            allow_disconnected,
            glyph,
            count,
        }]);
    }
    input.parse::<Token![:]>()?;
    let shape = if input.peek(syn::token::Bracket) && {
        let fork = input.fork();
        let content;
        bracketed!(content in fork);
        content.peek(syn::token::Paren)
    } {
        ShapeSpec::Cells(coordinates(input, spans)?)
    } else {
        ShapeSpec::Drawing(figure(input, spans)?)
    };
    Ok(vec![PieceSpec {
        name: name.to_string(),
        loc: spans.loc(name.span()),
        shape,
        allow_disconnected,
        glyph,
        count,
    }])
}

/// `COUNT x` (also `COUNTx`) or `MIN..=MAX x` before a piece's name, or 1 copy.
fn copies(input: ParseStream, spans: &mut Spans) -> syn::Result<(Count, Loc)> {
    if !input.peek(LitInt) {
        return Ok((Count::ONE, Loc::default()));
    }
    let first: LitInt = input.parse()?;
    let loc = spans.loc(first.span());
    let number = |lit: &LitInt| -> syn::Result<u32> {
        lit.base10_digits().parse().map_err(|_| {
            syn::Error::new(
                lit.span(),
                "expected a count of copies, e.g. `6 x D: [\"##\"]` or `0..=1 x F`",
            )
        })
    };
    let min = number(&first)?;
    let mut last = first;
    let mut max = min;
    if last.suffix().is_empty() && input.peek(Token![..]) {
        if input.peek(Token![..=]) {
            input.parse::<Token![..=]>()?;
        } else {
            let dots: Token![..] = input.parse()?;
            return Err(syn::Error::new(
                dots.spans[0],
                "write the range of copies with its end included, e.g. `0..=1 x F`",
            ));
        }
        last = input.parse()?;
        max = number(&last)?;
    }
    match last.suffix() {
        "x" => {}
        "" => {
            let x: Ident = input.parse()?;
            if x != "x" {
                return Err(syn::Error::new(
                    x.span(),
                    "expected `x` after the count, e.g. `6 x D`",
                ));
            }
        }
        _ => {
            return Err(syn::Error::new(
                last.span(),
                "expected a count of copies, e.g. `6 x D`",
            ))
        }
    }
    Ok((Count { min, max }, loc))
}

/// An integer coordinate, possibly negative.
struct SignedInt(i32);

impl syn::parse::Parse for SignedInt {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let negative = input.parse::<Option<Token![-]>>()?.is_some();
        let lit: LitInt = input.parse()?;
        let value: i32 = lit.base10_parse()?;
        Ok(SignedInt(if negative { -value } else { value }))
    }
}

/// `all`, `reduced`, `reduced(NAME)`, `rotations` or `rotations(NAME)`.
fn symmetry(input: ParseStream, spans: &mut Spans) -> syn::Result<Symmetry> {
    let word: Ident = input.parse()?;
    let text = word.to_string();
    if text == "all" {
        return Ok(Symmetry::All);
    }
    if text != "reduced" && text != "rotations" {
        let words = ["all", "reduced", "rotations"];
        return Err(unknown_word(&word, &text, "symmetry", &words));
    }
    let piece = if input.peek(syn::token::Paren) {
        let inner;
        parenthesized!(inner in input);
        let name: Ident = inner.parse()?;
        Some((name.to_string(), spans.loc(name.span())))
    } else {
        None
    };
    Ok(match text.as_str() {
        "reduced" => Symmetry::Reduced { piece },
        _ => Symmetry::Rotations { piece },
    })
}

/// `SCAN`, or a list: the pieces that come first (`pieces` for all, or names), the scan, and
/// optionally `pieces` after it. `auto` alone leaves both the scan and the pieces first to the
/// chooser; a scan named alone puts the pieces after the cells.
fn order(input: ParseStream, spans: &mut Spans) -> syn::Result<(OrderChoice, Lead)> {
    if !input.peek(syn::token::Bracket) {
        let scan = scan(input)?;
        let lead = match scan {
            OrderChoice::Auto => Lead::Auto,
            _ => Lead::None,
        };
        return Ok((scan, lead));
    }
    let content;
    let bracket = bracketed!(content in input);
    let parts = Punctuated::<Ident, Token![,]>::parse_terminated(&content)?;
    let is_scan = |p: &Ident| ["auto", "rows", "columns"].iter().any(|s| p == s);
    let expected = || {
        syn::Error::new(
            bracket.span.join(),
            "expected `[pieces, SCAN]`, `[SCAN, pieces]` or `[NAME, ..., SCAN]` (the pieces named first), where SCAN is `auto`, `rows` or `columns`",
        )
    };
    let at = parts.iter().position(is_scan).ok_or_else(expected)?;
    let before: Vec<&Ident> = parts.iter().take(at).collect();
    let after: Vec<&Ident> = parts.iter().skip(at + 1).collect();
    let scan_word = &parts[at];
    let scan = scan.parse2(quote::quote!(#scan_word))?;
    let lead = match (before.as_slice(), after.as_slice()) {
        ([], [pieces]) if *pieces == "pieces" => Lead::None,
        ([pieces], []) if *pieces == "pieces" => Lead::All,
        (names, []) if !names.is_empty() && names.iter().all(|n| *n != "pieces" && !is_scan(n)) => {
            Lead::Named(
                names
                    .iter()
                    .map(|n| (n.to_string(), spans.loc(n.span())))
                    .collect(),
            )
        }
        _ => return Err(expected()),
    };
    Ok((scan, lead))
}

/// `auto`, `off`, `holes` or `regions`.
fn prune(input: ParseStream) -> syn::Result<Prune> {
    let word: Ident = input.parse()?;
    match word.to_string().as_str() {
        "auto" => Ok(Prune::Auto),
        "off" => Ok(Prune::Off),
        "holes" => Ok(Prune::Holes),
        "regions" => Ok(Prune::Regions),
        other => Err(unknown_word(
            &word,
            other,
            "prune",
            &["auto", "off", "holes", "regions"],
        )),
    }
}

/// The parser of an option `key` that is `auto`, `on` or `off`, giving `values` in that order.
fn switch<T: Copy>(key: &'static str, values: [T; 3]) -> impl Fn(ParseStream) -> syn::Result<T> {
    const WORDS: [&str; 3] = ["auto", "on", "off"];
    move |input| {
        let word: Ident = input.parse()?;
        let text = word.to_string();
        match WORDS.iter().position(|&w| w == text) {
            Some(i) => Ok(values[i]),
            None => Err(unknown_word(&word, &text, key, &WORDS)),
        }
    }
}

/// `square`, `triangular`, `hexagonal` or `spheres`.
fn grid(input: ParseStream) -> syn::Result<Grid> {
    let word: Ident = input.parse()?;
    let text = word.to_string();
    let words = Grid::ALL.map(Grid::word);
    match Grid::ALL.iter().find(|g| g.word() == text) {
        Some(&grid) => Ok(grid),
        None => Err(unknown_word(&word, &text, "grid", &words)),
    }
}

/// `auto`, `rows` or `columns` (a box), `listed` or `fewest` (a puzzle given by its aspects).
fn scan(input: ParseStream) -> syn::Result<OrderChoice> {
    let word: Ident = input.parse()?;
    match word.to_string().as_str() {
        "auto" => Ok(OrderChoice::Auto),
        "rows" => Ok(OrderChoice::Rows),
        "columns" => Ok(OrderChoice::Columns),
        "listed" => Ok(OrderChoice::Listed),
        "fewest" => Ok(OrderChoice::Fewest),
        other => Err(unknown_word(
            &word,
            other,
            "order",
            &["auto", "rows", "columns", "listed", "fewest"],
        )),
    }
}

fn unknown_word(word: &Ident, text: &str, what: &str, choices: &[&str]) -> syn::Error {
    let mut msg = format!("unknown {what} `{text}`");
    match suggest(text, choices.iter().copied()) {
        Some(s) => msg += &format!("; did you mean `{s}`?"),
        None => {
            let list: Vec<String> = choices.iter().map(|c| format!("`{c}`")).collect();
            msg += &format!("; expected one of {}", list.join(", "));
        }
    }
    syn::Error::new(word.span(), msg)
}

/// `{ NAME: NUMBER, ... }`: thresholds set otherwise than by default, every mistake among them
/// reported at once.
fn tuning(input: ParseStream) -> syn::Result<Tuning> {
    let content;
    braced!(content in input);
    let mut tuning = Tuning::default();
    let mut errors: Option<syn::Error> = None;
    let mut report = |e: syn::Error| match &mut errors {
        Some(all) => all.combine(e),
        None => errors = Some(e),
    };
    let mut seen: Vec<Ident> = Vec::new();
    while !content.is_empty() {
        let name = Ident::parse_any(&content)?;
        content.parse::<Token![:]>()?;
        let value = match content.parse::<syn::Lit>()? {
            syn::Lit::Int(n) => (n.base10_parse::<f64>()?, n.span()),
            syn::Lit::Float(n) => (n.base10_parse::<f64>()?, n.span()),
            other => return Err(syn::Error::new(other.span(), "expected a number")),
        };
        if !content.is_empty() {
            content.parse::<Token![,]>()?;
        }
        let text = name.to_string();
        if let Some(first) = seen.iter().find(|n| **n == text) {
            let mut e = syn::Error::new(name.span(), format!("`{text}` is given twice"));
            e.combine(syn::Error::new(first.span(), "first given here"));
            report(e);
            continue;
        }
        seen.push(name.clone());
        let names: Vec<&str> = Tuning::names().collect();
        if !names.contains(&text.as_str()) {
            report(unknown_word(&name, &text, "threshold", &names));
            continue;
        }
        if let Err(why) = tuning.set(&text, value.0) {
            report(syn::Error::new(value.1, why));
        }
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(tuning),
    }
}

/// `{ NAME: [DRAWING, ...], ... }`.
fn restrictions(input: ParseStream, spans: &mut Spans) -> syn::Result<Vec<Restriction>> {
    let content;
    braced!(content in input);
    comma_separated(&content, |input| {
        let name: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let list;
        bracketed!(list in input);
        let placements = comma_separated(&list, |input| figure(input, spans))?;
        Ok(Restriction {
            piece: name.to_string(),
            loc: spans.loc(name.span()),
            placements,
        })
    })
}

/// Items parsed by `item` up to the end of `input`, separated by commas (a trailing one too).
fn comma_separated<T>(
    input: ParseStream,
    mut item: impl FnMut(ParseStream) -> syn::Result<T>,
) -> syn::Result<Vec<T>> {
    let mut out = Vec::new();
    while !input.is_empty() {
        out.push(item(input)?);
        if !input.is_empty() {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grammar at the head of this file names every key the parser takes, every grid and
    /// every set: a key, grid or set added to the parser and not to the grammar fails here.
    #[test]
    fn the_grammar_names_every_key_grid_and_set() {
        let source = include_str!("parse.rs");
        let grammar: String = (source.lines())
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n");
        for key in KEYS {
            assert!(
                grammar.contains(&format!("{key}:")),
                "the grammar lacks `{key}`"
            );
        }
        for grid in Grid::ALL {
            assert!(
                grammar.contains(grid.word()),
                "the grammar lacks `{}`",
                grid.word()
            );
        }
        for set in PieceSet::WORDS {
            assert!(grammar.contains(set), "the grammar lacks `{set}`");
        }
    }

    fn one(text: &str) -> Parsed {
        let mut puzzles = parse_str(text).expect("the puzzle's outline parses");
        assert_eq!(puzzles.len(), 1);
        puzzles.remove(0)
    }

    #[test]
    fn a_set_stands_for_its_pieces_each_with_the_count() {
        let p = one("mod m { box: 4 x 4 x 4, pieces: { 2 x tetrominoes(one_sided), soma, f } }");
        assert!(p.errors.is_empty() && p.complete);
        let pieces = &p.description.pieces;
        let names: Vec<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            ["I", "O", "T", "S", "L", "Z", "J", "V", "L", "T", "Z", "A", "B", "P", "f"]
        );
        assert!(pieces[..7].iter().all(|p| p.count.0 == Count::exactly(2)));
        assert!(pieces[7..].iter().all(|p| p.count.0 == Count::ONE));
        assert_eq!(pieces[7].shape, ShapeSpec::Member(PieceSet::Soma));
        assert_eq!(pieces[14].shape, ShapeSpec::Builtin);
    }

    #[test]
    fn each_puzzle_knows_where_it_is_written() {
        let text = "// Two.\nmod a { box: 2 x 1, pieces: { D: [\"##\"] } }\n/// B.\npub mod b {\n    box: 1 x 2,\n    pieces: dominoes,\n}\n";
        let puzzles = parse_str(text).expect("both puzzles parse");
        let at = |p: &Parsed| {
            p.extent
                .map(|s| (s.start().line, s.start().column, s.end().column))
        };
        assert_eq!(at(&puzzles[0]), [(2, 0, 3), (2, 42, 43)]);
        assert_eq!(at(&puzzles[1]), [(4, 4, 7), (7, 0, 1)]);
    }

    #[test]
    fn a_puzzle_becomes_its_description() {
        let p = one(
            "/// Five by four.\npub mod small { box: 5 x 4, pieces: { 2 x D: [\"##\"], F, X: [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)] }, reflect: false, symmetry: reduced(F), order: [X, rows], prune: regions, cache: off }",
        );
        assert!(p.errors.is_empty() && p.complete);
        assert_eq!(p.header.name, "small");
        let d = &p.description;
        assert!(
            matches!(&d.board, BoardSpec::Block { extents, .. } if extents.iter().map(|e| e.0).eq([5, 4]))
        );
        let names: Vec<&str> = d.pieces.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["D", "F", "X"]);
        assert_eq!(d.pieces[0].count.0, Count::exactly(2));
        let ranged = one("mod r { box: 2 x 5, pieces: { 0..=1x F, 1..=3 x D: [\"##\"] } }");
        assert!(ranged.errors.is_empty());
        let counts: Vec<Count> = ranged
            .description
            .pieces
            .iter()
            .map(|p| p.count.0)
            .collect();
        assert_eq!(counts, [Count { min: 0, max: 1 }, Count { min: 1, max: 3 }]);
        assert!(matches!(d.pieces[1].shape, ShapeSpec::Builtin));
        assert!(matches!(&d.pieces[2].shape, ShapeSpec::Cells(cells) if cells.len() == 5));
        assert!(!d.reflect);
        assert!(matches!(&d.symmetry, Symmetry::Reduced { piece: Some((name, _)) } if name == "F"));
        assert!(matches!(&d.lead, Lead::Named(names) if names.len() == 1 && names[0].0 == "X"));
        assert_eq!(d.order, OrderChoice::Rows);
        assert_eq!((d.prune, d.cache), (Prune::Regions, Cache::Off));
    }

    #[test]
    fn every_mistake_of_a_puzzle_is_kept_with_where_it_was_written() {
        let p = one("mod m {\n  box: [\"..\"],\n  pieces: { A: [\"##\"] },\n  orde: rows,\n  symmetry: some,\n  box: [\".\"],\n}");
        let messages: Vec<String> = p.errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "unknown key `orde`; did you mean `order`?",
                "unknown symmetry `some`; expected one of `all`, `reduced`, `rotations`",
                "`box` is given twice",
            ]
        );
        // Spans of a text carry lines and columns (from 1 and from 0).
        let start = p.errors[0].span().start();
        assert_eq!((start.line, start.column), (4, 2));
        let loc = p.description.pieces[0].loc;
        let start = p.spans.span(loc).start();
        assert_eq!((start.line, start.column), (3, 12));
    }

    #[test]
    fn a_text_that_cannot_be_lexed_says_which_bracket_or_string_and_where() {
        let said = |text: &str| {
            let e = parse_str(text).err().expect("an error");
            let start = e.span().start();
            (e.to_string(), start.line, start.column)
        };
        let open = said("mod p {\n    box: [\"..\"; 2],\n    pieces: { D: [\"##\"] },\n");
        assert_eq!(
            open,
            ("this `{` is never closed: close it with `}`".into(), 1, 6)
        );
        let crossed = said("mod p {\n    box: [\"..\"; 2),\n}");
        let message = "this `)` closes the `[` of line 2: close that with `]` first";
        assert_eq!(crossed, (message.into(), 2, 17));
        let extra = said("mod p { box: 2 x 2, pieces: { D: [\"##\"] } } }");
        assert_eq!(extra, ("this `}` closes nothing".into(), 1, 44));
        let string = said("mod p { box: [\"..\"; 2], pieces: { D: [\"##] } }");
        assert_eq!(string.0, "this string is never ended: end it with `\"`");
        let comment = said("mod p { /* box: 2 x 2 }");
        assert_eq!(
            (comment.0.as_str(), comment.2),
            ("this comment is never ended: end it with `*/`", 8)
        );
        // Brackets in strings and comments are no brackets.
        assert!(parse_str("// (\nmod p { box: [\"(\"], pieces: { D: [\"#\"] } } /* [ */").is_ok());
    }

    #[test]
    fn a_drawing_that_is_not_rows_says_how_to_write_one() {
        let messages = |text: &str| -> Vec<String> {
            let p = one(text);
            p.errors.iter().map(ToString::to_string).collect()
        };
        let repeated = messages("mod m { box: [\"..\", \"..\"; 3], pieces: { 6 x D: [\"##\"] } }");
        assert_eq!(
            repeated,
            [
                "`; N` repeats a drawing's only row, `[\"....\"; 4]`: write out rows that repeat \
              in a group"
            ]
        );
        let number = messages("mod m { box: [\"..\", 3], pieces: { D: [\"##\"] } }");
        assert_eq!(number, ["expected a row in quotes, such as `\"..#.\"`"]);
        let without_mod = parse_str("tiles { box: [\"..\"], pieces: { D: [\"##\"] } }");
        let message = without_mod.err().map(|e| e.to_string());
        assert_eq!(
            message.as_deref(),
            Some("a puzzle is a module: write `mod tiles { ... }`")
        );
    }

    #[test]
    fn an_abstract_puzzle_and_a_missing_key() {
        let p = one(
            "mod path { aspects: [a, 1, \"c d\"], optional: [a], embeddings: [[a, 1], [\"c d\"]] }",
        );
        assert!(p.errors.is_empty() && p.complete);
        let spec = p.description.abstract_puzzle.as_ref().unwrap();
        let names: Vec<&str> = spec.aspects.iter().map(|a| a.0.as_str()).collect();
        assert_eq!(names, ["a", "1", "c d"]);
        assert_eq!(spec.embeddings.len(), 2);
        let p = one("mod bare { box: [\"..\"] }");
        assert!(!p.complete);
        assert_eq!(p.errors[0].to_string(), "puzzle `bare` has no `pieces`");
        assert!(parse_str("mod { }").is_err());
    }
}
