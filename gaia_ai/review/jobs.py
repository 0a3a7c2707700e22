"""Every game's review loop: the decisions evaluated one after another, or on several processes at once.

A decision's evaluation is one or two seeded searches of its own position, independent of the others,
so `jobs` processes each take the next decision not yet taken and the review is the same whatever the
count. A game may instead group its decisions into runs (`run_of`: consecutive decisions with the same
key): a run is evaluated in order by one process, so its evaluation may carry something from one
decision to the next (Gaia keeps the search tree) and, as it starts afresh at each run's first
decision, the review is still the same whatever the count. The positions (C states) cannot be sent to another process: each worker rebuilds the list of
pending decisions once, with `rebuild` (a picklable callable: a module function and the played game),
and is then sent only indexes. Workers start with "spawn", a fresh interpreter (the parent's OpenMP
threads are not inherited, which fork would break), about a second each.

Ctrl-C stops the review with the decisions evaluated so far (the workers ignore SIGINT and are ended by
the parent).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from itertools import groupby
from typing import Any

from gaia_ai.cores import usable_cores
from gaia_ai.review.model import Decision
from gaia_ai.search.config import SearchConfig

Evaluate = Callable[[Any, SearchConfig], Decision]
Progress = Callable[[Iterator[Any], int], Iterable[Any]]


def default_jobs() -> int:
    """The cores this process may run on (the review's default --jobs)."""
    return usable_cores()


def evaluate_decisions(evaluate: Evaluate, pending: Sequence[Any], config: SearchConfig,
                       progress: Progress | None = None, jobs: int = 1,
                       rebuild: Callable[[], Sequence[Any]] | None = None,
                       run_of: Callable[[Any], Hashable] | None = None) -> tuple[list[Decision], bool]:
    """evaluate(item, config) for each pending decision, on `jobs` processes when jobs > 1 and
    `rebuild` (which gives the same pending list in a worker) is given, else here in order; under
    progress(iterator, total) when given (a progress bar), advanced as decisions finish. run_of: the
    run of an item (see the module's docstring); a process takes a whole run at a time. Returns the
    decisions in log order and whether Ctrl-C (KeyboardInterrupt) stopped it, with those finished
    (a run cut short by Ctrl-C on a worker is not among them)."""
    runs = [[i for i, _ in run] for _, run in groupby(enumerate(pending), lambda e: run_of(e[1]) if run_of else e[0])]
    workers = min(jobs, len(runs))
    if workers <= 1 or rebuild is None:
        results: Iterator[Decision] = (evaluate(item, config) for item in pending)
        pool = None
    else:
        pool = multiprocessing.get_context("spawn").Pool(workers, _start_worker, (rebuild, evaluate, config))
        results = (decision for done in pool.imap_unordered(_evaluate_run, runs) for decision in done)
    shown: Iterable[Decision] = results if progress is None else progress(results, len(pending))
    decisions: list[Decision] = []
    interrupted = finished = False
    try:
        for decision in shown:   # one by one: a Ctrl-C keeps those finished
            decisions.append(decision)  # noqa: PERF402
        finished = True
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if pool is not None:   # Ctrl-C or an error in a worker: the others stop at once
            if finished:
                pool.close()
            else:
                pool.terminate()
            pool.join()
    decisions.sort(key=lambda d: d.index)
    return decisions, interrupted


# a worker's state: the rebuilt pending decisions, the evaluation and its config
_WORKER: dict[str, Any] = {}


def _start_worker(rebuild: Callable[[], Sequence[Any]], evaluate: Evaluate, config: SearchConfig) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's to handle
    _WORKER.update(pending=rebuild(), evaluate=evaluate, config=config)


def _evaluate_run(indexes: list[int]) -> list[Decision]:
    return [_WORKER["evaluate"](_WORKER["pending"][i], _WORKER["config"]) for i in indexes]
