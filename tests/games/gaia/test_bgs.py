"""Importing boardgamers.space exports."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from gaia_ai.games.gaia.bgs import BgsExport, export_setup_fields, load_export, parse_export
from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus
from gaia_ai.games.gaia.errors import ExportError
from gaia_ai.games.gaia.replay import apply_hx, compare_boards, compare_snapshot, map_planets_of
from gaia_ai.games.gaia.setup import GameSetup

EXPORTS = {"bot-001": ("bot-001", None), "bot-005": ("bot-005", None), "bot-000-at-60": ("bot-000", 60)}
SETUP_KEYS = (
    "mapConfig", "roundScoring", "finalScoring", "boosters", "techTiles", "advTechTiles",
    "terraformingFederation", "federationSupply",
)  # fmt: skip


def _load(folder: Path, name: str) -> dict[str, Any]:
    return json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def sample_records() -> dict[str, CorpusRecord]:
    path = Path(__file__).resolve().parents[2] / "data" / "corpus-sample.jsonl.gz"
    return {r.id: r for r in read_corpus(path)}


@pytest.fixture(scope="module")
def small_export() -> dict[str, Any]:
    return _load(Path(__file__).resolve().parents[2] / "data" / "exports", "bot-000-at-60")


def _check_against_record(export: BgsExport, raw: dict[str, Any], rec: CorpusRecord, cut: int | None) -> None:
    """The export's setup, moves and recorded state agree with the corpus record of the same game."""
    fields = export_setup_fields(raw)
    assert {k: rec.setup[k] for k in SETUP_KEYS} == fields
    corpus_setup = GameSetup.from_corpus({"setup": rec.setup, "seed": rec.seed, "nbPlayers": rec.num_players})
    assert export.setup == corpus_setup
    n = cut or len(rec.move_history)
    assert export.moves == rec.move_history[:n]
    assert export.factions == rec.factions
    # the export's player data, converted to snapshot form, equals the record's snapshot
    assert compare_snapshot(rec.snapshots[n - 1], export.expected) is None
    assert set(export.expected) == {"r", "ph", "tm", "p", "b", "t", "ba"}
    board: dict[str, Any] = {}
    planets = map_planets_of(rec)
    for snap in rec.snapshots[:n]:
        apply_hx(board, snap.get("hx") or (), planets)
    assert compare_boards(board, export.expected_board, "board") is None
    assert export.map_planets == planets
    if cut is None:
        assert rec.final is not None
        assert export.ended and export.final_vp == rec.final["vp"]
    else:
        assert not export.ended and export.final_vp is None


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_export_matches_sample_record(name: str, data_dir: Path, sample_records: dict[str, CorpusRecord]) -> None:
    rid, cut = EXPORTS[name]
    export = load_export(data_dir / "exports" / f"{name}.json")
    assert export.game_id == name
    _check_against_record(export, _load(data_dir / "exports", name), sample_records[rid], cut)


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_export_matches_shared_corpus(name: str, shared_dir: Path) -> None:
    corpus = shared_dir / "corpus" / "gaia"
    rid, cut = EXPORTS[name]
    rec = next(r for r in read_corpus(corpus / "games.jsonl.gz") if r.id == rid)
    export = load_export(corpus / "exports" / f"{name}.json")
    _check_against_record(export, _load(corpus / "exports", name), rec, cut)


def test_map_derived_without_options_map(data_dir: Path) -> None:
    for name in EXPORTS:
        raw = _load(data_dir / "exports", name)
        expected = parse_export(raw).setup
        del raw["options"]["map"]
        assert parse_export(raw).setup == expected


def test_known_values(data_dir: Path) -> None:
    export = load_export(data_dir / "exports" / "bot-000-at-60.json")
    assert export.setup.num_players == 3 and export.setup.seed == export.moves[0].split()[2]
    assert export.factions == ["gleens", "bescods", "itars"]
    assert export.expected["b"] == ["booster7", "booster2", "booster5"]
    assert export.expected["t"] == ["", "gaia", "sci"]
    assert export.expected["tm"] == 1 and export.expected["r"] == 3
    # Gleens' PI federation token counts as a (green) token held
    assert export.expected["p"][0][24:26] == [1, 1]


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda d: d["options"].update(auction="auction-then-choose"), "options.auction"),
        (lambda d: d["options"].update(factionVariant="more-beta"), "options.factionVariant"),
        (lambda d: d["factionCustomization"].update(variant="beta"), "factionCustomization.variant"),
        (lambda d: d.update(expansions=1), "expansions"),
        (lambda d: d["options"].update(expansions=1), "options.expansions"),
        (lambda d: d["options"].update(layout="xshape"), "options.layout"),
        (lambda d: d["options"].update(advancedRules=True), "options.advancedRules"),
    ],
)
def test_unsupported_options(small_export: dict[str, Any], change: Any, key: str) -> None:
    data = copy.deepcopy(small_export)
    change(data)
    with pytest.raises(ExportError, match=f"unsupported option {key}="):
        parse_export(data)


