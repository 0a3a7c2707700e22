"""Regenerate ``tests/data/corpus-sample.jsonl.gz`` and ``tests/data/exports/`` from the full corpus.

Usage: ``python tests/data/make_sample.py [/path/to/shared/corpus/gaia]``

Selection (deterministic, by id): the three games that have a boardgamers.space
export (bot-000, bot-001, bot-005) come first so export tests can cross-check
against the sample; then, scanning the corpus sorted by id, the record adding
the most factions not yet covered is taken (ties: smallest id) until all 14
factions and 2, 3 and 4 players are covered; then the smallest remaining ids
fill the sample up to 12 records.

With the shared 320-game corpus this picks, in file order (the script prints them):
bot-000 (3p), bot-001 (2p), bot-002 (2p), bot-003 (4p), bot-005 (4p), bot-006 (3p),
bot-007 (4p), bot-008 (4p), bot-010 (3p), bot-011 (3p), bot-036 (4p), bot-048 (3p):
all 14 factions, about 66 kB.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus, write_corpus

SAMPLE_SIZE = 12
ALWAYS = ("bot-000", "bot-001", "bot-005")


def choose(records: list[CorpusRecord]) -> list[CorpusRecord]:
    by_id = sorted(records, key=lambda r: r.id)
    chosen = [r for r in by_id if r.id in ALWAYS]
    all_factions = {f for r in records for f in r.factions}
    all_counts = {r.num_players for r in records}

    def covered() -> tuple[set[str], set[int]]:
        return {f for r in chosen for f in r.factions}, {r.num_players for r in chosen}

    while True:
        factions, counts = covered()
        if factions >= all_factions and counts >= all_counts:
            break
        rest = [r for r in by_id if r not in chosen]
        # gain = new factions, plus a bonus for a player count not yet present
        best = max(
            rest,
            key=lambda r: (
                len(set(r.factions) - factions) + (r.num_players not in counts),
                -by_id.index(r),
            ),
        )
        chosen.append(best)
    for r in by_id:
        if len(chosen) >= SAMPLE_SIZE:
            break
        if r not in chosen:
            chosen.append(r)
    order = {r.id: i for i, r in enumerate(records)}
    return sorted(chosen, key=lambda r: order[r.id])


def main(argv: list[str]) -> int:
    src = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "corpus" / "gaia"
    records = list(read_corpus(src / "games.jsonl.gz"))
    sample = choose(records)
    out = HERE / "corpus-sample.jsonl.gz"
    write_corpus(out, sample)
    # the same sample ships in the package, for `gaia-ai bench engine` from an installed wheel
    shutil.copyfile(out, HERE.parents[1] / "gaia_ai" / "games" / "gaia" / "data" / "corpus-sample.jsonl.gz")
    (HERE / "exports").mkdir(exist_ok=True)
    for export in sorted((src / "exports").glob("*.json")):
        shutil.copyfile(export, HERE / "exports" / export.name)
    print("SAMPLE_IDS =", [r.id for r in sample])
    print(f"{out}: {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
