"""A position a person types (entry.py): what it becomes, what it refuses by name, and the command line."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from gaia_ai.cli import main
from gaia_ai.games.eminent_domain import EdOptions, EdState
from gaia_ai.games.eminent_domain.cards import STACK_NAMES, cards
from gaia_ai.games.eminent_domain.entry import EntryError, observation_from_entry
from gaia_ai.games.eminent_domain.observation import observation_json, state_from_observation

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "eminent-domain-position.json"
ROLE_KINDS = ("survey", "warfare", "colonize", "produce_trade", "research", "politics")
ROLE_NAMES = ("survey", "warfare", "colonize", "produce", "trade", "research")


def example() -> dict:
    return json.loads(EXAMPLE.read_text())


def entry_of(state: EdState, seat: int) -> dict:
    """What a player at the table would type for `seat` at its decision: its cards as cards, every other
    card zone as a count or, for discards, as cards; planets by id where the seat sees the front."""
    obs = observation_json(state, seat)
    snap = state.snapshot()
    raw = state.raw_state()
    seats = []
    for p, v in enumerate(obs["seats"]):
        s = {"deck": v["deck_size"], "discard": v["discard"], "fighters": v["fighters"],
             "influence": v["influence"], "permanents": v["permanents"], "removed": v["removed"]}
        s["hand"] = v["hand"] if p == seat else v["hand_size"]
        if p == seat:
            s["deck"] = v["deck"]
        else:   # every card a seat gains is public: the techs it bought are known to be in its hand or deck
            owns = {k: n for k, n in v["hand_and_deck"].items() if k not in ROLE_KINDS}
            if owns:
                s["owns"] = owns
        seats.append(s)
    planets = []
    for pe in obs["planets"]:
        e = {k: v for k, v in pe.items() if k in ("id", "back", "owner", "resources")}
        if pe["where"] == "discard":
            e["where"] = "discard"
        else:
            e["face_up"] = pe["where"] == "face_up"
        if "colonies" in pe:
            e["colonies"] = pe["colonies"]
        if "back" in e and not e["back"]["start"]:
            e["back"] = {k: e["back"][k] for k in ("type", "colonize", "warfare")}
        planets.append(e)
    turn = {"leader": raw["leader"], "start_player": raw["start_player"], "decision": state.decision,
            "round": raw["turns"] // state.players + 1}
    if state.decision == "follow":
        turn["role"] = ROLE_NAMES[raw["role"]]
        turn["led"] = obs["seats"][raw["leader"]]["played_role"]
    extra = {}
    if obs["planet_deck_top"]:
        extra["planet_deck_top"] = {k: obs["planet_deck_top"][k] for k in ("type", "colonize", "warfare")}
    return extra | {"players": state.players, "seat": seat, "rules": state.options.rules, "turn": turn,
            "stacks": snap["stacks"], "influence_supply": raw["supply_black"], "seats": seats,
            "planets": planets, "techs_available": obs["techs_available"], "planet_deck": obs["planet_deck"]}


def plain(state: EdState, seat: int) -> dict:
    """The seat's observation without what a typed position cannot know (others' hand/deck mix, the cards
    seen entering hands) and the flow of the turn before the decision."""
    obs = observation_json(state, seat)
    for p, v in enumerate(obs["seats"]):
        v.pop("known_in_hand")
        v.pop("hand_and_deck", None)
        v.pop("played_action")
        v.pop("abundance_pending")
    obs["flow"] = {k: obs["flow"][k] for k in ("leader", "start_player", "dec", "actor", "role")}
    return obs


def positions(n: int):
    """Positions of random games at an action, role or follow decision (the decisions an entry names)."""
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = EdState.new(2 + seed % 3, seed, EdOptions(rules=("bga", "rulebook")[seed % 2]))
        while not state.is_terminal and found < n:
            if state.decision in ("action", "role", "follow") and rng.random() < 0.1:
                raw = state.raw_state()
                clean = all(not pl["played_act"][k] for pl in raw["pl"] for k in range(len(pl["played_act"])))
                if clean and not any(pl["known"][k] for pl in raw["pl"] for k in range(len(pl["known"]))) \
                        and not any(pl["abund_pending"] for pl in raw["pl"]) and not raw["extra_round_played"] \
                        and not raw["extra_turn"]:
                    found += 1
                    yield state.copy()
            state.apply(rng.choice(state.legal_moves()))
        if found >= n:
            return


def test_the_example_is_a_valid_position_at_the_seat_s_decision():
    obs = observation_from_entry(example())
    state = state_from_observation(obs)
    assert (state.current_player, state.decision) == (0, "action")
    me = state.snapshot()["players"][0]
    assert me["hand"] == {"survey": 1, "warfare": 1, "colonize": 2, "produce_trade": 1} and me["deck"] == 3
    assert me["face_down"] == {"F5": 2} and me["face_up"] == {"SA1": ["silicon"]}
    assert state.snapshot()["stacks"] == example()["stacks"] and state.options == EdOptions()
    assert sum(state.snapshot()["players"][1]["hand"].values()) == 5


def test_a_typed_position_gives_the_real_position_s_observation():
    checked = 0
    for state in positions(25):
        seat = state.current_player
        obs = observation_from_entry(json.loads(json.dumps(entry_of(state, seat))))
        rebuilt = state_from_observation(obs)
        assert plain(rebuilt, seat) == plain(state, seat)
        assert rebuilt.legal_moves() == state.legal_moves()
        checked += 1
    assert checked == 25


def test_defaults_fill_what_a_player_does_not_type():
    e = {"players": 2, "seats": [{"hand": ["survey", "warfare", "colonize", "research", "produce_trade"],
                                  "deck": 5}, {"deck": 5}],
         "planets": [{"id": "SA1", "owner": 0}, {"back": {"start": True}, "owner": 1}]}
    state = state_from_observation(observation_from_entry(e))
    snap = state.snapshot()
    assert snap["stacks"] == {"survey": 12, "warfare": 12, "colonize": 12, "produce_trade": 8, "research": 12}
    assert snap["influence_supply"] == {"black": 24, "blue": 8} and state.options.rules == "bga"
    # the unknown cards complete each starting deck
    mine = {k: snap["players"][0]["hand"].get(k, 0) for k in ("survey", "politics")}
    assert mine == {"survey": 1, "politics": 0}
    raw = state.raw_state()
    deck = sorted(cards().kinds[k] for k in raw["pl"][0]["deck"][: raw["pl"][0]["ndeck"]])
    assert deck == ["colonize", "politics", "produce_trade", "research", "survey"]
    assert len(snap["techs"]) == len(cards().techs) and snap["planet_deck"] == 27


def _bad(edit):
    e = copy.deepcopy(example())
    edit(e)
    return e


@pytest.mark.parametrize("edit,message", [
    (lambda e: e["seats"][0]["hand"].update(survey=30), ("survey: 41 cards (seats[0].hand 30, seats[0].discard 1, "
                                                         "stacks.survey 10) exceed the 16 survey cards of the game")),
    (lambda e: e["seats"][0]["hand"].update(survey=200), "seats[0].hand.survey: 200 is out of range"),
    (lambda e: e["seats"][1].update(deck=9), "seats[1]: 17 cards of unknown kinds"),
    (lambda e: e["seats"][1].update(deck=1), "stacks: "),
    (lambda e: e["planets"].append({"id": "SA1", "owner": 1, "face_up": True}),
     "planets[5].id: SA1 is in two places (planets[0] and planets[5])"),
    (lambda e: e["planets"].append({"id": "A3", "owner": 1}), "A3 is in two places"),
    (lambda e: e["planets"].extend([{"back": {"type": "A", "colonize": 3, "warfare": 6}, "owner": 1}] * 3),
     "planets[7].back: no unseen planet is left"),     # A6 and A9 (A3 is in the discard)
    (lambda e: e["planets"].append({"id": "X9", "owner": 1}), "planets[5].id: unknown planet 'X9'"),
    (lambda e: e["seats"][0].update(hnad=3), "seats[0].hnad: unknown field"),
    (lambda e: e["seats"][0]["hand"].update(dragon=1), "seats[0].hand.dragon: unknown card"),
    (lambda e: e["seats"][1].update(hand=["survey"]), "seats[1].hand: another seat's hand is a count"),
    (lambda e: e["seats"][0].pop("deck"), "seats[0].deck: missing"),
    (lambda e: e["turn"].update(leader=1), "turn.leader: an action decision is the leader's"),
    (lambda e: e["turn"].update(decision="follow", leader=1), "turn.role: expected the role led"),
    (lambda e: e["turn"].update(decision="dance"), "turn.decision: expected one of"),
    (lambda e: e.update(rules="house"), "rules: expected one of bga, rulebook"),
    (lambda e: e.update(errata=False), "rules=bga always plays the errata"),
    (lambda e: e["seats"][0]["hand"].update(A2_diverse_markets=1) or e["seats"][1]["discard"] and
     e["seats"][1].update(discard=["A2_diverse_markets"]), "A2_diverse_markets is in two places"),
    (lambda e: (e["seats"][0].update(permanents=["A2_streamlining"]),
                e["seats"][1].update(permanents=["A2_weapon_emporium"])), "A2_DS (A2_weapon_emporium) is owned twice"),
    (lambda e: (e["seats"][0].update(permanents=["A2_streamlining"]), e.update(techs_available=["A2_DS"])),
     "techs_available[0]: A2_DS is owned"),
    (lambda e: e["planets"][0].update(resources=["food"]), "planets[0].resources[0]: SA1 has no free slot for 'food'"),
    (lambda e: e["planets"][1].update(colonies=["survey"]), "planets[1].colonies[0]: survey shows no Colonize"),
    (lambda e: e["planets"][1].update(face_up=True), "planets[1].colonies: only a face-down planet"),
    (lambda e: e.update(planet_deck=40), "planet_deck: 40 is out of range"),
    # an observation given as a typed position: its format is named, not its first field the entry lacks
    (lambda e: e.update(format="eminent-domain-observation/1", flow={}),
     "format: expected 'eminent-domain-entry/1', not 'eminent-domain-observation/1'"),
    (lambda e: e.update(planet_deck_top={"type": "A", "colonize": 3, "warfare": 7}), "planet_deck_top: no unlisted"),
])
def test_a_bad_entry_is_refused_naming_the_field(edit, message):
    with pytest.raises(EntryError) as e:
        observation_from_entry(_bad(edit))
    assert message in str(e.value)


def test_a_follow_decision_names_the_role_led():
    e = example()
    e["turn"] = {"leader": 1, "decision": "follow", "role": "warfare", "start_player": 1}
    e["stacks"]["warfare"] -= 1                         # the leader took the warfare card
    state = state_from_observation(observation_from_entry(e))
    assert (state.current_player, state.decision) == (0, "follow")
    assert [str(m) for m in state.legal_moves()] == ["follow", "dissent"]


def test_suggest_from_a_typed_position_file(capsys):
    args = ["suggest", "--game", "eminent-domain", "--position", str(EXAMPLE), "--simulations", "50",
            "--seed", "1", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    legal = {str(m) for m in state_from_observation(observation_from_entry(example())).legal_moves()}
    assert out["suggestions"] and all(s["move"] in legal for s in out["suggestions"])


def test_suggest_names_the_file_and_field_of_a_bad_typed_position(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_bad(lambda e: e["planets"].append({"id": "SA1", "owner": 1}))))
    assert main(["suggest", "--game", "eminent-domain", "--position", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and "SA1 is in two places" in err


def test_every_stack_name_is_an_entry_stack():
    assert set(example()["stacks"]) == set(STACK_NAMES)
