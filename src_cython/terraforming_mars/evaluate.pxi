# The leaf heuristic: each player's final VP estimated from a non-terminal state (MCTS after
# rollout_depth moves, the greedy bot's one-ply values). Everything is in VP; resources and production
# are turned into VP at EV_MC_PER_VP M€ a point (what late standard projects and cards cost a point).

from libc.math cimport exp

cdef enum:
    EV_STEPS = 42            # global parameter steps: 19 temperature + 14 oxygen + 9 oceans

cdef double EV_MC_PER_VP = 8.0
# generations played per player count in the corpus (2p 16.7 ... 5p 11.1): steps a generation of the
# prior, blended with the pace of this game so far
cdef double EV_PRIOR_GENS = 3.0
cdef double EV_HORIZON = 6.0


cdef inline double ev_pace(const TState* s) noexcept nogil:
    """Steps raised per generation: the corpus pace for this player count, pulled toward this game's."""
    cdef int done = EV_STEPS - ev_steps_left(s)
    cdef double prior = 1.5 + 0.5 * s.np
    cdef double gens = s.gen - 1 if s.gen > 1 else 0
    return (done + prior * EV_PRIOR_GENS) / (gens + EV_PRIOR_GENS)


cdef inline int ev_steps_left(const TState* s) noexcept nogil:
    cdef int r = 0
    if s.temp < 19:
        r += 19 - s.temp
    if s.oxy < 14:
        r += 14 - s.oxy
    if s.oceans < 9:
        r += 9 - s.oceans
    return r


cdef double ev_future_gens(const TState* s) noexcept nogil:
    """Action phases still to come after the current one (continuous): the production phases whose
    income can still be spent. 0 once the parameters are maxed (this generation is the last)."""
    cdef int r = ev_steps_left(s)
    cdef double g
    if r == 0 or s.step >= ST_FINAL:
        return 0.0
    g = r / ev_pace(s) - 0.5
    if g < 0.3:
        g = 0.3
    # discounted: far generations are uncertain, and a bot valuing them fully never cashes in (a slow
    # game then stays slow)
    return EV_HORIZON * (1.0 - exp(-g / EV_HORIZON))


cdef inline double ev_plant_worth(const TState* s) noexcept nogil:
    """M€ worth of one plant: an eighth of a greenery (1 VP, a TR while oxygen rises, city adjacency)."""
    return 2.0 if s.oxy < 14 else 1.4


cdef inline double ev_heat_worth(const TState* s, int p) noexcept nogil:
    if s.pl[p].corp == C_HELION:
        return 0.9           # spends as M€; a bit under M€ so payments use it first
    return 1.0 if s.temp < 19 else 0.1


cdef double ev_income(const TState* s, int p) noexcept nogil:
    """M€ worth of one production phase for p, plants apart (they count in the final one too)."""
    cdef const TPlayer* pl = &s.pl[p]
    return (pl.prod[R_MC] + pl.tr + pl.prod[R_ST] * pl.steel_value + pl.prod[R_TI] * pl.ti_value
            + 1.5 * pl.prod[R_EN] + ev_heat_worth(s, p) * pl.prod[R_HE])


cdef double ev_stock(const TState* s, int p, double g) noexcept nogil:
    """M€ worth of p's resources now. Steel and titanium count a little under their price so payments
    spend them before M€; all but plants lose worth over the last 3 generations (left over at the end they
    are worth nothing: valued in full, greedy hoards M€ and a game of two greedy bots can stall)."""
    cdef const TPlayer* pl = &s.pl[p]
    cdef double spendable = (pl.res[R_MC] + 0.9 * pl.res[R_ST] * pl.steel_value
                             + 0.9 * pl.res[R_TI] * pl.ti_value + 1.0 * pl.res[R_EN]
                             + ev_heat_worth(s, p) * pl.res[R_HE])
    cdef double w = 1.0 if g >= 3.0 else 0.55 + 0.15 * g
    return w * spendable + ev_plant_worth(s) * pl.res[R_PL]


