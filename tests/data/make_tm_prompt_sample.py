"""Regenerate ``tests/data/tm/app-prompts-sample.jsonl.gz`` from the shared app-prompts corpus.

Usage: ``python tests/data/make_tm_prompt_sample.py [/path/to/shared/corpus/tm/app-prompts/prompts.jsonl.gz]``

Selection: in file order, the first 2 records of each prompt class, then the records named in EXTRA (the
ones tests/terraforming_mars/test_app_prompts.py checks by id), each once.
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT = HERE.parents[2] / "shared" / "corpus" / "tm" / "app-prompts" / "prompts.jsonl.gz"
OUT = HERE / "tm" / "app-prompts-sample.jsonl.gz"
PER_CLASS = 2
EXTRA = ["b3p-s716-g1-d1"]   # an initial selection after a player who kept no card


def main() -> None:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    with gzip.open(src, "rt") as f:
        records = [json.loads(line) for line in f]
    seen: Counter[str] = Counter()
    out = []
    for r in records:
        if seen[r["class"]] < PER_CLASS or r["id"] in EXTRA:
            seen[r["class"]] += 1
            out.append(r)
    with gzip.open(OUT, "wt") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{len(out)} records of {len(seen)} classes -> {OUT}")


if __name__ == "__main__":
    main()
