"""Self-play games of a search (issue 41's expert iteration): every seat of a 2-, 3- or 4-player game is
played by the same mcts search (the hint search at a low budget, or a candidate's), its first decisions
drawn in proportion to the root's visits (AlphaZero's temperature 1) so that games of one deal differ,
the rest its most visited move. A game keeps, at every action-phase position of rounds 1-6, each seat's
network inputs (gaia_rules.NET_INPUTS), value features and VP, and at every searched decision the root's
visit shares and the position it was taken at (the targets and inputs of a later policy head); its final
VP are the value's targets.

A game is a function of (seed, game index, spec, players, explore) alone: the deal, the search's seed and
the draws all come from them, so games may be played in any order, in any number of processes.
"""

from __future__ import annotations

import random
import zipfile
from dataclasses import dataclass
from typing import Any

import numpy as np

from gaia_ai._core import gaia_rules, mcts

ROUNDS = 6
_ACTION_PHASE = gaia_rules.PHASE_CODES.index("move")


@dataclass(frozen=True)
class Decision:
    """One searched decision (two or more search moves): who chose, in which round, the share of the
    root's visits of each search move, and the game's position it was taken at."""

    seat: int
    round: int
    moves: np.ndarray       # search moves (gaia_rules Move integers)
    shares: np.ndarray      # each move's share of the root's visits (sums to 1)
    position: int = -1      # its index in SearchGame.rounds/inputs, -1 outside rounds 1-6' action phases
    prior: np.ndarray | None = None   # the search's move prior of each move (what a policy head corrects)
    base: np.ndarray | None = None    # where that prior has a head: the prior of the policy it corrects


@dataclass(frozen=True)
class SearchGame:
    """What one self-play game leaves: per action-phase position (rounds 1-6), the round, each seat's VP,
    network inputs and value features; the final VP; the searched decisions."""

    game: int
    players: int
    rounds: np.ndarray      # (positions,)
    vp: np.ndarray          # (positions, players)
    inputs: np.ndarray      # (positions, players, len(NET_INPUTS))
    features: np.ndarray    # (positions, players, len(VALUE_FEATURES))
    final: np.ndarray       # (players,)
    decisions: list[Decision]
    prior: str = ""         # the prior the decisions' priors are (a policy's version, "uniform", ...; "": unknown)
    base: str = ""          # the policy the decisions' base priors are (p1 under p2's head; "": none saved)


def search_config(spec: str) -> Any:
    """The SearchConfig of an mcts bot spec; ValueError naming the spec if it is not one."""
    from gaia_ai.bots.base import make_bot

    config = getattr(make_bot(spec), "config", None)
    if config is None:
        raise ValueError(f"{spec!r} is not a search: self-play for the network needs an mcts spec "
                         "(e.g. the hint search, mcts:sims=150,selection=puct,prior=policy,c_puct=0.75,"
                         "fpu=0.2,mix=0.5,mixd=-0.1)")
    if config.simulations is None or config.time_ms is not None:
        raise ValueError(f"{spec!r}: self-play needs a simulation budget (sims=N), not a time budget "
                         "(a game must not depend on the machine's speed)")
    if config.threads != 1:
        raise ValueError(f"{spec!r}: self-play searches on one thread (threads=1; play games in parallel "
                         "with --workers instead)")
    return config


def base_policy(prior: str) -> str:
    """The policy a search prior's head corrects (p1 for p2), "" if the prior is no policy with a head:
    a later head is fitted over that base on these games too (a head is never stacked on a head)."""
    from gaia_ai.games.gaia import policy
    from gaia_ai.search.config import names_policy

    if not names_policy(prior):
        return ""
    model = policy.load(prior)
    if model.get("head") is None:
        return ""
    return str((model.get("trained") or {}).get("corrects", ""))


