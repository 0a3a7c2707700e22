"""Time from a Terraforming Mars player view to the app's answers (appresponse.py): the view's import
alone, and import + the hint search at the default budget (gaia-ai suggest's: the game's hint search, 2,000
simulations) + app_response of the top 5 suggestions. Median and p90 over records of the app-prompts file
whose views import (every k-th, spread over the prompt classes), one thread.

    PYTHONPATH=$PWD python bench/tm_app_response.py [--file ../shared/corpus/tm/app-prompts/prompts.jsonl.gz]
        [--records 20] [--simulations 2000] [--imports 200]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from pathlib import Path

from gaia_ai.cli.suggest import DEFAULT_SIMULATIONS
from gaia_ai.games.terraforming_mars.appresponse import suggestion_response
from gaia_ai.games.terraforming_mars.game import GAME
from gaia_ai.games.terraforming_mars.playerview import PlayerViewError, import_player_view
from gaia_ai.search import SearchConfig

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "corpus" / "tm" / "app-prompts" / "prompts.jsonl.gz"
SAMPLE = ROOT / "tests" / "data" / "tm" / "app-answers-sample.jsonl.gz"


def p90(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, int(0.9 * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=SHARED if SHARED.is_file() else SAMPLE)
    ap.add_argument("--records", type=int, default=20, help="records searched (default 20)")
    ap.add_argument("--imports", type=int, default=200, help="records imported for the import-alone figure")
    ap.add_argument("--simulations", type=int, default=DEFAULT_SIMULATIONS)
    args = ap.parse_args()
    with gzip.open(args.file, "rt", encoding="utf-8") as f:
        views = []
        for line in f:
            r = json.loads(line)
            try:
                import_player_view(r["view"], seed=0)
            except PlayerViewError:
                continue
            views.append(json.dumps(r["view"]))
    print(f"{args.file}: {len(views)} views import")
    step = max(1, len(views) // args.imports)
    imports = []
    for text in views[::step][:args.imports]:
        t = time.perf_counter()
        import_player_view(text, seed=0)
        imports.append(time.perf_counter() - t)
    config = SearchConfig(**{**GAME.hint_search(), "simulations": args.simulations, "seed": 0, "threads": 1})
    totals, answering, missing = [], [], 0
    step = max(1, len(views) // args.records)
    for text in views[::step][:args.records]:
        t = time.perf_counter()
        state, _view = import_player_view(text, seed=0)
        result = GAME.search(state, config, top_k=5)
        a = time.perf_counter()
        answers = [suggestion_response(state, c.pv, c.pv_players) for c in result.candidates[:5]]
        totals.append(time.perf_counter() - t)
        answering.append(time.perf_counter() - a)
        missing += sum(a is None for a in answers)      # a move no option of the prompt takes
    print(f"import alone: median {1e3 * statistics.median(imports):.2f} ms, p90 {1e3 * p90(imports):.2f} ms "
          f"({len(imports)} views)")
    print(f"view -> app_response of the top 5 at {args.simulations} simulations: median "
          f"{statistics.median(totals):.3f} s, p90 {p90(totals):.3f} s ({len(totals)} views; "
          f"{missing} suggestions without an app answer)")
    print(f"of which app_response of the 5: median {1e3 * statistics.median(answering):.2f} ms, "
          f"p90 {1e3 * p90(answering):.2f} ms")


if __name__ == "__main__":
    main()
