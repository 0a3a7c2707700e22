# Applying atomic moves: one cdef function per command of the notation, and apply_move dispatching a
# 64-bit Move to them. The Python Core.command parses notation into the same calls, so both paths
# share every rule check. Illegal moves raise IllegalMove (the generator only lists legal ones).

# conversions of SPEND_TABLE (moves.pxi) as C data: cost unit and amount, up to two rewards
cdef enum:
    U_PW = 0
    U_C = 1
    U_O = 2
    U_K = 3
    U_Q = 4
    U_T = 5
    U_A3 = 6      # Nevlas: a token from area3 to the gaia area
    U_TG = 7      # a token of the gaia area (Terrans / Itars gaia phase)
    U_GF = 8      # Baltaks: a gaia-former to the gaia area
    U_TECH = 9
    U_NONE = 10
    NSPEND = 21

cdef int SPEND_COST[NSPEND][2]
SPEND_COST[:] = [[U_PW, 4], [U_PW, 4], [U_PW, 3], [U_PW, 1], [U_Q, 1], [U_O, 1], [U_K, 1], [U_O, 1],
                 [U_C, 4], [U_C, 3], [U_C, 4], [U_A3, 1], [U_PW, 4], [U_PW, 2], [U_PW, 6], [U_GF, 1],
                 [U_TG, 4], [U_TG, 3], [U_TG, 4], [U_TG, 1], [U_TG, 4]]
cdef int SPEND_GAIN[NSPEND][4]
SPEND_GAIN[:] = [[U_Q, 1, U_NONE, 0], [U_K, 1, U_NONE, 0], [U_O, 1, U_NONE, 0], [U_C, 1, U_NONE, 0],
                 [U_O, 1, U_NONE, 0], [U_T, 1, U_NONE, 0], [U_C, 1, U_NONE, 0], [U_C, 1, U_NONE, 0],
                 [U_Q, 1, U_NONE, 0], [U_O, 1, U_NONE, 0], [U_K, 1, U_NONE, 0], [U_K, 1, U_NONE, 0],
                 [U_O, 1, U_C, 1], [U_C, 2, U_NONE, 0], [U_O, 2, U_NONE, 0], [U_Q, 1, U_NONE, 0],
                 [U_Q, 1, U_NONE, 0], [U_O, 1, U_NONE, 0], [U_K, 1, U_NONE, 0], [U_C, 1, U_NONE, 0],
                 [U_TECH, 1, U_NONE, 0]]
UNIT_CODES = {"pw": U_PW, "c": U_C, "o": U_O, "k": U_K, "q": U_Q, "t": U_T, "t-a3": U_A3, "tg": U_TG,
              "gf": U_GF, "tech": U_TECH}


cdef int conversion_open(PlayerState* pl, int i) noexcept nogil:
    """Conversion i of SPEND_TABLE is open to the player (faction and PI conditions)."""
    cdef int pi = pl.nbuild[B_PI] > 0
    if i < 8:
        return 1
    if i < 11:
        return pl.faction == F_HADSCH and pi
    if i == 11:
        return pl.faction == F_NEVLAS
    if i < 15:
        return pl.faction == F_NEVLAS and pi
    if i == 15:
        return pl.faction == F_BALTAKS
    if i < 20:
        return pl.faction == F_TERRANS and pi
    return pl.faction == F_ITARS and pi


# specials 5..7 (advanced tiles) and 8..11 (factions) of SPECIAL_NAMES
cdef int SPECIAL_ADV_TILE[3]
SPECIAL_ADV_TILE[:] = [3, 11, 13]
cdef int SPECIAL_ADV_BIT[3]
SPECIAL_ADV_BIT[:] = [SP_ADV_QC, SP_ADV_3O, SP_ADV_3K]
cdef int SPECIAL_FACTION[4]
SPECIAL_FACTION[:] = [F_AMBAS, F_IVITS, F_FIRAKS, F_BESCODS]
cdef int SPECIAL_PENDING[4]
SPECIAL_PENDING[:] = [PD_SWAPPI, PD_SPACESTATION, PD_DOWNLAB, PD_UPLOWEST]


