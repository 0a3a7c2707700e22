# Game flow: setup, income, gaia phase, turn order, leech offers, end of round and final scoring.

cdef int add_income_event(PlayerState* pl, int kind, int amount) except -1:
    if amount <= 0:
        return 0
    if pl.ninc >= MAXINC:
        illegal("internal: too many income events")
    pl.inc[pl.ninc].kind = kind
    pl.inc[pl.ninc].amount = amount
    pl.ninc += 1
    return 0


cdef int income_needs_order(PlayerState* pl) noexcept nogil:
    cdef int i, has_t = 0, has_pw = 0
    for i in range(pl.ninc):
        if pl.inc[i].kind == R_T:
            has_t = 1
        else:
            has_pw = 1
    return has_t and has_pw


cdef int resolve_income_event(GState* s, int p, int i) except -1:
    """Receive one income event; a charge whose brainstone destination is the player's choice waits
    for the answer (the engine stops there, before the charge is applied)."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int kind = pl.inc[i].kind
    cdef int amount = pl.inc[i].amount
    cdef int on = 0, off = 0
    while i < pl.ninc - 1:
        pl.inc[i] = pl.inc[i + 1]
        i += 1
    pl.ninc -= 1
    if kind == R_PW and charge_destinations(s, p, amount, &on, &off):
        open_question(s, p, BSQ_INCOME, amount, on, off, 2, off)
        return 0
    if kind == R_PW:
        charge_power(s, p, amount, 1)
    else:
        gain(s, p, kind, amount)
    return 0


cdef int flush_income(GState* s, int p) except -1:
    """Resolve the power events whose order no longer matters (stopping at a brainstone question)."""
    while s.bsq_player < 0 and s.pl[p].ninc > 0 and not income_needs_order(&s.pl[p]):
        resolve_income_event(s, p, 0)
    return 0


cdef int collect_income(GState* s, GameContext* c, int p) except -1:
    cdef PlayerState* pl = &s.pl[p]
    cdef int f = pl.faction
    cdef int i, b, tile, credits, ores, knowledge, qic
    credits = F_BASE_INCOME[f][0]
    ores = F_BASE_INCOME[f][1]
    knowledge = F_BASE_INCOME[f][2]
    qic = F_BASE_INCOME[f][3]
    pl.ninc = 0
    add_income_event(pl, R_T, F_BASE_INCOME[f][4])
    for i in range(pl.nbuild[B_M]):
        ores += MINE_ORE[i]
    for i in range(pl.nbuild[B_TS]):
        if f == F_BESCODS:
            knowledge += 1
        else:
            credits += TS_CREDITS[i]
    for i in range(pl.nbuild[B_LAB]):
        if f == F_BESCODS:
            credits += BESCODS_LAB_CREDITS[i]
        elif f == F_NEVLAS:
            add_income_event(pl, R_PW, 2)
        else:
            knowledge += 1
    if pl.nbuild[B_PI]:
        add_income_event(pl, R_PW, F_PI_INCOME[f][0])
        add_income_event(pl, R_T, F_PI_INCOME[f][1])
        qic += F_PI_INCOME[f][2]
        ores += F_PI_INCOME[f][3]
    if pl.nbuild[B_AC1]:
        knowledge += 3 if f == F_ITARS else 2
    b = pl.booster
    if b >= 0:
        credits += BOOSTER_INCOME[b][0]
        ores += BOOSTER_INCOME[b][1]
        knowledge += BOOSTER_INCOME[b][2]
        qic += BOOSTER_INCOME[b][3]
        add_income_event(pl, R_PW, BOOSTER_INCOME[b][4])
        add_income_event(pl, R_T, BOOSTER_INCOME[b][5])
    for i in range(pl.ntech):
        if pl.tech_order[i] < NBASIC and not (pl.covered >> pl.tech_order[i]) & 1:
            tile = c.tech_at[pl.tech_order[i]]
            if tile == 5:
                ores += 1
                add_income_event(pl, R_PW, 1)
            elif tile == 6:
                knowledge += 1
                credits += 1
            elif tile == 8:
                credits += 4
    credits += ECO_INCOME[pl.research[T_ECO]][0]
    ores += ECO_INCOME[pl.research[T_ECO]][1]
    add_income_event(pl, R_PW, ECO_INCOME[pl.research[T_ECO]][2])
    knowledge += SCI_INCOME[pl.research[T_SCI]]
    pl.inc_res[0] = credits
    pl.inc_res[1] = ores
    pl.inc_res[2] = knowledge
    pl.inc_res[3] = qic
    # a player who must order token and charge income receives all of it once the order is given
    if not income_needs_order(pl):
        flush_income(s, p)
        if s.bsq_player < 0:
            receive_resource_income(s, p)
    return 0


cdef int receive_resource_income(GState* s, int p) except -1:
    cdef PlayerState* pl = &s.pl[p]
    gain(s, p, R_C, pl.inc_res[0])
    gain(s, p, R_O, pl.inc_res[1])
    gain(s, p, R_K, pl.inc_res[2])
    gain(s, p, R_Q, pl.inc_res[3])
    pl.inc_res[0] = pl.inc_res[1] = pl.inc_res[2] = pl.inc_res[3] = 0
    return 0


cdef int next_income_player(GState* s) noexcept nogil:
    cdef int i
    for i in range(s.norder):
        if s.pl[s.order[i]].ninc > 0:
            return s.order[i]
    return -1


cdef int gaia_phase_end(GState* s, int p) except -1:
    """The player's tokens in the gaia area come back (Terrans: to area2), with gaia-formers spent by Baltaks."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int n = pl.power[3]
    pl.power[3] = 0
    pl.gf_spent = 0
    if pl.brainstone == BS_GAIA:
        pl.brainstone = BS_A1
    if pl.faction == F_TERRANS:
        pl.power[1] += n
    else:
        pl.power[0] += n
    return 0


