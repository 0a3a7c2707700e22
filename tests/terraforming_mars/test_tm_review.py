"""Review of a played Terraforming Mars game (a corpus record): every decision of the chosen seat searched
from that seat's own knowledge then, the loss against the search's choice and a label; the command line."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from gaia_ai.cli import main
from gaia_ai.games.registry import load_game
from gaia_ai.games.terraforming_mars.review import _evaluate, load_played_game, review_game
from gaia_ai.review.model import ReviewError, review_config

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "tm" / "games-sample.jsonl.gz"
GAME = "terraforming-mars"


@pytest.fixture(scope="module")
def played():
    return load_game(GAME).load_played_game(str(SAMPLE), "b000")


def test_a_record_becomes_one_line_per_atomic_decision(played):
    assert played.game_id == "b000" and len(played.lines) > len(played.record["acts"])
    assert played.lines[0].startswith("p1 setup PhoboLog:")
    assert [p.faction for p in played.players()] == ["PhoboLog", "Ecoline"]
    assert [p.name for p in played.players()] == ["red", "green"]
    assert played.final.final_scores() == [s["total"] for s in played.record["final"]["scores"]]


def test_review_labels_every_real_choice_of_a_seat(played):
    review = review_game(played, [1], review_config(60, seed=2), (30, 60))
    reviewed = {d.index for d in review.decisions} | {s.index for s in review.skipped}
    assert reviewed == {i for i in range(30, 60) if played.lines[i].startswith("p2 ")}
    assert review.decisions and all(d.player == 1 for d in review.decisions)
    for d in review.decisions:
        assert d.played == played.lines[d.index][3:] and d.choices > 1
        assert d.label in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert (d.label == "best") == (d.rank == 1) and d.vp_loss >= 0
        assert d.played_words and d.best_words
        assert d.evaluation in ("search", "restricted search")
    assert all(s.reason == "forced" for s in review.skipped)
    again = review_game(played, [1], review_config(60, seed=2), (30, 60))
    assert [d.to_dict() for d in again.decisions] == [d.to_dict() for d in review.decisions]
    # on two processes: the same review
    both = review_game(played, [1], review_config(60, seed=2), (30, 60), jobs=2)
    assert [d.to_dict() for d in both.decisions] == [d.to_dict() for d in review.decisions]
    # its chart reads in generations
    from gaia_ai.review.chart import chart_figure

    axes = chart_figure(review).axes[-1]
    assert axes.get_xlabel().startswith("generation:")
    assert all(t.get_text().startswith("generation ") for t in axes.get_xticklabels())


def test_a_decision_is_valued_from_what_the_seat_knew(played):
    # the other hands and the draw pile changed (what p2 cannot see): the same decision, the same review
    index = next(i for i in range(40, len(played.steps)) if played.steps[i].player == 1
                 and len(played.steps[i].before.legal_codes()) > 1)
    step = played.steps[index]
    config = review_config(80, seed=1)
    other = dataclasses.replace(step, before=step.before.determinize(1, 12345))
    assert other.before.core.hand(0) != step.before.core.hand(0)
    n = len(step.before.legal_codes())
    assert _evaluate(index, other, n, config).to_dict() == _evaluate(index, step, n, config).to_dict()


def test_review_on_the_command_line(capsys, tmp_path):
    argv = ["review", "--game", GAME, "--corpus", str(SAMPLE), "--game-id", "b000", "--player", "Ecoline",
            "--moves", "30:50", "--simulations", "60"]
    assert main([*argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["decisions"] and all(d["player"] == 1 for d in doc["decisions"])
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "Ecoline (green)" in text and "accuracy" in text
    one = tmp_path / "b000.json"
    one.write_text(json.dumps(played_record()))
    assert main(["review", "--game", GAME, str(one), "--player", "red", "--moves", "0:12", "--simulations",
                 "30", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"]


def played_record():
    return load_played_game(str(SAMPLE), "b000").record


def test_a_bad_record_is_refused_naming_it(tmp_path, capsys):
    assert main(["review", "--game", GAME, "--corpus", str(SAMPLE), "--game-id", "nope"]) == 2
    assert "no game 'nope'" in capsys.readouterr().err
    rec = played_record()
    rec["acts"][5]["card"] = "No Such Card"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    with pytest.raises(ReviewError, match=r"b000: act 5 \(playCard p1\)"):
        load_played_game(str(bad))
    assert main(["review", "--game", GAME, "--corpus", str(SAMPLE), "--game-id", "b000", "--player", "p9"]) == 2
    assert "no player 'p9'" in capsys.readouterr().err
