"""Game logs: our own games record and replay exactly; a log that does not fit its game is refused."""

from __future__ import annotations

import gzip
import json
import random

import pytest

from gaia_ai.cli import main
from gaia_ai.games import load_game
from gaia_ai.games.eminent_domain.gamelog import LogError, record_of, replay_record, run_replay
from gaia_ai.games.eminent_domain.state import EdState

GAME = load_game("eminent-domain")


def played(seed: int, players: int = 2) -> dict:
    deal = GAME.deal(players, seed)
    rec = GAME.recorder(deal)
    rng = random.Random(seed)
    while not rec.state.is_terminal:
        rec.apply(rng.choice(rec.state.legal_moves()))
    return GAME.record(deal, rec.lines, rec.state.final_scores(), f"g{seed}")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_recorded_games_replay_to_the_same_end(players):
    rec = played(players * 10, players)
    state = replay_record(json.loads(json.dumps(rec)))
    assert state.is_terminal and state.final_scores() == rec["final_scores"]
    assert record_of(state, rec["id"])["moves"] == rec["moves"]


def test_a_tampered_log_names_the_first_bad_line():
    rec = played(5)
    seat3 = rec["moves"][3].split()[0]
    bad = dict(rec, moves=rec["moves"][:3] + [f"{seat3} role nowhere"] + rec["moves"][4:])
    with pytest.raises(LogError, match=f"move 3 '{seat3} role nowhere': .*unknown role"):
        replay_record(bad)
    seat = rec["moves"][0].split()[0]
    other = "p2" if seat == "p1" else "p1"
    wrong_seat = dict(rec, moves=[rec["moves"][0].replace(seat, other, 1)] + rec["moves"][1:])
    with pytest.raises(LogError, match=f"move 0 .*the decision is {seat}'s"):
        replay_record(wrong_seat)
    with pytest.raises(LogError, match="final scores"):
        replay_record(dict(rec, final_scores=[s + 1 for s in rec["final_scores"]]))
    with pytest.raises(LogError, match="ends before the game"):
        replay_record(dict(rec, moves=rec["moves"][:-1]))
    with pytest.raises(LogError, match="bad setup"):
        replay_record(dict(rec, setup={"players": 9, "seed": 1}))


def test_replay_command_on_a_file_of_records(tmp_path, capsys):
    path = tmp_path / "games.jsonl.gz"
    with gzip.open(path, "wt") as f:
        for seed in (1, 2, 3):
            f.write(json.dumps(played(seed)) + "\n")
    assert main(["replay", "--game", "eminent-domain", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("3 passed, 0 failed")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(played(4), final_scores=[99, 99])))
    assert run_replay(bad) == 1
    assert "0 passed, 1 failed" in capsys.readouterr().out


def test_registered_game_deals_seeded_states():
    deal = GAME.deal(3, "seed text")
    state = GAME.new_game(deal)
    assert isinstance(state, EdState) and state.num_players == 3 and state.game is GAME
    assert GAME.new_game(GAME.deal(3, "seed text")).key() == state.key()
    assert GAME.setup_from_data(GAME.setup_to_data(deal.setup)) == deal.setup
    assert str(GAME.parse_move("role survey", state)) == "role survey"
