# Turn flow: setup, research, the action phase with its follow-up queue, production, the final
# greenery placement and the end. apply_move() is the one entry for every decision.

cdef void new_game(TState* s, int np, const unsigned short* project, int nproject,
                   const short* corps, int ncorps, unsigned long long seed,
                   const signed char* tiles, int ntiles) noexcept nogil:
    """Deal from the given deck orders (top first): per player 2 corporations and 10 cards. With
    colony tiles (ntiles > 0) the Colonies expansion is on: those tiles in play, one fleet each."""
    cdef int i, p, k, ci = 0
    memset(s, 0, sizeof(TState))
    s.np = np
    s.gen = 1
    s.rng = seed
    s.action_player = -1
    for i in range(CARDCAP):
        s.loc[i] = L_OUT
    for i in range(nproject):
        s.deck[i] = project[i]
        s.loc[project[i]] = L_DECK
    s.top = 0
    s.bot = nproject
    for i in range(NSPACE):
        s.owner[i] = -1
    for i in range(NMS):
        s.ms[i] = -1
        s.ms_order[i] = -1
    for i in range(NAW):
        s.aw[i] = -1
        s.aw_order[i] = -1
    for p in range(np):
        s.pl[p].tr = 20
        s.pl[p].corp = -1
        s.pl[p].steel_value = 2
        s.pl[p].ti_value = 3
        s.pl[p].card_price = 3
        s.pl[p].fleets = 1 if ntiles > 0 else 0
        for k in range(2):
            s.pl[p].corp_offer[k] = corps[ci] if ci < ncorps else -1
            ci += 1
        s.pl[p].noffer = 0
        for k in range(10):
            i = draw_top(s)
            if i >= 0:
                s.pl[p].offer[s.pl[p].noffer] = i
                s.pl[p].noffer += 1
                s.loc[i] = L_OFFER + p
    s.colonies_on = ntiles > 0
    s.ncard = nproject
    for i in range(NCOL):
        s.col_trader[i] = -1
    for i in range(ntiles):
        add_colony_tile(s, tiles[i])
    s.step = ST_SETUP
    s.phase = PH_RESEARCH
    s.cur = 0


cdef void start_action_phase(TState* s) noexcept nogil:
    cdef int p
    s.step = ST_ACTION
    s.phase = PH_ACTION
    for p in range(s.np):
        s.pl[p].passed = 0
        s.pl[p].acts = 0
    s.cur = s.first


cdef void research(TState* s) noexcept nogil:
    cdef int p, k, c
    for p in range(s.np):
        s.pl[p].bought = 0
        s.pl[p].noffer = 0
        for k in range(4):
            c = draw_bottom(s)
            if c >= 0:
                s.pl[p].offer[s.pl[p].noffer] = c
                s.pl[p].noffer += 1
                s.loc[c] = L_OFFER + p
    s.step = ST_RESEARCH
    s.phase = PH_RESEARCH
    s.cur = 0


cdef int final_greenery_cost(TState* s, int p) noexcept nogil:
    return 7 if s.pl[p].corp == C_ECOLINE else 8


cdef int final_eligible(TState* s, int p) noexcept nogil:
    return (not s.pl[p].final_done and s.pl[p].res[R_PL] >= final_greenery_cost(s, p)
            and any_space(s, p, PR_FINAL_GREENERY, -1))


cdef void next_final(TState* s) noexcept nogil:
    """Final greenery: each player in turn order from the first places as many as they like."""
    cdef int i, p
    for i in range(s.np):
        p = (s.first + i) % s.np
        if final_eligible(s, p):
            s.cur = p
            return
        s.pl[p].final_done = 1
    s.step = ST_OVER
    s.phase = PH_END
    s.cur = -1


