# The Colonies expansion: colony tiles and their tracks, trade fleets, the Build Colony standard project,
# the colonies phase, the two Colonies corporations with hooks (Aridor, Arklight; Poseidon, Polyphemos and
# Stormcraft are small checks where their rule applies) and the Colonies cards no table expresses.

cdef ColDef COLS[NCOL]
cdef signed char CORP_RES[NCORP]          # resource type a corporation holds (Arklight, Stormcraft)

cdef short CARD_CONSCRIPTION = -1
cdef short CARD_MARTIAN_ZOO = -1
cdef short CARD_SPINOFF = -1
cdef short CARD_TFLP = -1                 # Titan Floating Launch-pad
cdef short CARD_JFS = -1                  # Jupiter Floating Station
cdef short CARD_TITAN_SHUTTLES = -1
cdef short CARD_AIR_RAID = -1
cdef short CARD_MARKET = -1
cdef short CARD_MINORITY = -1
cdef short CARD_PIONEER = -1
cdef short CARD_OUTPOST = -1
cdef short CARD_COMMUNITY = -1
cdef short CARD_QUANTUM = -1
cdef short CARD_ECOLOGY_RESEARCH = -1
cdef short CARD_URBAN_DECOMP = -1
cdef short CARD_SOLAR_PROBE = -1

COLONY_CARDS = ["Air Raid", "Community Services", "Conscription", "Ecology Research", "Ice Moon Colony",
                "Jupiter Floating Station", "Market Manipulation", "Martian Zoo", "Minority Refuge",
                "Pioneer Settlement", "Productive Outpost", "Quantum Communications", "Spin-off Department",
                "Titan Floating Launch-pad", "Titan Shuttles", "Urban Decomposers"]
COLONY_TILE_NAMES = []
CE_NAMES = {"gain_resources": CE_RES, "gain_production": CE_PROD, "add_resources_to_card": CE_CARD_RES,
            "draw_cards": CE_DRAW, "draw_cards_and_discard_one": CE_DRAW_DISCARD, "place_ocean_tile": CE_OCEAN}


def load_colonies(list tiles, list cards, list corps):
    """Fill the colony tile table and the Colonies fields of the card and corporation tables (after
    load_tables)."""
    global CARD_CONSCRIPTION, CARD_MARTIAN_ZOO, CARD_SPINOFF, CARD_TFLP, CARD_JFS, CARD_TITAN_SHUTTLES
    global CARD_AIR_RAID, CARD_MARKET, CARD_MINORITY, CARD_PIONEER, CARD_OUTPOST, CARD_COMMUNITY
    global CARD_QUANTUM, CARD_ECOLOGY_RESEARCH, CARD_URBAN_DECOMP, CARD_SOLAR_PROBE
    cdef int i, k
    cdef ColDef* t
    cdef CardDef* d
    if len(tiles) != NCOL:
        raise ValueError(f"colonies: expected {NCOL} tiles, got {len(tiles)}")
    memset(COLS, 0, sizeof(COLS))
    COLONY_TILE_NAMES.clear()
    for i, c in enumerate(tiles):
        COLONY_TILE_NAMES.append(c["name"])
        t = &COLS[i]
        t.starts_active = 1 if c["startsActive"] else 0
        t.res_type = RES_TYPES.get(c.get("cardResource"), RT_NONE)
        b = c["build"]
        t.build_kind = CE_NAMES[b["type"]]
        t.build_res = RES_NAMES.index(b["resource"]) if "resource" in b else 0
        t.build_n = b["perSlot"][0]
        if len(set(b["perSlot"])) != 1:
            raise ValueError(f"{c['name']}: build bonus differs per slot")
        tr = c["trade"]
        t.trade_kind = CE_NAMES[tr["type"]]
        for k in range(7):
            r = tr.get("resource", "megacredits")
            t.trade_res[k] = RES_NAMES.index(r[k] if isinstance(r, list) else r)
            t.trade_n[k] = tr["track"][k]
        t.offset_ask = 1 if c["trackIncreaseWhenTradeOffset"] == "ask" else 0
        cb = c["colonyBonus"]
        t.bonus_kind = CE_NAMES[cb["type"]]
        t.bonus_res = RES_NAMES.index(cb["resource"]) if "resource" in cb else 0
        t.bonus_n = cb["quantity"]
    for i in range(NCORP):
        CORP_RES[i] = RES_TYPES.get(corps[i].get("resourceType"), RT_NONE)
    for i, c in enumerate(cards):
        d = &CARDS[i]
        col = c.get("onPlay", {}).get("colonies", {})
        if "buildColony" in col:
            d.build_colony = 2 if col["buildColony"].get("allowDuplicates") else 1
        d.fleets = col.get("addTradeFleet", 0)
        d.trade_disc = col.get("tradeDiscount", 0)
        d.trade_offset = col.get("tradeOffset", 0)
        add = c.get("onPlay", {}).get("addResourcesToAnyCard")
        if isinstance(add, dict) and add.get("tag") == "jovian":
            d.add_jovian = 1
        name = c["name"]
        if name == "Conscription":
            CARD_CONSCRIPTION = i
        elif name == "Martian Zoo":
            CARD_MARTIAN_ZOO = i
            d.nact = 1
            d.act_kind = AK_BESPOKE
        elif name == "Spin-off Department":
            CARD_SPINOFF = i
        elif name == "Titan Floating Launch-pad":
            CARD_TFLP = i
            d.nact = 1
            d.act_kind = AK_BESPOKE
        elif name == "Jupiter Floating Station":
            CARD_JFS = i
            d.nact = 1
            d.act_kind = AK_BESPOKE
        elif name == "Titan Shuttles":
            CARD_TITAN_SHUTTLES = i
            d.nact = 1
            d.act_kind = AK_BESPOKE
        elif name == "Air Raid":
            CARD_AIR_RAID = i
        elif name == "Market Manipulation":
            CARD_MARKET = i
        elif name == "Minority Refuge":
            CARD_MINORITY = i
            d.build_colony = 1
        elif name == "Pioneer Settlement":
            CARD_PIONEER = i
            d.build_colony = 1
        elif name == "Productive Outpost":
            CARD_OUTPOST = i
        elif name == "Community Services":
            CARD_COMMUNITY = i
        elif name == "Quantum Communications":
            CARD_QUANTUM = i
        elif name == "Ecology Research":
            CARD_ECOLOGY_RESEARCH = i
        elif name == "Urban Decomposers":
            CARD_URBAN_DECOMP = i
        elif name == "Solar Probe":
            CARD_SOLAR_PROBE = i


