"""Game options: what the engine does not model is refused up front, naming the option."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.gaia.bgs import parse_export
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.errors import ExportError
from gaia_ai.games.gaia.replay import replay_record
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.gaia.variants import GameOptions, UnsupportedOptionError, parse_options

STANDARD = {"layout": "standard", "factionVariant": "standard", "factionVariantVersion": 0}

# (option change, the option the refusal must name)
UNMODELLED = [
    ({"layout": "xshape"}, "options.layout='xshape'"),
    ({"expansions": 1}, "options.expansions=1"),
    ({"advancedRules": True}, "options.advancedRules=True"),
    ({"auction": "auction-then-choose"}, "options.auction='auction-then-choose'"),
    ({"factionVariant": "more-beta"}, "options.factionVariant='more-beta'"),
    ({"factionVariant": "beta", "factionVariantVersion": 3}, "options.factionVariantVersion=3"),
    ({"randomFactions": True}, "options.randomFactions=True"),
]


@pytest.mark.parametrize(("change", "named"), UNMODELLED)
def test_parse_options_names_what_is_not_modelled(change: dict[str, Any], named: str) -> None:
    with pytest.raises(UnsupportedOptionError, match=f"unsupported option {named}"):
        parse_options({**STANDARD, **change})


def test_standard_and_off_values_are_the_standard_game() -> None:
    assert parse_options(STANDARD) == GameOptions()
    assert parse_options(None).is_standard
    off = {**STANDARD, "auction": None, "expansions": 0, "advancedRules": False, "randomFactions": False}
    assert parse_options(off) == GameOptions()
    # the version of the standard boards means nothing
    assert parse_options({**STANDARD, "factionVariantVersion": 3}) == GameOptions()


def _first_record(data_dir: Path) -> dict[str, Any]:
    return next(iter(read_corpus(data_dir / "corpus-sample.jsonl.gz"))).to_dict()


@pytest.mark.parametrize(("change", "named"), UNMODELLED)
def test_a_record_with_an_unmodelled_option_is_refused_before_replay(
    data_dir: Path, change: dict[str, Any], named: str
) -> None:
    data = _first_record(data_dir)
    data["options"] = {**STANDARD, **change}
    with pytest.raises(UnsupportedOptionError, match=named):
        GameSetup.from_corpus(data)
    from gaia_ai.games.gaia.corpus import CorpusRecord

    result = replay_record(CorpusRecord.from_dict(data))
    assert not result.passed and result.moves_checked == 0
    assert result.failure is not None and result.failure.field == "options" and result.failure.move_index is None
    assert named in str(result.failure.actual)


@pytest.mark.parametrize(("change", "named"), UNMODELLED)
def test_an_export_with_an_unmodelled_option_is_refused(data_dir: Path, change: dict[str, Any], named: str) -> None:
    data = json.loads((data_dir / "exports" / "bot-001.json").read_text())
    data["options"] = {**data["options"], **change}
    if "factionVariant" in change:
        data["factionCustomization"]["variant"] = change["factionVariant"]
    with pytest.raises(ExportError, match=named):
        parse_export(copy.deepcopy(data))


def test_setup_dict_round_trips_its_options(data_dir: Path) -> None:
    setup = GameSetup.from_corpus(_first_record(data_dir))
    assert "options" not in setup.to_dict()   # the standard game writes nothing new
    assert GameSetup.from_dict(setup.to_dict()) == setup