cdef void production(TState* s) noexcept nogil:
    cdef int p, k
    cdef TPlayer* pl
    s.phase = PH_PRODUCTION
    for p in range(s.np):
        pl = &s.pl[p]
        pl.res[R_HE] += pl.res[R_EN]
        pl.res[R_EN] = 0
        pl.res[R_MC] += pl.prod[R_MC] + pl.tr
        for k in range(1, 6):
            pl.res[k] += pl.prod[k]
        pl.tr_raised = 0
        pl.next_discount = 0
    memset(s.used, 0, sizeof(s.used))
    if s.temp >= 19 and s.oxy >= 14 and s.oceans >= 9:
        s.step = ST_FINAL
        next_final(s)
        return
    colonies_phase(s)
    s.gen += 1
    s.first = (s.first + 1) % s.np
    research(s)


cdef void next_turn(TState* s) noexcept nogil:
    """The turn passes to the next player who has not passed; none left: production."""
    cdef int i, q
    s.pl[s.cur].acts = 0
    for i in range(1, s.np + 1):
        q = (s.cur + i) % s.np
        if not s.pl[q].passed:
            s.cur = q
            return
    production(s)


cdef int others_active(TState* s, int p) noexcept nogil:
    """Whether a player other than p has not passed this generation (else p plays on alone: the app offers
    no End Turn then)."""
    cdef int q
    for q in range(s.np):
        if q != p and not s.pl[q].passed:
            return 1
    return 0


cdef void action_done(TState* s) noexcept nogil:
    """A top-level action resolved with all its follow-ups."""
    cdef int p = s.action_player
    s.action_player = -1
    if not s.action_top:
        return
    s.pl[p].acts += 1
    if s.pl[p].acts >= 2:
        next_turn(s)


cdef int pending_has_option(TState* s, Pending* e) noexcept nogil:
    cdef int q
    if e.kind == PK_TILE:
        if e.a == TL_OCEAN and s.oceans >= 9:
            return 0
        return any_space(s, e.player, e.b, e.c)
    if e.kind == PK_REMOVE_PLANTS:
        for q in range(s.np):
            if s.pl[q].res[R_PL] > 0 and not protected_from(s, q, e.player):
                return 1
        return 0
    if e.kind == PK_DEC_PROD:
        return any_dec_target(s, e.a, e.b)
    if e.kind == PK_ADD_ANY:
        if e.a < 0:
            return any_card_with_resources(s, e.player) or s.cres[NCARD + e.player] > 0
        return count_holders(s, e.player, e.a, e.c) > 0
    if e.kind == PK_RESEARCH_PAY or e.kind == PK_TOP:
        return 1
    if e.kind >= PK_COLONY:
        return colonies_has_option(s, e)
    if e.kind == PK_FLOODING:
        for q in range(s.np):
            if flooding_target(s, e.player, q):
                return 1
        return 0
    if e.kind == PK_ROBOT:
        return any_robot_target(s, e.player)
    if e.kind == PK_MARS_UNI:
        return s.pl[e.player].hand_n > 0
    if e.kind == PK_ATTACK:
        return attack_options(s, e.player, e.a) > 0
    if e.kind == PK_AMOUNT:
        return e.a > 0
    return 1


cdef int auto_resolve(TState* s, Pending* e) noexcept nogil:
    """Resolve a queued decision the engine does not ask (one outcome); 1 if it did."""
    cdef int p = e.player
    if e.kind == PK_LOSE:
        s.pl[p].res[e.a] = s.pl[p].res[e.a] - e.b if s.pl[p].res[e.a] > e.b else 0
        return 1
    if e.kind == PK_GAIN:
        s.pl[p].res[e.a] += e.b
        return 1
    if e.kind == PK_OLYMPUS and s.cres[CARD_OLYMPUS] == 0:
        add_card_resources(s, CARD_OLYMPUS, 1)
        return 1
    if e.kind == PK_PLANTS_OR and not (e.b and count_holders(s, p, RT_MICROBE, 0)) \
            and not (e.c and count_holders(s, p, RT_ANIMAL, 0)):
        s.pl[p].res[R_PL] += e.a
        return 1
    if e.kind == PK_VIRAL and (CARDS[e.b].res_type == RT_NONE or CARDS[e.b].res_type == RT_SCIENCE
                               or CARDS[e.b].res_type == RT_FIGHTER):
        s.pl[p].res[R_PL] += 1
        return 1
    return 0


