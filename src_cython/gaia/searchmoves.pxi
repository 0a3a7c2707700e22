# Search moves: what the MCTS branches over (DESIGN.md, "search moves"). At a main-action decision
# (phase move, no brainstone question, no pending sub-decision, main action not taken) there is one
# search move per main action the player can take now or after a deterministic auto-payment of free
# conversions; applying it applies the conversions, the main action and, when the action opened no
# sub-decision, the end of the turn. Conversions and `endturn` are never search moves of their own
# (dominated: converting after the action only wastes; a leftover conversion at the end of round 6 is
# what the end-game conversion does anyway). Every other decision (sub-decisions, brainstone answers,
# leech, income order, gaia phase, setup) lists the atomic moves of gen_moves; after such a move, if it
# closed the last sub-decision of a turn, the turn ends too.
#
# Encoding: a search move of a main-action decision is the atomic main action with SM_FLAG (bit 62)
# set; the conversions are not stored but recomputed by sm_pay from the state (a pure function of the
# state and the action), so generation and application agree by construction. Every other search move
# is its atomic move unchanged. sm_apply applies a search move and can record the atomic sequence it
# applied: expand_search_move is that record on a copy of the state.
#
# Auto-payment (sm_pay), given what the action costs (sm_needs: credits, ore, knowledge, qic, power in
# area3) and never converting what the action itself needs:
#   power for a board action: burn the fewest tokens that make it;
#   qic:       4pw -> 1q, then (Hadsch PI) 4c -> 1q, then (Baltaks) 1gf -> 1q;
#   ore:       3pw -> 1o (Nevlas PI: 6pw -> 2o), then 1q -> 1o, then (Hadsch PI) 3c -> 1o;
#   knowledge: (Nevlas) 1t-a3 -> 1k, then 4pw -> 1k, then (Hadsch PI) 4c -> 1k;
#   credits:   1pw -> 1c (Nevlas PI: 2pw -> 2c), then 1o -> 1c, then 1k -> 1c.
# A power conversion without enough power in area3 first burns the fewest tokens that make it. A
# brainstone question a conversion opens is answered with its first choice.
#
# The Terrans' gaia phase with the PI: the site keeps the Terrans to move until every token of the gaia
# area is converted, so a search move there is a whole conversion (SM_TERRANS): so many qic, ore and
# knowledge, the rest credits (ore and knowledge not past their cap of 15), applied as one `spend`
# per kind; a hint or a log line is then the complete turn the site asks for.

cdef Move SM_FLAG = (<Move>1) << 62
# a whole conversion of the Terrans' gaia area in the gaia phase (with the PI): q, o and k in the low
# three bytes (4tg -> 1q, 3tg -> 1o, 4tg -> 1k, in that order), every token left -> 1c
cdef Move SM_TERRANS = (<Move>1) << 61

cdef enum:
    SM_MAX_GROUPS = 64     # distinct payment needs checked per decision
    SM_REC_CAP = 64        # atomic moves of one search move (conversions, action, endturn)

ctypedef int (*sm_apply_fn)(GState*, GameContext*, Move) noexcept nogil


cdef inline int sm_main_decision(GState* s) noexcept nogil:
    return s.phase == PH_MOVE and s.bsq_player < 0 and s.npend == 0 and not s.action_done \
        and 0 <= s.current < s.num_players


cdef inline int sm_turn_done(GState* s) noexcept nogil:
    """The turn's main action and sub-decisions are done: only conversions and endturn are left."""
    return s.phase == PH_MOVE and s.bsq_player < 0 and s.npend == 0 and s.action_done \
        and 0 <= s.current < s.num_players