cdef int check_turn(GState* s, int p, int kind) except -1 nogil:
    """Whose decision it is: an open brainstone question first, income orders in the income phase."""
    if s.phase == PH_END:
        with gil:
            illegal("the game is over")
    if s.bsq_player >= 0:
        if kind != MV_BRAINSTONE or p != s.bsq_player:
            with gil:
                illegal("the brainstone decision of player %d must come first" % (s.bsq_player + 1))
        return 0
    if kind == MV_BRAINSTONE:
        with gil:
            illegal("no brainstone decision is open")
    if p != s.current:
        with gil:
            illegal("it is not this player's turn (waiting for player %d)" % (s.current + 1))
    return 0


cdef int main_action(GState* s) except -1 nogil:
    if s.phase != PH_MOVE:
        with gil:
            illegal("not in the action phase (phase %s)" % PHASE_CODES[s.phase])
    if s.action_done:
        with gil:
            illegal("the main action of this turn was already taken")
    s.action_done = 1
    return 0


cdef int pending_is(GState* s, int kind) noexcept nogil:
    cdef int i
    for i in range(s.npend):
        if s.pend[i].kind == kind:
            return 1
    return 0


cdef int auction_holds(GState* s, int p) noexcept nogil:
    cdef int i
    for i in range(s.auc_n):
        if s.auc_holder[i] == p:
            return 1
    return 0


cdef int auction_min_bid(GState* s, int i) noexcept nogil:
    """The lowest bid open on picked faction i: 0 when nobody holds it, else one more than its bid."""
    return 0 if s.auc_holder[i] < 0 else s.auc_bid[i] + 1


cdef int auction_next(GState* s, GameContext* c, int p) except -1 nogil:
    """After p's pick or bid: the next player in seat order without a faction, or, when everyone
    holds one, the boards loaded and the setup in the pick order."""
    cdef int k, q, i
    for k in range(1, s.num_players + 1):
        q = (p + k) % s.num_players
        if not auction_holds(s, q):
            s.current = q
            return 0
    for i in range(s.auc_n):
        q = s.auc_holder[i]
        s.pl[q].faction = s.auc_faction[i]
        s.pl[q].bid = s.auc_bid[i]
        # turnOrderAfterSetupAuction: the factions in pick order, mapped to their holders
        s.order[i] = q
        s.table[i] = q
    for q in range(s.num_players):
        start_faction(s, c, q)
    setup_sequences(s)
    s.phase = PH_SETUP_BUILD
    s.current = s.setup_seq[0]
    return 0


cdef int do_auction_pick(GState* s, GameContext* c, int p, int f) except -1 nogil:
    cdef int i
    if c.auction == AUC_BID_WHILE_CHOOSING and s.auc_n >= s.num_players:
        with gil:
            illegal("every faction in play is picked: outbid one of them")
    for i in range(s.auc_n):
        if s.auc_faction[i] == f or F_HOME[s.auc_faction[i]] == F_HOME[f]:
            with gil:
                illegal("%s cannot be chosen: %s plays on the same home planet" % (
                    FACTION_NAMES[f], FACTION_NAMES[s.auc_faction[i]]))
    i = s.auc_n
    s.auc_faction[i] = f
    s.auc_holder[i] = -1
    s.auc_bid[i] = 0
    s.auc_n += 1
    if c.auction == AUC_BID_WHILE_CHOOSING:
        # picking a new faction is a bid of 0 on it
        s.auc_holder[i] = p
        return auction_next(s, c, p)
    if p + 1 < s.num_players:
        s.current = p + 1
    else:
        s.phase = PH_AUCTION
        s.current = 0
    return 0


cdef int do_bid(GState* s, GameContext* c, int p, int f, int amount) except -1 nogil:
    cdef int i, k = -1, lo
    if c.auction == AUC_NONE:
        with gil:
            illegal("bids are made only in an auction game")
    if not (s.phase == PH_AUCTION or (s.phase == PH_FACTION and c.auction == AUC_BID_WHILE_CHOOSING)):
        with gil:
            illegal("no bids in phase %s" % PHASE_CODES[s.phase])
    for i in range(s.auc_n):
        if s.auc_faction[i] == f:
            k = i
    if k < 0:
        with gil:
            illegal("%s is not up for auction" % FACTION_NAMES[f])
    if c.auction == AUC_BID_WHILE_CHOOSING and s.auc_holder[k] < 0:
        with gil:
            illegal("%s is picked with the faction command" % FACTION_NAMES[f])
    lo = auction_min_bid(s, k)
    if amount < lo or amount > lo + 8:
        with gil:
            illegal("a bid on %s is %d to %d VP" % (FACTION_NAMES[f], lo, lo + 8))
    s.auc_holder[k] = p
    s.auc_bid[k] = amount
    return auction_next(s, c, p)


