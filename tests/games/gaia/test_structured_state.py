"""The structured game state (GaiaGameState JSON): exact round trips, validation messages, fuzzing,
the protobuf mapping and the command line."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples
from service_helpers import json_paths

from gaia_ai.cli import main
from gaia_ai.games.gaia import GaiaState, GameSetup, StateError
from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus
from gaia_ai.games.gaia.positions import demo, from_bgs
from gaia_ai.games.gaia.structured import state_from_json, state_to_json

DATA = Path(__file__).resolve().parents[2] / "data"
SAMPLE = DATA / "corpus-sample.jsonl.gz"
# raw fields the importer derives rather than reads (checked against the engine's own values)
DERIVED = ("tech_supply", "adv_taken", "fed_supply", "terra_fed_taken", "booster_free", "norder")
DERIVED_PLAYER = ("nbuild", "satellites", "gf_owned", "fed_count", "passed", "lost_planet")


def _positions(record: CorpusRecord, every: int = 1) -> Iterator[tuple[int, GaiaState]]:
    """(k, state after the first k+1 log lines) for every `every`-th line of a corpus record."""
    setup = GameSetup.from_corpus(
        {"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players}
    )
    state = GaiaState.new(setup)
    for k, line in enumerate(record.move_history):
        state.apply_line(line)
        if k % every == 0:
            yield k, state


@cache
def _sample() -> list[CorpusRecord]:
    return list(read_corpus(SAMPLE))


def _assert_same_position(original: GaiaState, imported: GaiaState, where: str) -> None:
    assert imported.snapshot() == original.snapshot(), where
    assert imported.legal_moves() == original.legal_moves(), where
    assert imported.current_player == original.current_player, where
    a, b = original.raw_state(), imported.raw_state()
    for key in DERIVED:
        assert a[key] == b[key], f"{where}: {key}"
    for p in range(original.setup.num_players):
        for key in DERIVED_PLAYER:
            assert a["pl"][p][key] == b["pl"][p][key], f"{where}: pl[{p}].{key}"
    phase = original.phase
    if phase in ("sB", "sbo"):
        assert (a["setup_seq"][: a["nsetup"]], a["setup_pos"]) == (
            b["setup_seq"][: b["nsetup"]],
            b["setup_pos"],
        )
    if phase == "gaia":
        assert a["gaia_pos"] == b["gaia_pos"], where
    if phase == "inc":
        assert a["income_pos"] == b["income_pos"], where
    if phase == "leech":
        assert a["after_leech_next"] == b["after_leech_next"], where


def _round_trip(state: GaiaState) -> GaiaState:
    return state_from_json(json.loads(json.dumps(state_to_json(state))))


# ---- round trips ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", range(12))
def test_every_sample_position_round_trips_exactly(game: int) -> None:
    record = _sample()[game]
    for k, state in _positions(record):
        data = state_to_json(state)
        imported = _round_trip(state)
        _assert_same_position(state, imported, f"{record.id} line {k}")
        assert state_to_json(imported) == data, f"{record.id} line {k}"


@pytest.mark.parametrize("game", range(12))
def test_continuing_an_imported_game_gives_the_same_final_scores(game: int) -> None:
    record = _sample()[game]
    lines = record.move_history
    for k, state in _positions(record, every=17):
        for without_engine_block in (False, True):
            data = state_to_json(state)
            if without_engine_block:
                del data["engine"]  # the canonical income order instead of the recorded one
            imported = state_from_json(data)
            for line in lines[k + 1 :]:
                imported.apply_line(line)
            assert imported.snapshot() == _final_snapshot(record), f"{record.id} from line {k}"
            assert imported.final_scores() == record.final["vp"]


@cache
def _final_snapshot_of(game_id: str) -> Any:
    record = next(r for r in _sample() if r.id == game_id)
    *_, (_, state) = _positions(record)
    return state.snapshot()


def _final_snapshot(record: CorpusRecord) -> Any:
    return _final_snapshot_of(record.id)


WALK_FACTIONS = (
    ("taklons", "firaks", "ivits", "terrans"),
    ("taklons", "itars", "lantids"),
    ("baltaks", "ambas"),
    ("bescods", "gleens", "nevlas"),
    ("xenos", "geodens", "hadsch-hallas"),
)


@cache
def _walk(game: int) -> tuple[list[GaiaState], list[Any]]:
    """Every position of a seeded random game played atomic move by atomic move (so mid-turn states
    with pending sub-decisions, brainstone questions and leech offers occur), and the moves played."""
    factions = WALK_FACTIONS[game]
    rng = random.Random(game)
    state = GaiaState.new(GameSetup.random(len(factions), f"walk{game}"))
    for faction in factions:
        state.apply(f"faction {faction}")
    states, moves = [state.copy()], []
    while not state.is_terminal:
        move = rng.choice(state.legal_moves())
        state.apply(move)
        states.append(state.copy())
        moves.append(move)
    return states, moves


@pytest.mark.parametrize("game", range(len(WALK_FACTIONS)))
def test_mid_turn_positions_of_random_games_round_trip(game: int) -> None:
    states, moves = _walk(game)
    for i, state in enumerate(states):
        _assert_same_position(state, _round_trip(state), f"walk {game} step {i}")
    for i in range(0, len(states), 9):
        imported = _round_trip(states[i])
        for move in moves[i:]:
            imported.apply(move)
        assert imported.final_scores() == states[-1].final_scores(), f"walk {game} from step {i}"


def test_full_corpus_positions_round_trip(shared_dir: Path) -> None:
    """A sample of the 320-game corpus: every 13th position of every 4th game (all of them:
    python bench/structured_state.py --corpus ../shared/corpus/gaia/games.jsonl.gz)."""
    checked = 0
    for i, record in enumerate(read_corpus(shared_dir / "corpus" / "gaia" / "games.jsonl.gz")):
        if i % 4:
            continue
        for k, state in _positions(record, every=13):
            imported = _round_trip(state)
            _assert_same_position(state, imported, f"{record.id} line {k}")
            checked += 1
    assert checked > 500


def test_exports_and_the_demo_round_trip() -> None:
    for state in (
        demo(),
        from_bgs(DATA / "exports" / "bot-000-at-60.json"),
        from_bgs(DATA / "exports" / "bot-005.json", allow_finished=True),
    ):
        _assert_same_position(state, _round_trip(state), repr(state))


def test_game_over_state_imports_as_terminal() -> None:
    state = from_bgs(DATA / "exports" / "bot-001.json", allow_finished=True)
    imported = _round_trip(state)
    assert (
        imported.is_terminal
        and imported.final_scores() == state.final_scores()
        and not imported.legal_moves()
    )


def test_faction_selection_and_fresh_games_round_trip() -> None:
    for seed in range(4):
        state = GaiaState.new(GameSetup.random(2 + seed % 3, f"seed{seed}"))
        _assert_same_position(state, _round_trip(state), "fresh")
        state.apply("faction terrans")
        _assert_same_position(state, _round_trip(state), "one faction")


def test_snake_case_names_and_integral_numbers_are_accepted() -> None:
    data = state_to_json(demo())
    data["turn_order"] = [float(x) for x in data.pop("turnOrder")]
    data["players"][0]["vp"] = str(data["players"][0]["vp"])
    assert state_from_json(data).snapshot() == demo().snapshot()


def test_all_fields_template_imports_to_the_same_state() -> None:
    full = state_to_json(demo(), all_fields=True)
    assert full["players"][0]["qic"] == 0 and "qic" not in state_to_json(demo())["players"][0]
    assert state_from_json(full).snapshot() == demo().snapshot()


# ---- validation: each rule names its field ----------------------------------------------------------------


def _demo_json() -> dict[str, Any]:
    return copy.deepcopy(_demo_json_cached())


@cache
def _demo_json_cached() -> dict[str, Any]:
    return state_to_json(demo())


def _hex_of(data: dict[str, Any], owner: int, building: str) -> str:
    return next(
        label
        for label, h in data["board"]["hexes"].items()
        if h.get("owner") == owner and h.get("building") == building
    )


def _empty_hex(planet: str) -> str:
    """A hex of the demo map with this map planet and nothing on it."""
    state = demo()
    board = state.snapshot()["board"]
    letter = {"PLANET_EMPTY": "e", "PLANET_TRANSDIM": "m", "PLANET_TERRA": "r", "PLANET_GAIA": "g"}[planet]
    return next(h.label for h in state.setup.board.hexes if h.planet == letter and h.label not in board)


def _set(path: str, value: Any) -> Any:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node.setdefault(part, {})
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return edit


def _add_hex(label_of: Any, entry: dict[str, Any]) -> Any:
    def edit(data: dict[str, Any]) -> None:
        data["board"]["hexes"][label_of(data)] = entry

    return edit


def _del_totals(data: dict[str, Any]) -> None:
    for p in data["players"]:
        p.pop("totals", None)
    data.pop("supply", None)
    data.pop("engine", None)


def _extra_ts(data: dict[str, Any]) -> None:
    _del_totals(data)
    free = [
        h.label
        for h in demo().setup.board.hexes
        if h.planet in "rovdsti" and h.label not in data["board"]["hexes"]
    ]
    for label in free[:4]:
        data["board"]["hexes"][label] = {"planet": "PLANET_UNSPECIFIED", "owner": 1, "building": "ts"}


def _federation_without_token(data: dict[str, Any]) -> None:
    data["board"]["hexes"][_hex_of(data, 1, "ts")]["federations"] = [1]


def _token_without_federation(data: dict[str, Any]) -> None:
    data["players"][1]["federationTokens"] = [{"token": "fed2"}]
    data.pop("supply")


def _both_at_level_5(data: dict[str, Any]) -> None:
    for p in (0, 1):
        data["players"][p]["research"]["sci"] = 5
        data["players"][p]["federationTokens"] = [{"token": "fed2", "used": True}]


def _pass_mismatch(data: dict[str, Any]) -> None:
    data["players"][1]["passed"] = True


def _fedtile_without_token(data: dict[str, Any]) -> None:
    data["decision"] = {"player": 0, "mainActionDone": True, "pending": [{"kind": "PENDING_FEDERATION_TILE"}]}
    data["usedActions"] = {"qic2": 0}


CASES: list[tuple[str, Any, str]] = [
    ("negative power", _set("players.1.power.area3", -2), "players[1].power.area3: -2 is negative"),
    (
        "owner out of range",
        lambda d: d["board"]["hexes"][_hex_of(d, 0, "lab")].update(owner=5),
        "].owner: player 5 does not exist",
    ),
    ("unknown field", _set("bogus", 1), "bogus: unknown field of GaiaGameState"),
    (
        "unknown nested field",
        _set("players.0.power.area4", 1),
        "players[0].power.area4: unknown field of Power",
    ),
    ("wrong type", _set("players.0.vp", "lots"), "players[0].vp: expected an integer, got 'lots'"),
    ("bool for int", _set("round", True), "round: expected an integer, got True"),
    ("list expected", _set("turnOrder", 3), "turnOrder: expected a list"),
    ("credits cap", _set("players.0.credits", 31), "players[0].credits: 31 is out of range 0..30"),
    ("research range", _set("players.0.research.nav", 6), "players[0].research.nav: 6 is out of range 0..5"),
    (
        "int32 range",
        _set("players.0.ores", 2**40),
        "players[0].ores: 1099511627776 is out of the int32 range",
    ),
    (
        "token total",
        _set("players.1.power.area1", 95),
        "players[1].power: 104 power tokens in all, at most 100",
    ),
    ("unknown enum", _set("phase", "PHASE_LUNCH"), "phase: unknown value 'PHASE_LUNCH'"),
    ("missing phase", lambda d: d.pop("phase"), "phase: missing"),
    ("round vs phase", _set("round", 0), "round: 0 is out of range 1..6"),
    ("players count", lambda d: d["players"].pop(), "players: 1 entries for a 2-player game"),
    ("unknown faction", _set("players.0.faction", "elves"), "players[0].faction: unknown faction 'elves'"),
    (
        "same home planet",
        _set("players.0.faction", "lantids"),
        "players[1].faction: terrans shares its home planet with lantids (players[0])",
    ),
    (
        "brainstone",
        _set("players.0.power.brainstone", "BRAINSTONE_AREA1"),
        "players[0].power.brainstone: only the taklons have a brainstone",
    ),
    (
        "mine on empty space",
        _add_hex(lambda d: _empty_hex("PLANET_EMPTY"), {"owner": 0, "building": "m"}),
        "].building: m needs a planet (this hex is PLANET_EMPTY)",
    ),
    (
        "gaia-former off transdim",
        _add_hex(lambda d: _empty_hex("PLANET_TERRA"), {"owner": 1, "building": "gf"}),
        "].building: a gaia-former stands on a transdim planet",
    ),
    (
        "space station",
        _add_hex(lambda d: _empty_hex("PLANET_EMPTY"), {"owner": 0, "building": "sp"}),
        "].building: space stations are the ivits'",
    ),
    (
        "planet change",
        _add_hex(
            lambda d: _empty_hex("PLANET_TERRA"), {"planet": "PLANET_GAIA", "owner": 0, "building": "m"}
        ),
        "].planet: PLANET_GAIA, but the map has PLANET_TERRA here",
    ),
    (
        "unowned gaia planet",
        _add_hex(lambda d: _empty_hex("PLANET_TRANSDIM"), {"planet": "PLANET_GAIA"}),
        "a PLANET_GAIA planet made during the game has an owner",
    ),
    (
        "guest without lantids",
        lambda d: d["board"]["hexes"][_hex_of(d, 0, "lab")].update(guest=1),
        "].guest: only the lantids build guest mines",
    ),
    (
        "satellite on a planet",
        lambda d: d["board"]["hexes"][_hex_of(d, 0, "lab")].update(federations=[1], satellites=[1]),
        "].satellites[0]: satellites go on empty space",
    ),
    (
        "federation without building",
        lambda d: d["board"]["hexes"][_hex_of(d, 0, "lab")].update(federations=[1]),
        "].federations[0]: players[1] has neither a building nor a satellite here",
    ),
    ("unknown hex", _add_hex(lambda d: "9Z9", {"owner": 0, "building": "m"}), 'board.hexes["9Z9"]: no hex'),
    ("too many trading stations", _extra_ts, "board.hexes: players[1] has 5 buildings 'ts' on the board"),
    ("federation without token", _federation_without_token, "hexes list player 1 in a federation, but"),
    (
        "token without federation",
        _token_without_federation,
        "players[1].federationTokens: 1 federation(s) formed, but no hex",
    ),
    (
        "two players at level 5",
        _both_at_level_5,
        "players[1].research.sci: level 5 is already reached by players[0]",
    ),
    ("turn order", _set("turnOrder", [0, 0]), "turnOrder: must list every seat 0..1 once"),
    ("pass mismatch", _pass_mismatch, "players[1].passed: true, but passOrder does not list player 1"),
    ("current out of range", _set("decision.player", 2), "decision.player: player 2 does not exist"),
    ("no current player", _set("decision", {}), "decision.player: missing"),
    (
        "booster not in play",
        _set("players.0.booster", "booster1"),
        "players[0].booster: 'booster1' is not in play",
    ),
    (
        "booster twice",
        _set("players.0.booster", "booster2"),
        "players[1].booster: booster2 is also held by players[0]",
    ),
    (
        "booster missing",
        _set("players.0.booster", ""),
        "players[0].booster: missing (a booster is held during",
    ),
    (
        "advanced tile too early",
        _set("players.0.techs", [{"position": "adv-sci"}]),
        "players[0].techs[0].position: adv-sci needs level 4 on sci",
    ),
    (
        "wrong tile name",
        _set("players.0.techs.0.tile", "tech9"),
        "players[0].techs[0].tile: the tile at free2 is tech4",
    ),
    (
        "supply checked",
        _set("supply.federationTokens.fed1", 2),
        'supply.federationTokens["fed1"]: 2, but the rest of the state gives 3',
    ),
    (
        "totals checked",
        _set("players.0.totals.buildings.m", 3),
        'players[0].totals.buildings["m"]: 3, but the rest of the state gives 1',
    ),
    (
        "engine slots",
        _set("engine.players.1.mines", [4, 12]),
        "engine.players[1].mines: 2 entries for 3 ore-producing",
    ),
    (
        "leech offers outside leech",
        _set("decision.leechOffers", [{"player": 1, "hex": "5A9", "builder": 0}]),
        "decision.leechOffers: charge offers are answered in PHASE_LEECH, not PHASE_ACTIONS",
    ),
    (
        "pending before main action",
        _set("decision.pending", [{"kind": "PENDING_TECH"}]),
        "decision.pending: sub-decisions follow the turn's main action",
    ),
    (
        "leech phase without offers",
        _set("phase", "PHASE_LEECH"),
        "decision.leechOffers: missing (PHASE_LEECH answers charge offers)",
    ),
    (
        "brainstone question without taklons",
        _set(
            "decision.brainstoneQuestion",
            {"player": 0, "kind": "BRAINSTONE_QUESTION_CHARGE", "amount": 2, "choices": ["BRAINSTONE_AREA2"]},
        ),
        "decision.brainstoneQuestion.player: only the taklons have a brainstone",
    ),
    (
        "income outside the income phase",
        _set("players.0.pendingIncome", [{"tokens": 2}]),
        "players[0].pendingIncome: income is pending only in PHASE_INCOME",
    ),
    ("setup tile", _set("setup.roundScoring", ["score1"]), "setup.roundScoring: must hold 6 tiles"),
    ("fedtile without a token", _fedtile_without_token,
     "decision.pending[0].kind: PENDING_FEDERATION_TILE for players[0] (hadsch-hallas): qic2 regains"),
    ("not an object", lambda d: d.clear() or d.update(players=[7]), "players[0]: expected a JSON object"),
]


@pytest.mark.parametrize(("name", "edit", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_states_are_rejected_naming_the_field(name: str, edit: Any, message: str) -> None:
    data = _demo_json()
    edit(data)
    with pytest.raises(StateError) as info:
        state_from_json(data)
    assert message in str(info.value)


def test_top_level_must_be_an_object() -> None:
    with pytest.raises(StateError, match="state: expected a JSON object"):
        state_from_json([1, 2])


# ---- fuzzing: mutated JSON raises StateError and nothing else -------------------------------------------


@cache
def _fuzz_bases() -> list[dict[str, Any]]:
    """One exported state per phase of the sample games (plus open sub-decisions and questions)."""
    seen: dict[str, dict[str, Any]] = {}
    states = [state for record in _sample()[:6] for _, state in _positions(record)]
    for game in range(len(WALK_FACTIONS)):
        states += _walk(game)[0]
    for state in states:
        data = state_to_json(state)
        d = data["decision"]
        key = data["phase"] + " ".join(sorted(k for k in d if k != "player"))
        key += " ".join(x["kind"] for x in [*d.get("pending", []), d.get("brainstoneQuestion", {"kind": ""})])
        seen.setdefault(key, data)
    return list(seen.values())



JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.integers(-3, 40),
    st.floats(),
    st.text(max_size=6),
    st.lists(st.integers(-2, 5), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.sampled_from(["PLANET_GAIA", "m", "fed2", "booster3", "3A5", "BRAINSTONE_AREA2", "adv-nav"]),
)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_states_raise_only_state_errors(data: st.DataObject) -> None:
    bases = _fuzz_bases()
    value = copy.deepcopy(bases[data.draw(st.integers(0, len(bases) - 1), label="base")])
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        paths = list(json_paths(value))[1:]
        if not paths:
            break
        path = paths[data.draw(st.integers(0, len(paths) - 1), label="path")]
        parent: Any = value
        for part in path[:-1]:
            parent = parent[part]
        op = data.draw(st.sampled_from(["delete", "replace", "unknown", "number"]), label="op")
        if op == "delete":
            del parent[path[-1]]
        elif op == "replace":
            parent[path[-1]] = data.draw(JUNK, label="value")
        elif op == "unknown" and isinstance(parent, dict):
            parent[data.draw(st.text(min_size=1, max_size=5), label="key")] = data.draw(JUNK, label="value")
        elif op == "number" and isinstance(parent[path[-1]], int):
            parent[path[-1]] += data.draw(st.integers(-40, 40), label="delta")
    try:
        state = state_from_json(value)
    except StateError:
        return
    # accepted: the engine must be able to play on from it
    moves = state.legal_moves()
    assert moves or state.is_terminal
    for move in moves[:3]:
        state.copy().apply(move)


# ---- the protobuf message ---------------------------------------------------------------------------------


def test_json_parses_into_the_protobuf_message_and_back() -> None:
    json_format = pytest.importorskip("google.protobuf.json_format")
    try:
        from gaia_ai.games.gaia.v1 import gaia_state_pb2
    except ImportError:
        pytest.skip(
            "stubs missing: python -m grpc_tools.protoc -I proto --python_out=. --pyi_out=. "
            "proto/gaia_ai/games/gaia/v1/gaia_state.proto"
        )
    for data in [*_fuzz_bases(), state_to_json(demo())]:
        message = json_format.ParseDict(data, gaia_state_pb2.GaiaGameState())
        assert json_format.MessageToDict(message) == data
        assert (
            state_from_json(json_format.MessageToDict(message)).snapshot() == state_from_json(data).snapshot()
        )
    full = state_to_json(demo(), all_fields=True)
    message = json_format.ParseDict(full, gaia_state_pb2.GaiaGameState())
    assert json_format.MessageToDict(message, always_print_fields_with_no_presence=True) == full


def test_schema_mirrors_the_proto_file() -> None:
    """state_schema.MESSAGES (what the importer checks without protobuf) matches the .proto exactly."""
    pytest.importorskip("google.protobuf")
    try:
        from gaia_ai.games.gaia.v1 import gaia_state_pb2
    except ImportError:
        pytest.skip(
            "stubs missing: python -m grpc_tools.protoc -I proto --python_out=. --pyi_out=. "
            "proto/gaia_ai/games/gaia/v1/gaia_state.proto"
        )
    from gaia_ai.games.gaia.state_schema import MESSAGES

    top = gaia_state_pb2.GaiaGameState.DESCRIPTOR
    descriptors = {
        "GaiaGameState": top,
        **{m.name: m for m in top.nested_types if not m.GetOptions().map_entry},
    }
    assert set(descriptors) == set(MESSAGES)
    for name, descriptor in descriptors.items():
        assert [f.json_name for f in descriptor.fields] == list(MESSAGES[name]), name
        for f in descriptor.fields:
            field = MESSAGES[name][f.json_name]
            value = (
                f.message_type.fields_by_name["value"]
                if f.message_type and f.message_type.GetOptions().map_entry
                else f
            )
            repeated = f.is_repeated if hasattr(f, "is_repeated") else f.label == f.LABEL_REPEATED
            label = (
                "map"
                if value is not f
                else "repeated"
                if repeated
                else "optional"
                if f.has_presence and not f.message_type
                else ""
            )
            assert field.label == label, f"{name}.{f.json_name}"
            if value.enum_type:
                assert field.ref == tuple(v.name for v in value.enum_type.values), f"{name}.{f.json_name}"
            elif value.message_type:
                assert field.kind == "msg" and field.ref == value.message_type.name, f"{name}.{f.json_name}"
            else:
                kind = {value.TYPE_INT32: "int", value.TYPE_STRING: "str", value.TYPE_BOOL: "bool"}[
                    value.type
                ]
                assert field.kind == kind, f"{name}.{f.json_name}"


def test_phase_names_agree_with_the_engine_codes() -> None:
    codes = {
        "sf": "PHASE_FACTION_SELECTION",
        "sB": "PHASE_SETUP_MINES",
        "sbo": "PHASE_SETUP_BOOSTERS",
        "inc": "PHASE_INCOME",
        "gaia": "PHASE_GAIA",
        "move": "PHASE_ACTIONS",
        "leech": "PHASE_LEECH",
        "end": "PHASE_GAME_OVER",
    }
    seen = set()
    for game in range(len(WALK_FACTIONS)):
        for state in _walk(game)[0]:
            assert state_to_json(state)["phase"] == codes[state.phase]
            seen.add(state.phase)
    assert seen >= {"sB", "sbo", "inc", "move", "leech", "end"}


# ---- command line -----------------------------------------------------------------------------------------


def test_export_state_then_suggest_from_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "state.json"
    assert (
        main(
            ["export-state", "--corpus", str(SAMPLE), "--game-id", "bot-001", "--move", "40", "--out", str(out)]
        )
        == 0
    )
    data = json.loads(out.read_text())
    assert data["setup"]["numPlayers"] == 2 and data["decision"]["player"] in (0, 1)
    assert main(["suggest", "--state", str(out), "--simulations", "50", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["suggestions"]


def test_export_state_prints_indented_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export-state", "--demo"]) == 0
    text = capsys.readouterr().out
    assert text.startswith('{\n  "setup"') and json.loads(text) == state_to_json(demo())


def test_suggest_state_errors_name_the_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _demo_json()
    data["players"][1]["power"]["area3"] = -2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["suggest", "--state", str(bad)]) == 2
    assert "players[1].power.area3: -2 is negative" in capsys.readouterr().err
    bad.write_text("{not json")
    assert main(["suggest", "--state", str(bad)]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert main(["export-state", "--corpus", str(SAMPLE), "--game-id", "bot-001"]) == 2
    assert "needs --game-id ID and --move K" in capsys.readouterr().err