cdef int begin_round(GState* s, GameContext* c) except -1:
    cdef int p, i
    s.round += 1
    s.income_pos = 0
    return continue_round_start(s, c)


cdef int continue_round_start(GState* s, GameContext* c) except -1:
    """Income player by player in turn order; a player who must order token and charge income stops it."""
    cdef int h
    cdef int p = next_income_player(s)
    if s.bsq_player >= 0:
        s.phase = PH_INCOME
        s.current = s.bsq_player
        return 0
    if p >= 0:
        s.phase = PH_INCOME
        s.current = p
        return 0
    while s.income_pos < s.norder:
        p = s.order[s.income_pos]
        s.income_pos += 1
        collect_income(s, c, p)
        if s.pl[p].ninc > 0 or s.bsq_player >= 0:
            s.phase = PH_INCOME
            s.current = p
            return 0
    s.gaia_pos = 0
    s.gaia_declined = 0
    for h in range(c.nhex):
        if s.building[h] == B_GF and s.planet[h] == PL_TRANSDIM:
            s.planet[h] = PL_GAIA
    return continue_gaia_phase(s, c)


cdef int gaia_decision_open(GState* s, int p) noexcept nogil:
    """Terrans with their PI spend the tokens of the gaia area; Itars with theirs may trade 4 for a tech tile."""
    cdef PlayerState* pl = &s.pl[p]
    if pl.nbuild[B_PI] == 0:
        return 0
    if pl.faction == F_TERRANS:
        return pl.power[3] > 0
    if pl.faction == F_ITARS:
        return pl.power[3] >= 4
    return 0


cdef int continue_gaia_phase(GState* s, GameContext* c) except -1:
    cdef int p
    while s.gaia_pos < s.norder:
        p = s.order[s.gaia_pos]
        if gaia_decision_open(s, p) and not (s.phase == PH_GAIA and s.current == p and s.gaia_declined):
            s.phase = PH_GAIA
            s.current = p
            return 0
        gaia_phase_end(s, p)
        s.gaia_declined = 0
        s.gaia_pos += 1
    s.phase = PH_MOVE
    s.current = s.order[0]
    s.action_done = 0
    return 0


cdef int final_scoring(GState* s, GameContext* c) except -1:
    cdef int t, p, q, i, tile, rank_better, ties, total, share
    cdef int counts[MAXP + 1]
    cdef int nplayers = s.num_players
    cdef int neutral = nplayers == 2
    cdef PlayerState* pl
    for t in range(2):
        tile = c.final_tiles[t]
        for p in range(nplayers):
            if tile == 0:
                counts[p] = structures_count(s, c, p)
            elif tile == 1:
                counts[p] = federated_structures(s, c, p)
            elif tile == 2:
                counts[p] = planet_types(s, c, p)
            elif tile == 3:
                counts[p] = gaia_planets(s, c, p)
            elif tile == 4:
                counts[p] = sectors_count(s, c, p)
            else:
                counts[p] = s.pl[p].satellites + s.pl[p].nbuild[B_SP]
        if neutral:
            counts[nplayers] = FINAL_NEUTRAL[tile]
        for p in range(nplayers):
            if counts[p] == 0:
                continue
            rank_better = 0
            ties = 0
            for q in range(nplayers + neutral):
                if counts[q] > counts[p]:
                    rank_better += 1
                elif counts[q] == counts[p]:
                    ties += 1
            total = 0
            for i in range(rank_better, rank_better + ties):
                if i < 3:
                    total += (18, 12, 6)[i]
            share = total // ties
            s.pl[p].vp += share
    for p in range(nplayers):
        pl = &s.pl[p]
        for t in range(NTRACK):
            if pl.research[t] >= 3:
                pl.vp += 4 * (pl.research[t] - 2)
    for p in range(nplayers):
        pl = &s.pl[p]
        # burn what can be burnt, spend area3 for credits, qic to ore, 3 resources per VP
        while bs_tokens(pl, 1) >= 2:
            burn_power(s, p, 1)
        gain(s, p, R_C, spendable_power(pl))
        pl.power[0] += pl.power[2]
        pl.power[2] = 0
        if pl.brainstone == BS_A3:
            pl.brainstone = BS_A1
        gain(s, p, R_O, pl.qic)
        pl.qic = 0
        pl.vp += (pl.credits + pl.ores + pl.knowledge) // 3
    for p in range(nplayers):
        s.final_vp[p] = s.pl[p].vp
    s.finished = 1
    s.phase = PH_END
    s.current = -1
    return 0


