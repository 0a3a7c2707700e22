"""The small frictions of issue 39: a picture refused before the search, header lines in words, each
game's footer pointing to its own notation page, the server's routine note only with --verbose, and no
import circle between the modules that name each other."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest
from service_helpers import running_server

from gaia_ai.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"
ED_LOG = str(DATA / "ed" / "match-1-1.jsonl")


def test_a_picture_of_a_game_without_one_is_refused_before_the_search(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "board.png"
    # a budget no test waits for: only a refusal before the search ends at once
    assert main(["suggest", "--log", ED_LOG, "--move", "1", "--png", str(picture),
                 "--simulations", str(10**9)]) == 2
    assert "--png: Eminent Domain has no board picture yet" in capsys.readouterr().err
    assert not picture.exists()


def test_a_picture_of_a_game_without_one_is_refused_before_a_remote_search(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "board.svg"
    # no server listens on port 1: a refusal after the call would say UNAVAILABLE (exit status 1)
    assert main(["suggest", "--log", ED_LOG, "--move", "1", "--svg", str(picture), "--server", "127.0.0.1:1",
                 "--time-ms", "5000"]) == 2
    assert "--svg: Eminent Domain has no board picture yet" in capsys.readouterr().err
    assert not picture.exists()


@pytest.mark.parametrize("argv, header, doc", [
    (["--demo"], "round 3, move phase; p1 hadsch-hallas, p2 terrans: suggestions for p1", "docs/notation.md"),
    (["--log", ED_LOG, "--move", "1"], "turn 1, p1 to decide (role); influence ",
     "docs/eminent-domain.md"),
    (["--corpus", str(DATA / "tm" / "games-sample.jsonl.gz"), "--game-id", "b000", "--move", "30"],
     "generation 4, action, p2 to decide", "docs/terraforming-mars.md"),
])
def test_the_table_says_the_position_in_words_and_points_to_the_games_notation(
        argv: list[str], header: str, doc: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suggest", *argv, "--simulations", "20"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(header) and "<" not in out.splitlines()[0]
    assert f"The notation: {doc}." in out


def test_the_servers_note_on_reading_time_only_with_verbose(capsys: pytest.CaptureFixture[str]) -> None:
    with running_server() as server:
        where = f"127.0.0.1:{server.port}"
        assert main(["suggest", "--demo", "--server", where, "--time-ms", "200"]) == 0
        assert "went to reading the position" not in capsys.readouterr().err
        assert main(["suggest", "--demo", "--server", where, "--time-ms", "200", "--verbose"]) == 0
        assert "note from the server: search time" in capsys.readouterr().err


def test_a_remote_tm_hint_names_the_corporation_as_the_local_one_does(capsys: pytest.CaptureFixture[str]) -> None:
    view = str(DATA / "tm-playerviews" / "base-v01-0-g6-60.json")
    assert main(["suggest", "--tm-view", view, "--simulations", "20"]) == 0
    local = capsys.readouterr().out.splitlines()[0]
    with running_server() as server:
        assert main(["suggest", "--tm-view", view, "--server", f"127.0.0.1:{server.port}",
                     "--simulations", "20"]) == 0
    remote = capsys.readouterr().out.splitlines()[0]
    assert local.endswith("suggestions for p1 Interplanetary Cinematics") and remote == local


def _imports(module: str) -> set[str]:
    """Every gaia_ai module a module's source imports, at its top or inside a function."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module} | \
        {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}


@pytest.mark.parametrize("a, b", [("gaia_ai.bots.base", "gaia_ai.bots.mcts"),
                                  ("gaia_ai.cli.suggest", "gaia_ai.service.cli")])
def test_no_import_circle(a: str, b: str) -> None:
    assert not (b in _imports(a) and a in _imports(b))


def test_web_help_names_the_eminent_domain_form(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["web", "--help"])
    assert "position typed in its form" in " ".join(capsys.readouterr().out.split())   # issue 42's form


def test_a_cap_by_the_client_s_own_deadline_is_a_routine_note(capsys: pytest.CaptureFixture[str]) -> None:
    """A server whose time limit is over a minute caps a search by the deadline the client set itself
    (its budget plus a minute): routine, shown with --verbose; with --timeout, the user's, always."""
    with running_server(max_time_ms=120_000) as server:
        where = f"127.0.0.1:{server.port}"
        assert main(["suggest", "--demo", "--server", where, "--simulations", "30"]) == 0
        assert "by the call's deadline" not in capsys.readouterr().err
        assert main(["suggest", "--demo", "--server", where, "--simulations", "30", "--verbose"]) == 0
        assert "note from the server: time capped at" in capsys.readouterr().err
        assert main(["suggest", "--demo", "--server", where, "--simulations", "30", "--timeout", "30"]) == 0
        assert "by the call's deadline" in capsys.readouterr().err
