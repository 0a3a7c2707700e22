"""The bot interface, the simple bots and the spec strings that name them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import Command
from gaia_ai.search.gaia import search_move_commands


class BotSpecError(GaiaError, ValueError):
    """A bot spec string names an unknown bot or parameter, or a bad value."""


class Bot(Protocol):
    """Anything that picks a legal move for the player whose decision it is."""

    name: str

    def choose(self, state: GaiaState) -> Command: ...


def _legal(state: GaiaState) -> list[Command]:
    moves = state.legal_moves()
    if not moves:
        raise GaiaError(f"no decision to take in {state!r}")
    return moves


class RandomBot:
    """Uniformly random legal moves (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = f"random:seed={seed}"
        self._rng = random.Random(seed)

    def choose(self, state: GaiaState) -> Command:
        return self._rng.choice(_legal(state))


class SearchMovePlayer:
    """Plays a chosen search move (a main action with its auto-payment and the end of the turn) one
    atomic command at a time: the rest of its sequence is queued while the game follows it."""

    def __init__(self) -> None:
        self._queue: list[tuple[bytes, Command]] = []

    def _queued(self, state: GaiaState) -> Command | None:
        if self._queue and self._queue[0][0] == gaia_rules.state_bytes(state._core):
            return self._queue.pop(0)[1]
        self._queue = []
        return None

    def _play(self, state: GaiaState, commands: list[Command]) -> Command:
        line = state.copy()
        for command in commands:
            self._queue.append((gaia_rules.state_bytes(line._core), command))
            line.apply(command)
        return self._queue.pop(0)[1]


class GreedyBot(SearchMovePlayer):
    """One ply over the search moves: the one after which the heuristic estimate of the mover's final
    score, minus the best opponent's, is highest; ties go to the first listed (deterministic)."""

    name = "greedy"

    def choose(self, state: GaiaState) -> Command:
        queued = self._queued(state)
        if queued is not None:
            return queued
        player = state.current_player
        core = state._core
        moves = gaia_rules.search_moves_int(core)
        if not moves:
            raise GaiaError(f"no decision to take in {state!r}")
        best: tuple[float, int] | None = None
        for m in moves:
            after = core.copy()
            gaia_rules.apply_search_move(after, m)
            score = _margin(after, player)
            if best is None or score > best[0]:
                best = (score, m)
        assert best is not None
        return self._play(state, search_move_commands(state, best[1]))


def _margin(core: object, player: int) -> float:
    estimate = core.final_scores() or gaia_rules.evaluate(core)  # type: ignore[attr-defined]
    others = [v for p, v in enumerate(estimate) if p != player]
    return float(estimate[player] - max(others))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """'mcts:sims=800,threads=2' -> ('mcts', {'sims': '800', 'threads': '2'})."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise BotSpecError(f"bad parameter {item!r} in bot spec {spec!r}: expected key=value")
        params[key.strip()] = value.strip()
    if not name:
        raise BotSpecError(f"empty bot name in spec {spec!r}")
    return name, params


def _int(params: dict[str, str], key: str, spec: str, default: int | None = None) -> int | None:
    if key not in params:
        return default
    try:
        return int(params.pop(key))
    except ValueError:
        raise BotSpecError(f"parameter {key!r} of bot spec {spec!r} must be an integer") from None


def _make_random(params: dict[str, str], spec: str) -> Bot:
    return RandomBot(seed=_int(params, "seed", spec, 0) or 0)


def _make_greedy(params: dict[str, str], spec: str) -> Bot:
    return GreedyBot()


def _make_mcts(params: dict[str, str], spec: str) -> Bot:
    from gaia_ai.bots.mcts import MctsBot

    return MctsBot.from_params(params, spec)


BOTS: dict[str, Callable[[dict[str, str], str], Bot]] = {
    "random": _make_random,
    "greedy": _make_greedy,
    "mcts": _make_mcts,
}


# bots whose spec takes a seed: the tournament runner gives each game its own
SEEDED_BOTS = frozenset({"random", "mcts"})


def with_seed(spec: str, seed: int) -> str:
    """The spec with ``seed=N`` added when the bot takes a seed and the spec sets none (a seed the
    spec names is kept: its author wanted that one)."""
    name, params = parse_spec(spec)
    if name not in SEEDED_BOTS or "seed" in params:
        return spec
    params["seed"] = str(seed)
    return f"{name}:" + ",".join(f"{key}={value}" for key, value in params.items())


def make_bot(spec: str) -> Bot:
    """The bot a spec string names; BotSpecError says what is wrong with a bad one."""
    name, params = parse_spec(spec)
    factory = BOTS.get(name)
    if factory is None:
        raise BotSpecError(f"unknown bot {name!r} in spec {spec!r}; known bots: {', '.join(sorted(BOTS))}")
    bot = factory(params, spec)
    if params:
        raise BotSpecError(f"unknown parameter(s) {', '.join(sorted(params))} for bot {name!r} in spec {spec!r}")
    return bot
