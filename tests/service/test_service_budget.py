"""plan_budget: the search budget of a call from its request, the server's limits and its deadline."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_ai.service.budget import DEFAULT_SIMULATIONS, FinishTimes, Limits, plan_budget
from gaia_ai.service.errors import NoTimeError, RequestError

LIMITS = Limits(max_simulations=5_000, max_time_ms=10_000, max_threads=2, max_nodes=50_000, deadline_margin_ms=100)


def _plan(remaining_s: float | None = None, **request: float | None) -> Any:
    return plan_budget(**{"simulations": None, "time_ms": None, "threads": 0, "seed": 7, **request},
                       limits=LIMITS, remaining_s=remaining_s)


def test_no_budget_means_the_default_simulations_with_the_servers_time_cap() -> None:
    budget = _plan()
    c = budget.config
    assert (c.simulations, c.time_ms, c.threads, c.seed, c.max_nodes) == (DEFAULT_SIMULATIONS, 10_000, 1, 7, 50_000)
    assert not budget.deadline_limited and budget.notes == []


def test_requests_within_the_limits_are_kept() -> None:
    c = _plan(time_ms=2_500, threads=2).config
    assert (c.simulations, c.time_ms, c.threads) == (None, 2_500, 2)


def test_each_limit_caps_the_request_and_says_so() -> None:
    budget = _plan(simulations=9_000, threads=8)
    assert (budget.config.simulations, budget.config.threads) == (5_000, 2)
    assert budget.notes == ["simulations capped at 5000 by the server", "threads capped at 2 by the server"]
    budget = _plan(time_ms=60_000)
    assert budget.config.time_ms == 10_000 and budget.notes == ["time_ms capped at 10000 by the server"]


def test_the_deadline_less_the_margin_caps_any_budget() -> None:
    for request in ({"time_ms": 5_000}, {"simulations": 4_000}):
        budget = _plan(remaining_s=1.0, **request)
        assert budget.config.time_ms == 900 and budget.deadline_limited
    far = _plan(remaining_s=100.0, time_ms=5_000)
    assert far.config.time_ms == 5_000 and not far.deadline_limited


def test_a_deadline_within_the_margin_leaves_no_time() -> None:
    with pytest.raises(NoTimeError, match="less than the 100 ms the server keeps to answer"):
        _plan(remaining_s=0.1, simulations=10)
    with pytest.raises(NoTimeError, match="less than the 150 ms the server keeps to answer"):
        _plan(remaining_s=0.15, simulations=10, reserve_ms=50.0)


def test_a_time_budget_is_the_calls_time_on_the_server() -> None:
    budget = _plan(time_ms=1_000, spent_ms=30.0, reserve_ms=20.0)
    assert budget.config.time_ms == 950 and "30 ms went to reading the position" in budget.notes[0]
    assert _plan(time_ms=10, spent_ms=30.0).config.time_ms == 1   # always some search
    assert _plan(simulations=100, spent_ms=30.0, reserve_ms=20.0).config.time_ms == 10_000   # a cap only
    deadline = _plan(remaining_s=1.0, simulations=100, reserve_ms=50.0)
    assert deadline.config.time_ms == 850 and deadline.deadline_limited


def test_finish_times_estimate_their_99th_percentile() -> None:
    times = FinishTimes(window=101)
    assert times.estimate() == 0.0
    for ms in range(100, -1, -1):
        times.add(float(ms))
    assert times.estimate() == 99.0
    for _ in range(101):
        times.add(5.0)   # the window forgets older times
    assert times.estimate() == 5.0


@pytest.mark.parametrize(("request_", "field"), [({"simulations": 0}, "simulations"), ({"time_ms": 0}, "time_ms")])
def test_a_zero_budget_is_a_request_error(request_: dict[str, int], field: str) -> None:
    with pytest.raises(RequestError, match=f"^{field}: must be at least 1"):
        _plan(**request_)


def test_limits_are_validated() -> None:
    with pytest.raises(ValueError, match="max_concurrent"):
        Limits(max_concurrent=0)
    with pytest.raises(ValueError, match="deadline_margin_ms"):
        Limits(deadline_margin_ms=-1)


def test_the_time_managers_ceiling_is_capped_as_time_ms_is() -> None:
    assert _plan(time_ms=1_000).config.max_time_ms is None
    assert _plan(time_ms=1_000, max_time_ms=3_000).config.max_time_ms == 3_000
    capped = _plan(time_ms=1_000, max_time_ms=60_000)
    assert capped.config.max_time_ms == 10_000 and capped.notes == ["max_time_ms capped at 10000 by the server"]
    spent = plan_budget(simulations=None, time_ms=1_000, max_time_ms=2_000, threads=0, seed=7, limits=LIMITS,
                        remaining_s=None, spent_ms=30.0, reserve_ms=20.0)
    assert (spent.config.time_ms, spent.config.max_time_ms) == (950, 1_950)
    deadline = _plan(remaining_s=1.5, time_ms=1_000, max_time_ms=5_000)
    assert (deadline.config.time_ms, deadline.config.max_time_ms) == (1_000, 1_400) and deadline.deadline_limited
    assert deadline.notes == ["the time manager's ceiling capped at 1400 ms by the call's deadline"]


@pytest.mark.parametrize("request_", [{"simulations": 100, "max_time_ms": 500}, {"max_time_ms": 500},
                                      {"time_ms": 800, "max_time_ms": 500}])
def test_a_ceiling_without_a_time_budget_or_below_it_is_refused(request_: dict) -> None:
    with pytest.raises(RequestError, match="max_time_ms: the time manager's ceiling needs a time_ms budget"):
        _plan(**request_)


def test_the_games_hint_search_fills_what_the_budget_does_not_set() -> None:
    hint = {"selection": "puct", "c_puct": 0.75, "leaf_mix": 0.5, "seed": 99, "threads": 2}
    config = plan_budget(simulations=300, time_ms=None, threads=0, seed=7, limits=LIMITS, remaining_s=None,
                         search=hint).config
    assert (config.selection, config.c_puct, config.leaf_mix) == ("puct", 0.75, 0.5)
    assert (config.simulations, config.seed, config.threads, config.reuse_tree) == (300, 7, 1, False)