cdef int do_faction(GState* s, GameContext* c, int p, int f) except -1 nogil:
    cdef int q
    if s.phase != PH_FACTION:
        with gil:
            illegal("factions are chosen only at setup")
    if f < 0 or f >= NFACTION:
        with gil:
            illegal("unknown faction")
    if c.auction != AUC_NONE:
        return do_auction_pick(s, c, p, f)
    for q in range(s.num_players):
        if s.pl[q].faction >= 0 and (s.pl[q].faction == f or F_HOME[s.pl[q].faction] == F_HOME[f]):
            with gil:
                illegal("%s cannot be chosen: %s plays on the same home planet" % (
                    FACTION_NAMES[f], FACTION_NAMES[s.pl[q].faction]))
    s.pl[p].faction = f
    if p + 1 < s.num_players:
        s.current = p + 1
        return 0
    for q in range(s.num_players):
        start_faction(s, c, q)
    setup_sequences(s)
    s.phase = PH_SETUP_BUILD
    s.current = s.setup_seq[0]
    return 0


cdef int do_setup_build(GState* s, GameContext* c, int p, int b, int h) except -1 nogil:
    if s.pl[p].faction == F_IVITS:
        if b != B_PI:
            with gil:
                illegal("ivits start with their planetary institute")
        if s.owner[h] != -1 or s.planet[h] != F_HOME[F_IVITS]:
            with gil:
                illegal("the PI goes on an empty home planet")
        s.owner[h] = p
        s.building[h] = B_PI
        s.pl[p].seq_pi = next_seq(s)
        s.pl[p].nbuild[B_PI] = 1
    else:
        if b != B_M:
            with gil:
                illegal("starting buildings are mines")
        build_mine(s, c, p, h, 1)
    s.setup_pos += 1
    if s.setup_pos < s.nsetup:
        s.current = s.setup_seq[s.setup_pos]
    else:
        # boosters are taken in reverse turn order
        s.phase = PH_SETUP_BOOSTER
        s.current = s.order[s.num_players - 1]
    return 0


cdef int do_build(GState* s, GameContext* c, int p, int b, int h) except -1 nogil:
    if h < 0 or h >= c.nhex:
        with gil:
            illegal("no such hex")
    if s.phase == PH_SETUP_BUILD:
        return do_setup_build(s, c, p, b, h)
    if s.phase != PH_MOVE:
        with gil:
            illegal("cannot build in phase %s" % PHASE_CODES[s.phase])
    if b == B_M:
        if not (pending_is(s, PD_BUILD) or pending_is(s, PD_RANGE_BUILD)):
            main_action(s)
        build_mine(s, c, p, h, 0)
    elif b == B_GF:
        if not pending_is(s, PD_RANGE_BUILD):
            main_action(s)
        build_gaiaformer(s, c, p, h)
    elif b == B_TS and pending_is(s, PD_DOWNLAB):
        if s.owner[h] != p or s.building[h] != B_LAB:
            with gil:
                illegal("down-lab downgrades one of the player's research labs")
        if not ts_in_supply(&s.pl[p]):
            with gil:
                illegal("down-lab needs a trading station in the supply (all 4 are on the board)")
        pop_pending(s, PD_DOWNLAB)
        s.building[h] = B_TS
        drop_source(&s.pl[p], B_LAB)
        s.pl[p].nbuild[B_LAB] -= 1
        note_source(s, &s.pl[p], B_TS)
        s.pl[p].nbuild[B_TS] += 1
        on_event(s, c, p, EV_TS, 1)
        s.downlab_hex = h   # its leech comes after the rest of the special action (a lost planet)
        push_pending(s, PD_UP, ANY_TRACK)
    elif b == B_SP:
        if not pending_is(s, PD_SPACESTATION):
            with gil:
                illegal("a space station follows the space-station special action")
        if s.planet[h] != PL_EMPTY or s.owner[h] != -1:
            with gil:
                illegal("a space station goes on an empty space hex")
        if s.pl[p].nbuild[B_SP] >= MAX_BUILDINGS[B_SP]:
            with gil:
                illegal("no space station left")
        if (s.sat_mask[h] >> p) & 1:
            with gil:
                illegal("a space station may not go on a hex holding one of the player's satellites")
        pay(s, p, 0, 0, 0, range_qic(s, c, p, h, 0), "the space station's range")
        pop_pending(s, PD_SPACESTATION)
        s.owner[h] = p
        s.building[h] = B_SP
        s.pl[p].nbuild[B_SP] += 1
        join_adjacent_federation(s, c, p, h)
    elif B_TS <= b <= B_AC2:
        main_action(s)
        upgrade(s, c, p, h, b)
    else:
        with gil:
            illegal("unknown building")
    return 0


