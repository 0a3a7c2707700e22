"""Terraforming Mars behind the toolkit's game protocol (gaia_ai.games.api): the registry's object."""

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
class TmSetup:
    """Everything a new game needs: the seed decides both deck orders (and so every deal and draw, and
    with Colonies the colony tiles in play)."""

    players: int
    seed: int
    colonies: bool = False


ON, OFF = ("on", "true", "yes", "1"), ("off", "false", "no", "0")


class Recorder:
    """A new game and its log, one line per decision: "p1 play Comet pay mc=21" (the protocol's recorder)."""

    def __init__(self, setup: TmSetup) -> None:
        from gaia_ai.games.terraforming_mars.state import TmState

        self.state = TmState.new(setup.players, setup.seed, colonies=setup.colonies)
        self.lines: list[str] = []

    @property
    def commands(self) -> int:
        return len(self.lines)

    def apply(self, move: Any) -> None:
        player = self.state.current_player
        text = str(move) if not isinstance(move, int) else self.state.format(move)
        self.state.apply(move)
        self.lines.append(f"p{player + 1} {text}")

    def close(self) -> None:
        """Nothing to close: every decision is one line."""


class TmGame(Game):
    """The registry's object; ``with_options({"colonies": "on"})`` gives the one that deals Colonies games
    (``gaia-ai match --game terraforming-mars --option colonies=on``)."""

    def __init__(self, colonies: bool = False) -> None:
        self.colonies = colonies
        self.info = GameInfo(
            name="terraforming-mars",
            title="Terraforming Mars",
            player_counts=(2, 3, 4, 5),
            role_name="corporation",
            hidden_information=True,
            options={"board": "Tharsis",
                     "sets": "base + Corporate Era" + (" + Colonies" if colonies else ""),
                     "colonies": ("on (49 cards, 5 corporations, n+2 colony tiles, 5 at 2 players)" if colonies
                                  else "off (choose with colonies=on: the Colonies expansion)"),
                     "draft": "off (research draws 4 cards per player; the corpus's games)"},
            notation_doc="docs/terraforming-mars.md",
            formats=("terraforming-mars-log/1", "terraforming-mars-observation/1"),  # gamelog.py, observation.py
        )

    def with_options(self, options: Mapping[str, str]) -> TmGame:
        """colonies=on|off (also true/false, yes/no, 1/0); no other option."""
        unknown = sorted(set(options) - {"colonies"})
        if unknown:
            raise ValueError(f"Terraforming Mars has no option {', '.join(unknown)} (it has: colonies)")
        value = str(options.get("colonies", "on" if self.colonies else "off")).lower()
        if value not in ON + OFF:
            raise ValueError(f"colonies={value!r}: expected on or off")
        return GAME_COLONIES if value in ON else GAME

    def setup(self, players: int, seed: int | str) -> TmSetup:
        self.check_players(players)
        return TmSetup(players, seed_int(seed), self.colonies)

    def new_game(self, deal: Deal) -> Any:
        """The deal's starting state: each seat chooses its corporation (of 2 dealt) in the first decision.
        The setup says whether it is a Colonies game (whichever TmGame dealt it)."""
        from gaia_ai.games.terraforming_mars.state import TmState

        return TmState.new(deal.setup.players, deal.setup.seed, colonies=deal.setup.colonies)

    def parse_move(self, text: str, state: Any = None) -> Any:
        """The TmMove a line names at `state` (setup, research and keep lines name cards of an offer, so
        every line is read against its position)."""
        from gaia_ai.games.terraforming_mars.errors import NotationError

        if state is None:
            raise NotationError(f"{text!r}: Terraforming Mars moves are read against a position (state)")
        return state.parse_move(text)

    def setup_to_data(self, setup: TmSetup) -> dict[str, Any]:
        return asdict(setup)

    def setup_from_data(self, data: dict[str, Any]) -> TmSetup:
        return TmSetup(int(data["players"]), int(data["seed"]), bool(data.get("colonies", False)))

    def searcher(self, config: Any) -> Any:
        """The information-set MCTS over the C interface, branching over the search moves (each one
        atomic move: searchmoves.pxi); playouts by policy.pxi, leaves valued by evaluate.pxi; the root
        pruned to the evaluation's best moves."""
        from gaia_ai.games.terraforming_mars.search import TmSearcher

        return TmSearcher(config)

    def model_file(self, version: str) -> Path | None:
        from gaia_ai.games.terraforming_mars import value_net
        from gaia_ai.search.config import NET_VERSION

        if not NET_VERSION.fullmatch(version):
            raise ValueError(f"{version!r} is not a model version of Terraforming Mars (a value network: n1, n2, ...)")
        return value_net.path(version)

    def train_value_net(self, games: int, seed: int, player: str | Sequence[str], version: str | None,
                        epochs: int | None = None, **options: Any) -> dict[str, Any]:
        """value_net.train: one --player (greedy by default, or an mcts spec) at every seat; options
        players (one count), workers, target ("final" or "margin"), detour (playout moves)."""
        from gaia_ai.games.terraforming_mars import value_net
        from gaia_ai.learn import correction
        from gaia_ai.learn.progress import progress_bars

        spec, players, options = correction.one_table("train --net --game terraforming-mars", player, options,
                                                      {"workers", "target", "detour"})
        with progress_bars() as progress:
            return value_net.train(games, seed, spec, version=version or value_net.VERSION,
                                   epochs=epochs or value_net.EPOCHS, players=players, progress=progress,
                                   **options)

    def add_position_arguments(self, group: argparse._ArgumentGroup) -> None:
        """--tm-view FILE; --observation FILE (Eminent Domain's option, read here as TM's observation) and
        --corpus FILE --game-id ID --move K (Gaia's options) name TM positions too."""
        group.add_argument("--tm-view", metavar="FILE",
                           help="Terraforming Mars: a player's view of a real game, the JSON the web app's "
                                "/api/player route sends that player; the hint answers the prompt shown")

    def position_options(self) -> tuple[str, ...]:
        return ("tm_view", "observation", "corpus")

    def recognises(self, document: Mapping[str, Any]) -> bool:
        """Our logs and observations (their "format"), a corpus record (its list of acts) and a player
        view of the web app (its thisPlayer and game)."""
        return (super().recognises(document) or isinstance(document.get("acts"), list)
                or ("thisPlayer" in document and "game" in document))

    def position_from_args(self, args: argparse.Namespace, allow_finished: bool = False) -> Any:
        """The position of --tm-view FILE (as its player knows it: the unseen cards one seeded sample that
        the search resamples), --observation FILE (one seat's terraforming-mars-observation/1) or --corpus
        FILE [--game-id ID] [--move K] (a corpus record before its action K)."""
        from gaia_ai.games.terraforming_mars.positions import from_args

        return from_args(args)

    def request_position(self, args: argparse.Namespace) -> Any:
        from gaia_ai.games.terraforming_mars.service import request_position

        return request_position(args)

    def load_played_game(self, path: str, game_id: str | None = None) -> Any:
        """A corpus record to review (review.py): every atomic decision is a log line."""
        from gaia_ai.games.terraforming_mars.review import load_played_game

        return load_played_game(path, game_id)

    def review_game(self, played: Any, players: Any = None, config: Any = None, lines: Any = None,
                    progress: Any = None, jobs: int = 1) -> Any:
        """Each decision searched from the seat's own observation then (review.py)."""
        from gaia_ai.games.terraforming_mars.review import review_game

        return review_game(played, players, config, lines, progress, jobs)

    def service_adapter(self) -> Any:
        from gaia_ai.games.terraforming_mars.service import TmAdapter

        return TmAdapter()

    def structured_state(self, state: Any, all_fields: bool = False) -> dict[str, Any]:
        """The observation of the seat to move (the seat that asks for suggestions); observation.py."""
        from gaia_ai.games.terraforming_mars.observation import observation_json

        return observation_json(state, max(state.current_player, 0))

    def make_bot(self, name: str, params: dict[str, str], spec: str) -> Any | None:
        """greedy[:seed=S,eval=nN]: one ply over the evaluation, or over the value network nN (bots.py). mcts-atomic[:PARAMS]: the mcts bot
        (the same search parameters) branching over every legal move instead of the search moves, the
        search before them, for comparison."""
        if name == "mcts-atomic":
            from gaia_ai.bots.mcts import MctsBot
            from gaia_ai.games.terraforming_mars.search import TmSearcher

            bot = MctsBot.from_params(params, spec, self)
            bot.searcher = TmSearcher(bot.config, atomic=True)
            return bot
        if name != "greedy":
            return None
        from gaia_ai.errors import BotSpecError
        from gaia_ai.games.terraforming_mars.bots import GreedyBot

        try:
            return GreedyBot(int(params.pop("seed", 0)), params.pop("eval", "heuristic"))
        except ValueError as e:
            raise BotSpecError(f"bad value in bot spec {spec!r}: {e}") from None

    def bot_names(self) -> tuple[str, ...]:
        return ("greedy", "mcts-atomic")

    def seeded_bots(self) -> tuple[str, ...]:
        # greedy: its ties and its determinization come from the seed; mcts-atomic: its playouts
        return ("greedy", "mcts-atomic")

    def recorder(self, deal: Deal) -> Recorder:
        return Recorder(deal.setup)

    def record(self, deal: Deal, lines: Any, scores: Any, game_id: str, *, final_board: Any = None,
               extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """A terraforming-mars-log/1 record (gamelog.py): the seed and the lines replay the game."""
        from gaia_ai.games.terraforming_mars.gamelog import record

        return record(deal.setup, lines, scores, game_id, extra)

    def replay(self, args: argparse.Namespace) -> int:
        from gaia_ai.games.terraforming_mars.replay import run_replay

        return run_replay(args.path, limit=args.limit, as_json=args.as_json)

    def bench(self, args: argparse.Namespace) -> int:
        from gaia_ai.games.benchutil import bench_argv
        from gaia_ai.games.terraforming_mars.bench import main

        return main(bench_argv(args) + (["--colonies"] if self.colonies else []))

    def paste_kinds(self) -> tuple[Any, ...]:
        """A player view of the app, an observation or a game log (pasted.py)."""
        from gaia_ai.games.terraforming_mars.pasted import KINDS

        return KINDS

    def read_position(self, text: str, name: str = "the pasted text", move: int | None = None) -> Any:
        from gaia_ai.games.terraforming_mars.pasted import position_from_text

        return position_from_text(text, name, move)

    def describe_moves(self, state: Any, moves: Any, players: Any = None) -> list[dict[str, Any]]:
        """Each step of a line in words (words.py): the card, the payment, the space, the project,
        milestone or award; at an imported player view's prompt the prompt's option title first."""
        from gaia_ai.games.terraforming_mars.words import describe_line

        return describe_line(state, moves, players, view=getattr(state, "view", None))

    def app_response(self, state: Any, moves: Any, players: Any = None) -> dict[str, Any] | None:
        """At a player view's prompt: the InputResponse the app's /player/input takes for the line's
        leading moves of the deciding seat (appresponse.py), with the moves it covers."""
        from gaia_ai.games.terraforming_mars.appresponse import suggestion_response

        return suggestion_response(state, moves, players)

    def live_app_client(self, url: str, player_ids: Any, bot: Any, **options: Any) -> Any:
        """The Terraforming Mars app's HTTP API (liveapp.py): /api/waitingfor, /api/player, /player/input."""
        from gaia_ai.games.terraforming_mars.liveapp import LiveAppClient

        return LiveAppClient(url, list(player_ids), bot, **options)

    def describe(self, state: Any) -> str:
        g = state.core.globals()
        corps = ", ".join(self.player_name(state, p) for p in range(state.num_players))
        who = "over" if state.is_terminal else f"p{state.current_player + 1} to decide"
        return (f"generation {g[0]}, {state.core.step}, {who}; {g[2]} °C, {g[3]}% oxygen, {g[4]} oceans; "
                f"{corps}")


GAME = TmGame()
GAME_COLONIES = TmGame(colonies=True)
