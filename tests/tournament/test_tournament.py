"""Tournaments: settings, the fair schedule, running and resuming, ratings, reports, export and replay."""

from __future__ import annotations

import gzip
import json
import sqlite3
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.bots import with_seed
from gaia_ai.cli import main
from gaia_ai.games.gaia.corpus import read_corpus, write_corpus
from gaia_ai.games.gaia.replay import replay_record
from gaia_ai.tournament.config import TournamentConfigError, load_config
from gaia_ai.tournament.ratings import mean_interval, standings, t95, wilson_interval
from gaia_ai.tournament.report import PLOTS
from gaia_ai.tournament.runner import BackendError, game_cpus, run_tournament
from gaia_ai.tournament.schedule import build_schedule
from gaia_ai.tournament.store import StoreError, TournamentStore

BOTS = ["random", "greedy", "random:seed=9"]


def _config(tmp_path: Path, **flags: Any) -> Any:
    base: dict[str, Any] = {"bots": BOTS, "games": 12, "seed": 4, "db": str(tmp_path / "t.sqlite"), "workers": 2}
    base.update(flags)
    return load_config(None, base)


def _rows(db: Path) -> dict[str, tuple[Any, ...]]:
    """Every stored game row but its duration, by id."""
    con = sqlite3.connect(db)
    cols = [r[1] for r in con.execute("PRAGMA table_info(games)") if r[1] != "duration"]
    return {r[0]: r for r in con.execute(f"SELECT {', '.join(cols)} FROM games")}


# ---- settings ----------------------------------------------------------------------------------------