cdef int end_round(GState* s, GameContext* c) except -1:
    cdef int i, p
    for i in range(s.npassed):
        s.order[i] = s.pass_order[i]
    s.norder = s.npassed
    s.npassed = 0
    for i in range(NACTION):
        s.actions_used[i] = -1
    for p in range(s.num_players):
        s.pl[p].passed = 0
        s.pl[p].specials_used = 0
    if s.round >= 6:
        return final_scoring(s, c)
    return begin_round(s, c)


cdef int next_player_after(GState* s, int p) noexcept nogil:
    """The next player in turn order after p who has not passed, or -1 when all passed."""
    cdef int i, j, idx = 0
    for i in range(s.norder):
        if s.order[i] == p:
            idx = i
    for j in range(1, s.norder + 1):
        i = s.order[(idx + j) % s.norder]
        if not s.pl[i].passed:
            return i
    return -1


cdef int leech_value(GState* s, GameContext* c, int q, int h) noexcept nogil:
    cdef int j, v = 0
    for j in range(c.nhex):
        if c.dist[h][j] <= 2 and (s.owner[j] == q or s.guest[j] == q):
            v = imax(v, building_power(s, c, q, j, 0))
    return v


cdef int leech_amount(GState* s, GameContext* c, int q, int h) noexcept nogil:
    cdef int v = leech_value(s, c, q, h)
    cdef PlayerState* pl = &s.pl[q]
    v = imin(v, chargeable(s, q))
    v = imin(v, pl.vp + 1)
    return v


cdef int end_turn(GState* s, GameContext* c) except -1:
    cdef int p = s.current
    cdef int i, k, q
    if s.npend > 0:
        illegal("the turn is not over: a decision is pending")
    s.nleech = 0
    # the last building placed is offered first (the engine stacks its leech sources)
    for i in range(s.nbuilt - 1, -1, -1):
        for k in range(1, s.num_players):
            q = (p + k) % s.num_players
            if s.nleech < MAXLEECH and leech_value(s, c, q, s.built[i]) > 0:
                s.leech[s.nleech].player = q
                s.leech[s.nleech].hex = s.built[i]
                s.leech[s.nleech].builder = p
                s.nleech += 1
    s.nbuilt = 0
    s.temp_range = 0
    s.action_done = 0
    s.after_leech_next = next_player_after(s, p)
    s.leech_pos = 0
    return advance_leech(s, c)


cdef int advance_leech(GState* s, GameContext* c) except -1:
    """Ask the next leech offer that can charge something; then hand the turn on."""
    cdef LeechOffer* o
    while s.leech_pos < s.nleech:
        o = &s.leech[s.leech_pos]
        if leech_amount(s, c, o.player, o.hex) > 0 or (
                s.pl[o.player].faction == F_TAKLONS and s.pl[o.player].nbuild[B_PI] > 0):
            s.phase = PH_LEECH
            s.current = o.player
            return 0
        s.leech_pos += 1
    s.nleech = 0
    s.phase = PH_MOVE
    if s.after_leech_next < 0:
        return end_round(s, c)
    s.current = s.after_leech_next
    return 0


cdef int setup_sequences(GState* s) except -1:
    """Starting mines: seat order then reverse (Ivits skip), Xenos' third mine, Ivits' PI last."""
    cdef int n = s.num_players
    cdef int p
    s.nsetup = 0
    for p in range(n):
        if s.pl[p].faction != F_IVITS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    for p in range(n - 1, -1, -1):
        if s.pl[p].faction != F_IVITS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    for p in range(n):
        if s.pl[p].faction == F_XENOS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    for p in range(n):
        if s.pl[p].faction == F_IVITS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    s.setup_pos = 0
    return 0


cdef int start_faction(GState* s, GameContext* c, int p) except -1:
    cdef PlayerState* pl = &s.pl[p]
    cdef int f = pl.faction
    pl.credits = F_START[f][0]
    pl.ores = F_START[f][1]
    pl.knowledge = F_START[f][2]
    pl.qic = F_START[f][3]
    pl.power[0] = F_START[f][4]
    pl.power[1] = F_START[f][5]
    if f == F_TAKLONS:
        pl.brainstone = BS_A1
    if F_START_TRACK[f] >= 0:
        research_up(s, c, p, F_START_TRACK[f], 1)
    return 0
