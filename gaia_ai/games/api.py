"""The protocol every game implements, so that everything above ``gaia_ai.games`` names no game.

A game package (``gaia_ai/games/<game>/``) provides one :class:`Game` object, registered by name in
``gaia_ai/games/registry.py``; its states follow :class:`State`. The layers above (bots, match,
tournament, review, suggest, service, replay, bench) ask the registry (``load_game(name)``) and talk to
these two protocols only. OpenSpiel's habit: the contract lives at the interface.

    from gaia_ai.games import load_game
    game = load_game("gaia-project")
    state = game.new_game(game.deal(2, seed=7))
    while not state.is_terminal:
        state.apply(state.legal_moves()[0])
    state.final_scores()

Contracts (each game's conformance suite, tests/games/test_conformance.py, checks them):
- ``legal_moves()`` lists the moves of the player to move in a fixed order for a given state; at least
  one unless the game is over, none once it is.
- ``apply(move)`` is all or nothing: an illegal move raises ``IllegalMoveError`` (gaia_ai.errors) naming
  the move and the reason, and leaves the state unchanged. ``undo()`` takes back the last apply().
- ``copy()`` is independent of the original (a move applied to one never shows in the other).
- ``str(move)`` is the move in the game's notation and ``game.parse_move(str(move), state)`` gives it back.
- ``search_moves()`` are what the search branches over; each expands to atomic moves that apply in turn.
- ``observation(seat)`` is everything ``seat`` can see; ``determinize(seat, seed)`` replaces what the
  seat cannot see by a sample consistent with it and leaves ``observation(seat)`` unchanged.
"""

from __future__ import annotations

import argparse
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from gaia_ai.errors import UnsupportedError

# a folder of learned models that are not in the package (a candidate generation just trained): a search
# may name its versions beside the shipped ones (`gaia-ai match --models DIR` sets it for its workers too)
MODELS_ENV = "GAIA_AI_MODELS"


@runtime_checkable
class Move(Protocol):
    """A move value: immutable, hashable, and ``str(move)`` is its notation."""

    def __str__(self) -> str: ...


