"""A 2-player match measured over several sessions, in pairs of games: ``python bench/match_tally.py FILE
[--bot PREFIX [--anywhere]]``.

FILE holds `gaia-ai match` game lines, each prefixed by its match's master seed ("seed 201 game 1/2: p1
mcts:ms=1000,rollout_depth=60 139, p2 greedy 67: ... wins"; a Gaia line names each player's faction
after the spec: "p1 mcts:sims=1600 (terrans) 108"), as made by running `gaia-ai match ... --games N
--seed S` for seeds not yet in the file and appending its game lines. A match of an even number of games
swaps the seats in pairs, so the file can grow by any number of matches. Prints the games, the share of
the wins of the bot whose spec starts with PREFIX (default "mcts", ties split) with its Wilson 95%
interval, and its mean VP margin with a 95% interval (Student t). docs/results/ keeps such files:
issue 13's 1 s-a-move figure (Terraforming Mars), issue 18's implicit-minimax probe (Gaia; there both
specs start with "mcts", so PREFIX names the budget: --bot mcts:sims=1600).
"""

from __future__ import annotations

import argparse
import re
import sys

from gaia_ai.tournament.ratings import mean_interval, wilson_interval

# a player: its spec, then (Gaia) its faction in parentheses, then its final VP
PLAYER = r"(\S+)(?: \([\w -]+\))? (\d+)"
LINE = re.compile(rf"^seed (\d+) game \d+/\d+: p1 {PLAYER}, p2 {PLAYER}:")


def games(lines: list[str], prefix: str, *, anywhere: bool = False) -> list[tuple[int, int]]:
    """Each game's pair seed and the PREFIX bot's VP margin (anywhere: the bot whose spec contains PREFIX,
    for specs that differ only at the end); ValueError on a line that is not a game line, a game played
    twice (the same seed and game number), or a line where not exactly one spec names PREFIX."""
    def names(spec: str) -> bool:
        return prefix in spec if anywhere else spec.startswith(prefix)

    out, seen = [], set()
    for number, line in enumerate(lines, 1):
        m = LINE.match(line)
        if m is None:
            raise ValueError(f"line {number}: not a 'seed S game ...' line: {line[:60]!r}")
        key = line.split(":")[0]
        if key in seen:
            raise ValueError(f"line {number}: {key} is in the file twice")
        seen.add(key)
        seed, first, first_vp, second, second_vp = m.groups()
        if names(first) == names(second):
            where = "contain" if anywhere else "start with"
            raise ValueError(f"line {number}: exactly one player's spec must {where} {prefix!r}")
        mine = int(first_vp) - int(second_vp)
        out.append((int(seed), mine if names(first) else -mine))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--bot", default="mcts", metavar="PREFIX", help="whose share (a spec prefix; default mcts)")
    parser.add_argument("--anywhere", action="store_true",
                        help="--bot names a part of the spec anywhere in it (specs that differ only at the "
                             "end: --bot prior=p2 --anywhere)")
    args = parser.parse_args(argv)
    with open(args.file) as f:
        lines = [line.strip() for line in f if line.strip()]
    try:
        found = games(lines, args.bot, anywhere=args.anywhere)
    except ValueError as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 2
    if not found:
        print(f"{args.file}: no game", file=sys.stderr)
        return 1
    margins = [margin for _, margin in found]
    wins = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
    low, high = wilson_interval(wins, len(found))
    mean, mean_low, mean_high = mean_interval(margins)
    seeds = sorted({seed for seed, _ in found})
    print(f"{len(found)} games (seeds {seeds[0]}-{seeds[-1]}, {len(seeds)} matches): {args.bot} wins {wins:g}, "
          f"{100 * wins / len(found):.1f}% [{100 * low:.1f}, {100 * high:.1f}]; margin {mean:+.1f} VP "
          f"[{mean_low:.1f}, {mean_high:.1f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
