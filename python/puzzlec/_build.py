"""Plain Python values written as the puzzle language, for :func:`puzzlec.build`.

Each value is checked where it is read: a wrong type raises :class:`TypeError`, a wrong value
:class:`ValueError`, each naming the argument (``box``, ``pieces``, ``pieces['F']``, ``name``
or the option), so that nothing is misread into a different puzzle and nothing a caller wrote
reaches the text unquoted. What the language itself refuses (a shape that is not a piece, a
box too large) is then raised as :class:`puzzlec.PuzzleError` at its place in the text made.
"""

from __future__ import annotations

import difflib
import keyword
import math
import re
from collections.abc import Iterable, Mapping
from typing import Any, Callable

#: A name of the language: an identifier (Rust's, ASCII).
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
#: A built-in piece or set as the language names it: ``F``, ``pentominoes``,
#: ``polyominoes(6)``, ``tetrominoes(one_sided)``.
_BUILTIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\([A-Za-z0-9_]+\))?\Z")
#: A word an option takes: ``reduced``, ``reduced(F)``, ``hexagonal``, ``auto``.
_WORD = _BUILTIN


def puzzle_text(box: Any, pieces: Any, name: Any, options: Mapping[str, Any]) -> str:
    """The text of ``build(box, pieces, name=name, **options)``."""
    entries = [f"box: {_box(box)}", f"pieces: {_pieces(pieces)}"]
    for key, value in options.items():
        if key not in _OPTIONS:
            raise TypeError(f"build() got an unexpected keyword argument {key!r}{_near(key)}")
        entries.append(f"{key}: {_OPTIONS[key](value, key)}")
    body = ",\n    ".join(entries)
    return f"mod {_identifier(name, 'name')} {{\n    {body},\n}}\n"


