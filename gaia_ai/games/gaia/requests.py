"""Gaia Project positions as the service's Position message (gaia_ai.v1), for SuggestClient:

    from gaia_ai.games.gaia.requests import position_from_bgs
    reply = client.suggest(position_from_bgs(Path("game.json").read_text()), time_ms=1000)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from gaia_ai.games.gaia.v1.gaia_state_pb2 import GaiaGameState, GaiaMoveLog
from gaia_ai.v1 import suggest_pb2 as pb


def position_from_bgs(export_json: str) -> pb.Position:
    """(c) A boardgamers.space export, its JSON text as is."""
    return pb.Position(bgs_export_json=export_json)


def position_from_log(setup: Mapping[str, Any], moves: Sequence[str]) -> pb.Position:
    """(b) A setup in the corpus `setup` layout (plus num_players and seed, as GameSetup.to_dict()
    gives) and the log lines played from it. TypeError/ValueError when a field has the wrong type."""
    m = setup.get("mapConfig") or {}
    log = GaiaMoveLog(
        setup=GaiaGameState.Setup(
            num_players=setup.get("num_players", 0),
            seed=str(setup.get("seed", "")),
            sectors=[GaiaGameState.SectorPlacement(sector=s.get("sector", ""), rotation=s.get("rotation", 0),
                                        q=(s.get("center") or {}).get("q", 0), r=(s.get("center") or {}).get("r", 0))
                     for s in m.get("sectors", [])],
            round_scoring=setup.get("roundScoring", []),
            final_scoring=setup.get("finalScoring", []),
            boosters=setup.get("boosters", []),
            tech_tiles=setup.get("techTiles", {}),
            adv_tech_tiles=setup.get("advTechTiles", {}),
            terraforming_federation=setup.get("terraformingFederation", ""),
        ),
        moves=list(moves),
    )
    options = setup.get("options")
    if options:   # boardgamers.space's option names (a variant game: auction, beta boards)
        log.setup.options.CopyFrom(GaiaGameState.Options(
            auction=options.get("auction") or "",
            faction_variant=options.get("factionVariant") or "standard",
            # absent: the newest beta boards, as the site takes them (proto3 cannot tell 0 from unset)
            faction_variant_version=_beta_version(options),
        ))
    return pb.Position(gaia_move_log=log)


def _beta_version(options: Mapping[str, Any]) -> int:
    from gaia_ai.games.gaia.variants import BETA_VERSIONS

    version = options.get("factionVariantVersion")
    if version is None:
        return max(BETA_VERSIONS) if options.get("factionVariant") == "beta" else 0
    return version


def position_from_record(record: Mapping[str, Any], moves: int | None = None) -> pb.Position:
    """(b) A corpus-format record (setup, seed, nbPlayers, options, moveHistory) cut after `moves` log
    lines (all by default); KeyError/TypeError when the record lacks those fields."""
    history = list(record["moveHistory"])
    if moves is not None and not 0 <= moves <= len(history):
        raise ValueError(f"move {moves} is out of range: game {record.get('id', '?')!r} has {len(history)} log lines")
    setup = {**record["setup"], "num_players": record["nbPlayers"], "seed": record["seed"]}
    if record.get("options"):
        setup["options"] = record["options"]
    return position_from_log(setup, history if moves is None else history[:moves])


def demo_position() -> pb.Position:
    """The position shipped with the package (as `gaia-ai suggest --demo`)."""
    text = resources.files("gaia_ai.games.gaia").joinpath("data/demo-position.json").read_text()
    return position_from_record(json.loads(text))
