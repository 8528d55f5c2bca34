"""A list of solutions that a notebook shows as one gallery."""

from __future__ import annotations

from typing import Any


class Solutions(list):  # type: ignore[type-arg]
    """Solutions in a list, as ``Puzzle.first`` returns them: a plain list in every way, that
    Jupyter draws as one SVG gallery rather than a repr each."""

    def _repr_svg_(self) -> str | None:
        try:
            first: Any = self[0]
            return first.puzzle.svg(self)  # type: ignore[no-any-return]
        except (IndexError, AttributeError, TypeError, ValueError):
            # Empty, or no longer solutions of one puzzle: the list's own repr.
            return None
