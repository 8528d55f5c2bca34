//! The catalog of a compiled puzzle: what each aspect stands for and the aspects of every
//! embedding, for reading and drawing solutions.

use std::borrow::Cow;

use std::collections::BTreeSet;

use puzzlec_runtime::{Catalog, Kind, Lattice};

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::lower::Lowered;
use crate::model::{Model, Piece, Problem};

/// The catalog of a lowered puzzle. Aspects after the cells and the pieces (the marks of a
/// symmetry reduction; every aspect of an abstract puzzle) go by their names in the cover.
pub fn catalog(model: &Model, lowered: &Lowered) -> Catalog {
    let cover = &lowered.cover;
    let (extents, cells, pieces, kinds) = match &model.problem {
        Problem::Box(b) => {
            let board = &b.board;
            let extents = board.extents().iter().map(|&e| e as u32).collect();
            let cells = board
                .cells()
                .iter()
                .map(|p| board.linear(p).expect("a cell lies in its box") as u32)
                .collect();
            let pieces = b
                .pieces
                .iter()
                .zip(&lowered.piece_aspects)
                .filter(|(_, aspect)| aspect.is_some())
                .map(|(p, _)| Cow::Owned(p.name.clone()));
            let kinds = b
                .pieces
                .iter()
                .zip(glyphs(&b.pieces))
                .zip(&lowered.ranges)
                .map(|((p, glyph), range)| Kind {
                    name: Cow::Owned(p.name.clone()),
                    glyph,
                    end: range.end,
                })
                .collect();
            (extents, cells, pieces.collect::<Vec<_>>(), kinds)
        }
        Problem::Abstract(_) => (Vec::new(), Vec::new(), Vec::new(), Vec::new()),
    };
    let named = cells.len() + pieces.len()..cover.aspect_count();
    let others = named.map(|a| Cow::Owned(cover.aspect_name(AspectId(a as u32)).to_owned()));
    let piece_count = pieces.len() as u32;
    let names: Vec<Cow<'static, str>> = pieces.into_iter().chain(others).collect();
    let (embedding_aspects, embedding_starts) = embedding_table(cover);
    let lattice = match &model.problem {
        Problem::Box(b) => b.board.lattice(),
        Problem::Abstract(_) => Lattice::cubic(0),
    };
    Catalog {
        name: Cow::Owned(model.name.clone()),
        lattice,
        extents: Cow::Owned(extents),
        cells: Cow::Owned(cells),
        names: Cow::Owned(names),
        pieces: piece_count,
        embedding_aspects: Cow::Owned(embedding_aspects),
        embedding_starts: Cow::Owned(embedding_starts),
        kinds: Cow::Owned(kinds),
    }
}

/// The character each piece is drawn with, all different where there are enough: the one the
/// puzzle gives it; else the first character of its name, or another of its name's letters,
/// not taken; else the first not taken of `A`-`Z`, `a`-`z`, `0`-`9` and further letters. A piece
/// with copies takes both cases of its glyph, since touching copies are drawn in alternate
/// cases; so a one-sided `F` with copies draws the piece `f` with another glyph.
pub fn glyphs(pieces: &[Piece]) -> Vec<char> {
    let cased = |c: char| -> Vec<char> {
        let mut all: Vec<char> = c.to_uppercase().chain(c.to_lowercase()).collect();
        all.push(c);
        all
    };
    let mut taken: BTreeSet<char> = BTreeSet::new();
    for p in pieces {
        if let Some(g) = p.glyph {
            let claimed = if p.count.max > 1 { cased(g) } else { vec![g] };
            taken.extend(claimed);
        }
    }
    let further = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain(('\u{c0}'..='\u{24f}').filter(|c| c.is_alphabetic()))
        .chain(('\u{391}'..='\u{3c9}').filter(|c| c.is_alphabetic()))
        .chain(('\u{410}'..='\u{44f}').filter(|c| c.is_alphabetic()))
        .chain(('\u{1e00}'..='\u{1eff}').filter(|c| c.is_alphabetic()));
    pieces
        .iter()
        .map(|p| {
            if let Some(g) = p.glyph {
                return g;
            }
            let copies = p.count.max > 1;
            let claim = |c: char| if copies { cased(c) } else { vec![c] };
            let free = |c: &char| claim(*c).iter().all(|x| !taken.contains(x));
            let mut name = p.name.chars();
            let own = name
                .next()
                .filter(|&c| crate::model::is_glyph(c))
                .into_iter()
                .chain(name.filter(|c| c.is_alphabetic()));
            let glyph = own.chain(further.clone()).find(free).unwrap_or('?');
            taken.extend(claim(glyph));
            glyph
        })
        .collect()
}

/// Every embedding's aspects, one after another, and where each starts.
fn embedding_table(cover: &Cover) -> (Vec<u32>, Vec<u32>) {
    let mut aspects = Vec::new();
    let mut starts = vec![0];
    for e in 0..cover.embedding_count() as u32 {
        aspects.extend(cover.aspects(EmbeddingId(e)).iter().map(|a| a.0));
        starts.push(aspects.len() as u32);
    }
    (aspects, starts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::description::{Count, Loc};
    use crate::geometry::Shape;

    fn piece(name: &str, copies: u32, glyph: Option<char>) -> Piece {
        Piece {
            name: name.to_owned(),
            loc: Loc::default(),
            shape: Shape::new(puzzlec_runtime::lattice::Lattice::cubic(2), [vec![0, 0]]),
            count: Count::exactly(copies),
            glyph,
        }
    }

    #[test]
    fn pieces_whose_names_collide_are_drawn_apart() {
        let pieces = [
            piece("Arm", 1, None),
            piece("Axe", 1, None),
            piece("A", 1, None),
            piece("B", 1, Some('A')),
            piece("P6_01", 1, None),
        ];
        // The given glyph wins; then the first letter, another letter of the name, the pool.
        assert_eq!(glyphs(&pieces), ['r', 'x', 'B', 'A', 'P']);
    }

    #[test]
    fn copies_take_both_cases_of_their_glyph() {
        let pieces = [
            piece("F", 2, None),
            piece("f", 1, None),
            piece("G", 1, None),
        ];
        assert_eq!(glyphs(&pieces), ['F', 'A', 'G']);
    }

    #[test]
    fn hundreds_of_pieces_get_glyphs_of_their_own() {
        let pieces: Vec<Piece> = (0..704)
            .map(|i| piece(&format!("P8_{i}"), 1, None))
            .collect();
        let all = glyphs(&pieces);
        let distinct: BTreeSet<char> = all.iter().copied().collect();
        assert_eq!(distinct.len(), 704);
        assert!(all.iter().all(|&c| crate::model::is_glyph(c)));
    }
}
