//! The solver a `puzzle!` module compiles to: its tables and the two entries into its program,
//! behind the [`Solver`] trait.

use std::ops::ControlFlow;
use std::sync::LazyLock;

use crate::info::Info;
use crate::processor::Code;
use crate::solution::Catalog;
use crate::solver::{Run, Solver};
use crate::symmetry::SymmetryCheck;
use crate::unit::{Unit, UnitError};

/// A native solver: what a `puzzle!` module's `SOLVER` is. Its program is Rust compiled for
/// that one puzzle; this value points at it and at the module's tables.
#[derive(Clone, Copy, Debug)]
pub struct NativeSolver {
    info: &'static Info,
    catalog: &'static Catalog,
    code: Option<&'static LazyLock<Code>>,
    check: Option<&'static SymmetryCheck>,
    run: fn(Run<'_, '_>) -> ControlFlow<()>,
    run_unit: fn(&Unit, Run<'_, '_>) -> ControlFlow<()>,
}

impl NativeSolver {
    /// The solver of a generated module: its tables (the processor code made from its
    /// compact form when first used), and its program's entries (`run_unit` is given only
    /// units that passed [`Unit::check`]).
    #[doc(hidden)]
    pub const fn new(
        info: &'static Info,
        catalog: &'static Catalog,
        code: Option<&'static LazyLock<Code>>,
        check: Option<&'static SymmetryCheck>,
        run: fn(Run<'_, '_>) -> ControlFlow<()>,
        run_unit: fn(&Unit, Run<'_, '_>) -> ControlFlow<()>,
    ) -> NativeSolver {
        NativeSolver {
            info,
            catalog,
            code,
            check,
            run,
            run_unit,
        }
    }
}

impl Solver for NativeSolver {
    fn info(&self) -> &Info {
        self.info
    }

    fn catalog(&self) -> &Catalog {
        self.catalog
    }

    fn code(&self) -> Option<&Code> {
        self.code.map(|code| &**code)
    }

    fn symmetry_check(&self) -> Option<&SymmetryCheck> {
        self.check
    }

    fn run(&self, run: Run<'_, '_>) -> ControlFlow<()> {
        crate::deep(self.info.depth, || (self.run)(run))
    }

    fn run_unit(&self, unit: &Unit, run: Run<'_, '_>) -> Result<ControlFlow<()>, UnitError> {
        unit.check(self.info)?;
        Ok(crate::deep(self.info.depth, || (self.run_unit)(unit, run)))
    }

    #[inline(never)]
    fn as_dyn(&self) -> &dyn Solver {
        self
    }
}
