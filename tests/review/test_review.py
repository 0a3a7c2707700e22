"""gaia-ai review end to end: a short game slice reviewed from a corpus record and from an export, the
files it writes, determinism for a seed, and clear errors for bad input."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.cli import main
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.registry import load_game
from gaia_ai.review.labels import LABELS

SIMS = "40"   # small budgets keep the suite fast; the review's logic does not depend on them


def _review(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["review", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _corpus_review(capsys: pytest.CaptureFixture[str], data_dir: Path, *args: str) -> dict[str, Any]:
    code, out, err = _review(capsys, "--corpus", str(data_dir / "corpus-sample.jsonl.gz"), "--game-id", "bot-001",
                             "--simulations", SIMS, "--json", *args)
    assert code == 0, err
    return json.loads(out)


def test_a_short_game_slice_is_reviewed_end_to_end(capsys: pytest.CaptureFixture[str], data_dir: Path,
                                                    tmp_path: Path) -> None:
    out_dir = tmp_path / "review"
    doc = _corpus_review(capsys, data_dir, "--moves", "3:24", "--out", str(out_dir))
    assert doc["game"] == "bot-001" and doc["lines"] == [3, 24]
    hint = load_game("gaia-project").hint_search()   # the review judges with the search a hint uses
    assert hint and {key: doc["config"][key] for key in hint} == hint
    assert doc["config"]["simulations"] == int(SIMS) and doc["config"]["parallelism"] == "root"
    assert [p["faction"] for p in doc["players"]] == ["hadsch-hallas", "terrans"]
    decisions = doc["decisions"]
    assert decisions and all(3 <= d["index"] < 24 for d in decisions)
    assert [d["index"] for d in decisions] == sorted(d["index"] for d in decisions)
    for d in decisions:
        for key in ("played_estimate", "best_estimate"):
            est = d[key]
            assert 0 <= est["win_probability"] <= 1 and 0 <= est["value"] <= 1 and est["expected_score"] > 0
        assert d["vp_loss"] >= 0 and d["win_probability_loss"] >= 0 and d["label"] in LABELS
        assert d["evaluation"] in ("search", "line", "rollouts") and d["top"]
        if d["label"] == "best":
            assert d["rank"] == 1 and d["vp_loss"] == 0 and d["played_estimate"] == d["best_estimate"]
        else:   # losses are best - played, clipped at 0
            best, played = d["best_estimate"], d["played_estimate"]
            assert d["vp_loss"] == pytest.approx(max(0, best["expected_score"] - played["expected_score"]), abs=0.02)
    # the skipped lines are the ones with no choice to review (the engine replayed them all)
    assert {s["reason"] for s in doc["skipped"]} <= {"forced", "faction pick"}
    for summary in doc["summary"]["players"]:
        mine = [d for d in decisions if d["player"] == summary["player"]]
        assert summary["decisions"] == len(mine)
        assert summary["top1_agreement"] == pytest.approx(sum(d["rank"] == 1 for d in mine) / len(mine), abs=1e-4)
        assert summary["top3_agreement"] == pytest.approx(
            sum(d["rank"] is not None and d["rank"] <= 3 for d in mine) / len(mine), abs=1e-4)
        assert summary["accuracy"] == pytest.approx(
            sum(d["label"] in ("best", "good") for d in mine) / len(mine), abs=1e-4)
        assert sum(summary["labels"].values()) == len(mine)
    largest = doc["summary"]["largest_losses"]
    assert len(largest) <= 3 and [d["severity"] for d in largest] == sorted((d["severity"] for d in largest),
                                                                            reverse=True)
    assert json.loads((out_dir / "review.json").read_text()) == doc
    assert (out_dir / "review.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_table_and_summary_are_printed(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    code, out, _ = _review(capsys, "--corpus", str(data_dir / "corpus-sample.jsonl.gz"), "--game-id", "bot-001",
                           "--simulations", SIMS, "--moves", "9:16", "--player", "terrans")
    assert code == 0
    rows = [line for line in out.splitlines() if line[:4].strip().isdigit()]
    assert rows and all("terrans" in row for row in rows)
    assert "accuracy" in out and "top-3" in out and "final scores: hadsch-hallas 67, terrans 57" in out


def test_same_seed_same_review_and_the_seed_matters(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    first = _corpus_review(capsys, data_dir, "--moves", "9:16", "--seed", "3")
    second = _corpus_review(capsys, data_dir, "--moves", "9:16", "--seed", "3")
    other = _corpus_review(capsys, data_dir, "--moves", "9:16", "--seed", "4")
    assert first == second
    assert [d["best_estimate"] for d in first["decisions"]] != [d["best_estimate"] for d in other["decisions"]]


def test_root_parallel_threads_are_deterministic_too(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    runs = [_corpus_review(capsys, data_dir, "--moves", "12:16", "--threads", "2") for _ in range(2)]
    assert runs[0] == runs[1] and runs[0]["config"]["threads"] == 2


def test_an_export_and_the_corpus_record_of_one_game_give_the_same_review(
        capsys: pytest.CaptureFixture[str], data_dir: Path, tmp_path: Path) -> None:
    from_corpus = _corpus_review(capsys, data_dir, "--moves", "9:14")
    code, out, err = _review(capsys, str(data_dir / "exports" / "bot-001.json"), "--simulations", SIMS,
                             "--moves", "9:14", "--json")
    assert code == 0, err
    assert json.loads(out)["decisions"] == from_corpus["decisions"]
    record = next(r for r in read_corpus(data_dir / "corpus-sample.jsonl.gz") if r.id == "bot-001")
    record_file = tmp_path / "bot-001.json"
    record_file.write_text(json.dumps(record.to_dict()))
    code, out, err = _review(capsys, str(record_file), "--simulations", SIMS, "--moves", "9:14", "--json")
    assert code == 0, err
    assert json.loads(out)["decisions"] == from_corpus["decisions"]


def test_player_by_seat_faction_or_export_name(capsys: pytest.CaptureFixture[str], data_dir: Path,
                                                tmp_path: Path) -> None:
    export = json.loads((data_dir / "exports" / "bot-001.json").read_text())
    export["players"][1]["name"] = "Alice"
    path = tmp_path / "named.json"
    path.write_text(json.dumps(export))
    by_name = _review(capsys, str(path), "--player", "alice", "--simulations", SIMS, "--moves", "9:14", "--json")
    by_seat = _review(capsys, str(path), "--player", "p2", "--simulations", SIMS, "--moves", "9:14", "--json")
    doc = json.loads(by_name[1])
    assert doc["reviewed"] == [1] and doc["players"][1]["name"] == "Alice"
    assert {d["player"] for d in doc["decisions"]} == {1}
    assert doc == json.loads(by_seat[1])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "zorg"], "no player 'zorg' in this game: give one of p1, p2, hadsch-hallas, terrans, all"),
        (["--moves", "50"], "bad line range '50'"),
        (["--moves", "30:10"], "bad line range '30:10'"),
        (["--moves", "0:500"], "the game has log lines 0..75"),
        (["--moves", "0:2"], "no decision of hadsch-hallas, terrans to review in log lines 0-1"),
    ],
)
def test_bad_options_get_a_clear_error(capsys: pytest.CaptureFixture[str], data_dir: Path, args: list[str],
                                       message: str) -> None:
    code, out, err = _review(capsys, "--corpus", str(data_dir / "corpus-sample.jsonl.gz"), "--game-id", "bot-001",
                             "--simulations", SIMS, *args)
    assert code == 2 and out == ""
    assert err.startswith("gaia-ai review: ") and message in err


def test_bad_game_files_get_a_clear_error(capsys: pytest.CaptureFixture[str], data_dir: Path,
                                          tmp_path: Path) -> None:
    sample = str(data_dir / "corpus-sample.jsonl.gz")
    not_json = tmp_path / "game.json"
    not_json.write_text("{not json")
    illegal = json.loads((data_dir / "exports" / "bot-001.json").read_text())
    illegal["moveHistory"][9] = "hadsch-hallas build ts 9A9."   # no mine of theirs there
    illegal_path = tmp_path / "illegal.json"
    illegal_path.write_text(json.dumps(illegal))
    one_game = tmp_path / "one.jsonl.gz"
    with gzip.open(one_game, "wt") as fh:
        fh.write("\n")
    cases = [
        ([str(tmp_path / "missing.json")], "missing.json: no such file"),
        ([str(not_json)], "not a JSON game export or corpus record"),
        (["--corpus", sample, "--game-id", "bot-999"], "no game 'bot-999' in"),
        ([sample], "holds 12 games: name one with --corpus"),
        ([str(one_game)], "holds no game"),
        ([str(illegal_path)], "log line 9 'hadsch-hallas build ts 9A9.'"),
        ([], "give the game to review"),
        ([sample, "--corpus", sample, "--game-id", "bot-001"], "give either GAME_FILE, or --corpus FILE with --game"),
        (["--corpus", sample], "give either GAME_FILE, or --corpus FILE with --game"),
    ]
    for args, message in cases:
        code, out, err = _review(capsys, *args, "--simulations", SIMS)
        assert code == 2 and out == "", args
        assert message in err, (args, err)


def test_budget_and_threads_must_be_positive(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    for option in ("--simulations", "--threads"):
        with pytest.raises(SystemExit) as exit_info:
            main(["review", str(data_dir / "exports" / "bot-001.json"), option, "0"])
        assert exit_info.value.code == 2
        assert "must be at least 1" in capsys.readouterr().err


def test_matplotlib_is_imported_only_for_the_chart() -> None:
    code = "import sys, gaia_ai.cli, gaia_ai.review.report; print('matplotlib' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
