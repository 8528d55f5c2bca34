//! The report's small puzzle on the puzzle processor: a 2x3 box, a monomino A, a domino B and
//! an L tromino C restricted to two placements (one solution per symmetry class).
//!
//! Prints the listing and the machine code, the solutions, and the static and dynamic
//! instruction counts for two aspect orders, with and without shared tests.
//!
//! ```text
//! cargo run --example simple_puzzle
//! ```

mod common;

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use puzzlec::processor::instruction::to_text;
use puzzlec::processor::{Code, Machine};
use puzzlec::search::Visit;
use puzzlec::{puzzle, Catalog};

puzzle! {
    /// Cells by columns, then the pieces: the order `0,3,1,4,2,5,A,B,C` of the report.
    mod columns_shared {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: [columns, pieces],
        eliminate: false,
        restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
    }
    /// The same without shared tests.
    mod columns_unshared {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: [columns, pieces],
        eliminate: false,
        sharing: false,
        restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
    }
    /// The pieces first: the order `A,B,C,0,3,1,4,2,5`.
    mod pieces_shared {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: [pieces, columns],
        eliminate: false,
        restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
    }
    /// The pieces first, without shared tests.
    mod pieces_unshared {
        box: ["...", "..."],
        pieces: { A: ["#"], B: ["##"], C: ["##", "#."] },
        order: [pieces, columns],
        eliminate: false,
        sharing: false,
        restrict: { C: [[".#.", "##."], ["..#", ".##"]] },
    }
}

fn main() -> ExitCode {
    common::exit(run())
}

/// The listing, the code, the solutions and the counts, written to standard output.
fn run() -> io::Result<()> {
    let mut out = io::stdout().lock();
    let (code, catalog) = (&*columns_shared::PROCESSOR, &columns_shared::CATALOG);
    writeln!(out, "Listing (order 0,3,1,4,2,5,A,B,C, shared tests):\n")?;
    write!(out, "{}", code.listing(catalog))?;
    writeln!(out, "\nMachine code:\n")?;
    write!(out, "{}", to_text(&code.instructions))?;
    writeln!(out, "\nSolutions (embeddings in placement order):\n")?;
    let mut machine = Machine::new(code).expect("the compiler's code is well formed");
    let mut failed = None;
    let _ = machine
        .run(&mut Visit::new(catalog, |s| {
            match writeln!(out, "{:?}\n{s}", s.embeddings()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        }))
        .expect("the compiler's code runs");
    failed.map_or(Ok(()), Err)?;

    writeln!(
        out,
        "Instruction counts: static, then executed in one run (IF as true/false).\n"
    )?;
    writeln!(
        out,
        "{:<24} {:>5} {:>6} {:>4} {:>4} {:>5} | {:>13} {:>4} {:>5} {:>6} {:>9}",
        "order, tests",
        "procs",
        "instrs",
        "IF",
        "MF",
        "CALL",
        "IF (t/f)",
        "MF",
        "CALL",
        "RETURN",
        "solutions"
    )?;
    let rows: [(&str, &Code, &Catalog); 4] = [
        (
            "0,3,1,4,2,5,A,B,C shared",
            &*columns_shared::PROCESSOR,
            &columns_shared::CATALOG,
        ),
        (
            "0,3,1,4,2,5,A,B,C plain",
            &*columns_unshared::PROCESSOR,
            &columns_unshared::CATALOG,
        ),
        (
            "A,B,C,0,3,1,4,2,5 shared",
            &*pieces_shared::PROCESSOR,
            &pieces_shared::CATALOG,
        ),
        (
            "A,B,C,0,3,1,4,2,5 plain",
            &*pieces_unshared::PROCESSOR,
            &pieces_unshared::CATALOG,
        ),
    ];
    for (name, code, catalog) in rows {
        let (_, stat) = code.counts();
        let mut machine = Machine::new(code).expect("well formed");
        let _ = machine
            .run(&mut Visit::new(catalog, |_| ControlFlow::Continue(())))
            .expect("runs");
        let run = machine.executed();
        writeln!(
            out,
            "{:<24} {:>5} {:>6} {:>4} {:>4} {:>5} | {:>13} {:>4} {:>5} {:>6} {:>9}",
            name,
            code.procedures.len(),
            code.instructions.len(),
            stat.ifs,
            stat.mfs,
            stat.calls,
            format!("{} ({}/{})", run.ifs(), run.ifs_true, run.ifs_false),
            run.mfs,
            run.calls,
            run.returns,
            run.solutions,
        )?;
    }
    Ok(())
}
