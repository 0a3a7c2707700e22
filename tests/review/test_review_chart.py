"""The review chart and table as a reader meets them: rounds and turns on the x axis, mistakes and
blunders marked on the curves, moves never cut in the table."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from gaia_ai.games.gaia.review import review_game
from gaia_ai.games.gaia.review_game import load_game
from gaia_ai.review.chart import chart_figure, decision_positions
from gaia_ai.review.model import Review, review_config
from gaia_ai.review.report import format_table


@pytest.fixture(scope="module")
def review() -> Review:
    game = load_game(Path(__file__).resolve().parents[1] / "data" / "corpus-sample.jsonl.gz", "bot-001")
    return review_game(game, config=review_config(simulations=30), lines=(3, 30))


def test_decisions_sit_in_their_round_in_play_order(review: Review) -> None:
    x = decision_positions(review)
    ordered = sorted(review.decisions, key=lambda d: d.index)
    assert [x[d.index] for d in ordered] == sorted(x[d.index] for d in ordered)
    for d in review.decisions:
        assert d.round <= x[d.index] < d.round + 1
    assert len({d.round for d in review.decisions}) >= 2   # the slice crosses a round boundary


def test_the_axis_reads_in_rounds(review: Review) -> None:
    axes = chart_figure(review).axes[1]
    labels = [t.get_text() for t in axes.get_xticklabels()]
    assert labels == ["set-up" if r == 0 else f"round {r}" for r in sorted({d.round for d in review.decisions})]
    assert axes.get_xlabel().startswith("round")


def test_mistakes_and_blunders_are_marked_and_explained(review: Review) -> None:
    decisions = list(review.decisions)
    decisions[0] = dataclasses.replace(decisions[0], label="blunder")
    decisions[1] = dataclasses.replace(decisions[1], label="mistake")
    figure = chart_figure(dataclasses.replace(review, decisions=decisions))
    legend = [t.get_text() for t in figure.axes[0].get_legend().get_texts()]
    assert "blunder (12 VP or 30% lost)" in legend and "mistake (6 VP or 20% lost)" in legend
    # one marker per mistake or blunder on each panel (a 30-simulation review has noisy labels of its own)
    marked = sum(d.label in ("mistake", "blunder") for d in decisions)
    for axes in figure.axes:
        assert sum(len(c.get_offsets()) for c in axes.collections) == marked


def test_the_table_never_cuts_a_move(review: Review) -> None:
    long_move = "spend 3pw for 1o. federation 1A8,1A9,2A1,2A2,3A0,3A10,3A11,9A8 fed2."
    decisions = [dataclasses.replace(review.decisions[0], played=long_move), *review.decisions[1:]]
    table = format_table(dataclasses.replace(review, decisions=decisions))
    assert long_move in table and "…" not in table


def test_each_decision_carries_its_moves_in_words(review: Review) -> None:
    for d in review.decisions:
        assert d.played_words and d.best_words
        assert all(w[0].isupper() for w in d.played_words + d.best_words)
        doc = d.to_dict()
        assert doc["played_words"] == d.played_words and doc["best_words"] == d.best_words
    best = [d for d in review.decisions if d.label == "best"]
    assert all(d.played_words == d.best_words for d in best if d.played.rstrip(".") == d.best.rstrip("."))
