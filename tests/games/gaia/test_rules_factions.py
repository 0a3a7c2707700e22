"""The 14 factions' distinctive abilities (faction boards of the rulebook).

Synthetic games (rules_helpers.solo: the focal player is seat 1) where an ability is reachable in a
few moves; positions of the sample corpus (tests/data) for the ones that need a PI. In corpus
positions the hand-written command is applied to the state *before* the recorded line."""

from __future__ import annotations

import pytest
from rules_helpers import (
    can,
    corpus_find,
    corpus_state,
    delta,
    dist_to,
    mine_targets,
    new_game,
    others_near,
    owned,
    pl,
    planet,
    seed_where,
    solo,
    turn,
)

from gaia_ai.games.gaia.errors import IllegalMoveError

F = 1


def before_line(game_id, i):
    s = corpus_state(game_id, i)
    return s, s.current_player


# ---- setup abilities -------------------------------------------------------------------------------------
def test_xenos_place_a_third_starting_mine():
    s = new_game(["xenos", "terrans"])
    assert pl(s, 0)["m"] == 3 and pl(s, 1)["m"] == 2


def test_ivits_start_with_the_pi_and_no_mine():
    s = new_game(["terrans", "ivits"])
    assert (pl(s, F)["PI"], pl(s, F)["m"]) == (1, 0)
    assert owned(s, F, "PI")


# ---- terrans -----------------------------------------------------------------------------------------------
def test_terrans_pi_gaia_phase_spends_gaia_tokens_4tg_for_1q():
    """bot-005 line 71: Terrans with PI convert gaia-area tokens (4tg -> 1q), the tokens go to area2."""
    s, p = before_line("bot-005", 71)
    assert s.faction(p) == "terrans" and s.phase == "gaia"
    before = pl(s, p)
    s.apply("spend 4tg for 1q", p)
    assert delta(before, pl(s, p)) == {"gaia_area": -4, "area2": 4, "qics": 1}


# ---- lantids ----------------------------------------------------------------------------------------------
def _lantids_guest():
    def key(state, p, label):
        return 0 if p != F else dist_to(state, 0, label)

    return seed_where(
        ["xenos", "lantids"], lambda st: any(dist_to(st, F, h) <= 1 for h in owned(st, 0)), mine_key=key
    )


def test_lantids_guest_mine_on_an_occupied_planet_costs_2c_1o():
    s = _lantids_guest()
    target = next(h for h in owned(s, 0) if dist_to(s, F, h) <= 1)
    assert target in mine_targets(s)
    before = pl(s, F)
    turn(s, f"build m {target}", settle_leech=None)
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["m"]) == (-2, -1, 1)
    entry = s.snapshot()["board"][target]
    assert entry[1] == 0 and entry[3] == F  # owner stays, Lantids are the guest
    # the planet's owner may charge (value of its own mine = 1)
    assert s.phase == "leech" and s.current_player == 0


def test_lantids_pi_gives_2k_per_guest_mine():
    """bot-036: Lantids have the PI; a guest mine gives 2 knowledge."""

    def guest_possible(st):
        p = st.current_player
        if st.phase != "move" or st.faction(p) != "lantids" or pl(st, p)["PI"] == 0:
            return False
        return any(st.snapshot()["board"].get(h, [None, -1])[1] not in (-1, p) for h in mine_targets(st))

    s, _k = corpus_find("bot-036", guest_possible, start=62)
    p = s.current_player
    target = next(h for h in mine_targets(s) if s.snapshot()["board"].get(h, [None, -1])[1] not in (-1, p))
    before = pl(s, p)
    s.apply(f"build m {target}", p)
    d = delta(before, pl(s, p))
    assert d["knowledge"] == 2 and d["m"] == 1 and d["credits"] == -2


# ---- gleens ------------------------------------------------------------------------------------------------
def test_gleens_get_ore_instead_of_qic_without_academy2():
    s = solo(["terrans", "gleens"])
    before = pl(s, F)
    turn(s, "up int")  # intelligence 1: 1 qic -> 1 ore for Gleens
    assert delta(before, pl(s, F)) == {"knowledge": -4, "int": 1, "ores": 1}


def test_gleens_pi_gives_the_gleens_federation_token():
    """bot-006 line 27: building the PI gives the Gleens token (1o 1k 2c, green)."""
    s, p = before_line("bot-006", 27)
    assert s.faction(p) == "gleens"
    before = pl(s, p)
    s.apply("build PI 6A0", p)
    d = delta(before, pl(s, p))
    assert (d["fed_tokens"], d["green_fed_tokens"], d["PI"], d["ts"]) == (1, 1, 1, -1)
    assert d["credits"] == -6 + 2 and d["ores"] == -4 + 1 and d["knowledge"] == 1


