"""The package as a Python user meets it: every entry point, against the published counts the
Rust tests meet, and every kind of bad input raising rather than crashing."""

from __future__ import annotations

import collections.abc
import os
import pathlib
import struct
import subprocess
import sys
from typing import Any

import pytest

import puzzlec

PUZZLES = pathlib.Path(__file__).resolve().parents[2] / "puzzles"
SIX_BY_TEN = (PUZZLES / "pentomino_6x10.puzzle").read_text()


@pytest.fixture(scope="module")
def six_by_ten() -> puzzlec.Puzzle:
    return puzzlec.compile(SIX_BY_TEN)


# Published counts, from every entry point.


def test_the_6x10_pentomino_has_2339_solutions_up_to_symmetry(six_by_ten: puzzlec.Puzzle) -> None:
    assert six_by_ten.count() == 2339
    assert six_by_ten.count(threads=1) == 2339


def test_all_solutions_are_four_times_as_many(six_by_ten: puzzlec.Puzzle) -> None:
    assert six_by_ten.count(all=True) == 9356


def test_files_of_every_format_are_read_and_counted() -> None:
    assert puzzlec.load(PUZZLES / "soma.xmpuzzle").count() == 240
    assert puzzlec.load(str(PUZZLES / "soma_gzip.xmpuzzle")).count() == 240
    assert puzzlec.load(PUZZLES / "queens_8.dlx").count() == 92
    hexiamonds = puzzlec.load(PUZZLES / "hexiamonds.puzzle", puzzle="hexiamonds_6x6")
    assert hexiamonds.count() == 156
    assert puzzlec.load(PUZZLES / "pentominoes.xmpuzzle", problem=2).count() == 3940


def test_text_of_every_format_compiles() -> None:
    dlx = (PUZZLES / "queens_8.dlx").read_text()
    assert puzzlec.compile(dlx, format="dlx").count() == 92
    xml = (PUZZLES / "soma.xmpuzzle").read_text()
    assert puzzlec.compile(xml, format="xmpuzzle").count() == 240
    three = (PUZZLES / "pentomino_3d.puzzle").read_text()
    assert puzzlec.compile(three, "p6x5x2").count() == 264


# Puzzles from plain values.


def test_a_box_and_pieces_from_values() -> None:
    p = puzzlec.build(box=["." * 10] * 6, pieces="pentominoes", symmetry="reduced")
    assert p.count() == 2339
    assert "pieces: { pentominoes }" in p.text


def test_a_box_as_cells_and_pieces_as_coordinates() -> None:
    cells = {(r, c) for r in range(3) for c in range(4)} - {(1, 1)}
    pieces = {
        "L": [(0, 0), (1, 0), (1, 1)],
        "I": ["###"],
        "D": (2, [(0, 0), (0, 1)]),
        "M": ((0, 1), ["#"]),
    }
    p = puzzlec.build(box=cells, pieces=pieces)
    for solution in p.solutions():
        covered = sorted(c for cells in solution.values() for c in cells)
        assert covered == sorted(cells)
        assert {"L", "I", "D", "D#2"} <= set(solution)
    reference = puzzlec.build(box=["....", ".#..", "...."], pieces=pieces)
    assert p.count() == reference.count() > 0


def test_sizes_and_options_as_keywords() -> None:
    p = puzzlec.build(box=(5, 4, 3), pieces="pentominoes", symmetry="reduced", reflect=True)
    assert p.count() == 3940
    centre = [(3, 3), (3, 4), (4, 3), (4, 4)]
    holed = puzzlec.build(box=(8, 8), pieces="pentominoes", holes=centre, symmetry="reduced")
    assert holed.count() == 65
    tuned = puzzlec.build(box=(3, 20), pieces="pentominoes", tuning={"probes": 300})
    assert tuned.count() == 8


def test_a_string_box_is_one_row_and_a_list_of_ints_is_sizes() -> None:
    row = puzzlec.build(box="....", pieces={"D": (2, ["##"])})
    assert 'box: ["...."]' in row.text
    assert row.count() == 1
    sizes = puzzlec.build(box=[2, 5], pieces={"I": 2})
    assert "box: 2 x 5" in sizes.text and "2 x I" in sizes.text
    assert sizes.count() == 1


def test_a_shape_of_two_cells_is_never_read_as_a_count() -> None:
    p = puzzlec.build(box=["..", ".."], pieces={"D": ((0, 0), (0, 1)), "E": [(0, 0), (1, 0)]})
    assert "D: [(0, 0), (0, 1)]" in p.text and "E: [(0, 0), (1, 0)]" in p.text
    # Two tilings of the square by dominoes, each with D and E either way round.
    assert p.count() == 4


