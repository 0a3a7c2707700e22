"""Tournament settings: a TOML file and/or command-line flags, validated with errors naming the key.

Two kinds of settings: those that define the games (bots, players, format, factions, seatings,
seed, games, the game and its variant options) and those that only say how to run them (db, backend, workers, address). The first
kind is fingerprinted in the database so a re-run resumes the same tournament; ``games`` may grow
(more deals are appended to the schedule) without changing the games already played.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from gaia_ai.bots.base import make_bot
from gaia_ai.cores import usable_cores
from gaia_ai.errors import BotSpecError, ToolkitError
from gaia_ai.games.api import Game
from gaia_ai.games.registry import DEFAULT_GAME, game_names, load_game

FORMATS = ("round-robin", "gauntlet")
SEATINGS = ("rotate", "all")
BACKENDS = ("local", "ray")
GAME_KEYS = ("name", "game", "options", "bots", "players", "games", "format", "challenger", "factions", "seatings",
             "seed")
RUN_KEYS = ("db", "backend", "workers", "address")
KNOWN_KEYS = GAME_KEYS + RUN_KEYS


class TournamentConfigError(ToolkitError, ValueError):
    """A tournament setting is missing, unknown or has a bad value (the message names it)."""


Fail = Callable[[str, str], TournamentConfigError]   # (setting, problem) -> the error naming it


@dataclass(frozen=True)
class BotEntry:
    """A contestant: ``name`` labels it in ratings and reports, ``spec`` builds it (see make_bot)."""

    name: str
    spec: str


@dataclass(frozen=True)
class TournamentConfig:
    """What games a tournament plays. ``factions`` None: drawn per deal; ``challenger``: the
    gauntlet's bot facing the field."""

    bots: tuple[BotEntry, ...]
    players: int = 2
    games: int = 12
    format: str = "round-robin"
    challenger: str | None = None
    factions: tuple[str, ...] | None = None
    seatings: str = "rotate"
    seed: int = 0
    name: str = "tournament"
    game: str = DEFAULT_GAME
    options: tuple[tuple[str, str], ...] = ()   # the game's variant (Game.with_options), sorted by key

    def content(self) -> dict[str, Any]:
        """The settings that define each game (all but ``games``, which only extends the schedule)."""
        data = asdict(self)
        del data["games"]
        if not self.options:
            del data["options"]               # so tournaments stored before options keep their fingerprint
        return json.loads(json.dumps(data))   # tuples -> lists, as read back from the database

    def rules(self) -> Game:
        """The game played, with its options chosen."""
        return load_game(self.game).with_options(dict(self.options))

    def fingerprint(self) -> str:
        return fingerprint_of(self.content())


def fingerprint_of(content: Mapping[str, Any]) -> str:
    """The fingerprint stored with a tournament: a hash of the settings that define its games."""
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class RunOptions:
    """How to run the games: where results go and on what."""

    db: Path
    backend: str = "local"
    workers: int = 1
    address: str | None = None


def default_workers() -> int:
    """The CPUs this process may use."""
    return usable_cores()


