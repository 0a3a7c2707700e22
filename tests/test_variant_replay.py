"""Variant games of the boardgamers.space engine replay exactly (shared/corpus/gaia/variants).

The sample in tests/data always runs; the full variant files run whenever ../shared is beside the
checkout, like tests/test_corpus_replay.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.replay import replay_path, replay_record

VARIANT_FILES = ["auction.jsonl.gz", "auction-bid-while-choosing.jsonl.gz", "beta.jsonl.gz"]


def _failures(path: Path) -> list[str]:
    results = list(replay_path(path))
    assert results, f"no game found in {path}"
    return [f"{r.game_id}: {r.failure}" for r in results if not r.passed]


@pytest.mark.parametrize("prefix", ["auction-", "bwc-", "beta-"])
def test_variant_sample_replays_exactly(data_dir: Path, prefix: str) -> None:
    records = [r for r in read_corpus(data_dir / "variants-sample.jsonl.gz") if r.id.startswith(prefix)]
    assert records
    assert [f"{r.id}: {res.failure}" for r in records if not (res := replay_record(r)).passed] == []


@pytest.mark.parametrize("prefix", ["auction-", "bwc-", "beta-"])
def test_variant_exports_replay(data_dir: Path, prefix: str) -> None:
    for export in sorted((data_dir / "variant-exports").glob(f"{prefix}*.json")):
        assert _failures(export) == []


@pytest.mark.parametrize("name", VARIANT_FILES)
def test_full_variant_files_replay_exactly(shared_dir: Path, name: str) -> None:
    path = shared_dir / "corpus" / "gaia" / "variants" / name
    if not path.exists():
        pytest.skip(f"{path} not available")
    assert _failures(path) == []