@pytest.mark.parametrize("count", [range(0, 7), (0, 6), [0, 6]])
def test_a_range_of_copies_in_any_form(count: object) -> None:
    p = puzzlec.build(box=(2, 3), pieces={"D": (count, ["##"])})
    assert "0..=6 x D" in p.text
    assert p.count() == 3


def test_built_in_pieces_and_sets_take_counts_in_the_dict() -> None:
    p = puzzlec.build(box=(3, 5), pieces={"I": range(0, 4)})
    assert "0..=3 x I" in p.text
    assert p.count() == puzzlec.build(box=(3, 5), pieces={"I": 3}).count() == 1
    sets = puzzlec.build(box=(6, 10), pieces={"pentominoes": 1}, symmetry="reduced")
    assert "1 x pentominoes" in sets.text and sets.count() == 2339
    by_name = puzzlec.build(box=(6, 10), pieces={"pentominoes": None}, symmetry="reduced")
    assert by_name.count() == 2339


@pytest.mark.parametrize(
    ("arguments", "error", "named"),
    [
        ({"box": None}, TypeError, "box"),
        ({"box": []}, ValueError, "box"),
        ({"box": [5, 0]}, ValueError, "box's size"),
        ({"box": [".", 3]}, TypeError, "box"),
        ({"pieces": None}, TypeError, "pieces"),
        ({"pieces": []}, ValueError, "pieces"),
        ({"pieces": "pentominoes }, tuning: {"}, ValueError, "pieces"),
        ({"pieces": {"D": object()}}, TypeError, "pieces['D']"),
        ({"pieces": {"a b": ["#"]}}, ValueError, "pieces['a b']"),
        ({"pieces": {"D": (range(0, 7, 2), ["##"])}}, ValueError, "pieces['D']'s count"),
        ({"pieces": {"D": ((3, 1), ["##"])}}, ValueError, "pieces['D']'s count"),
        ({"name": "two words"}, ValueError, "name"),
        ({"name": 'x" }'}, ValueError, "name"),
        ({"name": 3}, TypeError, "name"),
        ({"symmetry": None}, TypeError, "symmetry"),
        ({"symmetry": "reduced }"}, ValueError, "symmetry"),
        ({"reflect": "yes"}, TypeError, "reflect"),
        ({"holes": [1, 2]}, TypeError, "holes[0]"),
        ({"tuning": {"probes": "many"}}, TypeError, "tuning['probes']"),
        ({"tuning": {"probes": float("nan")}}, ValueError, "tuning['probes']"),
        ({"colours": {1: [10]}}, ValueError, "colours[1][0]"),
        ({"symmetri": "reduced"}, TypeError, "did you mean 'symmetry'"),
    ],
)
def test_a_wrong_value_names_its_argument(
    arguments: dict[str, object], error: type[Exception], named: str
) -> None:
    given: dict[str, object] = {"box": (2, 5), "pieces": "pentominoes"}
    given.update(arguments)
    with pytest.raises(error) as caught:
        puzzlec.build(**given)  # type: ignore[arg-type]
    assert named in str(caught.value)
    assert not isinstance(caught.value, puzzlec.PuzzleError)


# Solutions as values.


def test_solutions_are_mappings_of_pieces_to_cells(six_by_ten: puzzlec.Puzzle) -> None:
    [first] = six_by_ten.first(1)
    assert isinstance(first, collections.abc.Mapping) and isinstance(first, puzzlec.Solution)
    assert len(first) == 12
    assert sorted(first) == sorted("FILNPTUVWXYZ")
    covered = [cell for cells in first.values() for cell in cells]
    assert sorted(covered) == [(r, c) for r in range(6) for c in range(10)]
    assert all(len(first[piece]) == 5 for piece in first)
    assert [p for p, _ in first.placements] == [p for p, _ in first.placements if p]
    with pytest.raises(KeyError):
        first["Q"]


def test_the_iterator_lists_every_solution_once(six_by_ten: puzzlec.Puzzle) -> None:
    listed = list(six_by_ten.solutions())
    assert len(listed) == 2339
    assert len(set(listed)) == 2339
    assert listed[:5] == six_by_ten.first(5)


def test_every_solution_with_all() -> None:
    soma = puzzlec.load(PUZZLES / "soma.xmpuzzle")
    every = list(soma.solutions(all=True))
    assert len(every) == soma.count(all=True) == 11520
    assert len(set(every)) == 11520


def test_a_closed_iterator_ends(six_by_ten: puzzlec.Puzzle) -> None:
    solutions = six_by_ten.solutions()
    first = next(solutions)
    solutions.close()
    assert list(solutions) == [] and first == six_by_ten.first(1)[0]


