"""Eminent Domain behind the toolkit's game protocol (gaia_ai.games.api): the registry's object."""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gaia_ai.games.api import Deal, Game, GameInfo


def seed_int(seed: int | str) -> int:
    """A 64-bit seed from an int or any string (stable across runs and machines)."""
    if isinstance(seed, int) and 0 <= seed < 2**64:
        return seed
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "little")


@dataclass(frozen=True)
class EdSetup:
    """Everything a new game needs: the seed decides the decks, planets and start player; the rest is
    EdOptions (state.py). A record's setup without "rules" is an older log, played by the rulebook
    reading (the only rules there were): from_data reads it so."""

    players: int
    seed: int
    errata: bool = True
    stacks: str = "bga"
    extended: bool = False
    rules: str = "bga"
    extra_round: bool = True

    @classmethod
    def of(cls, players: int, seed: int, options: Any) -> EdSetup:
        return cls(players, seed, bool(options.errata), options.stacks, options.extended, options.rules,
                   bool(options.extra_round))

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> EdSetup:
        """A record's setup; TypeError for a field it does not have (the callers name the record)."""
        if not isinstance(data, dict):
            raise TypeError(f"a setup is an object, not {type(data).__name__}")
        data = dict(data)
        if "rules" not in data:            # logs written before the bga rule set: the rulebook reading
            data.setdefault("errata", False)
            data["rules"] = "rulebook"
            data.setdefault("extra_round", False)
        return cls(**data)

    def options(self) -> Any:
        from gaia_ai.games.eminent_domain.state import EdOptions

        return EdOptions(self.errata, self.stacks, self.extended, self.rules, self.extra_round)


ON, OFF = ("on", "true", "yes", "1"), ("off", "false", "no", "0")
OPTION_VALUES = {"rules": ("bga", "rulebook"), "stacks": ("bga", "full")}
FLAGS = ("errata", "extended", "extra_round")