@runtime_checkable
class State(Protocol):
    """A position of a game: mutable, cheap to copy."""

    @property
    def game(self) -> Game:
        """The game this state belongs to."""

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int:
        """Seat (0-based) whose decision it is; -1 once the game is over."""

    @property
    def is_terminal(self) -> bool: ...

    def legal_moves(self) -> list[Any]:
        """The atomic moves of the player to move, in a fixed order; [] once the game is over."""

    def apply(self, move: Any) -> None:
        """Apply a move (a move value or its notation); all or nothing, IllegalMoveError saying why."""

    def undo(self) -> None:
        """Take back the last apply()."""

    def copy(self) -> State: ...

    def final_scores(self) -> list[int] | None:
        """Each seat's final score once the game is over, else None."""

    def role(self, seat: int) -> str | None:
        """What the seat plays (a faction, a corporation), or None before it is chosen."""

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data, in the shape of the game's corpus snapshots."""

    def key(self) -> bytes:
        """The position's identity: equal keys, equal positions (the bytes of the C state)."""

    def search_moves(self) -> list[tuple[int, list[Any]]]:
        """The moves the search branches over, each with the atomic moves it stands for."""

    def observation(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` can see, as plain data (equal observations, same knowledge)."""

    def determinize(self, seat: int, seed: int) -> State:
        """A copy where what ``seat`` cannot see is replaced by a sample consistent with what it can."""


@runtime_checkable
class CoreSearchable(Protocol):
    """A state the game-agnostic search (gaia_ai.search.core) can run on: its search moves are its
    atomic moves, and it hands over its C game interface (src_cython/core/game.pxd)."""

    def search_interface(self) -> tuple[Any, Any, Any]:
        """(interface capsule, state capsule, owner): the game's interface table and a pointer to a
        private copy of this position, both valid while ``owner`` lives."""


@dataclass(frozen=True)
class Deal:
    """A fair starting point for bots: a game setup (map, tiles, decks: the game's own value, built from
    a seed) and the role each seat plays (factions, corporations; empty when the game deals none)."""

    setup: Any
    roles: tuple[str, ...] = ()
    seed: str = ""


@dataclass(frozen=True)
class PasteKind:
    """A kind of text a person can paste into the web page (``gaia-ai web``) for a game: what
    ``read_position`` answers as its ``kind``, a short label and how to get such a text, in words."""

    kind: str                 # "player view": the name read_position's result carries
    label: str                # "Your player view (the app's /api/player)"
    how: str                  # how to copy or make it, plain text for people
    log: bool = False         # a game log: read_position takes a cut (move=K), the page offers a slider


@dataclass(frozen=True)
class FormField:
    """One field of a position form (``Game.position_form``): where its value goes in the JSON the form
    builds, how a person enters it and what it means. kind: "number" (a whole number), "choice" (one of
    `choices`, (value, label) pairs whose values are JSON values), "cards" (a count, or names with counts:
    "survey x2, colonize" gives {"survey": 2, "colonize": 1}), "list" (names separated by commas), "json"
    (any JSON value, e.g. a list of objects). An empty field is left out (the format's default)."""

    path: str                               # "turn.decision"; "seats.{seat}.hand" in PositionForm.seat_fields
    label: str
    kind: str = "number"
    choices: tuple[tuple[Any, str], ...] = ()
    default: Any = None                     # what the field shows at first (None: empty)
    help: str = ""
    seat_defaults: tuple[Any, ...] = ()     # a seat field's default for seat 0, 1, ... (then `default`)


@dataclass(frozen=True)
class PositionForm:
    """A form a person fills in to enter a position no app exports (the web page): the JSON it builds
    (`fixed`, then each field's value at its path) is text that ``read_position`` reads. seat_fields
    repeat for each seat (their path and label say {seat} for the seat's index and {p} for p1, p2, ...),
    for as many seats as the value at `players_path` says (at most `max_players`)."""

    title: str
    intro: str
    fixed: dict[str, Any]
    fields: tuple[tuple[str, tuple[FormField, ...]], ...]   # (heading, fields) groups
    seat_fields: tuple[FormField, ...] = ()
    players_path: str = "players"
    max_players: int = 4


@dataclass(frozen=True)
class GameInfo:
    """What a front end shows about a game before it has a state."""

    name: str                       # the registry name: "gaia-project"
    title: str                      # "Gaia Project"
    player_counts: tuple[int, ...]  # the table sizes the rules allow
    role_name: str = "role"         # what a seat plays: "faction", "corporation"
    hidden_information: bool = False
    options: dict[str, str] = field(default_factory=dict)   # the variants the engine models
    # the "format" values of the files the game reads (a game log, an observation): a file naming one
    # selects the game (Game.recognises)
    formats: tuple[str, ...] = ()
    pictures: tuple[str, ...] = ()   # the picture formats Game.draw writes ("png", "svg"); () for none yet
    notation_doc: str = "docs/notation.md"   # where a player reads the game's move notation


class Game(ABC):
    """A game behind the toolkit: rules, notation and the game-specific plug-ins the generic layers use.

    A plug-in a game does not offer (yet) raises UnsupportedError naming the game and the tool, so a
    command says so at once instead of failing later."""

    info: GameInfo

    @property
    def name(self) -> str:
        return self.info.name

    # ---- rules -------------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, seed: int | str) -> Any:
        """A seeded setup for `players` seats (map, tiles, decks: the game's own value)."""

    def roles(self) -> tuple[str, ...]:
        """Everything a seat can play (factions, corporations); () when seats play no role."""
        return ()

    def draw_roles(self, rng: random.Random, players: int) -> tuple[str, ...]:
        """A fair draw of one role per seat; () when the game deals roles itself."""
        return ()

    def check_roles(self, roles: Sequence[str]) -> None:
        """ValueError naming the role at fault unless these roles can sit at one table."""
        if roles:
            raise ValueError(f"{self.info.title} deals no roles, but {', '.join(roles)} were given")

    def with_options(self, options: Mapping[str, str]) -> Game:
        """The game with variant options chosen (e.g. ``{"colonies": "on"}``; the keys of
        ``info.options`` a game lets players choose): its setups and deals then use them. ValueError
        naming an option the game does not have or a value it does not take."""
        if options:
            raise ValueError(f"{self.info.title} has no options to choose ({', '.join(sorted(options))} given)")
        return self

    def deal(self, players: int, seed: int | str) -> Deal:
        """A setup and a fair draw of roles for `players` seats, from the seed alone (same seed, same deal)."""
        return Deal(self.setup(players, seed), self.draw_roles(random.Random(f"roles-{seed}"), players), str(seed))

    @abstractmethod
    def new_game(self, deal: Deal) -> State:
        """The starting state of a deal, its roles already taken by the seats (for bots and matches)."""

    @abstractmethod
    def parse_move(self, text: str, state: State | None = None) -> Any:
        """The move a notation string names (NotationError otherwise)."""

    def format_move(self, move: Any) -> str:
        return str(move)

    def setup_to_data(self, setup: Any) -> dict[str, Any]:
        """A setup as plain JSON data (stored with tournament games)."""
        raise UnsupportedError(f"{self.info.title}: setups cannot be stored yet")

    def setup_from_data(self, data: dict[str, Any]) -> Any:
        """The inverse of setup_to_data."""
        raise UnsupportedError(f"{self.info.title}: setups cannot be stored yet")

    def check_players(self, players: int) -> None:
        if players not in self.info.player_counts:
            counts = [str(n) for n in self.info.player_counts]
            allowed = counts[0] if len(counts) == 1 else f"{', '.join(counts[:-1])} or {counts[-1]}"
            raise ValueError(f"{self.info.title} is played by {allowed} players, not {players}")

    # ---- plug-ins of the generic layers (imported lazily by each game) -------------------------------
    def hint_search(self) -> dict[str, Any]:
        """The SearchConfig fields of the search that answers a hint (`gaia-ai suggest` without --config,
        the service, the web page) where the request leaves them: the strongest search measured for the
        game at equal time. {} (the default): SearchConfig's own defaults. Bot specs (`mcts:...`) start
        from SearchConfig's defaults, not from these."""
        return {}

    @abstractmethod
    def searcher(self, config: Any) -> Any:
        """An object with ``search(state, *, cancel=None, top_k=None) -> SearchResult`` (see
        gaia_ai.search.core.SearchResult) that keeps its tree between consecutive decisions of one game."""

    def search(self, state: State, config: Any, **kwargs: Any) -> Any:
        """One search of state's decision in a fresh tree."""
        return self.searcher(config).search(state, **kwargs)

    def make_bot(self, name: str, params: dict[str, str], spec: str) -> Any | None:
        """The game's own bot of that name (e.g. greedy over its evaluation), or None if it has none."""
        return None

    def bot_names(self) -> tuple[str, ...]:
        """The names of the game's own bots (for error messages)."""
        return ()

    def seeded_bots(self) -> tuple[str, ...]:
        """The game's own bots whose spec takes ``seed=N`` (the tournament gives each game its own)."""
        return ()

    def recorder(self, deal: Deal) -> Any:
        """A move log over a new game of the deal (``new_game(deal)``, the role picks logged):
        ``state`` the game, ``apply(move)`` plays and records, ``lines`` the notation lines, ``commands``
        the count of atomic moves played, ``close()`` ends the line in progress."""
        raise UnsupportedError(f"{self.info.title}: no game log recorder yet")

    def record(self, deal: Deal, lines: Sequence[str], scores: Sequence[int], game_id: str, *,
               final_board: Any = None, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """A played game as a record of the game's corpus format (what its replay judges); final_board:
        the board it ended with, checked by the replay; extra: keys added to the record."""
        raise UnsupportedError(f"{self.info.title}: no game record format yet")

    def load_played_game(self, path: str, game_id: str | None = None) -> Any:
        """A played game to review, from a file (or a game of a corpus file, by id): an object with
        ``game_id``, ``lines`` (its log) and ``players()`` (gaia_ai.review.model.Player per seat)."""
        raise UnsupportedError(f"{self.info.title}: no game review yet")

    def review_game(self, played: Any, players: Any = None, config: Any = None, lines: Any = None,
                    progress: Any = None, jobs: int = 1) -> Any:
        """The review (gaia_ai.review.model.Review) of `players`' decisions in log lines lines[0]..lines[1]-1,
        `jobs` decisions evaluated at once (on as many processes: gaia_ai.review.jobs)."""
        raise UnsupportedError(f"{self.info.title}: no game review yet")

    def train_value(self, games: int, seed: int, player: str | Sequence[str], version: str | None) -> dict[str, Any]:
        """A learned position value fitted on `games` self-play games (``gaia-ai train``): a JSON-able
        model document labelled `version` (None: the game's default label), the same for the same
        arguments."""
        raise UnsupportedError(f"{self.info.title}: no learned value yet")

    def train_value_net(self, games: int, seed: int, player: str | Sequence[str], version: str | None,
                        epochs: int | None = None, **options: Any) -> dict[str, Any]:
        """A value network fitted on `games` self-play games (``gaia-ai train --net``), as train_value;
        epochs None: the game's default; options: the game's own (Gaia: players, explore, workers,
        seconds, data; gaia_ai.games.gaia.value_net.train). A progress bar on standard error."""
        raise UnsupportedError(f"{self.info.title}: no value network yet")

    def train_value_net_from_data(self, files: Sequence[str], seed: int, version: str | None,
                                  epochs: int | None = None, buffer: int | None = None,
                                  base: str | None = None) -> dict[str, Any]:
        """A value network fitted on the self-play games earlier runs saved to `files` (``gaia-ai train
        --net --from-data``), the newest `buffer` of them (None: all), without playing; the same for the
        same files and arguments. base: a shipped linear value the network corrects (``--base``)."""
        raise UnsupportedError(f"{self.info.title}: no value network yet")

    def model_file(self, version: str) -> Path | None:
        """The file a search loads for the learned model `version` (e.g. Gaia's "n2"): the package's own,
        else one in the folder MODELS_ENV names; None when the game has no learned models (``gaia-ai
        train --gate`` checks with it that the candidate it plays is the file just written)."""
        return None

    def train_policy(self, games: int, seed: int, teacher: str | None, version: str | None,
                     workers: int = 1) -> dict[str, Any]:
        """A learned move prior fitted on the root visits of `games` self-play games of the search
        `teacher` (None: the game's default) (``gaia-ai train --policy``), as train_value; workers only
        spreads the games over processes."""
        raise UnsupportedError(f"{self.info.title}: no learned move prior yet")

    def train_policy_head(self, files: Sequence[str], version: str | None, trunk: str | None = None,
                          base: str | None = None) -> dict[str, Any]:
        """A move prior with a policy head, fitted on the root visits of the self-play games earlier runs
        saved to `files` (``gaia-ai train --policy --from-data``), over the trunk of the value network
        `trunk` and correcting the prior `base` (None: the game's defaults); the same for the same files."""
        raise UnsupportedError(f"{self.info.title}: no policy head yet")

    def service_adapter(self) -> Any:
        """The service's adapter (decode a posted position, suggest, validate), or None."""
        return None

    # ---- command-line hooks -------------------------------------------------------------------------
    def add_position_arguments(self, group: argparse._ArgumentGroup) -> None:
        """Options that name a position of this game (suggest, export-state); none by default."""

    def position_options(self) -> tuple[str, ...]:
        """The position options (argparse dests) position_from_args reads: those add_position_arguments
        adds by default; a game that also reads another game's option (a shared --corpus) says so."""
        group = argparse.ArgumentParser(add_help=False).add_argument_group()
        self.add_position_arguments(group)
        return tuple(action.dest for action in group._group_actions)

    def recognises(self, document: Mapping[str, Any]) -> bool:
        """Whether a file's first JSON object is one of this game's documents (a game log, an
        observation, a record): by default, its "format" is one of info.formats."""
        return document.get("format") in self.info.formats

    def position_from_args(self, args: argparse.Namespace, allow_finished: bool = False) -> State:
        """The position named by this game's options of add_position_arguments."""
        raise UnsupportedError(f"{self.info.title}: no command-line positions yet")

    def request_position(self, args: argparse.Namespace) -> Any:
        """The position named by the options, as the service's Position message (sent unchecked)."""
        raise UnsupportedError(f"{self.info.title}: no service positions yet")

    def describe(self, state: State) -> str:
        """One line about a position: round or generation, whose decision, the roles."""
        return repr(state)

    def structured_state(self, state: State, all_fields: bool = False) -> dict[str, Any]:
        """The state as the game's structured JSON (its proto message in protobuf's JSON mapping)."""
        raise UnsupportedError(f"{self.info.title}: no structured state yet")

    # ---- output for people (docs/notation.md, gaia-ai web) -------------------------------------------
    def player_name(self, state: State, seat: int) -> str:
        """How a seat is named to a person: "p2 terrans" (seats from 1, then the role when chosen)."""
        role = state.role(seat)
        return f"p{seat + 1} {role}" if role else f"p{seat + 1}"

    def describe_moves(self, state: State, moves: Sequence[Any], players: Sequence[int] | None = None
                       ) -> list[dict[str, Any]]:
        """Each move of a line in plain words, the moves applied in turn to a copy of state (players[i]
        plays moves[i]; default whose decision it is): dicts with "player" (seat from 1), "who"
        (player_name), "notation" and "words". The list stops at a move the position does not allow."""
        raise UnsupportedError(f"{self.info.title}: no moves in words yet")

    def app_response(self, state: State, moves: Sequence[Any], players: Sequence[int] | None = None
                     ) -> dict[str, Any] | None:
        """The answer the game's web app takes for the prompt `state` was imported at, from a suggestion's
        line (`moves`, `players[i]` plays moves[i]): {"response": the app's JSON answer, "moves": the
        line's moves it covers, in notation}; None for a game or position without an app answer."""
        return None

    def live_app_client(self, url: str, player_ids: Sequence[str], bot: Any, **options: Any) -> Any:
        """A client that plays the seats `player_ids` of a live game on the game's web app server at
        `url` with `bot` (``gaia-ai play``): an object with ``run() -> [seat stats]`` (each with
        player_id, color, decisions, refused, fallbacks, finished). options: log (a callable taking one
        line), poll (seconds), max_decisions."""
        raise UnsupportedError(f"{self.info.title}: no live web app client")

    def draw(self, state: State, fmt: str = "png", moves: Sequence[Any] = (), player: int | None = None,
             title: str | None = None) -> bytes:
        """A picture of the position ("png" or "svg") with `moves` (of `player`) drawn on it."""
        raise UnsupportedError(f"{self.info.title}: no board picture yet")

    def paste_kinds(self) -> tuple[PasteKind, ...]:
        """What read_position accepts, in the order a front end lists it (the web page's instructions);
        () for a game that reads no pasted text yet."""
        return ()

    def read_position(self, text: str, name: str = "the pasted text", move: int | None = None) -> Any:
        """A position from text a person pastes (one of paste_kinds: an export, a log, a view, an
        observation): an object with ``kind`` (what the text was), ``state``, ``request_position()`` (the
        service's Position message of that position), ``moves`` (a log's number of moves, None for
        a text that is not a log) and ``move`` (the cut used: the position after the log's first
        ``move`` moves; all of them when move is None). ToolkitError or ValueError naming `name` and
        what is wrong otherwise."""
        raise UnsupportedError(f"{self.info.title}: no pasted positions yet")

    def position_form(self) -> PositionForm | None:
        """A form to enter a position by hand (for a game no app exports), or None (the default)."""
        return None

    def hint_details(self, state: State, candidate: Any) -> dict[str, Any]:
        """Fields a hint carries beside its line for a person's front end (``gaia-ai web``), e.g. the
        answer in a real app's own input format (``app_response``); {} by default. candidate: one of a
        SearchResult's candidates for state's decision. By default the game's app answer (its
        ``app_response(state, moves, players)``, where the game has one) of the candidate's line."""
        app = getattr(self, "app_response", None)
        found = app(state, candidate.pv, candidate.pv_players) if app is not None else None
        return {} if not found else {"app_response": found["response"], "app_moves": list(found["moves"])}

    def replay(self, args: argparse.Namespace) -> int:
        """``gaia-ai replay --game NAME PATH``: judge the rules engine on recorded games; exit status."""
        raise UnsupportedError(f"{self.info.title}: no replay judge yet")

    def bench(self, args: argparse.Namespace) -> int:
        """``gaia-ai bench engine --game NAME``: the rules core's speed figures; exit status."""
        raise UnsupportedError(f"{self.info.title}: no engine bench yet")


def ranks_of(scores: Sequence[float]) -> list[int]:
    """Rank of each seat, 1 = best; tied seats share the better rank."""
    return [1 + sum(other > v for other in scores) for v in scores]
