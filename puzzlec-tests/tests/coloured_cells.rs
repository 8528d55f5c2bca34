//! Colour constraints in the puzzle language (BurrTools' colours): digits in the drawings of the
//! box and the pieces, and `colours` saying which of the pieces' may cover which of the box's.
//! The counts against figures known without colours, the BurrTools file of the same puzzles,
//! the reference backtracker and an exact-cover check of each solution; the native solver and
//! the processor against the walker; the box's symmetries, which keep its colours; and the
//! mistakes.

use puzzlec::compiler::parse::parse_str;
use puzzlec::compiler::{ErrorKind, Puzzle};
use puzzlec::Solver;
use puzzlec_tests::{check_solutions, engines_agree, processor_agrees};

fn puzzle(text: &str) -> Result<Puzzle, Vec<ErrorKind>> {
    let description = parse_str(text).unwrap().remove(0).description;
    Puzzle::new(&description).map_err(|e| e.into_iter().map(|e| e.kind).collect())
}

/// The count of `text` by both engines and the reference backtracker, every solution an exact
/// cover of the embeddings the colours allow.
fn counted(text: &str) -> u128 {
    let description = parse_str(text).unwrap().remove(0).description;
    let p = Puzzle::new(&description).unwrap();
    let count = p.count();
    assert_eq!(p.count_parallel(), count, "{text}");
    assert_eq!(u128::from(p.reference_count()), count, "{text}");
    assert_eq!(check_solutions(&p, description) as u128, count, "{text}");
    count
}

/// A domino of two colours on a checkerboard fits each pair of cells one way, so it tiles the
/// 4 x 4 board in the 36 ways the plain domino does; of one colour it fits nowhere.
#[test]
fn dominoes_on_a_checkerboard() {
    let board = r#####"box: ["1212", "2121", "1212", "2121"]"#####;
    assert_eq!(
        counted(&format!(
            "mod p {{ {board}, pieces: {{ 8 x D: [\"12\"] }} }}"
        )),
        36
    );
    assert_eq!(
        counted(&format!(
            "mod p {{ {board}, pieces: {{ 8 x D: [\"##\"] }} }}"
        )),
        36
    );
    // A plain domino on a coloured board goes anywhere, as does one of a colour allowed on both.
    let both = "colours: { 1: [1, 2] }";
    let text = format!("mod p {{ {board}, {both}, pieces: {{ 8 x D: [\"11\"] }} }}");
    assert_eq!(counted(&text), 36);
    let one = puzzle(&format!(
        "mod p {{ {board}, pieces: {{ 8 x D: [\"11\"] }} }}"
    ));
    assert!(
        matches!(&one.unwrap_err()[..], [ErrorKind::FitsNowhere { name }] if name == "D"),
        "a domino of one colour fits nowhere on a checkerboard"
    );
}

/// The puzzles of `puzzles/colours.xmpuzzle` written in the language count as the file does
/// (`burrTxt` counts the same): L trominoes on a checkerboard, a red corner only on red and a
/// blue one only on blue.
#[test]
fn the_burrtools_file_in_the_language() {
    let board = r#####"box: ["121212", "212121", "121212"]"#####;
    let red = format!(
        "mod p {{ {board}, colours: {{ 1: [1] }}, pieces: {{ 6 x R: [\"1#\", \"#.\"] }} }}"
    );
    assert_eq!(counted(&red), 0);
    let mixed = format!(
        "mod p {{ {board}, pieces: {{ 3 x R: [\"1#\", \"#.\"], 3 x B: [\"2#\", \"#.\"] }}, symmetry: reduced }}"
    );
    assert_eq!(counted(&mixed), 4);
    let plain =
        format!("mod p {{ {board}, colours: {{}}, pieces: {{ 6 x P: [\"##\", \".#\"] }}, symmetry: reduced }}");
    assert_eq!(counted(&plain), 4);
}

