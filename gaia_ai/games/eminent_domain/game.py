"""Eminent Domain behind the toolkit's game protocol (gaia_ai.games.api): the registry's object."""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from gaia_ai.games.api import Deal, Game, GameInfo


def seed_int(seed: int | str) -> int:
    """A 64-bit seed from an int or any string (stable across runs and machines)."""
    if isinstance(seed, int) and 0 <= seed < 2**64:
        return seed
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:8], "little")


@dataclass(frozen=True)
class EdSetup:
    """Everything a new game needs: the seed decides the decks, planets and start player."""

    players: int
    seed: int
    errata: bool = False
    stacks: str = "bga"
    extended: bool = False


class EdGame(Game):
    info = GameInfo(
        name="eminent-domain",
        title="Eminent Domain",
        player_counts=(2, 3, 4),
        role_name="seat",
        hidden_information=True,
        options={"errata": "off (base texts)", "stacks": "bga (12/12/12/8/12 after dealing)"},
        formats=("eminent-domain/1", "eminent-domain-observation/1"),   # gamelog.py, observation.py
    )

    def setup(self, players: int, seed: int | str) -> EdSetup:
        self.check_players(players)
        return EdSetup(players, seed_int(seed))

    def new_game(self, deal: Deal) -> Any:
        from gaia_ai.games.eminent_domain.gamelog import state_for

        return state_for(deal.setup)

    def parse_move(self, text: str, state: Any = None) -> Any:
        from gaia_ai.games.eminent_domain.notation import EdMove

        return EdMove.parse(text)

    def setup_to_data(self, setup: EdSetup) -> dict[str, Any]:
        return asdict(setup)

    def setup_from_data(self, data: dict[str, Any]) -> EdSetup:
        return EdSetup(**data)

    def check_roles(self, roles: Sequence[str]) -> None:
        if roles:
            raise ValueError(f"Eminent Domain deals no roles, but {', '.join(roles)} were given")

    def searcher(self, config: Any) -> Any:
        """The information-set MCTS over the C interface (every decision is one atomic move)."""
        from gaia_ai.search.core import CoreSearcher

        return CoreSearcher(config)

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

        return main(bench_argv(args))

    def describe(self, state: Any) -> str:
        return repr(state)

    def paste_kinds(self) -> tuple[Any, ...]:
        """A game log or an observation (pasted.py)."""
        from gaia_ai.games.eminent_domain.pasted import KINDS

        return KINDS

    def read_position(self, text: str, name: str = "the pasted text", move: int | None = None) -> Any:
        from gaia_ai.games.eminent_domain.pasted import position_from_text

        return position_from_text(text, name, move)

    def describe_moves(self, state: Any, moves: Any, players: Any = None) -> list[dict[str, Any]]:
        """Each step of a line in words (words.py): the card, the role, the planet, the resource."""
        from gaia_ai.games.eminent_domain.words import describe_line

        return describe_line(state, moves, players)

    # ---- tools: review, service, command-line positions ------------------------------------------------
    def load_played_game(self, path: str, game_id: str | None = None) -> Any:
        from gaia_ai.games.eminent_domain.review import load_played_game

        return load_played_game(path, game_id)

    def review_game(self, played: Any, players: Any = None, config: Any = None, lines: Any = None,
                    progress: Any = None) -> Any:
        from gaia_ai.games.eminent_domain.review import review_game

        return review_game(played, players, config, lines, progress)

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

    def position_from_args(self, args: argparse.Namespace, allow_finished: bool = False) -> Any:
        """The EdState named by --log [--game-id ID] [--move K] or --observation FILE."""
        from gaia_ai.games.eminent_domain.errors import EdError
        from gaia_ai.games.eminent_domain.positions import from_log, from_observation

        if getattr(args, "observation", None):
            return from_observation(args.observation)
        if getattr(args, "log", None):
            return from_log(args.log, args.game_id, args.move)
        raise EdError("no position given: --log FILE [--game-id ID] [--move K], or --observation FILE")

    def request_position(self, args: argparse.Namespace) -> Any:
        from gaia_ai.games.eminent_domain.service import request_position

        return request_position(args)

    def structured_state(self, state: Any, all_fields: bool = False) -> dict[str, Any]:
        """The observation of the seat to move (the seat that asks for suggestions); observation.py."""
        from gaia_ai.games.eminent_domain.observation import observation_json

        return observation_json(state, max(state.current_player, 0))


GAME = EdGame()
