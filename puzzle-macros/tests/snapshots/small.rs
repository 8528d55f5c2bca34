/// The report's small puzzle, restricted.
mod small {
    /// The number of aspects: the box's cells, then the pieces.
    pub const ASPECT_COUNT: usize = 9usize;
    /// The number of embeddings (placements), forbidden ones included; embedding numbers
    /// run from 0 to this.
    pub const EMBEDDING_COUNT: usize = 21usize;
    /// The number of embeddings the search uses.
    pub const ALLOWED_EMBEDDING_COUNT: usize = 15usize;
    /// The number of embeddings dropped at compile time because each cuts off a region
    /// that no other pieces can fill (`eliminate: false` keeps them).
    pub const ELIMINATED_EMBEDDING_COUNT: usize = 0usize;
    /// The piece restricted to one placement per orbit, when solutions are counted
    /// modulo the box's symmetries.
    pub const SYMMETRY_PIECE: ::core::option::Option<&str> = ::core::option::Option::None;
    /// The piece kept to one placement per orbit of the symmetries that fix the
    /// first's placement, where some do (through optional aspects, the marks).
    pub const SYMMETRY_SECOND_PIECE: ::core::option::Option<&str> = ::core::option::Option::None;
    /// The order of the symmetry group the solutions are reduced by (1 when all are found).
    pub const SYMMETRY_GROUP_ORDER: usize = 1usize;
    /// The aspect order the search uses: the pieces placed before the cells, and how the
    /// cells are scanned (chosen by the macro unless the puzzle names it).
    pub const ORDER: &str = "columns";
    /// Knuth's Monte Carlo estimate, made by the macro, of the number of placements the
    /// search makes in this order (compare `search::Tally::placements`).
    pub const ORDER_ESTIMATE: f64 = 10.068f64;
    /// Whether `count` and `count_parallel` keep a failure cache (`cache: auto` keeps
    /// one where the scan's frontier is narrow).
    pub const FAILURE_CACHE: bool = true;
    /// The box, the aspects and the embedding table, to read solutions with.
    pub static CATALOG: ::puzzle_runtime::Catalog = ::puzzle_runtime::Catalog {
        name: ::std::borrow::Cow::Borrowed("small"),
        extents: ::std::borrow::Cow::Borrowed(&[2u32, 3u32]),
        aspects: ::std::borrow::Cow::Borrowed(
            &[
                ::puzzle_runtime::solution::AspectInfo::Cell {
                    at: 0u32,
                },
                ::puzzle_runtime::solution::AspectInfo::Cell {
                    at: 1u32,
                },
                ::puzzle_runtime::solution::AspectInfo::Cell {
                    at: 2u32,
                },
                ::puzzle_runtime::solution::AspectInfo::Cell {
                    at: 3u32,
                },
                ::puzzle_runtime::solution::AspectInfo::Cell {
                    at: 4u32,
                },
                ::puzzle_runtime::solution::AspectInfo::Cell {
                    at: 5u32,
                },
                ::puzzle_runtime::solution::AspectInfo::Piece {
                    name: ::std::borrow::Cow::Borrowed("A"),
                },
                ::puzzle_runtime::solution::AspectInfo::Piece {
                    name: ::std::borrow::Cow::Borrowed("B"),
                },
                ::puzzle_runtime::solution::AspectInfo::Piece {
                    name: ::std::borrow::Cow::Borrowed("C"),
                },
            ],
        ),
        embedding_aspects: ::std::borrow::Cow::Borrowed(
            &[
                0, 6, 1, 6, 2, 6, 3, 6, 4, 6, 5, 6, 0, 1, 7, 0, 3, 7, 1, 2, 7, 1, 4, 7,
                2, 5, 7, 3, 4, 7, 4, 5, 7, 0, 1, 3, 8, 0, 1, 4, 8, 0, 3, 4, 8, 1, 2, 4,
                8, 1, 2, 5, 8, 1, 3, 4, 8, 1, 4, 5, 8, 2, 4, 5, 8,
            ],
        ),
        embedding_starts: ::std::borrow::Cow::Borrowed(
            &[
                0, 2, 4, 6, 8, 10, 12, 15, 18, 21, 24, 27, 30, 33, 37, 41, 45, 49, 53,
                57, 61, 65,
            ],
        ),
    };
    /// The same program as code for the puzzle processor: run it with
    /// `processor::Machine`, list it with `PROCESSOR.listing(&CATALOG)`.
    pub static PROCESSOR: ::puzzle_runtime::processor::Code = ::puzzle_runtime::processor::Code {
        instructions: ::std::borrow::Cow::Borrowed(&processor_code::INSTRUCTIONS),
        calls: ::std::borrow::Cow::Borrowed(
            &[
                (2u32, 0u32),
                (6u32, 6u32),
                (9u32, 7u32),
                (16u32, 3u32),
                (20u32, 11u32),
                (24u32, 18u32),
                (32u32, 1u32),
                (36u32, 8u32),
                (39u32, 9u32),
                (46u32, 4u32),
                (50u32, 12u32),
                (54u32, 20u32),
                (62u32, 2u32),
                (66u32, 10u32),
                (73u32, 5u32),
            ],
        ),
        procedures: ::std::borrow::Cow::Borrowed(
            &[
                (0u32, 0u32),
                (14u32, 3u32),
                (30u32, 1u32),
                (44u32, 4u32),
                (60u32, 2u32),
                (71u32, 5u32),
                (77u32, 4294967295u32),
            ],
        ),
        aspects: 9u32,
    };
    /// When the symmetry reduction is not exact by itself (the restricted piece has
    /// placements that symmetries fix), the check that keeps one solution per class;
    /// `solve_with` applies it, a processor run must too (`symmetry::Checked`).
    pub static SYMMETRY_CHECK: ::core::option::Option<
        &::puzzle_runtime::symmetry::SymmetryCheck,
    > = ::core::option::Option::None;
    /// A solution of this puzzle: its embeddings in placement order.
    pub type Solution<'a> = ::puzzle_runtime::Solution<'a>;
    /// Runs the search, reporting to `sink`; `Break` from the sink stops it.
    pub fn solve_with<S: ::puzzle_runtime::search::Sink>(
        sink: &mut S,
    ) -> ::core::ops::ControlFlow<()> {
        procedures::solve_0(u64::MAX, sink)
    }
    /// Counts the solutions. The search skips free sets it has already found to hold
    /// none (a failure cache), so it makes fewer placements than `search::Tally` shows.
    pub fn count() -> u64 {
        let mut counter = ::puzzle_runtime::search::CachedCounter::with_cache(
            ::puzzle_runtime::failure::FailureCache::for_puzzle(
                10u32,
                15194293721271312643u64,
                1usize,
            ),
        );
        let _ = solve_with(&mut counter);
        counter.solutions
    }
    /// The search cut into work units: at the least depth that gives enough of them
    /// for all cores, numbered in the order the serial search reaches them (the same
    /// on every machine).
    pub fn units() -> ::std::vec::Vec<::puzzle_runtime::parallel::Unit> {
        ::puzzle_runtime::parallel::units(|depth| {
            let mut cutter = ::puzzle_runtime::parallel::Cutter::new(depth, 6u32);
            let _ = procedures::solve_0(u64::MAX, &mut cutter);
            cutter.units
        })
    }
    /// Runs one unit alone into `sink`: its placements, then the search below them.
    pub fn run_unit<S: ::puzzle_runtime::search::Sink>(
        unit: &::puzzle_runtime::parallel::Unit,
        sink: &mut S,
    ) -> ::core::ops::ControlFlow<()> {
        for &e in &unit.placed {
            sink.place(e);
        }
        procedures::run_from(unit.next, procedures::from_words(&unit.q), sink)
    }
    /// Counts the solutions on every core (rayon's pool: run inside
    /// `parallel::with_threads` to choose the number of threads).
    pub fn count_parallel() -> u64 {
        ::puzzle_runtime::parallel::count(
            &units(),
            ::puzzle_runtime::search::CachedCounter::with_cache(
                ::puzzle_runtime::failure::FailureCache::for_puzzle(
                    10u32,
                    15194293721271312643u64,
                    1usize,
                ),
            ),
            |unit, counter| {
                let _ = run_unit(unit, counter);
            },
        )
    }
    /// Every solution, as embedding numbers in placement order, found on every core
    /// and listed in the order the serial search finds them.
    pub fn collect_parallel() -> ::std::vec::Vec<::std::vec::Vec<u32>> {
        ::puzzle_runtime::parallel::collect(
            &units(),
            |unit, collector| {
                let _ = run_unit(unit, collector);
            },
        )
    }
    /// Shows each solution to `visitor` on this thread, in the order the serial search
    /// finds them, while the search runs on every core; the visitor returns `Break`
    /// to stop it.
    pub fn solve_parallel<F>(mut visitor: F) -> ::core::ops::ControlFlow<()>
    where
        F: FnMut(&Solution<'_>) -> ::core::ops::ControlFlow<()>,
    {
        ::puzzle_runtime::parallel::visit(
            &units(),
            |unit, collector| {
                let _ = run_unit(unit, collector);
            },
            |placed| visitor(&::puzzle_runtime::Solution::new(&CATALOG, placed)),
        )
    }
    /// Shows each solution to `visitor`, in the order the search finds them; the
    /// visitor returns `Break` to stop the search.
    pub fn solve<F>(mut visitor: F) -> ::core::ops::ControlFlow<()>
    where
        F: FnMut(&Solution<'_>) -> ::core::ops::ControlFlow<()>,
    {
        let visitor: &mut dyn FnMut(&Solution<'_>) -> ::core::ops::ControlFlow<()> = &mut visitor;
        solve_with(&mut ::puzzle_runtime::search::Visit::new(&CATALOG, visitor))
    }
    /// The program: one function per procedure, in aspect order, then the sentinel.
    #[doc(hidden)]
    mod procedures {
        const B0: u64 = 1 << 0u32;
        const B1: u64 = 1 << 1u32;
        const B2: u64 = 1 << 2u32;
        const B3: u64 = 1 << 3u32;
        const B4: u64 = 1 << 4u32;
        const B5: u64 = 1 << 5u32;
        const B6: u64 = 1 << 6u32;
        const B7: u64 = 1 << 7u32;
        const B8: u64 = 1 << 8u32;
        /// This puzzle's failures, for the failure cache.
        const PUZZLE: u64 = 15194293721271312643u64;
        ///`Solve` for aspect 0 ((0,0)), position 0.
        pub(super) fn solve_0<S: ::puzzle_runtime::search::Sink>(
            q: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            if q & B0 == 0 {
                return solve_1(q, sink);
            }
            {
                let q = q ^ B0;
                if q & B6 != 0 {
                    let q = q ^ B6;
                    sink.place(0u32);
                    let flow = if S::CUTS && sink.cut() {
                        sink.unit(&[q], 1u32)
                    } else {
                        solve_1(q, sink)
                    };
                    sink.unplace();
                    flow?;
                }
                if q & B7 != 0 {
                    let q = q ^ B7;
                    if q & B2 != 0 {
                        let q = q ^ B2;
                        sink.place(6u32);
                        let flow = if S::CUTS && sink.cut() {
                            sink.unit(&[q], 1u32)
                        } else {
                            solve_1(q, sink)
                        };
                        sink.unplace();
                        flow?;
                    }
                    if q & B1 != 0 {
                        let q = q ^ B1;
                        sink.place(7u32);
                        let flow = if S::CUTS && sink.cut() {
                            sink.unit(&[q], 2u32)
                        } else {
                            solve_2(q, sink)
                        };
                        sink.unplace();
                        flow?;
                    }
                }
            }
            ::core::ops::ControlFlow::Continue(())
        }
        ///`Solve` for aspect 3 ((1,0)), position 1.
        pub(super) fn solve_1<S: ::puzzle_runtime::search::Sink>(
            q: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            if q & B1 == 0 {
                return solve_2(q, sink);
            }
            ::puzzle_runtime::failure::remembered(
                PUZZLE,
                &[q],
                sink,
                move |sink| {
                    {
                        let q = q ^ B1;
                        if q & B6 != 0 {
                            let q = q ^ B6;
                            sink.place(3u32);
                            let flow = if S::CUTS && sink.cut() {
                                sink.unit(&[q], 2u32)
                            } else {
                                solve_2(q, sink)
                            };
                            sink.unplace();
                            flow?;
                        }
                        if q & B3 != 0 {
                            let q = q ^ B3;
                            if q & B7 != 0 {
                                let q = q ^ B7;
                                sink.place(11u32);
                                let flow = if S::CUTS && sink.cut() {
                                    sink.unit(&[q], 2u32)
                                } else {
                                    solve_2(q, sink)
                                };
                                sink.unplace();
                                flow?;
                            }
                            if q & B2 != 0 {
                                let q = q ^ B2;
                                if q & B8 != 0 {
                                    let q = q ^ B8;
                                    sink.place(18u32);
                                    let flow = if S::CUTS && sink.cut() {
                                        sink.unit(&[q], 4u32)
                                    } else {
                                        solve_4(q, sink)
                                    };
                                    sink.unplace();
                                    flow?;
                                }
                            }
                        }
                    }
                    ::core::ops::ControlFlow::Continue(())
                },
            )
        }
        ///`Solve` for aspect 1 ((0,1)), position 2.
        pub(super) fn solve_2<S: ::puzzle_runtime::search::Sink>(
            q: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            if q & B2 == 0 {
                return solve_3(q, sink);
            }
            ::puzzle_runtime::failure::remembered(
                PUZZLE,
                &[q],
                sink,
                move |sink| {
                    {
                        let q = q ^ B2;
                        if q & B6 != 0 {
                            let q = q ^ B6;
                            sink.place(1u32);
                            let flow = if S::CUTS && sink.cut() {
                                sink.unit(&[q], 3u32)
                            } else {
                                solve_3(q, sink)
                            };
                            sink.unplace();
                            flow?;
                        }
                        if q & B7 != 0 {
                            let q = q ^ B7;
                            if q & B4 != 0 {
                                let q = q ^ B4;
                                sink.place(8u32);
                                let flow = if S::CUTS && sink.cut() {
                                    sink.unit(&[q], 3u32)
                                } else {
                                    solve_3(q, sink)
                                };
                                sink.unplace();
                                flow?;
                            }
                            if q & B3 != 0 {
                                let q = q ^ B3;
                                sink.place(9u32);
                                let flow = if S::CUTS && sink.cut() {
                                    sink.unit(&[q], 4u32)
                                } else {
                                    solve_4(q, sink)
                                };
                                sink.unplace();
                                flow?;
                            }
                        }
                    }
                    ::core::ops::ControlFlow::Continue(())
                },
            )
        }
        ///`Solve` for aspect 4 ((1,1)), position 3.
        pub(super) fn solve_3<S: ::puzzle_runtime::search::Sink>(
            q: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            if q & B3 == 0 {
                return solve_4(q, sink);
            }
            ::puzzle_runtime::failure::remembered(
                PUZZLE,
                &[q],
                sink,
                move |sink| {
                    {
                        let q = q ^ B3;
                        if q & B6 != 0 {
                            let q = q ^ B6;
                            sink.place(4u32);
                            let flow = if S::CUTS && sink.cut() {
                                sink.unit(&[q], 4u32)
                            } else {
                                solve_4(q, sink)
                            };
                            sink.unplace();
                            flow?;
                        }
                        if q & B5 != 0 {
                            let q = q ^ B5;
                            if q & B7 != 0 {
                                let q = q ^ B7;
                                sink.place(12u32);
                                let flow = if S::CUTS && sink.cut() {
                                    sink.unit(&[q], 4u32)
                                } else {
                                    solve_4(q, sink)
                                };
                                sink.unplace();
                                flow?;
                            }
                            if q & B4 != 0 {
                                let q = q ^ B4;
                                if q & B8 != 0 {
                                    let q = q ^ B8;
                                    sink.place(20u32);
                                    let flow = if S::CUTS && sink.cut() {
                                        sink.unit(&[q], 6u32)
                                    } else {
                                        solution(q, sink)
                                    };
                                    sink.unplace();
                                    flow?;
                                }
                            }
                        }
                    }
                    ::core::ops::ControlFlow::Continue(())
                },
            )
        }
        ///`Solve` for aspect 2 ((0,2)), position 4.
        pub(super) fn solve_4<S: ::puzzle_runtime::search::Sink>(
            q: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            if q & B4 == 0 {
                return solve_5(q, sink);
            }
            ::puzzle_runtime::failure::remembered(
                PUZZLE,
                &[q],
                sink,
                move |sink| {
                    {
                        let q = q ^ B4;
                        if q & B6 != 0 {
                            let q = q ^ B6;
                            sink.place(2u32);
                            let flow = if S::CUTS && sink.cut() {
                                sink.unit(&[q], 5u32)
                            } else {
                                solve_5(q, sink)
                            };
                            sink.unplace();
                            flow?;
                        }
                        if q & B7 != 0 {
                            let q = q ^ B7;
                            if q & B5 != 0 {
                                let q = q ^ B5;
                                sink.place(10u32);
                                let flow = if S::CUTS && sink.cut() {
                                    sink.unit(&[q], 6u32)
                                } else {
                                    solution(q, sink)
                                };
                                sink.unplace();
                                flow?;
                            }
                        }
                    }
                    ::core::ops::ControlFlow::Continue(())
                },
            )
        }
        ///`Solve` for aspect 5 ((1,2)), position 5.
        pub(super) fn solve_5<S: ::puzzle_runtime::search::Sink>(
            q: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            if q & B5 == 0 {
                return solution(q, sink);
            }
            ::puzzle_runtime::failure::remembered(
                PUZZLE,
                &[q],
                sink,
                move |sink| {
                    {
                        let q = q ^ B5;
                        if q & B6 != 0 {
                            let q = q ^ B6;
                            sink.place(5u32);
                            let flow = if S::CUTS && sink.cut() {
                                sink.unit(&[q], 6u32)
                            } else {
                                solution(q, sink)
                            };
                            sink.unplace();
                            flow?;
                        }
                    }
                    ::core::ops::ControlFlow::Continue(())
                },
            )
        }
        /// The sentinel: every aspect is covered.
        pub(super) fn solution<S: ::puzzle_runtime::search::Sink>(
            _: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            ::puzzle_runtime::failure::reach(sink);
            sink.solution()
        }
        /// Runs the procedure at `position` (the sentinel past the last), as a work unit
        /// resumes the search.
        pub(super) fn run_from<S: ::puzzle_runtime::search::Sink>(
            position: u32,
            q: u64,
            sink: &mut S,
        ) -> ::core::ops::ControlFlow<()> {
            match position {
                0u32 => solve_0(q, sink),
                1u32 => solve_1(q, sink),
                2u32 => solve_2(q, sink),
                3u32 => solve_3(q, sink),
                4u32 => solve_4(q, sink),
                5u32 => solve_5(q, sink),
                _ => solution(q, sink),
            }
        }
        /// `q` from the words a unit keeps.
        pub(super) fn from_words(q: &[u64]) -> u64 {
            let [w] = ::puzzle_runtime::parallel::words::<1>(q);
            w
        }
    }
    /// The processor code's instructions.
    #[doc(hidden)]
    mod processor_code {
        use ::puzzle_runtime::processor::Instruction::{
            Call as C, If as I, Mf as M, Return as R, Solution as S,
        };
        pub(super) static INSTRUCTIONS: [::puzzle_runtime::processor::Instruction; 79usize] = [
            I { aspect: 0u32, rel: 13i32 },
            I { aspect: 6u32, rel: 2i32 },
            C { rel: 11i32 },
            M { aspect: 6u32 },
            I { aspect: 7u32, rel: 7i32 },
            I { aspect: 1u32, rel: 2i32 },
            C { rel: 7i32 },
            M { aspect: 1u32 },
            I { aspect: 3u32, rel: 2i32 },
            C { rel: 4i32 },
            M { aspect: 3u32 },
            M { aspect: 7u32 },
            M { aspect: 0u32 },
            R,
            I { aspect: 3u32, rel: 15i32 },
            I { aspect: 6u32, rel: 2i32 },
            C { rel: 13i32 },
            M { aspect: 6u32 },
            I { aspect: 4u32, rel: 9i32 },
            I { aspect: 7u32, rel: 2i32 },
            C { rel: 9i32 },
            M { aspect: 7u32 },
            I { aspect: 1u32, rel: 4i32 },
            I { aspect: 8u32, rel: 2i32 },
            C { rel: 5i32 },
            M { aspect: 8u32 },
            M { aspect: 1u32 },
            M { aspect: 4u32 },
            M { aspect: 3u32 },
            R,
            I { aspect: 1u32, rel: 13i32 },
            I { aspect: 6u32, rel: 2i32 },
            C { rel: 11i32 },
            M { aspect: 6u32 },
            I { aspect: 7u32, rel: 7i32 },
            I { aspect: 2u32, rel: 2i32 },
            C { rel: 7i32 },
            M { aspect: 2u32 },
            I { aspect: 4u32, rel: 2i32 },
            C { rel: 4i32 },
            M { aspect: 4u32 },
            M { aspect: 7u32 },
            M { aspect: 1u32 },
            R,
            I { aspect: 4u32, rel: 15i32 },
            I { aspect: 6u32, rel: 2i32 },
            C { rel: 13i32 },
            M { aspect: 6u32 },
            I { aspect: 5u32, rel: 9i32 },
            I { aspect: 7u32, rel: 2i32 },
            C { rel: 9i32 },
            M { aspect: 7u32 },
            I { aspect: 2u32, rel: 4i32 },
            I { aspect: 8u32, rel: 2i32 },
            C { rel: 5i32 },
            M { aspect: 8u32 },
            M { aspect: 2u32 },
            M { aspect: 5u32 },
            M { aspect: 4u32 },
            R,
            I { aspect: 2u32, rel: 10i32 },
            I { aspect: 6u32, rel: 2i32 },
            C { rel: 8i32 },
            M { aspect: 6u32 },
            I { aspect: 7u32, rel: 4i32 },
            I { aspect: 5u32, rel: 2i32 },
            C { rel: 4i32 },
            M { aspect: 5u32 },
            M { aspect: 7u32 },
            M { aspect: 2u32 },
            R,
            I { aspect: 5u32, rel: 5i32 },
            I { aspect: 6u32, rel: 2i32 },
            C { rel: 3i32 },
            M { aspect: 6u32 },
            M { aspect: 5u32 },
            R,
            S,
            R,
        ];
    }
}
