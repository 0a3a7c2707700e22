"""The replay judge, tested with a fake engine that replays the record's own snapshots.

This keeps the harness tested independently of the real rules engine.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.gaia import replay
from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus, write_corpus
from gaia_ai.games.gaia.errors import IllegalMoveError
from gaia_ai.games.gaia.replay import (
    add_replay_subparser,
    replay_export,
    replay_path,
    replay_record,
    run_replay_cli,
)

Corruption = Callable[[dict[str, Any]], None]


class FakeState:
    """Plays back a corpus record: accepts exactly its lines, reports its snapshots.

    The board is kept as the raw accumulation of ``hx`` (empty-default entries included),
    so the judge's normalisation is exercised. ``corrupt`` = (move index, function mutating the
    snapshot dict returned after that move) and ``raise_at`` simulate engine bugs.
    """

    def __init__(
        self,
        record: CorpusRecord,
        corrupt: tuple[int, Corruption] | None = None,
        raise_at: int | None = None,
        final_delta: int = 0,
    ) -> None:
        self.record = record
        self.corrupt = corrupt
        self.raise_at = raise_at
        self.final_delta = final_delta
        self.i = 0
        self.board: dict[str, list[Any]] = {}

    def apply_line(self, line: str) -> None:
        if self.i == self.raise_at:
            raise IllegalMoveError(f"fake engine refuses {line!r}")
        if self.i >= len(self.record.move_history) or line != self.record.move_history[self.i]:
            raise IllegalMoveError(f"unexpected line {line!r}")
        for entry in self.record.snapshots[self.i].get("hx") or ():
            self.board[entry[0]] = list(entry[1:])
        self.i += 1

    def snapshot(self) -> dict[str, Any]:
        snap = {k: copy.deepcopy(v) for k, v in self.record.snapshots[self.i - 1].items() if k != "hx"}
        snap["board"] = copy.deepcopy(self.board)
        if self.corrupt is not None and self.corrupt[0] == self.i - 1:
            self.corrupt[1](snap)
        return snap

    def final_scores(self) -> list[int] | None:
        final = self.record.final
        if final is None or self.i < len(self.record.move_history) or not self.record.complete:
            return None
        vp = list(final["vp"])
        vp[0] += self.final_delta
        return vp


class FakeFactory:
    """engine_factory: finds the record of the game by the setup's seed."""

    def __init__(self, records: list[CorpusRecord], **kwargs: Any) -> None:
        self.by_seed = {r.seed: r for r in records}
        self.kwargs = kwargs
        self.only: str | None = kwargs.pop("only", None)

    def __call__(self, setup: Any) -> FakeState:
        record = self.by_seed[setup.seed]
        if self.only is not None and record.id != self.only:
            return FakeState(record)
        return FakeState(record, **self.kwargs)


def _as_setup(record: CorpusRecord) -> CorpusRecord:
    # setup_factory for harness-only tests: the fake finds its record by seed anyway
    return record


@pytest.fixture
def sample_path(data_dir: Path) -> Path:
    return data_dir / "corpus-sample.jsonl.gz"


@pytest.fixture
def records(sample_path: Path) -> list[CorpusRecord]:
    return list(read_corpus(sample_path))


@pytest.fixture
def bot001(records: list[CorpusRecord]) -> CorpusRecord:
    return next(r for r in records if r.id == "bot-001")


def test_passing_fake_passes_every_record(records: list[CorpusRecord]) -> None:
    factory = FakeFactory(records)
    for rec in records:
        result = replay_record(rec, factory, _as_setup)
        assert result.passed, result.describe()
        assert result.failure is None
        assert result.moves_checked == result.total_moves == len(rec.move_history)


def test_default_setup_factory_builds_game_setup(records: list[CorpusRecord]) -> None:
    # the default setup path goes through GameSetup.from_corpus
    result = replay_record(records[0], FakeFactory(records))
    assert result.passed, result.describe()


def test_corrupted_player_field_is_named(bot001: CorpusRecord) -> None:
    def bump(snap: dict[str, Any]) -> None:
        snap["p"][1][5] += 1

    result = replay_record(bot001, FakeFactory([bot001], corrupt=(20, bump)), _as_setup)
    assert not result.passed
    assert result.moves_checked == 20
    f = result.failure
    assert f is not None
    assert (f.move_index, f.line, f.field) == (20, bot001.move_history[20], "p[1].area1")
    assert f.actual == f.expected + 1
    assert "move 20" in result.describe() and "p[1].area1" in result.describe()


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda s: s.update(r=s["r"] + 1), "r"),
        (lambda s: s.update(ph="xx"), "ph"),
        (lambda s: s.update(tm=7), "tm"),
        (lambda s: s["p"][0].__setitem__(27, 9), "p[0].gaiaformers"),
        (lambda s: s["p"][0].__setitem__(9, 4), "p[0].brainstone"),
        (lambda s: s["b"].__setitem__(1, "booster99"), "b[1]"),
        (lambda s: s["t"].__setitem__(0, "nav"), "t[0]"),
        (lambda s: s.update(ba="0" + s["ba"][1:]), "ba"),
        (lambda s: s["p"].pop(), "p"),
        (lambda s: s.pop("b"), "b"),
    ],
)
def test_each_state_field(bot001: CorpusRecord, mutate: Corruption, field: str) -> None:
    result = replay_record(bot001, FakeFactory([bot001], corrupt=(40, mutate)), _as_setup)
    assert result.failure is not None
    assert (result.failure.move_index, result.failure.field) == (40, field)