class EdGame(Game):
    info = GameInfo(
        name="eminent-domain",
        title="Eminent Domain",
        player_counts=(2, 3, 4),
        role_name="seat",
        hidden_information=True,
        options={"rules": "bga (as Board Game Arena plays; choose with rules=rulebook: the printed rules)",
                 "errata": "the rule set's (bga: on; rulebook: off; choose with errata=on or errata=off)",
                 "extra_round": "the rule set's (bga: on, BGA's option 103; rulebook: off; choose with "
                                "extra_round=on or extra_round=off)",
                 "stacks": "bga (12/12/12/8/12 after dealing; choose with stacks=full: every card)",
                 "extended": "off (choose with extended=on: the extended 3-player game)"},
        notation_doc="docs/eminent-domain.md",
        formats=("eminent-domain/1", "eminent-domain-observation/1"),   # gamelog.py, observation.py
    )

    def __init__(self, options: Any = None) -> None:
        from gaia_ai.games.eminent_domain.state import EdOptions

        self.options = options or EdOptions()

    def with_options(self, options: Mapping[str, str]) -> EdGame:
        """rules=bga|rulebook, errata=on|off, extra_round=on|off, stacks=bga|full, extended=on|off (on/off
        also true/false, yes/no, 1/0). errata and extra_round left out take the rule set's default."""
        from gaia_ai.games.eminent_domain.errors import SetupError
        from gaia_ai.games.eminent_domain.state import EdOptions

        unknown = sorted(set(options) - set(OPTION_VALUES) - set(FLAGS))
        if unknown:
            raise ValueError(f"Eminent Domain has no option {', '.join(unknown)} (it has: "
                             f"{', '.join(sorted([*OPTION_VALUES, *FLAGS]))})")
        if not options:
            return self
        chosen: dict[str, Any] = {}
        for key, value in options.items():
            text = str(value).lower()
            if key in OPTION_VALUES:
                if text not in OPTION_VALUES[key]:
                    raise ValueError(f"{key}={value!r}: expected one of {', '.join(OPTION_VALUES[key])}")
                chosen[key] = text
            elif text in ON + OFF:
                chosen[key] = text in ON
            else:
                raise ValueError(f"{key}={value!r}: expected on or off")
        base = {} if "rules" in chosen else {"rules": self.options.rules}
        opts = EdOptions(**{**base, **chosen})
        try:
            opts.validate(3 if opts.extended else 2)
        except SetupError as e:
            raise ValueError(str(e)) from None
        return EdGame(opts)

    def setup(self, players: int, seed: int | str) -> EdSetup:
        self.check_players(players)
        self.options.validate(players)
        return EdSetup.of(players, seed_int(seed), self.options)

    def new_game(self, deal: Deal) -> Any:
        from gaia_ai.games.eminent_domain.gamelog import state_for

        return state_for(deal.setup)

    def parse_move(self, text: str, state: Any = None) -> Any:
        from gaia_ai.games.eminent_domain.notation import EdMove

        return EdMove.parse(text)

    def setup_to_data(self, setup: EdSetup) -> dict[str, Any]:
        return asdict(setup)

    def setup_from_data(self, data: dict[str, Any]) -> EdSetup:
        return EdSetup.from_data(data)

    def check_roles(self, roles: Sequence[str]) -> None:
        if roles:
            raise ValueError(f"Eminent Domain deals no roles, but {', '.join(roles)} were given")

    def hint_search(self) -> dict[str, Any]:
        """Rollouts to the end with the heuristic's value of the tree's leaf mixed in at half weight
        (AlphaGo's mixed leaf): against the plain search it won 71.5% of 100 2-player games at 1,000
        simulations a move each and 61.0% of 100 at equal time, 30 ms a move
        (docs/eminent-domain.md, "The mixed leaf and a value network")."""
        return {"leaf_mix": 0.5}

    def searcher(self, config: Any) -> Any:
        """The information-set MCTS over the C interface (every decision is one atomic move); leaves
        valued by the heuristic or a value network (eval=nN)."""
        from gaia_ai.games.eminent_domain.search import EdSearcher

        return EdSearcher(config)

    def model_file(self, version: str) -> Path | None:
        from gaia_ai.games.eminent_domain import value_net
        from gaia_ai.search.config import NET_VERSION

        if not NET_VERSION.fullmatch(version):
            raise ValueError(f"{version!r} is not a model version of Eminent Domain (a value network: n1, n2, ...)")
        return value_net.path(version)

    def train_value_net(self, games: int, seed: int, player: str | Sequence[str], version: str | None,
                        epochs: int | None = None, **options: Any) -> dict[str, Any]:
        """value_net.train: one --player (greedy by default, or an mcts spec) at every seat; options
        players (one count), workers, target ("final" or "margin")."""
        from gaia_ai.games.eminent_domain import value_net
        from gaia_ai.learn import correction
        from gaia_ai.learn.progress import progress_bars

        spec, players, options = correction.one_table("train --net --game eminent-domain", player, options,
                                                      {"workers", "target"})
        with progress_bars() as progress:
            return value_net.train(games, seed, spec, version=version or value_net.VERSION,
                                   epochs=epochs or value_net.EPOCHS, players=players, progress=progress,
                                   **options)

    def make_bot(self, name: str, params: dict[str, str], spec: str) -> Any | None:
        """greedy[:depth=N,seed=S] (a heuristic over the seat's next decisions) and
        flat[:playouts=N,seed=S] (flat Monte Carlo over determinizations): bots.py."""
        if name not in ("greedy", "flat"):
            return None
        from gaia_ai.errors import BotSpecError
        from gaia_ai.games.eminent_domain.bots import FlatMonteCarloBot, GreedyBot

        try:
            if name == "greedy":
                return GreedyBot(int(params.pop("depth", 4)), int(params.pop("seed", 0)))
            return FlatMonteCarloBot(int(params.pop("playouts", 20)), int(params.pop("seed", 0)))
        except ValueError as e:
            raise BotSpecError(f"bad value in bot spec {spec!r}: {e}") from None

    def bot_names(self) -> tuple[str, ...]:
        return ("flat", "greedy")

    def seeded_bots(self) -> tuple[str, ...]:
        return ("flat", "greedy")   # their tie-breaks and samples come from the seed

    def recorder(self, deal: Deal) -> Any:
        from gaia_ai.games.eminent_domain.gamelog import Recorder

        return Recorder(deal.setup)

    def record(self, deal: Deal, lines: Sequence[str], scores: Sequence[int], game_id: str, *,
               final_board: Any = None, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        from gaia_ai.games.eminent_domain.gamelog import record

        return record(deal.setup, lines, scores, game_id, extra)

    def replay(self, args: argparse.Namespace) -> int:
        from gaia_ai.games.eminent_domain.gamelog import run_replay

        return run_replay(args.path, limit=args.limit, as_json=args.as_json)

    def bench(self, args: argparse.Namespace) -> int:
        from gaia_ai.games.benchutil import bench_argv
        from gaia_ai.games.eminent_domain.bench import main

        return main([*bench_argv(args), "--rules", self.options.rules])

    def describe(self, state: Any) -> str:
        """The position in one line, from what every seat sees: the turn and whose decision, then per seat
        its influence, fighters and planets, the influence supply and the role stacks."""
        from gaia_ai.games.eminent_domain.observation import observation_json

        o = observation_json(state, max(state.current_player, 0))
        n = o["players"]
        seats = range(n)
        turn = o["flow"]["turns"] + 1
        head = (f"game over after turn {turn - 1}: " + ", ".join(f"p{p + 1} {v}" for p, v in
                                                                 enumerate(state.final_scores() or []))
                if state.is_terminal else f"turn {turn}, p{state.current_player + 1} to decide ({state.decision})")
        owned = [sum(1 for pl in o["planets"] if pl.get("owner") == p) for p in seats]
        up = [sum(1 for pl in o["planets"] if pl.get("owner") == p and pl.get("where") == "face_up") for p in seats]
        stacks = ", ".join(f"{k.replace('_', '/')} {v}" for k, v in o["stacks"].items())
        return (f"{head}; influence " + ", ".join(f"p{p + 1} {o['seats'][p]['influence']}" for p in seats)
                + f" (supply {o['influence_supply']['black']}); fighters "
                + ", ".join(f"p{p + 1} {o['seats'][p]['fighters']}" for p in seats) + "; planets "
                + ", ".join(f"p{p + 1} {owned[p]} ({up[p]} face up)" for p in seats) + f"; stacks {stacks}")

    def paste_kinds(self) -> tuple[Any, ...]:
        """A game log or an observation (pasted.py)."""
        from gaia_ai.games.eminent_domain.pasted import KINDS

        return KINDS

    def read_position(self, text: str, name: str = "the pasted text", move: int | None = None) -> Any:
        from gaia_ai.games.eminent_domain.pasted import position_from_text

        return position_from_text(text, name, move)

    def position_form(self) -> Any:
        """The web page's form of a typed position (form.py: entry.py's fields)."""
        from gaia_ai.games.eminent_domain.form import FORM

        return FORM

    def describe_moves(self, state: Any, moves: Any, players: Any = None) -> list[dict[str, Any]]:
        """Each step of a line in words (words.py): the card, the role, the planet, the resource."""
        from gaia_ai.games.eminent_domain.words import describe_line

        return describe_line(state, moves, players)

    # ---- tools: review, service, command-line positions ------------------------------------------------
    def load_played_game(self, path: str, game_id: str | None = None) -> Any:
        from gaia_ai.games.eminent_domain.review import load_played_game

        return load_played_game(path, game_id)

    def review_game(self, played: Any, players: Any = None, config: Any = None, lines: Any = None,
                    progress: Any = None, jobs: int = 1) -> Any:
        from gaia_ai.games.eminent_domain.review import review_game

        return review_game(played, players, config, lines, progress, jobs)

    def service_adapter(self) -> Any:
        from gaia_ai.games.eminent_domain.service import EdAdapter

        return EdAdapter()

    def add_position_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--log", metavar="FILE",
                           help="Eminent Domain: a game log (eminent-domain/1 record: .json, or .jsonl[.gz] "
                                "with --game-id); --move K for the position after its first K moves")
        group.add_argument("--observation", metavar="FILE",
                           help="Eminent Domain and Terraforming Mars: what the seat to move sees (the "
                                "game's observation JSON, eminent-domain-observation/1 or "
                                "terraforming-mars-observation/1, e.g. from 'gaia-ai export-state --game NAME')")
        group.add_argument("--position", metavar="FILE",
                           help="Eminent Domain: a position typed by hand (eminent-domain-entry/1: your hand, "
                                "the decks and discards as counts or cards, the planets, stacks, whose decision; "
                                "docs/eminent-domain.md, example examples/eminent-domain-position.json)")

    def position_from_args(self, args: argparse.Namespace, allow_finished: bool = False) -> Any:
        """The EdState named by --log [--game-id ID] [--move K], --observation FILE or --position FILE."""
        from gaia_ai.games.eminent_domain.errors import EdError
        from gaia_ai.games.eminent_domain.positions import from_entry, from_log, from_observation

        if getattr(args, "observation", None):
            return from_observation(args.observation)
        if getattr(args, "position", None):
            return from_entry(args.position)
        if getattr(args, "log", None):
            return from_log(args.log, args.game_id, args.move)
        raise EdError("no position given: --log FILE [--game-id ID] [--move K], --observation FILE or "
                      "--position FILE")

    def request_position(self, args: argparse.Namespace) -> Any:
        from gaia_ai.games.eminent_domain.service import request_position

        return request_position(args)

    def structured_state(self, state: Any, all_fields: bool = False) -> dict[str, Any]:
        """The observation of the seat to move (the seat that asks for suggestions); observation.py."""
        from gaia_ai.games.eminent_domain.observation import observation_json

        return observation_json(state, max(state.current_player, 0))


GAME = EdGame()
