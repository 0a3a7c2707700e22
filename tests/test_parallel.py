"""gaia_ai.parallel.run_jobs: every job's result by its index whatever the workers, a time limit that
stops the jobs still running (the ones finished are kept, and prefix() says which run of them a rerun
with that many jobs reproduces), a job's exception raised in the caller, bad arguments refused."""

from __future__ import annotations

import math
import time

import pytest

from gaia_ai.parallel import prefix, run_jobs


def test_results_are_the_same_whatever_the_workers() -> None:
    jobs = [(n,) for n in range(12)]
    seen: list[int] = []
    one = run_jobs(math.factorial, jobs, 1)
    three = run_jobs(math.factorial, jobs, 3, done=lambda index, _result: seen.append(index))
    assert one == three == {n: math.factorial(n) for n in range(12)}
    assert sorted(seen) == list(range(12))
    assert prefix(three) == [math.factorial(n) for n in range(12)]


def test_a_time_limit_stops_the_jobs_still_running() -> None:
    # job 2 would sleep a minute: the limit stops it; jobs 0 and 1 finished, 2 did not, so the prefix is 0-1
    results = run_jobs(time.sleep, [(0,), (0,), (60,), (0,)], 2, seconds=2)
    assert 2 not in results and {0, 1} <= set(results)
    assert prefix(results) == [None, None]


def test_a_jobs_exception_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="math domain error"):
        run_jobs(math.sqrt, [(1,), (-1,), (4,)], 2)


@pytest.mark.parametrize("workers, seconds, message", [(0, None, "workers must be at least 1"),
                                                       (2, 0, "seconds must be positive")])
def test_bad_arguments_are_refused(workers: int, seconds: float | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run_jobs(math.factorial, [(1,)], workers, seconds=seconds)
