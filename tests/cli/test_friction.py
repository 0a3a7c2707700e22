"""Friction a new user met (issue 16), each with the test that would have caught it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gaia_ai.cli import main
from gaia_ai.games.gaia.bgs import load_export
from gaia_ai.games.gaia.errors import ExportError, IllegalMoveError
from gaia_ai.games.gaia.positions import from_bgs

EXPORT = Path(__file__).resolve().parents[1] / "data" / "exports" / "bot-000-at-60.json"


def test_a_file_that_is_not_an_export_is_named_in_the_error(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text('{"shopping": ["milk"]}')
    with pytest.raises(ExportError, match=r"^notes\.json: not a boardgamers\.space export: missing key options"):
        load_export(notes)


def test_an_illegal_move_in_a_local_export_names_its_log_line(tmp_path: Path) -> None:
    data = json.loads(EXPORT.read_text())
    data["moveHistory"][20] = "gleens build m 9A9."
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(IllegalMoveError, match=r"^bad\.json: moveHistory\[20\] 'gleens build m 9A9\.': illegal move"):
        from_bgs(bad)


def test_suggest_reads_an_export_from_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(EXPORT.read_text()))
    assert main(["suggest", "--bgs", "-", "--simulations", "20", "--top", "1"]) == 0
    assert "suggestions for p2 bescods" in capsys.readouterr().out


def test_suggest_from_standard_input_that_is_not_json(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("hello"))
    assert main(["suggest", "--bgs", "-", "--simulations", "20"]) == 2
    assert "standard input: not valid JSON" in capsys.readouterr().err


def test_match_prints_each_game_with_bot_names_and_factions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "greedy", "random:seed=2", "--games", "2", "--seed", "1"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    for i, line in enumerate(err, 1):
        assert line.startswith(f"game {i}/2: p1 ")
        assert "greedy (" in line and "random:seed=2 (" in line and "[" not in line
        assert line.endswith(("greedy wins", "random:seed=2 wins", "tie"))


def test_a_game_reads_as_seats_bots_factions_and_the_winner() -> None:
    from gaia_ai.bots.match import GameResult, describe_game

    game = GameResult("s", seats=[1, 0], factions=["xenos", "terrans"], vp=[70, 70])
    assert describe_game(["mcts", "greedy"], game) == "p1 greedy (xenos) 70, p2 mcts (terrans) 70: greedy and mcts tie"
    game = GameResult("s", seats=[0, 1], factions=["xenos", "terrans"], vp=[83, 57])
    assert describe_game(["mcts", "greedy"], game) == "p1 mcts (xenos) 83, p2 greedy (terrans) 57: mcts wins"


def test_tournament_plots_show_their_counts_values_and_legends_beside_the_data(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from gaia_ai.tournament import report

    db = tmp_path / "t.sqlite"
    assert main(["tournament", "--bots", "greedy", "random:seed=9", "--games", "4", "--seed", "2", "--db", str(db),
                 "--workers", "1", "--no-progress"]) == 0
    figures: dict[str, object] = {}

    def keep(plt: object, fig: object, path: Path) -> None:
        fig.canvas.draw()   # lay out, so the legends' and axes' places on the canvas are known
        figures[path.name] = fig

    monkeypatch.setattr(report, "_save", keep)
    assert main(["report", str(db), "--out", str(tmp_path / "rep")]) == 0
    capsys.readouterr()

    seat = figures["win_rate_by_seat.png"].axes[0]
    assert seat.get_ylim()[1] > 1.05                       # a bar at 1.0 is not clipped
    labels = [t.get_text() for t in seat.texts]
    assert len(labels) == sum(len(c) for c in seat.containers if hasattr(c, "patches"))   # every bar, 0 too
    assert "0.00" in labels and "1.00" in labels           # random won nothing, greedy everything
    legend_box = seat.get_legend().get_window_extent()
    assert legend_box.x0 >= seat.get_window_extent().x1    # the legend sits beside the bars

    for name in ("scores_by_bot.png", "scores_by_faction.png"):
        fig = figures[name]
        ticks = [t.get_text() for t in fig.axes[0].get_xticklabels()]
        assert ticks and all(t.endswith(" scores)") for t in ticks)
        assert report.BOX_NOTE in [t.get_text() for t in fig.texts]


def test_bench_engine_needs_no_source_checkout() -> None:
    import gaia_ai
    from gaia_ai.games.gaia.bench import SAMPLE_CORPUS

    package = Path(gaia_ai.__file__).parent
    assert SAMPLE_CORPUS.is_relative_to(package)   # installed with the package, not read from tests/
    assert SAMPLE_CORPUS.read_bytes() == (Path(__file__).resolve().parents[1] / "data" / "corpus-sample.jsonl.gz").read_bytes()


def test_bench_engine_runs_on_the_shipped_sample(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--players", "2", "--seconds", "0.05", "--repeats", "1"]) == 0
    assert "moves applied/s" in capsys.readouterr().out


def test_structured_state_bench_names_a_missing_corpus(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "bench" / "structured_state.py"
    done = subprocess.run([sys.executable, str(script), "--corpus", str(tmp_path / "MISSING")],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == f"structured_state.py: corpus file {tmp_path / 'MISSING'} not found"