def play(game: int, seed: int, spec: str, players: int, explore: int) -> SearchGame:
    """Self-play game `game` of master seed `seed`: deal ("net-SEED-GAME"), the search `spec` in every seat
    (its seed from seed and game), the first `explore` searched decisions drawn by visits."""
    from gaia_ai.games.gaia import policy
    from gaia_ai.games.gaia.game import GAME
    from gaia_ai.games.gaia.search import search_core, search_prior

    if explore < 0:
        raise ValueError(f"explore must be 0 or more decisions, got {explore}")
    config = search_config(spec)
    config = type(config)(**{**config.to_dict(), "seed": seed * 1_000_003 + game})
    base = base_policy(config.prior)
    base_config = type(config)(**{**config.to_dict(), "prior": base}) if base else None
    GAME.check_players(players)
    state = GAME.new_game(GAME.deal(players, f"net-{seed}-{game}"))
    core = state._core.copy()
    draw = random.Random(f"net-explore-{seed}-{game}")
    searchers = [mcts.Searcher(gaia_rules.state_derived_ranges()) for _ in range(players)]
    rounds: list[int] = []
    vp: list[list[int]] = []
    inputs: list[list[list[float]]] = []
    features: list[list[list[float]]] = []
    decisions: list[Decision] = []
    while not core.finished:
        raw = core.raw_state()
        position = -1
        if raw["phase"] == _ACTION_PHASE and 1 <= raw["round"] <= ROUNDS:
            position = len(rounds)
            rounds.append(raw["round"])
            vp.append([raw["pl"][p]["vp"] for p in range(players)])
            inputs.append(gaia_rules.net_inputs_of(core))
            features.append(gaia_rules.value_features_of(core))
        seat = int(core.current_player)
        result = search_core(searchers[seat], core, config)
        candidates = result["candidates"]
        move = int(candidates[0]["move"])
        if len(candidates) >= 2:
            moves = np.array([int(c["move"]) for c in candidates])
            visits = np.array([int(c["visits"]) for c in candidates], dtype=float)
            if visits.sum() > 0:
                if len(decisions) < explore:
                    move = int(draw.choices(moves.tolist(), weights=visits.tolist())[0])
                prior = search_prior(core, config)
                base_prior = None if base_config is None else search_prior(core, base_config)
                decisions.append(Decision(
                    seat, int(core.round), moves, visits / visits.sum(), position,
                    np.array([prior.get(int(m), 0.0) for m in moves]),
                    None if base_prior is None else np.array([base_prior.get(int(m), 0.0) for m in moves])))
        gaia_rules.apply_search_move(core, move)
    final = core.raw_state()["final_vp"][:players]
    return SearchGame(game, players, np.array(rounds, dtype=np.int8), np.array(vp, dtype=np.int16),
                      np.array(inputs, dtype=float).reshape(len(rounds), players, -1),
                      np.array(features, dtype=float).reshape(len(rounds), players, -1),
                      np.array(final, dtype=np.int16), decisions, policy.version_of(config.prior), base)


def save(path: str, games: list[SearchGame]) -> None:
    """The games' positions and decisions as one compressed numpy archive (np.load reads it, load()
    rebuilds the games): per sample (a seat at a position) its game, player count, seat, round, VP now,
    final VP, network inputs and value features (single precision); per decision its game, seat, round,
    position (its index among its game's positions, -1 if none) and its moves' slice of `move`/`share`
    (`decision_start`), and the search's prior of each move (`prior`; NaN where a decision has none),
    named per game (`game_prior`, in the games' order: the policy's version, p1, p2, ...), and where that
    prior has a head, the prior of the policy the head corrects (`base_prior`, NaN where none; named per
    game by `game_base`, "" where none).
    Rows come game by game, in each game
    position by position, seat by seat."""
    rows = [(g, p, s) for g in games for p in range(len(g.rounds)) for s in range(g.players)]
    decisions = [(g, d) for g in games for d in g.decisions]
    starts = np.cumsum([0] + [len(d.moves) for _, d in decisions])
    np.savez_compressed(
        path,
        game=np.array([g.game for g, _, _ in rows], dtype=np.int32),
        players=np.array([g.players for g, _, _ in rows], dtype=np.int8),
        seat=np.array([s for _, _, s in rows], dtype=np.int8),
        round=np.array([g.rounds[p] for g, p, _ in rows], dtype=np.int8),
        vp=np.array([g.vp[p, s] for g, p, s in rows], dtype=np.int16),
        final=np.array([g.final[s] for g, _, s in rows], dtype=np.int16),
        inputs=np.array([g.inputs[p, s] for g, p, s in rows], dtype=np.float32).reshape(len(rows), -1),
        features=np.array([g.features[p, s] for g, p, s in rows], dtype=np.float32).reshape(len(rows), -1),
        decision_game=np.array([g.game for g, _ in decisions], dtype=np.int32),
        decision_seat=np.array([d.seat for _, d in decisions], dtype=np.int8),
        decision_round=np.array([d.round for _, d in decisions], dtype=np.int8),
        decision_position=np.array([d.position for _, d in decisions], dtype=np.int32),
        decision_start=starts.astype(np.int64),
        move=np.concatenate([d.moves for _, d in decisions] or [np.zeros(0)]).astype(np.int64),
        share=np.concatenate([d.shares for _, d in decisions] or [np.zeros(0)]).astype(np.float32),
        prior=np.concatenate([np.full(len(d.moves), np.nan) if d.prior is None else d.prior
                              for _, d in decisions] or [np.zeros(0)]).astype(np.float32),
        game_prior=np.array([g.prior for g in games], dtype=str),
        base_prior=np.concatenate([np.full(len(d.moves), np.nan) if d.base is None else d.base
                                   for _, d in decisions] or [np.zeros(0)]).astype(np.float32),
        game_base=np.array([g.base for g in games], dtype=str),
    )


