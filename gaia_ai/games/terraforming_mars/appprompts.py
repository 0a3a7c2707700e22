"""The app-prompts corpus (../shared/corpus/tm/app-prompts, issue 37): import rate and choice agreement per
prompt class.

    python bench/tm_app_prompts.py [FILE]      # the table per class; FILE defaults to the shared corpus

A record is one real prompt of the Terraforming Mars app: the exact `/api/player` view, its prompt class
and the answers the app's engine accepted and refused. ``check_record`` imports the view and, where it
imports, compares the choices our core offers at the prompt with the ones the prompt lists (spaces,
cards, players, colony tiles, the amount's range, the options of an "or"): ``agree`` is True when they
are the same, False with a ``mismatch`` saying how they differ, None where the prompt's choices are not
compared (the action menu, the research buy, the initial selection, payments).
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .playerview import PlayerViewError, compare_listed, import_player_view, title_text
from .tables import CONST

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "tm" / "app-prompts" / "prompts.jsonl.gz"


@dataclass
class Result:
    id: str
    cls: str
    imported: bool
    error: str = ""
    agree: bool | None = None
    mismatch: str = ""


def load(path: str | Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


def check_record(rec: dict[str, Any], seed: int = 1) -> Result:
    try:
        state, pv = import_player_view(rec["view"], seed=seed)
    except PlayerViewError as e:
        return Result(rec["id"], rec["class"], False, str(e))
    agree, why = compare_listed(state, pv)
    return Result(rec["id"], rec["class"], True, agree=agree, mismatch=why)


def table(results: list[Result]) -> list[dict[str, Any]]:
    """One row a class, most records first: records, imported, compared, agreeing, first error/mismatch."""
    by: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        by[r.cls].append(r)
    rows = []
    for cls, rs in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        compared = [r for r in rs if r.agree is not None]
        rows.append({
            "class": cls, "records": len(rs), "imported": sum(r.imported for r in rs),
            "compared": len(compared), "agree": sum(bool(r.agree) for r in compared),
            "error": next((r.error for r in rs if not r.imported), ""),
            "mismatch": next((f"{r.id}: {r.mismatch}" for r in compared if not r.agree), ""),
        })
    return rows


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else SHARED
    if not path.exists():
        print(f"no corpus at {path}", file=sys.stderr)
        return 2
    results = [check_record(r) for r in load(path)]
    rows = table(results)
    print("| class | records | imported | choices compared | agree | first error or mismatch |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in rows:
        note = (row["error"] or row["mismatch"]).replace("|", "\\|")[:110]
        print(f"| {row['class'].replace('|', '/')} | {row['records']} | {row['imported']} | {row['compared']} | "
              f"{row['agree']} | {note} |")
    n = len(results)
    imported = sum(r.imported for r in results)
    compared = [r for r in results if r.agree is not None]
    print(f"\nimported {imported} of {n} ({100 * imported / n:.1f}%); choices compared at {len(compared)} "
          f"follow-ups, {sum(bool(r.agree) for r in compared)} agree")
    return 0


__all__ = ["CONST", "Result", "check_record", "compare_listed", "load", "main", "table", "title_text"]
