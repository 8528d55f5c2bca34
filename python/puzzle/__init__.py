"""Packing puzzles and exact cover, compiled for each puzzle's own search.

A puzzle comes from the puzzle language (:func:`compile`), from a file in that language, a
BurrTools ``.xmpuzzle`` or a Knuth DLX file (:func:`load`), or from plain Python values
(:func:`build`). The :class:`Puzzle` it becomes counts its solutions on every core, lists and
draws them, and cuts its search into work units that other processes can share::

    >>> import puzzle
    >>> p = puzzle.build(box=["." * 10] * 6, pieces="pentominoes", symmetry="reduced")
    >>> p.count()
    2339
    >>> first = p.first(1)[0]
    >>> sorted(first)[:3]
    ['F', 'I', 'L']

Every mistake in a puzzle is raised at once, as one :class:`PuzzleError` whose ``errors`` list
each with its line and column.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any, Union

from . import _puzzle
from ._puzzle import Mistake, Puzzle, PuzzleError, Solution, SolutionIterator

__version__: str = _puzzle.VERSION
__all__ = [
    "Mistake",
    "Puzzle",
    "PuzzleError",
    "Solution",
    "SolutionIterator",
    "build",
    "compile",
    "load",
]

Mapping.register(Solution)

#: A box or a piece as a drawing (rows of text; layers of rows), or as its cells' coordinates.
Shape = Union[Iterable[str], Iterable[Iterable[str]], Iterable[tuple[int, ...]]]


def compile(text: str, name: str | None = None, *, format: str = "puzzle") -> Puzzle:
    """Compiles the puzzle written in ``text``.

    ``text`` is in the puzzle language (the text of ``puzzle! { ... }``, or of a ``.puzzle``
    file), or, with ``format="dlx"`` or ``format="xmpuzzle"``, a DLX file's or a BurrTools
    file's text. Where it holds several puzzles, ``name`` picks one (a BurrTools problem by
    its number, from 1, or its name).

    >>> compile('mod tiny { box: ["..."], pieces: { D: ["##"], M: ["#"] } }').count()
    2

    Raises :class:`PuzzleError` with every mistake, each at its line and column.
    """
    return _puzzle.compile(text, name, format=format)


def load(
    path: str | os.PathLike[str],
    *,
    puzzle: str | None = None,
    problem: int | str | None = None,
    format: str | None = None,
) -> Puzzle:
    """Compiles the puzzle in a file: ``.puzzle``, ``.xmpuzzle`` (plain or gzip) or ``.dlx``.

    ``puzzle`` picks one of a ``.puzzle`` file's puzzles by name, ``problem`` one of a
    BurrTools file's problems by number (from 1) or name; ``format`` overrides the extension.
    Raises :class:`FileNotFoundError` where there is no such file, and :class:`PuzzleError`
    with every mistake in it.
    """
    return _puzzle.load(os.fspath(path), puzzle=puzzle, problem=problem, format=format)


def build(
    box: Shape | tuple[int, ...],
    pieces: str | Iterable[str] | Mapping[str, Any],
    *,
    name: str = "puzzle",
    **options: Any,
) -> Puzzle:
    """Compiles a box puzzle given as Python values, for puzzles a program makes.

    ``box`` is a drawing (a list of rows, ``.`` a cell and ``#`` a hole; a list of such lists
    for layers), the sizes of a block (``(5, 4, 3)``), or the set of its cells as coordinate
    tuples (the block around them, the rest holes). ``pieces`` is a built-in set's name
    (``"pentominoes"``, ``"polyominoes(6)"``), a list of built-in pieces and sets, or a dict
    from each piece's name to its shape (a drawing or coordinates), or to ``(count, shape)``
    where ``count`` is a number of copies or a ``(least, most)`` range. Every other keyword is
    an option of the language (``symmetry="reduced"``, ``reflect=False``, ``grid="hexagonal"``,
    ``holes=[(3, 3)]``, ``tuning={"probes": 500}``), written as its value reads there.

    >>> build(box=(2, 3), pieces={"L": ["##", "#."], "M": (3, ["#"])}).count()
    8

    The text made is ``Puzzle.text``; a mistake in the values is raised as a
    :class:`PuzzleError` naming the piece or option.
    """
    entries = [f"box: {_box(box)}", f"pieces: {_pieces(pieces)}"]
    entries += [f"{key}: {_value(value)}" for key, value in options.items()]
    body = ",\n    ".join(entries)
    return compile(f"mod {name} {{\n    {body},\n}}\n")


def _box(box: Any) -> str:
    if isinstance(box, tuple) and all(isinstance(n, int) for n in box):
        return " x ".join(str(n) for n in box)
    box = list(box)
    if box and all(isinstance(cell, tuple) for cell in box):
        return _drawing(_cells_drawn(box, cell=".", empty="#"))
    return _drawing(box)


def _pieces(pieces: Any) -> str:
    if isinstance(pieces, str):
        return pieces
    if isinstance(pieces, Mapping):
        listed = []
        for piece, shape in pieces.items():
            count = ""
            if isinstance(shape, tuple) and len(shape) == 2 and not _is_cell(shape):
                number, shape = shape
                if isinstance(number, tuple):
                    count = f"{number[0]}..={number[1]} x "
                else:
                    count = f"{number} x "
            listed.append(f"{count}{piece}: {_shape(shape)}")
        return "{ " + ", ".join(listed) + " }"
    return "{ " + ", ".join(str(p) for p in pieces) + " }"


def _is_cell(value: Any) -> bool:
    return isinstance(value, tuple) and all(isinstance(x, int) for x in value)


def _shape(shape: Any) -> str:
    shape = list(shape)
    if shape and all(_is_cell(cell) for cell in shape):
        return "[" + ", ".join("(" + ", ".join(str(x) for x in c) + ")" for c in shape) + "]"
    return _drawing(shape)


def _drawing(rows: Any) -> str:
    if isinstance(rows, str):
        return _quoted(rows)
    return "[" + ", ".join(_drawing(row) for row in rows) + "]"


def _cells_drawn(cells: list[tuple[int, ...]], *, cell: str, empty: str) -> Any:
    """The drawing of a set of cells, the block from 0 to the greatest coordinates."""
    dims = len(cells[0])
    high = [max(c[axis] for c in cells) for axis in range(dims)]
    present = set(cells)

    def drawn(prefix: tuple[int, ...]) -> Any:
        axis = len(prefix)
        if axis == dims - 1:
            return "".join(
                cell if (*prefix, x) in present else empty for x in range(high[axis] + 1)
            )
        return [drawn((*prefix, x)) for x in range(high[axis] + 1)]

    return drawn(())


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, tuple):
        return "(" + ", ".join(_value(v) for v in value) + ")"
    return "[" + ", ".join(_value(v) for v in value) + "]"