BESPOKE.update(COLONY_CARDS)


def colony_tile_names():
    return list(COLONY_TILE_NAMES)


# ---- cards holding resources (a corporation is ROBOT_CORP + id in moves; its resources sit at
# cres[NCARD + player]) ----

cdef inline int res_slot(int p, int c) noexcept nogil:
    return NCARD + p if c >= ROBOT_CORP else c


cdef int card_holds(TState* s, int p, int c, int rtype, int jovian) noexcept nogil:
    """c (a project card, or ROBOT_CORP + corporation) is p's and holds rtype resources (a Jovian card
    when jovian)."""
    cdef int corp
    if c >= ROBOT_CORP:
        corp = c - ROBOT_CORP
        return (corp < NCORP and corp == s.pl[p].corp and CORP_RES[corp] == rtype
                and (not jovian or CORPS[corp].tags[T_JOVIAN] > 0))
    if c < 0 or c >= NCARD or s.loc[c] != L_PLAYED + p:
        return 0
    return CARDS[c].res_type == rtype and (not jovian or CARDS[c].tags[T_JOVIAN] > 0)


cdef int count_holders(TState* s, int p, int rtype, int jovian) noexcept nogil:
    cdef int c, n = 0
    if s.pl[p].corp >= 0 and card_holds(s, p, ROBOT_CORP + s.pl[p].corp, rtype, jovian):
        n += 1
    for c in range(s.ncard):
        if s.loc[c] == L_PLAYED + p and card_holds(s, p, c, rtype, jovian):
            n += 1
    return n


cdef int corp_ref_owner(TState* s, int c) noexcept nogil:
    """The player whose corporation c (ROBOT_CORP + id) is, or -1."""
    cdef int q
    if c < ROBOT_CORP or c >= ROBOT_CORP + NCORP:
        return -1
    for q in range(s.np):
        if s.pl[q].corp == c - ROBOT_CORP:
            return q
    return -1


cdef int corp_ref_removable(TState* s, int c, int rtype, int taker) noexcept nogil:
    """A corporation card holding rtype resources that taker's card may take one from (Predators on
    Arklight)."""
    cdef int q = corp_ref_owner(s, c)
    if q < 0 or CORP_RES[c - ROBOT_CORP] != rtype:
        return 0
    return s.cres[NCARD + q] > 0 and not protected_from(s, q, taker)


cdef int any_corp_removable(TState* s, int rtype, int taker) noexcept nogil:
    cdef int q, n = 0
    for q in range(s.np):
        if s.pl[q].corp >= 0:
            n += corp_ref_removable(s, ROBOT_CORP + s.pl[q].corp, rtype, taker)
    return n