def test_corrupted_board_owner(bot001: CorpusRecord) -> None:
    def steal(snap: dict[str, Any]) -> None:
        label = "5A9"  # hadsch-hallas' first mine, built at move 3
        snap["board"][label][1] = 1

    result = replay_record(bot001, FakeFactory([bot001], corrupt=(10, steal)), _as_setup)
    assert result.failure is not None
    assert (result.failure.move_index, result.failure.field) == (10, "board[5A9].owner")
    assert (result.failure.expected, result.failure.actual) == (0, 1)


def test_board_extra_and_missing_hex(bot001: CorpusRecord) -> None:
    def add(snap: dict[str, Any]) -> None:
        snap["board"]["1C"] = ["e", -1, None, -1, [0]]

    result = replay_record(bot001, FakeFactory([bot001], corrupt=(5, add)), _as_setup)
    assert result.failure is not None and result.failure.field == "board[1C]"
    assert result.failure.expected is None

    def drop(snap: dict[str, Any]) -> None:
        del snap["board"]["5A9"]

    result = replay_record(bot001, FakeFactory([bot001], corrupt=(5, drop)), _as_setup)
    assert result.failure is not None and result.failure.field == "board[5A9]"
    assert result.failure.actual is None


def test_board_normalisation(bot001: CorpusRecord) -> None:
    # empty-default entries, tuples and unsorted federation lists are not differences
    def noise(snap: dict[str, Any]) -> None:
        snap["board"]["2A4"] = ("e", -1, None, -1, ())
        for label, entry in snap["board"].items():
            snap["board"][label] = tuple(entry[:4]) + (list(reversed(entry[4])),)

    result = replay_record(bot001, FakeFactory([bot001], corrupt=(len(bot001.move_history) - 1, noise)), _as_setup)
    assert result.passed, result.describe()


def test_engine_exception_names_the_line(bot001: CorpusRecord) -> None:
    result = replay_record(bot001, FakeFactory([bot001], raise_at=7), _as_setup)
    f = result.failure
    assert f is not None
    assert (f.move_index, f.line, f.field) == (7, bot001.move_history[7], "exception")
    assert "IllegalMoveError" in f.actual and "fake engine refuses" in f.actual
    assert "engine raised IllegalMoveError" in result.describe()


def test_setup_exception() -> None:
    def broken_setup(record: CorpusRecord) -> Any:
        raise ValueError("no map")

    rec = CorpusRecord("g", 2, "s", ["a", "b"], None, True, {}, {}, ["init 2 s"], [{}], None)
    result = replay_record(rec, lambda setup: FakeState(rec), broken_setup)
    assert result.failure is not None and result.failure.field == "exception"
    assert result.failure.move_index is None and "no map" in result.failure.actual


def test_final_vp_checked(bot001: CorpusRecord) -> None:
    result = replay_record(bot001, FakeFactory([bot001], final_delta=3), _as_setup)
    f = result.failure
    assert f is not None
    assert (f.move_index, f.field, f.expected, f.actual) == (None, "final.vp[0]", 67, 70)
    assert "end of game" in result.describe()


def test_final_board_checked(bot001: CorpusRecord) -> None:
    rec = copy.deepcopy(bot001)
    assert rec.final is not None
    rec.final["board"] = [e for e in rec.final["board"] if e[0] != "5A1"]  # pretend the PI hex is empty
    result = replay_record(rec, FakeFactory([rec]), _as_setup)
    assert result.failure is not None and result.failure.field == "final.board[5A1]"


def test_incomplete_record_judged_on_snapshots(bot001: CorpusRecord) -> None:
    rec = copy.deepcopy(bot001)
    rec.complete = False
    # a wrong final VP must not matter for an unfinished game
    result = replay_record(rec, FakeFactory([rec], final_delta=5), _as_setup)
    assert result.passed


# ---------------------------------------------------------------- exports


def test_exports_pass_with_fake(records: list[CorpusRecord], data_dir: Path) -> None:
    factory = FakeFactory(records)
    for name in ("bot-001", "bot-005", "bot-000-at-60"):
        result = replay_export(data_dir / "exports" / f"{name}.json", factory)
        assert result.passed, result.describe()
        assert result.kind == "export" and result.game_id == name