def test_the_first_solutions_in_the_serial_order(six_by_ten: puzzlec.Puzzle) -> None:
    listed = list(six_by_ten.solutions(all=True))
    for threads in [1, 2]:
        assert six_by_ten.first(7, threads=threads) == listed[::4][:7]
        assert six_by_ten.first(7, all=True, threads=threads) == listed[:7]
    assert six_by_ten.first(0) == []
    assert len(six_by_ten.first(10**9)) == 2339


def test_a_solution_is_a_whole_mapping(six_by_ten: puzzlec.Puzzle) -> None:
    [first] = six_by_ten.first(1)
    assert first.get("X") == first["X"] and first.get("Q") is None
    assert first.get("Q", 5) == 5 and first.get(1, 5) == 5
    assert "X" in first and "Q" not in first and 1 not in first
    with pytest.raises(KeyError):
        first[1]
    assert dict(first) == dict(first.items())
    assert first.puzzle.name == six_by_ten.name


def test_abstract_solutions_name_their_aspects() -> None:
    queens = puzzlec.load(PUZZLES / "queens_8.dlx")
    [first] = queens.first(1)
    assert len(first) == len(first.placements) > 0
    for key, names in first.items():
        assert all(isinstance(n, str) for n in names)
        assert all(n in key for n in names)


# Pictures.


def test_a_solution_draws_itself_as_text_and_svg(six_by_ten: puzzlec.Puzzle) -> None:
    [first] = six_by_ten.first(1)
    rows = str(first).splitlines()
    assert len(rows) == 6 and all(len(row) == 10 for row in rows)
    assert set("".join(rows)) == set("FILNPTUVWXYZ")
    svg = first._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    gallery = six_by_ten.svg(six_by_ten.first(4))
    assert gallery.count('class="solution"') == 4


def test_a_solid_is_drawn_as_a_solid_with_its_layers_labelled() -> None:
    soma = puzzlec.load(str(PUZZLES / "soma.xmpuzzle"))
    [first] = soma.first(1)
    svg = first._repr_svg_()
    assert svg.count('class="face"') > 0
    assert "z = 0 (bottom)" in svg and "z = 2 (top)" in svg


def _stl_triangles(data: bytes) -> list[tuple[tuple[float, ...], ...]]:
    count = struct.unpack_from("<I", data, 80)[0]
    assert len(data) == 84 + 50 * count
    return [
        tuple(struct.unpack_from("<3f", data, 84 + 50 * i + 12 + 12 * k) for k in range(3))
        for i in range(count)
    ]


def _enclosed(triangles: list[tuple[tuple[float, ...], ...]]) -> float:
    six = 0.0
    for a, b, c in triangles:
        six += (
            a[0] * (b[1] * c[2] - b[2] * c[1])
            - a[1] * (b[0] * c[2] - b[2] * c[0])
            + a[2] * (b[0] * c[1] - b[1] * c[0])
        )
    return six / 6


def test_pieces_and_solutions_print_as_stl() -> None:
    soma = puzzlec.load(str(PUZZLES / "soma.xmpuzzle"))
    pieces = soma.pieces_stl(size=20)
    assert len(pieces) == 7
    sizes = {name: len(cells) for name, cells in soma.pieces.items()}
    for name, data in pieces.items():
        # Each cube 20 mm a side: the enclosed volume is the piece's cubes'.
        assert abs(_enclosed(_stl_triangles(data)) - sizes[name] * 8000) < 1e-3
    [first] = soma.first(1)
    whole = _stl_triangles(first.stl(size=20))
    assert abs(_enclosed(whole) - 27 * 8000) < 1e-3
    apart = _stl_triangles(first.stl(size=20, gap=1, explode=0.5))
    assert 0 < _enclosed(apart) < 27 * 8000
    with pytest.raises(ValueError, match="size must be more than 0"):
        first.stl(size=0)
    with pytest.raises(ValueError, match="gap must be"):
        first.stl(gap=-1)
    with pytest.raises(TypeError, match="explode must be a number"):
        first.stl(explode="far")
    with pytest.raises(TypeError, match="size must be a number"):
        soma.pieces_stl(size=True)
    abstract = puzzlec.load(str(PUZZLES / "queens_8.dlx"))
    with pytest.raises(ValueError, match="no solids"):
        abstract.pieces_stl()


