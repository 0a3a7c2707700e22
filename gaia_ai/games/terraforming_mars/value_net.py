"""The value network of a Terraforming Mars position (issue 41): a small MLP that corrects the heuristic's
estimate of each seat's final VP (evaluate.pxi), from that seat's view only. The encoding (tm_rules.
NET_INPUTS: the seat's own resources, production, tags, hand and its worth, the score's parts, the
generation and global parameters, the other seats' public means and the seat's leads; never another
seat's cards nor the piles) and the forward pass are in C (src_cython/terraforming_mars/net.pxi),
evaluated at the search's leaves without the GIL with the bot spec ``mcts:eval=nN``.

Files: ``data/tm-value-nN.json`` in this package (the prefix keeps them apart from Gaia's value-nN.json in
a shared GAIA_AI_MODELS folder), with ``"game": "terraforming-mars"``: a document of another game is
refused by name.

Training (``gaia-ai train --game terraforming-mars --net``) is numpy only (gaia_ai.learn.mlp) and
reproducible from its seed: self-play games of --player (greedy, or an mcts spec), every research- and
action-step decision a sample for each seat; the games with ``game % 10 == 9`` are held out. The target
is the heuristic's error, either on the seat's final VP ("final") or on its margin ("margin": the seat's
error less the table's mean error, so that the estimates' differences, what a search compares, are what
is learned); the held-out figures of the heuristic and of the network sit in the document.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gaia_ai._core import tm_rules
from gaia_ai.games.models import ValueNetworks
from gaia_ai.learn import correction, mlp
from gaia_ai.learn.correction import TARGETS, figures, targets  # noqa: F401  (this module's API too)
from gaia_ai.search.config import NET_VERSION

GAME = "terraforming-mars"
VERSION = "n1"
EPOCHS = 1                      # more overfits: 10 epochs made a search and greedy lose to the heuristic
HOLD_OUT = 10                   # games with game % HOLD_OUT == HOLD_OUT - 1 are held out
TARGET = "margin"


MODELS = ValueNetworks("gaia_ai.games.terraforming_mars", "tm-value-", "Terraforming Mars value network",
                       tm_rules, GAME, VERSION)
check_model = MODELS.check        # (model, where): the document, or ValueError naming `where`
install = MODELS.install          # (model, where, slot): checked, then written into the C slot
load = MODELS.load                # (version=VERSION): loaded into a C slot of its own once, its document
slot = MODELS.slot                # (version=VERSION): that network's C slot, loading it first
path = MODELS.path                # (version): its file, the package's or one in GAIA_AI_MODELS
shipped_versions = MODELS.versions


def forward(model: dict[str, Any], inputs: np.ndarray) -> np.ndarray:
    """What the network adds to the heuristic's estimate at rows of inputs (numpy; net.pxi's numbers)."""
    return mlp.forward(model, inputs)


# ---- training ---------------------------------------------------------------------------------------

def is_search(player: str) -> bool:
    from gaia_ai.bots.base import parse_spec

    return parse_spec(player)[0] in ("mcts", "mcts-atomic")


DETOUR_EVERY = 8                # with detours: one from every 8th decision of a game


def _record(core: Any, rows: list[list[float]], heuristic: list[float]) -> None:
    inputs, estimate = tm_rules.net_inputs_of(core)
    rows += inputs
    heuristic += estimate


def _greedy_end(state: Any, seed: int) -> list[float]:
    """The final scores of state played to the end by greedy bots seeded from `seed`."""
    from gaia_ai.games.terraforming_mars.bots import GreedyBot

    bots = [GreedyBot(seed * 8 + seat + 1) for seat in range(state.num_players)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(state))
    return [float(v) for v in state.final_scores()]


def play(game: int, seed: int, player: str, players: int, detour: int = 0) -> dict[str, np.ndarray]:
    """One self-play game of `player` at every seat (its seed from the game's: seed * 100003 + game, plus
    the seat), deal from the same: each research- and action-step decision's inputs for every seat
    ("inputs", rows position by position, seat by seat), the heuristic's estimate ("heuristic",
    positions x seats) and the final scores that followed ("final", positions x seats). With `detour`
    N > 0, also a detour from every DETOUR_EVERY-th decision: N moves of the search's rollout policy
    (policy.pxi), then greedy to the end; the position after the N moves is a sample too, with the
    detour's final scores: what a search's leaf after rollout_depth=N playout moves looks like."""
    import random

    from gaia_ai.bots.base import make_bot, with_seed
    from gaia_ai.games.terraforming_mars.state import TmState

    game_seed = seed * 100003 + game
    state = TmState.new(players, game_seed)
    bots = [make_bot(with_seed(player, game_seed * 8 + seat + 1, GAME), GAME) for seat in range(players)]
    rng = random.Random(game_seed)
    rows: list[list[float]] = []
    heuristic: list[float] = []
    detours: tuple[list[list[float]], list[float], list[list[float]]] = ([], [], [])
    decision = 0
    while not state.is_terminal:
        if tm_rules.net_applies_at(state.core):
            _record(state.core, rows, heuristic)
            if detour and decision % DETOUR_EVERY == 0:
                branch = TmState(state.core.copy())
                for _ in range(detour):
                    if branch.is_terminal:
                        break
                    branch.core.apply(tm_rules.rollout_move(branch.core, rng.randrange(2**63)))
                if tm_rules.net_applies_at(branch.core):
                    _record(branch.core, detours[0], detours[1])
                    detours[2].append(_greedy_end(branch, rng.randrange(2**31)))
        state.apply(bots[state.current_player].choose(state))
        decision += 1
        if decision > 20000:
            raise RuntimeError(f"self-play game {game} (seed {seed}) did not end in 20000 decisions")
    final = [float(v) for v in state.final_scores()]
    n = len(heuristic) // players
    return {"inputs": np.array(rows + detours[0], dtype=float).reshape(-1, len(tm_rules.NET_INPUTS)),
            "heuristic": np.array(heuristic + detours[1], dtype=float).reshape(-1, players),
            "final": np.array([final] * n + detours[2], dtype=float).reshape(-1, players),
            "game_positions": np.array(n)}


def train(games: int, seed: int, player: str = "greedy", *, version: str = VERSION, epochs: int = EPOCHS,
          target: str = TARGET, players: int = 2, workers: int = 1, detour: int = 0,
          progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """A network (the document data/tm-value-<version>.json holds) from `games` self-play games of
    `player` at `players` seats (with `detour` N, also positions N rollout-policy moves off the game's,
    play()), in `workers` processes (the same games either way); games with game %
    HOLD_OUT == HOLD_OUT - 1 are held out of the fit, and "trained" reports the held-out figures of the
    heuristic and of the network (figures()). progress(stage, done, total): "games" then "epochs"."""
    from gaia_ai.bots.base import make_bot
    from gaia_ai.parallel import run_jobs

    if games < HOLD_OUT:
        raise ValueError(f"train --net: at least {HOLD_OUT} games (one in {HOLD_OUT} is held out)")
    if epochs < 1:
        raise ValueError("train --net: at least 1 epoch")
    if target not in TARGETS:
        raise ValueError(f"train --net: --target is {' or '.join(TARGETS)}, got {target!r}")
    if not 2 <= players <= 5:
        raise ValueError(f"train --net: 2 to 5 players, got {players}")
    if not NET_VERSION.fullmatch(version):
        raise ValueError(f"a value network's version is n1, n2, ..., got {version!r}")
    make_bot(player, GAME)                # a bad spec fails here, not in a worker
    finished = [0]

    def done(_index: int, _result: Any) -> None:
        finished[0] += 1
        if progress is not None:
            progress("games", finished[0], games)

    if detour < 0:
        raise ValueError(f"train --net: --detour is a number of playout moves, 0 or more, got {detour}")
    results = run_jobs(play, [(g, seed, player, players, detour) for g in range(games)], workers, done=done)
    played = [results[g] for g in range(games)]
    held = [g % HOLD_OUT == HOLD_OUT - 1 for g in range(games)]
    _, h1, h2, _ = tm_rules.NET_LAYERS
    params, held_out, (held_positions, held_detours) = correction.fit(
        played, held, seed, (h1, h2), epochs, target,
        progress=None if progress is None else lambda e: progress("epochs", e, epochs))
    model = {"game": GAME, "version": version, "kind": "mlp", "inputs": list(tm_rules.NET_INPUTS),
             "layers": list(tm_rules.NET_LAYERS), "target": target, **params}
    model["trained"] = {
        "games": games, "seed": seed, "player": player, "players": players, "target": target,
        **({"detour": detour, "detour_every": DETOUR_EVERY} if detour else {}),
        "positions": int(sum(p["game_positions"] for p in played)),
        **({"detour_positions": int(sum(len(p["heuristic"]) - p["game_positions"] for p in played))} if detour else {}), "held_out_games": f"game % {HOLD_OUT} == {HOLD_OUT - 1}",
        "held_out_positions": held_positions, **({"held_out_detours": held_detours} if detour else {}),
        "epochs": epochs, "batch": mlp.BATCH,
        "learning_rate": mlp.LEARNING_RATE, "l2": mlp.L2, "optimizer": "adam",
        "held_out": held_out,
    }
    return model