def test_auction_off_values_accepted(small_export: dict[str, Any]) -> None:
    data = copy.deepcopy(small_export)
    data["options"]["auction"] = "none"
    parse_export(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("moveHistory"), "missing key moveHistory"),
        (lambda d: d.pop("options"), "missing key options"),
        (lambda d: d.update(players={}), "bad type at players"),
        (lambda d: d["players"][1]["data"].pop("credits"), "missing key players[1].data.credits"),
        (lambda d: d["players"][2]["data"]["power"].update(area2="5"), "bad type at players[2].data.power.area2"),
        (lambda d: d["players"][0]["data"].update(brainstone="area9"), "players[0].data.brainstone"),
        (lambda d: d["tiles"]["scorings"].pop("round"), "missing key tiles.scorings.round"),
        (lambda d: d["tiles"]["techs"]["nav"].pop("tile"), "missing key tiles.techs.nav.tile"),
        (lambda d: d["tiles"]["scorings"]["round"].pop(), "round_scoring"),
        (lambda d: d.update(terraformingFederation=3), "bad type at terraformingFederation"),
        (lambda d: d["moveHistory"].__setitem__(0, "p1 faction gleens"), "moveHistory[0]"),
        (lambda d: d["players"].pop(), "init line says 3"),
        (lambda d: d["options"]["map"]["sectors"].pop(), "options.map"),
        (lambda d: d["boardActions"].update(power3="x"), "boardActions.power3"),
        (lambda d: d["map"][5]["data"].update(player="0"), "map[5].data.player"),
    ],
)
def test_malformed_exports_name_the_key(small_export: dict[str, Any], change: Any, message: str) -> None:
    data = copy.deepcopy(small_export)
    change(data)
    with pytest.raises(ExportError, match=re.escape(message)):
        parse_export(data)


def test_bad_files(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("not json", encoding="utf-8")
    with pytest.raises(ExportError, match="x.json: not valid JSON"):
        load_export(path)
    path.write_bytes(b"\xff\xfe{")
    with pytest.raises(ExportError, match="not UTF-8"):
        load_export(path)
    path.write_text("[1]", encoding="utf-8")
    with pytest.raises(ExportError, match="must be a JSON object"):
        load_export(path)


# ---------------------------------------------------------------- fuzzing


def _paths(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key/index path inside the parts of an export the importer reads."""
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if not prefix and k in ("advancedLog",):
                continue  # large and unread: mutating it only dilutes the search
            if k in ("events", "settings"):
                continue
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:6]):
            out += _paths(v, (*prefix, i))
    return out


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=6) | st.sampled_from(["area1", "m", "fed1"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3),
    max_leaves=5,
)


def _mutate(data: Any, path: tuple[Any, ...], op: str, value: Any) -> None:
    parent = data
    try:
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if op == "delete":
            del parent[last]
        else:
            parent[last] = value
    except (KeyError, IndexError, TypeError):
        pass  # an earlier mutation removed this path


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzz_mutated_exports_only_raise_export_error(small_export: dict[str, Any], data: st.DataObject) -> None:
    paths = _paths(small_export)
    export = copy.deepcopy(small_export)
    ops = data.draw(
        st.lists(
            st.tuples(st.sampled_from(paths), st.sampled_from(["delete", "replace"]), JSON_VALUES),
            min_size=1,
            max_size=3,
        )
    )
    if data.draw(st.booleans()):
        del export["options"]["map"]  # exercise the map derivation from the hexes too
    for path, op, value in ops:
        _mutate(export, path, op, value)
    try:
        parse_export(export)
    except ExportError:
        pass


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(0, 25_000))
def test_fuzz_truncated_text(data_dir: Path, tmp_path: Path, cut: int) -> None:
    text = (data_dir / "exports" / "bot-000-at-60.json").read_text(encoding="utf-8")
    path = tmp_path / "cut.json"
    path.write_text(text[:cut], encoding="utf-8")
    with pytest.raises(ExportError):
        load_export(path)
