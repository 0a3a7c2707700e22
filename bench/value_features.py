"""Would more features or a non-linear model make the learned value better? ``python bench/value_features.py
[--train-games N] [--test-games N] [--epochs E]``.

Greedy 2-player self-play games (gaia_ai.games.gaia.value.self_play; training seed 5, held-out seed 6)
give every action-phase position with v1's features (gaia_rules.VALUE_FEATURES) and candidate features
computed here from the raw state, each group one that issue 18 asks about:
  round tiles to come   per kind of round tile (mine, trading station, PI/academy, federation,
                        research step, terraforming step, gaia mine) the VP the tiles of the rounds
                        after this one pay for it, times what the player can still build of it
                        (mines left, ... federation potential / 7, knowledge, gaia formers);
  passing               passed this round, passed first (the next round's first turn);
  tech/adv tiles        tech tiles and advanced tiles held;
  federation potential  the power value of the player's buildings in no federation;
  gaia formers          gaia formers owned;
  boosters              the booster held (one-hot).
Then v1's recipe (value.fit: ridge least squares per round of the VP still to gain) with each group added, and a
small MLP (one hidden ReLU layer over the features, the round and the other player's features, numpy,
Adam), scored on the held-out games: mean absolute error of each player's final VP, of the margin
between the two, and how often the estimate's leader wins. Issue 18 item 1; the figures are in
docs/value-analysis.md. Deterministic for given arguments.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np

from gaia_ai.games.gaia import value
from gaia_ai.games.gaia.engine import GameSetup

# VP per unit of each round tile score1..score10 (the rulebook's, as tables.pxi ROUND_TILE): the units
# are (mine, trading station, PI/academy, federation, research step, terraforming step, gaia mine)
ROUND_TILE_VP = {1: (0, 0, 0, 0, 0, 2, 0), 2: (0, 0, 0, 0, 2, 0, 0), 3: (2, 0, 0, 0, 0, 0, 0),
                 4: (0, 0, 0, 5, 0, 0, 0), 5: (0, 4, 0, 0, 0, 0, 0), 6: (0, 0, 0, 0, 0, 0, 4),
                 7: (0, 0, 5, 0, 0, 0, 0), 8: (0, 3, 0, 0, 0, 0, 0), 9: (0, 0, 0, 0, 0, 0, 3),
                 10: (0, 0, 5, 0, 0, 0, 0)}
POWER_VALUE = {0: 1, 1: 2, 2: 2, 3: 3, 4: 3, 5: 3}   # mine, TS, lab, PI, academy 1 and 2
BOARD_HEXES = 7 * 19                                   # a 2-player board: 7 sectors
GROUPS = {"round tiles to come": range(7), "passing": range(7, 9), "tech/adv tiles": range(9, 11),
          "federation potential": range(11, 12), "gaia formers": range(12, 13), "boosters": range(13, 23)}
NF = len(value.gaia_rules.VALUE_FEATURES)


def candidate_features(raw: dict[str, Any], tiles: list[tuple[int, ...]], p: int) -> list[float]:
    """Player p's candidate features (GROUPS order) at a raw state."""
    pl = raw["pl"][p]
    built = pl["nbuild"]
    to_come = np.array(tiles[raw["round"]:] or [(0,) * 7]).sum(0)   # the rounds after this one
    potential = sum(POWER_VALUE[b] for o, b, fed in zip(raw["owner"][:BOARD_HEXES], raw["building"][:BOARD_HEXES],
                                                         raw["fed_mask"][:BOARD_HEXES], strict=True)
                    if o == p and b in POWER_VALUE and not (fed >> p) & 1)
    booster = [0.0] * 10
    if pl["booster"] >= 0:
        booster[pl["booster"]] = 1.0
    passed_first = raw["npassed"] > 0 and raw["pass_order"][0] == p
    return [to_come[0] * (8 - built[0]), to_come[1] * (4 - built[1]), to_come[2] * (3 - sum(built[3:6])),
            to_come[3] * potential / 7, to_come[4] * pl["knowledge"], to_come[5], to_come[6] * pl["gf_owned"],
            pl["passed"], float(passed_first), pl["ntech"], pl["covered"], potential, pl["gf_owned"], *booster]