# what load() needs of an archive (save() writes them all; "features", "decision_position", "prior" and
# "base_prior" came later and are optional)
SAVED = ("game", "players", "seat", "round", "vp", "final", "inputs", "decision_game", "decision_seat",
         "decision_round", "decision_start", "move", "share")


def load(path: str) -> list[SearchGame]:
    """The games save() wrote to `path`, in their order, as SearchGames (inputs, features and shares in
    the file's single precision; an archive written before the value features were saved gives
    features with no columns, one written before the decisions' positions were, positions -1, one
    written before the moves' priors were, priors NaN and their name "", base priors likewise).
    ValueError naming the file if it is missing, not a numpy archive, not a save of this module or not
    of this build's network inputs."""
    try:
        with np.load(path, allow_pickle=False) as archive:
            data = {k: archive[k] for k in archive.files}
    except FileNotFoundError:
        raise ValueError(f"{path}: no such file") from None
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise ValueError(f"{path}: not a numpy archive (.npz) of search_play.save: {e}") from None
    if not isinstance(data, dict) or not data:
        raise ValueError(f"{path}: not a numpy archive (.npz) of search_play.save")
    missing = [k for k in SAVED if k not in data]
    if missing:
        raise ValueError(f"{path}: not a search_play.save archive (no {', '.join(missing)})")
    rows = len(data["game"])
    width = len(gaia_rules.NET_INPUTS)
    features = data.get("features", np.zeros((rows, 0), dtype=np.float32))
    if data["inputs"].ndim != 2 or data["inputs"].shape[1] != width:
        raise ValueError(f"{path}: its inputs are {data['inputs'].shape[1:]} numbers a row, not this build's "
                         f"{width} (gaia_rules.NET_INPUTS)")
    if any(len(data[k]) != rows for k in ("players", "seat", "round", "vp", "final", "inputs")) \
            or len(features) != rows:
        raise ValueError(f"{path}: its sample columns differ in length")
    starts = data["decision_start"]
    if len(starts) != len(data["decision_game"]) + 1 or (len(starts) and starts[-1] != len(data["move"])) \
            or len(data["move"]) != len(data["share"]):
        raise ValueError(f"{path}: its decisions do not match their moves")
    positions = data.get("decision_position", np.full(len(data["decision_game"]), -1, dtype=np.int32))
    priors = data.get("prior", np.full(len(data["move"]), np.nan, dtype=np.float32))
    prior_names = [str(n) for n in data.get("game_prior", np.zeros(0, dtype=str))]
    bases = data.get("base_prior", np.full(len(data["move"]), np.nan, dtype=np.float32))
    base_names = [str(n) for n in data.get("game_base", np.zeros(0, dtype=str))]
    if len(priors) != len(data["move"]) or len(bases) != len(data["move"]):
        raise ValueError(f"{path}: its moves' priors differ in number from its moves")
    if len(positions) != len(data["decision_game"]):
        raise ValueError(f"{path}: its decisions' positions differ in number from its decisions")
    decisions: dict[int, list[Decision]] = {}
    for i, g in enumerate(data["decision_game"].tolist()):
        decisions.setdefault(g, []).append(Decision(
            int(data["decision_seat"][i]), int(data["decision_round"][i]),
            data["move"][starts[i]:starts[i + 1]], data["share"][starts[i]:starts[i + 1]], int(positions[i]),
            priors[starts[i]:starts[i + 1]], bases[starts[i]:starts[i + 1]]))
    games: list[SearchGame] = []
    begin = 0
    while begin < rows:
        game = int(data["game"][begin])
        end = begin
        while end < rows and data["game"][end] == game:
            end += 1
        players = int(data["players"][begin])
        if (end - begin) % players or not np.array_equal(
                data["seat"][begin:end], np.tile(np.arange(players), (end - begin) // players)):
            raise ValueError(f"{path}: game {game}'s rows are not a seat each per position")
        take = slice(begin, end, players)
        games.append(SearchGame(
            game, players, data["round"][take].copy(), data["vp"][begin:end].reshape(-1, players),
            data["inputs"][begin:end].reshape(-1, players, width),
            features[begin:end].reshape((end - begin) // players, players, -1),
            data["final"][begin:begin + players].copy(), decisions.pop(game, []),
            prior_names[len(games)] if len(games) < len(prior_names) else "",
            base_names[len(games)] if len(games) < len(base_names) else ""))
        if any(not -1 <= d.position < len(games[-1].rounds) for d in games[-1].decisions):
            raise ValueError(f"{path}: game {game} has a decision at a position it does not have")
        begin = end
    if decisions:
        raise ValueError(f"{path}: decisions of games {sorted(decisions)} that have no positions")
    for kind, names in (("prior", prior_names), ("base prior", base_names)):
        if names and len(names) != len(games):
            raise ValueError(f"{path}: {len(names)} games' {kind} names for {len(games)} games")
    return games
