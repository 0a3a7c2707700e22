"""A review on several processes (--jobs) is the review on one: the same decisions, in log order."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.registry import load_game
from gaia_ai.review.jobs import evaluate_decisions
from gaia_ai.review.model import review_config
from gaia_ai.search import SearchConfig

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("game, path, lines", [
    ("gaia-project", DATA / "exports" / "bot-001.json", (20, 30)),
    ("eminent-domain", DATA / "ed" / "match-1-1.jsonl", (0, 40)),
])
def test_two_jobs_give_the_same_review(game: str, path: Path, lines: tuple[int, int]) -> None:
    rules = load_game(game)
    played = rules.load_played_game(str(path))
    config = review_config(40, seed=3, search=rules.hint_search())
    one = rules.review_game(played, None, config, lines, jobs=1)
    two = rules.review_game(played, None, config, lines, jobs=2)
    assert len(one.decisions) > 2
    assert [d.to_dict() for d in two.decisions] == [d.to_dict() for d in one.decisions]
    assert [d.index for d in two.decisions] == sorted(d.index for d in two.decisions)


def _six() -> list[int]:
    return list(range(6))


def _fails(item: int, config: SearchConfig) -> Any:
    raise ValueError(f"decision {item} fails")


def test_an_error_in_a_worker_ends_the_review_with_it() -> None:
    with pytest.raises(ValueError, match=r"decision \d fails"):
        evaluate_decisions(_fails, _six(), SearchConfig(simulations=1), jobs=2, rebuild=_six)


@dataclass
class _Done:
    index: int
    process: int
    previous: int | None   # the item this process evaluated just before


_LAST: dict[str, int] = {}


def _ten() -> list[int]:
    return list(range(10))


def _note(item: int, config: SearchConfig) -> Any:
    previous = _LAST.get("item")
    _LAST["item"] = item
    return _Done(item, os.getpid(), previous)


def test_a_run_is_evaluated_in_order_by_one_process() -> None:
    """Decisions of one run (run_of) go to one worker, in order, so an evaluation may carry a search
    tree from one to the next and the review is still the same for any number of jobs."""
    done, interrupted = evaluate_decisions(_note, _ten(), SearchConfig(simulations=1), jobs=2, rebuild=_ten,
                                           run_of=lambda i: i // 4)
    assert not interrupted and [d.index for d in done] == list(range(10))
    for d in done:
        if d.index % 4:   # not a run's first decision: the one before it, on the same process
            assert d.previous == d.index - 1
            assert d.process == done[d.index - 1].process
    assert os.getpid() not in {d.process for d in done}   # on the workers, not here