def test_a_solution_comes_apart_move_by_move() -> None:
    key = puzzlec.load(PUZZLES / "key_in_frame.xmpuzzle")
    levels = set()
    for solution in key.solutions():
        apart = solution.disassemble()
        assert apart["outcome"] == "apart"
        levels.add(apart["level"])
        moves = apart["moves"]
        # Three pieces: two moves take a part away for good, each naming pieces of the solution.
        assert sum(m["distance"] is None for m in moves) == 2
        for m in moves:
            assert m["pieces"] and all(p in solution for p in m["pieces"])
            assert len(m["direction"]) == 3 and sum(map(abs, m["direction"])) == 1
    assert levels == {"1", "1.2"}
    # BurrTools' burrTxt -d: 4 assemblies, all solutions, two at level 1.2 and two at 1.
    assert key.disassemble() == {
        "assemblies": 4,
        "solutions": 4,
        "undecided": 0,
        "levels": {"1.2": 2, "1": 2},
    }
    pelikan = puzzlec.load(PUZZLES / "pelikan_burr.xmpuzzle")
    survey = pelikan.disassemble(threads=1)
    assert (survey["assemblies"], survey["solutions"]) == (12, 1)
    # BurrTools' level: the assembly laid as BurrTools lays it.
    assert survey["levels"] == {"98.2.4.2": 1}
    [apart] = [
        d
        for d in (s.disassemble(complete=True) for s in pelikan.first(12))
        if d["outcome"] == "apart"
    ]
    assert apart["level"] == "98.2.5.3"
    with pytest.raises(TypeError, match="complete must be True or False"):
        pelikan.first(1)[0].disassemble(complete=1)
    stuck = next(iter(puzzlec.load(PUZZLES / "closed_box.xmpuzzle").solutions()))
    assert stuck.disassemble() == {"outcome": "stuck"}
    # 98 moves need more than 100 states: the one that comes apart is not found to.
    limited = [s.disassemble(states=100) for s in pelikan.first(12)]
    assert "apart" not in {d["outcome"] for d in limited}
    assert {d["states"] for d in limited if d["outcome"] == "limit"} == {100}
    with pytest.raises(ValueError, match="states must be 1 or more"):
        stuck.disassemble(states=0)
    with pytest.raises(TypeError, match="states must be an int"):
        pelikan.disassemble(states=1.5)  # type: ignore[arg-type]
    queens = puzzlec.load(PUZZLES / "queens_8.dlx")
    with pytest.raises(ValueError, match="abstract puzzle"):
        queens.disassemble()
    with pytest.raises(ValueError, match="abstract puzzle"):
        queens.first(1)[0].disassemble()


def test_a_gallery_of_any_solutions_of_the_puzzle(six_by_ten: puzzlec.Puzzle) -> None:
    [first] = six_by_ten.first(1)
    assert six_by_ten.svg(first).count('class="solution"') == 1
    generated = (s for s in six_by_ten.first(3))
    assert six_by_ten.svg(generated).count('class="solution"') == 3
    gallery = six_by_ten.first(5)._repr_svg_()
    assert gallery is not None and gallery.count('class="solution"') == 5
    other = puzzlec.build(box=(5, 12), pieces="pentominoes")
    with pytest.raises(ValueError, match=r"solutions\[0\] is a solution of"):
        other.svg(six_by_ten.first(3))
    with pytest.raises(TypeError, match=r"solutions\[1\]"):
        six_by_ten.svg([first, 2])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="solutions"):
        six_by_ten.svg(3)  # type: ignore[arg-type]


def test_views_of_the_box_the_pieces_and_the_placements(six_by_ten: puzzlec.Puzzle) -> None:
    assert sorted(six_by_ten.cells) == [(r, c) for r in range(6) for c in range(10)]
    assert sorted(six_by_ten.pieces) == sorted("FILNPTUVWXYZ")
    assert all(len(cells) == 5 for cells in six_by_ten.pieces.values())
    placements = six_by_ten.placements()
    assert len(placements) == six_by_ten.info["embeddings"]
    [first] = six_by_ten.first(1)
    assert [placements[e] for e in first.embeddings] == first.placements
    queens = puzzlec.load(PUZZLES / "queens_8.dlx")
    assert queens.pieces == {} and all(p is None for p, _ in queens.placements())


def test_signatures_say_the_defaults() -> None:
    import inspect

    units = inspect.signature(puzzlec.Puzzle.units).parameters["target"]
    assert units.default == puzzlec._puzzle.TARGET_UNITS
    run = inspect.signature(puzzlec.Puzzle.run_unit).parameters["target"]
    assert run.default == puzzlec._puzzle.TARGET_UNITS


def test_solids_draw_as_layers() -> None:
    p = puzzlec.compile((PUZZLES / "pentomino_3d.puzzle").read_text(), "p5x4x3")
    [first] = p.first(1)
    assert "(0, _, _)" in str(first) and "(4, _, _)" in str(first)


