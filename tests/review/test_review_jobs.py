"""A review on several processes (--jobs) is the review on one: the same decisions, in log order."""

from __future__ import annotations

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
