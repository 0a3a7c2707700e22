"""Fuzzing the service's input (hypothesis): mutated move logs, setups, structured states and
boardgamers.space exports are posted to a real server; each must answer OK or INVALID_ARGUMENT with a
message naming the field or move at fault, never another status (INTERNAL would be a crash)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from service_helpers import DATA_DIR, client_for, running_server

from gaia_ai.games.gaia.requests import position_from_bgs, position_from_log
from gaia_ai.games.gaia.v1.gaia_state_pb2 import GaiaGameState
from gaia_ai.service.client import ServiceError, SuggestClient
from gaia_ai.v1 import suggest_pb2 as pb

try:
    from gaia_ai.games.gaia import structured
except ImportError:  # the structured-state importer comes with its own helper's work (issue 4)
    structured = None

RECORD = json.loads((Path(__file__).resolve().parents[2] / "gaia_ai/games/gaia/data/demo-position.json").read_text())
SETUP = {**RECORD["setup"], "num_players": RECORD["nbPlayers"], "seed": RECORD["seed"]}
MOVES: list[str] = RECORD["moveHistory"]
EXPORT: dict[str, Any] = json.loads((DATA_DIR / "exports" / "bot-000-at-60.json").read_text())

FUZZ = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def client() -> Iterator[SuggestClient]:
    with running_server(max_concurrent=2) as server, client_for(server) as c:
        yield c


def _answer(client: SuggestClient, position: pb.Position, prefix: str) -> str | None:
    """ValidateState's verdict: None when accepted, else the message (checked to be INVALID_ARGUMENT
    and to start with the field path `prefix`)."""
    try:
        client.validate(position)
    except ServiceError as e:
        assert e.code == grpc.StatusCode.INVALID_ARGUMENT, (e.code, e.details)
        assert e.details.startswith(prefix), e.details
        return e.details
    return None


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """text with a few character-level edits: replace, insert or delete a character, or drop a word."""
    alphabet = st.sampled_from(list(" .,0123456789abcdefghijklmnopqrstuvwxyzABCP-+/⇒()") + ["\x00", "é", "\n"])
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "insert", "delete", "drop_word"]))
        i = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == "replace" and text:
            text = text[:i] + draw(alphabet) + text[i + 1:]
        elif kind == "insert":
            text = text[:i] + draw(alphabet) + text[i:]
        elif kind == "delete" and text:
            text = text[:i] + text[i + 1:]
        elif kind == "drop_word":
            words = text.split(" ")
            del words[draw(st.integers(0, len(words) - 1))]
            text = " ".join(words)
    return text


@FUZZ
@given(data=st.data())
def test_fuzzed_log_lines_name_the_move_at_fault(client: SuggestClient, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(MOVES) - 1))
    line = data.draw(st.one_of(mutated(MOVES[index]), st.text(max_size=40)))
    moves = [*MOVES[:index], line, *MOVES[index + 1:]]
    message = _answer(client, position_from_log(SETUP, moves), "position.gaia_move_log.moves[")
    if message is not None:
        at = re.match(r"position\.gaia_move_log\.moves\[(\d+)\] ", message)
        assert at and int(at.group(1)) >= index, message   # the lines before it are the real game's
        assert repr(moves[int(at.group(1))]) in message     # the line is quoted


_TILES = st.sampled_from(["score1", "score11", "tech3", "booster2", "booster12", "fed1", "gaia", "", "x" * 30])
_SETUP_FIELDS = {
    "num_players": st.integers(-3, 9),
    "seed": st.text(max_size=10),
    "mapConfig": st.fixed_dictionaries({"sectors": st.lists(st.fixed_dictionaries({
        "sector": st.sampled_from(["1", "2", "5A", "5B", "7B", "11", "", "4C"]),
        "rotation": st.integers(-2, 8),
        "center": st.fixed_dictionaries({"q": st.integers(-20, 20), "r": st.integers(-20, 20)}),
    }), max_size=11)}),
    "roundScoring": st.lists(_TILES, max_size=7),
    "finalScoring": st.lists(_TILES, max_size=3),
    "boosters": st.lists(_TILES, max_size=8),
    "techTiles": st.dictionaries(st.sampled_from(["terra", "nav", "free1", "adv-sci", "bogus"]), _TILES, max_size=9),
    "advTechTiles": st.dictionaries(st.sampled_from(["adv-terra", "adv-gaia", "terra"]), _TILES, max_size=6),
    "terraformingFederation": _TILES,
}


@FUZZ
@given(data=st.data())
def test_fuzzed_setups_name_the_setup(client: SuggestClient, data: st.DataObject) -> None:
    changed = data.draw(st.lists(st.sampled_from(sorted(_SETUP_FIELDS)), min_size=1, max_size=3, unique=True))
    setup = {**SETUP, **{name: data.draw(_SETUP_FIELDS[name]) for name in changed}}
    _answer(client, position_from_log(setup, []), "position.gaia_move_log.setup")


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))] or [path]
    return [path]


def _set(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[path[0]] = _set(value[path[0]], path[1:], new)
    return copy


_JSON_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
                         st.sampled_from([-1, 0, 99, "m", "1A1", "terrans", "fed2", "booster3", [], {}]))


@FUZZ
@given(data=st.data())
def test_fuzzed_bgs_exports_answer_a_named_error(client: SuggestClient, data: st.DataObject) -> None:
    export = EXPORT
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_leaves(export)))
        export = _set(export, path, data.draw(_JSON_VALUES))
    _answer(client, position_from_bgs(json.dumps(export)), "position.bgs_export_json")


@FUZZ
@given(text=mutated(json.dumps(EXPORT)[:3000]))
def test_fuzzed_export_text_answers_a_named_error(client: SuggestClient, text: str) -> None:
    _answer(client, position_from_bgs(text), "position.bgs_export_json")


@pytest.mark.skipif(structured is None, reason="gaia_ai.games.gaia.structured is not in this build")
@FUZZ
@given(data=st.data())
def test_fuzzed_structured_states_name_the_field(client: SuggestClient, data: st.DataObject) -> None:
    from google.protobuf import json_format

    checked = client.validate(position_from_log(SETUP, MOVES))
    original = json_format.MessageToDict(checked.gaia_state)
    state = original
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_leaves(state)))
        state = _set(state, path, data.draw(_JSON_VALUES))
    try:
        message = json_format.ParseDict(state, GaiaGameState())
    except json_format.ParseError:
        return   # not a GaiaGameState at all: the client cannot even send it
    _answer(client, pb.Position(gaia_state=message), "position.gaia_state")