cdef int take_booster(GState* s, int p, int b) except -1 nogil:
    if b < 0 or b >= NBOOSTER or not s.booster_free[b]:
        with gil:
            illegal("booster%d is not available" % (b + 1))
    s.booster_free[b] = 0
    s.pl[p].booster = b
    s.pl[p].seq_booster = next_seq(s)
    return 0


cdef int do_booster(GState* s, GameContext* c, int p, int b) except -1 nogil:
    if s.phase != PH_SETUP_BOOSTER:
        with gil:
            illegal("boosters are taken at setup or when passing")
    cdef int i
    take_booster(s, p, b)
    for i in range(1, s.num_players):
        if s.order[i] == p:
            s.current = s.order[i - 1]
            return 0
    return begin_round(s, c)


cdef int do_pass(GState* s, GameContext* c, int p, int b) except -1 nogil:
    cdef int old
    if s.round < 6 and b == NO_BOOSTER:
        with gil:
            illegal("passing before round 6 takes a booster")
    if s.round >= 6 and b != NO_BOOSTER:
        with gil:
            illegal("no booster is taken when passing in round 6")
    if b != NO_BOOSTER and (b < 0 or b >= NBOOSTER or not s.booster_free[b]):
        with gil:
            illegal("booster%d is not available" % (b + 1))
    main_action(s)
    pass_vp(s, c, p)
    old = s.pl[p].booster
    if old >= 0:
        s.booster_free[old] = 1
    s.pl[p].booster = -1
    if b != NO_BOOSTER:
        take_booster(s, p, b)
    else:
        s.pl[p].seq_booster = next_seq(s)
    s.pl[p].passed = 1
    s.pass_order[s.npassed] = p
    s.npassed += 1
    return end_turn(s, c)


cdef int do_up(GState* s, GameContext* c, int p, int t) except -1 nogil:
    if t < 0 or t >= NTRACK:
        with gil:
            illegal("unknown research track")
    if s.phase != PH_MOVE and s.phase != PH_GAIA:
        with gil:
            illegal("cannot research in phase %s" % PHASE_CODES[s.phase])
    if free_up(s, c, p, t) == -2:
        main_action(s)
        research_up(s, c, p, t, 0)
    return 0


cdef int do_decline_up(GState* s, int p) except -1 nogil:
    if pop_pending(s, PD_UP) == -100 and pop_pending(s, PD_UPLOWEST) == -100:
        with gil:
            illegal("no research step to decline")
    return 0


cdef int do_decline_tech(GState* s, GameContext* c, int p) except -1 nogil:
    if s.phase != PH_GAIA:
        with gil:
            illegal("nothing to decline")
    s.gaia_declined = 1
    return continue_gaia_phase(s, c)


cdef int do_action(GState* s, GameContext* c, int p, int a) except -1 nogil:
    if a < 0 or a >= NACTION:
        with gil:
            illegal("unknown board action")
    if s.actions_used[a] != -1:
        with gil:
            illegal("%s was already used this round" % ACTION_NAMES[a])
    main_action(s)
    return board_action(s, c, p, a)


cdef int do_fedtile(GState* s, int p, int k) except -1 nogil:
    if k < 0 or k >= NFEDKIND or s.pl[p].fed_held[k] == 0:
        with gil:
            illegal("the player holds no such federation token")
    if pop_pending(s, PD_FEDTILE) == -100:
        with gil:
            illegal("fedtile follows the qic2 action")
    return gain_fed_reward(s, p, k)