def read_toml(path: str | Path) -> dict[str, Any]:
    """The settings of a TOML file; TournamentConfigError when it cannot be read or parsed."""
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise TournamentConfigError(f"config file {p} does not exist") from None
    except (OSError, UnicodeDecodeError) as e:
        raise TournamentConfigError(f"cannot read config file {p}: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise TournamentConfigError(f"{p} is not valid TOML: {e}") from None


def load_config(path: str | Path | None = None, flags: Mapping[str, Any] | None = None,
                ) -> tuple[TournamentConfig, RunOptions]:
    """Settings from the TOML file at ``path`` (if any), each overridden by a flag given (not None).

    Relative ``db`` paths in the file are relative to the file's folder; the default database is
    the file's path with the suffix ``.sqlite`` (``tournament.sqlite`` without a file)."""
    data: dict[str, Any] = {}
    origin: dict[str, str] = {}
    if path is not None:
        data = read_toml(path)
        origin = {key: f"{key!r} in {path}" for key in data}
        if isinstance(data.get("db"), str):
            data["db"] = str(Path(path).parent / data["db"])
    for key, value in (flags or {}).items():
        if value is not None:
            data[key] = value
            origin[key] = "--option" if key == "options" else f"--{key.replace('_', '-')}"
    if "db" not in data:
        data["db"] = str(Path(path).with_suffix(".sqlite")) if path is not None else "tournament.sqlite"
    return _validate(data, origin)


def _validate(data: Mapping[str, Any], origin: Mapping[str, str]) -> tuple[TournamentConfig, RunOptions]:
    def where(key: str) -> str:
        return origin.get(key, repr(key))

    def fail(key: str, problem: str) -> TournamentConfigError:
        return TournamentConfigError(f"tournament setting {where(key)}: {problem}")

    unknown = [key for key in data if key not in KNOWN_KEYS]
    if unknown:
        key = unknown[0]
        close = difflib.get_close_matches(key, KNOWN_KEYS, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; known settings: {', '.join(KNOWN_KEYS)}"
        raise fail(key, f"unknown setting{hint}")

    def integer(key: str, default: int, low: int, high: int | None = None) -> int:
        value = data.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail(key, f"must be an integer, got {value!r}")
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise fail(key, f"must be {bound}, got {value}")
        return value

    def choice(key: str, default: str, allowed: tuple[str, ...]) -> str:
        value = data.get(key, default)
        if value not in allowed:
            raise fail(key, f"must be one of {', '.join(allowed)}; got {value!r}")
        return str(value)

    def text(key: str, default: str | None) -> str | None:
        value = data.get(key, default)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise fail(key, f"must be a non-empty string, got {value!r}")
        return value

    game_name = choice("game", DEFAULT_GAME, game_names())
    options = _options(data.get("options", {}), fail)
    try:
        game = load_game(game_name).with_options(dict(options))
    except ValueError as e:
        raise fail("options", str(e)) from None
    low, high = min(game.info.player_counts), max(game.info.player_counts)
    players = integer("players", 2, low, high)
    bots = _bots(data.get("bots"), game, fail)
    fmt = choice("format", "round-robin", FORMATS)
    challenger = text("challenger", None)
    names = [b.name for b in bots]
    if fmt == "gauntlet":
        if challenger is None:
            raise fail("challenger", "a gauntlet needs the name of the bot that faces the field")
        if challenger not in names:
            raise fail("challenger", f"{challenger!r} is not one of the bots ({', '.join(names)})")
        if len(bots) - 1 < players - 1:
            raise fail("bots", f"a {players}-player gauntlet needs at least {players - 1} bots in the field "
                               f"besides the challenger, got {len(bots) - 1}")
    elif challenger is not None:
        raise fail("challenger", "only a gauntlet has a challenger (set format = \"gauntlet\")")
    elif len(bots) < players:
        raise fail("bots", f"a {players}-player round robin needs at least {players} bots, got {len(bots)}; "
                           "list a bot again under another name to fill seats")
    config = TournamentConfig(
        bots=bots,
        players=players,
        games=integer("games", 12, 1),
        format=fmt,
        challenger=challenger,
        factions=_factions(data.get("factions", "drawn"), players, game, fail),
        seatings=choice("seatings", "rotate", SEATINGS),
        seed=integer("seed", 0, 0),
        name=text("name", "tournament") or "tournament",
        game=game_name,
        options=options,
    )
    db = text("db", None)
    assert db is not None   # load_config always sets a default
    backend = choice("backend", "local", BACKENDS)
    address = text("address", None)
    if address is not None and backend != "ray":
        raise fail("address", "a cluster address needs backend = \"ray\"")
    run = RunOptions(db=Path(db), backend=backend, workers=integer("workers", default_workers(), 1),
                     address=address)
    return config, run


def _options(value: Any, fail: Fail) -> tuple[tuple[str, str], ...]:
    """A table of variant options ({colonies = "on"}; a TOML boolean reads as on/off), sorted by key."""
    if not isinstance(value, dict):
        raise fail("options", f"must be a table of KEY = VALUE (e.g. {{colonies = \"on\"}}), got {value!r}")
    out = []
    for key, v in value.items():
        if isinstance(v, bool):
            v = "on" if v else "off"
        if not isinstance(v, (str, int)) or isinstance(v, float):
            raise fail("options", f"{key}: expected a string, got {v!r}")
        out.append((str(key), str(v)))
    return tuple(sorted(out))


def _bots(value: Any, game: Game, fail: Fail) -> tuple[BotEntry, ...]:
    if value is None:
        raise fail("bots", "no bots: give a list of bot specs (e.g. [\"random\", \"greedy\"])")
    if not isinstance(value, list) or len(value) < 2:
        raise fail("bots", f"must be a list of at least 2 bots, got {value!r}")
    entries = []
    for i, item in enumerate(value):
        name: Any
        if isinstance(item, str):
            name, spec = item, item
        elif isinstance(item, dict):
            extra = set(item) - {"name", "spec"}
            if extra or not isinstance(item.get("spec"), str):
                raise fail("bots", f"entry {i} must be a spec string or a table with 'spec' (and 'name'), "
                                   f"got {item!r}")
            spec = item["spec"]
            name = item.get("name", spec)
            if not isinstance(name, str) or not name.strip():
                raise fail("bots", f"entry {i}: name must be a non-empty string, got {name!r}")
        else:
            raise fail("bots", f"entry {i} must be a spec string or a table, got {item!r}")
        try:
            make_bot(spec, game)
        except BotSpecError as e:
            raise fail("bots", f"entry {i}: {e}") from None
        entries.append(BotEntry(name.strip(), spec.strip()))
    names = [e.name for e in entries]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise fail("bots", f"bot name(s) {', '.join(duplicates)} listed twice; give each entry its own name "
                           "(a table {name = ..., spec = ...})")
    return tuple(entries)


def _factions(value: Any, players: int, game: Game, fail: Fail) -> tuple[str, ...] | None:
    role = game.info.role_name
    if value == "drawn":
        return None
    if isinstance(value, str):
        value = [f.strip() for f in value.split(",")]
    if not isinstance(value, list) or not all(isinstance(f, str) for f in value):
        raise fail("factions", f"must be \"drawn\" or a list of {players} {role}s, got {value!r}")
    if len(value) != players:
        raise fail("factions", f"{players} players need {players} {role}s, got {len(value)}: {value}")
    known = game.roles()
    for faction in value:
        if faction not in known:
            close = difflib.get_close_matches(faction, known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise fail("factions", f"unknown {role} {faction!r}{hint}")
    try:
        game.check_roles(value)
    except ValueError as e:
        raise fail("factions", str(e)) from None
    return tuple(value)