cdef void sm_needs(GState* s, GameContext* c, int p, Move m, FgScratch* sc, int* need) noexcept nogil:
    """What main action m costs p: need[0..4] = credits, ore, knowledge, qic, power spent from area3."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int kind = mv_kind(m), a = mv_a(m), h = mv_hex(m)
    cdef int steps, b
    cdef unsigned char* pd
    need[0] = 0
    need[1] = 0
    need[2] = 0
    need[3] = 0
    need[4] = 0
    if kind == MV_BUILD:
        b = a
        if b == B_M:
            need[0] = 2
            need[1] = 1
            if s.owner[h] == -1:
                pd = fg_dist(s, c, p, sc)
                need[3] = fg_qic(pd[h], player_range(pl))
                if s.planet[h] == PL_GAIA:
                    if pl.faction == F_GLEENS:
                        need[1] = 2
                    else:
                        need[3] += 1
                elif s.planet[h] <= PL_ICE:
                    steps = terraform_steps(F_HOME[pl.faction], s.planet[h])
                    if steps > 0:
                        need[1] += steps * TERRA_ORE[pl.research[T_TERRA]]
            elif s.owner[h] != p:      # a Lantids guest mine
                pd = fg_dist(s, c, p, sc)
                need[3] = fg_qic(pd[h], player_range(pl))
        elif b == B_GF:
            pd = fg_dist(s, c, p, sc)
            need[3] = fg_qic(pd[h], player_range(pl))
        elif b == B_TS:
            need[0] = 6 if fg_isolated(s, c, p, h) else 3
            need[1] = 2
        elif B_LAB <= b <= B_AC2:
            need[0] = COST_C[b]
            need[1] = COST_O[b]
    elif kind == MV_UP:
        need[2] = 4
    elif kind == MV_ACTION:
        if a < 7:
            need[4] = ACTION_COST[a]
        else:
            need[3] = ACTION_COST[a]


cdef inline int sm_deficit(PlayerState* pl, int* need) noexcept nogil:
    """Something of need is missing."""
    return pl.credits < need[0] or pl.ores < need[1] or pl.knowledge < need[2] or pl.qic < need[3] \
        or spendable_power(pl) < need[4]


cdef int sm_do(GState* s, GameContext* c, Move m, Move* rec, int nrec) except -1 nogil:
    """Apply atomic move m (listed by gen_moves for this state) and record it; returns the new count."""
    apply_generated(s, c, m)
    if rec != NULL and nrec < SM_REC_CAP:
        rec[nrec] = m
    return nrec + 1


cdef int sm_answer_question(GState* s, GameContext* c, Move* rec, int nrec) except -1 nogil:
    """A brainstone question opened by an auto-payment conversion: its first answer."""
    while s.bsq_player >= 0:
        nrec = sm_do(s, c, pack(MV_BRAINSTONE, s.bsq_choices[0], 0, 0), rec, nrec)
    return nrec


cdef int sm_burn_for(GState* s, GameContext* c, int p, int power, Move* rec, int nrec) except -1 nogil:
    """Burn the fewest tokens that bring p's spendable power to `power`; -2 if burning cannot."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int k, kmax
    if spendable_power(pl) >= power:
        return nrec
    kmax = bs_tokens(pl, 1) // 2
    for k in range(1, kmax + 1):
        if spendable_after_burn(pl, k) >= power:
            return sm_do(s, c, pack(MV_BURN, k, 0, 0), rec, nrec)
    return -2


cdef inline int spendable_after_burn(PlayerState* pl, int k) noexcept nogil:
    """spendable_power(pl) after burn_power(.., k) (power.pxi), computed without burning: a burn
    moves k tokens (the brainstone in area2 first, as one of them) to area3 and removes k from area2."""
    cdef int per = 2 if (pl.faction == F_NEVLAS and pl.nbuild[B_PI] > 0) else 1
    if pl.brainstone == BS_A2:
        return (pl.power[2] + k - 1) * per + 3
    return (pl.power[2] + k) * per + (3 if pl.brainstone == BS_A3 else 0)