# ---- taklons -----------------------------------------------------------------------------------------------
def test_taklons_brainstone_moves_first_and_is_worth_3_power():
    """Taklons: the brainstone is charged before tokens; spent from area3 it gives 3 power."""
    from rules_helpers import seed_with

    seed = seed_with(2, lambda st: "booster5" in st.boosters)
    s = solo(["xenos", "taklons"], seed, boosters={F: "booster5"})  # +2 power income in round 1
    p = pl(s, F)
    assert p["brainstone"] == 2  # area1 -> area2 with the first charge
    assert (p["area1"], p["area2"]) == (1, 5)
    before = pl(s, F)
    s.apply("burn 1", F)  # the brainstone burns first: to area3, one area2 token removed
    assert delta(before, pl(s, F)) == {"brainstone": 1, "area2": -1}
    before = pl(s, F)
    s.apply("spend 3pw for 3c", F)
    assert delta(before, pl(s, F)) == {"brainstone": -2, "credits": 3}


def test_taklons_pi_leech_offers_both_orders_with_a_token():
    """bot-008 line 45: Taklons with PI choose token-first or charge-first."""
    s, p = before_line("bot-008", 45)
    assert s.faction(p) == "taklons" and s.phase == "leech"
    offers = sorted(str(c) for c in s.legal_moves() if c.name == "charge")
    assert any(o.startswith("charge 1t,") for o in offers) and any(o.endswith(",1t") for o in offers)


# ---- ambas -------------------------------------------------------------------------------------------------
def test_ambas_swap_pi_with_a_mine_is_free():
    s, p = before_line("bot-011", 80)
    assert s.faction(p) == "ambas"
    assert s.snapshot()["board"]["6A2"][2] == "PI" and s.snapshot()["board"]["9A8"][2] == "m"
    before = pl(s, p)
    s.apply("special swap-PI", p)
    s.apply("swap-PI 9A8", p)
    assert delta(before, pl(s, p)) == {}
    b = s.snapshot()["board"]
    assert b["6A2"][2] == "m" and b["9A8"][2] == "PI"


# ---- hadsch-hallas -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "spend, change",
    [("spend 4c for 1q", {"credits": -4, "qics": 1}), ("spend 3c for 1o", {"credits": -3, "ores": 1}),
     ("spend 4c for 1k", {"credits": -4, "knowledge": 1})],
)  # fmt: skip
def test_hadsch_hallas_pi_credit_conversions(spend, change):
    s, p = before_line("bot-001", 69)
    assert s.faction(p) == "hadsch-hallas" and pl(s, p)["PI"] == 1
    before = pl(s, p)
    s.apply(spend, p)
    assert delta(before, pl(s, p)) == change


def test_hadsch_hallas_without_pi_cannot_convert_credits():
    s = solo(["xenos", "hadsch-hallas"])
    assert not can(s, "spend 3c for 1o")


# ---- ivits ---------------------------------------------------------------------------------------------------
def test_ivits_space_station_is_free_and_triggers_no_leech():
    s, p = before_line("bot-003", 19)
    assert s.faction(p) == "ivits"
    before = pl(s, p)
    s.apply("special space-station", p)
    s.apply("build sp 2B3", p)
    s.apply("endturn", p)
    assert delta(before, pl(s, p)) == {"sp": 1}
    assert s.phase == "move"


@pytest.mark.parametrize("game_id, line", [("bot-003", 66), ("bot-005", 108)])
def test_ivits_pay_one_qic_per_satellite(game_id, line):
    s = corpus_state(game_id, line)
    p = s.current_player
    assert s.faction(p) == "ivits"
    before = pl(s, p)
    s.apply_line(__import__("rules_helpers").record(game_id).move_history[line])
    d = delta(before, pl(s, p))
    assert d.get("fed_tokens", 0) == 1
    assert d.get("qics", 0) == -d.get("satellites", 0)
    assert not any(d.get(a, 0) < 0 for a in ("area1", "area2", "area3"))


# ---- geodens -------------------------------------------------------------------------------------------------
def test_geodens_pi_gives_3k_for_a_new_planet_type():
    def new_type_mine(st):
        p = st.current_player
        if st.phase != "move" or st.faction(p) != "geodens" or pl(st, p)["PI"] == 0:
            return False
        b = st.snapshot()["board"]
        types = {planet(st, h) for h, v in b.items() if v[1] == p}
        return any(planet(st, h) not in types and h not in b for h in mine_targets(st))

    s, _k = corpus_find("bot-010", new_type_mine, start=46)
    p = s.current_player
    b = s.snapshot()["board"]
    types = {planet(s, h) for h, v in b.items() if v[1] == p}
    target = next(h for h in mine_targets(s) if planet(s, h) not in types and h not in b)
    before = pl(s, p)
    s.apply(f"build m {target}", p)
    assert delta(before, pl(s, p))["knowledge"] == 3


