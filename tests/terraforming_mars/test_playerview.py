"""Importing the web app's player views: the rebuilt position equals the view, and the engine's choices at
the prompt equal the app's (the facts file's ``legal``). Samples in tests/data/tm-playerviews; all 48 views
of ../shared/corpus/tm/playerviews when that folder is there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_ai.games.terraforming_mars import TmError
from gaia_ai.games.terraforming_mars.playerview import (
    PlayerViewError,
    import_player_view,
    prompt_choices,
    read_player_view,
)
from gaia_ai.games.terraforming_mars.tables import (
    AWARDS,
    CONST,
    MILESTONES,
    SPACES,
    TILE_NAMES,
    card_name,
)

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "tm-playerviews"
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
PRODUCTION = ("megacredit", "steel", "titanium", "plant", "energy", "heat")


def _views(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if not p.name.endswith(".facts.json"))


def _facts(path: Path) -> dict:
    return json.loads(path.with_name(path.stem + ".facts.json").read_text())


def check_view(path: Path) -> None:
    """Import one view and compare the state and the prompt's choices with the view and its facts."""
    view = json.loads(path.read_text())
    facts = _facts(path)
    state, pv = import_player_view(view, seed=3)
    check_state(state, pv, view, facts)
    check_choices(state, pv, facts)


def check_state(state, pv, view: dict, facts: dict) -> None:
    core, game = state.core, view["game"]
    assert pv.seat == facts["seat"] and pv.kind == facts["kind"]
    assert pv.colors == [s["color"] for s in sorted(facts["seats"], key=lambda s: s["seat"])]
    assert state.current_player == facts["seat"]
    assert core.first_player() == facts["firstSeat"]
    gen, _, temp, oxy, oceans = core.globals()
    assert (gen, temp, oxy, oceans) == (game["generation"], game["temperature"], game["oxygenLevel"],
                                        game["oceans"])
    assert core.deck_size() == facts["drawPile"] and core.discard_size() == facts["discardPile"]
    snap = state.snapshot()
    for seat, color in enumerate(pv.colors):
        pl = next(p for p in view["players"] if p["color"] == color)
        tr, *rest = core.player(seat)
        assert tr == pl["terraformRating"], color
        assert rest[:6] == [pl[r] for r in RESOURCES], color
        assert rest[6:12] == [pl[f"{r}Production"] for r in PRODUCTION], color
        assert rest[12] == pl["cardsInHandNbr"], color
        tableau = [c["name"] for c in pl["tableau"]]
        if pv.kind != "initial":            # chosen corporations are played when everyone has chosen
            assert snap["pc"].get(str(seat), []) == tableau, color
        on_cards = {c["name"]: c["resources"] for c in pl["tableau"] if c.get("resources")}
        assert snap["cr"].get(str(seat), {}) == on_cards, color
        assert core.passed(seat) == (color in game["passedPlayers"])
    hand = sorted(c["name"] for c in view["cardsInHand"])
    assert sorted(card_name(c) for c in core.hand(pv.seat)) == hand
    tiles = sorted((s["id"], TILE_NAMES[s["tileType"] + 1],
                    pv.colors.index(s["color"]) if "color" in s else -1) for s in game["spaces"] if "tileType" in s)
    assert sorted((SPACES[sp], TILE_NAMES[t], o) for sp, t, o in core.tiles()) == tiles
    claimed = sorted((m["name"], pv.colors.index(m["color"])) for m in game["milestones"] if "color" in m)
    assert sorted((MILESTONES[i], p) for i, p in core.milestones()) == claimed
    funded = sorted((a["name"], pv.colors.index(a["color"])) for a in game["awards"] if "color" in a)
    assert sorted((AWARDS[i], p) for i, p in core.awards()) == funded
    assert core.colonies_on == (facts["set"] == "colonies")
    if core.colonies_on:
        tiles = sorted((c["name"], c["trackPosition"], [pv.colors.index(x) for x in c["colonies"]],
                        pv.colors.index(c["visitor"]) if "visitor" in c else -1, int(c["isActive"]))
                       for c in game["colonies"])
        assert sorted(list(x) for x in snap["col"]) == [list(x) for x in tiles]
        for seat, color in enumerate(pv.colors):
            pl = next(p for p in view["players"] if p["color"] == color)
            assert core.fleets(seat) == [pl["fleetSize"], pl["tradesThisGeneration"]], color