def test_toml_settings_and_flags(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text('name = "club"\nplayers = 3\nbots = ["random", "greedy", {name = "r2", spec = "random"}]\n'
                    'games = 6\nfactions = ["terrans", "xenos", "nevlas"]\n')
    config, options = load_config(path, {"seed": 7, "games": None})
    assert (config.name, config.players, config.games, config.seed) == ("club", 3, 6, 7)
    assert [b.name for b in config.bots] == ["random", "greedy", "r2"] and config.bots[2].spec == "random"
    assert config.factions == ("terrans", "xenos", "nevlas")
    assert options.db == tmp_path / "t.sqlite" and options.backend == "local"


@pytest.mark.parametrize(
    ("toml", "flags", "message"),
    [
        ('bots = ["random", "greedy"]\nplayrs = 2', {}, r"'playrs' in .*unknown setting; did you mean 'players'"),
        ('bots = ["random", "greedy"]\nplayers = 5', {}, r"'players' in .*must be between 2 and 4, got 5"),
        ('bots = ["random", "greedy"]', {"players": 1}, r"--players: must be between 2 and 4"),
        ('players = 2', {}, r"'bots'.*no bots"),
        ('bots = ["random", "mcts:simz=3"]', {}, r"'bots' in .*entry 1: unknown parameter\(s\) simz"),
        ('bots = ["random", "random"]', {}, r"random listed twice"),
        ('bots = ["random", "greedy"]\nplayers = 3', {}, r"3-player round robin needs at least 3 bots, got 2"),
        ('bots = ["random", "greedy"]\nformat = "swiss"', {}, r"'format' in .*one of round-robin, gauntlet"),
        ('bots = ["random", "greedy"]\nformat = "gauntlet"', {}, r"'challenger'.*needs the name"),
        ('bots = ["random", "greedy"]\nformat = "gauntlet"\nchallenger = "x"', {}, r"'x' is not one of the bots"),
        ('bots = ["random", "greedy"]\nfactions = ["terrans"]', {}, r"2 players need 2 factions, got 1"),
        ('bots = ["random", "greedy"]\nfactions = ["terrans", "xenoz"]', {}, r"unknown faction 'xenoz'.*'xenos'"),
        ('bots = ["random", "greedy"]\nfactions = ["terrans", "lantids"]', {}, r"same home planet"),
        ('bots = ["random", "greedy"]\ngames = 0', {}, r"'games' in .*at least 1, got 0"),
        ('bots = ["random", "greedy"]\nseed = true', {}, r"'seed' in .*must be an integer, got True"),
        ('bots = ["random", "greedy"]\naddress = "auto"', {}, r"'address' in .*needs backend = \"ray\""),
        ('bots = ["random", "greedy"\n', {}, r"is not valid TOML"),
    ],
)
def test_bad_settings_are_named(tmp_path: Path, toml: str, flags: dict[str, Any], message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(toml)
    with pytest.raises(TournamentConfigError, match=message):
        load_config(path, flags)


def test_missing_config_file_and_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TournamentConfigError, match="does not exist"):
        load_config(tmp_path / "nope.toml")
    assert main(["tournament", str(tmp_path / "nope.toml")]) == 2
    assert "nope.toml does not exist" in capsys.readouterr().err
    assert main(["tournament", "--bots", "random", "greedy", "--players", "7", "--db", str(tmp_path / "x")]) == 2
    assert "--players: must be between 2 and 4, got 7" in capsys.readouterr().err
    assert main(["tournament"]) == 2
    assert "give a CONFIG file or --bots" in capsys.readouterr().err


# ---- the schedule ------------------------------------------------------------------------------------


def test_round_robin_is_fair_and_deterministic(tmp_path: Path) -> None:
    config, _ = _config(tmp_path, players=3, bots=["random", "greedy", "random:seed=1", "random:seed=2"], games=20)
    games = build_schedule(config)
    assert len(games) == 24   # 4 tables x 3 rotations = 12 a deal; 20 rounded up to 2 deals
    assert games == build_schedule(config)
    assert len({g.id for g in games}) == 24
    for bot in ("random", "greedy", "random:seed=1", "random:seed=2"):
        assert Counter(g.bots.index(bot) for g in games if bot in g.bots) == {0: 6, 1: 6, 2: 6}
    for d in (0, 1):
        deal = [g for g in games if g.deal == d]
        assert len({(g.setup_seed, g.factions) for g in deal}) == 1   # every table plays the same deal
        for bot in ("random", "greedy"):   # and each bot plays each faction of the deal equally often
            assert len(set(Counter(g.factions[g.bots.index(bot)] for g in deal if bot in g.bots).values())) == 1
    assert games[0].setup_seed != games[-1].setup_seed and games[0].factions != games[-1].factions


def test_more_games_extend_the_schedule_and_seeds_come_from_the_id(tmp_path: Path) -> None:
    config, _ = _config(tmp_path)
    short, longer = build_schedule(config), build_schedule(replace(config, games=30))
    assert longer[: len(short)] == short and len(longer) == 30
    assert build_schedule(replace(config, seed=5))[0].id != short[0].id
    game = short[0]
    seeded = [s for s in game.specs if s.startswith("random:seed=") and s != "random:seed=9"]
    assert seeded and all(s != "random:seed=9" for s in seeded)
    assert "random:seed=9" in {s for g in short for s in g.specs}   # a spec's own seed is kept
    assert len({s for g in short for s in g.specs if s.startswith("random:") and s != "random:seed=9"}) == 8


def test_gauntlet_puts_the_challenger_in_every_game(tmp_path: Path) -> None:
    config, _ = _config(tmp_path, players=3, format="gauntlet", challenger="greedy",
                        bots=["greedy", "random", "random:seed=1", "random:seed=2"], games=9, seatings="all")
    games = build_schedule(config)
    assert len(games) == 18   # 3 tables x 6 seatings
    assert all("greedy" in g.bots for g in games)
    assert Counter(g.bots.index("greedy") for g in games) == {0: 6, 1: 6, 2: 6}


def test_with_seed_only_seeds_bots_that_take_one() -> None:
    assert with_seed("random", 5) == "random:seed=5"
    assert with_seed("mcts:sims=10", 5) == "mcts:sims=10,seed=5"
    assert with_seed("mcts:sims=10,seed=1", 5) == "mcts:sims=10,seed=1"
    assert with_seed("greedy", 5) == "greedy"                       # Gaia's greedy takes no seed
    assert with_seed("greedy", 5, "eminent-domain") == "greedy:seed=5"  # Eminent Domain's breaks ties by it
    assert with_seed("greedy:depth=2", 5, "eminent-domain") == "greedy:depth=2,seed=5"


# ---- running, resuming, ratings ---------------------------------------------------------------------------


def test_tournament_end_to_end_with_resume(tmp_path: Path) -> None:
    config, options = _config(tmp_path)
    first = run_tournament(config, options, max_games=5, progress=False)
    assert (first.scheduled, first.stored_before, first.played, first.remaining) == (12, 0, 5, 7)
    before = _rows(options.db)
    second = run_tournament(config, options, progress=False)
    assert (second.stored_before, second.played, second.remaining) == (5, 7, 0)
    after = _rows(options.db)
    assert len(after) == 12 and all(after[gid] == row for gid, row in before.items())
    assert run_tournament(config, options, progress=False).played == 0

    with TournamentStore(options.db, readonly=True) as store:
        games = store.games()
        assert store.tournament()["config"]["bots"][0] == {"name": "random", "spec": "random"}
    assert [g.ordinal for g in games] == list(range(12))
    for g in games:
        assert g.moves[0] == f"init 2 {g.setup_seed}" and len(g.moves) > 20 and g.n_moves >= len(g.moves) - 1
        assert len(g.scores) == 2 and sorted(g.factions) == sorted(set(g.factions))
    con = sqlite3.connect(options.db)
    assert con.execute("SELECT count(*) FROM seats").fetchone()[0] == 24
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    assert con.execute("SELECT game FROM tournament").fetchone()[0] == "gaia-project"

    table = standings(games)
    assert table[0].bot == "greedy" and table[0].low > table[-1].mu
    assert sum(s.wins for s in table) == pytest.approx(12)
    assert standings(list(reversed(games))) == table   # schedule order, not storage order


def test_interrupted_run_keeps_finished_games_and_resumes(tmp_path: Path) -> None:
    config, options = _config(tmp_path)
    stored: list[str] = []

    def stop_after_three(game: Any) -> None:
        stored.append(game.id)
        if len(stored) == 3:
            raise KeyboardInterrupt

    summary = run_tournament(config, options, progress=False, on_game=stop_after_three)
    assert summary.interrupted and summary.played == 3 and summary.remaining == 9
    before = _rows(options.db)
    assert sorted(before) == sorted(stored)
    resumed = run_tournament(config, options, progress=False)
    assert resumed.played == 9 and not resumed.interrupted
    after = _rows(options.db)
    assert all(after[gid] == row for gid, row in before.items())

    # the same settings played from scratch in one process give the same games
    other = replace(options, db=tmp_path / "again.sqlite", workers=1)
    run_tournament(config, other, progress=False)
    assert _rows(other.db) == after


def test_a_failing_game_is_reported_not_stored_and_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from gaia_ai.tournament import runner

    config, options = _config(tmp_path, workers=1)
    real = runner.play_scheduled

    def crash_on_third(game: Any) -> Any:
        if game.ordinal == 2:
            raise RuntimeError("bot crashed")
        return real(game)

    monkeypatch.setattr(runner, "play_scheduled", crash_on_third)
    summary = run_tournament(config, options, progress=False)
    assert summary.played == 11 and [f.game.ordinal for f in summary.failures] == [2]
    assert "RuntimeError: bot crashed" in summary.failures[0].error and "bot crashed" in capsys.readouterr().err
    monkeypatch.setattr(runner, "play_scheduled", real)
    again = run_tournament(config, options, progress=False)
    assert again.played == 1 and not again.failures and len(_rows(options.db)) == 12


def test_a_database_holds_one_tournament(tmp_path: Path) -> None:
    config, options = _config(tmp_path)
    run_tournament(config, options, max_games=1, progress=False)
    with pytest.raises(StoreError, match=r"other settings \(seed: 4 -> 5\)"):
        run_tournament(replace(config, seed=5), options, progress=False)
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all, just some text " * 20)
    with pytest.raises(StoreError, match="not a SQLite database"):
        TournamentStore(junk)
    with pytest.raises(StoreError, match="no tournament database"):
        TournamentStore(tmp_path / "missing.sqlite", readonly=True)
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE x (a)").connection.commit()
    with pytest.raises(StoreError, match="not a gaia-ai tournament database"):
        TournamentStore(other)


def _as_schema_1(db: Path) -> None:
    """Rewrite a database as gaia-ai 0.1 wrote it: no game column, settings without "game"."""
    import hashlib
    import json

    con = sqlite3.connect(db)
    config = json.loads(con.execute("SELECT config FROM tournament").fetchone()[0])
    del config["game"]
    fingerprint = hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()[:16]
    con.execute("ALTER TABLE tournament DROP COLUMN game")
    con.execute("UPDATE tournament SET config = ?, fingerprint = ?", (json.dumps(config, sort_keys=True), fingerprint))
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()


def test_a_schema_1_database_is_read_and_resumed_as_gaia_project(tmp_path: Path) -> None:
    config, options = _config(tmp_path)
    run_tournament(config, options, max_games=2, progress=False)
    _as_schema_1(options.db)
    with TournamentStore(options.db, readonly=True) as store:
        assert store.game_name() == "gaia-project" and store.count() == 2
        assert "game" not in store.tournament()["config"]
    assert sqlite3.connect(options.db).execute("PRAGMA user_version").fetchone()[0] == 1   # read-only: untouched
    result = run_tournament(config, options, max_games=1, progress=False)
    assert result.played == 1   # the two stored games are kept, not replayed
    with TournamentStore(options.db, readonly=True) as store:
        assert store.count() == 3 and store.tournament()["config"]["game"] == "gaia-project"
    assert sqlite3.connect(options.db).execute("PRAGMA user_version").fetchone()[0] == 2


def test_ray_backend_on_a_local_instance_stores_the_same_games(tmp_path: Path) -> None:
    import ray  # noqa: F401 - the test extra installs Ray: a missing install fails here, it is no skip

    config, options = _config(tmp_path, games=6)
    run_tournament(config, options, progress=False)
    on_ray = replace(options, db=tmp_path / "ray.sqlite", backend="ray", workers=2)
    try:
        summary = run_tournament(config, on_ray, progress=False)
    except BackendError as e:
        if "cannot start" not in str(e):
            raise
        pytest.skip(f"Ray cannot start on this machine: {e}")
    assert summary.played == 6 and not summary.failures
    assert _rows(on_ray.db) == _rows(options.db)


def test_a_game_reserves_its_bots_search_threads(tmp_path: Path) -> None:
    config, _ = _config(tmp_path, bots=["random", "mcts:sims=10,threads=2"])
    assert {game_cpus(game) for game in build_schedule(config)} == {2}
    config, _ = _config(tmp_path, bots=["random", "greedy"])
    assert {game_cpus(game) for game in build_schedule(config)} == {1}


def test_ray_backend_names_an_address_nobody_answers_at(tmp_path: Path) -> None:
    config, options = _config(tmp_path, backend="ray", address="127.0.0.1:1")
    with pytest.raises(BackendError, match="no Ray cluster answers at 127.0.0.1:1"):
        run_tournament(config, options, progress=False)


def test_local_runs_import_neither_ray_nor_matplotlib(tmp_path: Path) -> None:
    code = ("import sys; from gaia_ai.cli import main; "
            f"assert main(['tournament', '--bots', 'random', 'greedy', '--games', '4', '--db', {str(tmp_path / 'l.sqlite')!r},"
            " '--workers', '2', '--no-progress']) == 0; "
            "assert 'ray' not in sys.modules and 'matplotlib' not in sys.modules, 'heavy import'")
    done = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# ---- statistics ----------------------------------------------------------------------------------------


def test_intervals_match_textbook_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(10, 10) == (pytest.approx(0.7225, abs=1e-4), pytest.approx(1.0))
    assert t95(1) == 12.706 and t95(30) == 2.042 and t95(60) == pytest.approx(2.000, abs=1e-3)
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and high - mean == mean - low == pytest.approx(4.303 / 3 ** 0.5)


def test_a_wilson_interval_always_holds_its_proportion() -> None:
    # rounding once left 8 wins of 8 a hair above the upper bound, and the report's error bars failed
    for n in range(1, 120):
        for twice in range(2 * n + 1):   # ties count half
            low, high = wilson_interval(twice / 2, n)
            assert 0.0 <= low <= twice / (2 * n) <= high <= 1.0


# ---- report, export, replay ---------------------------------------------------------------------------------


def test_report_export_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import matplotlib.image

    db = tmp_path / "t.sqlite"
    code = main(["tournament", "--bots", *BOTS, "--games", "6", "--seed", "2", "--db", str(db),
                 "--workers", "1", "--no-progress", "--json"])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    data = json.loads(out[-1])
    assert data["run"]["played"] == 6 and data["standings"][0]["bot"] == "greedy"
    assert any(line.startswith("1  greedy") for line in out)

    assert main(["report", str(db), "--out", str(tmp_path / "rep")]) == 0
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "## Standings" in text and "random:seed=9" in text
    for name in PLOTS:
        png = tmp_path / "rep" / name
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and name in text
        height, width = matplotlib.image.imread(png).shape[:2]
        assert height > 100 and width > 100

    with TournamentStore(db, readonly=True) as store:
        game = store.games()[3]
    exported = tmp_path / "games.jsonl.gz"
    assert main(["export", str(db), "--game-id", game.id[:8], "--out", str(exported)]) == 0
    [record] = list(read_corpus(exported))
    assert record.id == game.id and record.final["vp"] == game.scores
    assert record.move_history == game.moves and len(record.snapshots) == len(game.moves)
    assert record.extra["tournament"]["bots"] == game.bots
    capsys.readouterr()
    assert main(["replay", str(exported)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out

    # the replay checks the log against the result the game was played to
    record.final["vp"][0] += 1
    write_corpus(tmp_path / "tampered.jsonl", [record])
    [tampered] = list(read_corpus(tmp_path / "tampered.jsonl"))
    verdict = replay_record(tampered)
    assert not verdict.passed and verdict.failure.field == "final.vp[0]"

    assert main(["export", str(db), "--all", "--out", str(tmp_path / "all.jsonl")]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "all.jsonl")]) == 0
    assert "6 passed, 0 failed" in capsys.readouterr().out


def test_report_and_export_refuse_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "none.sqlite")]) == 2
    assert "no tournament database" in capsys.readouterr().err
    config, options = _config(tmp_path)
    TournamentStore(options.db).close()
    assert main(["report", str(options.db)]) == 2
    assert "holds no finished game" in capsys.readouterr().err
    run_tournament(config, options, max_games=1, progress=False)
    assert main(["export", str(options.db), "--game-id", "zzzz"]) == 2
    assert "no game 'zzzz'" in capsys.readouterr().err


