# Moves: 64-bit ints m = type | a << 8 | b << 16, listed per decision in a fixed order; do_move applies
# a listed move (unchecked: Core.apply and the Python API check membership first).

cdef inline Move mv(int t, int a, int b) noexcept nogil:
    return <Move> (t | (a << 8) | (b << 16))


cdef int action_tech_played(EdState* s, int p, int k) noexcept nogil:
    return s.pl[p].played_act[k] > 0


cdef int gen_moves(const EdContext* c, EdState* s, Move* out, int cap) noexcept nogil:
    """The legal moves of the current decision; -1 if cap is too small."""
    cdef int n = 0, p = s.actor, k, pl, e, r, t, any_stack = 0, last
    cdef EdPlayer* P
    if s.finished or p < 0:
        return 0
    if cap < MAXMOVES:
        return -1
    P = &s.pl[p]
    for k in range(NSTACK):
        if s.stacks[k] > 0:
            any_stack = 1
    if s.dec == D_ACTION:
        for k in range(NKIND):
            if not P.hand[k]:
                continue
            e = c.kind_effect[k]
            if e == E_WARFARE or e == E_IMP_WARFARE:
                out[n] = mv(MV_ACT, k, V_COLLECT); n += 1
                if any_attack(c, s, p):
                    out[n] = mv(MV_ACT, k, V_ATTACK); n += 1
            elif e == E_COLONIZE:
                if any_ready(c, s, p, 0):
                    out[n] = mv(MV_ACT, k, V_SETTLE); n += 1
                if any_tuck(s, p):
                    out[n] = mv(MV_ACT, k, V_TUCK); n += 1
            elif e == E_PT:
                if any_produce(c, s, p, -1):
                    out[n] = mv(MV_ACT, k, V_PRODUCE); n += 1
                if any_trade(c, s, p, -1):
                    out[n] = mv(MV_ACT, k, V_TRADE); n += 1
            elif e == E_POLITICS or e == E_AI:
                if any_stack:
                    out[n] = mv(MV_ACT, k, V_NONE); n += 1
            elif e == E_SURVEYTEAM:
                if s.npdeck > 0 or planets_at(s, LOC_DISCARD):
                    out[n] = mv(MV_ACT, k, V_NONE); n += 1
            elif e == E_TERRA:
                if any_tuck(s, p):
                    out[n] = mv(MV_ACT, k, V_NONE); n += 1
            else:
                out[n] = mv(MV_ACT, k, V_NONE); n += 1
        out[n] = mv(MV_SKIP, 0, 0); n += 1
        if (not s.role_done and has_perm(s, p, P_LOGIST)
                and s.actions_left == (2 if has_perm(s, p, P_PRODUCT) else 1)):
            for r in range(NSYM):
                out[n] = mv(MV_ROLE, r, 0); n += 1
    elif s.dec == D_ROLE:
        for r in range(NSYM):
            out[n] = mv(MV_ROLE, r, 0); n += 1
    elif s.dec == D_BOOST:
        for k in range(s.last if s.last > 0 else 0, NKIND):
            if P.hand[k] and card_sym(c, s, p, k, s.role) > 0:
                out[n] = mv(MV_BOOST, k, 0); n += 1
        if s.opt.bga or not (p != s.leader and s.role == S_COLONIZE and next_tuck_kind(c, s, p) < 0):
            out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_FOLLOW:
        # BGA (M1) lets Empire Colonize symbols alone follow Colonize (the follow does nothing)
        if (s.role != S_COLONIZE or hand_has_sym(c, s, p, S_COLONIZE)
                or (s.opt.bga and empire_sym(c, s, p, S_COLONIZE) > 0)):
            out[n] = mv(MV_FOLLOW, 0, 0); n += 1
        out[n] = mv(MV_DISSENT, 0, 0); n += 1
    elif s.dec == D_KEEP:
        for k in range(s.nlook):
            out[n] = mv(MV_KEEP, s.look[k], 0); n += 1
    elif s.dec == D_WAR:
        out[n] = mv(MV_COLLECT, 0, 0); n += 1
        for pl in range(NPLANET):
            if can_attack(c, s, p, pl):
                out[n] = mv(MV_ATTACK, pl, 0); n += 1
    elif s.dec == D_COL:
        out[n] = mv(MV_COLONIZE, 0, 0); n += 1
        for pl in range(NPLANET):
            if is_ready(c, s, p, pl, settle_bonus(s, p)):
                out[n] = mv(MV_SETTLE, pl, 0); n += 1
    elif s.dec == D_TUCK or s.dec == D_TERRA:
        k = s.sub_kind if s.stage == ST_ACTION else next_tuck_kind(c, s, p)
        for pl in range(NPLANET):
            if can_tuck(s, p, pl):
                out[n] = mv(MV_TUCK, k, pl); n += 1
        if s.opt.bga and s.dec == D_TUCK and s.stage != ST_ACTION:
            out[n] = mv(MV_DONE, 0, 0); n += 1    # BGA (D1): stop tucking, the rest goes to the discard
    elif s.dec == D_PRODUCE:
        for pl in range(NPLANET):
            if face_up_of(s, p, pl):
                for k in range(c.planet_nslot[pl]):
                    if 2 * pl + k > s.last and slot_open(c, s, pl, k):
                        out[n] = mv(MV_PRODUCE, pl, k); n += 1
        out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_TRADE:
        for pl in range(NPLANET):
            if face_up_of(s, p, pl):
                for k in range(c.planet_nslot[pl]):
                    if 2 * pl + k > s.last and (s.planet_res[pl] >> k) & 1:
                        out[n] = mv(MV_TRADE, pl, k); n += 1
        if has_perm(s, p, P_WEAPON) and P.fighters > 0:
            out[n] = mv(MV_TRADE, NPLANET, 0); n += 1
        out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_RESEARCH:
        for t in range(NTECH):
            if can_buy(c, s, p, t, s.strength):
                if c.tech_kind[t] != 255:
                    out[n] = mv(MV_BUY, t, 0); n += 1
                else:
                    out[n] = mv(MV_BUY, t, 1); n += 1
                    out[n] = mv(MV_BUY, t, 2); n += 1
        out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_ATTACK:
        for pl in range(NPLANET):
            if can_attack(c, s, p, pl):
                out[n] = mv(MV_ATTACK, pl, 0); n += 1
        if s.stage == ST_MOBIL or c.kind_effect[s.sub_kind] == E_WARPATH:
            out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_SETTLE:
        for pl in range(NPLANET):
            if is_ready(c, s, p, pl, 0):
                out[n] = mv(MV_SETTLE, pl, 0); n += 1
        if c.kind_effect[s.sub_kind] == E_IMP_COLONIZE:
            if s.sub_stage == 1 and action_tech_played(s, p, s.sub_kind):
                for pl in range(NPLANET):
                    if can_tuck(s, p, pl):
                        out[n] = mv(MV_TUCK, s.sub_kind, pl); n += 1
            out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_REMOVE:
        for k in range(s.last if s.last > 0 else 0, NKIND):
            if P.hand[k]:
                out[n] = mv(MV_REMOVE, k, 0); n += 1
        out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_TAKE:
        for k in range(NSTACK):
            if s.stacks[k] > 0:
                out[n] = mv(MV_TAKE, k, 0); n += 1
    elif s.dec == D_NAME:
        for r in range(NRES):
            out[n] = mv(MV_NAME, r, 0); n += 1
    elif s.dec == D_CLEANUP:
        if s.last == 0 and (has_perm(s, p, P_HYPER) or (has_perm(s, p, P_STREAM) and not s.streamlined)):
            for k in range(s.sub_stage, NKIND):
                if P.hand[k]:
                    out[n] = mv(MV_REMOVE, k, 0); n += 1
        last = s.last - 1 if s.last > 0 else 0    # last stores discarded kind + 1
        for k in range(last, NKIND):
            if P.hand[k]:
                out[n] = mv(MV_DISCARD, k, 0); n += 1
        out[n] = mv(MV_DONE, 0, 0); n += 1
    elif s.dec == D_DISCARD:
        # canonical order (kinds ascending) that always leaves enough cards to reach the limit
        r = P.nhand - hand_limit(c, s, p)
        last = 0
        for k in range(NKIND - 1, s.last - 1, -1):
            last += P.hand[k]
            if P.hand[k] and last >= r:
                out[n] = mv(MV_DISCARD, k, 0); n += 1
        reverse_moves(out, n)
    return n