/// A box's symmetries keep its colours: the 4 x 4 checkerboard keeps the half turn and the
/// reflections in its diagonals, and not the quarter turns.
#[test]
fn symmetries_keep_the_colours() {
    let text = r#####"mod p { box: ["1212", "2121", "1212", "2121"], pieces: { 8 x D: ["12"] }, symmetry: reduced }"#####;
    let p = puzzle(text).unwrap();
    assert_eq!(p.info().symmetry.group_order, 4);
    assert_eq!(p.count_all(), 36);
    let plain =
        r#####"mod p { box: [".........."; 6], pieces: pentominoes, symmetry: reduced }"#####;
    assert_eq!(puzzle(plain).unwrap().info().symmetry.group_order, 4);
    let one_corner = r#####"mod p { box: ["1...", "....", "....", "...."], pieces: { 8 x D: ["##"] }, symmetry: reduced }"#####;
    assert_eq!(puzzle(one_corner).unwrap().info().symmetry.group_order, 2);
}

puzzlec::puzzle! {
    /// Pieces of two colours on a board of three.
    mod striped {
        box: ["1122", "1122", "3333"],
        colours: { 1: [1, 3], 2: [2, 3] },
        pieces: {
            L: ["11", "1."],
            J: ["22", ".2"],
            I: ["####"],
            O: ["#", "#"],
        },
    }
}

/// The native solver searches as the walker does, and the processor runs the same program.
#[test]
fn native_solver_and_processor() {
    let text = r#####"mod striped {
        box: ["1122", "1122", "3333"],
        colours: { 1: [1, 3], 2: [2, 3] },
        pieces: { L: ["11", "1."], J: ["22", ".2"], I: ["####"], O: ["#", "#"] },
    }"#####;
    let walked = puzzle(text).unwrap();
    engines_agree(&striped::SOLVER, &walked);
    let count = counted(text);
    assert!(count > 0);
    assert_eq!(processor_agrees(&striped::SOLVER) as u128, count);
}

/// What the colours can get wrong, each said at the offending tokens.
#[test]
fn mistakes() {
    let syntax = |text: &str| -> Vec<String> {
        let errors = parse_str(text).unwrap().remove(0).errors;
        errors.into_iter().map(|e| e.to_string()).collect()
    };
    let board = r#####"box: ["12", "21"], pieces: { 2 x D: ["12"] }"#####;
    let zero = syntax(&format!("mod p {{ {board}, colours: {{ 0: [1] }} }}"));
    assert!(zero[0].starts_with("0 is no colour"), "{zero:?}");
    let twice = syntax(&format!(
        "mod p {{ {board}, colours: {{ 1: [1], 1: [2] }} }}"
    ));
    assert_eq!(twice[0], "colour 1 is given twice", "{twice:?}");
    let abstract_puzzle = syntax("mod p { aspects: [a], embeddings: [[a]], colours: { 1: [1] } }");
    assert!(
        abstract_puzzle[0]
            .starts_with("`colours` has no meaning for a puzzle given by its aspects"),
        "{abstract_puzzle:?}"
    );
    // A digit past 9 is no mark of a drawing.
    let errors = puzzle(r#####"mod p { box: ["..0"], pieces: { D: ["##"] } }"#####);
    assert!(
        matches!(
            &errors.unwrap_err()[..],
            [ErrorKind::UnknownCharacter { ch: '0', .. }]
        ),
        "0 is no colour in a drawing"
    );
}

/// The colours shape the search: the fingerprint changes where they allow other placements.
#[test]
fn fingerprints_name_the_colours() {
    let fingerprint = |text: &str| puzzle(text).unwrap().info().fingerprint;
    let board = r#####"box: ["1122", "1122", "3333"]"#####;
    let pieces =
        r#####"pieces: { L: ["11", "1."], J: ["22", ".2"], I: ["####"], O: ["#", "#"] }"#####;
    let wide = fingerprint(&format!(
        "mod p {{ {board}, colours: {{ 1: [1, 3], 2: [2, 3] }}, {pieces} }}"
    ));
    let narrow = fingerprint(&format!(
        "mod p {{ {board}, colours: {{ 1: [1], 2: [2, 3] }}, {pieces} }}"
    ));
    assert_ne!(wide, narrow);
}