cdef int do_lost_planet(GState* s, GameContext* c, int p, int h) except -1 nogil:
    if not pending_is(s, PD_LOSTPLANET):
        with gil:
            illegal("the lost planet is placed after reaching navigation level 5")
    if h < 0 or h >= c.nhex or s.planet[h] != PL_EMPTY or s.owner[h] != -1 or s.sat_mask[h]:
        with gil:
            illegal("the lost planet goes on an empty space hex")
    pay(s, p, 0, 0, 0, range_qic(s, c, p, h, 0), "the lost planet's range")
    pop_pending(s, PD_LOSTPLANET)
    s.planet[h] = PL_LOST
    s.owner[h] = p
    s.building[h] = B_M
    s.pl[p].lost_planet = h
    mine_effects(s, c, p, h, 1)
    join_adjacent_federation(s, c, p, h)
    return note_built(s, h)


cdef int do_special(GState* s, GameContext* c, int p, int which) except -1 nogil:
    """SPECIAL_NAMES[which]: step, range+3, 4pw, q, 4c, q,5c, 3o, 3k, swap-PI, space-station,
    down-lab, up-lowest."""
    cdef PlayerState* pl = &s.pl[p]
    main_action(s)
    if which == 0 or which == 1:
        if pl.booster != (3 if which == 0 else 4):
            with gil:
                illegal("special %s needs its booster" % SPECIAL_NAMES[which])
        use_special(s, p, SP_BOOSTER)
        push_pending(s, PD_BUILD if which == 0 else PD_RANGE_BUILD, 1 if which == 0 else 3)
    elif which == 2:
        if not has_tile(s, c, p, 9):
            with gil:
                illegal("special 4pw needs its tech tile")
        use_special(s, p, SP_TECH9)
        charge(s, p, 4)
    elif which == 3 or which == 4:
        if pl.nbuild[B_AC2] == 0 or (which == 4) != (pl.faction == F_BALTAKS):
            with gil:
                illegal("special %s needs the academy" % SPECIAL_NAMES[which])
        use_special(s, p, SP_AC2)
        if which == 4:
            gain(s, p, R_C, 4)
        else:
            gain(s, p, R_Q, 1)
    elif which <= 7:
        if not has_adv(s, c, p, SPECIAL_ADV_TILE[which - 5]):
            with gil:
                illegal("special %s needs its advanced tile" % SPECIAL_NAMES[which])
        use_special(s, p, SPECIAL_ADV_BIT[which - 5])
        if which == 5:
            gain(s, p, R_Q, 1)
            gain(s, p, R_C, 5)
        elif which == 6:
            gain(s, p, R_O, 3)
        else:
            gain(s, p, R_K, 3)
    elif which <= 11:
        if pl.faction != SPECIAL_FACTION[which - 8] or (which != 11 and pl.nbuild[B_PI] == 0):
            with gil:
                illegal("special %s is not available to this player" % SPECIAL_NAMES[which])
        if which == 10 and not (own_building(s, c, p, B_LAB) and ts_in_supply(pl)):
            # Firaks' PI: a lab becomes a trading station from the supply, so both must exist
            with gil:
                illegal("down-lab needs a research lab on the board and a trading station in the supply")
        if which == 8 and not swappable_mine(s, c, p):
            with gil:
                illegal("swap-PI needs one of the player's mines (not the lost planet)")
        use_special(s, p, SP_FACTION)
        push_pending(s, SPECIAL_PENDING[which - 8], 0)
    else:
        with gil:
            illegal("unknown special action")
    return 0


cdef int do_swap_pi(GState* s, GameContext* c, int p, int h) except -1 nogil:
    cdef int j
    if not pending_is(s, PD_SWAPPI):
        with gil:
            illegal("swap-PI follows the special action")
    if h < 0 or h >= c.nhex or s.owner[h] != p or s.building[h] != B_M:
        with gil:
            illegal("swap-PI swaps the PI with one of the player's mines")
    if s.planet[h] == PL_LOST:
        with gil:
            illegal("the lost planet's mine never moves or changes: swap-PI takes another mine")
    pop_pending(s, PD_SWAPPI)
    for j in range(c.nhex):
        if s.owner[j] == p and s.building[j] == B_PI:
            s.building[j] = B_M
    s.building[h] = B_PI
    return 0


cdef int do_federation(GState* s, GameContext* c, int p, int* hexes, int n, int kind) except -1 nogil:
    if s.phase != PH_MOVE or s.action_done:
        with gil:
            illegal("a federation is the turn's main action")
    form_federation(s, c, p, hexes, n, kind)
    s.action_done = 1
    return 0