def view_choices(facts: dict) -> dict:
    """The facts file's ``legal`` in prompt_choices' terms."""
    legal = facts["legal"]
    kind = facts["kind"]
    if kind == "initial":
        corp, cards = legal[0]["choices"]
        return {"corporation": sorted(corp["choices"]["cards"]), "cards": sorted(cards["choices"]["cards"])}
    if kind == "research":
        return {"cards": sorted(legal[0]["choices"]["cards"]), "max": legal[0]["choices"]["max"]}
    if kind == "finalGreenery":
        spaces = [e for e in legal if e["type"] == "space"]
        return {"space": sorted(spaces[0]["choices"]) if spaces else [],
                "skip": any(e["title"] == "Don't place a greenery" for e in legal)}
    if kind == "followup":
        return followup_choices(legal)
    out = {}
    for e in legal:
        title, choices = e["title"], e["choices"]
        if title == "Claim a milestone":
            out["milestone"] = sorted(choices)
        elif title.startswith("Convert") and "plants" in title:
            out["plants"] = None
        elif title == "Convert 8 heat into temperature":
            out["heat"] = None
        elif title == "Perform an action from a played card":
            out["action"] = sorted(choices["cards"])
        elif title == "Play project card":
            out["play"] = sorted(choices)
        elif title == "End Turn":
            out["end"] = None
        elif title.startswith("Fund an award"):
            out["award"] = sorted(choices)
        elif title == "Standard projects":
            if choices:                     # listed even when every project is disabled
                out["std"] = sorted(choices)
        elif title == "Pass for this generation":
            out["pass"] = None
        elif title == "Sell patents":
            out["sell"] = sorted(choices["cards"])
        elif title.startswith("Take first action of"):
            out["first"] = None
        elif title == "Trade with a colony tile":   # "Pay 9 M€" / "Pay 3 energy", then the tiles
            fee, tiles = choices
            out["trade"] = {"pay": sorted(x.split(" ", 2)[2] for x in fee["choices"]),
                            "colony": sorted(tiles["choices"])}
        else:
            raise AssertionError(f"unknown menu option {title!r}")
    return out


def followup_choices(legal: list[dict]) -> dict:
    """A follow-up's ``legal`` in prompt_choices' terms."""
    e = legal[0]
    if e["type"] == "space":
        return {"space": sorted(e["choices"])}
    if e["type"] == "player":
        return {"player": sorted(e["choices"])}
    if e["type"] == "amount":
        return {"amount": [e["choices"]["min"], e["choices"]["max"]]}
    if e["type"] == "colony":
        return {"colony": sorted(e["choices"])}
    if e["type"] == "payment":
        return {"payment": [e["choices"]["amount"]]}
    if e["type"] == "card" and e["title"].endswith("to keep"):
        return {"keep": {"cards": sorted(e["choices"]["cards"]),
                         "count": list(range(e["choices"]["min"], e["choices"]["max"] + 1))}}
    if e["type"] == "card":             # "Select a card to discard" or "Do nothing" (Mars University)
        return {"card": sorted(e["choices"]["cards"]), **({"skip": True} if len(legal) > 1 else {})}
    # "Remove N plants from <colour>" / "Skip removing plants"
    return {"player": sorted("skip" if x["title"].startswith("Skip") else x["title"].rsplit(" ", 1)[1]
                             for x in legal)}


def check_choices(state, pv, facts: dict) -> None:
    assert prompt_choices(state, pv) == view_choices(facts)


@pytest.mark.parametrize("path", _views(SAMPLES), ids=lambda p: p.stem)
def test_sample_view(path):
    check_view(path)


def test_every_shared_view(shared_dir):
    folder = shared_dir / "corpus" / "tm" / "playerviews"
    if not folder.is_dir():
        pytest.skip(f"{folder} not available")
    views = _views(folder)
    assert len(views) == 48
    for path in views:
        try:
            check_view(path)
        except AssertionError as e:
            raise AssertionError(f"{path.name}: {e}") from e