cdef void reverse_moves(Move* out, int n) noexcept nogil:
    cdef int i
    cdef Move t
    for i in range(n // 2):
        t = out[i]; out[i] = out[n - 1 - i]; out[n - 1 - i] = t


cdef int planets_at(EdState* s, int loc) noexcept nogil:
    cdef int pl, n = 0
    for pl in range(NPLANET):
        if s.planet_loc[pl] == loc:
            n += 1
    return n


cdef int hand_has_sym(const EdContext* c, EdState* s, int p, int role) noexcept nogil:
    cdef int k
    for k in range(NKIND):
        if s.pl[p].hand[k] and card_sym(c, s, p, k, role) > 0:
            return 1
    return 0


cdef void from_hand(EdState* s, int p, int k) noexcept nogil:
    s.pl[p].hand[k] -= 1
    s.pl[p].nhand -= 1
    if s.pl[p].known[k] > s.pl[p].hand[k]:
        s.pl[p].known[k] = s.pl[p].hand[k]


cdef void do_action(const EdContext* c, EdState* s, int k, int v) noexcept nogil:
    """Play card kind k from the leader's hand for its action (variant v)."""
    cdef int p = s.actor, e = c.kind_effect[k], pl
    from_hand(s, p, k)
    s.actions_left -= 1
    s.sub_kind = k
    s.sub_stage = 0
    s.last = 0
    if e == E_POLITICS:
        s.pl[p].removed[k] += 1
    else:
        s.pl[p].played_act[k] += 1
    if e == E_SURVEY:
        draw_cards(s, p, 2)
    elif e == E_WARFARE or e == E_IMP_WARFARE:
        if v == V_ATTACK:
            s.left = 1
            s.dec = D_ATTACK
            return
        s.pl[p].fighters += 1 if e == E_WARFARE else 2
    elif e == E_COLONIZE:
        s.left = 1
        s.dec = D_SETTLE if v == V_SETTLE else D_TUCK
        return
    elif e == E_PT:
        s.left = 1
        s.last = -1
        s.dec = D_PRODUCE if v == V_PRODUCE else D_TRADE
        return
    elif e == E_RESEARCH:
        s.left = 2
        s.dec = D_REMOVE
        return
    elif e == E_POLITICS:
        s.left = 1
        s.dec = D_TAKE
        return
    elif e == E_IMP_SURVEY:
        draw_cards(s, p, 3)
    elif e == E_IMP_COLONIZE:
        s.dec = D_SETTLE
        return
    elif e == E_IMP_PRODUCTION:
        s.left = 2
        s.last = -1
        if any_produce(c, s, p, -1):
            s.dec = D_PRODUCE
            return
    elif e == E_IMP_TRADE:
        take_influence(s, p, 1)
    elif e == E_IMP_RESEARCH:
        draw_cards(s, p, 1)
        s.left = 3
        s.dec = D_REMOVE
        return
    elif e == E_DIVERSE:
        s.diverse = 1
    elif e == E_DATANET:
        draw_cards(s, p, 2)
        s.left = 1000
        s.dec = D_REMOVE
        return
    elif e == E_SPECIAL:
        s.dec = D_NAME
        return
    elif e == E_MOBIL:
        s.pl[p].fighters += 2
        s.mobilize = 1
    elif e == E_SURVEYTEAM:
        pl = draw_planet(s)
        if pl >= 0:
            s.planet_loc[pl] = LOC_OWNED + 2 * p
    elif e == E_WARPATH:
        s.left = 2
        if any_attack(c, s, p):
            s.dec = D_ATTACK
            return
    elif e == E_AI:
        s.left = 2
        s.dec = D_TAKE
        return
    elif e == E_GENETIC:
        s.genetic = 1
    elif e == E_TERRA:
        s.dec = D_TERRA
        return
    step_done(c, s)


cdef void take_role_card(EdState* s, int p, int stack) noexcept nogil:
    s.stacks[stack] -= 1
    s.pl[p].hand[stack] += 1
    s.pl[p].known[stack] += 1
    s.pl[p].nhand += 1


cdef void buy_tech(const EdContext* c, EdState* s, int p, int t, int side) noexcept nogil:
    cdef int perm
    s.tech_avail &= ~(1ULL << t)
    if c.tech_kind[t] != 255:
        s.pl[p].hand[c.tech_kind[t]] += 1    # an action tech goes into the hand (BGA)
        s.pl[p].known[c.tech_kind[t]] += 1
        s.pl[p].nhand += 1
    else:
        perm = 2 * (t - NACTTECH) + side - 1
        s.pl[p].perms |= 1 << perm
        if perm == P_ABUND and s.opt.errata:
            s.pl[p].abund_pending += 4


cdef int do_move(const EdContext* c, EdState* s, Move m) noexcept nogil:
    """Apply a move gen_moves listed for s. 0, or -1 if its type does not fit the decision."""
    cdef int t = <int> (m & 255), a = <int> ((m >> 8) & 255), b = <int> ((m >> 16) & 255)
    cdef int p = s.actor, k, lim, e
    cdef EdPlayer* P = &s.pl[p]
    if s.dec == D_ACTION:
        if t == MV_ACT:
            do_action(c, s, a, b)
        elif t == MV_SKIP:
            s.actions_left = 0
            if s.role_done:
                go_cleanup(c, s)
            else:
                go_role(c, s)
        elif t == MV_ROLE:
            s.logistics_first = 1
            choose_role(c, s, a)
        else:
            return -1
    elif s.dec == D_ROLE:
        choose_role(c, s, a)
    elif s.dec == D_BOOST:
        if t == MV_BOOST:
            from_hand(s, p, a)
            P.played_role[a] += 1
            s.last = a
        else:
            resolve_role(c, s)
    elif s.dec == D_FOLLOW:
        if t == MV_FOLLOW:
            s.last = 0
            s.dec = D_BOOST
        else:
            draw_cards(s, p, 2 if has_perm(s, p, P_DISSENS) else 1)
            step_done(c, s)
    elif s.dec == D_KEEP:
        for k in range(s.nlook):
            s.planet_loc[s.look[k]] = LOC_DISCARD
        s.planet_loc[a] = LOC_OWNED + 2 * p
        s.nlook = 0
        step_done(c, s)
    elif s.dec == D_WAR:
        if t == MV_ATTACK:
            attack(c, s, p, a)
        else:
            P.fighters += s.strength
        step_done(c, s)
    elif s.dec == D_COL:
        if t == MV_SETTLE:
            settle(c, s, p, a)
            step_done(c, s)
        else:
            start_tuck(c, s)
    elif s.dec == D_TUCK:
        if t == MV_DONE:
            step_done(c, s)
        elif s.stage == ST_ACTION:
            P.played_act[a] -= 1
            tuck(c, s, p, a, b)
            step_done(c, s)
        else:
            P.played_role[a] -= 1
            tuck(c, s, p, a, b)
            start_tuck(c, s)
    elif s.dec == D_TERRA:
        P.played_act[a] -= 1
        tuck(c, s, p, a, b)
        if s.colval[b] + (empire_sym(c, s, p, S_COLONIZE) if s.opt.errata else 0) >= c.planet_ccost[b]:
            settle(c, s, p, b)
        step_done(c, s)
    elif s.dec == D_PRODUCE:
        if t == MV_PRODUCE:
            produce(c, s, p, a, b)
            s.last = 2 * a + b
            s.left -= 1
            if s.left > 0 and any_produce(c, s, p, s.last):
                return 0
        step_done(c, s)
    elif s.dec == D_TRADE:
        if t == MV_TRADE:
            trade(c, s, p, a, b)
            s.last = 2 * a + b
            s.left -= 1
            if s.left > 0 and any_trade(c, s, p, s.last - (1 if a == NPLANET else 0)):
                return 0
        step_done(c, s)
    elif s.dec == D_RESEARCH:
        if t == MV_BUY:
            buy_tech(c, s, p, a, b)
        step_done(c, s)
    elif s.dec == D_ATTACK:
        if t == MV_ATTACK:
            attack(c, s, p, a)
            s.left -= 1
            if s.left > 0 and any_attack(c, s, p):
                return 0
        step_done(c, s)
    elif s.dec == D_SETTLE:
        if t == MV_SETTLE:
            settle(c, s, p, a)
        elif t == MV_TUCK:
            P.played_act[a] -= 1
            tuck(c, s, p, a, b)
        e = c.kind_effect[s.sub_kind]
        if e == E_IMP_COLONIZE and s.sub_stage == 0:
            s.sub_stage = 1          # then either settle another planet or +1 colony
            return 0
        step_done(c, s)
    elif s.dec == D_REMOVE:
        if t == MV_REMOVE:
            from_hand(s, p, a)
            P.removed[a] += 1
            s.last = a
            s.left -= 1
            if s.left > 0 and P.nhand > 0:
                return 0
        step_done(c, s)
    elif s.dec == D_TAKE:
        take_role_card(s, p, a)
        s.left -= 1
        if s.left > 0 and empty_stacks(s) < NSTACK:
            return 0
        step_done(c, s)
    elif s.dec == D_NAME:
        s.specialized = a
        step_done(c, s)
    elif s.dec == D_CLEANUP:
        if t == MV_REMOVE:
            from_hand(s, p, a)
            P.removed[a] += 1
            s.streamlined = 1
            s.sub_stage = a
        elif t == MV_DISCARD:
            from_hand(s, p, a)
            P.discard[a] += 1
            s.last = a + 1
        else:
            cleanup_draw(c, s)
    elif s.dec == D_DISCARD:
        from_hand(s, p, a)
        P.discard[a] += 1
        s.last = a
        if P.nhand <= hand_limit(c, s, p):
            end_turn(c, s)
    else:
        return -1
    return 0


cdef void choose_role(const EdContext* c, EdState* s, int r) noexcept nogil:
    cdef int st = role_stack(r)
    s.role = r
    s.stage = ST_LEADER
    s.actor = s.leader
    if s.stacks[st] > 0:
        s.stacks[st] -= 1
        s.pl[s.leader].played_role[st] += 1
        s.role_card = 1
    else:
        s.role_card = 0
    s.last = 0
    s.dec = D_BOOST
