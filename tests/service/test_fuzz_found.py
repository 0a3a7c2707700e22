"""Inputs the TM/ED fuzz bench answered INTERNAL (bench/fuzz_tm_ed.py --seed 31, 150 s a kind; --seed
32, 100 s; seed 102 of a 100,000-input run on 16 cores): views and observations whose fields each pass
their own check but do not fit together (a decision with no legal move, a listed move that does not
apply, a rollout that dead-ends, a root move the position does not list), a listed colony without a name,
a number past the core's fields in a prompt's title, and a card prompt without its cards. Each is now a
clear error (INVALID_ARGUMENT) or a search whose suggestions are all legal, through the service's own
decode -> validate -> suggest path, with the fuzz's search budget (bench/fuzz_tm_ed.py
SEARCH_SIMULATIONS) and seed."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from service_helpers import DATA_DIR

from gaia_ai.search import SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.service.games import game_adapter
from gaia_ai.v1 import suggest_pb2 as pb

FOUND = sorted((DATA_DIR / "repro" / "service" / "fuzz-found").glob("*.json.gz"))


def test_the_found_inputs_are_here() -> None:
    assert len(FOUND) == 12


@pytest.mark.parametrize("path", FOUND, ids=[p.name[: -len(".json.gz")] for p in FOUND])
def test_a_found_input_is_a_clear_error_or_a_legal_search(path: Path) -> None:
    item = json.loads(gzip.decompress(path.read_bytes()))
    adapter = game_adapter(item["game"])
    try:
        state = adapter.decode(pb.Position(**{item["field"]: item["text"]}))
        legal = {m.notation for m in adapter.validate(state).legal_moves}
        reply = adapter.suggest(state, SearchConfig(simulations=8, seed=1), 3)
    except RequestError as e:
        assert "position" in str(e)          # names where: the field, or the position as a whole
        return
    assert reply.suggestions and all(s.move in legal for s in reply.suggestions)
