"""Reading and writing corpus files."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from gaia_ai.games.gaia.corpus import CorpusError, CorpusRecord, read_corpus, write_corpus, write_record
from gaia_ai.games.gaia.errors import GaiaError

ALL_FACTIONS = {
    "ambas", "baltaks", "bescods", "firaks", "geodens", "gleens", "hadsch-hallas",
    "itars", "ivits", "lantids", "nevlas", "taklons", "terrans", "xenos",
}  # fmt: skip


@pytest.fixture
def sample(data_dir: Path) -> list[CorpusRecord]:
    return list(read_corpus(data_dir / "corpus-sample.jsonl.gz"))


def test_sample_covers_player_counts_and_factions(sample: list[CorpusRecord], data_dir: Path) -> None:
    assert 10 <= len(sample) <= 16
    assert {r.num_players for r in sample} == {2, 3, 4}
    assert {f for r in sample for f in r.factions} == ALL_FACTIONS
    assert {"bot-000", "bot-001", "bot-005"} <= {r.id for r in sample}
    assert (data_dir / "corpus-sample.jsonl.gz").stat().st_size < 1_500_000


def test_record_fields(sample: list[CorpusRecord]) -> None:
    rec = next(r for r in sample if r.id == "bot-001")
    assert rec.num_players == 2
    assert rec.seed == "draco-29080-1"
    assert rec.factions == ["hadsch-hallas", "terrans"]
    assert rec.complete is True and rec.variant is None
    assert rec.move_history[0] == "init 2 draco-29080-1"
    assert len(rec.snapshots) == len(rec.move_history)
    assert rec.final is not None and rec.final["vp"] == [67, 57]
    assert rec.options["layout"] == "standard"
    assert "mapConfig" in rec.setup and "hexes" in rec.setup
    assert "gen" in rec.extra


def test_dict_round_trip(sample: list[CorpusRecord]) -> None:
    for rec in sample:
        assert CorpusRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec


def test_write_corpus_and_append(sample: list[CorpusRecord], tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl.gz"
    assert write_corpus(out, sample[:2]) == 2
    # appending to a gzip file adds a gzip member; reading must see all records
    write_record(out, sample[2])
    write_record(out, sample[3].to_dict())
    assert [r.id for r in read_corpus(out)] == [r.id for r in sample[:4]]

    plain = tmp_path / "games.jsonl"
    with plain.open("w", encoding="utf-8") as fh:
        write_record(fh, sample[0])
        fh.write("\n")  # blank lines are skipped
        write_record(fh, sample[1])
    assert list(read_corpus(plain)) == sample[:2]
    # annotations keep the real arrow, not an escape
    assert "⇒" in plain.read_text(encoding="utf-8")


def _write_lines(path: Path, lines: list[str]) -> None:
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


def test_bad_json_names_file_and_line(sample: list[CorpusRecord], tmp_path: Path) -> None:
    path = tmp_path / "broken.jsonl.gz"
    _write_lines(path, [json.dumps(sample[0].to_dict()), "{not json"])
    records = read_corpus(path)
    assert next(records).id == sample[0].id
    with pytest.raises(CorpusError, match=r"broken\.jsonl\.gz line 2: not valid JSON"):
        next(records)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("moveHistory"), "missing key 'moveHistory'"),
        (lambda d: d.update(nbPlayers="3"), "key 'nbPlayers' has type str"),
        (lambda d: d["snapshots"].pop(), "snapshots for"),
        (lambda d: d["moveHistory"].__setitem__(3, 7), "moveHistory must hold strings"),
        (lambda d: d.update(final=[1, 2]), "key 'final' has type list"),
    ],
)
def test_bad_record_shape(sample: list[CorpusRecord], tmp_path: Path, mutate, message: str) -> None:
    data = sample[0].to_dict()
    mutate(data)
    path = tmp_path / "bad.jsonl.gz"
    _write_lines(path, [json.dumps(data)])
    with pytest.raises(CorpusError, match=message) as info:
        list(read_corpus(path))
    assert "bad.jsonl.gz line 1" in str(info.value)
    assert isinstance(info.value, GaiaError) and isinstance(info.value, ValueError)


def test_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "list.jsonl"
    path.write_text("[1, 2]\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="list.jsonl line 1: a record must be a JSON object"):
        list(read_corpus(path))


def test_truncated_gzip(data_dir: Path, tmp_path: Path) -> None:
    raw = (data_dir / "corpus-sample.jsonl.gz").read_bytes()
    path = tmp_path / "cut.jsonl.gz"
    path.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(CorpusError, match="cut.jsonl.gz"):
        list(read_corpus(path))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        list(read_corpus(tmp_path / "nope.jsonl.gz"))


def test_full_corpus(shared_dir: Path) -> None:
    records = list(read_corpus(shared_dir / "corpus" / "gaia" / "games.jsonl.gz"))
    assert len(records) == 320
    assert len({r.id for r in records}) == 320
    assert all(r.complete and r.final is not None for r in records)