# ---- baltaks ------------------------------------------------------------------------------------------------
def test_baltaks_gaiaformer_for_a_qic():
    s = solo(["xenos", "baltaks"])
    before = pl(s, F)
    assert before["gaiaformers"] == 1
    s.apply("spend 1gf for 1q", F)
    d = delta(before, pl(s, F))
    assert d["qics"] == 1
    assert not can(s, "spend 1gf for 1q")  # no gaia-former left


def test_baltaks_cannot_research_navigation_before_pi():
    s = solo(["xenos", "baltaks"])
    assert pl(s, F)["knowledge"] >= 4
    with pytest.raises(IllegalMoveError):
        s.apply("up nav", F)


# ---- firaks -------------------------------------------------------------------------------------------------
def test_firaks_down_lab_turns_a_lab_into_a_trading_station_and_gives_a_free_step():
    s, p = before_line("bot-036", 120)
    assert s.faction(p) == "firaks"
    before = pl(s, p)
    s.apply("special down-lab", p)
    s.apply("build ts 3A5", p)
    s.apply("up sci", p)
    d = delta(before, pl(s, p))
    assert {k: v for k, v in d.items() if k != "vp"} == {"lab": -1, "ts": 1, "sci": 1}


# ---- bescods ------------------------------------------------------------------------------------------------
def test_bescods_up_lowest_is_a_free_step_on_a_lowest_track():
    s = solo(["xenos", "bescods"])
    before = pl(s, F)
    s.apply("special up-lowest", F)
    s.apply("up gaia", F)
    assert delta(before, pl(s, F)) == {"gaia": 1, "gaiaformers": 1}


def test_bescods_up_lowest_refuses_a_higher_track():
    s = solo(["xenos", "bescods"])
    s.apply("special up-lowest", F)
    s.apply("up sci", F)  # sci 1, the others 0
    turn(s)
    from rules_helpers import next_round

    next_round(s)
    s.apply("special up-lowest", F)
    with pytest.raises(IllegalMoveError):
        s.copy().apply("up sci", F)
    s.apply("up eco", F)
    assert pl(s, F)["eco"] == 1


def test_bescods_income_knowledge_from_trading_stations():
    """Bescods: no board knowledge; trading stations +1k each (and no credits)."""
    from rules_helpers import next_round
    from test_rules_flow import BOOSTER_CORK

    def key(state, p, label):
        return 0 if p != F else dist_to(state, 0, label)

    s = seed_where(
        ["xenos", "bescods"], lambda st: any(others_near(st, F, m) for m in owned(st, F)), mine_key=key
    )
    m = next(m for m in owned(s, F) if others_near(s, F, m))
    turn(s, f"build ts {m}")
    before = pl(s, F)
    next_round(s)
    after = pl(s, F)
    c, _o, k, _q = BOOSTER_CORK[s.snapshot()["b"][F]]
    assert after["knowledge"] - before["knowledge"] - k == 1
    assert after["credits"] - before["credits"] - c == 0


# ---- nevlas -------------------------------------------------------------------------------------------------
def test_nevlas_area3_token_to_gaia_for_1k():
    s = solo(["xenos", "nevlas"])
    s.apply("burn 1", F)
    before = pl(s, F)
    s.apply("spend 1t-a3 for 1k", F)
    assert delta(before, pl(s, F)) == {"area3": -1, "gaia_area": 1, "knowledge": 1}


def test_nevlas_pi_tokens_in_area3_are_worth_2_power():
    """bot-010 line 48: Nevlas with PI: one area3 token pays 2 power (2pw -> 2c)."""
    s, p = before_line("bot-010", 48)
    assert s.faction(p) == "nevlas" and pl(s, p)["PI"] == 1
    s.apply("burn 2", p)
    before = pl(s, p)
    s.apply("spend 2pw for 2c", p)
    assert delta(before, pl(s, p)) == {"area3": -1, "area1": 1, "credits": 2}


# ---- itars --------------------------------------------------------------------------------------------------
def test_itars_burnt_tokens_go_to_the_gaia_area():
    s = solo(["xenos", "itars"])
    before = pl(s, F)
    assert before["area2"] >= 4
    s.apply("burn 2", F)
    assert delta(before, pl(s, F)) == {"area2": -4, "area3": 2, "gaia_area": 2}
