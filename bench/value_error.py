"""Where the value of a position is wrong: ``python bench/value_error.py [--games N] [--rollouts R]``.

Self-play games of the search's rollout policy (2 players, seeded setups, factions drawn in turn) are
played out, and at every decision of the action phases the position is valued three ways against each
player's real final VP:
  evaluate  the leaf heuristic of the search (interface.pxi gi_evaluate: VP now, resources at fixed
            worths, income for the rounds left, structures, research at 3+);
  rollouts  the mean final VP of R rollout-policy games from the position (what MCTS backs up);
  linear    a least-squares fit, per round, of (final VP - VP now) on the position's components, fitted
            on the even games and scored on the odd ones (held out): what a learned linear value over
            the same facts would reach, and which components the fixed worths get wrong.
Printed per round: mean absolute error of the final-VP estimate, its bias, and how often the estimate's
leader is the real winner; then the fitted worth of each component next to the one evaluate uses.
Issue 18 item 1; findings in docs/value-analysis.md. Deterministic for a given --seed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict

import numpy as np

from gaia_ai._core import gaia_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.gaia import GaiaState, GameSetup

FACTIONS = ("terrans", "xenos", "taklons", "hadsch-hallas", "geodens", "firaks", "nevlas",
            "lantids", "gleens", "ambas", "ivits", "baltaks", "bescods", "itars")
HOME = dict(zip(FACTIONS, (0, 3, 4, 1, 2, 5, 6, 0, 3, 4, 1, 2, 5, 6), strict=True))
PH_ACTIONS = gaia_rules.PHASE_CODES.index("move")   # raw_state "phase" of the action phase
RIDGE = 1.0
B_M, B_TS, B_LAB, B_PI, B_AC1, B_AC2 = range(6)

# the components, with the worth gi_evaluate gives each (None: no fixed worth, e.g. scaled by rounds)
COMPONENTS = (
    ("credits", 0.25), ("ores", 0.5), ("knowledge", 0.4), ("qic", 1.0), ("power charges", 0.15),
    ("research levels", None), ("research 3+ bonus", 1.0), ("structures", 1.0),
    ("mines x rounds left", None), ("stations x rounds left", None), ("labs x rounds left", None),
    ("PI+academies x rounds left", None), ("federations", None), ("rounds left", None), ("bias", None),
)


def _factions(i: int) -> list[str]:
    a = FACTIONS[(2 * i) % 14]
    b = next(f for k in range(1, 15) if HOME[f := FACTIONS[(2 * i + k) % 14]] != HOME[a])
    return [a, b]


def features(raw: dict, p: int) -> list[float]:
    pl = raw["pl"][p]
    rounds_left = max(0, 6 - raw["round"])
    research = pl["research"]
    nb = pl["nbuild"]
    return [
        pl["credits"], pl["ores"], pl["knowledge"], pl["qic"], pl["power"][1] + 2 * pl["power"][2],
        sum(research), sum(4 * (r - 2) for r in research if r >= 3), sum(nb[:6]),
        nb[B_M] * rounds_left, nb[B_TS] * rounds_left, nb[B_LAB] * rounds_left,
        (nb[B_PI] + nb[B_AC1] + nb[B_AC2]) * rounds_left, pl["fed_count"], rounds_left, 1.0,
    ]


def play(game: int, seed: int, rollouts: int, player: str) -> list[dict]:
    """The action-phase positions of one self-play game, each with its three inputs and the outcome.
    player: "policy" (the rollout policy, in C) or a bot spec ("greedy", "mcts:sims=50"), both seats."""
    state = GaiaState.new(GameSetup.random(2, f"value-{seed}-{game}"))
    for f in _factions(game):
        state.apply(f"faction {f}")
    bot = None if player == "policy" else make_bot(player)
    core = state._core.copy() if bot is None else state._core
    rng = seed * 1_000_003 + game
    rows = []
    while True:
        if bot is not None:
            core = state._core   # apply() replaces the core
        raw = core.raw_state()
        if raw["finished"]:
            break
        if raw["phase"] == PH_ACTIONS and 1 <= raw["round"] <= 6:
            outs = gaia_rules.policy_playouts(core, rollouts, rng + len(rows) * 7919)
            rows.append({
                "round": raw["round"],
                "vp": [raw["pl"][p]["vp"] for p in range(2)],
                "evaluate": gaia_rules.evaluate(core),
                "rollouts": [float(np.mean([o[p] for o in outs])) for p in range(2)],
                "features": [features(raw, p) for p in range(2)],
            })
        if bot is not None:
            state.apply(bot.choose(state))
            continue
        move, rng = gaia_rules.rollout_move(core, rng)
        if move == -1:
            raise RuntimeError(f"game {game}: the rollout policy found no move")
        gaia_rules.apply_search_move(core, move)
    final = core.raw_state()["final_vp"][:2]
    for row in rows:
        row["final"] = final
        row["game"] = game
    return rows


def report(rows: list[dict]) -> None:
    by_round: dict[int, list[dict]] = defaultdict(list)
    for r in rows:
        by_round[r["round"]].append(r)
    fits = {}
    print(f"{'round':>5} {'positions':>9} | {'evaluate MAE':>12} {'bias':>6} {'winner':>6} | "
          f"{'rollouts MAE':>12} {'bias':>6} {'winner':>6} | {'linear MAE':>10} {'winner':>6}")
    for rnd in sorted(by_round):
        rs = by_round[rnd]
        train = [r for r in rs if r["game"] % 2 == 0]
        test = [r for r in rs if r["game"] % 2 == 1]
        x = np.array([r["features"][p] for r in train for p in range(2)], dtype=float)
        y = np.array([r["final"][p] - r["vp"][p] for r in train for p in range(2)], dtype=float)
        # ridge-regularised least squares: components that barely vary in a round stay near 0
        w = np.linalg.solve(x.T @ x + RIDGE * np.eye(x.shape[1]), x.T @ y)
        fits[rnd] = w
        cells = []
        for name in ("evaluate", "rollouts"):
            err = [r[name][p] - r["final"][p] for r in test for p in range(2)]
            cells.append((np.mean(np.abs(err)), np.mean(err), _winner_share(test, lambda r, n=name: r[n])))
        lin = [[r["vp"][p] + float(np.dot(w, r["features"][p])) for p in range(2)] for r in test]
        lin_err = [lin[i][p] - r["final"][p] for i, r in enumerate(test) for p in range(2)]
        lin_win = _winner_share(test, lambda r, t=test, ln=lin: ln[t.index(r)])
        (e_mae, e_bias, e_win), (r_mae, r_bias, r_win) = cells
        print(f"{rnd:>5} {len(rs):>9} | {e_mae:>12.1f} {e_bias:>+6.1f} {e_win:>5.0%} | "
              f"{r_mae:>12.1f} {r_bias:>+6.1f} {r_win:>5.0%} | {np.mean(np.abs(lin_err)):>10.1f} {lin_win:>5.0%}")
    print("\nfitted worth of each component, per round (VP gained by the end per unit), and evaluate's:")
    print(f"{'component':>28} " + " ".join(f"{'r' + str(r):>6}" for r in sorted(fits)) + f" {'eval':>6}")
    for i, (name, worth) in enumerate(COMPONENTS):
        fixed = "" if worth is None else f"{worth:.2f}"
        print(f"{name:>28} " + " ".join(f"{fits[r][i]:>6.2f}" for r in sorted(fits)) + f" {fixed:>6}")


def _winner_share(rows: list[dict], estimate) -> float:
    """Share of positions (of games with a winner) where the estimate's leader is the real winner."""
    hits = total = 0
    for r in rows:
        f = r["final"]
        if f[0] == f[1]:
            continue
        e = estimate(r)
        total += 1
        hits += (e[0] > e[1]) == (f[0] > f[1])
    return hits / total if total else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="self-play games (default 200)")
    parser.add_argument("--rollouts", type=int, default=8, help="rollouts per position (default 8)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--player", default="policy",
                        help='who plays the self-play games: "policy" (the rollout policy, default) or a bot '
                             'spec such as "greedy" (the rollouts then predict another player\'s games)')
    args = parser.parse_args()
    start = time.perf_counter()
    rows: list[dict] = []
    for game in range(args.games):
        rows += play(game, args.seed, args.rollouts, args.player)
    print(f"{args.games} games of {args.player}, {len(rows)} action-phase positions, "
          f"{args.rollouts} rollouts each, {time.perf_counter() - start:.0f} s\n")
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
