# Loading a whole position from a description (a real game's player view, via
# gaia_ai.games.terraforming_mars.playerview). The Python side decides every card's place, hidden ones
# included; this only writes the struct and derives what follows from it (tags, counts).

def load_position(Core core, dict d):
    """Overwrite core's state with the position ``d`` describes (keys as playerview builds them).

    d: np, step, phase, gen, first, cur, temp (steps from -30 C), oxy, oceans, seed,
       players: [{tr, res, prod, corp, corp_offer, passed, acts, first_pending, setup_done, bought,
                  steel_value, ti_value, req_bonus, req_next, tr_raised, next_discount, final_done,
                  tableau (card ids in play order), hand, offer}],
       card_resources {card: n}, used (card ids), corp_used (players), deck (top first), discard,
       tiles [(space, tile, owner)], claims [(space, player)] (Land Claim),
       milestones [(ms, player)], awards [(aw, player)],
       pending [(kind, player, card, a, b, c)]; kind PK_TILE with a < 0 places tile b by card's own rule;
       action_player; last_space (optional: the tile placed last); a Colonies game also has colonies [(tile, active, track, [owners], trader or -1)]
       and per player fleets, fleets_used, card_price, corp_resources (trade discounts and offsets and
       Aridor's tag types follow from the tableau)."""
    cdef TState* s = &core.st
    cdef int p, c, k, i, t, sp
    cdef TPlayer* pl
    np = d["np"]
    # indexes are checked here so that a bad description is a ValueError, never a write out of bounds
    ids = [c for spec in d["players"] for key in ("tableau", "hand", "offer") for c in spec[key]]
    ids += list(d["card_resources"]) + list(d["used"]) + list(d["deck"]) + list(d["discard"])
    ids += [e[2] for e in d["pending"] if e[2] != -1]      # -1: a follow-up of no card (a standard project)
    if not 2 <= np <= MAXP or len(d["players"]) != np:
        raise ValueError(f"players: {np}")
    colonies = d.get("colonies")
    ncard = NCARD if colonies is not None else NBASE     # a Colonies game holds all the cards
    if any(not 0 <= x < ncard for x in ids) or len(d["deck"]) + len(d["discard"]) > CARDCAP:
        raise ValueError("card id out of range")
    if any(not 0 <= e[0] < NSPACE for e in d.get("claims", ())) or any(
            not 0 <= e[0] < NSPACE or not 0 < e[1] < NTILE for e in d["tiles"]):
        raise ValueError("tile out of range")
    if any(not -1 <= spec["corp"] < NCORP for spec in d["players"]) or len(d["pending"]) > MAXPEND:
        raise ValueError("corporation or pending queue out of range")
    if any(len(spec["offer"]) > 10 for spec in d["players"]):
        raise ValueError("more than 10 offered cards")
    if colonies is not None and (len({e[0] for e in colonies}) != len(colonies) or any(
            not 0 <= e[0] < NCOL or not 0 <= e[2] <= 6 or len(e[3]) > COLCAP
            or not all(0 <= q < np for q in e[3]) or not -1 <= e[4] < np for e in colonies)):
        raise ValueError("colony tile, track, colony owner or trader out of range")
    memset(s, 0, sizeof(TState))
    s.np = np
    s.step = d["step"]
    s.phase = d["phase"]
    s.gen = d["gen"]
    s.first = d["first"]
    s.cur = d["cur"]
    s.temp = d["temp"]
    s.oxy = d["oxy"]
    s.oceans = d["oceans"]
    s.rng = d["seed"]
    s.action_player = d.get("action_player", -1)
    s.action_top = 1 if s.action_player >= 0 else 0
    s.last_space = d.get("last_space", -1)     # the space of the tile placed last (Flooding's ocean)
    if not -1 <= s.last_space < NSPACE:
        raise ValueError(f"last_space: {s.last_space}")
    s.ncard = ncard
    for i in range(NCOL):
        s.col_trader[i] = -1
    if colonies is not None:
        s.colonies_on = 1
        for t, active, track, owners, trader in colonies:
            s.col_in[t] = 1
            s.col_active[t] = 1 if active else 0
            s.col_track[t] = track
            s.col_n[t] = len(owners)
            for i, p in enumerate(owners):
                s.col_owner[t][i] = p
            s.col_trader[t] = trader
    for c in range(CARDCAP):
        s.loc[c] = L_OUT
    for sp in range(NSPACE):
        s.owner[sp] = -1
    for i in range(NMS):
        s.ms[i] = -1
        s.ms_order[i] = -1
    for i in range(NAW):
        s.aw[i] = -1
        s.aw_order[i] = -1
    for p, spec in enumerate(d["players"]):
        pl = &s.pl[p]
        pl.tr = spec["tr"]
        for k in range(6):
            pl.res[k] = spec["res"][k]
            pl.prod[k] = spec["prod"][k]
        pl.corp = spec["corp"]
        for k in range(2):
            pl.corp_offer[k] = spec["corp_offer"][k]
        pl.passed = spec["passed"]
        pl.acts = spec["acts"]
        pl.first_pending = spec["first_pending"]
        pl.setup_done = spec["setup_done"]
        pl.bought = spec["bought"]
        pl.steel_value = spec["steel_value"]
        pl.ti_value = spec["ti_value"]
        pl.req_bonus = spec["req_bonus"]
        pl.req_next = spec.get("req_next", 0)
        pl.tr_raised = spec["tr_raised"]
        pl.next_discount = spec["next_discount"]
        pl.final_done = spec["final_done"]
        pl.card_price = spec.get("card_price", 3)
        pl.fleets = spec.get("fleets", 1 if colonies is not None else 0)
        pl.fleets_used = spec.get("fleets_used", 0)
        s.cres[NCARD + p] = spec.get("corp_resources", 0)
        if pl.corp >= 0 and s.step != ST_SETUP:   # a corporation chosen in setup is played when all have chosen
            pl.played_n = 1
            for t in range(T_EVENT):
                pl.tags[t] += CORPS[pl.corp].tags[t]
        for c in spec["tableau"]:
            s.loc[c] = L_PLAYED + p
            s.seq[c] = s.nseq
            s.nseq += 1
            pl.played_n += 1
            pl.trade_disc += CARDS[c].trade_disc
            pl.trade_offset += CARDS[c].trade_offset
            if CARDS[c].type != CT_EVENT:
                for t in range(T_EVENT):
                    pl.tags[t] += CARDS[c].tags[t]
                    if CARDS[c].tags[t]:
                        pl.tags_seen |= 1 << t
        for c in spec["hand"]:
            s.loc[c] = L_HAND + p
            pl.hand_n += 1
        for c in spec["offer"]:
            pl.offer[pl.noffer] = c
            pl.noffer += 1
            s.loc[c] = L_OFFER + p
    for c, n in d["card_resources"].items():
        s.cres[c] = n
    for c in d["used"]:
        s.used[c] = 1
    for p in d["corp_used"]:
        s.used[NCARD + p] = 1
    for c in d["deck"]:
        s.deck[s.bot] = c
        s.bot += 1
        s.loc[c] = L_DECK
    for c in d["discard"]:
        to_discard(s, c)
    for sp, t, p in d["tiles"]:
        s.tile[sp] = t
        s.owner[sp] = p
    for sp, p in d.get("claims", ()):
        s.claim[sp] = p + 1
    for i, p in d["milestones"]:
        s.ms[i] = p
        s.ms_order[s.nms] = i
        s.nms += 1
    for i, p in d["awards"]:
        s.aw[i] = p
        s.aw_order[s.naw] = i
        s.naw += 1
    for kind, p, c, a, b, cc in d["pending"]:
        if kind == PK_TILE and a < 0:
            push_card_tile(s, p, c, b)
        else:
            push(s, kind, p, c, a, b, cc)