cdef int gen_corp_targets(TState* s, int rtype, int taker, Move* out, int n, int cap) noexcept nogil:
    cdef int q
    for q in range(s.np):
        if s.pl[q].corp >= 0 and corp_ref_removable(s, ROBOT_CORP + s.pl[q].corp, rtype, taker):
            n = emit(out, n, cap, mk(K_CARD, ROBOT_CORP + s.pl[q].corp, 0, 0, 0, 0, 0))
    return n


cdef int own_floaters(TState* s, int p) noexcept nogil:
    cdef int c, n = 0
    if s.pl[p].corp >= 0 and CORP_RES[s.pl[p].corp] == RT_FLOATER:
        n += s.cres[NCARD + p]
    for c in range(s.ncard):
        if s.loc[c] == L_PLAYED + p and CARDS[c].res_type == RT_FLOATER:
            n += s.cres[c]
    return n


cdef int heat_available(TState* s, int p) noexcept nogil:
    """Heat p can spend: Stormcraft's floaters count 2 each."""
    if s.pl[p].corp == C_STORMCRAFT:
        return s.pl[p].res[R_HE] + 2 * s.cres[NCARD + p]
    return s.pl[p].res[R_HE]


cdef int storm_heat_ok(TState* s, int p, int amount, int f) noexcept nogil:
    """Stormcraft pays amount heat with f floaters and the rest in heat (no floater beyond need)."""
    cdef int rest = amount - 2 * f
    if f < 0 or f > s.cres[NCARD + p] or 2 * (f - 1) >= amount:
        return 0
    return (rest if rest > 0 else 0) <= s.pl[p].res[R_HE]


cdef void activate_tiles(TState* s, int rtype) noexcept nogil:
    """Enceladus, Miranda, Titan become active once a card holding their resource is played."""
    cdef int t
    if rtype == RT_NONE:
        return
    for t in range(NCOL):
        if s.col_in[t] and not s.col_active[t] and COLS[t].res_type == rtype:
            s.col_active[t] = 1


cdef int resource_in_play(TState* s, int rtype) noexcept nogil:
    cdef int c, p
    for p in range(s.np):
        if s.pl[p].corp >= 0 and CORP_RES[s.pl[p].corp] == rtype:
            return 1
    for c in range(s.ncard):
        if s.loc[c] >= L_PLAYED and s.loc[c] < L_PLAYED + MAXP and CARDS[c].res_type == rtype:
            return 1
    return 0


# ---- colonies ----

cdef int owns_colony(TState* s, int p, int t) noexcept nogil:
    cdef int i
    for i in range(s.col_n[t]):
        if s.col_owner[t][i] == p:
            return 1
    return 0


cdef int colonies_of(TState* s, int p) noexcept nogil:
    """Colonies of player p (p < 0: every colony in play)."""
    cdef int t, i, n = 0
    for t in range(NCOL):
        if not s.col_in[t]:
            continue
        for i in range(s.col_n[t]):
            if p < 0 or s.col_owner[t][i] == p:
                n += 1
    return n


cdef int colony_error(TState* s, int p, int t, int dup) noexcept nogil:
    """E_OK, or the rule that keeps p from building a colony on tile t."""
    if not s.colonies_on or t < 0 or t >= NCOL or not s.col_in[t]:
        return E_TILE_ABSENT
    if not s.col_active[t]:
        return E_TILE_INACTIVE
    if s.col_n[t] >= COLCAP:
        return E_TILE_FULL
    if not dup and owns_colony(s, p, t):
        return E_OWN_COLONY
    return E_OK


cdef int colony_site_ok(TState* s, int p, int t, int dup, int card) noexcept nogil:
    if colony_error(s, p, t, dup) != E_OK:
        return 0
    # Minority Refuge's -2 M€ production after the colony: with M€ production below -3 only Luna (+2)
    # keeps it legal
    if card == CARD_MINORITY and s.pl[p].prod[R_MC] - 2 < -5:
        return COLS[t].build_kind == CE_PROD and COLS[t].build_res == R_MC \
            and s.pl[p].prod[R_MC] - 2 + COLS[t].build_n >= -5
    return 1


cdef int any_colony_site(TState* s, int p, int dup, int card) noexcept nogil:
    cdef int t
    for t in range(NCOL):
        if colony_site_ok(s, p, t, dup, card):
            return 1
    return 0


cdef void col_effect(TState* s, int p, int t, int kind, int res, int n) noexcept nogil:
    """A build bonus, trade income or colony bonus of tile t for player p; choices are queued."""
    if kind == CE_RES:
        s.pl[p].res[res] += n
    elif kind == CE_PROD:
        s.pl[p].prod[res] += n
    elif kind == CE_CARD_RES:
        if n > 0:
            push(s, PK_ADD_ANY, p, -1, COLS[t].res_type, n, 0)
    elif kind == CE_DRAW:
        draw_cards(s, p, n)
    elif kind == CE_DRAW_DISCARD:
        draw_cards(s, p, n)
        push(s, PK_DISCARD, p, -1, 0, 0, 0)
    elif kind == CE_OCEAN:
        push(s, PK_TILE, p, -1, TL_OCEAN, PR_OCEAN, -1)


