"""The search budget of one SuggestMoves call: the client's request capped by the server's limits and
by the call's deadline. Every search gets a time cap, so no call outlives its deadline or the
server's maximum time. A time budget is the call's time on the server: the search gets what is left
after decoding the position, less a reserve for building the answer (FinishTimes learns it)."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gaia_ai.cores import usable_cores
from gaia_ai.search import SearchConfig
from gaia_ai.service.errors import NoTimeError, RequestError

DEFAULT_SIMULATIONS = 2000   # as the local `gaia-ai suggest`
DEFAULT_TOP_K = 5


# how the note on a time budget's share spent reading the position begins: a routine note, which
# `gaia-ai suggest --server` shows with --verbose only
TIME_SPENT_NOTE = "search time "
# how a note of a cap by the call's deadline ends (the client knows whether it chose that deadline)
DEADLINE_NOTE_END = " by the call's deadline"


@dataclass(frozen=True)
class Limits:
    """What the server allows one call, and how many calls at once (`gaia-ai serve` options).

    max_concurrent      search threads running at once (a search of n threads counts n), by default the
                        cores this process may run on (its CPU affinity): a time budget is kept only while each search has a core, so a
                        search beyond them answers RESOURCE_EXHAUSTED at once instead of overrunning
                        (docs/service.md gives the load figures; `gaia-ai serve --max-concurrent N`).
    max_simulations     cap on a requested simulation budget.
    max_time_ms         cap on any search's wall time (also the time cap of a simulation budget).
    max_threads         cap on a request's search threads.
    max_nodes           node budget of each search tree (SearchConfig.max_nodes: 56 bytes a node).
    max_message_bytes   largest request or response message.
    deadline_margin_ms  the search stops this long before the call's deadline, leaving time to
                        encode and send the answer.
    """

    max_concurrent: int = field(default_factory=usable_cores)
    max_simulations: int = 100_000
    max_time_ms: int = 30_000
    max_threads: int = 1
    max_nodes: int = 1_000_000
    max_message_bytes: int = 1 << 20
    deadline_margin_ms: int = 100

    def __post_init__(self) -> None:
        for name in ("max_concurrent", "max_simulations", "max_time_ms", "max_threads", "max_message_bytes"):
            if getattr(self, name) < 1:
                raise ValueError(f"Limits.{name} must be >= 1, got {getattr(self, name)}")
        if self.max_nodes < 2:
            raise ValueError(f"Limits.max_nodes must be >= 2, got {self.max_nodes}")
        if self.deadline_margin_ms < 0:
            raise ValueError(f"Limits.deadline_margin_ms must be >= 0, got {self.deadline_margin_ms}")


@dataclass(frozen=True)
class Budget:
    """The search config of one call and how it came about (SuggestMovesResponse.budget)."""

    config: SearchConfig
    deadline_limited: bool
    notes: list[str] = field(default_factory=list)


class FinishTimes:
    """Recent times (ms) a call took beyond its search's time cap: the search's overrun (its last
    simulations) and building the answer (the tree into notation and messages), both longer on a loaded
    machine. estimate() is their 99th percentile: the reserve a time-limited search leaves for them (a
    high percentile, so that nearly every call, not just most, answers within its time budget).
    Thread-safe."""

    def __init__(self, window: int = 64) -> None:
        self._recent: deque[float] = deque(maxlen=window)
        self._lock = threading.Lock()

    def add(self, ms: float) -> None:
        with self._lock:
            self._recent.append(max(0.0, ms))

    @property
    def samples(self) -> int:
        """Times held (at most the window)."""
        with self._lock:
            return len(self._recent)

    def estimate(self) -> float:
        with self._lock:
            ordered = sorted(self._recent)
        return ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0


def plan_budget(
    *,
    simulations: int | None,
    time_ms: int | None,
    threads: int,
    seed: int,
    limits: Limits,
    remaining_s: float | None,
    spent_ms: float = 0.0,
    reserve_ms: float = 0.0,
    max_time_ms: int | None = None,
    search: Mapping[str, Any] | None = None,
) -> Budget:
    """The SearchConfig of a call. simulations / time_ms: the request's budget (None = not given;
    neither = DEFAULT_SIMULATIONS); max_time_ms: with time_ms, the time manager's ceiling (None: off);
    search: the game's hint search (Game.hint_search: SearchConfig fields the budget does not set);
    threads: 0 = 1; remaining_s: seconds to the call's deadline (None = no deadline); spent_ms: the
    call's time on the server so far; reserve_ms: time to keep for building the answer after the
    search. The ceiling is capped as time_ms is (the server's maximum, the time spent and kept, the
    deadline). RequestError for a zero budget or a ceiling without a time budget or below it,
    NoTimeError when the deadline leaves less than the margin plus the reserve plus 1 ms."""
    notes: list[str] = []
    if simulations is not None and simulations < 1:
        raise RequestError("simulations: must be at least 1 (or leave the budget unset for the default)")
    if time_ms is not None and time_ms < 1:
        raise RequestError("time_ms: must be at least 1 (or leave the budget unset for the default)")
    if max_time_ms is not None and (time_ms is None or max_time_ms < time_ms):
        raise RequestError(f"max_time_ms: the time manager's ceiling needs a time_ms budget no larger than it "
                           f"(got max_time_ms {max_time_ms}, time_ms {time_ms}); 0 leaves it off")
    if simulations is None and time_ms is None:
        simulations = DEFAULT_SIMULATIONS
    if simulations is not None and simulations > limits.max_simulations:
        notes.append(f"simulations capped at {limits.max_simulations} by the server")
        simulations = limits.max_simulations
    cap = limits.max_time_ms
    if time_ms is not None and time_ms > cap:
        notes.append(f"time_ms capped at {cap} by the server")
    elif time_ms is not None:
        cap = time_ms
    ceiling = None
    if max_time_ms is not None:
        ceiling = min(max_time_ms, limits.max_time_ms)
        if max_time_ms > limits.max_time_ms:
            notes.append(f"max_time_ms capped at {limits.max_time_ms} by the server")
    if time_ms is not None and spent_ms + reserve_ms >= 1:
        cap = max(1, int(cap - spent_ms - reserve_ms))
        notes.append(f"{TIME_SPENT_NOTE}{cap} ms: {spent_ms:.0f} ms went to reading the position and "
                     f"{reserve_ms:.0f} ms are kept to build the answer")
        if ceiling is not None:
            ceiling = max(1, int(ceiling - spent_ms - reserve_ms))
    deadline_limited = False
    if remaining_s is not None:
        keep = limits.deadline_margin_ms + reserve_ms
        left = int(remaining_s * 1000 - keep)
        if left < 1:
            raise NoTimeError(f"the deadline leaves {max(0.0, remaining_s * 1000):.0f} ms, less than the "
                              f"{keep:.0f} ms the server keeps to answer: no time to search")
        if left < cap:
            cap, deadline_limited = left, True
            notes.append(f"time capped at {left} ms{DEADLINE_NOTE_END}")
        if ceiling is not None and left < ceiling:
            ceiling, deadline_limited = left, True
            notes.append(f"the time manager's ceiling capped at {left} ms{DEADLINE_NOTE_END}")
    threads = threads or 1
    if threads > limits.max_threads:
        notes.append(f"threads capped at {limits.max_threads} by the server")
        threads = limits.max_threads
    config = SearchConfig(**{**(search or {}), "simulations": simulations, "time_ms": cap, "max_time_ms": ceiling,
                             "threads": threads, "seed": seed, "max_nodes": limits.max_nodes, "reuse_tree": False})
    return Budget(config, deadline_limited, notes)
