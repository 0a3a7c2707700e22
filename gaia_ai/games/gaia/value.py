"""The learned value of a Gaia position (issue 18): per round, a linear model of the VP each player still
gains by the end, over features computed in C (gaia_rules.VALUE_FEATURES: resources, power, research,
structures, buildings times the rounds left, federations, the standing in the final tiles' race, the
income still to come). The search uses it at its leaves with ``evaluator = "learned"`` (bot spec
``mcts:eval=learned,rollout_depth=0``); the hand-set heuristic stays the default and the baseline.

Training (``gaia-ai train``) is reproducible from its seed: self-play games of a bot (greedy by default:
stronger than the rollout policy, as the search's own games are), every action-phase position a sample,
ridge least squares per round. The shipped weights are ``data/value-<version>.json`` with how they were
made; ``bench/value_error.py`` compares them with the heuristic and the rollouts on held-out games.
The value network (value_net.py, ``eval=n1``) keeps this contract with an MLP over a wider encoding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState, GameSetup
from gaia_ai.games.gaia.game import home
from gaia_ai.games.models import ShippedModels

VERSION = "v1"          # the newest shipped model (data/value-v1.json): what eval=learned and prior=value use
RIDGE = 1.0             # L2 penalty of the fit: features that barely vary in a round stay near 0
ROUNDS = 6
# the order self-play games take the factions in (part of what a training seed reproduces); their home
# planets come from the game (gaia_ai.games.gaia.game.home)
SELF_PLAY_ORDER = ("terrans", "xenos", "taklons", "hadsch-hallas", "geodens", "firaks", "nevlas",
                   "lantids", "gleens", "ambas", "ivits", "baltaks", "bescods", "itars")
_ACTION_PHASE = gaia_rules.PHASE_CODES.index("move")


@dataclass(frozen=True)
class Sample:
    """One player at one action-phase position of a finished game."""

    game: int
    round: int
    vp: int                     # VP now
    final: int                  # VP at the end of the game
    features: tuple[float, ...]


def two_factions(game: int) -> list[str]:
    """The factions of self-play game `game`: the 14 in turn, never two of one home planet."""
    order = SELF_PLAY_ORDER
    a = order[(2 * game) % len(order)]
    b = next(f for k in range(1, len(order)) if home(f := order[(2 * game + k) % len(order)]) != home(a))
    return [a, b]


def self_play(game: int, seed: int, player: str = "greedy",
              on_position: Callable[[Any, dict[str, Any]], None] | None = None) -> list[Sample]:
    """The samples of one 2-player self-play game (setup and factions from (seed, game)). player: a bot
    spec playing both seats, or "policy" (the search's rollout policy, in C). on_position(core, raw) is
    called at each action-phase position (bench/value_error.py values it other ways)."""
    from gaia_ai.bots.base import make_bot

    state = GaiaState.new(GameSetup.random(2, f"value-{seed}-{game}"))
    for faction in two_factions(game):
        state.apply(f"faction {faction}")
    bot = None if player == "policy" else make_bot(player)
    core = state._core.copy()
    rng = seed * 1_000_003 + game
    positions: list[tuple[int, list[int], list[list[float]]]] = []
    while True:
        if bot is not None:
            core = state._core   # apply() replaces the core
        raw = core.raw_state()
        if raw["finished"]:
            break
        if raw["phase"] == _ACTION_PHASE and 1 <= raw["round"] <= ROUNDS:
            positions.append((raw["round"], [raw["pl"][p]["vp"] for p in range(2)],
                              gaia_rules.value_features_of(core)))
            if on_position is not None:
                on_position(core, raw)
        if bot is not None:
            state.apply(bot.choose(state))
            continue
        move, rng = gaia_rules.rollout_move(core, rng)
        if move == -1:
            raise RuntimeError(f"self-play game {game}: the rollout policy found no move")
        gaia_rules.apply_search_move(core, move)
    final = core.raw_state()["final_vp"][:2]
    return [Sample(game, rnd, vp[p], final[p], tuple(feats[p]))
            for rnd, vp, feats in positions for p in range(2)]


def fit(samples: list[Sample], ridge: float = RIDGE) -> list[list[float]]:
    """Per round 1-6, the ridge least-squares weights of (final VP - VP now) on the features (VALUE_FEATURES,
    or any other set: bench/value_features.py fits candidate features the same way)."""
    return fit_rows(np.array([s.features for s in samples], dtype=float),
                    np.array([s.final - s.vp for s in samples], dtype=float),
                    np.array([s.round for s in samples]), ridge)


def fit_rows(features: np.ndarray, targets: np.ndarray, rounds: np.ndarray, ridge: float = RIDGE) -> list[list[float]]:
    """fit() over arrays: per round 1-6 (rounds holds each row's), the ridge weights of targets on features."""
    weights = []
    for rnd in range(1, ROUNDS + 1):
        rows = rounds == rnd
        if not rows.any():
            raise ValueError(f"no training position in round {rnd}: play more games")
        x, y = features[rows], targets[rows]
        w = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
        weights.append([round(float(v), 6) for v in w])
    return weights


def predict(weights: list[list[float]], sample: Sample) -> float:
    """The model's final-VP estimate of a sample."""
    return sample.vp + float(np.dot(weights[sample.round - 1], sample.features))


def train(games: int, seed: int, player: str | Sequence[str] = "greedy", *, version: str = VERSION,
          progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """A model (the JSON document ``data/value-<version>.json`` holds) from `games` self-play games.
    player: one bot spec, or several that take the games in turn (game g: player[g % len]), e.g. the
    parent generation's search with the greedy games of the first (expert iteration, issue 18)."""
    if games < 2:
        raise ValueError("train: at least 2 games")
    players = [player] if isinstance(player, str) else list(player)
    if not players:
        raise ValueError("train: name at least one player")
    samples: list[Sample] = []
    for game in range(games):
        samples += self_play(game, seed, players[game % len(players)])
        if progress is not None:
            progress(game + 1)
    weights = fit(samples)
    return {
        "version": version,
        "features": list(gaia_rules.VALUE_FEATURES),
        "weights": weights,
        "trained": {"games": games, "seed": seed, "player": players[0] if len(players) == 1 else players,
                    "positions": len(samples) // 2, "ridge": RIDGE, "players": 2},
    }


def model_path(version: str = VERSION) -> Path:
    return MODELS.path(version)


def shipped_versions() -> list[str]:
    """The versions of the models in the package, oldest first (v1, v2, ...)."""
    return MODELS.versions()


def version_of(evaluator: str) -> str:
    """The model version a search's evaluator names: "learned" is the newest shipped (VERSION), "vN" that
    version (load() refuses one the package does not ship)."""
    return VERSION if evaluator == "learned" else evaluator


def check_model(model: dict[str, Any], where: str) -> list[list[float]]:
    """The weights of a model document; ValueError naming `where` if it does not fit this build."""
    if list(model.get("features", [])) != list(gaia_rules.VALUE_FEATURES):
        raise ValueError(f"{where}: its features are not this build's VALUE_FEATURES (retrain it)")
    weights = model.get("weights")
    if not isinstance(weights, list) or len(weights) != ROUNDS:
        raise ValueError(f"{where}: expected {ROUNDS} rows of weights")
    return weights


def _install(model: dict[str, Any], where: str, slot: int) -> None:
    gaia_rules.set_value_weights(check_model(model, where), slot)


MODELS = ShippedModels("gaia_ai.games.gaia", "value-", "v", "learned value", gaia_rules.VALUE_SLOT_COUNT, _install)


def load(version: str = VERSION) -> dict[str, Any]:
    """Load the shipped model of that version ("learned": the newest) into a slot of its own in the C
    core (once per process: a match of eval=v1 against eval=v2 holds both) and return it."""
    return MODELS.load(version_of(version))


def slot(version: str = VERSION) -> int:
    """The C core's slot of that model version (loading it first)."""
    return MODELS.slot(version_of(version))
