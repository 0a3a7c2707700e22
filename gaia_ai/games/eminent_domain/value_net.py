"""The value network of an Eminent Domain position (issue 41, item 3): a small MLP that corrects the
heuristic's estimate of each seat's final influence (interface.pxi's gi_evaluate), from that seat's view
only. The encoding (ed_rules.NET_INPUTS: the seat's score, planets, Empire, the cards it owns and its own
hand, the stacks and the supply, the other seats' public means and the seat's leads; never another seat's
hand, deck order or face-down planets) and the forward pass are in C (src_cython/eminent_domain/net.pxi,
src_cython/core/mlp.pxi), evaluated at the search's leaves without the GIL with the bot spec
``mcts:eval=nN`` (with rollout_depth=N, or mixed with the rollouts: mix=W).

Files: ``data/ed-value-nN.json`` in this package (the prefix keeps them apart from the other games' in a
shared GAIA_AI_MODELS folder), with ``"game": "eminent-domain"``: a document of another game is refused
by name.

Training (``gaia-ai train --game eminent-domain --net``) is numpy only (gaia_ai.learn.correction) and
reproducible from its seed: self-play games of --player (greedy, or an mcts spec), every decision a sample
for each seat; the games with ``game % 10 == 9`` are held out. The target is the heuristic's error on
the seat's final influence less the table's mean error ("margin", the default) or on the final influence
itself ("final").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gaia_ai._core import ed_rules
from gaia_ai.games.models import ValueNetworks
from gaia_ai.learn import correction, mlp
from gaia_ai.search.config import NET_VERSION

GAME = "eminent-domain"
VERSION = "n1"
EPOCHS = 1                      # Terraforming Mars' lesson: longer fits overfit what a search exploits
HOLD_OUT = 10                   # games with game % HOLD_OUT == HOLD_OUT - 1 are held out
TARGET = "margin"
MAX_DECISIONS = 5000            # a self-play game longer than this is a rules bug


MODELS = ValueNetworks("gaia_ai.games.eminent_domain", "ed-value-", "Eminent Domain value network",
                       ed_rules, GAME, VERSION)
check_model = MODELS.check        # (model, where): the document, or ValueError naming `where`
install = MODELS.install          # (model, where, slot): checked, then written into the C slot
load = MODELS.load                # (version=VERSION): loaded into a C slot of its own once, its document
slot = MODELS.slot                # (version=VERSION): that network's C slot, loading it first
path = MODELS.path                # (version): its file, the package's or one in GAIA_AI_MODELS
shipped_versions = MODELS.versions


# ---- training ---------------------------------------------------------------------------------------

def play(game: int, seed: int, player: str, players: int) -> dict[str, np.ndarray]:
    """One self-play game of `player` at every seat (its seed from the game's: seed * 100003 + game, plus
    the seat), deal from the same: each decision's inputs for every seat ("inputs", rows position by
    position, seat by seat), the heuristic's estimate ("heuristic", positions x seats) and the final
    influence that followed ("final", positions x seats)."""
    from gaia_ai.bots.base import make_bot, with_seed
    from gaia_ai.games.eminent_domain.state import EdState

    game_seed = seed * 100003 + game
    state = EdState.new(players, game_seed)
    bots = [make_bot(with_seed(player, game_seed * 8 + seat + 1, GAME), GAME) for seat in range(players)]
    rows: list[list[float]] = []
    heuristic: list[float] = []
    for _ in range(MAX_DECISIONS):
        if state.is_terminal:
            break
        inputs, estimate = ed_rules.net_inputs_of(state._core)
        rows += inputs
        heuristic += estimate
        state.apply(bots[state.current_player].choose(state))
    else:
        raise RuntimeError(f"self-play game {game} (seed {seed}) did not end in {MAX_DECISIONS} decisions")
    final = [float(v) for v in state.final_scores()]
    n = len(heuristic) // players
    return {"inputs": np.array(rows, dtype=float).reshape(-1, len(ed_rules.NET_INPUTS)),
            "heuristic": np.array(heuristic, dtype=float).reshape(-1, players),
            "final": np.array([final] * n, dtype=float).reshape(-1, players), "game_positions": np.array(n)}


def train(games: int, seed: int, player: str = "greedy", *, version: str = VERSION, epochs: int = EPOCHS,
          target: str = TARGET, players: int = 2, workers: int = 1,
          progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """A network (the document data/ed-value-<version>.json holds) from `games` self-play games of
    `player` at `players` seats, in `workers` processes (the same games either way); games with game %
    HOLD_OUT == HOLD_OUT - 1 are held out of the fit, and "trained" reports the held-out figures of the
    heuristic and of the network (correction.figures). progress(stage, done, total): "games" then
    "epochs"."""
    from gaia_ai.bots.base import make_bot
    from gaia_ai.parallel import run_jobs

    if games < HOLD_OUT:
        raise ValueError(f"train --net: at least {HOLD_OUT} games (one in {HOLD_OUT} is held out)")
    if epochs < 1:
        raise ValueError("train --net: at least 1 epoch")
    if target not in correction.TARGETS:
        raise ValueError(f"train --net: --target is {' or '.join(correction.TARGETS)}, got {target!r}")
    if not 2 <= players <= 4:
        raise ValueError(f"train --net: 2 to 4 players, got {players}")
    if not NET_VERSION.fullmatch(version):
        raise ValueError(f"a value network's version is n1, n2, ..., got {version!r}")
    make_bot(player, GAME)                # a bad spec fails here, not in a worker
    finished = [0]

    def done(_index: int, _result: Any) -> None:
        finished[0] += 1
        if progress is not None:
            progress("games", finished[0], games)

    results = run_jobs(play, [(g, seed, player, players) for g in range(games)], workers, done=done)
    played = [results[g] for g in range(games)]
    held = [g % HOLD_OUT == HOLD_OUT - 1 for g in range(games)]
    _, h1, h2, _ = ed_rules.NET_LAYERS
    params, held_out, (held_positions, _) = correction.fit(
        played, held, seed, (h1, h2), epochs, target,
        progress=None if progress is None else lambda e: progress("epochs", e, epochs))
    model = {"game": GAME, "version": version, "kind": "mlp", "inputs": list(ed_rules.NET_INPUTS),
             "layers": list(ed_rules.NET_LAYERS), "target": target, **params}
    model["trained"] = {
        "games": games, "seed": seed, "player": player, "players": players, "target": target,
        "positions": int(sum(p["game_positions"] for p in played)),
        "held_out_games": f"game % {HOLD_OUT} == {HOLD_OUT - 1}", "held_out_positions": held_positions,
        "epochs": epochs, "batch": mlp.BATCH, "learning_rate": mlp.LEARNING_RATE, "l2": mlp.L2,
        "optimizer": "adam", "held_out": held_out,
    }
    return model