cdef int sm_convert(GState* s, GameContext* c, int p, int i, int k, int keep_pw, Move* rec,
                    int nrec) except -1 nogil:
    """Conversion i (k units: the form gen_moves lists), burning first when power is short; keep_pw
    power stays spendable. Returns the new count, or -2 if the conversion is not possible."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int r
    if not conversion_open(pl, i):
        return -2
    if SPEND_COST[i][0] == U_PW:
        r = sm_burn_for(s, c, p, SPEND_COST[i][1] * k + keep_pw, rec, nrec)
        if r < 0:
            return -2
        nrec = r
    elif not fg_spend_ok(pl, i, k):
        return -2
    nrec = sm_do(s, c, pack(MV_SPEND, i, k, 0), rec, nrec)
    return sm_answer_question(s, c, rec, nrec)


cdef int sm_pay(GState* s, GameContext* c, int p, int* need, Move* rec, int nrec) except -1 nogil:
    """Apply the auto-payment conversions for need (see the top of this file); returns the new record
    count, or when the player cannot pay: -2 if nothing was applied, -3 if some conversions were."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int nevlas_pi = pl.faction == F_NEVLAS and pl.nbuild[B_PI] > 0
    cdef int r, before, start = nrec
    # power for a board action
    if need[4] > 0:
        nrec = sm_burn_for(s, c, p, need[4], rec, nrec)
        if nrec < 0:
            return -2     # sm_burn_for burns only when the burn makes it
    # qic
    while pl.qic < need[3]:
        before = pl.qic
        r = sm_convert(s, c, p, 0, 1, need[4], rec, nrec)
        if r < 0 and pl.credits >= need[0] + 4:
            r = sm_convert(s, c, p, 8, 1, need[4], rec, nrec)
        if r < 0:
            r = sm_convert(s, c, p, 15, 1, need[4], rec, nrec)
        if r < 0 or pl.qic <= before:
            return -2 if r < 0 and nrec == start else -3
        nrec = r
    # ore
    while pl.ores < need[1]:
        before = pl.ores
        r = sm_convert(s, c, p, 2, 2 if nevlas_pi else 1, need[4], rec, nrec)
        if r < 0 and pl.qic > need[3]:
            r = sm_convert(s, c, p, 4, 1, need[4], rec, nrec)
        if r < 0 and pl.credits >= need[0] + 3:
            r = sm_convert(s, c, p, 9, 1, need[4], rec, nrec)
        if r < 0 or pl.ores <= before:
            return -2 if r < 0 and nrec == start else -3
        nrec = r
    # knowledge
    while pl.knowledge < need[2]:
        before = pl.knowledge
        r = sm_convert(s, c, p, 11, 1, need[4], rec, nrec)
        if r < 0:
            r = sm_convert(s, c, p, 1, 1, need[4], rec, nrec)
        if r < 0 and pl.credits >= need[0] + 4:
            r = sm_convert(s, c, p, 10, 1, need[4], rec, nrec)
        if r < 0 or pl.knowledge <= before:
            return -2 if r < 0 and nrec == start else -3
        nrec = r
    # credits
    while pl.credits < need[0]:
        before = pl.credits
        r = sm_convert(s, c, p, 3, 2 if nevlas_pi else 1, need[4], rec, nrec)
        if r < 0 and pl.ores > need[1]:
            r = sm_convert(s, c, p, 7, 1, need[4], rec, nrec)
        if r < 0 and pl.knowledge > need[2]:
            r = sm_convert(s, c, p, 6, 1, need[4], rec, nrec)
        if r < 0 or pl.credits <= before:
            return -2 if r < 0 and nrec == start else -3
        nrec = r
    return nrec


# A set of moves as a 1024-bit filter: a move whose bit is clear is not in it (no false "absent"), so a
# linear search (sm_contains) is needed only when the bit is set.
ctypedef struct SmBloom:
    unsigned long long w[16]


cdef inline unsigned int sm_bloom_index(Move m) noexcept nogil:
    return <unsigned int> (((<unsigned long long> m) * 0x9E3779B97F4A7C15ULL) >> 54)


cdef inline void sm_bloom_fill(SmBloom* b, Move* moves, int n) noexcept nogil:
    cdef int i
    cdef unsigned int x
    memset(b, 0, sizeof(SmBloom))
    for i in range(n):
        x = sm_bloom_index(moves[i])
        b.w[x >> 6] |= (<unsigned long long> 1) << (x & 63)


cdef inline int sm_bloom_has(SmBloom* b, Move m) noexcept nogil:
    cdef unsigned int x = sm_bloom_index(m)
    return (b.w[x >> 6] >> (x & 63)) & 1


cdef inline unsigned long long sm_need_key(int* need) noexcept nogil:
    """need[0..4] folded into one word (equal needs, equal keys; sm_same_need confirms a match)."""
    cdef unsigned long long k = 0
    cdef int i
    for i in range(5):
        k = (k << 12) ^ (<unsigned long long> (<unsigned int> need[i]))
    return k


