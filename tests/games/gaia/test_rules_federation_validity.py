"""Federation validity (federation.pxi): the official Federation FAQ rules as the corpus engine applies them.

A federation is the listed hexes plus every building group next to them; its planets must be colonized
by the player, no hex may be in or next to one of the player's federations (Ivits extend theirs), it is
connected and reaches the power threshold, its buildings are linked with the fewest satellites possible,
and no valid federation uses only some of its planets with fewer satellites. Positions come from the
sample corpus, taken just before a recorded federation; the variants are built from the recorded set.
"""

from __future__ import annotations

import re
from collections import deque
from typing import Any

import pytest
from rules_helpers import corpus_state, record, sample_records

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.errors import IllegalMoveError

FED_OK, FED_OPEN, FED_NEAR_FED, FED_MORE_SATS, FED_SUPERFLUOUS, FED_IVITS_EXTEND = 0, 7, 6, 11, 12, 10


def _federations() -> list[tuple[str, int]]:
    return [
        (rec.id, i)
        for rec in sample_records()
        for i, line in enumerate(rec.move_history)
        if re.search(r"federation \S+ fed\d", line)
    ]


FEDERATIONS = _federations()


class Position:
    """The state just before the recorded federation of move_history[line], with free actions applied."""

    def __init__(self, game_id: str, line: int) -> None:
        text = record(game_id).move_history[line]
        m = re.search(r"federation (\S+) (fed\d)", text)
        assert m is not None
        self.state = corpus_state(game_id, line)
        self.p = self.state.current_player
        for cmd in text.split(" ", 1)[1].split(". "):
            if cmd.startswith("federation"):
                break
            self.state.apply(cmd, self.p)
        self.token = m.group(2)
        self.bd = self.state.setup.board
        self.labels = list(self.bd.labels)
        self.hexes = sorted(self.bd.index(h) for h in m.group(1).split(","))
        self.board = self.state.snapshot()["board"]

    def cell(self, h: int) -> Any:
        return self.board.get(self.labels[h])

    def building(self, h: int) -> bool:
        """A building of the player with a power value (not a gaia-former)."""
        c = self.cell(h)
        return c is not None and ((c[1] == self.p and c[2] not in (None, "gf")) or c[3] == self.p)

    def federated(self, h: int) -> bool:
        c = self.cell(h)
        return c is not None and self.p in c[4]

    def member(self, h: int) -> bool:
        return self.building(h) or self.federated(h)

    def empty(self, h: int) -> bool:
        return str(self.bd.hex(self.labels[h]).planet) == "e"

    def free_space(self, h: int, fed: set[int]) -> bool:
        """Empty space a satellite could use without touching buildings or federations outside fed."""
        if h in fed or not self.empty(h) or self.member(h):
            return False
        c = self.cell(h)
        if c is not None and c[1] not in (-1, None):
            return False
        return all(k in fed or not self.member(k) for k in self.bd.neighbours(h)) and not any(
            self.federated(k) for k in self.bd.neighbours(h)
        )

    def problem(self, hexes: list[int] | set[int]) -> int:
        return gaia_rules.federation_problem_of(self.state._core, self.p, sorted(hexes))

    def command(self, hexes: list[int] | set[int]) -> str:
        return "federation " + ",".join(sorted(self.labels[h] for h in hexes)) + " " + self.token

    def rejects(self, hexes: list[int] | set[int]) -> str:
        with pytest.raises(IllegalMoveError) as e:
            self.state.copy().apply(self.command(hexes), self.p)
        return str(e.value)


def test_messages_table() -> None:
    assert gaia_rules.federation_message(FED_OK) == "the federation is valid"
    assert "fewer satellites" in gaia_rules.federation_message(FED_MORE_SATS)
    assert "superfluous" in gaia_rules.federation_message(FED_SUPERFLUOUS)
    assert gaia_rules.federation_message(99).startswith("unknown")


@pytest.mark.parametrize(("game_id", "line"), FEDERATIONS)
def test_corpus_federations_are_valid(game_id: str, line: int) -> None:
    """Every federation the corpus bot formed passes federation_problem, listed exactly as recorded."""
    pos = Position(game_id, line)
    assert gaia_rules.federation_expanded(pos.state._core, pos.p, pos.hexes) == pos.hexes
    assert pos.problem(pos.hexes) == FED_OK, gaia_rules.federation_message(pos.problem(pos.hexes))
    pos.state.apply(pos.command(pos.hexes), pos.p)