def positions(seed: int, games: int) -> np.ndarray:
    """Rows (game, round, VP now, final VP, v1's features, candidate features), two per position."""
    rows = []
    for game in range(games):
        setup = GameSetup.random(2, f"value-{seed}-{game}")   # self_play's setup of (seed, game)
        tiles = [ROUND_TILE_VP[int(t[5:])] for t in setup.round_scoring]
        extra: list[list[list[float]]] = []
        samples = value.self_play(game, seed, "greedy",
                                  lambda core, raw: extra.append([candidate_features(raw, tiles, p) for p in range(2)]))  # noqa: B023 (called inside self_play, this game)
        rows += [(s.game, s.round, s.vp, s.final, *s.features, *extra[i // 2][i % 2]) for i, s in enumerate(samples)]
    return np.array(rows, dtype=float)


def linear(train: np.ndarray, test: np.ndarray, extra: list[int]) -> np.ndarray:
    """v1's recipe (value.fit) over its features and the `extra` candidates: the held-out final-VP
    estimates."""
    cols = list(range(4, 4 + NF)) + [4 + NF + i for i in extra]

    def samples(rows: np.ndarray) -> list[value.Sample]:
        return [value.Sample(int(r[0]), int(r[1]), int(r[2]), int(r[3]), tuple(r[cols])) for r in rows]

    weights = value.fit(samples(train))
    return np.array([value.predict(weights, s) for s in samples(test)])


def mlp_inputs(rows: np.ndarray, extra: bool) -> np.ndarray:
    """The MLP's inputs: a player's features (without the bias), the round one-hot, the other player's
    features and VP now."""
    width = rows.shape[1] - 4 if extra else NF
    own = np.delete(rows[:, 4:4 + width], NF - 1, axis=1)
    other = own.reshape(-1, 2, own.shape[1])[:, ::-1].reshape(own.shape)
    other_vp = rows[:, 2].reshape(-1, 2)[:, ::-1].reshape(-1, 1)
    return np.hstack([own, np.eye(value.ROUNDS)[rows[:, 1].astype(int) - 1], other, other_vp])


def mlp(train: np.ndarray, test: np.ndarray, extra: bool, hidden: int, epochs: int, seed: int = 0) -> np.ndarray:
    """A one-hidden-layer ReLU network of the VP still to gain (standardized inputs and target, Adam,
    mini-batches of 512, a little L2): the held-out final-VP estimates."""
    rng = np.random.default_rng(seed)
    x = mlp_inputs(train, extra)
    mean, scale = x.mean(0), x.std(0) + 1e-6
    x = (x - mean) / scale
    gain = train[:, 3] - train[:, 2]
    y_mean, y_scale = gain.mean(), gain.std()
    y = (gain - y_mean) / y_scale
    params = [rng.normal(0, x.shape[1] ** -0.5, (x.shape[1], hidden)), np.zeros(hidden),
              rng.normal(0, hidden ** -0.5, hidden), np.zeros(1)]
    first = [np.zeros_like(q) for q in params]
    second = [np.zeros_like(q) for q in params]
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), 512):
            batch = order[start:start + 512]
            w1, b1, w2, b2 = params
            h = x[batch] @ w1 + b1
            a = np.maximum(h, 0)
            g = (a @ w2 + b2 - y[batch]) / len(batch)
            back = np.outer(g, w2) * (h > 0)
            grads = [x[batch].T @ back + 1e-4 * w1, back.sum(0), a.T @ g + 1e-4 * w2, np.array([g.sum()])]
            step += 1
            for i, grad in enumerate(grads):
                first[i] = 0.9 * first[i] + 0.1 * grad
                second[i] = 0.999 * second[i] + 0.001 * grad * grad
                params[i] -= 3e-3 * (first[i] / (1 - 0.9 ** step)) / (np.sqrt(second[i] / (1 - 0.999 ** step)) + 1e-8)
    w1, b1, w2, b2 = params
    held = (mlp_inputs(test, extra) - mean) / scale
    return test[:, 2] + (np.maximum(held @ w1 + b1, 0) @ w2 + b2) * y_scale + y_mean


def report(name: str, test: np.ndarray, estimate: np.ndarray) -> None:
    rounds, final = test[:, 1].astype(int), test[:, 3]
    error = np.abs(estimate - final)
    est, fin = estimate.reshape(-1, 2), final.reshape(-1, 2)
    by_position = rounds.reshape(-1, 2)[:, 0]
    margin_error = np.abs((est[:, 0] - est[:, 1]) - (fin[:, 0] - fin[:, 1]))
    winner = (est[:, 0] > est[:, 1]) == (fin[:, 0] > fin[:, 1])
    cells = "  ".join(f"{error[rounds == r].mean():4.1f}/{margin_error[by_position == r].mean():4.1f}/"
                      f"{100 * winner[by_position == r].mean():3.0f}%" for r in range(1, value.ROUNDS + 1))
    print(f"{name:30s} {cells}   {error.mean():5.2f}  {margin_error.mean():5.2f}  {100 * winner.mean():5.1f}%",
          flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train-games", type=int, default=800)
    parser.add_argument("--test-games", type=int, default=200)
    parser.add_argument("--epochs", type=int, default=30, help="MLP epochs (0: no MLP)")
    parser.add_argument("--hidden", type=int, default=16, help="MLP hidden units")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    train, test = positions(5, args.train_games), positions(6, args.test_games)
    print(f"{len(train) // 2} training positions ({args.train_games} greedy games, seed 5), {len(test) // 2} "
          f"held out ({args.test_games} games, seed 6); {time.perf_counter() - started:.0f} s")
    print(f"{'':30s} {'per round 1..6: MAE / margin MAE / winner':^80s}   {'MAE':>5s}  {'margin':>5s}  winner")
    report("v1's features (linear)", test, linear(train, test, []))
    for name, group in GROUPS.items():
        report(f"+ {name}", test, linear(train, test, list(group)))
    every = [i for group in GROUPS.values() for i in group]
    report("+ all of them", test, linear(train, test, every))
    if args.epochs:
        report(f"MLP h{args.hidden}, v1's features", test, mlp(train, test, False, args.hidden, args.epochs))
        report(f"MLP h{args.hidden}, all features", test, mlp(train, test, True, args.hidden, args.epochs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
