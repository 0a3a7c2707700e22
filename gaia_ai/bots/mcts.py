"""The MCTS bot: the search's most visited move, with its SearchConfig named in the spec string."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from gaia_ai.bots.player import SearchMovePlayer
from gaia_ai.errors import BotSpecError
from gaia_ai.games.api import Game, State
from gaia_ai.search import SearchConfig

# short spec names for the most used SearchConfig fields; any field may also be given by its own name
# (noise=E,alpha=A: AlphaZero's root noise, root_noise and root_noise_alpha, for self-play; PUCT only)
ALIASES = {"sims": "simulations", "ms": "time_ms", "maxms": "max_time_ms", "c": "c_uct", "eval": "evaluator", "fpu": "fpu_reduction", "mix": "leaf_mix", "mixd": "leaf_mix_per_doubling", "mixref": "leaf_mix_reference", "mm": "minimax", "ptemp": "prior_temperature", "pafter": "prior_after", "pw": "widening", "pwp": "widening_power", "noise": "root_noise", "alpha": "root_noise_alpha"}


class MctsBot(SearchMovePlayer):
    """Plays the most visited root move of a search with this config. One searcher (the game's) per
    bot: with config.reuse_tree (the default) its tree carries over from one decision to the next."""

    def __init__(self, config: SearchConfig, game: Game, name: str = "mcts") -> None:
        super().__init__()
        self.config = config
        self.name = name
        self.searcher = game.searcher(config)

    @classmethod
    def from_params(cls, params: dict[str, str], spec: str, game: Game) -> MctsBot:
        types = {f.name: f.type for f in fields(SearchConfig)}
        values: dict[str, object] = {}
        given: dict[str, str] = {}    # field -> the short name the spec gave it by
        for key in list(params):
            name = ALIASES.get(key, key)
            if name not in types:
                continue   # left in params: make_bot reports it as unknown
            if key != name:
                given[name] = key
            raw = params.pop(key)
            values[name] = _convert(raw, str(types[name]), key, spec)
        if "simulations" not in values:
            # a time budget alone means time only: SearchConfig's default 1000 simulations would cap it
            values["simulations"] = None if values.get("time_ms") is not None else 800
        try:
            config = SearchConfig(**values)  # type: ignore[arg-type]
        except (TypeError, ValueError) as e:
            raise BotSpecError(f"bad search settings in bot spec {spec!r}: {e}{_spec_key(str(e), given)}") from None
        return cls(config, game, name=spec)

    def choose(self, state: State) -> Any:
        """The next atomic command of the best search move (a search move is a main action with its
        auto-payment and the end of the turn: the rest of its sequence is played without searching
        again while the game follows it)."""
        queued = self._queued(state)
        if queued is not None:
            return queued
        # top_k=1: only the move played is turned into notation, not every root candidate's line
        return self._play(state, self.searcher.search(state, top_k=1).candidates[0].moves)


def _spec_key(message: str, given: dict[str, str]) -> str:
    """" (spec key 'x')" when the SearchConfig error names a field the spec gave by its short name x."""
    for name in sorted(given, key=len, reverse=True):
        if f"SearchConfig.{name} " in message or f"SearchConfig.{name}=" in message:
            return f" (spec key {given[name]!r})"
    return ""


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _convert(raw: str, type_name: str, key: str, spec: str) -> object:
    if type_name == "bool":
        if raw.lower() in _TRUE + _FALSE:
            return raw.lower() in _TRUE
        raise BotSpecError(f"parameter {key!r} of bot spec {spec!r}: {raw!r} is not a boolean (0/1/true/false)")
    try:
        if "int" in type_name and "float" not in type_name:
            return None if raw.lower() == "none" else int(raw)
        if "float" in type_name:
            return float(raw)
    except ValueError:
        raise BotSpecError(f"parameter {key!r} of bot spec {spec!r}: {raw!r} is not a number") from None
    return raw