def test_dangling_satellite_is_a_longer_route_than_necessary() -> None:
    """One more satellite hanging off the federation: the same buildings link with fewer satellites."""
    found = 0
    for game_id, line in FEDERATIONS:
        pos = Position(game_id, line)
        fed = set(pos.hexes)
        extra = next(
            (k for h in pos.hexes for k in pos.bd.neighbours(h) if pos.free_space(k, fed)),
            None,
        )
        if extra is None:
            continue
        assert pos.problem(fed | {extra}) == FED_MORE_SATS
        assert "can be built with fewer satellites" in pos.rejects(fed | {extra})
        found += 1
    assert found >= 10


def _detour(pos: Position) -> set[int] | None:
    """The recorded federation with one satellite replaced by a longer path of satellites (or None)."""
    fed = set(pos.hexes)
    for x in pos.hexes:
        if pos.member(x):
            continue
        rest = fed - {x}
        # the two sides of the federation without x, then the shortest reconnection avoiding x
        start = next(iter(rest))
        side, todo = {start}, deque([start])
        while todo:
            h = todo.popleft()
            for k in pos.bd.neighbours(h):
                if k in rest and k not in side:
                    side.add(k)
                    todo.append(k)
        if side == rest:
            continue
        prev: dict[int, int | None] = {h: None for h in side}
        todo = deque(side)
        while todo:
            h = todo.popleft()
            for k in pos.bd.neighbours(h):
                if k in prev or k == x:
                    continue
                if k in rest:  # reached the other side
                    path, cur = [], h
                    while cur is not None and cur not in side:
                        path.append(cur)
                        cur = prev[cur]
                    if len(path) >= 2:
                        return rest | set(path)
                    todo.clear()
                    break
                if pos.free_space(k, fed):
                    prev[k] = h
                    todo.append(k)
    return None


def test_satellite_detour_is_rejected() -> None:
    """A satellite route longer than necessary (one satellite replaced by a detour of two or more)."""
    found = 0
    for game_id, line in FEDERATIONS:
        pos = Position(game_id, line)
        detour = _detour(pos)
        if detour is None:
            continue
        assert pos.problem(detour) == FED_MORE_SATS, (game_id, line)
        assert "can be built with fewer satellites" in pos.rejects(detour)
        found += 1
    assert found >= 3


def _with_extra_group(pos: Position) -> set[int] | None:
    """The recorded federation plus another building group of the player, linked by new satellites."""
    fed = set(pos.hexes)
    prev: dict[int, int | None] = {h: None for h in fed}
    todo = deque(sorted(fed))
    while todo:
        h = todo.popleft()
        for k in pos.bd.neighbours(h):
            if k in prev:
                continue
            if not pos.empty(k) or (pos.cell(k) is not None and pos.cell(k)[1] not in (-1, None)):
                continue
            if any(pos.federated(j) for j in pos.bd.neighbours(k)) or pos.federated(k):
                continue
            prev[k] = h
            outside = [j for j in pos.bd.neighbours(k) if j not in fed and pos.building(j)]
            if outside:
                path, cur = [], k
                while cur is not None and cur not in fed:
                    path.append(cur)
                    cur = prev[cur]
                bigger = gaia_rules.federation_expanded(pos.state._core, pos.p, sorted(fed | set(path)))
                if bigger and not any(pos.federated(j) for j in bigger):
                    return set(bigger)
                continue
            todo.append(k)
    return None


def test_superfluous_building_is_rejected() -> None:
    """Adding another building group (and the satellites to reach it) to a valid federation: the
    federation is still valid with one planet fewer and fewer satellites, so the bigger one is not."""
    found = 0
    for game_id, line in FEDERATIONS:
        pos = Position(game_id, line)
        bigger = _with_extra_group(pos)
        if bigger is None:
            continue
        code = pos.problem(bigger)
        if code == FED_SUPERFLUOUS:
            assert "superfluous building" in pos.rejects(bigger)
            found += 1
        else:  # the extra group may offer a cheaper link for every building: then fewer satellites
            assert code == FED_MORE_SATS, (game_id, line, gaia_rules.federation_message(code))
    assert found >= 3


