"""Gaia Project behind the toolkit's game protocol (gaia_ai.games.api): the object the registry returns
for "gaia-project". Everything Gaia-specific that the generic layers need (deals, bots, search, the
service adapter, command-line positions, replay, bench) is reached from here, imported on first use."""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gaia_ai.games.api import Deal, Game, GameInfo, PasteKind
from gaia_ai.games.gaia.errors import GaiaError, SetupError
from gaia_ai.learn.progress import progress_bars

# the rules core (and what imports it) is loaded on first use: naming the game costs nothing


def factions() -> tuple[str, ...]:
    """The 14 factions in the core's order: pairs sharing a home planet."""
    from gaia_ai.games.gaia.engine import FACTIONS

    return FACTIONS


def home(faction: str) -> int:
    """The home planet (index) of a faction: factions come in pairs sharing one."""
    return factions().index(faction) // 2


def draw_factions(rng: random.Random, players: int) -> list[str]:
    """Distinct factions with distinct home planets."""
    names = factions()
    chosen: list[str] = []
    for faction in rng.sample(names, len(names)):
        if all(home(faction) != home(f) for f in chosen):
            chosen.append(faction)
        if len(chosen) == players:
            return chosen
    raise AssertionError("unreachable: 7 home planets for at most 4 players")


def check_factions(chosen: Sequence[str]) -> None:
    """SetupError unless the factions exist and have distinct home planets."""
    for faction in chosen:
        if faction not in factions():
            raise SetupError(f"unknown faction {faction!r} (one of {', '.join(factions())})")
    homes = [home(f) for f in chosen]
    if len(set(homes)) != len(homes):
        raise SetupError(f"factions {', '.join(chosen)}: two have the same home planet")


HINT_SEARCH = {"evaluator": "n2", "selection": "puct", "prior": "policy", "c_puct": 0.75, "fpu_reduction": 0.2,
               "leaf_mix": 0.5, "leaf_mix_per_doubling": -0.1}