cdef double ev_card_value(const TState* s, int p, int c, double g) noexcept nogil:
    """VP card c would bring p when played, net of its cost (negative when it does not pay): printed
    VP, TR and tiles now, production for the generations left, stock. Also the search moves' ranking
    of cards to keep, buy, sell or discard (searchmoves.pxi)."""
    cdef const CardDef* d = &CARDS[c]
    cdef double v, tr, prod = 0.0, stock = 0.0
    if not d.implemented:
        return -100.0
    if d.vp_kind == VK_NONE:
        v = d.vp_fixed
    elif d.vp_per <= 0:
        v = 1.0
    elif d.vp_kind == VK_TAG:
        v = d.vp_each * ((s.pl[p].tags[d.vp_tag] + 1) // d.vp_per)
    elif d.vp_kind == VK_HERE:
        v = d.vp_each * (1.0 + g) / d.vp_per
    else:
        v = 2.0
    tr = d.tr + d.temp + d.oxy + d.oceans + d.greeneries
    v += tr * (1.0 + g / EV_MC_PER_VP) + d.greeneries + 1.5 * d.cities
    prod = (d.prod[R_MC] + 2 * d.prod[R_ST] + 3 * d.prod[R_TI] + 1.5 * d.prod[R_EN] + d.prod[R_HE]) * g
    prod += d.prod[R_PL] * ev_plant_worth(s) * (g + 1.0)
    stock = d.stock[R_MC] + 2 * d.stock[R_ST] + 3 * d.stock[R_TI] + ev_plant_worth(s) * d.stock[R_PL] \
        + d.stock[R_EN] + d.stock[R_HE] + 3.5 * d.draw
    return v + (prod + stock - card_cost(<TState*> s, p, c)) / EV_MC_PER_VP


cdef double ev_card_worth(const TState* s, int p, int c, double g) noexcept nogil:
    """VP a card in hand is expected to bring (ev_card_value; 0 if it does not pay), halved for the
    chance it is never played."""
    cdef double v
    if not CARDS[c].implemented:
        return 0.0
    v = ev_card_value(s, p, c, g)
    return 0.5 * v if v > 0 else 0.0


cdef double ev_milestones_awards(const TState* s, int p) noexcept nogil:
    """Unclaimed milestones by progress (claimable ones most), unfunded awards p leads."""
    cdef double v = 0.0, f
    cdef int m, a, q, mine, best_other
    if s.nms < 3:
        for m in range(NMS):
            if s.ms[m] >= 0:
                continue
            if m == 0:
                f = s.pl[p].tr / 35.0
            elif m == 1:
                f = count_tiles(<TState*> s, p, -2, 0) / 3.0
            elif m == 2:
                f = count_tiles(<TState*> s, p, TL_GREENERY, 1) / 3.0
            elif m == 3:
                f = s.pl[p].tags[T_BUILDING] / 8.0
            else:
                f = s.pl[p].hand_n / 16.0
            v += 2.0 if f >= 1.0 else 1.5 * f * f * f
    if s.naw < 3:
        for a in range(NAW):
            if s.aw[a] >= 0:
                continue
            mine = award_value(<TState*> s, p, a)
            best_other = -1000000
            for q in range(s.np):
                if q != p and award_value(<TState*> s, q, a) > best_other:
                    best_other = award_value(<TState*> s, q, a)
            if mine > best_other:
                v += 0.7
            elif mine == best_other:
                v += 0.3
    return v


cdef double ev_board(const TState* s, int p, double g) noexcept nogil:
    """ev_player's part from what every seat sees of p: the score now, resources and production for
    the generations left (the chosen corporation's during the initial selection), VP an action still
    adds to p's cards. In the final greenery step, the whole estimate."""
    cdef const TPlayer* pl = &s.pl[p]
    cdef int sc[7]
    cdef int c, corp
    cdef double v, mc
    cdef const CardDef* d
    score(<TState*> s, p, sc)
    v = sc[6]
    if s.step == ST_FINAL:
        # only plants left to use: greeneries (1 VP, adjacency aside)
        return v + pl.res[R_PL] // (7 if pl.corp == C_ECOLINE else 8)
    mc = ev_stock(s, p, g) + g * ev_income(s, p) + (g + 1.0) * ev_plant_worth(s) * pl.prod[R_PL]
    if s.step == ST_SETUP and pl.setup_done and pl.corp >= 0:
        # chosen, played when every seat has chosen: its money (less the cards kept), production, stock
        corp = pl.corp
        mc += CORPS[corp].mc - 3 * pl.hand_n + ev_plant_worth(s) * CORPS[corp].stock[R_PL]
        mc += g * (CORPS[corp].prod[R_MC] + 2 * CORPS[corp].prod[R_ST] + 3 * CORPS[corp].prod[R_TI]
                   + 1.5 * CORPS[corp].prod[R_EN] + CORPS[corp].prod[R_HE])
        mc += (g + 1.0) * ev_plant_worth(s) * CORPS[corp].prod[R_PL]
        mc += 2 * CORPS[corp].stock[R_ST] + 3 * CORPS[corp].stock[R_TI] + CORPS[corp].stock[R_HE]
    v += mc / EV_MC_PER_VP
    for c in range(NCARD):
        if s.loc[c] == L_PLAYED + p:
            # resources an action adds here each generation still to score
            d = &CARDS[c]
            if d.vp_kind == VK_HERE and d.vp_per > 0 and d.nact and d.act[0].add_here > 0:
                v += 0.8 * g * d.act[0].add_here * d.vp_each / d.vp_per
    return v


cdef double ev_hand(const TState* s, int p, double g) noexcept nogil:
    """ev_player's part only p sees: the worth of the cards in p's hand (ev_card_worth, in card order)."""
    cdef double hand = 0.0
    cdef int c
    for c in range(NCARD):
        if s.loc[c] == L_HAND + p:
            hand += ev_card_worth(s, p, c, g)
    return hand


cdef double ev_player(const TState* s, int p, double g) noexcept nogil:
    """p's estimated final VP: the board part, its hand's worth, milestones and awards in reach (the
    parts in this order: the sum is what the estimate has always been, bit for bit)."""
    cdef double v = ev_board(s, p, g)
    if s.step == ST_FINAL:
        return v
    return v + ev_hand(s, p, g) + ev_milestones_awards(s, p)


cdef int evaluate_state(const TState* s, double* out) noexcept nogil:
    """Each player's estimated final VP into out[0..np)."""
    cdef int p
    cdef int sc[7]
    cdef double g = ev_future_gens(s)
    for p in range(s.np):
        if s.step == ST_OVER:
            score(<TState*> s, p, sc)
            out[p] = sc[6]
        else:
            out[p] = ev_player(s, p, g)
    return 0
