# Game flow: setup, income, gaia phase, turn order, leech offers, end of round and final scoring.

cdef int add_income_event(PlayerState* pl, int seq, int kind, int amount, int c, int o, int k, int q) except -1 nogil:
    """Append one income event, keeping the list ordered by when its source was gained."""
    cdef int i
    cdef PendingIncome* e
    if (kind < 0 or amount <= 0) and c == 0 and o == 0 and k == 0 and q == 0:
        return 0
    if pl.ninc >= MAXINC:
        with gil:
            illegal("internal: too many income events")
    i = pl.ninc
    while i > 0 and pl.inc[i - 1].seq > seq:
        pl.inc[i] = pl.inc[i - 1]
        i -= 1
    e = &pl.inc[i]
    e.kind = kind if amount > 0 else -1
    e.amount = amount if amount > 0 else 0
    e.res[0] = c
    e.res[1] = o
    e.res[2] = k
    e.res[3] = q
    e.seq = seq
    pl.ninc += 1
    return 0


cdef int income_needs_order(PlayerState* pl) noexcept nogil:
    cdef int i, has_t = 0, has_pw = 0
    for i in range(pl.ninc):
        if pl.inc[i].kind == R_T:
            has_t = 1
        elif pl.inc[i].kind == R_PW:
            has_pw = 1
    return has_t and has_pw


cdef int receive_event(GState* s, int p, PendingIncome* e, int heuristic) except -1 nogil:
    gain(s, p, R_C, e.res[0])
    gain(s, p, R_O, e.res[1])
    gain(s, p, R_K, e.res[2])
    gain(s, p, R_Q, e.res[3])
    if e.kind == R_PW:
        charge_power(s, p, e.amount, heuristic)
    elif e.kind == R_T:
        gain(s, p, R_T, e.amount)
    return 0


cdef int resolve_income_event(GState* s, int p, int i) except -1 nogil:
    """Receive one income event; a charge whose brainstone destination is the player's choice waits
    for the answer (the engine stops there, before any of the event is received)."""
    cdef PlayerState* pl = &s.pl[p]
    cdef PendingIncome e = pl.inc[i]
    cdef int on = 0, off = 0
    while i < pl.ninc - 1:
        pl.inc[i] = pl.inc[i + 1]
        i += 1
    pl.ninc -= 1
    if e.kind == R_PW and charge_destinations(s, p, e.amount, &on, &off):
        s.bsq_event = e
        open_question(s, p, BSQ_INCOME, e.amount, on, off, 2, off)
        return 0
    receive_event(s, p, &e, 1)
    return 0


cdef int flush_income(GState* s, int p) except -1 nogil:
    """Receive, in order, the events whose order is no longer the player's choice (stopping at a
    brainstone question)."""
    while s.bsq_player < 0 and s.pl[p].ninc > 0 and not income_needs_order(&s.pl[p]):
        resolve_income_event(s, p, 0)
    return 0


cdef int collect_income(GState* s, GameContext* c, int p) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int f = pl.faction
    cdef int i, b, tile, pos, lvl
    pl.ninc = 0
    add_income_event(pl, 0, R_T, F_BASE_INCOME[f][4], F_BASE_INCOME[f][0], F_BASE_INCOME[f][1],
                     F_BASE_INCOME[f][2], F_BASE_INCOME[f][3])
    for i in range(pl.nmine_ev):
        add_income_event(pl, pl.mine_ev[i], -1, 0, 0, 1, 0, 0)
    for i in range(pl.nts_ev):
        if f == F_BESCODS:
            add_income_event(pl, pl.ts_ev[i], -1, 0, 0, 0, pl.ts_amt[i], 0)
        else:
            add_income_event(pl, pl.ts_ev[i], -1, 0, pl.ts_amt[i], 0, 0, 0)
    for i in range(pl.nlab_ev):
        if f == F_BESCODS:
            add_income_event(pl, pl.lab_ev[i], -1, 0, pl.lab_amt[i], 0, 0, 0)
        elif f == F_NEVLAS:
            add_income_event(pl, pl.lab_ev[i], R_PW, pl.lab_amt[i], 0, 0, 0, 0)
        else:
            add_income_event(pl, pl.lab_ev[i], -1, 0, 0, 0, pl.lab_amt[i], 0)
    if pl.nbuild[B_PI]:
        add_income_event(pl, pl.seq_pi, R_PW, F_PI_INCOME[f][0], 0, 0, 0, 0)
        add_income_event(pl, pl.seq_pi, R_T, F_PI_INCOME[f][1], 0, 0, 0, 0)
        add_income_event(pl, pl.seq_pi, -1, 0, 0, F_PI_INCOME[f][3], 0, F_PI_INCOME[f][2])
    if pl.nbuild[B_AC1]:
        add_income_event(pl, pl.seq_ac1, -1, 0, 0, 0, 3 if f == F_ITARS else 2, 0)
    b = pl.booster
    if b >= 0:
        add_income_event(pl, pl.seq_booster, -1, 0, BOOSTER_INCOME[b][0], BOOSTER_INCOME[b][1],
                         BOOSTER_INCOME[b][2], BOOSTER_INCOME[b][3])
        add_income_event(pl, pl.seq_booster, R_PW, BOOSTER_INCOME[b][4], 0, 0, 0, 0)
        add_income_event(pl, pl.seq_booster, R_T, BOOSTER_INCOME[b][5], 0, 0, 0, 0)
    for i in range(pl.ntech):
        pos = pl.tech_order[i]
        if pos < NBASIC and not (pl.covered >> pos) & 1:
            tile = c.tech_at[pos]
            if tile == 5:
                add_income_event(pl, pl.seq_tech[pos], R_PW, 1, 0, 1, 0, 0)
            elif tile == 6:
                add_income_event(pl, pl.seq_tech[pos], -1, 0, 1, 0, 1, 0)
            elif tile == 8:
                add_income_event(pl, pl.seq_tech[pos], -1, 0, 4, 0, 0, 0)
    lvl = pl.research[T_ECO]
    add_income_event(pl, pl.seq_eco, R_PW, ECO_INCOME[lvl][2], ECO_INCOME[lvl][0], ECO_INCOME[lvl][1], 0, 0)
    add_income_event(pl, pl.seq_sci, -1, 0, 0, 0, SCI_INCOME[pl.research[T_SCI]], 0)
    # a player who must order token and charge income receives nothing until the order is given
    flush_income(s, p)
    return 0


