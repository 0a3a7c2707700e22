"""Regenerate ``tests/data/variants-sample.jsonl.gz`` and ``tests/data/variant-exports/`` from the
variant corpus (``shared/corpus/gaia/variants``), so the variant tests run without ``../shared``.

Usage: ``python tests/data/make_variant_sample.py [/path/to/shared/corpus/gaia/variants]``

Selection (deterministic): from each auction file the first game of each player count; from
beta.jsonl.gz, scanning in file order, the game adding the most beta factions not yet covered until
the nine factions with a beta board are all in; and the first export of each variant.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus, write_corpus

BETA_FACTIONS = {"baltaks", "bescods", "firaks", "geodens", "gleens", "hadsch-hallas", "lantids", "xenos", "terrans"}
EXPORTS = ("auction-3p-000-at-37.json", "bwc-3p-000-at-30.json", "beta-4p-000-at-54.json")


def choose(src: Path) -> list[CorpusRecord]:
    chosen: list[CorpusRecord] = []
    for name in ("auction.jsonl.gz", "auction-bid-while-choosing.jsonl.gz"):
        seen: set[int] = set()
        for record in read_corpus(src / name):
            if record.num_players not in seen:
                seen.add(record.num_players)
                chosen.append(record)
    beta = list(read_corpus(src / "beta.jsonl.gz"))
    missing = set(BETA_FACTIONS)
    while missing:
        best = max(beta, key=lambda r: len(missing & set(r.factions)))
        chosen.append(best)
        missing -= set(best.factions)
        beta.remove(best)
    return chosen


def main() -> None:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "corpus" / "gaia" / "variants"
    chosen = choose(src)
    write_corpus(HERE / "variants-sample.jsonl.gz", chosen)
    for name in EXPORTS:
        shutil.copy(src / "exports" / name, HERE / "variant-exports" / name)
    print(" ".join(r.id for r in chosen))


if __name__ == "__main__":
    main()
