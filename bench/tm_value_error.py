"""How far the TM evaluation is from the real final VP: ``python bench/tm_value_error.py [--games N]
[--players P] [--bot SPEC] [--seed S]``.

Self-play games of one bot (greedy by default; seeded deals, each seat its own seed) and, at the first
action of every generation, each player's evaluate() (src_cython/terraforming_mars/evaluate.pxi) against
their final VP. Printed per generation: positions, mean absolute error, bias (estimate - final) and how
often the estimate's leader is the real winner. Deterministic for a given --seed.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from gaia_ai._core import tm_rules
from gaia_ai.bots import make_bot
from gaia_ai.games.terraforming_mars import TmState


def play(players: int, seed: int, spec: str) -> list[tuple[int, list[float], list[int]]]:
    """(generation, estimates, final VP) at the first action-menu decision of each generation."""
    state = TmState.new(players, seed)
    bots = [make_bot(f"{spec}:seed={seed * 10 + p}", "terraforming-mars") for p in range(players)]
    marks: list[tuple[int, list[float]]] = []
    while not state.is_terminal:
        gen = state.core.globals()[0]
        if state.core.step == "action" and not state.core.pending() and (not marks or marks[-1][0] != gen):
            marks.append((gen, tm_rules.evaluate(state.core)))
        state.apply(bots[state.current_player].choose(state))
    final = [state.core.score(p)["total"] for p in range(players)]
    return [(g, est, final) for g, est in marks]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    rows: dict[int, list[tuple[float, float, bool]]] = defaultdict(list)
    gens = []
    for game in range(args.games):
        marks = play(args.players, args.seed * 1000 + game, args.bot)
        gens.append(marks[-1][0] if marks else 0)
        for g, est, final in marks:
            lead = max(range(len(est)), key=est.__getitem__)
            for p in range(len(est)):
                rows[g].append((abs(est[p] - final[p]), est[p] - final[p], final[lead] == max(final)))
    print(f"{args.games} {args.bot} self-play games, {args.players} players, {sum(gens) / len(gens):.1f} "
          "generations on average")
    print("gen  positions   MAE    bias  leader wins")
    for g in sorted(rows):
        r = rows[g]
        print(f"{g:3d}  {len(r):9d}  {sum(x[0] for x in r) / len(r):5.1f}  {sum(x[1] for x in r) / len(r):+6.1f}"
              f"  {sum(x[2] for x in r) / len(r):10.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