def _later_turn(pos: Position, game_id: str, line: int) -> bool:
    """Move pos.state on to the player's next turn after the federation of `line` (False: none)."""
    rec = record(game_id)
    state = corpus_state(game_id, line + 1)
    faction = state.faction(pos.p)
    for text in rec.move_history[line + 1 :]:
        mine = text.startswith(faction + " ") and state.current_player == pos.p
        if mine and not any(word in text for word in ("charge", "decline", "income")):
            pos.state = state
            pos.board = state.snapshot()["board"]
            return True
        state.apply_line(text)
    return False


def test_hex_next_to_an_existing_federation_is_rejected() -> None:
    """After a federation, a new one may not touch it (satellite next to it)."""
    found = 0
    for game_id, line in FEDERATIONS:
        pos = Position(game_id, line)
        if pos.state.faction(pos.p) == "ivits" or not _later_turn(pos, game_id, line):
            continue
        near = next(
            (
                k
                for h in pos.hexes
                for k in pos.bd.neighbours(h)
                if k not in pos.hexes and pos.empty(k) and not pos.member(k)
            ),
            None,
        )
        if near is None:
            continue
        own = [h for h in range(len(pos.labels)) if pos.building(h) and not pos.federated(h)]
        assert pos.problem([near, *own]) == FED_NEAR_FED
        message = pos.rejects([near, *own])
        if "main action" in message or "not in the supply" in message:
            continue
        assert "next to one of the player's federations" in message
        found += 1
    assert found >= 5


def test_listed_set_omitting_an_adjacent_building() -> None:
    """A building next to a listed hex is part of the federation even when the command omits it (the
    engine extends the listed hexes with the adjacent building groups): as an exact set it is FED_OPEN,
    as a command it forms the same federation as the complete list."""
    found = 0
    for game_id, line in FEDERATIONS:
        pos = Position(game_id, line)
        omit = next(
            (
                h
                for h in pos.hexes
                if pos.building(h) and any(k in pos.hexes and k != h for k in pos.bd.neighbours(h))
            ),
            None,
        )
        if omit is None:
            continue
        partial = [h for h in pos.hexes if h != omit]
        assert pos.problem(partial) == FED_OPEN
        assert "omits a building" in gaia_rules.federation_message(FED_OPEN)
        assert gaia_rules.federation_expanded(pos.state._core, pos.p, partial) == pos.hexes
        full = pos.state.copy()
        full.apply(pos.command(pos.hexes), pos.p)
        short = pos.state.copy()
        short.apply(pos.command(partial), pos.p)
        assert short.snapshot() == full.snapshot()
        assert pos.p in short.snapshot()["board"][pos.labels[omit]][4]
        found += 1
    assert found >= 5


def test_ivits_must_extend_their_federation() -> None:
    """bot-003 line 108: Ivits' second federation extends the first; the same new hexes without the old
    federation are refused."""
    pos = Position("bot-003", 108)
    assert pos.state.faction(pos.p) == "ivits"
    assert pos.problem(pos.hexes) == FED_OK
    new = [h for h in pos.hexes if not pos.federated(h)]
    assert any(pos.federated(h) for h in pos.hexes) and new
    assert pos.problem(new) in (FED_IVITS_EXTEND, FED_OPEN)
    # without the old federation the listed buildings cannot even reach the doubled threshold
    code = pos.problem([h for h in new if not any(pos.federated(k) for k in pos.bd.neighbours(h))])
    assert code != FED_OK


def test_generated_candidates_are_valid() -> None:
    """Every federation candidate of the move generator passes federation_problem."""
    checked = 0
    for rec in sample_records():
        for line in range(1, len(rec.move_history), 3):
            state = corpus_state(rec.id, line)
            core = state._core
            for hexes in gaia_rules.federation_labels(core):
                idx = sorted(state.setup.board.index(h) for h in hexes.split(","))
                assert gaia_rules.federation_problem_of(core, core.current_player, idx) == FED_OK
                checked += 1
    assert checked > 0