cdef void build_colony(TState* s, int p, int t) noexcept nogil:
    cdef int q
    s.col_owner[t][s.col_n[t]] = p
    s.col_n[t] += 1
    if s.col_track[t] < s.col_n[t]:
        s.col_track[t] = s.col_n[t]
    for q in range(s.np):
        if s.pl[q].corp == C_POSEIDON:
            s.pl[q].prod[R_MC] += 1
    col_effect(s, p, t, COLS[t].build_kind, COLS[t].build_res, COLS[t].build_n)


cdef int trade_cost(TState* s, int p, int how) noexcept nogil:
    cdef int cost
    if how == TP_FLOATER:
        return 1
    cost = 9 if how == TP_MC else 3
    cost -= s.pl[p].trade_disc
    return cost if cost > 0 else 0


cdef int trade_error(TState* s, int p, int t) noexcept nogil:
    """E_OK, or the rule that keeps p from sending a trade fleet to tile t."""
    if not s.colonies_on or t < 0 or t >= NCOL or not s.col_in[t]:
        return E_TILE_ABSENT
    if s.pl[p].fleets_used >= s.pl[p].fleets:
        return E_NO_FLEET
    if not s.col_active[t]:
        return E_TILE_INACTIVE
    if s.col_trader[t] >= 0:
        return E_TILE_VISITED
    return E_OK


cdef int can_pay_trade(TState* s, int p, int how) noexcept nogil:
    cdef int cost = trade_cost(s, p, how)
    if how == TP_MC:
        return s.pl[p].res[R_MC] + (s.pl[p].res[R_HE] if s.pl[p].corp == C_HELION else 0) >= cost
    if how == TP_ENERGY:
        return s.pl[p].res[R_EN] >= cost
    if how == TP_TITANIUM:
        return s.pl[p].res[R_TI] >= cost
    if how == TP_FLOATER:
        return owner_of(s, CARD_TFLP) == p and s.cres[CARD_TFLP] >= 1
    return 0


cdef int start_trade(TState* s, int p, int t, int how, int mc, int he) noexcept nogil:
    """The trade action: check, pay, then the offset question or the trade itself."""
    cdef int e = trade_error(s, p, t), cost
    if e != E_OK:
        return fail(s, e)
    if how < TP_MC or how > TP_FLOATER or not can_pay_trade(s, p, how):
        return fail(s, E_RES)
    cost = trade_cost(s, p, how)
    if how == TP_MC:
        if mc == 0 and he == 0:
            mc = cost
        if pay(s, p, cost, 0, 0, mc, 0, 0, he) < 0:
            return -1
    elif mc or he:
        return fail(s, E_PAY)
    elif how == TP_ENERGY:
        s.pl[p].res[R_EN] -= cost
    elif how == TP_TITANIUM:
        s.pl[p].res[R_TI] -= cost
    else:
        s.cres[CARD_TFLP] -= 1
    begin_trade(s, p, t)
    return 0


cdef void begin_trade(TState* s, int p, int t) noexcept nogil:
    """A fleet lands on t; a trade offset raises the track first (Europa asks when it matters)."""
    cdef int pos = s.col_track[t], to = s.col_track[t] + s.pl[p].trade_offset
    s.pl[p].fleets_used += 1
    s.col_trader[t] = p
    if to > 6:
        to = 6
    if to > pos:
        if COLS[t].offset_ask and COLS[t].trade_res[pos] != COLS[t].trade_res[to]:
            push(s, PK_TRADE_OFFSET, p, -1, t, to, 0)
            return
        s.col_track[t] = to
    do_trade(s, p, t)


cdef void do_trade(TState* s, int p, int t) noexcept nogil:
    """Trade income by track position, each colony's bonus to its owner, the track back to the
    number of colonies."""
    cdef int pos = s.col_track[t], i, j, q
    # the engine asks where colony bonuses go before where the trade's own resources go
    if COLS[t].trade_kind != CE_CARD_RES:
        col_effect(s, p, t, COLS[t].trade_kind, COLS[t].trade_res[pos], COLS[t].trade_n[pos])
    # colony bonuses by owner, in the order owners first appear on the tile, all of one owner's together
    for i in range(s.col_n[t]):
        q = s.col_owner[t][i]
        for j in range(i):
            if s.col_owner[t][j] == q:
                q = -1
                break
        if q < 0:
            continue
        for j in range(i, s.col_n[t]):
            if s.col_owner[t][j] == q:
                col_effect(s, q, t, COLS[t].bonus_kind, COLS[t].bonus_res, COLS[t].bonus_n)
    if COLS[t].trade_kind == CE_CARD_RES:
        col_effect(s, p, t, COLS[t].trade_kind, COLS[t].trade_res[pos], COLS[t].trade_n[pos])
    s.col_track[t] = s.col_n[t]


