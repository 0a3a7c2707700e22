"""Independent jobs (self-play games, a match's rotations) over worker processes, each seeded on its own,
so that the results do not depend on how many workers played them; optionally cut at a wall-clock limit."""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Sequence
from typing import Any


def ignore_sigint() -> None:
    """A worker's initializer: Ctrl-C reaches the whole process group, and only the main process handles
    it (it ends the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(task: tuple[Callable[..., Any], int, tuple[Any, ...]]) -> tuple[int, Any]:
    fn, index, args = task
    return index, fn(*args)


def run_jobs(fn: Callable[..., Any], jobs: Sequence[tuple[Any, ...]], workers: int = 1, *,
             seconds: float | None = None, done: Callable[[int, Any], None] | None = None) -> dict[int, Any]:
    """{index: fn(*jobs[index])} for the jobs finished. workers > 1 runs them in that many processes (fn
    must be a module-level function, its arguments and result picklable); jobs start in index order.
    seconds: no job starts after that many seconds, and with workers > 1 the ones still running then are
    stopped (with one worker the running job ends first); without it every job finishes. done(index,
    result) is called in this process as each job finishes (a progress bar). An exception in a job stops
    the others and is raised here."""
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if seconds is not None and seconds <= 0:
        raise ValueError(f"seconds must be positive, got {seconds}")
    deadline = None if seconds is None else time.monotonic() + seconds
    results: dict[int, Any] = {}

    def finished(index: int, result: Any) -> None:
        results[index] = result
        if done is not None:
            done(index, result)

    if workers == 1 or len(jobs) <= 1:
        for index, args in enumerate(jobs):
            if deadline is not None and time.monotonic() >= deadline:
                break
            finished(index, fn(*args))
        return results
    with multiprocessing.Pool(min(workers, len(jobs)), initializer=ignore_sigint) as pool:   # leaving the block terminates the workers
        pending = pool.imap_unordered(_call, [(fn, i, tuple(args)) for i, args in enumerate(jobs)], chunksize=1)
        for _ in range(len(jobs)):
            try:
                timeout = None if deadline is None else max(deadline - time.monotonic(), 0.0)
                index, result = pending.next(timeout)
            except multiprocessing.TimeoutError:
                break
            finished(index, result)
    return results


def prefix(results: dict[int, Any]) -> list[Any]:
    """The results of jobs 0, 1, ... up to the first one missing (what a time limit left of a run that
    `--games len(prefix)` reproduces)."""
    out = []
    while len(out) in results:
        out.append(results[len(out)])
    return out