def _near(key: str) -> str:
    close = difflib.get_close_matches(key, list(_OPTIONS), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _kind(value: Any) -> str:
    return type(value).__name__


def _identifier(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {_kind(value)}")
    if not _NAME.match(value) or keyword.iskeyword(value) or value in _RUST_KEYWORDS:
        raise ValueError(f"{what} must be an identifier (letters, digits, _), not {value!r}")
    return value


#: Rust's keywords, which the language cannot take as a name.
_RUST_KEYWORDS = frozenset(
    "as break const continue crate else enum extern false fn for if impl in let loop match mod "
    "move mut pub ref return self Self static struct super trait true type unsafe use where "
    "while async await dyn abstract become box do final macro override priv typeof unsized "
    "virtual yield try".split()
)


def _integer(value: Any, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int, not {_kind(value)}")
    if value < least:
        raise ValueError(f"{what} must be at least {least}, not {value}")
    return value


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# The box and the shapes.


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) > 0
        and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    )


def _box(box: Any) -> str:
    what = "box"
    if isinstance(box, str):
        # One row, as `box: ["..."]` reads.
        return _drawing([box], what)
    if isinstance(box, (tuple, list)) and box and all(_is_integer(n) for n in box):
        return " x ".join(str(_integer(n, f"{what}'s size", least=1)) for n in box)
    return _shape(box, what)


def _is_integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shape(shape: Any, what: str) -> str:
    """A box or a piece: a drawing (rows; layers of rows) or its cells' coordinates."""
    if isinstance(shape, str):
        return _drawing([shape], what)
    if isinstance(shape, (bytes, Mapping)) or not isinstance(shape, Iterable):
        raise TypeError(
            f"{what} must be a drawing (a list of rows) or a list of cells, not {_kind(shape)}"
        )
    listed = list(shape)
    if not listed:
        raise ValueError(f"{what} is empty: give rows of cells, or cells")
    if all(_is_cell(cell) for cell in listed):
        dims = len(listed[0])
        if any(len(cell) != dims for cell in listed):
            raise ValueError(f"{what}'s cells must all have {dims} coordinates")
        if what == "box":
            return _drawing(_cells_drawn(listed, what), what)
        cells = ", ".join("(" + ", ".join(str(x) for x in cell) + ")" for cell in listed)
        return f"[{cells}]"
    return _drawing(listed, what)


def _drawing(rows: list[Any], what: str) -> str:
    """Rows of text, or layers of such drawings, as the language writes a figure."""
    if all(isinstance(row, str) for row in rows):
        return "[" + ", ".join(_quoted(row) for row in rows) + "]"
    layers = []
    for layer in rows:
        if isinstance(layer, str) or not isinstance(layer, Iterable) or isinstance(layer, bytes):
            raise TypeError(
                f"{what} mixes rows and {_kind(layer)}: give rows of text (str), "
                "layers of rows, or cells as tuples of ints"
            )
        layer = list(layer)
        if not layer:
            raise ValueError(f"{what} has an empty layer")
        layers.append(_drawing(layer, what))
    return "[" + ", ".join(layers) + "]"


def _cells_drawn(cells: list[tuple[int, ...]], what: str) -> Any:
    """The drawing of a set of cells: the block from 0 to the greatest coordinates, the cells
    `.` and the rest holes."""
    if any(x < 0 for cell in cells for x in cell):
        raise ValueError(f"{what}'s coordinates must be 0 or more")
    dims = len(cells[0])
    high = [max(c[axis] for c in cells) for axis in range(dims)]
    present = set(cells)

    def drawn(prefix: tuple[int, ...]) -> Any:
        axis = len(prefix)
        if axis == dims - 1:
            return "".join("." if (*prefix, x) in present else "#" for x in range(high[axis] + 1))
        return [drawn((*prefix, x)) for x in range(high[axis] + 1)]

    return drawn(())


# The pieces.


def _pieces(pieces: Any) -> str:
    what = "pieces"
    if isinstance(pieces, str):
        return "{ " + _builtin(pieces, what) + " }"
    if isinstance(pieces, Mapping):
        listed = []
        for piece, value in pieces.items():
            named = f"pieces[{piece!r}]"
            _identifier_or_builtin(piece, named)
            listed.append(_piece(piece, value, named))
        if not listed:
            raise ValueError("pieces is empty")
        return "{ " + ", ".join(listed) + " }"
    if isinstance(pieces, (bytes, Mapping)) or not isinstance(pieces, Iterable):
        raise TypeError(
            "pieces must be a set's name (str), a list of built-in pieces and sets, "
            f"or a dict from names to shapes, not {_kind(pieces)}"
        )
    listed = [_builtin(p, f"pieces[{i}]") for i, p in enumerate(pieces)]
    if not listed:
        raise ValueError("pieces is empty")
    return "{ " + ", ".join(listed) + " }"


def _builtin(piece: Any, what: str) -> str:
    """A built-in piece or set, named as the language names it."""
    if not isinstance(piece, str):
        raise TypeError(f"{what} must be the name of a built-in piece or set, not {_kind(piece)}")
    if not _BUILTIN.match(piece.strip()):
        raise ValueError(
            f"{what} must name a built-in piece or set (as `F`, `pentominoes` or "
            f"`polyominoes(6)`), not {piece!r}; give a count in a dict: {{'F': 2}}"
        )
    return piece.strip()


def _identifier_or_builtin(piece: Any, what: str) -> None:
    if not isinstance(piece, str):
        raise TypeError(f"{what}: a piece's name must be a str, not {_kind(piece)}")
    _builtin(piece, what)


def _piece(piece: str, value: Any, what: str) -> str:
    """One entry of a dict of pieces: a shape, a count of a built-in piece or set, or both."""
    if value is None:
        return piece
    count = _count(value, what)
    if count is not None:
        return f"{count} x {piece}"
    if isinstance(value, tuple) and len(value) == 2 and not _is_cell(value[1]):
        count = _count(value[0], what)
        if count is not None:
            return f"{count} x {_identifier(piece, what)}: {_shape(value[1], what)}"
    return f"{_identifier(piece, what)}: {_shape(value, what)}"


def _count(value: Any, what: str) -> str | None:
    """A count of copies, ``N`` or ``least..=most``, where ``value`` is one (an int, a range
    of step 1, or a pair of ints); else ``None``."""
    if _is_integer(value):
        return str(_integer(value, f"{what}'s count"))
    if isinstance(value, range):
        if value.step != 1 or len(value) == 0:
            raise ValueError(f"{what}'s count {value!r} must be a range of step 1, not empty")
        return _range(value.start, value.stop - 1, what)
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(map(_is_integer, value)):
        return _range(value[0], value[1], what)
    return None


def _range(least: int, most: int, what: str) -> str:
    _integer(least, f"{what}'s least count")
    if most < least:
        raise ValueError(f"{what}'s count range runs from {least} down to {most}")
    return f"{least}..={most}"


# The options, each read as the language reads it.


def _word(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{key} must be a str (a word of the language), not {_kind(value)}")
    if not _WORD.match(value.strip()):
        raise ValueError(f"{key} must be a word of the language (as `reduced`), not {value!r}")
    return value.strip()


def _flag(value: Any, key: str) -> str:
    if not isinstance(value, bool):
        raise TypeError(f"{key} must be True or False, not {_kind(value)}")
    return "true" if value else "false"


def _number(value: Any, key: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{key} must be a number, not {_kind(value)}")
    if not math.isfinite(value):
        raise ValueError(f"{key} must be a finite number, not {value!r}")
    return repr(value)


def _list(item: Callable[[Any, str], str]) -> Callable[[Any, str], str]:
    def read(value: Any, key: str) -> str:
        if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
            raise TypeError(f"{key} must be a list, not {_kind(value)}")
        return "[" + ", ".join(item(v, f"{key}[{i}]") for i, v in enumerate(value)) + "]"

    return read


def _map(
    item: Callable[[Any, str], str], key: Callable[[Any, str], str] = _identifier
) -> Callable[[Any, str], str]:
    def read(value: Any, name: str) -> str:
        if not isinstance(value, Mapping):
            raise TypeError(f"{name} must be a dict, not {_kind(value)}")
        entries = [
            f"{key(k, f'{name} key')}: {item(v, f'{name}[{k!r}]')}" for k, v in value.items()
        ]
        return "{ " + ", ".join(entries) + " }"

    return read


def _cell(value: Any, key: str) -> str:
    if not _is_cell(value):
        raise TypeError(f"{key} must be a cell, a tuple of ints, not {_kind(value)}")
    return "(" + ", ".join(str(x) for x in value) + ")"


def _colour(value: Any, key: str) -> str:
    """A colour, a digit from 1 to 9 as the drawings write it."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if not _is_integer(value):
        raise TypeError(f"{key} must be a colour, an int from 1 to 9, not {_kind(value)}")
    if not 1 <= value <= 9:
        raise ValueError(f"{key} must be a colour from 1 to 9, not {value}")
    return str(value)


def _order(value: Any, key: str) -> str:
    if isinstance(value, str):
        return _word(value, key)
    return _list(_word)(value, key)


def _restriction(value: Any, key: str) -> str:
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise TypeError(f"{key} must be a list of drawings, not {_kind(value)}")
    return "[" + ", ".join(_shape(d, f"{key}[{i}]") for i, d in enumerate(value)) + "]"


def _max_empty(value: Any, key: str) -> str:
    return str(_integer(value, key))


_OPTIONS: dict[str, Callable[[Any, str], str]] = {
    "grid": _word,
    "holes": _list(_cell),
    "max_empty": _max_empty,
    "colours": _map(_list(_colour), key=_colour),
    "reflect": _flag,
    "symmetry": _word,
    "order": _order,
    "sharing": _flag,
    "eliminate": _flag,
    "prune": _word,
    "cache": _word,
    "dead_ends": _word,
    "fewest_fits": _word,
    "restrict": _map(_restriction),
    "tuning": _map(_number),
}