cdef void colonies_phase(TState* s) noexcept nogil:
    """After production (not after the last one): fleets return, active tracks rise a step."""
    cdef int p, t
    if not s.colonies_on:
        return
    for p in range(s.np):
        s.pl[p].fleets_used = 0
    for t in range(NCOL):
        if s.col_in[t]:
            s.col_trader[t] = -1
            if s.col_active[t] and s.col_track[t] < 6:
                s.col_track[t] += 1


cdef void add_colony_tile(TState* s, int t) noexcept nogil:
    s.col_in[t] = 1
    s.col_track[t] = 1
    s.col_trader[t] = -1
    s.col_active[t] = COLS[t].starts_active or resource_in_play(s, COLS[t].res_type)


# ---- Colonies corporations ----

cdef void colonies_corp_played(TState* s, int p, int corp) noexcept nogil:
    if not s.colonies_on:
        return
    activate_tiles(s, CORP_RES[corp])
    if corp == C_ARKLIGHT:
        add_card_resources(s, NCARD + p, 1)
    elif corp == C_POLYPHEMOS:
        s.pl[p].card_price = 5
    elif corp == C_ARIDOR or corp == C_POSEIDON:
        s.pl[p].first_pending = 1


cdef void colonies_card_played(TState* s, int p, int c) noexcept nogil:
    """Colonies effects of playing card c (c is in p's tableau, its declared effects done)."""
    cdef CardDef* d = &CARDS[c]
    cdef TPlayer* pl = &s.pl[p]
    cdef int t, q
    activate_tiles(s, d.res_type)
    if pl.corp == C_ARKLIGHT:
        add_card_resources(s, NCARD + p, d.tags[T_ANIMAL] + d.tags[T_PLANT])
    if pl.corp == C_ARIDOR and d.type != CT_EVENT:
        for t in range(T_EVENT):
            if d.tags[t] and not (pl.tags_seen >> t) & 1:
                pl.tags_seen |= 1 << t
                pl.prod[R_MC] += 1
    if d.tags[T_EARTH] and owner_of(s, CARD_MARTIAN_ZOO) == p:
        add_card_resources(s, CARD_MARTIAN_ZOO, d.tags[T_EARTH])
    if d.cost >= 20 and owner_of(s, CARD_SPINOFF) == p:
        draw_cards(s, p, 1)
    pl.fleets += d.fleets
    pl.trade_disc += d.trade_disc
    pl.trade_offset += d.trade_offset
    if c == CARD_CONSCRIPTION:
        pl.next_discount = 16
    elif c == CARD_COMMUNITY:
        q = 1 if pl.corp >= 0 and corp_tagless(pl.corp) else 0
        for t in range(s.ncard):
            if s.loc[t] == L_PLAYED + p and CARDS[t].type != CT_EVENT and card_tagless(t):
                q += 1
        pl.prod[R_MC] += q
    elif c == CARD_QUANTUM:
        pl.prod[R_MC] += colonies_of(s, -1)
    elif c == CARD_ECOLOGY_RESEARCH:
        push(s, PK_ADD_ANY, p, c, RT_ANIMAL, 1, 0)
        push(s, PK_ADD_ANY, p, c, RT_MICROBE, 2, 0)
    elif c == CARD_OUTPOST:
        for t in range(NCOL):
            if s.col_in[t]:
                for q in range(s.col_n[t]):
                    if s.col_owner[t][q] == p:
                        col_effect(s, p, t, COLS[t].bonus_kind, COLS[t].bonus_res, COLS[t].bonus_n)
    elif c == CARD_MARKET:
        push(s, PK_MARKET, p, c, -1, 0, 0)
    elif c == CARD_PIONEER:         # -2 M€ production at once (down to -5), the colony after
        pl.prod[R_MC] = pl.prod[R_MC] - 2 if pl.prod[R_MC] > -3 else -5
    elif c == CARD_AIR_RAID:
        push(s, PK_AIR_RAID, p, c, 0, 0, 0)
        push(s, PK_REMOVE_FLOATER, p, c, 0, 0, 0)
    elif c == CARD_SOLAR_PROBE:
        draw_cards(s, p, (pl.tags[T_SCIENCE] + d.tags[T_SCIENCE]) // 3)


cdef int card_tagless(int c) noexcept nogil:
    cdef int t
    for t in range(NTAG):
        if CARDS[c].tags[t]:
            return 0
    return 1


cdef int corp_tagless(int corp) noexcept nogil:
    cdef int t
    for t in range(NTAG):
        if CORPS[corp].tags[t]:
            return 0
    return 1


cdef int colonies_playable(TState* s, int p, int c) noexcept nogil:
    """The Colonies cards' own can-play rules (the table's requirements are checked elsewhere)."""
    cdef CardDef* d = &CARDS[c]
    if d.build_colony and not any_colony_site(s, p, d.build_colony == 2, c):
        return 0
    if c == CARD_AIR_RAID:
        return count_floater_cards_with(s, p) > 0
    if c == CARD_MARKET:
        return market_options(s, -1, 1) > 0
    if c == CARD_PIONEER and s.pl[p].prod[R_MC] <= -4:    # only Luna's +2 can make up for it
        return luna_site(s, p)
    if c == CARD_URBAN_DECOMP:
        return colonies_of(s, p) >= 1 and count_tiles(s, p, -2, 0) >= 1
    return 1


cdef int luna_site(TState* s, int p) noexcept nogil:
    cdef int t
    for t in range(NCOL):
        if COLS[t].build_kind == CE_PROD and COLS[t].build_res == R_MC and colony_error(s, p, t, 0) == E_OK:
            return 1
    return 0


cdef int count_floater_cards_with(TState* s, int p) noexcept nogil:
    cdef int c, n = 0
    if s.pl[p].corp >= 0 and CORP_RES[s.pl[p].corp] == RT_FLOATER and s.cres[NCARD + p] > 0:
        n += 1
    for c in range(s.ncard):
        if s.loc[c] == L_PLAYED + p and CARDS[c].res_type == RT_FLOATER and s.cres[c] > 0:
            n += 1
    return n


cdef int market_ok(TState* s, int raised, int t) noexcept nogil:
    """Market Manipulation: raise t (raised < 0), or lower t after raising another tile."""
    if t < 0 or t >= NCOL or not s.col_in[t] or not s.col_active[t] or t == raised:
        return 0
    if raised < 0:
        return s.col_track[t] < 6
    return s.col_track[t] > s.col_n[t]


cdef int market_options(TState* s, int raised, int need_pair) noexcept nogil:
    cdef int t, u, n = 0
    for t in range(NCOL):
        if market_ok(s, raised, t):
            if need_pair:
                for u in range(NCOL):
                    if market_ok(s, t, u):
                        n += 1
                        break
            else:
                n += 1
    return n


# ---- bespoke actions ----

cdef int colonies_action_available(TState* s, int p, int c) noexcept nogil:
    if c == CARD_MARTIAN_ZOO:
        return s.cres[c] > 0
    if c == CARD_TFLP or c == CARD_JFS or c == CARD_TITAN_SHUTTLES:
        return 1
    return 0


cdef int colonies_option_ok(TState* s, int p, int c, int o) noexcept nogil:
    """Bespoke "or" actions: option 0 adds floaters to a Jovian card, option 1 is the card's other use."""
    cdef int t
    if o == 0:
        return 1
    if c == CARD_JFS:
        return 1
    if c == CARD_TITAN_SHUTTLES:
        return s.cres[c] > 0
    if c == CARD_TFLP:
        if s.cres[c] == 0:
            return 0
        for t in range(NCOL):
            if trade_error(s, p, t) == E_OK:
                return 1
    return 0


cdef int colonies_action(TState* s, int p, int c) noexcept nogil:
    cdef int o0, o1, first
    if c == CARD_MARTIAN_ZOO:
        s.pl[p].res[R_MC] += s.cres[c]
        return 0
    if c == CARD_TFLP:    # "remove a floater to trade" comes first in its menu
        o0 = colonies_option_ok(s, p, c, 1)
        o1 = 1
        first = 1
    else:
        o0 = 1
        o1 = colonies_option_ok(s, p, c, 1)
        first = 0
    if o0 and o1:
        push(s, PK_CARD_OR, p, c, first, 0, 0)
    else:
        colonies_card_option(s, p, c, 1 if (o0 and first) or (o1 and not first) else 0)
    return 0


cdef void colonies_card_option(TState* s, int p, int c, int other) noexcept nogil:
    """Run a bespoke action's behaviour: other = 0 adds floaters to a Jovian card."""
    if not other:
        push(s, PK_ADD_ANY, p, c, RT_FLOATER, 2 if c == CARD_TITAN_SHUTTLES else 1, 1)
    elif c == CARD_JFS:
        s.pl[p].res[R_MC] += s.cres[c] if s.cres[c] < 4 else 4
    elif c == CARD_TITAN_SHUTTLES:
        push(s, PK_SHUTTLES, p, c, s.cres[c], 0, 0)
    elif c == CARD_TFLP:
        push(s, PK_FREE_TRADE, p, c, 0, 0, 0)


# ---- follow-up decisions ----

cdef int colonies_has_option(TState* s, Pending* e) noexcept nogil:
    cdef int t
    if e.kind == PK_COLONY:
        return any_colony_site(s, e.player, e.a, e.card)
    if e.kind == PK_ARIDOR:
        for t in range(NCOL):
            if not s.col_in[t]:
                return 1
        return 0
    if e.kind == PK_DISCARD:
        return s.pl[e.player].hand_n > 0
    if e.kind == PK_MARKET:
        return market_options(s, e.a, e.a < 0) > 0
    if e.kind == PK_AIR_RAID:
        for t in range(s.np):
            if t != e.player:
                return 1
        return 0
    if e.kind == PK_FREE_TRADE:
        for t in range(NCOL):
            if trade_error(s, e.player, t) == E_OK:
                return 1
        return 0
    if e.kind == PK_SHUTTLES:
        return e.a > 0
    if e.kind == PK_REMOVE_FLOATER:
        return count_floater_cards_with(s, e.player) > 0
    if e.kind == PK_STORM_HEAT:
        return 1
    return 1


cdef int colonies_pending(TState* s, Pending e, int k, int a) noexcept nogil:
    """Answer a Colonies follow-up (the front of the queue, already copied to e)."""
    cdef int p = e.player, err
    if e.kind == PK_COLONY or e.kind == PK_ARIDOR or e.kind == PK_MARKET or e.kind == PK_FREE_TRADE:
        if k != K_COLONY:
            return fail(s, E_KIND)
        if e.kind == PK_COLONY:
            err = colony_error(s, p, a, e.a)
            if err != E_OK:
                return fail(s, err)
            if not colony_site_ok(s, p, a, e.a, e.card):
                return fail(s, E_PROD)
            pop_front(s)
            build_colony(s, p, a)
            if e.card == CARD_MINORITY:
                s.pl[p].prod[R_MC] -= 2
        elif e.kind == PK_ARIDOR:
            if a < 0 or a >= NCOL or s.col_in[a]:
                return fail(s, E_TILE_ABSENT)
            pop_front(s)
            add_colony_tile(s, a)
        elif e.kind == PK_MARKET:
            if not market_ok(s, e.a, a) or (e.a < 0 and market_options(s, a, 0) == 0):
                return fail(s, E_TILE_ABSENT)
            pop_front(s)
            if e.a < 0:
                s.col_track[a] += 1
                push_front(s, PK_MARKET, p, e.card, a, 0, 0)
            else:
                s.col_track[a] -= 1
        else:
            err = trade_error(s, p, a)
            if err != E_OK:
                return fail(s, err)
            pop_front(s)
            s.cres[e.card] -= 1
            begin_trade(s, p, a)
        return 0
    if e.kind == PK_TRADE_OFFSET:
        if k != K_OPTION or a > 1:
            return fail(s, E_KIND)
        pop_front(s)
        if a == 0:
            s.col_track[e.a] = e.b
        do_trade(s, p, e.a)
        return 0
    if e.kind == PK_DISCARD:
        if k != K_CARD or a >= NCARD or s.loc[a] != L_HAND + p:
            return fail(s, E_CARD)
        pop_front(s)
        s.pl[p].hand_n -= 1
        to_discard(s, a)
        return 0
    if e.kind == PK_AIR_RAID:
        if k != K_PLAYER or not air_raid_target(s, p, a):
            return fail(s, E_PLAYER)
        pop_front(s)
        err = s.pl[a].res[R_MC] if s.pl[a].res[R_MC] < 5 else 5
        s.pl[a].res[R_MC] -= err
        s.pl[p].res[R_MC] += err
        return 0
    if e.kind == PK_STORM_HEAT:
        if k != K_OPTION or not storm_heat_ok(s, p, e.a, a):
            return fail(s, E_RES)
        pop_front(s)
        s.cres[NCARD + p] -= a
        err = e.a - 2 * a
        s.pl[p].res[R_HE] -= err if err > 0 else 0
        return 0
    if e.kind == PK_REMOVE_FLOATER:
        if k != K_CARD or not card_holds(s, p, a, RT_FLOATER, 0) or s.cres[res_slot(p, a)] == 0:
            return fail(s, E_CARD)
        pop_front(s)
        s.cres[res_slot(p, a)] -= 1
        return 0
    if e.kind == PK_SHUTTLES:
        if k != K_OPTION or a < 1 or a > e.a or a > s.cres[e.card]:
            return fail(s, E_KIND)
        pop_front(s)
        s.cres[e.card] -= a
        s.pl[p].res[R_TI] += a
        return 0
    if e.kind == PK_CARD_OR:
        # option 0 is the first line of the card's menu
        if k != K_OPTION or a > 1:
            return fail(s, E_KIND)
        err = a if not e.a else 1 - a       # which behaviour: 0 floaters to a Jovian card, 1 the other
        if not colonies_option_ok(s, p, e.card, err):
            return fail(s, E_USED)
        pop_front(s)
        colonies_card_option(s, p, e.card, err)
        return 0
    return fail(s, E_KIND)


cdef int air_raid_target(TState* s, int p, int q) noexcept nogil:
    """Air Raid steals 5 M€ from another player who has 5 (the app lists only those: 6 of 6 prompts);
    when no one has 5, from any other player."""
    cdef int o, rich = 0
    if q < 0 or q >= s.np or q == p:
        return 0
    for o in range(s.np):
        if o != p and s.pl[o].res[R_MC] >= 5:
            rich = 1
    return s.pl[q].res[R_MC] >= 5 or not rich


cdef void push_front(TState* s, int kind, int p, int card, int a, int b, int c) noexcept nogil:
    cdef int i
    if s.npend >= MAXPEND:
        return
    for i in range(s.npend, 0, -1):
        s.pend[i] = s.pend[i - 1]
    s.npend += 1
    s.pend[0].kind = kind
    s.pend[0].player = p
    s.pend[0].card = card
    s.pend[0].a = a
    s.pend[0].b = b
    s.pend[0].c = c


cdef int colonies_gen_pending(TState* s, Pending* e, Move* out, int cap) noexcept nogil:
    cdef int n = 0, t, c, p = e.player
    if e.kind == PK_COLONY:
        for t in range(NCOL):
            if colony_site_ok(s, p, t, e.a, e.card):
                n = emit(out, n, cap, mk(K_COLONY, t, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_ARIDOR:
        for t in range(NCOL):
            if not s.col_in[t]:
                n = emit(out, n, cap, mk(K_COLONY, t, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_MARKET:
        for t in range(NCOL):
            if market_ok(s, e.a, t) and (e.a >= 0 or market_options(s, t, 0) > 0):
                n = emit(out, n, cap, mk(K_COLONY, t, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_FREE_TRADE:
        for t in range(NCOL):
            if trade_error(s, p, t) == E_OK:
                n = emit(out, n, cap, mk(K_COLONY, t, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_TRADE_OFFSET or e.kind == PK_CARD_OR:
        for t in range(2):
            if e.kind == PK_TRADE_OFFSET or colonies_option_ok(s, p, e.card, t if not e.a else 1 - t):
                n = emit(out, n, cap, mk(K_OPTION, t, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_DISCARD:
        for c in range(s.ncard):
            if s.loc[c] == L_HAND + p:
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_AIR_RAID:
        for t in range(s.np):
            if air_raid_target(s, p, t):
                n = emit(out, n, cap, mk(K_PLAYER, t, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_STORM_HEAT:
        for t in range(s.cres[NCARD + p] + 1):
            if storm_heat_ok(s, p, e.a, t):
                n = emit(out, n, cap, mk(K_OPTION, t, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_REMOVE_FLOATER:
        if s.pl[p].corp >= 0 and card_holds(s, p, ROBOT_CORP + s.pl[p].corp, RT_FLOATER, 0) \
                and s.cres[NCARD + p] > 0:
            n = emit(out, n, cap, mk(K_CARD, ROBOT_CORP + s.pl[p].corp, 0, 0, 0, 0, 0))
        for c in range(s.ncard):
            if card_holds(s, p, c, RT_FLOATER, 0) and s.cres[c] > 0:
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_SHUTTLES:
        for t in range(1, e.a + 1):
            n = emit(out, n, cap, mk(K_OPTION, t, 0, 0, 0, 0, 0))
        return n
    return -1


cdef int colonies_gen_actions(TState* s, int p, Move* out, int n, int cap) noexcept nogil:
    """Trades (every tile and way to pay) and the Build Colony standard project."""
    cdef int t, how
    if not s.colonies_on:
        return n
    for t in range(NCOL):
        if trade_error(s, p, t) != E_OK:
            continue
        for how in range(TP_MC, TP_FLOATER + 1):
            if not can_pay_trade(s, p, how):
                continue
            if how == TP_MC:
                n = gen_payments(s, p, K_TRADE, t, trade_cost(s, p, how), 0, 0, out, n, cap)
            else:
                n = emit(out, n, cap, mk(K_TRADE, t, how, 0, 0, 0, 0))
    return n
