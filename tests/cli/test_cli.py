"""The gaia-ai command line: parser shape, help, and the bench engine's JSON line."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_ai.cli import build_parser, main


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "replay" in out and "bench" in out


def test_a_command_is_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([])
    assert exit_info.value.code == 2


def test_bench_engine_rejects_a_player_count_outside_two_to_four(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--players", "5"]) == 2
    assert "Gaia Project is played by 2, 3 or 4 players, not 5" in capsys.readouterr().err


def test_bench_engine_defaults() -> None:
    args = build_parser().parse_args(["bench", "engine"])
    assert (args.players, args.seconds, args.repeats, args.seed, args.as_json) == (
        None,
        2.0,
        5,
        "bench",
        False,
    )


def test_replay_reports_a_missing_path_with_exit_status_two(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.jsonl.gz")]) == 2
    assert "missing.jsonl.gz" in capsys.readouterr().err


def test_replay_summary_line_agrees_with_the_exit_status(
    data_dir, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["replay", str(data_dir / "exports")])
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    assert summary.endswith(" failed")
    assert (status == 0) == summary.endswith(" 0 failed")


def test_bench_engine_json_last_line_has_the_three_figures_and_the_baseline_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["bench", "engine", "--players", "2", "--seconds", "0.05", "--repeats", "1", "--json"])
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for name in ("playouts_per_second", "moves_per_second", "movegen_per_second", "notation_lines_per_second"):
        assert set(result[name]) == {"2"}
        assert set(result[name]["2"]) >= {"median", "min", "max", "repeats"}
        assert result[name]["2"]["median"] > 0
    assert set(result["baseline_ratio"]) == {"movegen", "movegen_cached", "apply", "notation"}
    assert result["baseline"] == {
        "engine": result["baseline"]["engine"],
        "movegen_ms": 0.4,
        "apply_ms": 0.5,
    }


def test_python_dash_m_gaia_ai_runs_the_same_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gaia_ai", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert "usage: gaia-ai" in done.stdout


def test_a_reader_that_leaves_early_gets_no_traceback(data_dir: Path) -> None:
    """`gaia-ai replay ... | head -1`: the closed pipe ends the command quietly (status 141, SIGPIPE's)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gaia_ai", "replay", str(data_dir / "corpus-sample.jsonl.gz"), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    assert json.loads(process.stdout.readline())["passed"]
    process.stdout.close()
    stderr = process.stderr.read()
    assert process.wait(timeout=120) == 141
    assert "Traceback" not in stderr


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import gaia_ai

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"gaia-ai {gaia_ai.__version__}"


@pytest.mark.parametrize("command", [["replay", "x.jsonl"], ["bench", "engine"], ["suggest", "--demo"],
                                     ["match", "random", "random"], ["review", "x.json"], ["export-state", "--demo"]])
def test_every_game_taking_command_refuses_an_unknown_game_listing_the_known(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--game", "chess"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'chess'" in err and "gaia-project" in err


def test_bench_engine_option_colonies_adds_the_colonies_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--game", "terraforming-mars", "--option", "colonies=on", "--players", "2",
                 "--seconds", "0.1", "--repeats", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(figures["playouts_per_second"]) == {"2", "2 colonies"}
    assert figures["playouts_per_second"]["2 colonies"]["median"] > 0
    assert set(figures["baseline_ratio"]["apply"]) == {"2", "2 colonies"}


@pytest.mark.parametrize("game", ["gaia-project", "terraforming-mars", "eminent-domain"])
def test_bench_engine_json_has_one_schema_for_every_game(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--game", game, "--players", "2", "--seconds", "0.05", "--repeats", "1",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["game"] == game
    assert (result["players"], result["seconds"], result["repeats"]) == ([2], 0.05, 1)   # the run's settings
    assert isinstance(result["seed"], str)
    for name in ("playouts_per_second", "moves_per_second", "api_movegen_per_second"):
        assert set(result[name]) == {"2"} and result[name]["2"]["median"] > 0
        assert set(result[name]["2"]) >= {"median", "min", "max"}


def test_bench_engine_rejects_a_malformed_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--game", "terraforming-mars", "--option", "colonies"]) == 2
    assert "expected KEY=VALUE" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["gaia-project", "eminent-domain", "terraforming-mars"])
def test_replay_of_a_missing_or_broken_file_says_so_in_one_line(game, tmp_path, capsys):
    assert main(["replay", "--game", game, str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.jsonl" in err
    broken = tmp_path / "broken.jsonl"
    broken.write_text("[[[\n")
    assert main(["replay", "--game", game, str(broken)]) in (1, 2)   # Gaia counts it a failed game
    out, err = capsys.readouterr()
    assert "Traceback" not in err and ("not JSON" in out + err or "not valid JSON" in out + err)


def _subparsers(parser):
    """The parser's subcommand parsers, by name (gaia-ai has one subcommand group)."""
    (group,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(group.choices)


def test_help_fills_paragraphs_to_the_width_and_keeps_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    # a paragraph (unindented) is filled to the terminal's width; an example (indented) is kept whole
    monkeypatch.setenv("COLUMNS", "80")
    parser = build_parser()
    helps = {"gaia-ai": parser.format_help()}
    helps.update({name: sub.format_help() for name, sub in _subparsers(parser).items()})
    for name, text in helps.items():
        long = [line for line in text.splitlines() if len(line) > 80 and not line[:1].isspace()]
        assert long == [], f"{name} --help: {long[:1]}"
    review = helps["review"]
    assert "\n  gaia-ai review --corpus tests/data/corpus-sample.jsonl.gz --game-id bot-001 --player terrans " \
           "--moves 0:40\n" in review
    assert "\n  best        the search's own choice\n" in review


@pytest.mark.parametrize("module", ["gaia_ai.review.cli", "gaia_ai.tournament.cli", "gaia_ai.cli.suggest",
                                    "gaia_ai.service.cli", "gaia_ai.bots.match"])
def test_a_subcommand_module_imports_first(module: str) -> None:
    # no circular import through gaia_ai.cli when a subcommand's module is imported before it
    result = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr
