"""gaia-ai play against a fake Terraforming Mars app server (fake_tm_app.py) that serves recorded views of
the app-prompts corpus and checks each posted answer against the recorded accepted ones."""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_tm_app import FakeApp, judgeable

from gaia_ai.bots import make_bot
from gaia_ai.games.terraforming_mars.game import GAME
from gaia_ai.games.terraforming_mars.liveapp import LiveAppClient, LiveAppError, prompt_answers
from gaia_ai.games.terraforming_mars.playerview import PlayerViewError, import_player_view

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "tm" / "app-answers-sample.jsonl.gz"


def _importing_records():
    with gzip.open(SAMPLE, "rt", encoding="utf-8") as f:
        return [r for r in map(json.loads, f) if judgeable(r)]


def _client(app, pids, **kw):
    lines = []
    kw.setdefault("max_tries", 400)
    client = LiveAppClient(app.url, pids, make_bot("greedy", GAME), log=lines.append, poll=0.01, **kw)
    return client, lines


def test_two_seats_play_their_recorded_prompts_to_the_end():
    records = _importing_records()
    assert len(records) >= 20
    seats = {"pa00000000001": records[0::2], "pb00000000002": records[1::2]}
    with FakeApp(seats) as app:
        client, lines = _client(app, list(seats))
        start = time.perf_counter()
        stats = client.run()
        elapsed = time.perf_counter() - start
    assert all(s.finished for s in stats)
    assert sum(s.decisions for s in stats) == len(records)
    assert [p for p in app.posts if p[2] == "refused"] == []     # never an answer the app's engine refused
    taken = {rid for _pid, rid, how in app.posts if how == "accepted"}
    assert taken == {r["id"] for r in records}
    assert any(" -> {" in line for line in lines)                  # each decision logged with its answer
    first = sum(1 for i, p in enumerate(app.posts) if p[2] == "accepted" and (i == 0 or app.posts[i - 1][2] == "accepted"))
    print(f"{len(records)} prompts, {len(app.posts)} posts, {first} taken at the first try, "
          f"{len(records) / elapsed:.1f} decisions/s")


def test_a_restarted_bot_takes_up_the_game_from_the_view():
    records = _importing_records()[:8]
    with FakeApp({"pa00000000001": records}) as app:
        client, _ = _client(app, ["pa00000000001"], max_decisions=3)
        assert client.run()[0].decisions == 3 and app.at["pa00000000001"] == 3
        app.run_id = "r000000000new"        # the server restarted too: the stale runId is refused once
        again, _ = _client(app, ["pa00000000001"])
        stats = again.run()
    assert stats[0].finished and stats[0].decisions == len(records) - 3


def test_a_prompt_that_does_not_import_is_answered_from_the_prompt_alone():
    w = {"type": "or", "title": "Select one option", "options": [
        {"type": "option", "title": "Gain 2 plants"},
        {"type": "card", "title": "Add 2 microbes to a card", "min": 1, "max": 1,
         "cards": [{"name": "Tardigrades"}, {"name": "Decomposers"}]}]}
    answers = prompt_answers(w)
    assert answers[0] == {"type": "or", "index": 0, "response": {"type": "option"}}
    assert {"type": "or", "index": 1, "response": {"type": "card", "cards": ["Tardigrades"]}} in answers


def test_an_unreachable_server_and_a_bad_url_are_clear_errors():
    with pytest.raises(LiveAppError, match="expected http"):
        LiveAppClient("127.0.0.1:1", ["p1"], None)
    with pytest.raises(LiveAppError, match="127.0.0.1"):
        LiveAppClient("http://127.0.0.1:9", ["p1"], make_bot("greedy", GAME), log=lambda _l: None).run()


def test_ctrl_c_stops_the_play_command_with_130():
    records = _importing_records()[:2]
    with FakeApp({"pw00000000003": records}, wait_forever=("pw00000000003",)) as app:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.Popen([sys.executable, "-m", "gaia_ai", "play", "--game", "terraforming-mars",
                                 "--app-url", app.url, "--player-id", "pw00000000003", "--poll", "0.05"],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while app.polls == 0 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)                 # until it has read the view and polls
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "stopped" in err


def test_play_for_a_game_without_a_live_client_says_so(capsys):
    from gaia_ai.cli import main

    assert main(["play", "--game", "gaia-project", "--app-url", "http://127.0.0.1:9",
                 "--player-id", "p1"]) == 2
    assert "no live web app client" in capsys.readouterr().err


def test_a_follow_up_the_importer_cannot_read_is_answered_from_our_own_position():
    """After our "std city", the app asks for the city's space: a view the importer refuses (no card named
    as its cause, here an unknown title) is answered from our position after that answer."""
    from gaia_ai.games.terraforming_mars.appresponse import app_response_after, greedy_completion
    from gaia_ai.games.terraforming_mars.playerview import parse_player_view

    rec = next(r for r in _records_of(SAMPLE) if r["id"] == "b2p-s311-g0-d130")
    state, pv = import_player_view(rec["view"], seed=0)
    _resp, _lines, after = app_response_after(state, pv, ["std city pay mc=25"], greedy_completion())
    spaces = sorted(m.text.split()[1] for m in after.legal_moves())
    follow = {**rec["view"], "waitingFor": {"type": "space", "title": "Select space for the city of a test",
                                            "spaces": spaces}}
    with pytest.raises(PlayerViewError):
        import_player_view(follow)
    client = LiveAppClient("http://127.0.0.1:9", ["p1"], make_bot("greedy", GAME), log=lambda _l: None)
    seat = client.seats[0]
    seat.continuation = (after, parse_player_view(rec["view"]))
    words, response, _after = next(client._candidates(seat, follow))
    assert response["type"] == "space" and response["spaceId"] in spaces and words.startswith("space ")
    assert seat.fallbacks == 0


def _records_of(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]