# Statistics, facts, units.


def test_stats_describe_the_whole_tree(six_by_ten: puzzlec.Puzzle) -> None:
    stats = six_by_ten.stats()
    assert stats["solutions"] == 2339
    assert stats["placements"] == sum(stats["by_depth"]) > 0
    assert stats == six_by_ten.stats(threads=1)


def test_info_says_what_the_compiler_decided(six_by_ten: puzzlec.Puzzle) -> None:
    info = six_by_ten.info
    assert info["name"] == "pentomino_6x10"
    assert info["symmetry"]["group_order"] == 4
    assert info["estimate"] > 0 and info["order"] and "prune" in info["plan"]
    assert isinstance(info["fingerprint"], int)


def test_units_sum_to_the_count(six_by_ten: puzzlec.Puzzle) -> None:
    units = six_by_ten.units(target=16)
    assert [u["id"] for u in units] == list(range(len(units)))
    assert len(units) >= 16
    total = sum(six_by_ten.run_unit(u["id"], target=16) for u in units)
    assert total == 2339


GUIDE = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text()

SPREAD = """
import multiprocessing, os, runpy, sys
import puzzlec
from puzzlec import _puzzle

started = (0, 0)


def start():
    global started
    started = _puzzle._counters()


def counted(p, unit):
    count = p.run_unit(unit)
    now = _puzzle._counters()
    return os.getpid(), now[0] - started[0], now[1] - started[1], count


if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])
    runpy.run_path(sys.argv[2], run_name="__main__")
    p = puzzlec.load("puzzles/bedlam.puzzle")
    units = [(p, u["id"]) for u in p.units()]
    with multiprocessing.Pool(2, initializer=start) as pool:
        done = pool.starmap(counted, units, chunksize=1)
    for pid in sorted({d[0] for d in done}):
        mine = [d for d in done if d[0] == pid]
        print(len(mine), max(d[1] for d in mine), max(d[2] for d in mine))
    print(sum(d[3] for d in done))
"""


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_the_guides_count_spread_over_processes(method: str, tmp_path: pathlib.Path) -> None:
    # The guide's example as it is written, under each start method, then the promise it makes:
    # however many tasks a worker is handed, each with the puzzle pickled, it compiles the
    # puzzle once and cuts its search into units once.
    blocks = [b.split("```")[0] for b in GUIDE.split("```python")[1:]]
    [example] = [b for b in blocks if "multiprocessing.Pool" in b]
    script = tmp_path / "spread.py"
    script.write_text(example)
    check = tmp_path / "check.py"
    check.write_text(SPREAD)
    child = subprocess.run(
        [sys.executable, str(check), method, str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=PUZZLES.parent,
    )
    assert child.returncode == 0, child.stderr
    printed, *workers, total = child.stdout.strip().split("\n")
    assert printed.split("#")[0].strip() == total == "19186"
    # A worker started by fork inherits the parent's compilation and its cut.
    once = (0, 0) if method == "fork" else (1, 1)
    handed = [tuple(map(int, worker.split())) for worker in workers]
    assert max(tasks for tasks, _, _ in handed) >= 2
    for tasks, compiles, cuts in handed:
        assert (compiles, cuts) == once, f"{method}: {tasks} tasks, {compiles} compiles, {cuts} cut"


def test_the_guides_examples_hold() -> None:
    import doctest
    import re

    # The fences closing the examples are no output.
    text = re.sub(r"^```.*$", "", GUIDE, flags=re.MULTILINE)
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/python.md", "python.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert tried >= 9 and failed == 0


def test_puzzles_and_solutions_pickle(six_by_ten: puzzlec.Puzzle) -> None:
    import pickle

    again = pickle.loads(pickle.dumps(six_by_ten))
    assert (again.name, again.text, again.info) == (
        six_by_ten.name,
        six_by_ten.text,
        six_by_ten.info,
    )
    assert again.count() == 2339
    first = six_by_ten.first(3)
    assert pickle.loads(pickle.dumps(first)) == first
    # A problem chosen of a BurrTools file, and a puzzle of a text of several.
    problem = puzzlec.load(PUZZLES / "pentominoes.xmpuzzle", problem=2)
    assert pickle.loads(pickle.dumps(problem)).count() == 3940
    three = puzzlec.compile((PUZZLES / "pentomino_3d.puzzle").read_text(), "p6x5x2")
    assert pickle.loads(pickle.dumps(three)).count() == 264


def test_a_pickle_of_embeddings_not_of_the_puzzle_is_refused(six_by_ten: puzzlec.Puzzle) -> None:
    restore, (p, placed) = six_by_ten.first(1)[0].__reduce__()
    with pytest.raises(ValueError, match="placed"):
        restore(p, [*placed[:-1], 10**6])


def test_progress_is_reported(six_by_ten: puzzlec.Puzzle) -> None:
    seen: list[tuple[int, int, int]] = []
    assert six_by_ten.count(progress=lambda *p: seen.append(p)) == 2339
    done, units, solutions = seen[-1]
    assert done == units > 0 and solutions == 2339
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))