cdef void activate(TState* s, Pending* e) noexcept nogil:
    """Work a queued decision does when it comes to the front: the draws of a draw-and-keep."""
    cdef int i, k
    cdef TPlayer* pl = &s.pl[e.player]
    if e.kind == PK_KEEP and e.c == 0:
        e.c = 1
        pl.noffer = 0
        for i in range(e.b):
            k = draw_top(s)
            if k >= 0:
                pl.offer[pl.noffer] = k
                pl.noffer += 1
                s.loc[k] = L_OFFER + e.player


cdef void settle(TState* s) noexcept nogil:
    """Resolve what needs no answer, drop decisions without an option; when the queue is empty the
    action is over."""
    while s.npend > 0:
        activate(s, &s.pend[0])
        if auto_resolve(s, &s.pend[0]):
            pop_front(s)
        elif not pending_has_option(s, &s.pend[0]):
            pop_front(s)
        else:
            break
    if s.npend > 0:
        s.cur = s.pend[0].player
        return
    if s.action_player >= 0:
        s.cur = s.action_player
        action_done(s)


cdef void pop_front(TState* s) noexcept nogil:
    cdef int i
    for i in range(1, s.npend):
        s.pend[i - 1] = s.pend[i]
    s.npend -= 1


cdef inline int corp_card_price(int corp) noexcept nogil:
    return 5 if corp == C_POLYPHEMOS else 3


cdef int std_cost(TState* s, int p, int proj) noexcept nogil:
    if proj == SPJ_POWER:
        return 8 if s.pl[p].corp == C_THORGATE else 11
    if proj == SPJ_ASTEROID:
        return 14
    if proj == SPJ_AQUIFER:
        return 18
    if proj == SPJ_GREENERY:
        return 23
    if proj == SPJ_CITY:
        return 25
    if proj == SPJ_COLONY and s.colonies_on:
        return 17
    return -1


cdef int std_possible(TState* s, int p, int proj) noexcept nogil:
    return std_possible_c(s, p, proj, NULL)


cdef int std_possible_c(TState* s, int p, int proj, signed char* spaces) noexcept nogil:
    """std_possible, its spaces looked up through any_space_c(spaces) (NULL: none kept)."""
    # Asteroid and Aquifer stay on offer with the parameter maxed (the app only warns; player views
    # show them enabled at +8 C and 9 oceans): they are paid and do nothing more
    if proj == SPJ_ASTEROID or proj == SPJ_AQUIFER:
        return 1
    if proj == SPJ_GREENERY:
        return any_space_c(s, p, PR_GREENERY, spaces)
    if proj == SPJ_CITY:
        return any_space_c(s, p, PR_CITY, spaces)
    if proj == SPJ_COLONY:
        return s.colonies_on and any_colony_site(s, p, 0, -1)
    return proj == SPJ_POWER


