"""The bot interface, the game-independent bots and the spec strings that name them.

A spec names a bot of any game: ``random`` and ``mcts`` play every registered game (through the game
protocol and the game's searcher); other names (``greedy``) are asked of the game itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from gaia_ai.errors import BotSpecError, GameOverError
from gaia_ai.games.api import Game, State
from gaia_ai.games.registry import load_game


class Bot(Protocol):
    """Anything that picks a legal move for the player whose decision it is."""

    name: str

    def choose(self, state: Any) -> Any: ...


def _legal(state: State) -> list[Any]:
    moves = state.legal_moves()
    if not moves:
        raise GameOverError(f"no decision to take in {state!r}")
    return moves


class RandomBot:
    """Uniformly random legal moves (seeded)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = f"random:seed={seed}"
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Any:
        return self._rng.choice(_legal(state))


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


def _make_random(params: dict[str, str], spec: str, game: Game) -> Bot:
    return RandomBot(seed=_int(params, "seed", spec, 0) or 0)


def _make_mcts(params: dict[str, str], spec: str, game: Game) -> Bot:
    from gaia_ai.bots.mcts import MctsBot

    return MctsBot.from_params(params, spec, game)


# the bots of every game; a game adds its own (Game.make_bot)
BOTS: dict[str, Callable[[dict[str, str], str, Game], Bot]] = {
    "random": _make_random,
    "mcts": _make_mcts,
}


# bots whose spec takes a seed: the tournament runner gives each game its own
SEEDED_BOTS = frozenset({"random", "mcts"})


def with_seed(spec: str, seed: int, game: Game | str | None = None) -> str:
    """The spec with ``seed=N`` added when the bot takes a seed (random and mcts, and the game's own
    seeded bots, Game.seeded_bots) and the spec sets none (a seed the spec names is kept: its author
    wanted that one)."""
    name, params = parse_spec(spec)
    if isinstance(game, str):
        game = load_game(game)
    seeded = SEEDED_BOTS | set(game.seeded_bots() if game is not None else ())
    if name not in seeded or "seed" in params:
        return spec
    params["seed"] = str(seed)
    return f"{name}:" + ",".join(f"{key}={value}" for key, value in params.items())


def make_bot(spec: str, game: Game | str = "gaia-project") -> Bot:
    """The bot a spec string names, for a game (a Game or its registry name); BotSpecError says what is
    wrong with a bad spec."""
    if isinstance(game, str):
        game = load_game(game)
    name, params = parse_spec(spec)
    factory = BOTS.get(name)
    bot = factory(params, spec, game) if factory is not None else game.make_bot(name, params, spec)
    if bot is None:
        known = ", ".join(sorted({*BOTS, *game.bot_names()}))
        raise BotSpecError(f"unknown bot {name!r} in spec {spec!r} for {game.info.title}; known bots: {known}")
    if params:
        raise BotSpecError(f"unknown parameter(s) {', '.join(sorted(params))} for bot {name!r} in spec {spec!r}")
    return bot