cdef int free_action_allowed(GState* s, int p, int gaia_tokens) except -1 nogil:
    if gaia_tokens:
        if s.phase != PH_GAIA or s.current != p:
            with gil:
                illegal("gaia-area tokens are spent only in the player's gaia phase decision")
    elif s.phase != PH_MOVE or s.current != p:
        with gil:
            illegal("free actions are taken during the player's own turn")
    return 0


cdef int do_burn(GState* s, int p, int n) except -1 nogil:
    free_action_allowed(s, p, 0)
    return burn_power(s, p, n)


cdef int gain_unit(GState* s, int p, int unit, int n) except -1 nogil:
    if unit == U_C:
        return gain(s, p, R_C, n)
    if unit == U_O:
        return gain(s, p, R_O, n)
    if unit == U_K:
        return gain(s, p, R_K, n)
    if unit == U_Q:
        return gain(s, p, R_Q, n)
    if unit == U_T:
        return gain(s, p, R_T, n)
    if unit == U_TECH:
        return push_tech(s, p)
    return 0


cdef int do_spend(GState* s, int p, int i, int k) except -1 nogil:
    """k times conversion i of SPEND_TABLE."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int unit, n
    if i < 0 or i >= NSPEND or k < 1 or (SPEND_GAIN[i][0] == U_TECH and k != 1):
        with gil:
            illegal("no such conversion")
    unit = SPEND_COST[i][0]
    n = SPEND_COST[i][1] * k
    free_action_allowed(s, p, unit == U_TG)
    if not conversion_open(pl, i):
        with gil:
            illegal("the conversion %s for %s is not open to this player" % SPEND_TABLE[i])
    if unit == U_PW:
        pay_power(s, p, n)
    elif unit == U_A3:
        if pl.power[2] < n:
            with gil:
                illegal("cannot move %d tokens from area3 to the gaia area" % n)
        pl.power[2] -= n
        pl.power[3] += n
    elif unit == U_TG:
        if pl.power[3] < n:
            with gil:
                illegal("only %d tokens in the gaia area" % pl.power[3])
        pl.power[3] -= n
        if pl.faction == F_TERRANS:
            pl.power[1] += n
    elif unit == U_GF:
        if gaiaformers_free(pl) < n:
            with gil:
                illegal("no gaia-former to spend")
        pl.gf_spent += n
    else:
        pay(s, p, n if unit == U_C else 0, n if unit == U_O else 0, n if unit == U_K else 0,
            n if unit == U_Q else 0, "the conversion")
    gain_unit(s, p, SPEND_GAIN[i][0], SPEND_GAIN[i][1] * k)
    gain_unit(s, p, SPEND_GAIN[i][2], SPEND_GAIN[i][3] * k)
    return 0


cdef int leech_offer(GState* s, GameContext* c, int p, int variant) noexcept nogil:
    """The power of the current leech offer to p (the token-first Taklons offer can charge more)."""
    cdef int h = s.leech[s.leech_pos].hex
    if variant == LEECH_TOKEN_FIRST:
        return imin(imin(leech_value(s, c, p, h), chargeable(s, p) + 2), s.pl[p].vp + 1)
    return leech_amount(s, c, p, h)


cdef int do_charge(GState* s, GameContext* c, int p, int n, int variant, int accept) except -1 nogil:
    cdef int taklons_pi
    if s.phase != PH_LEECH:
        with gil:
            illegal("no charge offer to answer")
    taklons_pi = s.pl[p].faction == F_TAKLONS and s.pl[p].nbuild[B_PI] > 0
    if (variant != LEECH_PLAIN) != taklons_pi or n != leech_offer(s, c, p, variant):
        with gil:
            illegal("the offer is %dpw%s" % (leech_offer(s, c, p, LEECH_CHARGE_FIRST if taklons_pi else LEECH_PLAIN),
                                              ",1t" if taklons_pi else ""))
    if accept:
        if variant == LEECH_TOKEN_FIRST:
            gain(s, p, R_T, 1)
        charge(s, p, n)
        if n > 1:
            s.pl[p].vp -= n - 1
        if variant == LEECH_CHARGE_FIRST:
            gain(s, p, R_T, 1)
    s.leech_pos += 1
    return advance_leech(s, c)


cdef int do_income(GState* s, GameContext* c, int p, int kind, int amount) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int i
    if s.phase != PH_INCOME:
        with gil:
            illegal("no income to order now")
    for i in range(pl.ninc):
        if pl.inc[i].kind == kind and pl.inc[i].amount == amount:
            resolve_income_event(s, p, i)
            flush_income(s, p)
            if s.bsq_player < 0:
                continue_round_start(s, c)
            return 0
    with gil:
        illegal("no income %d%s to receive" % (amount, "t" if kind == R_T else "pw"))


cdef int do_brainstone(GState* s, GameContext* c, int p, int dest) except -1 nogil:
    cdef int kind = s.bsq_kind
    answer_brainstone(s, p, dest)
    if kind == BSQ_INCOME:
        flush_income(s, p)
        if s.bsq_player < 0 and s.phase == PH_INCOME:
            continue_round_start(s, c)
    return 0


cdef int do_end_turn(GState* s, GameContext* c, int p) except -1 nogil:
    if s.phase != PH_MOVE or p != s.current:
        with gil:
            illegal("not this player's turn to end")
    if not s.action_done:
        with gil:
            illegal("a turn needs a main action before it ends")
    return end_turn(s, c)


cdef int apply_move(GState* s, GameContext* c, int p, Move m) except -1 nogil:
    """Apply one atomic move of player p (MV_FEDERATION needs the hexes: see apply_federation_move)."""
    cdef int kind = mv_kind(m), a = mv_a(m), b = mv_b(m), h = mv_hex(m)
    cdef int phase_before = s.phase
    if kind != MV_INCOME:
        check_turn(s, p, kind)
    elif s.phase == PH_END or s.bsq_player >= 0:
        check_turn(s, p, kind)
    if kind == MV_FACTION:
        do_faction(s, c, p, a)
    elif kind == MV_BID:
        if a >= NFACTION:
            with gil:
                illegal("unknown faction")
        do_bid(s, c, p, a, b)
    elif kind == MV_BUILD:
        do_build(s, c, p, a, h)
    elif kind == MV_UP:
        do_up(s, c, p, a)
    elif kind == MV_DECLINE_UP:
        do_decline_up(s, p)
    elif kind == MV_TECH:
        if a >= NPOS:
            with gil:
                illegal("unknown tech position")
        take_tech(s, c, p, a)
    elif kind == MV_COVER:
        if a >= NPOS:
            with gil:
                illegal("unknown tech position")
        cover_tech(s, p, a)
    elif kind == MV_ACTION:
        do_action(s, c, p, a)
    elif kind == MV_SPECIAL:
        do_special(s, c, p, a)
    elif kind == MV_FEDTILE:
        do_fedtile(s, p, a)
    elif kind == MV_LOSTPLANET:
        do_lost_planet(s, c, p, h)
    elif kind == MV_SWAPPI:
        do_swap_pi(s, c, p, h)
    elif kind == MV_SPEND:
        do_spend(s, p, a, b)
    elif kind == MV_BURN:
        do_burn(s, p, a)
    elif kind == MV_CHARGE or kind == MV_DECLINE_CHARGE:
        do_charge(s, c, p, a, b, kind == MV_CHARGE)
    elif kind == MV_BOOSTER:
        do_booster(s, c, p, a)
    elif kind == MV_PASS:
        do_pass(s, c, p, a)
    elif kind == MV_INCOME:
        do_income(s, c, p, a, b)
    elif kind == MV_BRAINSTONE:
        do_brainstone(s, c, p, a)
    elif kind == MV_ENDTURN:
        do_end_turn(s, c, p)
    elif kind == MV_DECLINE_TECH:
        do_decline_tech(s, c, p)
    else:
        with gil:
            illegal("not a move")
    if phase_before == PH_GAIA and s.phase == PH_GAIA and s.npend == 0 and s.bsq_player < 0 \
            and not gaia_decision_open(s, p):
        continue_gaia_phase(s, c)
    return 0


cdef int federation_candidate(GState* s, GameContext* c, int p, int idx, int* hexes, int cap) except -1 nogil:
    """The hexes of federation candidate idx of the generator (fastgen.pxi), or 0 if there is none."""
    cdef int buf[MAX_FED_HEXES]
    cdef int offsets[MAX_FED_CANDIDATES_C + 1]
    cdef int n = fed_candidates(s, c, p, buf, offsets, MAX_FED_CANDIDATES_C)
    cdef int i, k
    if idx < 0 or idx >= n:
        return 0
    k = offsets[idx + 1] - offsets[idx]
    if k > cap:
        return 0
    for i in range(k):
        hexes[i] = buf[offsets[idx] + i]
    return k