cdef int apply_pending(TState* s, Move m) noexcept nogil:
    cdef Pending e = s.pend[0]
    cdef int k = mv_kind(m), a = mv_a(m), p = e.player, q, b
    if e.kind == PK_TILE:
        if k != K_SPACE:
            return fail(s, E_KIND)
        if not space_ok(s, p, e.b, e.c, a):
            return fail(s, E_SPACE)
        pop_front(s)
        if e.b == PR_CLAIM:
            s.claim[a] = p + 1
        else:
            place_tile(s, p, a, e.a)
    elif e.kind == PK_REMOVE_PLANTS:
        if k != K_PLAYER:
            return fail(s, E_KIND)
        if a != 7 and (a >= s.np or s.pl[a].res[R_PL] == 0 or protected_from(s, a, p)):
            return fail(s, E_PLAYER)
        pop_front(s)
        if a != 7:
            s.pl[a].res[R_PL] = s.pl[a].res[R_PL] - e.a if s.pl[a].res[R_PL] > e.a else 0
    elif e.kind == PK_DEC_PROD:
        if k != K_PLAYER:
            return fail(s, E_KIND)
        if not dec_target_ok(s, &e, a):
            return fail(s, E_PLAYER)
        pop_front(s)
        s.pl[a].prod[e.a] -= e.b
    elif e.kind == PK_OR_PROD:
        if k != K_OPTION or a > 1 or not prod_ok(s, p, CARDS[e.card].orp[a]):
            return fail(s, E_KIND)
        pop_front(s)
        for q in range(6):
            s.pl[p].prod[q] += CARDS[e.card].orp[a][q]
    elif e.kind == PK_OR_ACT:
        if k != K_OPTION or a >= CARDS[e.card].nact or not act_feasible(s, p, e.card, &CARDS[e.card].act[a]):
            return fail(s, E_KIND)
        pop_front(s)
        if do_behaviour(s, p, e.card, &CARDS[e.card].act[a], 0, 0, 0, 0) < 0:
            return -1
    elif e.kind == PK_ADD_ANY:
        if k != K_CARD:
            return fail(s, E_KIND)
        if e.a >= 0:
            if not card_holds(s, p, a, e.a, e.c):
                return fail(s, E_CARD)
        elif a >= ROBOT_CORP and corp_ref_owner(s, a) == p and s.cres[NCARD + p] > 0:
            pass                                # CEO's Favorite Project on a corporation's resources
        elif a >= NCARD or s.loc[a] != L_PLAYED + p or s.cres[a] == 0:
            return fail(s, E_CARD)
        pop_front(s)
        add_card_resources(s, res_slot(p, a), e.b)
    elif e.kind == PK_REMOVE_RES:
        if k != K_CARD:
            return fail(s, E_KIND)
        if a < NCARD and removable(s, a, e.a, p):
            s.cres[a] -= 1
        elif corp_ref_removable(s, a, e.a, p):
            s.cres[NCARD + corp_ref_owner(s, a)] -= 1
        else:
            return fail(s, E_CARD)
        pop_front(s)
        add_card_resources(s, e.card, 1)
    elif e.kind == PK_BUY_TOP:
        if k != K_OPTION or a > 1:
            return fail(s, E_KIND)
        if a == 1:
            if mv_mc(m) or mv_he(m):            # Helion may pay with heat
                if pay(s, p, s.pl[p].card_price, 0, 0, mv_mc(m), 0, 0, mv_he(m)) < 0:
                    return -1
            elif s.pl[p].res[R_MC] < s.pl[p].card_price:
                return fail(s, E_PAY)
            else:
                s.pl[p].res[R_MC] -= s.pl[p].card_price
            to_hand(s, p, e.c)
        else:
            to_discard(s, e.c)
        pop_front(s)
    elif e.kind == PK_KEEP:
        if k != K_KEEP:
            return fail(s, E_KIND)
        b = mv_b(m)
        if b >= (1 << s.pl[p].noffer) or popcount(b) != min(e.a, s.pl[p].noffer):
            return fail(s, E_MASK)
        for q in range(s.pl[p].noffer):
            if (b >> q) & 1:
                to_hand(s, p, s.pl[p].offer[q])
            else:
                to_discard(s, s.pl[p].offer[q])
        s.pl[p].noffer = 0
        pop_front(s)
    elif e.kind == PK_ATTACK:
        if k == K_OPTION and a == OPT_SKIP:
            pop_front(s)
        elif k == K_OPTION and attack_ok(s, p, e.a, a >> 3, a & 7):
            pop_front(s)
            do_attack(s, p, e.a, a >> 3, a & 7)
        elif k == K_CARD and e.a == ATK_VIRUS and a < NCARD and removable(s, a, RT_ANIMAL, p):
            pop_front(s)
            s.cres[a] = s.cres[a] - 2 if s.cres[a] > 2 else 0
        elif k == K_CARD and e.a == ATK_VIRUS and corp_ref_removable(s, a, RT_ANIMAL, p):
            pop_front(s)
            q = NCARD + corp_ref_owner(s, a)
            s.cres[q] = s.cres[q] - 2 if s.cres[q] > 2 else 0
        else:
            return fail(s, E_PLAYER)
    elif e.kind == PK_MARS_UNI:
        if k == K_OPTION and a == OPT_SKIP:
            pop_front(s)
        elif k == K_CARD and a < NCARD and s.loc[a] == L_HAND + p:
            pop_front(s)
            s.pl[p].hand_n -= 1
            to_discard(s, a)
            draw_cards(s, p, 1)
        else:
            return fail(s, E_CARD)
    elif e.kind == PK_OLYMPUS:
        if k != K_OPTION or a > 1 or (a == 0 and s.cres[CARD_OLYMPUS] == 0):
            return fail(s, E_KIND)
        pop_front(s)
        if a == 0:
            s.cres[CARD_OLYMPUS] -= 1
            draw_cards(s, p, 1)
        else:
            add_card_resources(s, CARD_OLYMPUS, 1)
    elif e.kind == PK_VIRAL:
        if k != K_OPTION or a > 1:
            return fail(s, E_KIND)
        pop_front(s)
        if a == 0:
            add_card_resources(s, e.b, 1)
        else:
            s.pl[p].res[R_PL] += 1
    elif e.kind == PK_AMOUNT:
        if k != K_OPTION or a < 1 or a > e.a:
            return fail(s, E_KIND)
        pop_front(s)
        if e.card == CARD_POWER_INFRA:
            if s.pl[p].res[R_EN] < a:
                return fail(s, E_RES)
            s.pl[p].res[R_EN] -= a
            s.pl[p].res[R_MC] += a
        else:
            if s.pl[p].prod[R_HE] < a:
                return fail(s, E_PROD)
            s.pl[p].prod[R_HE] -= a
            s.pl[p].prod[R_MC] += a
    elif e.kind == PK_COLD_FUNGUS:
        if k == K_OPTION and a == 0:
            pop_front(s)
            s.pl[p].res[R_PL] += 1
        elif (k == K_CARD and a < NCARD and a != e.card and s.loc[a] == L_PLAYED + p
              and CARDS[a].res_type == RT_MICROBE):
            pop_front(s)
            add_card_resources(s, a, 2)
        else:
            return fail(s, E_CARD)
    elif e.kind == PK_PLANTS_OR:
        if k == K_OPTION and a == 0:
            pop_front(s)
            s.pl[p].res[R_PL] += e.a
        elif k == K_CARD and ((e.b and card_holds(s, p, a, RT_MICROBE, 0))
                              or (e.c and card_holds(s, p, a, RT_ANIMAL, 0))):
            pop_front(s)
            add_card_resources(s, res_slot(p, a), e.b if card_holds(s, p, a, RT_MICROBE, 0) else e.c)
        else:
            return fail(s, E_CARD)
    elif e.kind == PK_FLOODING:
        if k == K_OPTION and a == OPT_SKIP:
            pop_front(s)
        elif k == K_PLAYER and flooding_target(s, p, a):
            pop_front(s)
            s.pl[a].res[R_MC] = s.pl[a].res[R_MC] - 4 if s.pl[a].res[R_MC] > 4 else 0
        else:
            return fail(s, E_PLAYER)
    elif e.kind == PK_ROBOT:
        if k != K_CARD or not robot_target_ok(s, p, a):
            return fail(s, E_CARD)
        pop_front(s)
        robot_copy(s, p, a)
    elif e.kind == PK_SELL:
        if k == K_SELL_CARD:
            if a >= NCARD or s.loc[a] != L_HAND + p:
                return fail(s, E_CARD)
            s.pl[p].hand_n -= 1
            to_discard(s, a)
            s.pl[p].res[R_MC] += 1
            s.pend[0].a += 1
            if s.pl[p].hand_n == 0:
                pop_front(s)
        elif k == K_SELL_DONE:
            if e.a == 0:
                return fail(s, E_TURN)
            pop_front(s)
        else:
            return fail(s, E_KIND)
    elif e.kind == PK_TOP:
        if k != e.a or (e.b >= 0 and a != e.b):
            return fail(s, E_KIND)
        pop_front(s)
        s.cur = p
        return apply_action(s, m)       # the choice goes on as from the menu (settle has nothing to do)
    elif e.kind == PK_RESEARCH_PAY:
        if k != K_BUY or mv_b(m) != e.a:
            return fail(s, E_MASK)
        pop_front(s)
        s.cur = p
        return apply_buy(s, m)          # the research goes on from the buy (settle has nothing to do)
    elif e.kind >= PK_COLONY:
        if colonies_pending(s, e, k, a) < 0:
            return -1
    else:
        return fail(s, E_KIND)
    settle(s)
    return 0


