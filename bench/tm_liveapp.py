"""gaia-ai play's live-app client against the fake app server of the tests (tests/terraforming_mars/
fake_tm_app.py: recorded views of the app-prompts file served as the app serves them, each posted answer
checked against the answers the app's engine accepted there). Every record whose accepted answers include
one we list is a prompt of one of --seats seats, in file order; each seat plays its prompts to its end.
The fake app knows only the recorded answers, so an answer it does not know is refused there and the bot
tries its next one: the prompts with hundreds of answers the real app would take (the first and next
action menus, the initial selection, the research buy) are left out unless --all-classes.
Prints prompts answered, posts (a refused post is retried with the bot's next answer), answers taken at
the first try, answers the engine refused, and decisions per second (HTTP on loopback included).

    PYTHONPATH=$PWD python bench/tm_liveapp.py [--file ../shared/corpus/tm/app-prompts/prompts.jsonl.gz]
        [--bot greedy] [--seats 4] [--records N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "terraforming_mars"))
from fake_tm_app import FakeApp, judgeable  # the tests' fake server

from gaia_ai.bots import make_bot
from gaia_ai.games.terraforming_mars.game import GAME
from gaia_ai.games.terraforming_mars.liveapp import LiveAppClient

SHARED = ROOT.parent / "shared" / "corpus" / "tm" / "app-prompts" / "prompts.jsonl.gz"
SAMPLE = ROOT / "tests" / "data" / "tm" / "app-answers-sample.jsonl.gz"


# prompt classes whose recorded answer is one of hundreds the app would take (see the docstring)
WIDE = ("or Take your first action", "or Take your next action", "initialCards", "card Select card(s) to buy (research")


def playable(path: Path, limit: int | None, all_classes: bool) -> tuple[list[dict], int]:
    """The records the fake app can judge our answers at (one of our listed answers is among the accepted
    ones: the fake app knows only recorded answers), and how many records were read."""
    out, read = [], 0
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            if limit is not None and read >= limit:
                break
            read += 1
            r = json.loads(line)
            if not all_classes and r["class"].startswith(WIDE):
                continue
            if judgeable(r):
                out.append(r)
    return out, read


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=SHARED if SHARED.is_file() else SAMPLE)
    ap.add_argument("--bot", default="greedy", help="a bot spec of gaia-ai match (default greedy)")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--records", type=int, help="read only the first N records")
    ap.add_argument("--all-classes", action="store_true", help="keep the prompts of hundreds of answers too")
    args = ap.parse_args()
    records, read = playable(args.file, args.records, args.all_classes)
    seats = {f"p{k:012d}": records[k::args.seats] for k in range(args.seats)}
    lines: list[str] = []
    with FakeApp(seats) as app:
        client = LiveAppClient(app.url, list(seats), make_bot(args.bot, GAME), log=lines.append, poll=0.01,
                               max_tries=400)
        start = time.perf_counter()
        stats = client.run()
        elapsed = time.perf_counter() - start
    decisions = sum(s.decisions for s in stats)
    refused = sum(1 for p in app.posts if p[2] == "refused")
    unknown = sum(1 for p in app.posts if p[2] == "unknown")
    first = sum(1 for i, p in enumerate(app.posts) if p[2] == "accepted" and (i == 0 or app.posts[i - 1][2] == "accepted"))
    print(f"{args.file.name}: {read} records read, {len(records)} the fake app can judge, {args.seats} seats, bot {args.bot}")
    print(f"seats finished {sum(s.finished for s in stats)} of {len(stats)}; {decisions} prompts answered, "
          f"{len(app.posts)} posts, {first} taken at the first try, {refused} refused by the app's engine, "
          f"{unknown} not among the recorded answers; {decisions / elapsed:.1f} decisions/s ({elapsed:.1f} s)")


if __name__ == "__main__":
    main()
