"""Packing puzzles and exact cover, compiled for each puzzle's own search.

A puzzle comes from the puzzle language (:func:`compile`), from a file in that language, a
BurrTools ``.xmpuzzle`` or a Knuth DLX file (:func:`load`), or from plain Python values
(:func:`build`). The :class:`Puzzle` it becomes counts its solutions on every core, lists and
draws them, and cuts its search into work units that other processes can share::

    >>> import puzzlec
    >>> p = puzzlec.build(box=["." * 10] * 6, pieces="pentominoes", symmetry="reduced")
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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Union

from . import _build, _puzzle
from ._gallery import Solutions
from ._puzzle import Mistake, Puzzle, PuzzleError, Solution, SolutionIterator

__version__: str = _puzzle.VERSION
__all__ = [
    "Mistake",
    "Puzzle",
    "PuzzleError",
    "Solution",
    "SolutionIterator",
    "Solutions",
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
    _check(text, str, "text")
    _check(name, (str, type(None)), "name")
    _check(format, str, "format")
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
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or an os.PathLike, not {type(path).__name__}")
    _check(puzzle, (str, type(None)), "puzzle")
    _check(format, (str, type(None)), "format")
    return _puzzle.load(os.fspath(path), puzzle=puzzle, problem=problem, format=format)


def _check(value: object, kind: type | tuple[type, ...], name: str) -> None:
    """A ``TypeError`` naming the argument where ``value`` is not of ``kind``."""
    if not isinstance(value, kind):
        expected = " or ".join(
            "None" if k is type(None) else k.__name__
            for k in (kind if isinstance(kind, tuple) else (kind,))
        )
        raise TypeError(f"{name} must be {expected}, not {type(value).__name__}")


def build(
    box: Shape | Sequence[int],
    pieces: str | Iterable[str] | Mapping[str, Any],
    *,
    name: str = "puzzle",
    **options: Any,
) -> Puzzle:
    """Compiles a box puzzle given as Python values, for puzzles a program makes.

    ``box`` is a drawing (a list of rows, ``.`` a cell and ``#`` a hole; a list of such lists
    for layers; a single string is one row), the sizes of a block (``(5, 4, 3)`` or
    ``[5, 4, 3]``), or the set of its cells as coordinate tuples (the block around them, the
    rest holes). ``pieces`` is a built-in set's name (``"pentominoes"``,
    ``"polyominoes(6)"``), a list of built-in pieces and sets, or a dict from each name to its
    shape (a drawing or coordinates), to a count of a built-in piece or set (``{"F": 2}``), or
    to ``(count, shape)``; a count is a number of copies or a range of them (``range(0, 3)``,
    ``(0, 2)`` or ``[0, 2]``: from 0 to 2). Every other keyword is an option of the language
    (``symmetry="reduced"``, ``reflect=False``, ``grid="hexagonal"``, ``holes=[(3, 3)]``,
    ``tuning={"probes": 500}``).

    >>> build(box=(2, 3), pieces={"L": ["##", "#."], "M": (3, ["#"])}).count()
    8

    A value of the wrong type raises :class:`TypeError`, a wrong value :class:`ValueError`,
    each naming the argument; the text made is ``Puzzle.text``, and a mistake the language
    finds in it is raised as a :class:`PuzzleError` at its place there.
    """
    return compile(_build.puzzle_text(box, pieces, name, options))
