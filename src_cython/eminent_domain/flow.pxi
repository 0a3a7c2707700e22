# The turn as a machine of decisions. Every apply_move() ends by setting s.dec (the next decision) or
# finishing the game; step_done() carries the flow past a finished step (an action, a role resolution,
# a follower) to the next decision.

cdef void start_turn(const EdContext* c, EdState* s) noexcept nogil:
    s.stage = ST_ACTION
    s.role = -1
    s.role_card = 0
    s.role_done = 0
    s.actions_left = 2 if has_perm(s, s.leader, P_PRODUCT) else 1
    s.mobilize = 0
    s.diverse = 0
    s.genetic = 0
    s.specialized = -1
    s.traded_mask = 0
    s.produced_mask = 0
    s.streamlined = 0
    s.logistics_first = 0
    s.sub_kind = -1
    s.sub_stage = 0
    s.actor = s.leader
    s.dec = D_ACTION


cdef void go_role(const EdContext* c, EdState* s) noexcept nogil:
    s.actor = s.leader
    if s.role_done:
        go_cleanup(c, s)
    else:
        s.stage = ST_ROLE
        s.dec = D_ROLE


cdef void go_cleanup(const EdContext* c, EdState* s) noexcept nogil:
    """All cards the leader played this turn go to the discard pile; then discard and draw."""
    cdef EdPlayer* P = &s.pl[s.leader]
    cdef int k
    for k in range(NKIND):
        P.discard[k] += P.played_act[k] + P.played_role[k]
        P.played_act[k] = 0
        P.played_role[k] = 0
    s.stage = ST_CLEANUP
    s.actor = s.leader
    s.dec = D_CLEANUP
    s.last = 0
    s.sub_stage = 0


cdef void after_role(const EdContext* c, EdState* s) noexcept nogil:
    s.role_done = 1
    s.actor = s.leader
    if s.logistics_first and s.actions_left > 0:
        s.stage = ST_ACTION
        s.dec = D_ACTION
    else:
        go_cleanup(c, s)


cdef void go_follow(const EdContext* c, EdState* s) noexcept nogil:
    """The next follower decides, or the role phase is over."""
    if s.follower == s.leader:
        if s.mobilize and any_attack(c, s, s.leader):
            s.stage = ST_MOBIL
            s.actor = s.leader
            s.sub_kind = -1               # the attack belongs to the stage, not to a card
            s.left = 1
            s.dec = D_ATTACK
        else:
            after_role(c, s)
        return
    s.stage = ST_FOLLOW
    s.actor = s.follower
    s.dec = D_FOLLOW


cdef void step_done(const EdContext* c, EdState* s) noexcept nogil:
    cdef int p, k
    cdef EdPlayer* P
    # Abundance (errata) production owed by a settle or attack, before the flow moves on
    for p in range(s.num_players):
        if s.pl[p].abund_pending > 0:
            if any_empty_slot(c, s, p):
                s.actor = p
                s.left = s.pl[p].abund_pending
                s.pl[p].abund_pending = 0
                s.last = -1
                s.sub_kind = -2
                s.dec = D_PRODUCE
                return
            s.pl[p].abund_pending = 0
    s.sub_kind = -1
    if s.stage == ST_ACTION:
        s.actor = s.leader
        if s.actions_left > 0:
            s.dec = D_ACTION
        else:
            go_role(c, s)
    elif s.stage == ST_LEADER:
        s.follower = (s.leader + 1) % s.num_players
        if s.opt.bga and s.mobilize and any_attack(c, s, s.leader):
            # BGA: Mobilization's attack ends the leader's own role resolution, before any follower
            s.mobilize = 0
            s.stage = ST_MOBIL
            s.actor = s.leader
            s.left = 1
            s.dec = D_ATTACK
            return
        go_follow(c, s)
    elif s.stage == ST_FOLLOW:
        P = &s.pl[s.follower]
        for k in range(NKIND):
            P.discard[k] += P.played_role[k]
            P.played_role[k] = 0
        s.follower = (s.follower + 1) % s.num_players
        go_follow(c, s)
    elif s.stage == ST_MOBIL:
        if s.opt.bga:
            s.mobilize = 0
            go_follow(c, s)           # s.follower was set when the leader's resolution ended
        else:
            after_role(c, s)


cdef void end_turn(const EdContext* c, EdState* s) noexcept nogil:
    cdef int nxt, p
    s.turns += 1
    if s.supply_black == 0 or empty_stacks(s) >= s.opt.empty_to_end:
        s.end_triggered = 1
    if s.extra_turn:
        finish(c, s)
        return
    nxt = (s.leader + 1) % s.num_players
    if s.end_triggered and nxt == s.start_player:
        if s.opt.extra_round and not s.extra_round_played:
            s.extra_round_played = 1      # BGA's option 103: one more full round, then the end
            s.leader = nxt
            start_turn(c, s)
            return
        if s.opt.errata:
            for p in range(s.num_players):
                if has_perm(s, p, P_LOGIST):   # Logistics errata: one more turn at game end
                    s.extra_turn = 1
                    s.leader = p
                    start_turn(c, s)
                    return
        finish(c, s)
        return
    s.leader = nxt
    start_turn(c, s)


