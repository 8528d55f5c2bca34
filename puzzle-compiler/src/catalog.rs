//! The catalog of a compiled puzzle: what each aspect stands for and the aspects of every
//! embedding, for reading and drawing solutions.

use std::borrow::Cow;

use puzzle_runtime::Catalog;

use crate::cover::{AspectId, Cover, EmbeddingId};
use crate::lower::Lowered;
use crate::model::{Model, Problem};

/// The catalog of a lowered puzzle. Aspects after the cells and the pieces (the marks of a
/// symmetry reduction; every aspect of an abstract puzzle) go by their names in the cover.
pub fn catalog(model: &Model, lowered: &Lowered) -> Catalog {
    let cover = &lowered.cover;
    let (extents, cells, pieces) = match &model.problem {
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
            (extents, cells, pieces.collect::<Vec<_>>())
        }
        Problem::Abstract(_) => (Vec::new(), Vec::new(), Vec::new()),
    };
    let named = cells.len() + pieces.len()..cover.aspect_count();
    let others = named.map(|a| Cow::Owned(cover.aspect_name(AspectId(a as u32)).to_owned()));
    let piece_count = pieces.len() as u32;
    let names: Vec<Cow<'static, str>> = pieces.into_iter().chain(others).collect();
    let (embedding_aspects, embedding_starts) = embedding_table(cover);
    Catalog {
        name: Cow::Owned(model.name.clone()),
        extents: Cow::Owned(extents),
        cells: Cow::Owned(cells),
        names: Cow::Owned(names),
        pieces: piece_count,
        embedding_aspects: Cow::Owned(embedding_aspects),
        embedding_starts: Cow::Owned(embedding_starts),
    }
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
