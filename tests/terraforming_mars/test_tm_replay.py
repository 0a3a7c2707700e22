"""The judge: recorded games replayed through the core, every snapshot compared."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_ai.games.terraforming_mars.replay import main, read_records, replay_file, replay_record

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "tm" / "games-sample.jsonl.gz"
# Colonies: c001 (Stormcraft, Titan Floating Launch-pad trades), c053 (Arklight, Poseidon, Polyphemos),
# c092 (Polyphemos, Aridor)
COLONIES_SAMPLE = Path(__file__).resolve().parents[1] / "data" / "tm" / "games-colonies-sample.jsonl.gz"
# ../shared beside the checkout (or beside the folder of worktrees)
_ROOT = Path(__file__).resolve().parents[2]
_SHARED = next((d / "shared" for d in (_ROOT.parent, _ROOT.parent.parent) if (d / "shared").is_dir()),
               _ROOT.parent / "shared")
FULL = _SHARED / "corpus" / "tm" / "games-base.jsonl.gz"
FULL_COLONIES = _SHARED / "corpus" / "tm" / "games-colonies.jsonl.gz"


def test_sample_game_b096_replays_exactly():
    rec = next(r for r in read_records(SAMPLE) if r["id"] == "b096")
    result = replay_record(rec)
    assert result.ok, result.error
    assert result.replayed == result.actions == len(rec["acts"])


def test_a_corrupted_record_fails_at_the_changed_action():
    rec = next(r for r in read_records(SAMPLE) if r["id"] == "b096")
    rec["acts"][10]["s"]["p"][0][1] += 1           # one M€ more in the record
    result = replay_record(rec)
    assert not result.ok and result.replayed == 10
    assert "act 10" in result.error and "M€" in result.error


def test_report_and_cli(capsys):
    report = replay_file(SAMPLE)
    assert len(report.games) == 4 and report.passed == 4
    assert main([str(SAMPLE), "--limit", "2"]) in (0, 1)
    out = capsys.readouterr().out.strip().splitlines()
    assert out[-1].startswith(f"{sum(1 for g in report.games[:2] if g.ok)} passed, ")


@pytest.mark.slow
def test_full_corpus_does_not_regress():
    if not FULL.is_file():
        pytest.skip(f"{FULL} not available")
    report = replay_file(FULL)
    assert report.failed == 0, [f"{g.id}: {g.error}" for g in report.games if not g.ok]
    assert report.passed == 120 and report.replayed == report.actions


def test_colonies_sample_games_replay_exactly_with_col_and_fl():
    report = replay_file(COLONIES_SAMPLE)
    assert [g.id for g in report.games] == ["c001", "c053", "c092"]
    assert report.passed == 3, [g.error for g in report.games if not g.ok]


def test_a_corrupted_colony_track_fails_at_the_changed_action():
    rec = next(r for r in read_records(COLONIES_SAMPLE) if r["id"] == "c053")
    i = next(i for i, a in enumerate(rec["acts"]) if "col" in a["s"] and i > 20)
    rec["acts"][i]["s"]["col"][0][1] += 1
    result = replay_record(rec)
    assert not result.ok and result.replayed == i and "col" in result.error


@pytest.mark.slow
def test_full_colonies_corpus_does_not_regress():
    if not FULL_COLONIES.is_file():
        pytest.skip(f"{FULL_COLONIES} not available")
    report = replay_file(FULL_COLONIES)
    assert report.failed == 0, [f"{g.id}: {g.error}" for g in report.games if not g.ok]
    assert report.passed == 80 and report.replayed == report.actions