cdef int next_income_player(GState* s) noexcept nogil:
    cdef int i
    for i in range(s.norder):
        if s.pl[s.order[i]].ninc > 0:
            return s.order[i]
    return -1


cdef int gaia_phase_end(GState* s, int p) except -1 nogil:
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


cdef int begin_round(GState* s, GameContext* c) except -1 nogil:
    cdef int p, i
    s.round += 1
    s.income_pos = 0
    return continue_round_start(s, c)


cdef int continue_round_start(GState* s, GameContext* c) except -1 nogil:
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


cdef int continue_gaia_phase(GState* s, GameContext* c) except -1 nogil:
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


cdef void final_tile_shares(GState* s, GameContext* c, int* out) noexcept nogil:
    """out[p]: the VP the two final scoring tiles give p with the counts as they stand (the shares of
    18/12/6 split among ties; a neutral player in 2-player games). Final scoring adds them; the learned
    value (interface.pxi) reads them as the standing in the race for the tiles."""
    cdef int t, p, q, i, tile, rank_better, ties, total
    cdef int counts[MAXP + 1]
    cdef int nplayers = s.num_players
    cdef int neutral = nplayers == 2
    for p in range(nplayers):
        out[p] = 0
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
                    total += FINAL_PLACE_VP[i]
            out[p] += total // ties


cdef int final_scoring(GState* s, GameContext* c) except -1 nogil:
    cdef int t, p, k
    cdef int shares[MAXP]
    cdef int nplayers = s.num_players
    cdef PlayerState* pl
    final_tile_shares(s, c, shares)
    for p in range(nplayers):
        s.pl[p].vp += shares[p]
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
        # the corpus engine moves ceil(tokens / token value) tokens here (Nevlas PI: half of area3)
        k = (pl.power[2] + 1) // 2 if (pl.faction == F_NEVLAS and pl.nbuild[B_PI] > 0) else pl.power[2]
        pl.power[0] += k
        pl.power[2] -= k
        if pl.brainstone == BS_A3:
            pl.brainstone = BS_A1
        gain(s, p, R_O, pl.qic)
        pl.qic = 0
        pl.vp += (pl.credits + pl.ores + pl.knowledge) // 3
    for p in range(nplayers):
        # the auction's bids are paid last
        s.pl[p].vp -= s.pl[p].bid
        s.final_vp[p] = s.pl[p].vp
    s.finished = 1
    s.phase = PH_END
    s.current = -1
    return 0


cdef int end_round(GState* s, GameContext* c) except -1 nogil:
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


cdef int end_turn(GState* s, GameContext* c) except -1 nogil:
    cdef int p = s.current
    cdef int i, k, q, t, pos = 0
    if s.npend > 0:
        with gil:
            illegal("the turn is not over: a decision is pending")
    s.nleech = 0
    if s.downlab_hex >= 0:
        note_built(s, s.downlab_hex)
        s.downlab_hex = -1
    # leech sources are offered in the order the buildings were placed, going round the table from p
    for t in range(s.num_players):
        if s.table[t] == p:
            pos = t
    for i in range(s.nbuilt):
        for k in range(1, s.num_players):
            q = s.table[(pos + k) % s.num_players]
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


cdef int advance_leech(GState* s, GameContext* c) except -1 nogil:
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


cdef int setup_sequences(GState* s) except -1 nogil:
    """Starting mines: turn order (seats, or the auction's pick order) then reverse (Ivits skip),
    Xenos' third mine, Ivits' PI last."""
    cdef int n = s.num_players
    cdef int i, p
    s.nsetup = 0
    for i in range(n):
        p = s.order[i]
        if s.pl[p].faction != F_IVITS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    for i in range(n - 1, -1, -1):
        p = s.order[i]
        if s.pl[p].faction != F_IVITS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    for i in range(n):
        p = s.order[i]
        if s.pl[p].faction == F_XENOS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    for i in range(n):
        p = s.order[i]
        if s.pl[p].faction == F_IVITS:
            s.setup_seq[s.nsetup] = p
            s.nsetup += 1
    s.setup_pos = 0
    return 0


cdef int start_faction(GState* s, GameContext* c, int p) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int f = pl.faction
    cdef int t, k
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
    # a variant board's extra starting income: resources, then research steps with their rewards
    pl.credits += c.start_extra[f][0]
    pl.ores += c.start_extra[f][1]
    pl.knowledge += c.start_extra[f][2]
    pl.qic += c.start_extra[f][3]
    for t in range(NTRACK):
        for k in range(c.start_extra[f][4 + t]):
            research_up(s, c, p, t, 1)
    return 0