cdef inline int sm_same_need(int* a, int* b) noexcept nogil:
    return a[0] == b[0] and a[1] == b[1] and a[2] == b[2] and a[3] == b[3] and a[4] == b[4]


cdef int sm_contains(Move* moves, int n, Move m) noexcept nogil:
    cdef int i
    for i in range(n):
        if moves[i] == m:
            return 1
    return 0


cdef int sm_auction_bids(GState* s, Move* moves, int n) noexcept nogil:
    """The search's auction moves: the picks, and on each faction only its lowest open bid. A higher
    bid buys the same faction for more VP; its only use, deterring a re-outbid, cannot work when any
    outbid may add up to 9, so the nine amounts would split the simulations for nothing."""
    cdef int i, j, k = 0
    for i in range(n):
        if mv_kind(moves[i]) == MV_BID:
            for j in range(s.auc_n):
                if s.auc_faction[j] == mv_a(moves[i]) and mv_b(moves[i]) != auction_min_bid(s, j):
                    break
            else:
                moves[k] = moves[i]
                k += 1
        else:
            moves[k] = moves[i]
            k += 1
    return k


cdef inline int sm_terrans_gaia(GState* s) noexcept nogil:
    """The Terrans' gaia-phase conversion decision (the PI, tokens in the gaia area)."""
    cdef PlayerState* pl
    if s.phase != PH_GAIA or s.npend > 0 or s.bsq_player >= 0 or not 0 <= s.current < s.num_players:
        return 0
    pl = &s.pl[s.current]
    return pl.faction == F_TERRANS and pl.power[3] > 0 and conversion_open(pl, 16)