def test_a_progress_bar_when_asked(capfd: pytest.CaptureFixture[str]) -> None:
    from_file = puzzlec.load(PUZZLES / "pentominoes.xmpuzzle", problem=1)
    assert from_file.count(progress=True) == 2339
    assert "2,339 solutions" in capfd.readouterr().err


def test_an_error_in_a_progress_callback_stops_the_count(six_by_ten: puzzlec.Puzzle) -> None:
    def fail(*_: int) -> None:
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        six_by_ten.count(progress=fail)


# Bad input raises; the interpreter survives.


def test_a_syntax_error_has_its_line_and_column() -> None:
    with pytest.raises(puzzlec.PuzzleError) as caught:
        puzzlec.compile('mod bad {\n    box: [".."],\n    pieces: { D: ["##"] ,, },\n}')
    [mistake] = caught.value.errors
    assert (mistake.line, mistake.column) == (3, 26)
    assert "3:26" in str(mistake)
    assert "<string>:3:26" in str(caught.value)


def test_every_mistake_at_once() -> None:
    text = 'mod bad {\n    box: ["..."],\n    pieces: { Q, D: ["##", "..#"] },\n}'
    with pytest.raises(puzzlec.PuzzleError) as caught:
        puzzlec.compile(text)
    errors = caught.value.errors
    assert len(errors) >= 2
    assert all(e.line is not None for e in errors)
    assert isinstance(caught.value, ValueError)


def test_a_file_that_does_not_exist() -> None:
    with pytest.raises(FileNotFoundError):
        puzzlec.load(PUZZLES / "no such puzzle.puzzle")
    with pytest.raises(IsADirectoryError):
        puzzlec.load(PUZZLES)


