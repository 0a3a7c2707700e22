"""Our own TM game logs (gamelog.py): a recorded game replays to its scores; a log that does not is
refused naming the line and why."""

from __future__ import annotations

import random

import pytest

from gaia_ai.games.terraforming_mars.game import Recorder, TmSetup
from gaia_ai.games.terraforming_mars.gamelog import LogError, record, replay_log
from gaia_ai.games.terraforming_mars.replay import replay_record


def _played(seed: int, colonies: bool = False) -> dict:
    setup = TmSetup(2, seed, colonies)
    rec = Recorder(setup)
    rng = random.Random(seed)
    while not rec.state.is_terminal:
        rec.apply(rng.choice(rec.state.legal_codes()))
    return record(setup, rec.lines, rec.state.final_scores(), f"g{seed}")


@pytest.mark.parametrize("colonies", [False, True])
def test_a_recorded_game_replays_to_its_scores(colonies):
    rec = _played(3, colonies)
    final = replay_log(rec)
    assert final.is_terminal and final.final_scores() == rec["final_scores"]
    result = replay_record(rec)
    assert result.ok and result.actions == result.replayed == len(rec["moves"])


def test_a_log_that_does_not_replay_names_the_line():
    rec = _played(5)
    wrong_seat = dict(rec, moves=["p2" + rec["moves"][0][2:], *rec["moves"][1:]])
    with pytest.raises(LogError, match=r"move 0 'p2 .*': the decision is p1's"):
        replay_log(wrong_seat)
    with pytest.raises(LogError, match=r"move 1 'p2 fly to the moon'"):
        replay_log(dict(rec, moves=[rec["moves"][0], "p2 fly to the moon"]))
    with pytest.raises(LogError, match="the log ends before the game"):
        replay_log(dict(rec, moves=rec["moves"][:-1]))
    with pytest.raises(LogError, match="differ from the recorded"):
        replay_log(dict(rec, final_scores=[s + 1 for s in rec["final_scores"]]))
    with pytest.raises(LogError, match="bad setup"):
        replay_log(dict(rec, setup={"players": "two"}))
    result = replay_record(dict(rec, final_scores=[0, 0]))
    assert not result.ok and "differ from the recorded" in result.error


def test_a_record_of_neither_kind_is_a_failed_game_not_a_crash():
    result = replay_record({"id": "x", "format": "something/2"})
    assert not result.ok and "not a corpus record" in result.error and "'something/2'" in result.error
