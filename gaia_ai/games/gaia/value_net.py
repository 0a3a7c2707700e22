"""The value network of a Gaia position (issue 41, first step): a small MLP of the VP each seat still gains
by the end, the learned value's contract (value.py) with a non-linear model over a wider encoding of the
position. The encoding (gaia_rules.NET_INPUTS: each seat's v1 features, power bowls, research per track,
buildings by type, the other seats' mean features, its VP lead and the round) and the forward pass are in
C (src_cython/gaia/net.pxi), evaluated at the search's leaves without the GIL with ``evaluator = "n1"``
(bot spec ``mcts:eval=n1``); the names "learned" and "vN" keep meaning the linear values.

Training (``gaia-ai train --net``) is numpy only and reproducible from its seed: v1's self-play games
(value.self_play, greedy by default), every action-phase position a sample for each seat, inputs and
target standardized, two ReLU layers (gaia_rules.NET_LAYERS), Adam on mini-batches with a little L2 and
a fixed number of epochs; the games with ``game % 10 == 9`` are held out and the held-out RMSE of the
network is reported beside that of v1's recipe (value.fit) on the same training games. The shipped
weights are ``data/value-n<N>.json`` with how they were made.

Expert iteration (issue 41): with an mcts search as the player, the games are that search's own, at 2-4
seats (search_play: every seat searches, the first decisions drawn by the root's visits), played over
worker processes and optionally cut at a time limit (the finished prefix of games is kept, so that the
document's game count reproduces it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia import search_play, value
from gaia_ai.games.models import ShippedModels
from gaia_ai.learn import mlp
from gaia_ai.search.config import NET_VERSION  # what a search's evaluator names to pick a network

VERSION = "n1"                  # the label `train --net` gives by default (data/value-n1.json: greedy games)
EPOCHS = 20                     # the shipped n1's
BATCH = mlp.BATCH
LEARNING_RATE = mlp.LEARNING_RATE
L2 = mlp.L2
HOLD_OUT = 10                   # games with game % HOLD_OUT == HOLD_OUT - 1 are held out
DIGITS = mlp.DIGITS             # significant digits of the shipped weights


def positions(game: int, seed: int, player: str = "greedy") -> tuple[list[value.Sample], np.ndarray]:
    """One self-play game's samples (value.self_play: the same games v1 is fitted on) and each sample's
    network inputs (rows in the samples' order)."""
    inputs: list[list[list[float]]] = []
    samples = value.self_play(game, seed, player,
                              lambda core, raw: inputs.append(gaia_rules.net_inputs_of(core)))
    rows = np.array([inputs[i // 2][i % 2] for i in range(len(samples))], dtype=float)
    return samples, rows.reshape(len(samples), len(gaia_rules.NET_INPUTS))


def base_gain(weights: Any, inputs: np.ndarray) -> np.ndarray:
    """A per-round linear value's VP still to gain (weights: 6 rows over VALUE_FEATURES) at rows of network
    inputs, which hold the seat's own v1 features (all but the bias, which is 1) and the round, one-hot."""
    x = np.atleast_2d(np.asarray(inputs, dtype=float))
    nvf = len(gaia_rules.VALUE_FEATURES)
    rows = np.array(weights, dtype=float)[np.argmax(x[:, -6:], axis=1)]
    return (rows[:, :nvf - 1] * x[:, :nvf - 1]).sum(1) + rows[:, nvf - 1]


REFIT = "refit"                 # base: v1's recipe (value.fit) refitted on the network's own training games


def refit_base(inputs: np.ndarray, targets: np.ndarray) -> list[list[float]]:
    """v1's recipe (value.fit) fitted at rows of network inputs, whose own v1 features (all but the bias,
    which is 1) and round one-hot hold what it needs: the base a network trained with ``base="refit"``
    corrects."""
    x = np.asarray(inputs, dtype=float)
    nvf = len(gaia_rules.VALUE_FEATURES)
    features = np.hstack([x[:, :nvf - 1], np.ones((len(x), 1))])
    return value.fit_rows(features, np.asarray(targets, dtype=float), np.argmax(x[:, -6:], axis=1) + 1)


def _base_document(base: str | None) -> dict[str, Any] | None:
    """The base's document part before any game is played (a shipped linear value's weights; for
    REFIT, none yet: _fit_games fits it), or None; ValueError naming an unknown version."""
    if base is None:
        return None
    if base == REFIT:
        return {"version": REFIT}
    return {"version": base, "weights": value.load(base)["weights"]}


def forward(model: dict[str, Any], inputs: np.ndarray) -> np.ndarray:
    """The network's VP still to gain at rows of inputs (numpy; what net.pxi computes in C): its output,
    plus its base's estimate when it has one."""
    out = mlp.forward(model, inputs)
    if model.get("base") is not None:
        out = out + base_gain(model["base"]["weights"], inputs)
    return out


def fit(x: np.ndarray, y: np.ndarray, seed: int, epochs: int = EPOCHS,
        progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The network's parameters (the model document's numbers) fitted to targets y (VP still to gain) at
    inputs x by gaia_ai.learn.mlp.fit (standardized inputs and target, He initialization from `seed`,
    Adam on shuffled mini-batches of BATCH with L2 on the weights). progress(epoch) after each epoch."""
    _, h1, h2, _ = gaia_rules.NET_LAYERS
    if x.ndim != 2 or x.shape[1] != len(gaia_rules.NET_INPUTS) or len(x) != len(y) or len(x) < 2:
        raise ValueError(f"fit: expected rows of {len(gaia_rules.NET_INPUTS)} inputs, one target each")
    return mlp.fit(x, y, seed, (h1, h2), epochs, batch=BATCH, learning_rate=LEARNING_RATE, l2=L2,
                   progress=progress)


rmse = mlp.rmse


EXPLORE = 30                    # search self-play: the first searched decisions drawn by visits


def game_samples(game: int, seed: int, player: str, players: int,
                 explore: int) -> tuple[list[value.Sample], np.ndarray, Any]:
    """One training game's samples (a seat at an action-phase position), their network inputs (rows in
    the samples' order) and, for a search's game, the search_play.SearchGame (else None). A search
    (an mcts spec) plays search_play.play; any other player v1's 2-player self-play (value.self_play)."""
    if not is_search(player):
        if players != 2:
            raise ValueError(f"{player!r} plays 2-player games only: a search (mcts:...) plays 3 and 4")
        samples, rows = positions(game, seed, player)
        return samples, rows, None
    played = search_play.play(game, seed, player, players, explore)
    samples, rows = search_samples(played)
    return samples, rows, played


def search_samples(played: search_play.SearchGame) -> tuple[list[value.Sample], np.ndarray]:
    """A search game's samples (a seat at an action-phase position, position by position) and their
    network inputs (rows in the samples' order)."""
    samples = [value.Sample(played.game, int(played.rounds[i]), int(played.vp[i, s]), int(played.final[s]),
                            tuple(played.features[i, s]))
               for i in range(len(played.rounds)) for s in range(played.players)]
    return samples, np.asarray(played.inputs, dtype=float).reshape(len(samples), -1)


def is_search(player: str) -> bool:
    from gaia_ai.bots.base import parse_spec

    return player != "policy" and parse_spec(player)[0] == "mcts"


def train(games: int, seed: int, player: str | Sequence[str] = "greedy", *, version: str = VERSION,
          epochs: int = EPOCHS, players: Sequence[int] = (2,), explore: int = EXPLORE, workers: int = 1,
          seconds: float | None = None, data: str | None = None, base: str | None = None,
          progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """A network (the JSON document ``data/value-<version>.json`` holds) from `games` self-play games:
    game g is played by player[g % len(player)] at players[g % len(players)] seats, a search's
    (search_play) with its first `explore` decisions drawn by visits, in `workers` processes. seconds: stop
    playing after that long and keep games 0..k-1, the longest run of finished ones (what `games = k`
    reproduces). Games with game % HOLD_OUT == HOLD_OUT - 1 are held out of the fit; the document's
    "trained" says how it was made and the held-out RMSE (VP still to gain, per seat and position) of the
    network and of v1's recipe (value.fit) fitted on the same training games. data: a file (.npz) for
    the search games' positions and root visits (search_play.save). base: a linear value the network
    corrects, a shipped one (v1, ...) or REFIT (v1's recipe fitted on the same training games): it
    learns the base's error and its estimate is the base's plus its own (the document holds the base's
    weights). progress(stage, done, total): stage "games" then "epochs"."""
    from gaia_ai.parallel import prefix, run_jobs

    if games < HOLD_OUT:
        raise ValueError(f"train --net: at least {HOLD_OUT} games (one in {HOLD_OUT} is held out)")
    if epochs < 1:
        raise ValueError("train --net: at least 1 epoch")
    if explore < 0:
        raise ValueError(f"train --net: --explore is a number of decisions, 0 or more, got {explore}")
    if not NET_VERSION.fullmatch(version):
        raise ValueError(f"a value network's version is n1, n2, ..., got {version!r}")
    specs = [player] if isinstance(player, str) else list(player)
    if not specs:
        raise ValueError("train: name at least one player")
    counts = list(players)
    if not counts or any(n not in (2, 3, 4) for n in counts):
        raise ValueError(f"train --net: player counts are 2, 3 or 4, got {counts}")
    searched = [is_search(spec) for spec in specs]
    for spec in (s for s, searching in zip(specs, searched, strict=True) if searching):
        search_play.search_config(spec)      # a bad search spec fails here, not in a worker
    if counts != [2] and not all(searched):
        raise ValueError("train --net: 3- and 4-player games need a search as every --player (mcts:...)")
    if data is not None and not any(searched):
        raise ValueError("train --net: --data keeps a search's games (its root visits): name a search as --player")
    base_doc = _base_document(base)
    jobs = [(game, seed, specs[game % len(specs)], counts[game % len(counts)], explore) for game in range(games)]
    finished = [0]

    def done(_index: int, _result: Any) -> None:
        finished[0] += 1
        if progress is not None:
            progress("games", finished[0], games)

    played = prefix(run_jobs(game_samples, jobs, workers, seconds=seconds, done=done))
    if len(played) < HOLD_OUT:
        raise ValueError(f"train --net: only {len(played)} games in a row finished in {seconds} s "
                         f"(at least {HOLD_OUT}): give it more time or workers")
    searches = [g for _, _, g in played if g is not None]
    if data is not None:
        search_play.save(data, searches)
    seats = [job[3] for job in jobs[:len(played)]]
    head = {"games": len(played), "seed": seed, "player": specs[0] if len(specs) == 1 else specs,
            "players": seats[0] if len(set(seats)) == 1 else sorted(set(seats)),
            **({"explore": explore, "decisions": sum(len(g.decisions) for g in searches)} if searches else {})}
    return _fit_games([(game_s, rows, n) for (game_s, rows, _), n in zip(played, seats, strict=True)],
                      seed, version, epochs, head, linear=True, base=base_doc, progress=progress)


def _fit_games(games: list[tuple[list[value.Sample], np.ndarray, int]], seed: int, version: str, epochs: int,
               head: dict[str, Any], linear: bool, base: dict[str, Any] | None = None,
               progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """The network document fitted on games (each its samples, their input rows and its seat count), the
    games with sample.game % HOLD_OUT == HOLD_OUT - 1 held out; "trained" is `head` followed by the
    fit's figures, with the held-out RMSE of v1's recipe fitted on the same training games beside the
    network's when `linear`. base: the document part of the linear value the network corrects, if any
    ({"version", "weights"}): the targets are that value's errors."""
    samples = [s for game_s, _, _ in games for s in game_s]
    x = np.vstack([rows for _, rows, _ in games])
    y = np.array([s.final - s.vp for s in samples], dtype=float)
    held = np.array([s.game % HOLD_OUT == HOLD_OUT - 1 for s in samples])
    if base is not None and base["version"] == REFIT:
        base = {"version": REFIT, "weights": refit_base(x[~held], y[~held])}
    offset = 0.0 if base is None else base_gain(base["weights"], x)
    params = fit(x[~held], (y - offset)[~held], seed, epochs,
                 None if progress is None else lambda e: progress("epochs", e, epochs))
    model = {"version": version, "kind": "mlp", "inputs": list(gaia_rules.NET_INPUTS),
             "layers": list(gaia_rules.NET_LAYERS), **params, **({"base": base} if base else {})}
    net = forward(model, x[held])
    rmses = {"network": round(rmse(net, y[held]), 3)}
    if linear:
        ridge = value.fit([s for s, h in zip(samples, held, strict=True) if not h])
        test = [s for s, h in zip(samples, held, strict=True) if h]
        estimates = np.array([value.predict(ridge, s) - s.vp for s in test])
        rmses["linear (v1's recipe, same training games)"] = round(rmse(estimates, y[held]), 3)
    per_game = [(game_s[0].game if game_s else 0, len(game_s) // n) for game_s, _, n in games]
    model["trained"] = {
        **head,
        "positions": sum(k for _, k in per_game), "held_out_games": f"game % {HOLD_OUT} == {HOLD_OUT - 1}",
        "held_out_positions": sum(k for game, k in per_game if game % HOLD_OUT == HOLD_OUT - 1),
        "epochs": epochs, "batch": BATCH,
        "learning_rate": LEARNING_RATE, "l2": L2, "optimizer": "adam",
        "held_out_rmse": rmses,
    }
    return model


def train_from_data(files: Sequence[str], seed: int, *, buffer: int | None = None, version: str = VERSION,
                    epochs: int = EPOCHS, base: str | None = None, progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """A network from the search games earlier runs saved (search_play.save, ``train --net --data``),
    without playing: the replay buffer is the files' games in the order given, oldest first, each file's
    in its order, and with `buffer` only the newest (last) `buffer` of them. The split, the fit and the
    document are train()'s: a game is held out by its own index (game % HOLD_OUT == HOLD_OUT - 1), the
    fit's initialization and shuffles come from `seed`, so the same files, buffer and seed give the same
    weights. The inputs are the files' (single precision), so a run's own training and this one on its
    file agree closely, not bit for bit. The linear recipe's RMSE is reported where every game has its
    value features (files written before they were saved have none). base: as train()'s."""
    if not files:
        raise ValueError("train --net --from-data: name at least one file of saved games")
    if buffer is not None and buffer < HOLD_OUT:
        raise ValueError(f"train --net: --buffer keeps at least {HOLD_OUT} games (one in {HOLD_OUT} is held out), "
                         f"got {buffer}")
    if epochs < 1:
        raise ValueError("train --net: at least 1 epoch")
    if not NET_VERSION.fullmatch(version):
        raise ValueError(f"a value network's version is n1, n2, ..., got {version!r}")
    base_doc = _base_document(base)
    games = [g for path in files for g in search_play.load(path)]
    total = len(games)
    if buffer is not None:
        games = games[-buffer:]
    if len(games) < HOLD_OUT:
        raise ValueError(f"train --net --from-data: {len(games)} games in {', '.join(files)} (at least {HOLD_OUT}: "
                         f"one in {HOLD_OUT} is held out)")
    held = sum(g.game % HOLD_OUT == HOLD_OUT - 1 for g in games)
    if held == 0 or held == len(games):
        raise ValueError(f"train --net --from-data: the split by game index (game % {HOLD_OUT} == {HOLD_OUT - 1} held "
                         f"out) leaves {'no held-out' if held == 0 else 'no training'} games among these {len(games)}")
    counts = sorted({g.players for g in games})
    head = {"games": len(games), "seed": seed, "from_data": list(files),
            **({"buffer": buffer, "games_in_files": total} if buffer is not None else {}),
            "players": counts[0] if len(counts) == 1 else counts,
            "decisions": sum(len(g.decisions) for g in games)}
    fitted = [(*search_samples(g), g.players) for g in games]
    return _fit_games(fitted, seed, version, epochs, head,
                      linear=all(g.features.shape[-1] == len(gaia_rules.VALUE_FEATURES) for g in games),
                      base=base_doc, progress=progress)


def check_model(model: dict[str, Any], where: str) -> dict[str, Any]:
    """The document, if it is a network this build evaluates; ValueError naming `where` if not."""
    mlp.check_document(model, where, gaia_rules.NET_INPUTS, gaia_rules.NET_LAYERS, "NET_INPUTS")
    base = model.get("base")
    if base is not None and (not isinstance(base, dict) or not isinstance(base.get("weights"), list)):
        raise ValueError(f"{where}: its base is not a linear value's document part ({{'version', 'weights'}})")
    return model


def install(model: dict[str, Any], where: str, slot: int) -> None:
    """Check the document and write its weights into the C slot (ValueError naming `where` if they do
    not fit: nothing is written then)."""
    m = check_model(model, where)
    try:
        gaia_rules.set_net_weights(m["input_mean"], m["input_scale"], m["w1"], m["b1"], m["w2"], m["b2"],
                                   m["w3"], m["b3"], m["y_mean"], m["y_scale"], slot,
                                   None if m.get("base") is None else m["base"]["weights"])
    except (TypeError, ValueError) as e:
        raise ValueError(f"{where}: {e}") from None


MODELS = ShippedModels("gaia_ai.games.gaia", "value-", "n", "value network", gaia_rules.NET_SLOT_COUNT, install)


def load(version: str = VERSION) -> dict[str, Any]:
    """Load the shipped network of that version into a C slot of its own (once per process) and
    return its document."""
    if not NET_VERSION.fullmatch(version):
        raise ValueError(f"a value network is named n1, n2, ..., got {version!r}")
    return MODELS.load(version)


def slot(version: str = VERSION) -> int:
    """The C core's slot of that network (loading it first)."""
    load(version)
    return MODELS.slots[version]


def shipped_versions() -> list[str]:
    return MODELS.versions()