cdef int sm_gen_terrans(GState* s, Move* out, int* units, int cap) except -1 nogil:
    """The whole conversions of the Terrans' gaia area (SM_TERRANS): most qic first, then knowledge,
    then ore; credits take the rest."""
    cdef PlayerState* pl = &s.pl[s.current]
    cdef int t = pl.power[3], q, k, o, n = 0
    cdef int omax = imax(0, 15 - pl.ores), kmax = imax(0, 15 - pl.knowledge)
    for q in range(t // 4, -1, -1):
        for k in range(imin(kmax, (t - 4 * q) // 4), -1, -1):
            for o in range(imin(omax, (t - 4 * q - 4 * k) // 3), -1, -1):
                if n >= cap or q > 255 or k > 255 or o > 255:
                    with gil:
                        raise OverflowError("search moves do not fit in a buffer of %d" % cap)
                out[n] = SM_TERRANS | <Move>q | (<Move>o << 8) | (<Move>k << 16)
                if units != NULL:
                    units[n] = 0
                n += 1
    return n


cdef int sm_apply_terrans(GState* s, GameContext* c, Move m, Move* rec, int nrec) except -1 nogil:
    cdef PlayerState* pl
    cdef int q = <int>(m & 0xFF), o = <int>((m >> 8) & 0xFF), k = <int>((m >> 16) & 0xFF), rest
    if not sm_terrans_gaia(s):
        with gil:
            illegal("a whole conversion of the gaia area is taken at the Terrans' gaia-phase decision")
    pl = &s.pl[s.current]
    rest = pl.power[3] - 4 * q - 3 * o - 4 * k
    if rest < 0:
        with gil:
            illegal("the conversion needs more tokens than the gaia area holds")
    if q > 0:
        nrec = sm_do(s, c, pack(MV_SPEND, 16, q, 0), rec, nrec)
    if o > 0:
        nrec = sm_do(s, c, pack(MV_SPEND, 17, o, 0), rec, nrec)
    if k > 0:
        nrec = sm_do(s, c, pack(MV_SPEND, 18, k, 0), rec, nrec)
    if rest > 0:
        nrec = sm_do(s, c, pack(MV_SPEND, 19, rest, 0), rec, nrec)
    return nrec


cdef int sm_gen(GState* s, GameContext* c, Move* out, int* units, int cap) except -1 nogil:
    """The search moves of the decision in s, in a fixed order; units[i] (if not NULL) is the power
    worth of the conversions move i needs (0: legal as it stands). Raises OverflowError past cap."""
    cdef Move now[MAX_MOVES]
    cdef Move cand[MAX_MOVES]
    cdef Move conv[MAX_MOVES]
    cdef int cneed[MAX_MOVES][5]
    cdef int gneed[SM_MAX_GROUPS][5]
    cdef int cgroup[MAX_MOVES]
    cdef GState* work
    cdef PlayerState* tp
    cdef FgScratch sc
    cdef FgScratch sc2
    cdef int p, n = 0, nnow, ncand, nconv, i, j, k, g, ngroups = 0, kind, r, dirty
    cdef unsigned long long gkey[SM_MAX_GROUPS]
    cdef int gkinds[SM_MAX_GROUPS]
    cdef unsigned long long key
    cdef SmBloom nowset
    cdef SmBloom convset
    if sm_turn_done(s):
        out[0] = pack(MV_ENDTURN, 0, 0, 0)
        if units != NULL:
            units[0] = 0
        return 1
    if not sm_main_decision(s):
        if sm_terrans_gaia(s):
            return sm_gen_terrans(s, out, units, cap)
        n = gen_moves(s, c, out, cap)
        if s.phase == PH_AUCTION or (s.phase == PH_FACTION and c.auction != AUC_NONE):
            n = sm_auction_bids(s, out, n)
        if units != NULL:
            for i in range(n):
                units[i] = 0
        return n
    p = s.current
    sc.pd_ready = 0
    nnow = fg_gen_main(s, c, p, &sc, now, 0, MAX_MOVES)
    if nnow > MAX_MOVES or nnow > cap:
        with gil:
            raise OverflowError("%d search moves do not fit in a buffer of %d" % (nnow, cap))
    for i in range(nnow):
        out[i] = now[i] | SM_FLAG
        if units != NULL:
            units[i] = 0
    n = nnow
    # what becomes legal after payment: the main actions of a copy with plenty of every resource.
    # One copy per call (the state is ~13 kB; copying it per payment group was a third of a rollout):
    # the payments touch only the player's own board and the brainstone question, so sm_restore
    # puts those back between uses (sm_restore_check compares the whole copy in tests).
    work = <GState*> malloc(sizeof(GState))
    if work == NULL:
        with gil:
            raise MemoryError()
    try:
        memcpy(work, s, sizeof(GState))
        for k in range(6):
            work.fed_supply[k] = 0
        tp = &work.pl[p]
        tp.credits = imax(tp.credits, 30)
        tp.ores = imax(tp.ores, 15)
        tp.knowledge = imax(tp.knowledge, 15)
        tp.qic = imax(tp.qic, 15)
        tp.power[2] += tp.power[0] + tp.power[1]
        tp.power[0] = 0
        tp.power[1] = 0
        if tp.brainstone == BS_A1 or tp.brainstone == BS_A2:
            tp.brainstone = BS_A3
        sc2 = sc   # the same buildings, so the same distances: computed at most once per call
        ncand = fg_gen_main_kinds(work, c, p, &sc2, cand, 0, MAX_MOVES, FGK_ALL & ~FGK_REST)
        ncand = imin(ncand, MAX_MOVES)
        # candidates not legal now, grouped by what they cost (a group found by its packed need first)
        sm_bloom_fill(&nowset, now, nnow)
        j = 0
        for i in range(ncand):
            kind = mv_kind(cand[i])
            if kind != MV_BUILD and kind != MV_UP and kind != MV_ACTION:
                continue
            if sm_bloom_has(&nowset, cand[i]) and sm_contains(now, nnow, cand[i]):
                continue
            sm_needs(s, c, p, cand[i], &sc, cneed[j])
            if not sm_deficit(&s.pl[p], cneed[j]):
                continue       # affordable yet not legal: payment does not help
            key = sm_need_key(cneed[j])
            g = -1
            for k in range(ngroups):
                if gkey[k] == key and sm_same_need(gneed[k], cneed[j]):
                    g = k
                    break
            if g < 0:
                if ngroups >= SM_MAX_GROUPS:
                    continue
                g = ngroups
                for kind in range(5):
                    gneed[g][kind] = cneed[j][kind]
                gkey[g] = key
                gkinds[g] = 0
                ngroups += 1
            gkinds[g] |= fg_kind_of(cand[i])
            cand[j] = cand[i]
            cgroup[j] = g
            j += 1
        ncand = j
        # one payment per group: the candidates its state lists are reachable. work is put back
        # (sm_restore) only after a payment that changed it: most groups cannot pay from the start.
        dirty = 1      # the plentiful copy above
        for g in range(ngroups):
            if dirty:
                sm_restore(work, s, p)
                dirty = 0
            elif sm_restore_check:
                sm_check_restored(work, s)
            r = sm_pay(work, c, p, gneed[g], NULL, 0)
            if r < 0:
                dirty = r != -2
                continue
            dirty = 1
            if not sm_main_decision(work):
                continue
            # only the parts of the list that hold the group's candidates
            nconv = imin(fg_gen_main_kinds(work, c, p, &sc2, conv, 0, MAX_MOVES, gkinds[g]), MAX_MOVES)
            sm_bloom_fill(&convset, conv, nconv)
            for i in range(ncand):
                if cgroup[i] == g and sm_bloom_has(&convset, cand[i]) and sm_contains(conv, nconv, cand[i]):
                    if n >= cap:
                        with gil:
                            raise OverflowError("search moves do not fit in a buffer of %d" % cap)
                    out[n] = cand[i] | SM_FLAG
                    if units != NULL:
                        units[n] = imax(0, gneed[g][0] - s.pl[p].credits) \
                            + 3 * imax(0, gneed[g][1] - s.pl[p].ores) \
                            + 4 * imax(0, gneed[g][2] - s.pl[p].knowledge) \
                            + 4 * imax(0, gneed[g][3] - s.pl[p].qic) \
                            + 2 * imax(0, gneed[g][4] - spendable_power(&s.pl[p]))
                    n += 1
        if sm_restore_check and ngroups > 0:
            sm_restore(work, s, p)
            sm_check_restored(work, s)
    finally:
        free(work)
    return n


# Tests turn this on (set_search_move_restore_check): every sm_gen then checks that sm_restore gave
# back the state it copied, byte for byte but the federation supply it clears.
cdef bint sm_restore_check = 0


def set_search_move_restore_check(bint on) -> None:
    """Check, in every search-move generation, that restoring the scratch copy after a payment gives
    back the position (AssertionError otherwise); off by default (a test's switch)."""
    global sm_restore_check
    sm_restore_check = on


cdef inline void sm_restore(GState* work, GState* s, int p) noexcept nogil:
    """Undo a payment (sm_pay) on work, a copy of s with its federation supply cleared: the player's
    board and the brainstone question, all a conversion, a burn or a brainstone answer can change."""
    work.pl[p] = s.pl[p]
    memcpy(&work.bsq_player, &s.bsq_player, <char*> (&s.bsq_event + 1) - <char*> &s.bsq_player)


cdef int sm_check_restored(GState* work, GState* s) except -1 nogil:
    cdef GState* expect = <GState*> malloc(sizeof(GState))
    cdef int k, same
    if expect == NULL:
        with gil:
            raise MemoryError()
    memcpy(expect, s, sizeof(GState))
    for k in range(6):
        expect.fed_supply[k] = 0
    same = memcmp(expect, work, sizeof(GState)) == 0
    free(expect)
    if not same:
        with gil:
            raise AssertionError("sm_restore left the scratch position different from the one copied")
    return 0


cdef int sm_apply(GState* s, GameContext* c, Move m, Move* rec) except -1 nogil:
    """Apply search move m (listed by sm_gen for s); records the atomic moves in rec (if not NULL,
    SM_REC_CAP of room) and returns how many were applied."""
    cdef int nrec = 0, p
    cdef int need[5]
    cdef FgScratch sc
    cdef Move a
    if m & SM_TERRANS:
        return sm_apply_terrans(s, c, m, rec, nrec)
    if m & SM_FLAG:
        a = m & ~SM_FLAG
        if not sm_main_decision(s):
            with gil:
                illegal("a search move with payment is taken at a main-action decision")
        p = s.current
        sc.pd_ready = 0
        sm_needs(s, c, p, a, &sc, need)
        if sm_deficit(&s.pl[p], need):
            nrec = sm_pay(s, c, p, need, rec, nrec)
            if nrec < 0:
                with gil:
                    illegal("cannot pay for the search move")
        nrec = sm_do(s, c, a, rec, nrec)
    else:
        nrec = sm_do(s, c, m, rec, nrec)
    if sm_turn_done(s):
        nrec = sm_do(s, c, pack(MV_ENDTURN, 0, 0, 0), rec, nrec)
    return nrec


# ---- rollout policy ----------------------------------------------------------------------------------

cdef int sm_weight(GState* s, GameContext* c, Move m, int units, int npass, int nmoves) noexcept nogil:
    """Cheap prior of a search move for the rollout policy (integer, relative)."""
    cdef int kind = mv_kind(m), a = mv_a(m), h = mv_hex(m)
    cdef int ev = -1, w = 10, amount, p, i
    if m & SM_TERRANS:
        return 10
    if kind == MV_FACTION and c.auction != AUC_NONE:
        return 40
    if kind == MV_BID:
        # auction playouts: mostly the lowest open bid, an outbid war rarely (it must end)
        for i in range(s.auc_n):
            if s.auc_faction[i] == a:
                amount = mv_b(m) - auction_min_bid(s, i)
                w = 64 >> imin(amount, 6)
                return w if s.auc_holder[i] < 0 else imax(1, w // 4)
        return 1
    if s.phase == PH_LEECH:
        amount = mv_a(m)
        if kind == MV_CHARGE:
            return 90 if amount <= 1 else (60 if amount == 2 else (30 if amount == 3 else 12))
        return 10 if amount <= 1 else (20 if amount == 2 else 30)
    if s.phase == PH_MOVE and s.npend > 0 and s.bsq_player < 0:
        if kind == MV_DECLINE_UP:
            return 2
        return 10
    if not (m & SM_FLAG):
        return 10
    if 1 <= s.round <= 6:
        ev = ROUND_TILE[c.round_tiles[s.round - 1]][0]
    m = m & ~SM_FLAG
    p = s.current
    if kind == MV_BUILD:
        if a == B_M:
            w = 100
            if ev == EV_MINE:
                w *= 2
            if ev == EV_GAIAMINE and (s.planet[h] == PL_GAIA):
                w *= 2
            if ev == EV_STEP and s.planet[h] <= PL_ICE and s.owner[h] == -1 \
                    and terraform_steps(F_HOME[s.pl[p].faction], s.planet[h]) > 0:
                w = w * 3 // 2
        elif a == B_GF:
            w = 30
        elif a == B_TS:
            w = 160 if ev == EV_TS else 80
        elif a == B_LAB:
            w = 70
        else:
            w = 170 if ev == EV_PA else 85
    elif kind == MV_UP:
        w = 120 if ev == EV_RESEARCH else 60
    elif kind == MV_FEDERATION:
        w = 240 if ev == EV_FED else 120
    elif kind == MV_ACTION:
        w = 50 if a < 7 else 60
        if ev == EV_STEP and (a == 1 or a == 5):
            w *= 2
    elif kind == MV_SPECIAL:
        w = 80
    elif kind == MV_PASS:
        # passing shares a small weight while other actions remain
        if npass >= nmoves:
            return 10
        return imax(1, 20 // npass)
    # conversions cost: discount by their power worth
    return imax(1, w * 4 // (4 + units))


cdef Move sm_rollout(GState* s, GameContext* c, unsigned long long* rng) except? -1 nogil:
    """The rollout policy: a weighted random search move (sm_weight): builds before research before
    power actions before passing, passing held back while other actions remain, the round-scoring
    tile's action favoured, paid actions discounted by the power worth of their payment, small
    charges taken. Deterministic given rng."""
    return sm_policy_move(s, c, rng, 1)


cdef Move sm_policy_move(GState* s, GameContext* c, unsigned long long* rng, int weighted) except? -1 nogil:
    """weighted: the rollout policy; 0: uniformly random over the search moves (the baseline)."""
    cdef Move moves[MAX_MOVES]
    cdef int units[MAX_MOVES]
    cdef int weights[MAX_MOVES]
    cdef int n, i, npass = 0
    cdef long long total = 0, r
    n = sm_gen(s, c, moves, units, MAX_MOVES)
    if n <= 0:
        return -1
    if not weighted or n == 1:
        return moves[next_random(rng) % <unsigned long long> n]
    for i in range(n):
        if mv_kind(moves[i]) == MV_PASS:
            npass += 1
    for i in range(n):
        weights[i] = sm_weight(s, c, moves[i], units[i], npass, n)
        total += weights[i]
    r = <long long>(next_random(rng) % <unsigned long long> total)
    for i in range(n):
        r -= weights[i]
        if r < 0:
            return moves[i]
    return moves[n - 1]


# ---- Python entry points -------------------------------------------------------------------------------

SEARCH_MOVE_FLAG = 1 << 62


def search_moves_int(Core core) -> list:
    """The search moves of the decision (what the MCTS branches over), as Move integers."""
    cdef Move buf[MAX_MOVES]
    cdef int n = sm_gen(&core.st, core.ctx, buf, NULL, MAX_MOVES)
    return [buf[i] for i in range(n)]


def expand_search_move(Core core, Move m) -> list:
    """The atomic moves search move m stands for at core's position (conversions, the action,
    endturn), in the order they apply; core is unchanged."""
    cdef Move rec[SM_REC_CAP]
    cdef GState* st = <GState*> malloc(sizeof(GState))
    cdef int n
    if st == NULL:
        raise MemoryError()
    try:
        memcpy(st, &core.st, sizeof(GState))
        n = sm_apply(st, core.ctx, m, rec)
    finally:
        free(st)
    return [rec[i] for i in range(imin(n, SM_REC_CAP))]


def apply_search_move(Core core, Move m) -> int:
    """Apply search move m to core (as the game interface does); returns the atomic moves applied."""
    return sm_apply(&core.st, core.ctx, m, NULL)


def rollout_move(Core core, unsigned long long seed):
    """(move, rng state after) of the rollout policy at core's position."""
    cdef unsigned long long rng = seed
    cdef Move m = sm_rollout(&core.st, core.ctx, &rng)
    return m, rng


def policy_playouts(Core core, int games, unsigned long long seed, bint weighted=True, int max_moves=5000):
    """Play `games` games from core's position with the rollout policy (weighted) or uniformly random
    search moves (the baseline); core is unchanged. Returns the final VP of each game (a list per game)."""
    cdef GState* st = <GState*> malloc(sizeof(GState))
    cdef unsigned long long rng = seed
    cdef int g, k
    cdef Move m
    if st == NULL:
        raise MemoryError()
    out = []
    try:
        for g in range(games):
            memcpy(st, &core.st, sizeof(GState))
            k = 0
            while not st.finished and k < max_moves:
                m = sm_policy_move(st, core.ctx, &rng, weighted)
                if m == -1:
                    break
                sm_apply(st, core.ctx, m, NULL)
                k += 1
            out.append([st.final_vp[p] if st.finished else st.pl[p].vp for p in range(st.num_players)])
    finally:
        free(st)
    return out


def state_derived_ranges() -> list:
    """(offset, length) of the bytes of the raw state that are a derived cache (the federation
    candidates), which state_bytes zeroes: equality of positions ignores them (mcts.Searcher)."""
    cdef GState st
    cdef char* base = <char*> &st
    return [
        (<char*> &st.fedc_key - base, sizeof(st.fedc_key)),
        (<char*> &st.fedc_n - base, sizeof(st.fedc_n)),
        (<char*> &st.fedc_off - base, sizeof(st.fedc_off)),
        (<char*> &st.fedc_hex - base, sizeof(st.fedc_hex)),
    ]


def state_bytes(Core core) -> bytes:
    """The raw state without its derived federation-candidate cache: equal bytes, equal positions."""
    cdef GState st
    memcpy(&st, &core.st, sizeof(GState))
    memset(st.fedc_key, 0, sizeof(st.fedc_key))
    memset(st.fedc_n, 0, sizeof(st.fedc_n))
    memset(st.fedc_off, 0, sizeof(st.fedc_off))
    memset(st.fedc_hex, 0, sizeof(st.fedc_hex))
    return (<char*> &st)[:sizeof(GState)]
