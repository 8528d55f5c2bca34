//! The built-in pieces: the twelve pentominoes, named by the letters they resemble.

/// The names of the built-in pieces, in the conventional order F I L N P T U V W X Y Z.
pub const NAMES: [&str; 12] = ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"];

/// The name of the built-in set that stands for all twelve pentominoes.
pub const SET_NAME: &str = "pentominoes";

/// The drawing of a built-in piece (`#` marks a cell), or `None` for an unknown name.
pub fn drawing(name: &str) -> Option<&'static [&'static str]> {
    Some(match name {
        "F" => &[".##", "##.", ".#."],
        "I" => &["#####"],
        "L" => &["####", "#..."],
        "N" => &["##..", ".###"],
        "P" => &["##", "##", "#."],
        "T" => &["###", ".#.", ".#."],
        "U" => &["#.#", "###"],
        "V" => &["#..", "#..", "###"],
        "W" => &["#..", "##.", ".##"],
        "X" => &[".#.", "###", ".#."],
        "Y" => &["..#.", "####"],
        "Z" => &["##.", ".#.", ".##"],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::shape_of_rows;

    #[test]
    fn every_pentomino_has_five_cells_and_its_orientations() {
        let expected = [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4];
        let mut total = 0;
        for (name, want) in NAMES.iter().zip(expected) {
            let shape = shape_of_rows(drawing(name).unwrap()).unwrap();
            assert_eq!(shape.len(), 5, "{name}");
            assert!(shape.is_connected(), "{name}");
            let got = shape.orientations(true).len();
            assert_eq!(got, want, "orientations of {name}");
            total += got;
        }
        assert_eq!(total, 63);
    }

    #[test]
    fn pentominoes_are_distinct() {
        let mut all: Vec<_> = NAMES
            .iter()
            .map(|n| {
                shape_of_rows(drawing(n).unwrap())
                    .unwrap()
                    .orientations(true)
            })
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 12);
    }
}
