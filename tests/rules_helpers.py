"""Helpers for the rule unit tests (tests/test_rules_*.py): synthetic games with chosen factions,
named snapshot fields, resource deltas and hex finders.

Everything here runs without ../shared: games come from GameSetup.random or tests/data.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.board import TERRAFORM_CYCLE
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import IllegalMoveError, NotationError
from gaia_ai.games.gaia.notation import ENDTURN, Command, parse_line
from gaia_ai.games.gaia.replay import PLAYER_FIELDS
from gaia_ai.games.gaia.setup import GameSetup

DATA_DIR = Path(__file__).resolve().parent / "data"

HOME = {
    "terrans": "r", "lantids": "r", "xenos": "d", "gleens": "d", "taklons": "s", "ambas": "s",
    "hadsch-hallas": "o", "ivits": "o", "geodens": "v", "baltaks": "v", "firaks": "t", "bescods": "t",
    "nevlas": "i", "itars": "i",
}  # fmt: skip
CYCLE = "".join(TERRAFORM_CYCLE)  # "rovdsti"
# Boosters with power / token income; the helpers avoid them unless asked, so power areas only move
# when a test moves them.
POWER_BOOSTERS = ("booster2", "booster5", "booster9")
# Boosters the opponents leave for the focal player (they give knowledge / qic income).
AVOID = ("booster1", "booster3", "booster8")
RES = ("vp", "credits", "ores", "knowledge", "qics")


def steps(home: str, planet: str) -> int:
    """Terraforming steps from ``home`` to ``planet`` (shorter way round the 7-cycle)."""
    d = abs(CYCLE.index(home) - CYCLE.index(planet))
    return min(d, 7 - d)


# ---- reading ----------------------------------------------------------------------------------------
def pl(state: GaiaState, p: int) -> dict[str, int]:
    """Player p's 28 snapshot integers by name (vp, credits, ores, ..., gaiaformers)."""
    return dict(zip(PLAYER_FIELDS, state.snapshot()["p"][p], strict=True))