cdef int next_undecided(TState* s, int p, int research) noexcept nogil:
    """The next player after p (wrapping) who has not made the setup choice or research buy, or -1.
    Players decide in seat order, so this is p + 1 in a game played from the start; a position loaded
    from a player view may have others decided out of that order."""
    cdef int i, q
    for i in range(1, s.np):
        q = (p + i) % s.np
        if not (s.pl[q].bought if research else s.pl[q].setup_done):
            return q
    return -1


cdef int apply_setup(TState* s, Move m) noexcept nogil:
    cdef int p = s.cur, a = mv_a(m), b = mv_b(m), i, n = 0, corp
    cdef TPlayer* pl = &s.pl[p]
    if mv_kind(m) != K_SETUP:
        return fail(s, E_KIND)
    if a > 1 or pl.corp_offer[a] < 0 or b >= (1 << pl.noffer):
        return fail(s, E_MASK)
    corp = pl.corp_offer[a]
    for i in range(pl.noffer):
        n += (b >> i) & 1
    if corp_card_price(corp) * n > CORPS[corp].mc:
        return fail(s, E_PAY)
    pl.corp = corp    # played (money, production, effects) when everyone has chosen
    for i in range(pl.noffer):
        if (b >> i) & 1:
            to_hand(s, p, pl.offer[i])
        else:
            to_discard(s, pl.offer[i])
    pl.noffer = 0
    pl.setup_done = 1
    p = next_undecided(s, p, 0)
    if p >= 0:
        s.cur = p
    else:
        finish_setup_corps(s)
    return 0


