"""The judge of the rules: recorded games of the independent boardgamers.space engine replay exactly.

The sample in tests/data always runs; the full corpus runs whenever ../shared is beside the checkout
(CI has it; a user's fresh clone does not).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_ai.games.gaia.replay import replay_path


def _failures(path: Path) -> list[str]:
    results = list(replay_path(path))
    assert results, f"no game found in {path}"
    return [f"{r.game_id}: {r.failure}" for r in results if not r.passed]


def test_corpus_sample_replays_exactly(data_dir: Path) -> None:
    assert _failures(data_dir / "corpus-sample.jsonl.gz") == []


def test_game_exports_replay_and_match_their_player_data(data_dir: Path) -> None:
    assert _failures(data_dir / "exports") == []


def test_full_corpus_replays_exactly(shared_dir: Path) -> None:
    corpus = shared_dir / "corpus" / "gaia" / "games.jsonl.gz"
    if not corpus.exists():
        pytest.skip(f"{corpus} not available")
    assert _failures(corpus) == []
