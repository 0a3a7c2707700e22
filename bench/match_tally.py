"""A 2-player match measured over several sessions, in pairs of games: ``python bench/match_tally.py FILE
[--bot PREFIX [--anywhere]]``.

FILE holds `gaia-ai match` game lines (after header lines starting with "#"), each prefixed by its match's
master seed ("seed 201 game 1/2: p1 mcts:ms=1000,rollout_depth=60 139, p2 greedy 67: ... wins"; a Gaia
line names each player's faction after the spec: "p1 mcts:sims=1600 (terrans) 108"), as made by running
`gaia-ai match ... --games N --seed S` for seeds not yet in the file and appending its game lines. A
line as `gaia-ai match` prints it, without the prefix, is of the match whose seed --seed gives, or else
the one `--seed S` the header names (a file of one match: its header, its command, its output; lines
that start with neither "seed" nor "game", such as the match's own summary, are skipped). A match of an even number of games
swaps the seats in pairs, so the file can grow by any number of matches. Prints the games, the share of
the wins of the bot whose spec starts with PREFIX (default "mcts", ties split) with its Wilson 95%
interval, and its mean VP margin with a 95% interval (Student t).

Then the deals: games 2k-1 and 2k of a match share one deal (the same factions in the same seats, the bots
swapped). A deal the bot wins twice was decided by the bots; a deal split (each bot won it once, from
the same seat with the same faction) was decided by the deal itself, whatever the bots. Their counts say
how much of a win rate the deals leave to the bots' strength: with d of the deals split, a bot that won
every other deal twice would make (1 + (1 - d)) / 2 of the wins. The paired margin (the bot's mean margin
over a deal's two games, averaged over the deals) removes the deal's own advantage from the VP figure,
so its interval is the tighter one. With --factions (Gaia lines), each faction's advantage: its seat's
mean margin over its deals, both bots, i.e. how well these bots play it against the others. In a Gaia
auction match (`--option auction=choose-bid`) the bots pick their factions in play: a deal is then the
map, tiles and seat order, a split deal is one each bot won from the same seat, and only the deals whose
two games picked the same factions count in a faction's advantage (with the bids paid). docs/results/ keeps such files:
issue 13's 1 s-a-move figure (Terraforming Mars), issue 18's implicit-minimax probe (Gaia; there both
specs start with "mcts", so PREFIX names the budget: --bot mcts:sims=1600).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import NamedTuple

from gaia_ai.tournament.ratings import mean_interval, wilson_interval

# a player: its spec, then (Gaia) its faction in parentheses, then its final VP
PLAYER = r"(\S+)(?: \(([\w -]+)\))? (\d+)"
LINE = re.compile(rf"^(?:seed (\d+) )?game (\d+)/\d+: p1 {PLAYER}, p2 {PLAYER}:")


class Game(NamedTuple):
    seed: int     # the match's master seed
    number: int   # the game's number in its match (1-based; 2k-1 and 2k share a deal)
    margin: int   # the PREFIX bot's VP minus the other's
    seat_margin: int = 0   # seat 1's VP minus seat 2's
    factions: tuple[str, str] | None = None   # seat 1's and seat 2's (Gaia lines name them)


class Deals(NamedTuple):
    swept: int          # deals the PREFIX bot won twice
    lost: int           # deals the other bot won twice
    split: int          # deals each bot won once (the deal decided them)
    other: int          # deals with a tie in them
    margins: list[float]  # the PREFIX bot's mean margin over each deal's two games
    factions: dict[str, list[float]]   # each faction's advantage in its deals (its seat's mean margin)
    unmatched: int = 0  # deals whose two games had different factions (an auction's picks): not in `factions`


def games(lines: list[str], prefix: str, *, anywhere: bool = False, seed: int | None = None) -> list[Game]:
    """Each game's match seed, number and the PREFIX bot's VP margin (anywhere: the bot whose spec contains PREFIX,
    for specs that differ only at the end); `seed` is the match of the lines without a "seed S" prefix.
    ValueError on a line that is not a game line, one without a seed when `seed` is None, a game played
    twice (the same seed and game number), or a line where not exactly one spec names PREFIX."""
    def names(spec: str) -> bool:
        return prefix in spec if anywhere else spec.startswith(prefix)

    out, seen = [], set()
    for number, line in enumerate(lines, 1):
        m = LINE.match(line)
        if m is None:
            raise ValueError(f"line {number}: not a '[seed S] game N/M: p1 ..., p2 ...' line of a 2-player "
                             f"match: {line[:60]!r}")
        if m.group(1) is None and seed is None:
            raise ValueError(f"line {number}: a game line without 'seed S', and no --seed (nor one "
                             "'--seed S' in the header) says its match")
        match_seed = int(m.group(1)) if m.group(1) is not None else seed
        key = (match_seed, int(m.group(2)))
        if key in seen:
            raise ValueError(f"line {number}: seed {key[0]} game {key[1]} is in the file twice")
        seen.add(key)
        _, game_number, first, first_faction, first_vp, second, second_faction, second_vp = m.groups()
        if names(first) == names(second):
            where = "contain" if anywhere else "start with"
            raise ValueError(f"line {number}: exactly one player's spec must {where} {prefix!r}")
        mine = int(first_vp) - int(second_vp)
        factions = (first_faction, second_faction) if first_faction and second_faction else None
        out.append(Game(match_seed, int(game_number), mine if names(first) else -mine, mine, factions))
    return out


def deals(found: list[Game]) -> Deals:
    """The complete deals among the games (both games 2k-1 and 2k of a match present), as Deals."""
    by_key = {(g.seed, g.number): g for g in found}
    swept = lost = split = other = 0
    margins: list[float] = []
    factions: dict[str, list[float]] = {}
    unmatched = 0
    for (seed, number), game in sorted(by_key.items()):
        if number % 2 == 0 or (seed, number + 1) not in by_key:
            continue
        partner = by_key[(seed, number + 1)]
        first, second = game.margin, partner.margin
        margins.append((first + second) / 2)
        if game.factions is not None and game.factions != partner.factions:
            unmatched += 1   # factions picked in play: no pair of games to cancel the bots' strength out
        elif game.factions is not None:
            # the same factions in the same seats, the bots swapped: the seat's mean margin is the deal's
            advantage = (game.seat_margin + partner.seat_margin) / 2
            factions.setdefault(game.factions[0], []).append(advantage)
            factions.setdefault(game.factions[1], []).append(-advantage)
        if first == 0 or second == 0:
            other += 1
        elif first > 0 and second > 0:
            swept += 1
        elif first < 0 and second < 0:
            lost += 1
        else:
            split += 1
    return Deals(swept, lost, split, other, margins, factions, unmatched)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--bot", default="mcts", metavar="PREFIX", help="whose share (a spec prefix; default mcts)")
    parser.add_argument("--anywhere", action="store_true",
                        help="--bot names a part of the spec anywhere in it (specs that differ only at the "
                             "end: --bot prior=p2 --anywhere)")
    parser.add_argument("--factions", action="store_true",
                        help="also each faction's advantage in its deals (Gaia lines): which factions the bots "
                             "play well")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="the match seed of game lines without a 'seed S' prefix (default: the one "
                             "'--seed S' the file's header names)")
    args = parser.parse_args(argv)
    with open(args.file) as f:
        text = [line.strip() for line in f if line.strip()]
    # "# ..." lines are the file's header (when and how the games were played)
    header = [line for line in text if line.startswith("#")]
    lines = [line for line in text if line.startswith(("seed ", "game "))]
    seed = args.seed
    if seed is None:
        named = {int(s) for line in header for s in re.findall(r"--seed (\d+)", line)}
        seed = named.pop() if len(named) == 1 else None
    try:
        found = games(lines, args.bot, anywhere=args.anywhere, seed=seed)
    except ValueError as e:
        print(f"{args.file}: {e}", file=sys.stderr)
        return 2
    if not found:
        print(f"{args.file}: no game", file=sys.stderr)
        return 1
    margins = [g.margin for g in found]
    wins = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
    low, high = wilson_interval(wins, len(found))
    mean, mean_low, mean_high = mean_interval(margins)
    seeds = sorted({g.seed for g in found})
    matches = f"seed {seeds[0]}, 1 match" if len(seeds) == 1 else \
        f"seeds {seeds[0]}-{seeds[-1]}, {len(seeds)} matches"
    print(f"{len(found)} games ({matches}): {args.bot} wins {wins:g}, "
          f"{100 * wins / len(found):.1f}% [{100 * low:.1f}, {100 * high:.1f}]; margin {mean:+.1f} VP "
          f"[{mean_low:.1f}, {mean_high:.1f}]")
    d = deals(found)
    if len(d.margins) >= 2:
        mean, mean_low, mean_high = mean_interval(d.margins)
        print(f"{len(d.margins)} deals: {args.bot} won {d.swept} twice, the other bot {d.lost}; {d.split} split "
              f"(each bot won from the same seat: the deal decided), {d.other} with a tie; paired margin "
              f"{mean:+.1f} VP [{mean_low:.1f}, {mean_high:.1f}]")
    if args.factions and d.factions:
        print("each faction's advantage in its deals (its seat's mean margin, both bots; VP):")
        for faction, advantages in sorted(d.factions.items(), key=lambda kv: -sum(kv[1]) / len(kv[1])):
            print(f"  {faction:14} {sum(advantages) / len(advantages):+6.1f} over {len(advantages)} deals")
    if args.factions and d.unmatched:
        print(f"({d.unmatched} deals left out of the factions: their two games had different factions, picked in play)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