def test_a_mistake_in_a_file_names_the_file(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.dlx"
    bad.write_text("| primary\na b\nc\n")
    with pytest.raises(puzzlec.PuzzleError) as caught:
        puzzlec.load(bad)
    assert caught.value.path == str(bad)
    assert caught.value.errors[0].line is not None


def test_a_choice_is_asked_for_in_pythons_words() -> None:
    with pytest.raises(puzzlec.PuzzleError, match='puzzle="NAME"'):
        puzzlec.load(PUZZLES / "hexiamonds.puzzle")
    with pytest.raises(puzzlec.PuzzleError, match="problem=N"):
        puzzlec.load(PUZZLES / "pentominoes.xmpuzzle")
    with pytest.raises(puzzlec.PuzzleError, match='name="NAME"'):
        puzzlec.compile((PUZZLES / "hexiamonds.puzzle").read_text())
    with pytest.raises(ValueError, match="problem picks a problem of a BurrTools file"):
        puzzlec.load(PUZZLES / "hexiamonds.puzzle", problem=2)
    with pytest.raises(ValueError, match="puzzle picks a puzzle"):
        puzzlec.load(PUZZLES / "pentominoes.xmpuzzle", puzzle="p6x10")
    with pytest.raises(ValueError, match="numbered from 1"):
        puzzlec.load(PUZZLES / "pentominoes.xmpuzzle", problem=0)
    with pytest.raises(TypeError, match="problem"):
        puzzlec.load(PUZZLES / "pentominoes.xmpuzzle", problem=True)
    with pytest.raises(ValueError, match="DLX"):
        puzzlec.load(PUZZLES / "queens_8.dlx", puzzle="q")


def test_a_puzzle_too_large_for_the_limits() -> None:
    with pytest.raises(puzzlec.PuzzleError, match="at most 65536 positions"):
        puzzlec.build(box=(300, 300), pieces="pentominoes")


def test_a_value_that_is_no_puzzle() -> None:
    with pytest.raises(puzzlec.PuzzleError):
        puzzlec.build(box=["..."], pieces={"D": ["#.#"]})
    with pytest.raises(puzzlec.PuzzleError):
        puzzlec.build(box=(2, 2), pieces="pentominoes", symmetry="sideways")


def test_wrong_types_raise_type_errors(six_by_ten: puzzlec.Puzzle) -> None:
    with pytest.raises(TypeError):
        puzzlec.compile(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        puzzlec.load(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        puzzlec.build(box=5, pieces="pentominoes")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        six_by_ten.count(threads="many")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        six_by_ten.first("3")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        six_by_ten.run_unit(1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        six_by_ten.svg([1, 2])  # type: ignore[list-item]
    with pytest.raises(IndexError):
        six_by_ten.run_unit(10**6)
    with pytest.raises(ValueError):
        puzzlec.compile("mod x {}", format="zip")


# Every public function given wrong and foreign values: a Python exception that names the
# argument, never a Rust panic (`PanicException`, which `except Exception` misses).

SMALL = puzzlec.build(box=(2, 3), pieces={"D": (3, ["##"])})
ITS = SMALL.first(1)[0]
FOREIGN: list[object] = [
    None, True, -1, 0, 2**70, -(2**70), 1.5, float("nan"), "", "x", "pentominoes", b"b",
    [], [1], [None], {}, {"a": 1}, (), (1, 2), range(3), object(), ITS, SMALL, [ITS],
]  # fmt: skip
CALLS: dict[str, tuple[str, collections.abc.Callable[[Any], object]]] = {
    "compile": ("text", lambda v: puzzlec.compile(v)),
    "compile name": ("name", lambda v: puzzlec.compile(SIX_BY_TEN, v)),
    "compile format": ("format", lambda v: puzzlec.compile(SIX_BY_TEN, format=v)),
    "load": ("path", lambda v: puzzlec.load(v)),
    "load puzzle": ("puzzle", lambda v: puzzlec.load(PUZZLES / "hexiamonds.puzzle", puzzle=v)),
    "load problem": ("problem", lambda v: puzzlec.load(PUZZLES / "soma.xmpuzzle", problem=v)),
    "load format": ("format", lambda v: puzzlec.load(PUZZLES / "soma.xmpuzzle", format=v)),
    "build box": ("box", lambda v: puzzlec.build(box=v, pieces="pentominoes")),
    "build pieces": ("pieces", lambda v: puzzlec.build(box=(2, 5), pieces=v)),
    "build name": ("name", lambda v: puzzlec.build(box=(2, 5), pieces="I", name=v)),
    "build option": ("symmetry", lambda v: puzzlec.build(box=(2, 5), pieces="I", symmetry=v)),
    "build tuning": ("tuning", lambda v: puzzlec.build(box=(2, 5), pieces="I", tuning=v)),
    "count all": ("all", lambda v: SMALL.count(all=v)),
    "count threads": ("threads", lambda v: SMALL.count(threads=v)),
    "count progress": ("progress", lambda v: SMALL.count(progress=v)),
    "solutions all": ("all", lambda v: list(SMALL.solutions(all=v))),
    "solutions threads": ("threads", lambda v: list(SMALL.solutions(threads=v))),
    "first": ("n", lambda v: SMALL.first(v)),
    "first all": ("all", lambda v: SMALL.first(1, all=v)),
    "first threads": ("threads", lambda v: SMALL.first(1, threads=v)),
    "stats threads": ("threads", lambda v: SMALL.stats(threads=v)),
    "units target": ("target", lambda v: SMALL.units(target=v)),
    "run_unit": ("id", lambda v: SMALL.run_unit(v)),
    "run_unit target": ("target", lambda v: SMALL.run_unit(0, target=v)),
    "svg": ("solutions", lambda v: SMALL.svg(v)),
    "a solution's item": ("", lambda v: ITS[v]),
    "a solution's get": ("", lambda v: ITS.get(v)),
    "a solution's keys": ("", lambda v: v in ITS),
}


@pytest.mark.parametrize("call", list(CALLS))
def test_wrong_and_foreign_values_raise_naming_the_argument(
    call: str, capfd: pytest.CaptureFixture[str]
) -> None:
    argument, function = CALLS[call]
    for value in FOREIGN:
        try:
            function(value)
        except puzzlec.PuzzleError:
            pass  # a mistake in a puzzle, at its place in the text
        except (TypeError, ValueError) as e:
            assert argument in str(e), f"{call}({value!r}): {e!r} names no {argument}"
        except (KeyError, IndexError, FileNotFoundError, IsADirectoryError):
            pass  # a key, id or file that is not there
        except BaseException as e:
            pytest.fail(f"{call}({value!r}) raised {type(e).__name__}: {e}")
    # No Rust panic printed its message either.
    assert "panicked" not in capfd.readouterr().err


INTERRUPTED = """
import os, signal, sys, threading, time, puzzlec
# Ctrl-C raises KeyboardInterrupt, as at a terminal: a process started with the interrupt
# ignored (a background job of a shell without job control, as a CI run may be) keeps it
# ignored, as Python leaves it, and would be searching still.
signal.signal(signal.SIGINT, signal.default_int_handler)
p = puzzlec.load(sys.argv[1], puzzle="one_sided_5x18")
searches = {
    "count": lambda: p.count(),
    "count on one thread": lambda: p.count(threads=1),
    "count(all=True)": lambda: p.count(all=True),
    "the whole search as one unit": lambda: p.run_unit(0, target=1),
    "stats": lambda: p.stats(),
    "first": lambda: p.first(10**9),
    "solutions": lambda: sum(1 for _ in p.solutions()),
    # A compile of about a second of CPU (the interrupt comes after a fifth of one): a box of
    # P pentominoes with nearly as many placements as a puzzle may have.
    "a compile": lambda: puzzlec.build(box=(180, 180), pieces={"P": (6480, ["##", "##", "#."])}),
}
# The CPU each has spent when the interrupt comes: the searches take minutes.
UNDER_WAY = {"a compile": 0.2}

def interrupt_once_under_way(sent, done, after):
    # The search is under way once the process has spent time on it; one that has ended is
    # not interrupted.
    start = time.process_time()
    while time.process_time() < start + after:
        if done.is_set():
            return
        time.sleep(0.01)
    sent.append(time.monotonic())
    os.kill(os.getpid(), signal.SIGINT)

for name, search in searches.items():
    sent, done = [], threading.Event()
    after = UNDER_WAY.get(name, 0.5)
    interrupter = threading.Thread(target=interrupt_once_under_way, args=(sent, done, after))
    interrupter.start()
    ended = False
    try:
        found = search()
        ended = True
        done.set()
        interrupter.join()
    except KeyboardInterrupt:
        # An interrupt that comes as the search ends is caught here too, and said below.
        pass
    done.set()
    interrupter.join()
    if ended:
        # Not interrupted: what it found, and whether the interrupt had been sent.
        print(f"{name}: ended with {found!r} (interrupt sent: {bool(sent)})", flush=True)
    else:
        print(f"{name}: {time.monotonic() - sent[0]:.3f}", flush=True)
"""


def test_ctrl_c_stops_every_long_search_where_it_is() -> None:
    # Searches of minutes and a compile of about a second, each interrupted as a person would,
    # once it is under way: a unit is given up where it is, so even the whole search as one
    # unit stops at once, and the compile's long stages look at the same flag.
    child = subprocess.run(
        [sys.executable, "-c", INTERRUPTED, str(PUZZLES / "one_sided_pentominoes.puzzle")],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    lines = child.stdout.splitlines()
    assert len(lines) == 8, child.stdout + child.stderr
    for line in lines:
        name, _, waited = line.partition(": ")
        assert not waited.startswith("ended"), f"{name} was not interrupted: {line}\n{child.stderr}"
        # Stopped at once (the searches take minutes on one core, the compile seconds).
        assert float(waited) < 1, line


def test_the_package_is_typed() -> None:
    package = pathlib.Path(puzzlec.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "_puzzle.pyi").exists()


if os.environ.get("PUZZLE_DOCTESTS", "1") == "1":

    def test_the_docstring_examples_hold() -> None:
        import doctest

        failures, tried = doctest.testmod(puzzlec, verbose=False)
        assert tried > 0 and failures == 0


LISTED = """
import itertools, sys
import puzzlec
box, pieces, wanted = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
p = puzzlec.compile(f"mod d {{ box: {box} x {box}, pieces: {{ {pieces} x D: [\\"##\\"] }} }}")
listed = list(itertools.islice(p.solutions(), wanted))
assert len(listed) == wanted and all(len(s) == pieces for s in listed)
print(len(listed))
"""


@pytest.mark.parametrize(("box", "pieces", "wanted"), [(10, 50, 1), (30, 450, 1000)])
def test_listing_holds_memory_bounded_by_what_is_kept(
    box: int, pieces: int, wanted: int, tmp_path: pathlib.Path
) -> None:
    # The 10x10 box of dominoes has 258,584,046,368 tilings: the iterator holds a few of them
    # at a time, whatever is left unread. The child's address space is capped, so that a
    # failure cannot take the machine down, and its own peak resident memory read (wait4).
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    out, err = tmp_path / "out", tmp_path / "err"
    with out.open("w") as stdout, err.open("w") as stderr:
        child = subprocess.Popen(
            [sys.executable, "-c", LISTED, str(box), str(pieces), str(wanted)],
            stdout=stdout,
            stderr=stderr,
            preexec_fn=cap,
        )
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.returncode == 0, err.read_text()
    assert out.read_text().split() == [str(wanted)]
    # Linux gives it in KiB.
    assert usage.ru_maxrss < 256 << 10, f"the child held {usage.ru_maxrss >> 10} MiB"