def test_hidden_cards_follow_the_seed_not_the_view():
    """The unseen cards are sampled: another seed puts other cards in the opponents' hands, while what
    the decider sees stays."""
    text = (SAMPLES / "base-v01-0-g6-60.json").read_text()
    a, b = read_player_view(text, seed=1), read_player_view(text, seed=2)
    assert a.core.hand(0) == b.core.hand(0)
    assert a.core.hand(1) != b.core.hand(1)
    assert a.snapshot() == b.snapshot()


@pytest.mark.parametrize("text, message", [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON list, not an object"),
    ('{"factions": [], "round": 3}', "not a Terraforming Mars player view"),
])
def test_bad_input_is_a_clear_error(text, message):
    with pytest.raises(PlayerViewError, match=message):
        read_player_view(text)


def test_unknown_card_and_space_are_named():
    view = json.loads((SAMPLES / "base-v01-0-g6-60.json").read_text())
    view["cardsInHand"][0]["name"] = "Mystery Card"
    with pytest.raises(PlayerViewError, match="unknown project card 'Mystery Card' in the hand"):
        read_player_view(view)
    view = json.loads((SAMPLES / "base-v01-0-g6-60.json").read_text())
    next(s for s in view["game"]["spaces"] if "tileType" in s)["id"] = "99"
    with pytest.raises(PlayerViewError, match="unknown space '99'"):
        read_player_view(view)


def test_counts_that_do_not_add_up_are_refused():
    view = json.loads((SAMPLES / "base-v01-0-g6-60.json").read_text())
    view["game"]["deckSize"] += 5
    with pytest.raises(PlayerViewError, match="card counts do not add up"):
        read_player_view(view)


def test_unknown_prompt_is_refused():
    view = json.loads((SAMPLES / "base-v01-0-g6-60.json").read_text())
    view["waitingFor"] = {"type": "amount", "title": "Select amount of heat to spend", "min": 0, "max": 3}
    with pytest.raises(PlayerViewError, match="cannot reproduce this prompt"):
        read_player_view(view)
    assert issubclass(PlayerViewError, TmError)


def test_a_followup_without_its_card_is_refused_by_name():
    # only Power Infrastructure's action asks an amount of energy, only Mars University the discard
    for name, card in (("colonies-v06-2-g10-226", "Power Infrastructure"), ("colonies-v08-0-g4-80", "Mars University")):
        view = json.loads((SAMPLES / f"{name}.json").read_text())
        view["players"][[p["color"] for p in view["players"]].index(view["thisPlayer"]["color"])]["tableau"] = [
            c for c in view["thisPlayer"]["tableau"] if c["name"] != card]
        view["game"]["deckSize"] += 1                           # the card is unseen now
        with pytest.raises(PlayerViewError, match=f"only {card} asks it"):
            read_player_view(view)
    view = json.loads((SAMPLES / "colonies-v05-1-g7-71.json").read_text())
    view["thisPlayer"]["lastCardPlayed"] = "Cartel"            # a card that draws nothing to keep
    with pytest.raises(PlayerViewError, match="cannot reproduce 'Select 1 card\\(s\\) to keep' after 'Cartel'"):
        read_player_view(view)


@pytest.mark.parametrize("name", ["base-v02-1-g10-171", "colonies-v05-1-g7-71", "colonies-v06-2-g10-226",
                                  "colonies-v07-1-g6-126", "colonies-v08-0-g4-80"])
