"""Progress bars for a training run (tqdm on standard error), game-agnostic."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def progress_bars() -> Iterator[Callable[[str, int, int], None]]:
    """A training's progress(stage, done, total): a bar per stage on standard error, closed at the end."""
    import sys

    from tqdm import tqdm

    bars: dict[str, Any] = {}

    def progress(stage: str, done: int, total: int) -> None:
        if stage not in bars:
            bars[stage] = tqdm(total=total, desc=stage, unit=stage[:-1], file=sys.stderr, leave=False,
                               disable=None)
        bars[stage].update(done - bars[stage].n)

    try:
        yield progress
    finally:
        for bar in bars.values():
            bar.close()