cdef void finish_setup_corps(TState* s) noexcept nogil:
    cdef int p, kept, corp
    for p in range(s.np):
        corp = s.pl[p].corp
        s.pl[p].corp = -1
        kept = s.pl[p].hand_n
        play_corp(s, p, corp)
        s.pl[p].res[R_MC] -= corp_card_price(corp) * kept
    start_action_phase(s)


cdef int apply_buy(TState* s, Move m) noexcept nogil:
    cdef int p = s.cur, b = mv_b(m), i, n = 0
    cdef TPlayer* pl = &s.pl[p]
    if mv_kind(m) != K_BUY:
        return fail(s, E_KIND)
    if b >= (1 << pl.noffer):
        return fail(s, E_MASK)
    for i in range(pl.noffer):
        n += (b >> i) & 1
    if mv_st(m) or mv_ti(m):
        return fail(s, E_PAY)
    if mv_mc(m) or mv_he(m):
        # Helion may pay with heat: then the payment is explicit and exact
        if mv_mc(m) + mv_he(m) != pl.card_price * n or pay(s, p, pl.card_price * n, 0, 0, mv_mc(m), 0, 0,
                                                             mv_he(m)) < 0:
            return fail(s, E_PAY)
    elif pl.card_price * n > pl.res[R_MC]:
        return fail(s, E_PAY)
    else:
        pl.res[R_MC] -= pl.card_price * n
    for i in range(pl.noffer):
        if (b >> i) & 1:
            to_hand(s, p, pl.offer[i])
        else:
            to_discard(s, pl.offer[i])
    pl.noffer = 0
    pl.bought = 1
    p = next_undecided(s, p, 1)
    if p >= 0:
        s.cur = p
    else:
        start_action_phase(s)
    return 0


