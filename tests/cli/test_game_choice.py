"""A command picks the game from what it is given (choose_game): a file that names its format (or whose
record a game recognises), or an option only one game reads; a --game that contradicts them is an error
that says which game the file is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_ai.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"
ED_LOG = str(DATA / "ed" / "match-1-1.jsonl")
TM_VIEW = str(DATA / "tm-playerviews" / "base-v01-0-g6-60.json")
TM_CORPUS = str(DATA / "tm" / "games-sample.jsonl.gz")


@pytest.mark.parametrize("argv, heading", [
    (["suggest", "--log", ED_LOG, "--move", "1"], "turn 1, p1 to decide (role)"),
    (["suggest", "--tm-view", TM_VIEW], "generation 6"),
    (["suggest", "--corpus", TM_CORPUS, "--game-id", "b000", "--move", "30"], "generation 4"),
])
def test_suggest_without_game_searches_the_files_game(argv: list[str], heading: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--simulations", "20"]) == 0
    assert capsys.readouterr().out.startswith(heading)


def test_an_observation_file_names_its_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    observation = tmp_path / "seen.json"
    assert main(["export-state", "--log", ED_LOG, "--move", "1", "--out", str(observation)]) == 0
    assert json.loads(observation.read_text())["format"] == "eminent-domain-observation/1"
    capsys.readouterr()
    assert main(["suggest", "--observation", str(observation), "--simulations", "20"]) == 0
    assert capsys.readouterr().out.startswith("turn 1, p")


def test_replay_and_review_read_the_files_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", ED_LOG]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["review", ED_LOG, "--moves", "0:3", "--simulations", "20", "--json"]) == 0
    assert '"game": "match-1-1"' in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["replay", "--game", "gaia-project", ED_LOG],
    ["review", "--game", "terraforming-mars", ED_LOG],
    ["suggest", "--game", "terraforming-mars", "--log", ED_LOG],
])
def test_a_contradicting_game_is_an_error_naming_the_files_game(argv: list[str],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "is a file of eminent-domain (format eminent-domain/1)" in err
    assert "give --game eminent-domain" in err


def test_two_games_at_once_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suggest", "--log", ED_LOG, "--tm-view", TM_VIEW]) == 2
    err = capsys.readouterr().err
    assert "name different games" in err and "eminent-domain" in err and "terraforming-mars" in err


def test_an_option_of_other_games_says_which_game_reads_it(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    unnamed = tmp_path / "seen.json"
    unnamed.write_text("{}")
    assert main(["suggest", "--observation", str(unnamed)]) == 2
    err = capsys.readouterr().err
    assert "gaia-project does not read --observation" in err
    assert "--game (eminent-domain or terraforming-mars)" in err


def test_a_file_given_to_an_option_its_game_does_not_read_says_which_options_it_reads(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A Terraforming Mars log given as --log (Eminent Domain's option): not "no position given"."""
    tm_log = str(DATA / "web" / "tm-greedy-2p.json")
    assert main(["suggest", "--log", tm_log, "--move", "40", "--simulations", "20"]) == 2
    err = capsys.readouterr().err
    assert "is a file of terraforming-mars (format terraforming-mars-log/1), and terraforming-mars does not " \
           "read --log: give the file with --tm-view, --observation or --corpus" in err, err


def test_a_tm_view_and_a_tm_observation_given_to_each_other_s_option_name_the_right_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    observation = tmp_path / "seen.json"
    assert main(["export-state", "--corpus", TM_CORPUS, "--game-id", "b000", "--move", "30",
                 "--out", str(observation)]) == 0
    capsys.readouterr()
    assert main(["suggest", "--tm-view", str(observation)]) == 2
    assert "give it with --observation" in capsys.readouterr().err
    assert main(["suggest", "--observation", TM_VIEW]) == 2
    assert "(it is a player view of the app: give it with --tm-view)" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["eminent-domain", "terraforming-mars"])
def test_replay_of_a_match_save_folder_reads_its_game_without_game(game: str, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`match --save DIR` then `replay DIR`: the folder's files name their game (not Gaia's corpus reader)."""
    assert main(["match", "--game", game, "greedy", "random", "--games", "1", "--save", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["replay", "--game", "gaia-project", str(tmp_path)]) == 2
    assert f"is a folder of files of {game}" in capsys.readouterr().err
