"""How many bot games are logged in the site's line grouping (no line left incomplete).

`play` logs N seeded games of random bots (2-4 players, factions drawn) with the installed build's
recorder; `check` counts, with this build's gaia_ai.games.gaia.gamelog.incomplete_lines, the games
with a line the site's engine would refuse as incomplete. Run `play` under an older build
(PYTHONPATH=...) to measure its logs.

    python bench/log_lines.py play 50 logs.jsonl && python bench/log_lines.py check logs.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from gaia_ai.bots import make_bot
from gaia_ai.bots.play import play_game
from gaia_ai.games.api import Deal
from gaia_ai.games.gaia.game import GAME, draw_factions
from gaia_ai.games.gaia.setup import GameSetup


def play(n: int, out: Path, seed: int) -> None:
    with out.open("w") as f:
        for i in range(n):
            players = 2 + (seed + i) % 3
            setup_seed = f"log-lines-{seed}-{i}"
            factions = draw_factions(random.Random(seed * 1000 + i), players)
            bots = [make_bot(f"random:seed={seed * 1000 + i * 10 + s}") for s in range(players)]
            setup = GameSetup.random(players, setup_seed)
            game = play_game(GAME, bots, list(range(players)), Deal(setup, tuple(factions), setup.seed))
            f.write(json.dumps({"players": players, "seed": setup_seed, "lines": game.lines}) + "\n")


def check(path: Path) -> None:
    from gaia_ai.games.gaia.gamelog import incomplete_lines

    games = bad = lines = 0
    for row in path.read_text().splitlines():
        game = json.loads(row)
        found = incomplete_lines(GameSetup.random(game["players"], game["seed"]), game["lines"])
        games += 1
        bad += bool(found)
        lines += len(found)
        if found:
            print(f"{game['seed']}: line {found[0]} {game['lines'][found[0]]!r} is incomplete ({len(found)} lines)")
    print(f"{games - bad} of {games} games written in the site's grouping ({lines} incomplete lines)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("games", type=int)
    p.add_argument("out", type=Path)
    p.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("check")
    c.add_argument("logs", type=Path)
    args = ap.parse_args(argv)
    if args.cmd == "play":
        play(args.games, args.out, args.seed)
    else:
        check(args.logs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
