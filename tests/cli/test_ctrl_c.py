"""Ctrl-C (SIGINT) during a command's searches: the command stops, prints what it has (the best answer so
far, the decisions reviewed so far, the games finished so far) and exits 130, without a traceback.

Each command runs in a child process that sends itself SIGINT at a known point of its work (from a
thread, as a terminal's Ctrl-C reaches any thread): during a local search, whose budget would otherwise
run for hours, so a search that ignored the signal would time the test out."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from service_helpers import running_server

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
HUGE = str(10**9)   # simulations: a budget no test waits for

# the child: SIGINT itself `delay` seconds into the command's interruptible block (gaia_ai.search.interrupt)
SEARCH_CHILD = textwrap.dedent("""
    import contextlib, os, signal, sys, threading
    import gaia_ai.search.interrupt as interrupt
    from gaia_ai.cli import main
    real = interrupt.ctrl_c

    @contextlib.contextmanager
    def ctrl_c(*args, **kwargs):
        with real(*args, **kwargs) as stop:
            threading.Timer(float(sys.argv[1]), os.kill, (os.getpid(), signal.SIGINT)).start()
            yield stop

    interrupt.ctrl_c = ctrl_c
    sys.exit(main(sys.argv[2:]))
""")

# the child of a remote search: SIGINT itself `delay` seconds after it starts (the call under way by then,
# or not yet: either way one line and 130)
TIMER_CHILD = textwrap.dedent("""
    import os, signal, sys, threading
    threading.Timer(float(sys.argv[1]), os.kill, (os.getpid(), signal.SIGINT)).start()
    from gaia_ai.cli import main
    sys.exit(main(sys.argv[2:]))
""")

# the child of a review: SIGINT itself once two decisions are reviewed (when the bar asks for the third)
REVIEW_CHILD = textwrap.dedent("""
    import os, signal, sys
    import gaia_ai.review.cli as review_cli
    from gaia_ai.cli import main

    def progress(items, total):
        for n, item in enumerate(items):
            if n == 2:
                os.kill(os.getpid(), signal.SIGINT)
            yield item

    review_cli._progress = progress
    sys.exit(main(sys.argv[1:]))
""")


def _run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                          check=False,
                          cwd=ROOT)


@pytest.mark.parametrize("position", [
    ["--demo"],
    ["--game", "terraforming-mars", "--corpus", str(DATA / "tm" / "games-sample.jsonl.gz"), "--game-id", "b000",
     "--move", "40"],
    ["--game", "eminent-domain", "--log", str(DATA / "ed" / "match-1-1.jsonl"), "--move", "1"],
], ids=["gaia-project", "terraforming-mars", "eminent-domain"])
def test_suggest_prints_the_best_answer_so_far(position: list[str]) -> None:
    done = _run(SEARCH_CHILD, "1.0", "suggest", *position, "--simulations", HUGE, "--json")
    assert done.returncode == 130, done.stderr
    answer = json.loads(done.stdout)
    assert answer["stats"]["interrupted"] is True
    assert 0 < answer["stats"]["simulations"] < 10**9
    assert answer["suggestions"] and answer["suggestions"][0]["visits"] > 0
    assert "Traceback" not in done.stderr


def test_suggest_table_says_it_was_stopped() -> None:
    done = _run(SEARCH_CHILD, "0.5", "suggest", "--demo", "--simulations", HUGE)
    assert done.returncode == 130, done.stderr
    assert "stopped by Ctrl-C: the best answer so far" in done.stdout
    assert " 1  " in done.stdout   # the first hint's row


def test_review_keeps_the_decisions_reviewed_so_far() -> None:
    done = _run(REVIEW_CHILD, "review", str(DATA / "exports" / "bot-001.json"), "--simulations", "100",
                "--json")
    assert done.returncode == 130, done.stderr
    review = json.loads(done.stdout)
    assert review["interrupted"] is True
    assert len(review["decisions"]) >= 2
    assert "stopped by Ctrl-C" in done.stderr and "Traceback" not in done.stderr


def test_review_summary_says_where_it_was_stopped() -> None:
    done = _run(REVIEW_CHILD, "review", str(DATA / "exports" / "bot-001.json"), "--simulations", "100")
    assert done.returncode == 130, done.stderr
    header = next(line for line in done.stdout.splitlines() if line.startswith("bot-001: log lines "))
    assert "(stopped by Ctrl-C after line " in header, header   # not the whole game's range alone


def test_match_keeps_the_games_finished_so_far() -> None:
    child = subprocess.Popen([sys.executable, "-m", "gaia_ai", "match", "greedy", "mcts:sims=30", "--games", "200",
                              "--json"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stderr is not None
        first = child.stderr.readline()   # the first finished game
        assert first.startswith("game 1/200"), first
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 130, err
    summary = json.loads(out.splitlines()[-1])
    assert summary["interrupted"] is True and 1 <= summary["games"] < 200
    assert "stopped by Ctrl-C after" in err and "Traceback" not in err


def test_remote_suggest_stops_without_a_traceback() -> None:
    with running_server(max_time_ms=600_000) as server:
        done = _run(TIMER_CHILD, "3.0", "suggest", "--demo", "--server", f"127.0.0.1:{server.port}",
                    "--time-ms", "600000")
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == "gaia-ai suggest: interrupted"
