"""The bar ``Puzzle.count(progress=True)`` shows: tqdm's where tqdm is installed (in a
notebook, its widget), else a line on standard error that redraws itself."""

from __future__ import annotations

import sys
from typing import Any


class Bar:
    """Called with ``(done, units, solutions)`` as work units end; ``close()`` at the end."""

    def __init__(self) -> None:
        self._tqdm: Any = None
        try:
            from tqdm.auto import tqdm  # type: ignore[import-untyped]
        except ImportError:
            pass
        else:
            self._tqdm = tqdm(total=None, unit="unit", desc="counting")
        self._width = 0

    def __call__(self, done: int, units: int, solutions: int) -> None:
        if self._tqdm is not None:
            if units and self._tqdm.total != units:
                self._tqdm.total = units
            self._tqdm.update(done - self._tqdm.n)
            self._tqdm.set_postfix(solutions=f"{solutions:,}")
            return
        line = f"{solutions:,} solutions"
        if units:
            line = f"{done}/{units} units ({100 * done // units}%), " + line
        sys.stderr.write("\r" + line.ljust(self._width))
        sys.stderr.flush()
        self._width = len(line)

    def close(self) -> None:
        if self._tqdm is not None:
            self._tqdm.close()
        elif self._width:
            sys.stderr.write("\n")
            sys.stderr.flush()
