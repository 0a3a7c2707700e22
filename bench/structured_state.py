"""Structured-state figures and the full round-trip check:
``python bench/structured_state.py [--corpus PATH] [--every K] [--json]``.

Replays every game of a corpus (default: the test sample; ../shared/corpus/gaia/games.jsonl.gz for the
full corpus) and, at every K-th position, exports the state (state_to_json), serialises it to JSON
text and imports it back (state_from_json, validation and the engine's move generation included).
Each import is checked: the same snapshot, the same legal moves and the same JSON again. Printed: the
positions checked and failed, and per position the median export and import times (with the 10th-90th
percentile spread) and the median JSON size. Wall-clock figures: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia import GaiaState, GameSetup, StateError
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.structured import state_from_json, state_to_json

DEFAULT_CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "corpus-sample.jsonl.gz"


def _spread(values: list[float]) -> tuple[float, float, float]:
    """Median, 10th and 90th percentiles."""
    if len(values) < 2:
        v = values[0] if values else 0.0
        return v, v, v
    deciles = statistics.quantiles(values, n=10)
    return statistics.median(values), deciles[0], deciles[-1]


def run(corpus: Path, every: int) -> dict[str, Any]:
    export_ms: list[float] = []
    import_ms: list[float] = []
    sizes: list[int] = []
    failures: list[str] = []
    for record in read_corpus(corpus):
        setup = GameSetup.from_corpus(
            {"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players}
        )
        state = GaiaState.new(setup)
        for k, line in enumerate(record.move_history):
            state.apply_line(line)
            if k % every:
                continue
            t0 = time.perf_counter()
            data = state_to_json(state)
            t1 = time.perf_counter()
            text = json.dumps(data)
            t2 = time.perf_counter()
            try:
                imported = state_from_json(json.loads(text))
            except StateError as e:
                failures.append(f"{record.id} line {k}: {e}")
                continue
            t3 = time.perf_counter()
            export_ms.append((t1 - t0) * 1e3)
            import_ms.append((t3 - t2) * 1e3)
            sizes.append(len(text))
            if (
                imported.snapshot() != state.snapshot()
                or imported.legal_moves() != state.legal_moves()
                or state_to_json(imported) != data
            ):
                failures.append(f"{record.id} line {k}: the imported state differs")
    return {
        "positions": len(export_ms) + sum("differs" not in f for f in failures),
        "failed": len(failures),
        "failures": failures[:10],
        "export_ms": _spread(export_ms),
        "import_ms": _spread(import_ms),
        "json_bytes": statistics.median(sizes) if sizes else 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, help="corpus file (gzip JSONL)")
    parser.add_argument(
        "--every", type=int, default=1, metavar="K", help="check every K-th position (default 1)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not args.corpus.is_file():
        print(f"structured_state.py: corpus file {args.corpus} not found", file=sys.stderr)
        return 2
    try:
        result = run(args.corpus, max(1, args.every))
    except (GaiaError, OSError, ValueError) as e:   # a file that is not a corpus
        print(f"structured_state.py: {args.corpus}: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['positions']} positions checked, {result['failed']} failed")
        for line in result["failures"]:
            print("  " + line)
        for name in ("export_ms", "import_ms"):
            med, lo, hi = result[name]
            print(f"{name[:-3]:>7}: {med:.3f} ms median per position (10-90%: {lo:.3f}-{hi:.3f} ms)")
        print(f"   JSON: {result['json_bytes']:.0f} bytes median")
    return 0 if result["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