cdef void finish(const EdContext* c, EdState* s) noexcept nogil:
    s.finished = 1
    s.stage = ST_OVER
    s.dec = D_NONE
    s.actor = -1


cdef void cleanup_draw(const EdContext* c, EdState* s) noexcept nogil:
    cdef int p = s.leader
    cdef int lim = hand_limit(c, s, p)
    if s.pl[p].nhand < lim:
        draw_cards(s, p, lim - s.pl[p].nhand)
    if s.pl[p].nhand > lim:
        s.dec = D_DISCARD
        s.last = 0
    else:
        end_turn(c, s)


# ---- resolving a role ---------------------------------------------------------------------------------

cdef int role_strength(const EdContext* c, EdState* s, int p, int is_leader) noexcept nogil:
    cdef EdPlayer* P = &s.pl[p]
    cdef int n = empire_sym(c, s, p, s.role), k
    for k in range(NKIND):
        if P.played_role[k]:
            n += P.played_role[k] * card_sym(c, s, p, k, s.role)
    if is_leader and not s.role_card and s.role != S_COLONIZE:
        n += 1      # empty stack: the central display's symbol (BGA)
    if not is_leader and s.opt.errata and s.role != S_COLONIZE and has_perm(s, p, P_BUREAU):
        n += 1      # Bureaucracy errata
    return n


cdef int next_tuck_kind(const EdContext* c, EdState* s, int p) noexcept nogil:
    """The smallest card kind played for Colonize that is still to be tucked (a canonical order), or -1."""
    cdef int k
    for k in range(NKIND):
        if s.pl[p].played_role[k] and card_sym(c, s, p, k, S_COLONIZE) > 0:
            return k
    return -1


cdef void start_tuck(const EdContext* c, EdState* s) noexcept nogil:
    if next_tuck_kind(c, s, s.actor) >= 0 and any_tuck(s, s.actor):
        s.dec = D_TUCK
    else:
        step_done(c, s)


cdef int settle_bonus(EdState* s, int p) noexcept nogil:
    """Rulebook reading: an empty-stack Colonize leader gets the display's +1 toward settling. BGA's code
    never reaches its +1 (D2 of docs/eminent-domain.md; it looks like BGA's bug), so under bga: none."""
    if s.opt.bga:
        return 0
    return 1 if (p == s.leader and s.stage == ST_LEADER and not s.role_card) else 0


cdef void resolve_role(const EdContext* c, EdState* s) noexcept nogil:
    cdef int p = s.actor
    cdef int lead = p == s.leader
    cdef int n, i, pl
    s.strength = role_strength(c, s, p, lead)
    s.last = -1
    if s.role == S_SURVEY:
        n = s.strength if lead else s.strength - 1
        s.nlook = 0
        for i in range(n):
            pl = draw_planet(s)
            if pl < 0:
                break
            s.planet_loc[pl] = LOC_LOOK
            s.look[s.nlook] = <ushort> pl
            s.nlook += 1
        if s.nlook > 0:
            s.dec = D_KEEP
        else:
            step_done(c, s)
    elif s.role == S_WARFARE:
        if (lead or has_perm(s, p, P_BUREAU)) and any_attack(c, s, p):
            s.dec = D_WAR
        else:
            s.pl[p].fighters += s.strength
            step_done(c, s)
    elif s.role == S_COLONIZE:
        if (lead or has_perm(s, p, P_BUREAU)) and any_ready(c, s, p, settle_bonus(s, p)):
            s.dec = D_COL
        else:
            start_tuck(c, s)
    elif s.role == S_PRODUCE:
        s.left = s.strength
        if s.left > 0 and any_empty_slot(c, s, p):
            s.dec = D_PRODUCE
        else:
            step_done(c, s)
    elif s.role == S_TRADE:
        s.left = s.strength
        s.dec = D_TRADE
        if s.left == 0 or not any_trade(c, s, p, -1):
            step_done(c, s)
    else:
        if any_buy(c, s, p, s.strength):
            s.dec = D_RESEARCH
        else:
            step_done(c, s)


cdef int any_trade(const EdContext* c, EdState* s, int p, int last) noexcept nogil:
    """Something p can still trade in canonical order after index last (2*planet+slot; fighters last)."""
    cdef int pl, k
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            for k in range(c.planet_nslot[pl]):
                if 2 * pl + k > last and (s.planet_res[pl] >> k) & 1:
                    return 1
    return has_perm(s, p, P_WEAPON) and s.pl[p].fighters > 0


cdef int any_produce(const EdContext* c, EdState* s, int p, int last) noexcept nogil:
    cdef int pl, k
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            for k in range(c.planet_nslot[pl]):
                if 2 * pl + k > last and slot_open(c, s, pl, k):
                    return 1
    return 0
