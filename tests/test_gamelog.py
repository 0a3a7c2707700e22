"""Move logs of games played by bots, and the corpus records that replay them."""

from __future__ import annotations

import random

import pytest

from gaia_ai.bots import make_bot
from gaia_ai.bots.play import play_game
from gaia_ai.games.api import Deal, ranks_of
from gaia_ai.games.gaia.corpus import CorpusRecord
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError, IllegalMoveError
from gaia_ai.games.gaia.game import GAME, draw_factions
from gaia_ai.games.gaia.gamelog import LogRecorder, corpus_record
from gaia_ai.games.gaia.notation import parse_line
from gaia_ai.games.gaia.replay import replay_record
from gaia_ai.games.gaia.setup import GameSetup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_played_game_replays_from_its_log(players: int) -> None:
    setup = GameSetup.random(players, f"log-{players}")
    factions = draw_factions(random.Random(players), players)
    bots = [make_bot("greedy")] + [make_bot(f"random:seed={s}") for s in range(players - 1)]
    game = play_game(GAME, bots, list(range(players)), Deal(setup, tuple(factions), setup.seed))
    lines = game.lines
    assert lines[0] == f"init {players} {setup.seed}"
    assert lines[1:players + 1] == [f"p{s + 1} faction {f}" for s, f in enumerate(factions)]
    parsed = [parse_line(line) for line in lines[1:]]
    assert all(p.player in factions or p.player.startswith("p") for p in parsed)
    # a main-action turn is one line ended by '.', as the engine writes it
    assert any(p.ends_turn and len(p.commands) > 1 for p in parsed)
    assert game.moves >= len(lines) - 1

    record = corpus_record("g1", setup, lines, final_vp=game.scores, final_board=game.final_state["board"])
    assert record["final"]["vp"] == game.scores and record["complete"]
    assert len(record["snapshots"]) == len(lines) and "hx" in record["snapshots"][players + 1]
    verdict = replay_record(CorpusRecord.from_dict(record))
    assert verdict.passed, verdict.describe()


def test_recorder_logs_nothing_for_an_illegal_command() -> None:
    state = GaiaState.new(GameSetup.random(2, "log"))
    log = LogRecorder(state)
    with pytest.raises(IllegalMoveError):
        log.apply("build m 1A1")
    log.apply("faction terrans")
    log.close()
    assert log.lines == ["init 2 log", "p1 faction terrans"] and log.commands == 1


def test_a_log_line_that_does_not_apply_is_named() -> None:
    setup = GameSetup.random(2, "log")
    with pytest.raises(GaiaError, match=r"game bad: log line 2 'p1 faction xenos' does not replay"):
        corpus_record("bad", setup, ["init 2 log", "p1 faction terrans", "p1 faction xenos"])


def test_ranks_share_ties() -> None:
    assert ranks_of([80, 95, 80, 60]) == [2, 1, 2, 4]