def test_a_game_without_roles_plays_reports_and_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Eminent Domain deals no factions: its seats store "" and the report leaves the faction parts out
    db = tmp_path / "ed.sqlite"
    code = main(["tournament", "--game", "eminent-domain", "--players", "3", "--format", "gauntlet",
                 "--challenger", "greedy", "--bots", "greedy", "random", "random:seed=4", "--games", "3",
                 "--db", str(db), "--workers", "1", "--no-progress", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["run"]["played"] == 3 and data["factions"] == []
    with TournamentStore(db, readonly=True) as store:
        games = store.games()
    assert all(g.factions == ["", "", ""] and "greedy" in g.bots for g in games)
    assert main(["report", str(db), "--out", str(tmp_path / "rep")]) == 0
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "## Standings" in text and "faction" not in text.lower()
    assert not (tmp_path / "rep" / "scores_by_faction.png").exists()
    assert main(["export", str(db), "--all", "--out", str(tmp_path / "all.jsonl")]) == 0
    capsys.readouterr()
    assert main(["replay", "--game", "eminent-domain", str(tmp_path / "all.jsonl")]) == 0
    capsys.readouterr()
    assert main(["export", str(db), "--list"]) == 0
    listed = capsys.readouterr().out
    assert len(listed.splitlines()) == 3 and "()" not in listed and "greedy" in listed


def test_a_terraforming_mars_tournament_with_colonies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 3 players, the Colonies option on: stored with it, corporations as the seats' roles, rated, reported
    db = tmp_path / "tm.sqlite"
    argv = ["tournament", "--game", "terraforming-mars", "--option", "colonies=on", "--players", "3",
            "--bots", "greedy", "random", "random:seed=4", "--games", "3", "--db", str(db), "--workers", "1",
            "--no-progress", "--json"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["run"]["played"] == 3 and data["factions"]
    with TournamentStore(db, readonly=True) as store:
        games = store.games()
        assert store.tournament()["config"]["options"] == [["colonies", "on"]]
    from gaia_ai.games.terraforming_mars.tables import CORP_IDS

    for g in games:
        assert g.setup["colonies"] is True and g.final_state["col"]          # colony tiles in play
        assert all(f in CORP_IDS for f in g.factions) and len(set(g.factions)) == 3
        assert any(s.startswith("greedy:seed=") for s in g.specs)           # each game seeds its greedy bot
    assert main(["report", str(db), "--out", str(tmp_path / "rep")]) == 0
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "- options: colonies=on" in text and "## Corporations" in text
    assert "![scores by corporation](scores_by_faction.png)" in text
    # exported as our own game logs, which the TM judge replays (seed + lines → the stored scores)
    exported = tmp_path / "tm.jsonl.gz"
    assert main(["export", str(db), "--all", "--out", str(exported)]) == 0
    capsys.readouterr()
    assert main(["replay", "--game", "terraforming-mars", str(exported)]) == 0
    assert "3 passed, 0 failed" in capsys.readouterr().out
    with gzip.open(exported, "rt") as fh:
        records = [json.loads(line) for line in fh]
    assert all(r["format"] == "terraforming-mars-log/1" and r["setup"]["colonies"] for r in records)
    assert [r["final_scores"] for r in records] == [g.scores for g in games]
    # another option is another tournament: the database refuses it, naming the setting
    assert main([*argv[:4], "colonies=off", *argv[5:]]) == 2
    assert "options" in capsys.readouterr().err


@pytest.mark.parametrize("flags,message", [
    ({"game": "terraforming-mars", "options": {"colonies": "maybe"}}, "--option: colonies='maybe': expected on"),
    ({"game": "terraforming-mars", "options": {"prelude": "on"}}, "no option prelude"),
    ({"options": {"colonies": "on"}}, "Gaia Project has no option colonies"),
    ({"game": "terraforming-mars", "options": "colonies"}, "must be a table"),
])
def test_bad_game_options_are_named(tmp_path: Path, flags: dict[str, Any], message: str) -> None:
    with pytest.raises(TournamentConfigError, match=message):
        _config(tmp_path, **flags)


def test_toml_options_and_a_gaia_fingerprint_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "tm.toml"
    path.write_text('game = "terraforming-mars"\nbots = ["random", "greedy"]\noptions = {colonies = true}\n')
    config, _ = load_config(path)
    assert config.options == (("colonies", "on"),) and config.rules().colonies
    # a tournament without options keeps the content (and fingerprint) it had before options existed
    plain, _ = _config(tmp_path)
    assert "options" not in plain.content()