class GaiaGame(Game):
    """The registry's object; ``with_options`` gives the one with boardgamers.space's variants chosen:
    ``{"factions": "beta"}`` deals games on the beta faction boards, ``{"auction": "choose-bid"}`` (or
    ``"bid-while-choosing"``) lets the players pick and bid for their factions instead of dealing them
    (``gaia-ai match --option factions=beta --option auction=choose-bid``)."""

    def __init__(self, faction_variant: str = "standard", auction: str | None = None) -> None:
        self.faction_variant = faction_variant
        self.auction = auction
        self.info = GameInfo(
            name="gaia-project",
            title="Gaia Project",
            player_counts=(2, 3, 4),
            role_name="faction",
            hidden_information=False,
            pictures=("png", "svg"),   # render.py
            options={"layout": "standard",
                     "factions": ("beta (boardgamers.space's beta boards, version 2: more starting income for "
                                  "eight factions)" if faction_variant == "beta"
                                  else "standard (choose with factions=beta: the beta boards)"),
                     "auction": (f"{auction} (the players pick and bid for their factions, the bids paid in VP)"
                                 if auction else "off (factions dealt; choose with auction=choose-bid or "
                                                 "auction=bid-while-choosing)")},
        )

    def with_options(self, options: Mapping[str, str]) -> GaiaGame:
        """factions=standard|beta, auction=off|choose-bid|bid-while-choosing; an option not given keeps
        this game's."""
        from gaia_ai.games.gaia.variants import AUCTION_MODES, FACTION_VARIANTS

        unknown = sorted(set(options) - {"factions", "auction"})
        if unknown:
            raise ValueError(f"Gaia Project has no option {', '.join(unknown)} (it has: factions, auction)")
        variant = str(options.get("factions", self.faction_variant)).lower()
        if variant not in FACTION_VARIANTS:
            raise ValueError(f"factions={variant!r}: expected {' or '.join(FACTION_VARIANTS)}")
        auction = str(options.get("auction", self.auction or "off")).lower()
        if auction not in ("off", *AUCTION_MODES):
            raise ValueError(f"auction={auction!r}: expected off, {' or '.join(AUCTION_MODES)}")
        return gaia_game(variant, None if auction == "off" else auction)

    # ---- rules -------------------------------------------------------------------------------------
    def setup(self, players: int, seed: int | str) -> Any:
        """A random map, tile and booster draw for `players` (a GameSetup), from the seed, with this
        game's variants."""
        from gaia_ai.games.gaia.setup import GameSetup
        from gaia_ai.games.gaia.variants import BETA_VERSIONS, GameOptions

        self.check_players(players)
        beta = self.faction_variant == "beta"
        options = GameOptions(auction=self.auction, faction_variant=self.faction_variant,
                              faction_variant_version=BETA_VERSIONS[-1] if beta else 0)
        return GameSetup.random(players, str(seed), options)

    def roles(self) -> tuple[str, ...]:
        return factions()

    def draw_roles(self, rng: random.Random, players: int) -> tuple[str, ...]:
        """A fair draw of factions; none in an auction game (its players pick them)."""
        return () if self.auction else tuple(draw_factions(rng, players))

    def check_roles(self, roles: Sequence[str]) -> None:
        if roles and self.auction:
            raise ValueError(f"an auction game's players pick and bid for their factions: "
                             f"{', '.join(roles)} cannot be given")
        check_factions(roles)

    def new_game(self, deal: Deal) -> Any:
        return self.recorder(deal).state

    def parse_move(self, text: str, state: Any = None) -> Any:
        from gaia_ai.games.gaia.notation import Command

        return Command.parse(text)

    def setup_to_data(self, setup: Any) -> dict[str, Any]:
        return setup.to_dict()

    def setup_from_data(self, data: dict[str, Any]) -> Any:
        from gaia_ai.games.gaia.setup import GameSetup

        return GameSetup.from_dict(data)

    def recorder(self, deal: Deal) -> Any:
        """A LogRecorder over a new game of the deal, the faction picks already played and logged (an auction
        game's players pick and bid in play)."""
        from gaia_ai.games.gaia.engine import GaiaState
        from gaia_ai.games.gaia.gamelog import LogRecorder

        log = LogRecorder(GaiaState.new(deal.setup))
        for faction in deal.roles:
            log.apply(f"faction {faction}")
        return log

    def record(self, deal: Deal, lines: Sequence[str], scores: Sequence[int], game_id: str,
               final_board: Any = None, extra: Any = None) -> dict[str, Any]:
        from gaia_ai.games.gaia.gamelog import corpus_record

        return corpus_record(game_id, deal.setup, lines, final_vp=scores, final_board=final_board, extra=extra)

    # ---- search and bots ----------------------------------------------------------------------------
    def hint_search(self) -> dict[str, Any]:
        """examples/search-strong.toml's search: rollouts to the end, PUCT with the learned move prior
        (policy p3: p1, distilled from the search's visits, with a head over n2's trunk) and first-play
        urgency, a leaf half learned value, half rollout at 400 simulations, the learned part 0.1 less a
        doubling of the budget above (0.3 at 1600). At 400 simulations each it beat the same search with the value prior in 68.5 of 100
        2-player games (+8.8 VP), which beat the plain default (UCT, rollouts) in 70.8% of 250; at 1600
        the falling weight made +7.0 VP a deal more than a fixed half (docs/value-analysis.md). The learned
        value is the network n2 (v1's recipe refitted on the search's own games and a network's
        correction): against the same search with v1 it won 63.5% of 200 2-player games at 400
        simulations, 64% of 100 at 300 ms a move, and alone at a 3-player table of it 47% of 99 (fair
        share 33%; docs/search.md, "A base the network corrects: n2"). With p3 as well, it beat the search
        with p1 and v1 in 70.8% of 200 2-player games at 400 simulations and 65.0% of 100 at 300 ms a move
        (docs/search.md, "A policy head"; p2, the head before, 70.5% and 67.5%)."""
        return dict(HINT_SEARCH)

    def searcher(self, config: Any) -> Any:
        from gaia_ai.games.gaia.search import GaiaSearcher

        return GaiaSearcher(config)

    def search(self, state: Any, config: Any, **kwargs: Any) -> Any:
        from gaia_ai.games.gaia.search import search_gaia

        return search_gaia(state, config, **kwargs)

    def make_bot(self, name: str, params: dict[str, str], spec: str) -> Any | None:
        if name == "greedy":
            from gaia_ai.games.gaia.bots import GreedyBot

            return GreedyBot()
        if name == "mcts-fed":
            from gaia_ai.games.gaia.bots import FederationModeBot

            return FederationModeBot.from_spec(params, spec, self)
        return None

    def bot_names(self) -> tuple[str, ...]:
        return ("greedy", "mcts-fed")

    def seeded_bots(self) -> tuple[str, ...]:
        return ("mcts-fed",)

    def load_played_game(self, path: str, game_id: str | None = None) -> Any:
        from gaia_ai.games.gaia.review_game import load_game

        return load_game(path, game_id)

    def review_game(self, played: Any, players: Any = None, config: Any = None, lines: Any = None,
                    progress: Any = None, jobs: int = 1) -> Any:
        from gaia_ai.games.gaia.review import review_game

        return review_game(played, players, config, lines, progress, jobs)

    def service_adapter(self) -> Any:
        from gaia_ai.games.gaia.service import GaiaAdapter

        return GaiaAdapter()

    # ---- command line -------------------------------------------------------------------------------
    def add_position_arguments(self, group: argparse._ArgumentGroup) -> None:
        group.add_argument("--bgs", metavar="FILE",
                           help="Gaia: a boardgamers.space game export (JSON) of a game in progress")
        group.add_argument("--corpus", metavar="FILE",
                           help="a corpus file (gzip JSONL) of Gaia Project or Terraforming Mars; with "
                                "--game-id and --move")
        group.add_argument("--demo", action="store_true", help="Gaia: the position shipped with the package")
        group.add_argument("--state", metavar="FILE",
                           help="Gaia: a structured game state (GaiaGameState JSON, e.g. from "
                                "'gaia-ai export-state')")

    def position_from_args(self, args: argparse.Namespace, allow_finished: bool = False) -> Any:
        """The GaiaState named by --demo, --bgs, --state or --corpus/--game-id/--move."""
        from gaia_ai.games.gaia import positions

        if getattr(args, "demo", False):
            return positions.demo()
        if getattr(args, "bgs", None):
            return positions.from_bgs(args.bgs, allow_finished=allow_finished)
        if getattr(args, "state", None):
            return positions.from_state_file(args.state)
        if getattr(args, "corpus", None):
            if args.game_id is None or args.move is None:
                raise GaiaError("--corpus needs --game-id ID and --move K")
            return positions.from_corpus(args.corpus, args.game_id, args.move)
        raise GaiaError("no position given: one of --demo, --bgs FILE, --state FILE, --corpus FILE")

    def request_position(self, args: argparse.Namespace) -> Any:
        from gaia_ai.games.gaia.service import position_from_args

        return position_from_args(args)

    def describe(self, state: Any) -> str:
        """"round 3, move phase; p1 hadsch-hallas, p2 terrans" (the factions once picked)."""
        names = ", ".join(f"p{p + 1} {f}" if (f := state.faction(p)) else f"p{p + 1}"
                          for p in range(state.num_players))
        return f"round {state.round}, {state.phase} phase; {names}"

    def structured_state(self, state: Any, all_fields: bool = False) -> dict[str, Any]:
        from gaia_ai.games.gaia.structured import state_to_json

        return state_to_json(state, all_fields=all_fields)

    def describe_moves(self, state: Any, moves: Sequence[Any], players: Sequence[int] | None = None
                       ) -> list[dict[str, Any]]:
        from gaia_ai.games.gaia.words import describe_line

        commands = [self.parse_move(m, state) if isinstance(m, str) else m for m in moves]
        return [step.to_dict() for step in describe_line(state, commands, players)]

    def draw(self, state: Any, fmt: str = "png", moves: Sequence[Any] = (), player: int | None = None,
             title: str | None = None) -> bytes:
        from gaia_ai.games.gaia.render import render_board

        commands = [self.parse_move(m, state) if isinstance(m, str) else m for m in moves]
        return render_board(state, fmt=fmt, move=commands, player=player, title=title)

    def paste_kinds(self) -> tuple[PasteKind, ...]:
        return (
            PasteKind("boardgamers.space export", "A boardgamers.space export (JSON)",
                      "Open the game on boardgamers.space and save its game data as a JSON file (the game page's "
                      "menu); it holds options, players and moveHistory at its top level. A game in progress or "
                      "a finished one: the slider picks the position after K lines of its moveHistory.",
                      log=True),
            PasteKind("game log", "A game log (setup, seed, nbPlayers, moveHistory)",
                      "One record of a corpus file (a line of tests/data/corpus-sample.jsonl.gz, unzipped); the "
                      "slider picks the position after K lines of its moveHistory.", log=True),
            PasteKind("structured state", "A structured state (GaiaGameState JSON)",
                      "What 'gaia-ai export-state' writes: one position, no moves."),
        )

    def read_position(self, text: str, name: str = "the pasted text", move: int | None = None) -> Any:
        from gaia_ai.games.gaia.pasted import position_from_text

        return position_from_text(text, name, move)

    def replay(self, args: argparse.Namespace) -> int:
        from gaia_ai.games.gaia.replay import run_replay_cli

        return run_replay_cli(args.path, limit=args.limit, as_json=args.as_json)

    # the default labels are the first shipped models' (v1, p1), so that their recipes in docs/search.md
    # reproduce the shipped files byte for byte
    def train_value(self, games: int, seed: int, player: str | Sequence[str], version: str | None) -> dict[str, Any]:
        from gaia_ai.games.gaia import value

        return value.train(games, seed, player, version=version or "v1")

    def train_value_net(self, games: int, seed: int, player: str | Sequence[str], version: str | None,
                        epochs: int | None = None, **options: Any) -> dict[str, Any]:
        from gaia_ai.games.gaia import value_net

        if "target" in options or "detour" in options:
            raise ValueError("no --target, --detour for Gaia (they are for a network that corrects a heuristic): "
                             "Gaia's network learns the VP still to gain on its self-play games' own positions")
        with progress_bars() as progress:
            return value_net.train(games, seed, player, version=version or value_net.VERSION,
                                   epochs=epochs or value_net.EPOCHS, progress=progress, **options)

    def train_value_net_from_data(self, files: Sequence[str], seed: int, version: str | None,
                                  epochs: int | None = None, buffer: int | None = None,
                                  base: str | None = None) -> dict[str, Any]:
        from gaia_ai.games.gaia import value_net

        with progress_bars() as progress:
            return value_net.train_from_data(files, seed, buffer=buffer, version=version or value_net.VERSION,
                                             epochs=epochs or value_net.EPOCHS, base=base, progress=progress)

    def model_file(self, version: str) -> Path | None:
        from gaia_ai.games.gaia import policy, value, value_net

        kinds = {"v": value.MODELS, "n": value_net.MODELS, "p": policy.MODELS}
        if not re.fullmatch(r"[vnp]\d+", version):
            raise ValueError(f"{version!r} is not a model version of Gaia Project (v1, n2, p1, ...)")
        return kinds[version[0]].path(version)

    def train_policy(self, games: int, seed: int, teacher: str | None, version: str | None,
                     workers: int = 1) -> dict[str, Any]:
        from gaia_ai.games.gaia import policy

        return policy.train(games, seed, teacher or policy.TEACHER, version=version or "p1", workers=workers)

    def train_policy_head(self, files: Sequence[str], version: str | None, trunk: str | None = None,
                          base: str | None = None) -> dict[str, Any]:
        from gaia_ai.games.gaia import policy_head

        if version is None:
            raise ValueError("train --policy --from-data: name the new policy's --version (p2, p3, ...)")
        return policy_head.train_from_data(files, version=version, trunk=trunk or policy_head.TRUNK, base=base,
                                           progress=lambda line: print(line, file=sys.stderr))

    def bench(self, args: argparse.Namespace) -> int:
        from gaia_ai.games.gaia.bench import run_bench_cli

        if self is not GAME:
            # the variants change a starting income or the faction picks only: the engine's speed is the standard game's
            raise ValueError("the engine bench plays the standard game (factions=beta and the auction change "
                             "only the start, not the engine's speed): drop the --option")

        return run_bench_cli(players=args.players, seconds=args.seconds, repeats=args.repeats, seed=args.seed,
                             as_json=args.as_json, corpus=args.corpus)


_GAMES: dict[tuple[str, str | None], GaiaGame] = {}


def gaia_game(faction_variant: str = "standard", auction: str | None = None) -> GaiaGame:
    """The one game object of these variants (``with_options`` and a state's ``game`` answer it)."""
    key = (faction_variant, auction)
    if key not in _GAMES:
        _GAMES[key] = GaiaGame(faction_variant, auction)
    return _GAMES[key]


GAME = gaia_game()
