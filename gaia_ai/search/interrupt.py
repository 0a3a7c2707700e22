"""Ctrl-C for commands that search: the searches run in C without the GIL, where Python's own SIGINT
handler cannot reach them until they return, so a C handler (gaia_ai._core.mcts.catch_sigint) stops
every running search after its current simulations and every later one at once; Python's handler then
runs as usual once the search is back.

    with ctrl_c(raise_interrupt=False) as stop:
        result = searcher.search(state)      # Ctrl-C: returns early with what it has
    if stop.requested: ...                   # print the best answer so far, exit 130

raise_interrupt=True (the default) keeps Python's KeyboardInterrupt, raised as soon as the search is
back: a loop of searches (a review, a match) catches it and keeps what it finished. False: Ctrl-C only
sets ``requested`` (for one search whose answer is wanted even when cut short). Main thread only.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from gaia_ai._core import mcts

# the exit status of a command stopped by Ctrl-C, as a shell reports a process killed by SIGINT
INTERRUPTED_STATUS = 130


@dataclass
class Interrupt:
    """Whether Ctrl-C came within the ctrl_c() block."""

    requested: bool = False


@contextmanager
def ctrl_c(raise_interrupt: bool = True) -> Iterator[Interrupt]:
    """Within the block, Ctrl-C stops the searches at once (module doc); on leaving, the handlers are
    put back and searches may run again."""
    stop = Interrupt()
    previous: Any = None

    def record(_signum: int, _frame: Any) -> None:
        stop.requested = True

    if not raise_interrupt:
        previous = signal.signal(signal.SIGINT, record)
    mcts.catch_sigint()
    try:
        yield stop
    except KeyboardInterrupt:
        stop.requested = True
        raise
    finally:
        mcts.release_sigint()
        stop.requested = stop.requested or mcts.interrupted()
        mcts.clear_interrupt()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