def test_suggest_answers_each_followup_legally(name, capsys) -> None:
    """The follow-ups the importer once refused: every suggestion is one of our legal answers, and after
    it the position has left the prompt (the rest of the action or the next decision)."""
    from gaia_ai.cli import main

    path = SAMPLES / f"{name}.json"
    state, view = import_player_view(path.read_text(), seed=0)
    assert main(["suggest", "--game", "terraforming-mars", "--tm-view", str(path), "--simulations", "40",
                 "--top", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["player"] == view.seat
    legal = set(state.legal_lines())
    assert out["suggestions"] and all(s["move"] in legal for s in out["suggestions"])
    after = state.copy()
    after.apply(out["suggestions"][0]["move"])
    assert after.core.pending() != state.core.pending() or after.current_player != view.seat


@pytest.mark.parametrize("path", _views(SAMPLES),
                         ids=lambda p: p.stem)
def test_determinize_keeps_what_the_seat_sees(path):
    """determinize(seat, seed) of an imported view resamples only the unseen cards: the seat's own hand
    and offer, every public field, every count and the seat's legal moves stay; hidden hands change."""
    state, pv = import_player_view(path.read_text(), seed=5)
    seat, core = pv.seat, state.core
    hidden = {c for q in range(state.num_players) if q != seat for c in core.hand(q)}
    changed = False
    for seed in range(4):
        other = state.determinize(seat, seed)
        o = other.core
        assert other.snapshot() == state.snapshot()
        assert o.hand(seat) == core.hand(seat) and o.offer(seat) == core.offer(seat)
        assert o.deck_size() == core.deck_size() and o.discard_size() == core.discard_size()
        assert other.legal_codes() == state.legal_codes()
        assert other.current_player == state.current_player
        # the unseen cards are exchanged among the unseen places, never with what the seat sees
        piles = (CONST["L_DECK"], CONST["L_DISCARD"])   # the discard pile is face down
        unseen = {c for c, loc in enumerate(core.locations()) if loc in piles} | hidden | {
            c for q in range(state.num_players) if q != seat for c in core.offer(q)}
        unseen_after = {c for c, loc in enumerate(o.locations()) if loc in piles} | {
            c for q in range(state.num_players) if q != seat for c in o.hand(q) + o.offer(q)}
        assert unseen_after == unseen
        changed |= {c for q in range(state.num_players) if q != seat for c in o.hand(q)} != hidden
    assert changed or not hidden


def test_colonies_view_errors_name_the_tile_the_colour_or_the_card():
    path = SAMPLES / "colonies-v05-0-g15-197.json"
    view = json.loads(path.read_text())
    view["game"]["colonies"][0]["name"] = "Vulcan"
    with pytest.raises(PlayerViewError, match="unknown colony tile 'Vulcan'"):
        read_player_view(view)
    view = json.loads(path.read_text())
    view["game"]["colonies"][0]["colonies"] = ["purple"]
    with pytest.raises(PlayerViewError, match="names 'purple', not a player"):
        read_player_view(view)
    view = json.loads(path.read_text())
    view["game"]["gameOptions"]["expansions"]["colonies"] = False     # a base game holding Colonies cards
    with pytest.raises(PlayerViewError, match="colony tiles in play, but the game options do not have Colonies"):
        read_player_view(view)
    view["game"]["colonies"] = []
    with pytest.raises(PlayerViewError, match="a Colonies (card|corporation) in a game without Colonies"):
        read_player_view(view)


def test_colonies_view_keeps_tracks_fleets_and_trade_choices():
    state, pv = import_player_view((SAMPLES / "colonies-v07-3-g12-365.json").read_text(), seed=1)
    view = pv.view
    assert state.core.colonies_on and len(state.core.colonies()) == len(view["game"]["colonies"])
    assert sum(t[3] >= 0 for t in state.core.colonies()) == 4          # four fleets out this generation
    assert max(state.core.fleets(p)[0] for p in range(4)) == 3
    hidden = state.determinize(pv.seat, 9)
    assert hidden.core.colonies() == state.core.colonies() and hidden.snapshot() == state.snapshot()


def test_suggest_answers_the_prompt_of_a_view(capsys) -> None:
    # gaia-ai suggest --tm-view: the hint for the player whose view it is, every suggestion a legal
    # answer to the prompt shown (here a follow-up: which player loses production)
    from gaia_ai.cli import main
    from gaia_ai.games.terraforming_mars.playerview import import_player_view

    path = SAMPLES / "base-v03-1-g7-131.json"
    state, view = import_player_view(path.read_text(), seed=0)
    assert main(["suggest", "--game", "terraforming-mars", "--tm-view", str(path), "--simulations", "60",
                 "--top", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["player"] == view.seat == state.current_player
    legal = set(state.legal_lines())
    assert out["suggestions"] and all(s["move"] in legal for s in out["suggestions"])
    assert main(["suggest", "--game", "terraforming-mars", "--tm-view", str(path) + ".missing"]) == 2
    assert "cannot read" in capsys.readouterr().err