cdef void push_card_tile(TState* s, int p, int c, int tile) noexcept:
    """Queue the placement of ``tile`` the way card c places it (its own space rule)."""
    cdef CardDef* d = &CARDS[c]
    if tile == TL_OCEAN:
        push(s, PK_TILE, p, c, TL_OCEAN, d.ocean_rule, -1)
    elif tile == TL_CITY and d.cities:
        push(s, PK_TILE, p, c, TL_CITY, PR_FIXED if d.city_space >= 0 else d.city_rule, d.city_space)
    elif tile == TL_GREENERY and d.greeneries:
        push(s, PK_TILE, p, c, TL_GREENERY, d.greenery_rule, -1)
    elif d.tile_rule and d.tile_rule != PR_CLAIM:
        push(s, PK_TILE, p, c, d.tile, d.tile_rule, -1)
    else:
        push(s, PK_TILE, p, c, tile, PR_CITY if tile == TL_CITY else PR_GREENERY, -1)


def pending_kinds():
    """Codes of the follow-up kinds a loaded position may open with."""
    return dict(PK_TILE=PK_TILE, PK_REMOVE_PLANTS=PK_REMOVE_PLANTS, PK_DEC_PROD=PK_DEC_PROD,
                PK_OR_PROD=PK_OR_PROD, PK_ADD_ANY=PK_ADD_ANY, PK_REMOVE_RES=PK_REMOVE_RES,
                PK_ATTACK=PK_ATTACK, PK_AMOUNT=PK_AMOUNT, PK_KEEP=PK_KEEP, PK_BUY_TOP=PK_BUY_TOP,
                PK_MARS_UNI=PK_MARS_UNI, PK_FLOODING=PK_FLOODING, PK_ROBOT=PK_ROBOT, PK_COLONY=PK_COLONY,
                PK_RESEARCH_PAY=PK_RESEARCH_PAY,
                ST_SETUP=ST_SETUP, ST_RESEARCH=ST_RESEARCH, ST_ACTION=ST_ACTION, ST_FINAL=ST_FINAL,
                PH_RESEARCH=PH_RESEARCH, PH_ACTION=PH_ACTION, PH_PRODUCTION=PH_PRODUCTION,
                PK_OR_ACT=PK_OR_ACT, PK_OLYMPUS=PK_OLYMPUS, PK_VIRAL=PK_VIRAL, PK_COLD_FUNGUS=PK_COLD_FUNGUS,
                PK_PLANTS_OR=PK_PLANTS_OR, PK_ARIDOR=PK_ARIDOR, PK_TRADE_OFFSET=PK_TRADE_OFFSET,
                PK_DISCARD=PK_DISCARD, PK_MARKET=PK_MARKET, PK_AIR_RAID=PK_AIR_RAID, PK_SHUTTLES=PK_SHUTTLES,
                PK_CARD_OR=PK_CARD_OR, PK_FREE_TRADE=PK_FREE_TRADE, PK_REMOVE_FLOATER=PK_REMOVE_FLOATER,
                PK_STORM_HEAT=PK_STORM_HEAT, PK_SELL=PK_SELL, PK_TOP=PK_TOP,
                PR_OCEAN=PR_OCEAN, PR_CITY=PR_CITY, PR_GREENERY=PR_GREENERY, PR_OCEAN_ON_LAND=PR_OCEAN_ON_LAND,
                PR_GREENERY_OCEANSPACE=PR_GREENERY_OCEANSPACE, PR_LAND=PR_LAND, PR_VOLCANIC=PR_VOLCANIC,
                PR_OCEANSPACE=PR_OCEANSPACE, PR_ISOLATED=PR_ISOLATED, PR_MINING_RIGHTS=PR_MINING_RIGHTS,
                PR_MINING_AREA=PR_MINING_AREA, PR_NEXT_CITY=PR_NEXT_CITY, PR_NEXT_GREENERY=PR_NEXT_GREENERY,
                PR_URBANIZED=PR_URBANIZED, PR_CLAIM=PR_CLAIM,
                TL_OCEAN=TL_OCEAN, TL_CITY=TL_CITY, TL_GREENERY=TL_GREENERY, TL_ECOZONE=TL_ECOZONE,
                TL_LAVA=TL_LAVA, TL_MINING_AREA=TL_MINING_AREA, TL_MINING_RIGHTS=TL_MINING_RIGHTS,
                TL_INDUSTRIAL=TL_INDUSTRIAL,
                RT_MICROBE=RT_MICROBE, RT_ANIMAL=RT_ANIMAL, RT_SCIENCE=RT_SCIENCE, RT_FIGHTER=RT_FIGHTER,
                RT_FLOATER=RT_FLOATER, RT_CAMP=RT_CAMP)


