# Legal decisions of the open prompt, in a fixed order. Payments: every way to cover the cost without
# paying more than needed with a resource that alone would suffice (mc tops up the rest).

cdef inline int emit(Move* out, int n, int cap, Move m) noexcept nogil:
    if n < 0 or n >= cap:
        return -1
    out[n] = m
    return n + 1


cdef int gen_payments(TState* s, int p, int kind, int a, int cost, int steel_ok, int ti_ok,
                      Move* out, int n, int cap) noexcept nogil:
    cdef TPlayer* pl = &s.pl[p]
    cdef int ti, st, rest, mc, he, max_ti = 0, max_st = 0, he_lo, he_hi
    if ti_ok:
        max_ti = min(pl.res[R_TI], (cost + pl.ti_value - 1) // pl.ti_value)
    for ti in range(max_ti + 1):
        rest = cost - ti * pl.ti_value
        if rest < 0:
            rest = 0
        max_st = 0
        if steel_ok:
            max_st = min(pl.res[R_ST], (rest + pl.steel_value - 1) // pl.steel_value)
        for st in range(max_st + 1):
            mc = rest - st * pl.steel_value
            if mc < 0:
                mc = 0
            if pl.corp == C_HELION:
                he_lo = mc - pl.res[R_MC] if mc > pl.res[R_MC] else 0
                he_hi = min(mc, pl.res[R_HE])
                if kind == K_PLAY and a == CARD_HEAT_TRAPPING:
                    he_hi = min(mc, pl.res[R_HE] - 5)    # its 5 heat must remain after paying
                for he in range(he_lo, he_hi + 1):
                    n = emit(out, n, cap, mk(kind, a, 0, mc - he, st, ti, he))
            elif mc <= pl.res[R_MC]:
                n = emit(out, n, cap, mk(kind, a, 0, mc, st, ti, 0))
            if n < 0:
                return -1
    return n


cdef inline int cannot_pay(const TPlayer* pl, int cost, int steel_ok, int ti_ok) noexcept nogil:
    """Whether cost exceeds all p could pay it with (M€, steel and titanium where allowed, Helion's
    heat): then gen_payments lists nothing, and a move generator need not check the move further."""
    cdef int have = pl.res[R_MC]
    if steel_ok:
        have += pl.res[R_ST] * pl.steel_value
    if ti_ok:
        have += pl.res[R_TI] * pl.ti_value
    if pl.corp == C_HELION:
        have += pl.res[R_HE]
    return cost > have


cdef int gen_spaces(TState* s, int p, int rule, int fixed, int kind, Move* out, int n, int cap) noexcept nogil:
    cdef int sp, own = greenery_own(s, p, rule)
    for sp in range(NSPACE):
        if space_ok_own(s, p, rule, fixed, sp, own):
            n = emit(out, n, cap, mk(kind, sp, 0, 0, 0, 0, 0))
    return n


cdef int gen_pending(TState* s, Move* out, int cap) noexcept nogil:
    cdef Pending* e = &s.pend[0]
    cdef int n = 0, q, c, b, p = e.player
    if e.kind == PK_TILE:
        return gen_spaces(s, p, e.b, e.c, K_SPACE, out, n, cap)
    if e.kind == PK_REMOVE_PLANTS:
        for q in range(s.np):
            if s.pl[q].res[R_PL] > 0 and not protected_from(s, q, p):
                n = emit(out, n, cap, mk(K_PLAYER, q, 0, 0, 0, 0, 0))
        return emit(out, n, cap, mk(K_PLAYER, 7, 0, 0, 0, 0, 0))
    if e.kind == PK_DEC_PROD:
        for q in range(s.np):
            if dec_target_ok(s, e, q):
                n = emit(out, n, cap, mk(K_PLAYER, q, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_OR_PROD:
        for q in range(2):
            if prod_ok(s, p, CARDS[e.card].orp[q]):
                n = emit(out, n, cap, mk(K_OPTION, q, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_OR_ACT:
        for q in range(CARDS[e.card].nact):
            if act_feasible(s, p, e.card, &CARDS[e.card].act[q]):
                n = emit(out, n, cap, mk(K_OPTION, q, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_ADD_ANY:
        if e.a < 0 and s.pl[p].corp >= 0 and s.cres[NCARD + p] > 0:
            n = emit(out, n, cap, mk(K_CARD, ROBOT_CORP + s.pl[p].corp, 0, 0, 0, 0, 0))
        if e.a >= 0 and s.pl[p].corp >= 0 and card_holds(s, p, ROBOT_CORP + s.pl[p].corp, e.a, e.c):
            n = emit(out, n, cap, mk(K_CARD, ROBOT_CORP + s.pl[p].corp, 0, 0, 0, 0, 0))
        for c in range(s.ncard):
            if s.loc[c] == L_PLAYED + p and ((e.a >= 0 and card_holds(s, p, c, e.a, e.c))
                                             or (e.a < 0 and s.cres[c] > 0)):
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_RESEARCH_PAY:
        return gen_research_buys(s, p, e.a, out, n, cap)
    if e.kind == PK_TOP:
        return gen_top(s, e, out, cap)
    if e.kind >= PK_COLONY:
        return colonies_gen_pending(s, e, out, cap)
    if e.kind == PK_PLANTS_OR:
        n = emit(out, n, cap, mk(K_OPTION, 0, 0, 0, 0, 0, 0))
        if e.c and s.pl[p].corp >= 0 and card_holds(s, p, ROBOT_CORP + s.pl[p].corp, RT_ANIMAL, 0):
            n = emit(out, n, cap, mk(K_CARD, ROBOT_CORP + s.pl[p].corp, 0, 0, 0, 0, 0))
        for c in range(s.ncard):
            if s.loc[c] == L_PLAYED + p and ((e.b and CARDS[c].res_type == RT_MICROBE)
                                             or (e.c and CARDS[c].res_type == RT_ANIMAL)):
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_FLOODING:
        for q in range(s.np):
            if flooding_target(s, p, q):
                n = emit(out, n, cap, mk(K_PLAYER, q, 0, 0, 0, 0, 0))
        return emit(out, n, cap, mk(K_OPTION, OPT_SKIP, 0, 0, 0, 0, 0))
    if e.kind == PK_ROBOT:
        for c in range(s.ncard):
            if robot_target_ok(s, p, c):
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        if s.pl[p].corp >= 0 and robot_target_ok(s, p, ROBOT_CORP + s.pl[p].corp):
            n = emit(out, n, cap, mk(K_CARD, ROBOT_CORP + s.pl[p].corp, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_REMOVE_RES:
        for c in range(s.ncard):
            if removable(s, c, e.a, p):
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        return gen_corp_targets(s, e.a, p, out, n, cap)
    if e.kind == PK_BUY_TOP:
        n = emit(out, n, cap, mk(K_OPTION, 0, 0, 0, 0, 0, 0))
        if s.pl[p].res[R_MC] >= s.pl[p].card_price:
            n = emit(out, n, cap, mk(K_OPTION, 1, 0, 0, 0, 0, 0))
        if s.pl[p].corp == C_HELION:
            for b in range(1, min(s.pl[p].card_price, s.pl[p].res[R_HE]) + 1):
                if s.pl[p].card_price - b <= s.pl[p].res[R_MC]:
                    n = emit(out, n, cap, mk(K_OPTION, 1, 0, s.pl[p].card_price - b, 0, 0, b))
        return n
    if e.kind == PK_KEEP:
        for b in range(1 << s.pl[p].noffer):
            if popcount(b) == min(e.a, s.pl[p].noffer):
                n = emit(out, n, cap, mk(K_KEEP, 0, b, 0, 0, 0, 0))
        return n
    if e.kind == PK_ATTACK:
        for q in range(s.np):
            for c in range(6):
                if attack_ok(s, p, e.a, q, c):
                    n = emit(out, n, cap, mk(K_OPTION, q * 8 + c, 0, 0, 0, 0, 0))
        if e.a == ATK_VIRUS:
            for c in range(s.ncard):
                if removable(s, c, RT_ANIMAL, p):
                    n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
            n = gen_corp_targets(s, RT_ANIMAL, p, out, n, cap)
        return emit(out, n, cap, mk(K_OPTION, OPT_SKIP, 0, 0, 0, 0, 0))
    if e.kind == PK_MARS_UNI:
        for c in range(s.ncard):
            if s.loc[c] == L_HAND + p:
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        return emit(out, n, cap, mk(K_OPTION, OPT_SKIP, 0, 0, 0, 0, 0))
    if e.kind == PK_OLYMPUS:
        if s.cres[CARD_OLYMPUS] > 0:
            n = emit(out, n, cap, mk(K_OPTION, 0, 0, 0, 0, 0, 0))
        return emit(out, n, cap, mk(K_OPTION, 1, 0, 0, 0, 0, 0))
    if e.kind == PK_VIRAL:
        n = emit(out, n, cap, mk(K_OPTION, 0, 0, 0, 0, 0, 0))
        return emit(out, n, cap, mk(K_OPTION, 1, 0, 0, 0, 0, 0))
    if e.kind == PK_AMOUNT:
        # 1 to the maximum, up to AMOUNT_LISTED (more than 510 energy or heat production is only
        # reached by bots that never end a game: each amount listed stays legal, the largest are left out)
        for q in range(1, min(e.a, AMOUNT_LISTED) + 1):
            n = emit(out, n, cap, mk(K_OPTION, q, 0, 0, 0, 0, 0))
        return n
    if e.kind == PK_COLD_FUNGUS:
        for c in range(s.ncard):
            if c != e.card and s.loc[c] == L_PLAYED + p and CARDS[c].res_type == RT_MICROBE:
                n = emit(out, n, cap, mk(K_CARD, c, 0, 0, 0, 0, 0))
        return emit(out, n, cap, mk(K_OPTION, 0, 0, 0, 0, 0, 0))
    if e.kind == PK_SELL:
        for c in range(s.ncard):
            if s.loc[c] == L_HAND + p:
                n = emit(out, n, cap, mk(K_SELL_CARD, c, 0, 0, 0, 0, 0))
        if e.a > 0:
            n = emit(out, n, cap, mk(K_SELL_DONE, 0, 0, 0, 0, 0, 0))
        return n
    return -1


cdef int gen_top(TState* s, Pending* e, Move* out, int cap) noexcept nogil:
    """PK_TOP: the action menu's moves of one kind (and card, milestone or award), with every payment."""
    cdef int n, i, k = 0, npend = s.npend, cur = s.cur
    s.npend = 0
    s.cur = e.player
    n = gen_moves(s, out, cap)
    s.npend = npend
    s.cur = cur
    if n < 0:
        return n
    for i in range(n):
        if mv_kind(out[i]) == e.a and (e.b < 0 or mv_a(out[i]) == e.b):
            out[k] = out[i]
            k += 1
    return k


cdef int gen_research_buys(TState* s, int p, int b, Move* out, int n, int cap) noexcept nogil:
    """The research buys of the offer cards in mask b: all in M€, or (Helion) each M€/heat split."""
    cdef TPlayer* pl = &s.pl[p]
    cdef int a, cost = pl.card_price * popcount(b)
    if cost <= pl.res[R_MC]:
        n = emit(out, n, cap, mk(K_BUY, 0, b, 0, 0, 0, 0))
    if pl.corp == C_HELION and cost > 0:
        for a in range(1, min(cost, pl.res[R_HE]) + 1):
            if cost - a <= pl.res[R_MC]:
                n = emit(out, n, cap, mk(K_BUY, 0, b, cost - a, 0, 0, a))
    return n


cdef int popcount(int x) noexcept nogil:
    cdef int n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


cdef int gen_moves(TState* s, Move* out, int cap) noexcept nogil:
    cdef int n = 0, p = s.cur, c, b, a, cost, ndisc = 0, nhand, nplayed, k
    cdef signed char spaces[NRULE]
    cdef short disc[CARDCAP]
    cdef short hand[CARDCAP]
    cdef short played[CARDCAP]
    cdef TPlayer* pl
    if s.step == ST_OVER:
        return 0
    if s.npend > 0:
        return gen_pending(s, out, cap)
    pl = &s.pl[p]
    if s.step == ST_SETUP:
        for a in range(2):
            if pl.corp_offer[a] < 0:
                continue
            for b in range(1 << pl.noffer):
                if corp_card_price(pl.corp_offer[a]) * popcount(b) <= CORPS[pl.corp_offer[a]].mc:
                    n = emit(out, n, cap, mk(K_SETUP, a, b, 0, 0, 0, 0))
        return n
    if s.step == ST_RESEARCH:
        for b in range(1 << pl.noffer):
            n = gen_research_buys(s, p, b, out, n, cap)
        return n
    if s.step == ST_FINAL:
        if pl.res[R_PL] >= final_greenery_cost(s, p):
            n = gen_spaces(s, p, PR_FINAL_GREENERY, -1, K_FINAL_GREENERY, out, n, cap)
        return emit(out, n, cap, mk(K_FINAL_DONE, 0, 0, 0, 0, 0, 0))
    # action phase
    if pl.first_pending:
        n = emit(out, n, cap, mk(K_FIRST, 0, 0, 0, 0, 0, 0))
        return emit(out, n, cap, mk(K_PASS, 0, 0, 0, 0, 0, 0))
    memset(spaces, -1, sizeof(spaces))   # any_space's answers, by placement rule, found once each
    nhand = own_cards(s, p, hand, played, &nplayed)
    for k in range(nplayed):
        if CARDS[played[k]].disc_tag >= 0:    # discount_cards, from the cards in play
            disc[ndisc] = played[k]
            ndisc += 1
    for k in range(nhand):
        c = hand[k]
        cost = card_cost_of(s, p, c, disc, ndisc)
        if cannot_pay(pl, cost, CARDS[c].tags[T_BUILDING] > 0, CARDS[c].tags[T_SPACE] > 0):
            continue    # no payment: what card_playable says does not matter
        if not card_playable_c(s, p, c, spaces):
            continue
        n = gen_payments(s, p, K_PLAY, c, cost, CARDS[c].tags[T_BUILDING] > 0, CARDS[c].tags[T_SPACE] > 0,
                         out, n, cap)
    for a in range(SPJ_POWER, SPJ_COLONY + 1):
        if not cannot_pay(pl, std_cost(s, p, a), 0, 0) and std_possible_c(s, p, a, spaces):
            n = gen_payments(s, p, K_STD, a, std_cost(s, p, a), 0, 0, out, n, cap)
    if pl.hand_n > 0:
        n = emit(out, n, cap, mk(K_SELL, 0, 0, 0, 0, 0, 0))
    if s.nms < 3:
        for a in range(NMS):
            if s.ms[a] < 0 and not cannot_pay(pl, 8, 0, 0) and milestone_ok(s, p, a):
                n = gen_payments(s, p, K_MILESTONE, a, 8, 0, 0, out, n, cap)
    if s.naw < 3:
        for a in range(NAW):
            if s.aw[a] < 0:
                n = gen_payments(s, p, K_AWARD, a, 8 + 6 * s.naw, 0, 0, out, n, cap)
    if pl.res[R_PL] >= (7 if pl.corp == C_ECOLINE else 8) and any_space_c(s, p, PR_GREENERY, spaces):
        n = emit(out, n, cap, mk(K_PLANTS, 0, 0, 0, 0, 0, 0))
    for a in range(5 if pl.corp == C_STORMCRAFT else 1):    # Stormcraft: a floaters pay 2 heat each
        if (a == 0 or a <= s.cres[NCARD + p]) and pl.res[R_HE] >= 8 - 2 * a:
            n = emit(out, n, cap, mk(K_HEAT, a, 0, 0, 0, 0, 0))
    n = colonies_gen_actions(s, p, out, n, cap)
    if pl.corp == C_STORMCRAFT and not s.used[NCARD + p] and count_holders(s, p, RT_FLOATER, 0) > 0:
        n = emit(out, n, cap, mk(K_ACTION, ROBOT_CORP + C_STORMCRAFT, 0, 0, 0, 0, 0))
    for k in range(nplayed):
        c = played[k]
        if CARDS[c].nact == 1 and CARDS[c].act[0].mc and cannot_pay(
                pl, CARDS[c].act[0].mc, CARDS[c].act[0].steel_ok, CARDS[c].act[0].ti_ok):
            continue    # its one action costs more than p has
        if CARDS[c].nact and action_available(s, p, c):
            if CARDS[c].nact == 1 and CARDS[c].act[0].mc:
                n = gen_payments(s, p, K_ACTION, c, CARDS[c].act[0].mc, CARDS[c].act[0].steel_ok,
                                 CARDS[c].act[0].ti_ok, out, n, cap)
            else:
                n = emit(out, n, cap, mk(K_ACTION, c, 0, 0, 0, 0, 0))
    if pl.corp == C_UNMI and pl.tr_raised and pl.res[R_MC] >= 3 and not unmi_used(s, p):
        n = emit(out, n, cap, mk(K_ACTION, 511, 0, 0, 0, 0, 0))
    if pl.acts == 1 and others_active(s, p):    # alone in the generation, a player never ends a turn
        n = emit(out, n, cap, mk(K_END, 0, 0, 0, 0, 0, 0))
    return emit(out, n, cap, mk(K_PASS, 0, 0, 0, 0, 0, 0))