def delta(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """Non-zero field changes between two pl() dicts."""
    return {k: after[k] - before[k] for k in before if after[k] != before[k]}


def board(state: GaiaState) -> dict[str, list[Any]]:
    return state.snapshot()["board"]


def owned(state: GaiaState, p: int, building: str | None = None) -> list[str]:
    """Labels of hexes where player p is the owner (optionally of a given building)."""
    return [
        label
        for label, (_, owner, b, _, _) in board(state).items()
        if owner == p and (building is None or b == building)
    ]


def dist(state: GaiaState, a: str, b: str) -> int:
    bd = state.setup.board
    return bd.distance(bd.index(a), bd.index(b))


def planet(state: GaiaState, label: str) -> str:
    return str(state.setup.board.hex(label).planet)


def dist_to(state: GaiaState, p: int, label: str) -> int:
    """Distance from hex ``label`` to player p's nearest structure (incl. space stations)."""
    return min(dist(state, label, h) for h in owned(state, p))


def others_near(state: GaiaState, p: int, label: str, d: int = 2) -> bool:
    """True when another player owns a structure within distance d of ``label``."""
    return any(
        owner not in (-1, p) and dist(state, label, h) <= d for h, (_, owner, _, _, _) in board(state).items()
    )


def moves(state: GaiaState, name: str | None = None, first: str | None = None) -> list[tuple[str, ...]]:
    """Legal moves of the player to move as tuples (name, *args), filtered by name / first arg."""
    out = []
    for c in state.legal_moves():
        if name is not None and c.name != name:
            continue
        if first is not None and (not c.args or c.args[0] != first):
            continue
        out.append((c.name, *c.args))
    return out


def legal(state: GaiaState, text: str) -> bool:
    return any(str(c) == text for c in state.legal_moves())


def mine_targets(state: GaiaState) -> list[str]:
    return [m[2] for m in moves(state, "build", "m")]


# ---- acting -----------------------------------------------------------------------------------------
def end_turn_if_needed(state: GaiaState) -> None:
    if any(c.name == "endturn" for c in state.legal_moves()):
        state.apply("endturn")


def turn(state: GaiaState, *commands: str, settle_leech: bool | None = False) -> int:
    """Play commands for the player to move, end the turn, then (unless settle_leech is None)
    answer every leech offer: accept when settle_leech is True, else decline. Returns the player."""
    p = state.current_player
    for c in commands:
        state.apply(c, p)
    end_turn_if_needed(state)
    if settle_leech is not None:
        settle(state, accept=settle_leech)
    return p


def settle(state: GaiaState, accept: bool = False) -> None:
    """Answer all pending leech offers (and pick the default for brainstone/income questions)."""
    while state.phase in ("leech", "inc"):
        lm = state.legal_moves()
        if state.phase == "leech":
            want = "charge" if accept else "decline"
            pick = next((c for c in lm if c.name == want), lm[0])
        else:
            pick = lm[0]
        state.apply(pick)


def pass_turn(state: GaiaState, booster: str | None = None, avoid: Iterable[str] = ()) -> int:
    """The player to move passes (taking ``booster`` or the first legal one without power income
    and not in ``avoid``)."""
    p = state.current_player
    if booster is None:
        options = [m[1] for m in moves(state, "pass") if len(m) > 1]
        quiet = [b for b in options if b not in POWER_BOOSTERS and b not in avoid]
        booster = (quiet or options or [None])[0]
    state.apply(f"pass {booster}" if booster else "pass", p)
    end_turn_if_needed(state)
    settle(state)
    return p


def others_pass(state: GaiaState, p: int) -> None:
    """Every player other than p passes when it is their turn; p must then be the only one left."""
    guard = 0
    while state.phase == "move" and state.current_player != p:
        pass_turn(state, avoid=AVOID)
        guard += 1
        assert guard < 10
    settle(state)


def finish_round(state: GaiaState, boosters: dict[int, str] | None = None) -> None:
    """Everyone still in passes (player -> booster optional); income and gaia phase resolve with
    default answers, and the next round's move phase starts."""
    r = state.round
    while state.round == r and state.phase == "move":
        p = state.current_player
        pass_turn(state, (boosters or {}).get(p), avoid=set((boosters or {}).values()))
    while state.phase in ("inc", "gaia", "leech"):
        lm = state.legal_moves()
        state.apply(lm[0])
        end_turn_if_needed(state)


# ---- synthetic games ----------------------------------------------------------------------------------
def new_game(
    factions: Sequence[str],
    seed: str = "rules",
    *,
    mines: dict[int, Sequence[str]] | None = None,
    boosters: dict[int, str] | None = None,
    mine_key: Any = None,
) -> GaiaState:
    """A game with the given factions picked in seat order, starting mines placed (player ->
    labels in placement order, default: the first legal hex, or min by mine_key(state, p, label)),
    starting boosters taken (player -> id, default first legal). Returns the state in round 1 'move'."""
    state = GaiaState.new(GameSetup.random(len(factions), seed))
    for f in factions:
        state.apply(f"faction {f}")
    queue = {p: list(v) for p, v in (mines or {}).items()}
    while state.phase == "sB":
        p = state.current_player
        if queue.get(p):
            state.apply(f"build {'PI' if factions[p] == 'ivits' else 'm'} {queue[p].pop(0)}")
            continue
        options = state.legal_moves()
        if mine_key is not None:
            options = sorted(options, key=lambda c: mine_key(state, p, c.args[1]))
        state.apply(options[0])
    while state.phase == "sbo":
        p = state.current_player
        if boosters and p in boosters:
            state.apply(f"booster {boosters[p]}")
        else:
            options = state.legal_moves()
            quiet = [c for c in options if c.args[0] not in POWER_BOOSTERS]
            state.apply((quiet or options)[0])
    settle(state)
    assert state.phase == "move" and state.round == 1, state
    return state


def solo(factions: Sequence[str], seed: str = "rules", **kw: Any) -> GaiaState:
    """new_game, then everyone but the last seat passes in round 1: the last seat (the focal
    player) plays alone. Use next_round() to keep it alone in later rounds."""
    state = new_game(factions, seed, **kw)
    others_pass(state, len(factions) - 1)
    return state


def next_round(state: GaiaState, boosters: dict[int, str] | None = None) -> None:
    """finish_round, then the others pass again so the focal (last-passing) player is alone."""
    focal = state.current_player
    finish_round(state, boosters)
    others_pass(state, focal)
    assert state.current_player == focal


def seed_where(factions: Sequence[str], predicate: Any, tries: int = 60, **kw: Any) -> GaiaState:
    """The first seed 'rules-<i>' whose solo() game satisfies predicate(state)."""
    for i in range(tries):
        state = solo(factions, f"rules-{i}", **kw)
        if predicate(state):
            return state
    raise AssertionError(f"no seed among {tries} satisfies the predicate for {factions}")


PLAIN_TILES = ("tech3", "tech4", "tech7", "tech9")  # no immediate or income resource


def plain_tile(state: GaiaState, p: int, free_only: bool = False) -> str:
    """A legal tech position for p whose tile gives no credits/ore/knowledge/qic/power now or as income."""
    legal_pos = [m[1] for m in moves(state, "tech")]
    for pos in legal_pos:
        tile = state.setup.tech_tiles.get(pos)
        if tile in PLAIN_TILES and (not free_only or pos.startswith("free")):
            return pos
    raise AssertionError(f"no plain tile among {legal_pos}")


def take_tile(state: GaiaState, pos: str, up: str | None = None) -> None:
    """Answer a tech choice: take pos, then step up `up` or decline the free step."""
    state.apply(f"tech {pos}")
    if any(c.name in ("up", "decline") for c in state.legal_moves()):
        state.apply(f"up {up}" if up else "decline up")


# ---- corpus positions -----------------------------------------------------------------------------
_SAMPLE: list[Any] | None = None


def sample_records() -> list[Any]:
    global _SAMPLE
    if _SAMPLE is None:
        _SAMPLE = list(read_corpus(DATA_DIR / "corpus-sample.jsonl.gz"))
    return _SAMPLE


def record(game_id: str) -> Any:
    return next(r for r in sample_records() if r.id == game_id)


def corpus_state(game_id: str, upto: int) -> GaiaState:
    """The state after move_history[:upto] of a sample record (move 0 is init)."""
    rec = record(game_id)
    state = GaiaState.new(
        GameSetup.from_corpus({"setup": rec.setup, "nbPlayers": rec.num_players, "seed": rec.seed})
    )
    for line in rec.move_history[:upto]:
        state.apply_line(line)
    return state


def find_line(game_id: str, pred: Any) -> list[int]:
    """Indexes of move_history lines satisfying pred(line)."""
    return [i for i, line in enumerate(record(game_id).move_history) if pred(line)]


def all_of(xs: Iterable[bool]) -> bool:
    return all(xs)


def seed_with(num_players: int, predicate: Any, tries: int = 400) -> str:
    """The first seed 'setup-<i>' whose GameSetup.random(num_players, seed) satisfies predicate(setup)."""
    for i in range(tries):
        seed = f"setup-{i}"
        if predicate(GameSetup.random(num_players, seed)):
            return seed
    raise AssertionError("no seed satisfies the setup predicate")


def corpus_find(game_id: str, predicate: Any, start: int = 1) -> tuple[GaiaState, int]:
    """Replay a sample game line by line; return (state, k) for the first k >= start such that
    predicate(state) holds for the state after move_history[:k]."""
    rec = record(game_id)
    state = corpus_state(game_id, start)
    for k in range(start, len(rec.move_history) + 1):
        if predicate(state):
            return state, k
        if k < len(rec.move_history):
            state.apply_line(rec.move_history[k])
    raise AssertionError(f"no position of {game_id} satisfies the predicate")


def can(state: GaiaState, text: str) -> bool:
    """True when the player to move may play ``text`` (checked on a copy)."""
    c = state.copy()
    try:
        c.apply(text)
    except (IllegalMoveError, NotationError):
        return False
    return True


def record_positions(record: Any) -> Iterator[tuple[GaiaState, tuple[str, int, int], Command]]:
    """Every position of a recorded game, between lines and between the commands of a line: yields
    (state, (game id, line index, command index), the command about to be applied). The state is one
    object replayed in place, so after the loop it holds the game's last position."""
    state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
    for i, text in enumerate(record.move_history):
        line = parse_line(text)
        if line.commands and line.commands[0].name == "init":
            continue
        player = state.player_of(line.player)
        for j, command in enumerate(line.commands):
            yield state, (record.id, i, j), command
            if command != ENDTURN:
                state.apply(command, player)
        if line.ends_turn:
            state._core.end_turn(player)