cdef int apply_action(TState* s, Move m) noexcept nogil:
    """A top-level decision of the action phase."""
    cdef int p = s.cur, k = mv_kind(m), a = mv_a(m), cost, proj
    cdef TPlayer* pl = &s.pl[p]
    if pl.first_pending and k != K_FIRST and k != K_PASS:
        return fail(s, E_TURN)
    s.action_player = p
    s.action_top = 1
    if k == K_PASS:
        pl.passed = 1
        pl.first_pending = 0
        s.action_player = -1
        next_turn(s)
        return 0
    if k == K_END:
        if pl.acts != 1 or not others_active(s, p):
            return fail(s, E_TURN)
        s.action_player = -1
        next_turn(s)
        return 0
    if k == K_FIRST:
        if not pl.first_pending:
            return fail(s, E_TURN)
        pl.first_pending = 0
        if pl.corp == C_THARSIS:
            push(s, PK_TILE, p, -1, TL_CITY, PR_CITY, -1)
        elif pl.corp == C_INVENTRIX:
            draw_cards(s, p, 3)
        elif pl.corp == C_ARIDOR:
            push(s, PK_ARIDOR, p, -1, 0, 0, 0)
        elif pl.corp == C_POSEIDON:
            push(s, PK_COLONY, p, -1, 0, 0, 0)
    elif k == K_PLAY:
        if play_card(s, p, a, mv_mc(m), mv_st(m), mv_ti(m), mv_he(m)) < 0:
            return -1
    elif k == K_STD:
        proj = a
        cost = std_cost(s, p, proj)
        if cost < 0:
            return fail(s, E_KIND)
        if not std_possible(s, p, proj):
            return fail(s, E_TURN)
        if mv_st(m) or mv_ti(m):
            return fail(s, E_PAY)
        if pay(s, p, cost, 0, 0, mv_mc(m), 0, 0, mv_he(m)) < 0:
            return -1
        if pl.corp == C_CREDICOR and cost >= 20:
            pl.res[R_MC] += 4
        if owner_of(s, CARD_STANDARD_TECH) == p:
            pl.res[R_MC] += 3
        if proj == SPJ_POWER:
            pl.prod[R_EN] += 1
        elif proj == SPJ_COLONY:
            push(s, PK_COLONY, p, -1, 0, 0, 0)
        elif proj == SPJ_ASTEROID:
            raise_temp(s, p, 1)
        elif proj == SPJ_AQUIFER:
            push(s, PK_TILE, p, -1, TL_OCEAN, PR_OCEAN, -1)
        elif proj == SPJ_GREENERY:
            push(s, PK_TILE, p, -1, TL_GREENERY, PR_GREENERY, -1)
        else:
            pl.prod[R_MC] += 1
            push(s, PK_TILE, p, -1, TL_CITY, PR_CITY, -1)
    elif k == K_SELL:
        if pl.hand_n == 0:
            return fail(s, E_CARD)
        push(s, PK_SELL, p, -1, 0, 0, 0)
    elif k == K_MILESTONE:
        if a >= NMS or s.ms[a] >= 0 or s.nms >= 3 or not milestone_ok(s, p, a):
            return fail(s, E_CLAIMED)
        if mv_st(m) or mv_ti(m) or pay(s, p, 8, 0, 0, mv_mc(m), 0, 0, mv_he(m)) < 0:
            return fail(s, E_PAY)
        s.ms[a] = p
        s.ms_order[s.nms] = a
        s.nms += 1
    elif k == K_AWARD:
        if a >= NAW or s.aw[a] >= 0 or s.naw >= 3:
            return fail(s, E_CLAIMED)
        if mv_st(m) or mv_ti(m) or pay(s, p, 8 + 6 * s.naw, 0, 0, mv_mc(m), 0, 0, mv_he(m)) < 0:
            return fail(s, E_PAY)
        s.aw[a] = p
        s.aw_order[s.naw] = a
        s.naw += 1
    elif k == K_PLANTS:
        cost = 7 if pl.corp == C_ECOLINE else 8
        if pl.res[R_PL] < cost or not any_space(s, p, PR_GREENERY, -1):
            return fail(s, E_RES)
        pl.res[R_PL] -= cost
        push(s, PK_TILE, p, -1, TL_GREENERY, PR_GREENERY, -1)
    elif k == K_HEAT:
        # allowed at +8 C too (the app warns): heat spent, no step; Stormcraft may spend floaters of
        # its corporation card as 2 heat each (a = floaters)
        cost = 8 - 2 * a
        if (a and (pl.corp != C_STORMCRAFT or a > s.cres[NCARD + p] or cost < 0)) or pl.res[R_HE] < cost:
            return fail(s, E_RES)
        pl.res[R_HE] -= cost
        s.cres[NCARD + p] -= a
        raise_temp(s, p, 1)
    elif k == K_TRADE:
        if start_trade(s, p, a, mv_b(m), mv_mc(m), mv_he(m)) < 0:
            return -1
    elif k == K_ACTION and a == ROBOT_CORP + C_STORMCRAFT:
        if pl.corp != C_STORMCRAFT or s.used[NCARD + p] or mv_mc(m) or mv_he(m):
            return fail(s, E_USED)
        s.used[NCARD + p] = 1
        push(s, PK_ADD_ANY, p, -1, RT_FLOATER, 1, 0)
    elif k == K_ACTION and a == 511:
        if pl.corp != C_UNMI or not pl.tr_raised or pl.res[R_MC] < 3 or unmi_used(s, p):
            return fail(s, E_USED)
        if mv_mc(m) or mv_st(m) or mv_ti(m) or mv_he(m):
            if pay(s, p, 3, 0, 0, mv_mc(m), 0, 0, mv_he(m)) < 0:
                return -1
        else:
            pl.res[R_MC] -= 3
        gain_tr(s, p, 1)
        s.used[NCARD + p] = 1
    elif k == K_ACTION:
        if card_action(s, p, a, mv_mc(m), mv_st(m), mv_ti(m), mv_he(m)) < 0:
            return -1
    else:
        return fail(s, E_KIND)
    settle(s)
    return 0


