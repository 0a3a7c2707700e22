"""gaia-ai suggest: hints from the command line, and its clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_ai.cli import main
from gaia_ai.games.gaia.positions import demo


def _suggest(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["suggest", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_demo_json_lists_ranked_suggestions_and_stats(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _suggest(capsys, "--demo", "--simulations", "300", "--top", "3", "--json")
    assert code == 0
    result = json.loads(out)
    suggestions = result["suggestions"]
    assert 1 <= len(suggestions) <= 3 and result["faction"] == demo().faction(result["player"])
    assert [s["visits"] for s in suggestions] == sorted((s["visits"] for s in suggestions), reverse=True)
    for s in suggestions:
        assert set(s) == {"move", "visits", "value", "win_probability", "expected_score", "pv", "words", "line"}
        assert 0 <= s["win_probability"] <= 1 and s["pv"]
    assert result["stats"]["simulations"] == 300


def test_max_time_ms_turns_the_time_manager_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _suggest(capsys, "--demo", "--time-ms", "5", "--max-time-ms", "300", "--json")
    assert code == 0
    assert json.loads(out)["stats"].get("time_manager", "") in ("", "early", "extended", "ceiling")
    code, _, err = _suggest(capsys, "--demo", "--simulations", "50", "--max-time-ms", "300")
    assert code == 2 and "max_time_ms (the time manager's ceiling) needs a time_ms" in err


def test_without_a_config_file_a_hint_uses_the_games_hint_search() -> None:
    import argparse

    from gaia_ai.cli.suggest import _config
    from gaia_ai.games.registry import load_game

    args = argparse.Namespace(simulations=300, time_ms=None, max_time_ms=None, threads=None, seed=None, config=None)
    gaia = _config(args, load_game("gaia-project"))
    assert (gaia.simulations, gaia.selection, gaia.prior, gaia.leaf_mix) == (300, "puct", "policy", 0.5)
    tm = _config(args, load_game("terraforming-mars"))
    assert (tm.simulations, tm.selection, tm.prior, tm.leaf_mix) == (300, "uct", "uniform", 0.0)
    ed = _config(args, load_game("eminent-domain"))   # the heuristic's leaf mixed in (eminent-domain.md)
    assert (ed.simulations, ed.selection, ed.rollout_depth, ed.leaf_mix) == (300, "uct", None, 0.5)
    args.config = str(EXAMPLE_CONFIG)   # a file sets the whole search: SearchConfig's defaults where it does
    assert _config(args, load_game("gaia-project")).selection == "uct"


def test_same_seed_and_budget_give_the_same_answer(capsys: pytest.CaptureFixture[str]) -> None:
    runs = [_suggest(capsys, "--demo", "--simulations", "200", "--seed", "5", "--json")[1] for _ in range(2)]
    first, second = (json.loads(r) for r in runs)
    assert first["suggestions"] == second["suggestions"]


def test_table_output_names_the_player_and_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _suggest(capsys, "--demo", "--simulations", "100")
    assert code == 0 and "suggestions for p1 hadsch-hallas" in out and "100 simulations" in out


def test_corpus_position_after_k_lines(capsys: pytest.CaptureFixture[str], data_dir: Path) -> None:
    code, out, _ = _suggest(capsys, "--corpus", str(data_dir / "corpus-sample.jsonl.gz"), "--game-id", "bot-001",
                            "--move", "40", "--simulations", "100", "--json")
    assert code == 0 and json.loads(out)["suggestions"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bgs", "exports/bot-001.json"], "the game is finished"),
        (["--corpus", "corpus-sample.jsonl.gz", "--game-id", "nope", "--move", "3"], "no game 'nope'"),
        (["--corpus", "corpus-sample.jsonl.gz", "--game-id", "bot-001", "--move", "999"], "out of range"),
        (["--corpus", "corpus-sample.jsonl.gz", "--game-id", "bot-001"], "needs --game-id ID and --move K"),
        (["--bgs", "make_sample.py"], ""),
    ],
)
def test_bad_input_gets_a_clear_error(
    capsys: pytest.CaptureFixture[str], data_dir: Path, args: list[str], message: str
) -> None:
    resolved = [str(data_dir / a) if a.endswith((".json", ".gz", ".py")) else a for a in args]
    code, _, err = _suggest(capsys, *resolved, "--simulations", "50")
    assert code == 2 and err.startswith("gaia-ai suggest: ") and message in err


EXAMPLE_CONFIG = Path(__file__).resolve().parents[2] / "examples" / "search.toml"


def test_config_file_sets_the_search_and_options_win(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "search.toml"
    config.write_text("[search]\nsimulations = 120\nseed = 4\npv_length = 1\n")
    code, out, _ = _suggest(capsys, "--demo", "--config", str(config), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["stats"]["simulations"] == 120
    plain = tmp_path / "plain.toml"
    plain.write_text("[search]\nsimulations = 120\nseed = 4\n")
    code, out, _ = _suggest(capsys, "--demo", "--config", str(plain), "--json")
    longer = json.loads(out)   # the same search with the default pv_length (8)
    assert [s["move"] for s in result["suggestions"]] == [s["move"] for s in longer["suggestions"]]
    assert sum(len(s["pv"]) for s in result["suggestions"]) < sum(len(s["pv"]) for s in longer["suggestions"])
    code, out, _ = _suggest(capsys, "--demo", "--config", str(config), "--simulations", "80", "--json")
    assert json.loads(out)["stats"]["simulations"] == 80
    code, out, _ = _suggest(capsys, "--demo", "--config", str(EXAMPLE_CONFIG), "--simulations", "60", "--json")
    assert code == 0 and json.loads(out)["stats"]["simulations"] == 60


def test_config_file_errors_name_the_file_and_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = tmp_path / "bad.toml"
    config.write_text("[search]\nsimulations = 100\nexploration = 2\n")
    code, _, err = _suggest(capsys, "--demo", "--config", str(config))
    assert code == 2 and "bad.toml" in err and "exploration" in err
    config.write_text("[search\n")
    code, _, err = _suggest(capsys, "--demo", "--config", str(config))
    assert code == 2 and "not valid TOML" in err
    code, _, err = _suggest(capsys, "--demo", "--config", str(EXAMPLE_CONFIG), "--server", "localhost:1")
    assert code == 2 and "--config sets a local search" in err
