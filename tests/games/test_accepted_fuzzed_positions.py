"""What the service accepts of a fuzzed Terraforming Mars or Eminent Domain position, it can search
(issue 38): inputs of bench/fuzz_tm_ed.py's mutators (player views, observations, logs) are either a
RequestError or decoded, validated and searched, every suggestion among the legal moves. CI runs this
under the sanitizer build too."""

from __future__ import annotations

import importlib.util
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.search import SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.service.games import game_adapter
from gaia_ai.v1 import suggest_pb2 as pb

BENCH = Path(__file__).resolve().parents[2] / "bench" / "fuzz_tm_ed.py"
INPUTS = {"tm_view": 40, "tm_obs": 40, "tm_log": 24, "ed_log": 60, "ed_obs": 150}   # most ED mutations are refused


@cache
def _fuzz() -> Any:
    spec = importlib.util.spec_from_file_location("fuzz_tm_ed", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("kind", ["tm_view", "tm_obs", "tm_log", "ed_log", "ed_obs"])
def test_accepted_fuzzed_positions_are_searched_to_legal_moves(kind: str) -> None:
    fuzz = _fuzz()
    seeds = fuzz.seed_inputs(kind)
    searched = 0
    for i in range(INPUTS[kind]):
        item = fuzz.make_input(kind, seeds, 38, i)
        adapter = game_adapter(item["game"])
        try:
            state = adapter.decode(pb.Position(**{item["field"]: item["text"]}))
        except RequestError:
            continue
        legal = {m.notation for m in adapter.validate(state).legal_moves}
        if state.is_terminal:
            continue
        reply = adapter.suggest(state, SearchConfig(simulations=24, seed=i), 5)
        assert reply.suggestions, (kind, i)
        for s in reply.suggestions:
            assert s.move in legal, (kind, i, s.move, sorted(legal)[:10])
            assert s.pv and s.pv[0].notation == s.move
        searched += 1
    assert searched >= 2, f"only {searched} of {INPUTS[kind]} {kind} inputs reached a search"


def test_the_fuzz_inputs_are_the_same_for_the_same_seed() -> None:
    fuzz = _fuzz()
    seeds = fuzz.seed_inputs("ed_obs")
    a = [json.dumps(fuzz.make_input("ed_obs", seeds, 5, i)) for i in range(5)]
    b = [json.dumps(fuzz.make_input("ed_obs", seeds, 5, i)) for i in range(5)]
    assert a == b and len(set(a)) == 5