cdef inline int unmi_used(TState* s, int p) noexcept nogil:
    return s.used[NCARD + p]


cdef int apply_final(TState* s, Move m) noexcept nogil:
    cdef int p = s.cur, k = mv_kind(m), a = mv_a(m)
    if k == K_FINAL_DONE:
        s.pl[p].final_done = 1
        next_final(s)
        return 0
    if k != K_FINAL_GREENERY:
        return fail(s, E_KIND)
    if s.pl[p].res[R_PL] < final_greenery_cost(s, p):
        return fail(s, E_RES)
    if not space_ok(s, p, PR_FINAL_GREENERY, -1, a):
        return fail(s, E_SPACE)
    s.pl[p].res[R_PL] -= final_greenery_cost(s, p)
    place_tile(s, p, a, TL_GREENERY)
    next_final(s)
    return 0


cdef int apply_move(TState* s, Move m) noexcept nogil:
    """Apply one decision; on error s.err is set, -1 returned and s may be half-changed (callers
    that need all-or-nothing apply to a copy)."""
    s.err = E_OK
    if s.step == ST_OVER:
        return fail(s, E_DONE)
    if s.npend > 0:
        return apply_pending(s, m)
    if s.step == ST_SETUP:
        return apply_setup(s, m)
    if s.step == ST_RESEARCH:
        return apply_buy(s, m)
    if s.step == ST_FINAL:
        return apply_final(s, m)
    return apply_action(s, m)