def test_export_final_state_compared(records: list[CorpusRecord], data_dir: Path) -> None:
    def bump(snap: dict[str, Any]) -> None:
        snap["p"][0][1] += 2  # credits

    bot000 = next(r for r in records if r.id == "bot-000")
    result = replay_export(data_dir / "exports" / "bot-000-at-60.json", FakeFactory(records, corrupt=(59, bump)))
    f = result.failure
    assert f is not None
    assert (f.move_index, f.field) == (59, "p[0].credits")
    assert f.line == bot000.move_history[59]

    result = replay_export(data_dir / "exports" / "bot-005.json", FakeFactory(records, final_delta=1))
    assert result.failure is not None and result.failure.field == "final.vp"


def test_export_from_dict(records: list[CorpusRecord], data_dir: Path) -> None:
    data = json.loads((data_dir / "exports" / "bot-001.json").read_text(encoding="utf-8"))
    assert replay_export(data, FakeFactory(records), game_id="x").passed


def test_bad_export_is_a_failed_result(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    result = replay_export(path)
    assert not result.passed and result.failure is not None
    assert result.failure.field == "export" and "not valid JSON" in result.failure.actual


# ---------------------------------------------------------------- paths and CLI


def test_replay_path_kinds(records: list[CorpusRecord], sample_path: Path, data_dir: Path) -> None:
    factory = FakeFactory(records)
    assert [r.game_id for r in replay_path(sample_path, engine_factory=factory)] == [r.id for r in records]
    assert len(list(replay_path(sample_path, limit=3, engine_factory=factory))) == 3
    exports = list(replay_path(data_dir / "exports", engine_factory=factory))
    assert [r.game_id for r in exports] == ["bot-000-at-60", "bot-001", "bot-005"]
    single = list(replay_path(data_dir / "exports" / "bot-001.json", engine_factory=factory))
    assert len(single) == 1 and single[0].passed
    with pytest.raises(FileNotFoundError):
        list(replay_path(data_dir / "missing"))


def test_cli_all_pass(records: list[CorpusRecord], sample_path: Path) -> None:
    out = io.StringIO()
    code = run_replay_cli(sample_path, out=out, engine_factory=FakeFactory(records))
    assert code == 0
    assert out.getvalue().splitlines() == [f"{len(records)} passed, 0 failed"]


def test_cli_reports_failure(records: list[CorpusRecord], sample_path: Path) -> None:
    def bump(snap: dict[str, Any]) -> None:
        snap["p"][1][5] += 1

    out = io.StringIO()
    factory = FakeFactory(records, corrupt=(20, bump), only="bot-001")
    code = run_replay_cli(sample_path, out=out, engine_factory=factory)
    lines = out.getvalue().splitlines()
    assert code == 1
    assert lines[-1] == f"{len(records) - 1} passed, 1 failed"
    assert len(lines) == 2
    bot001 = next(r for r in records if r.id == "bot-001")
    assert lines[0].startswith("FAIL bot-001: move 20 ")
    assert json.dumps(bot001.move_history[20], ensure_ascii=False) in lines[0]
    assert "p[1].area1 expected" in lines[0]


def test_cli_json(records: list[CorpusRecord], sample_path: Path) -> None:
    out = io.StringIO()
    factory = FakeFactory(records, raise_at=3, only="bot-005")
    code = run_replay_cli(sample_path, limit=5, as_json=True, out=out, engine_factory=factory)
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 1
    assert objs[-1] == {"passed": 4, "failed": 1}
    games = objs[:-1]
    assert len(games) == 5
    bad = [g for g in games if not g["passed"]]
    assert [g["game"] for g in bad] == ["bot-005"]
    assert bad[0]["failure"]["move"] == 3 and bad[0]["failure"]["field"] == "exception"
    assert all(set(g) == {"game", "kind", "passed", "moves_checked", "moves", "failure"} for g in games)


def test_cli_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_replay_cli(tmp_path / "nothing.jsonl.gz", out=io.StringIO()) == 2
    assert "no such file" in capsys.readouterr().err


def test_cli_damaged_corpus_counts_as_failure(records: list[CorpusRecord], tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    write_corpus(path, records[:2])
    with path.open("a", encoding="utf-8") as fh:
        fh.write("garbage\n")
    out = io.StringIO()
    assert run_replay_cli(path, out=out, engine_factory=FakeFactory(records)) == 1
    lines = out.getvalue().splitlines()
    assert lines[-1] == "2 passed, 1 failed"
    assert "two.jsonl line 3" in lines[0]


def test_subparser(records: list[CorpusRecord], sample_path: Path, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    parser = argparse.ArgumentParser(prog="gaia-ai")
    add_replay_subparser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["replay", str(sample_path), "--limit", "2", "--json"])
    assert (args.path, args.limit, args.as_json) == (str(sample_path), 2, True)
    # the handler uses the default engine: point it at the fake
    monkeypatch.setattr(replay, "_default_engine_factory", FakeFactory(records))
    assert args.func(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[-1]) == {"passed": 2, "failed": 0}
    with pytest.raises(SystemExit):
        parser.parse_args(["replay", str(sample_path), "--limit", "0"])