def save_position(Core core):
    """The position as the dict ``load_position`` takes (the inverse on every field it reads: loading the
    result gives the same legal moves and the same future), for structured observations."""
    cdef TState* s = &core.st
    cdef TPlayer* pl
    cdef int p, c, i
    cdef int ncard = s.ncard
    players = []
    for p in range(s.np):
        pl = &s.pl[p]
        spec = {
            "tr": pl.tr, "res": [pl.res[i] for i in range(6)], "prod": [pl.prod[i] for i in range(6)],
            "corp": pl.corp, "corp_offer": [pl.corp_offer[0], pl.corp_offer[1]], "passed": pl.passed,
            "acts": pl.acts, "first_pending": pl.first_pending, "setup_done": pl.setup_done, "bought": pl.bought,
            "steel_value": pl.steel_value, "ti_value": pl.ti_value, "req_bonus": pl.req_bonus,
            "req_next": pl.req_next, "tr_raised": pl.tr_raised, "next_discount": pl.next_discount,
            "final_done": pl.final_done,
            "tableau": sorted([c for c in range(ncard) if s.loc[c] == L_PLAYED + p], key=lambda c: s.seq[c]),
            "hand": [c for c in range(ncard) if s.loc[c] == L_HAND + p],
            "offer": [pl.offer[i] for i in range(pl.noffer)],
            "card_price": pl.card_price, "corp_resources": s.cres[NCARD + p],
        }
        if s.colonies_on:
            spec["fleets"] = pl.fleets
            spec["fleets_used"] = pl.fleets_used
        players.append(spec)
    d = {
        "np": s.np, "step": s.step, "phase": s.phase, "gen": s.gen, "first": s.first, "cur": s.cur,
        "temp": s.temp, "oxy": s.oxy, "oceans": s.oceans, "seed": s.rng, "players": players,
        "card_resources": {c: s.cres[c] for c in range(ncard) if s.cres[c]},
        "used": [c for c in range(ncard) if s.used[c]],
        "corp_used": [p for p in range(s.np) if s.used[NCARD + p]],
        "deck": [s.deck[i] for i in range(s.top, s.bot)],
        "discard": [s.discard[i] for i in range(s.ndiscard)],
        "tiles": [(i, s.tile[i], s.owner[i]) for i in range(NSPACE) if s.tile[i] != TL_NONE],
        "claims": [(i, s.claim[i] - 1) for i in range(NSPACE) if s.claim[i]],
        "milestones": [(s.ms_order[i], s.ms[s.ms_order[i]]) for i in range(s.nms)],
        "awards": [(s.aw_order[i], s.aw[s.aw_order[i]]) for i in range(s.naw)],
        "pending": [(s.pend[i].kind, s.pend[i].player, s.pend[i].card, s.pend[i].a, s.pend[i].b, s.pend[i].c)
                    for i in range(s.npend)],
        "action_player": s.action_player,
    }
    if s.colonies_on:
        d["colonies"] = [(t, s.col_active[t], s.col_track[t], [s.col_owner[t][i] for i in range(s.col_n[t])],
                          s.col_trader[t]) for t in range(NCOL) if s.col_in[t]]
    return d
