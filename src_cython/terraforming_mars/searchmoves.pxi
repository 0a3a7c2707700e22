# Search moves: what the MCTS branches over. Each is one of the legal atomic moves of gen_moves (so it
# expands to itself in the notation), chosen so a decision offers whole actions, not every way of doing
# one: a card, project, milestone, award or card action with one payment (the one spending least value
# to the player: steel, titanium and Helion's heat before M€, no overpaying that M€ could avoid), a tile
# on one of the SM_SPACES best spaces by a cheap heuristic, at the initial selection and the research
# buy the best-k cards by the evaluation's card value for every k (22 moves instead of up to 2,048 at
# the selection, 5 instead of 16 at research), and for selling or discarding a card the least valuable
# one. Every other decision keeps all its moves. Deterministic: the same state gives the same list, in
# gen_moves' order.

cdef enum:
    SM_SPACES = 4            # tile spaces kept per placement

# what a unit of a paying resource is worth against 1 M€ (evaluate.pxi's ev_stock: a little under its
# price, so it is spent first)
cdef double SM_METAL_WORTH = 0.9


cdef inline int sm_is_payment(int k) noexcept nogil:
    return k == K_PLAY or k == K_STD or k == K_MILESTONE or k == K_AWARD or k == K_ACTION


cdef double sm_payment_value(const TState* s, int p, Move m) noexcept nogil:
    """M€ worth to p of what payment m spends."""
    cdef const TPlayer* pl = &s.pl[p]
    return (mv_mc(m) + SM_METAL_WORTH * mv_st(m) * pl.steel_value + SM_METAL_WORTH * mv_ti(m) * pl.ti_value
            + ev_heat_worth(s, p) * mv_he(m))


cdef int sm_cheapest_payments(const TState* s, int p, Move* out, int n, int option_kind) noexcept nogil:
    """Keep, of each run of consecutive moves of one paid thing (same kind and a: gen_payments lists a
    card's payments together), the one of least value spent (the first of equals). option_kind: also
    treat K_OPTION runs as payments (the buy-top prompt's M€/heat splits)."""
    cdef int i = 0, j = 0, e, b, k
    cdef double v, best
    while i < n:
        k = mv_kind(out[i])
        if not (sm_is_payment(k) or (option_kind and k == K_OPTION)):
            out[j] = out[i]
            j += 1
            i += 1
            continue
        b = i
        best = sm_payment_value(s, p, out[i])
        e = i + 1
        while e < n and mv_kind(out[e]) == k and mv_a(out[e]) == mv_a(out[i]):
            v = sm_payment_value(s, p, out[e])
            if v < best:
                best = v
                b = e
            e += 1
        out[j] = out[b]
        j += 1
        i = e
    return j


cdef double sm_space_value(const TState* s, int p, int tile, int sp) noexcept nogil:
    """M€ a tile of p is worth on sp, roughly: placement bonuses, 2 M€ per adjacent ocean, and the VP
    of adjacency (a greenery next to an own city scores for p, next to another's city for them; a city
    scores its adjacent greeneries and wants free land around it; a Capital scores adjacent oceans)."""
    cdef double v = 0.0, other = 1.0 / (s.np - 1) if s.np > 1 else 1.0
    cdef int i, a, t
    v += 2.0 * SPACE_BONUS[sp][B_ST] + 3.0 * SPACE_BONUS[sp][B_TI] + 3.5 * SPACE_BONUS[sp][B_CARD]
    v += ev_plant_worth(s) * SPACE_BONUS[sp][B_PL]
    if s.pl[p].corp == C_MINING_GUILD and (SPACE_BONUS[sp][B_ST] or SPACE_BONUS[sp][B_TI]):
        v += 6.0
    if sp < 2:
        return v
    for i in range(NADJ[sp]):
        a = ADJ[sp][i]
        t = s.tile[a]
        if t == TL_OCEAN:
            v += 2.0
            if tile == TL_CAPITAL:
                v += EV_MC_PER_VP
        elif tile == TL_GREENERY and is_city(t):
            v += EV_MC_PER_VP if s.owner[a] == p else -EV_MC_PER_VP * other
        elif is_city(tile) and t == TL_GREENERY:
            v += EV_MC_PER_VP
        elif is_city(tile) and t == TL_NONE and SPACE_TYPE[a] == SP_LAND:
            v += 1.5
        elif tile == TL_GREENERY and t != TL_NONE and s.owner[a] == p:
            v += 0.5          # keeps p's tiles together (room for its next greeneries)
    return v


cdef inline int sm_is_space(Move m) noexcept nogil:
    return mv_kind(m) == K_SPACE or mv_kind(m) == K_FINAL_GREENERY


cdef int sm_best_spaces(const TState* s, int p, int tile, Move* out, int n) noexcept nogil:
    """Keep the SM_SPACES space moves (K_SPACE, K_FINAL_GREENERY) of highest sm_space_value (the lower
    space first among equals) and every other move, in their order."""
    cdef double val[2 * NSPACE]
    cdef int i, j, q, spaces = 0, better
    if n > 2 * NSPACE:
        return n
    for i in range(n):
        if sm_is_space(out[i]):
            val[i] = sm_space_value(s, p, tile, mv_a(out[i]))
            spaces += 1
    if spaces <= SM_SPACES:
        return n
    j = 0
    for i in range(n):
        if sm_is_space(out[i]):
            better = 0     # space moves ranked above this one
            for q in range(n):
                if q != i and sm_is_space(out[q]) and (val[q] > val[i] or (val[q] == val[i] and q < i)):
                    better += 1
            if better >= SM_SPACES:
                continue
        out[j] = out[i]
        j += 1
    return j


cdef int sm_least_valuable_card(const TState* s, int p, int card_kind, Move* out, int n) noexcept nogil:
    """Keep, of the moves of kind card_kind (a = a card of p's hand), the card of least ev_card_value
    (the first of equals), and every other move."""
    cdef double g = ev_future_gens(s), v, best = 1e18
    cdef int i, j = 0, b = -1
    for i in range(n):
        if mv_kind(out[i]) == card_kind:
            v = ev_card_value(s, p, mv_a(out[i]), g)
            if v < best:
                best = v
                b = i
    for i in range(n):
        if mv_kind(out[i]) != card_kind or i == b:
            out[j] = out[i]
            j += 1
    return j


cdef void sm_top_masks(const TState* s, int p, int* masks) noexcept nogil:
    """masks[k]: the offer positions of p's k most valuable offered cards (ev_card_value; the earlier
    position first among equals), k = 0..noffer."""
    cdef const TPlayer* pl = &s.pl[p]
    cdef double val[10]
    cdef int used[10]
    cdef int i, k, b
    cdef double g = ev_future_gens(s)
    for i in range(pl.noffer):
        val[i] = ev_card_value(s, p, pl.offer[i], g)
        used[i] = 0
    masks[0] = 0
    for k in range(1, pl.noffer + 1):
        b = -1
        for i in range(pl.noffer):
            if not used[i] and (b < 0 or val[i] > val[b]):
                b = i
        used[b] = 1
        masks[k] = masks[k - 1] | (1 << b)


cdef int sm_selection(const TState* s, int p, Move* out, int n) noexcept nogil:
    """Initial selection (K_SETUP) and research (K_BUY): keep the moves whose kept cards are the best k
    for their count k; of a research buy's payments (Helion's heat), the one of least value spent."""
    cdef int masks[11]
    cdef int i, j = 0, b
    sm_top_masks(s, p, masks)
    for i in range(n):
        b = mv_b(out[i])
        if b == masks[popcount(b)]:
            out[j] = out[i]
            j += 1
    # research payments of one mask are listed together: the plain M€ one, then more and more heat
    n = j
    j = 0
    for i in range(n):
        if mv_kind(out[i]) == K_BUY and j > 0 and mv_kind(out[j - 1]) == K_BUY and mv_b(out[j - 1]) == mv_b(out[i]):
            if sm_payment_value(s, p, out[i]) < sm_payment_value(s, p, out[j - 1]):
                out[j - 1] = out[i]
            continue
        out[j] = out[i]
        j += 1
    return j


cdef int gen_search_moves(TState* s, Move* out, int cap) noexcept nogil:
    """The search moves of the open decision into out (a subset of gen_moves', in its order); the count,
    or -1 when cap is too small for gen_moves."""
    cdef int n = gen_moves(s, out, cap), p
    cdef Pending* e
    if n <= 1:
        return n
    if s.npend > 0:
        e = &s.pend[0]
        p = e.player
        if e.kind == PK_TILE:
            return sm_best_spaces(s, p, e.a, out, n)
        if e.kind == PK_SELL:
            return sm_least_valuable_card(s, p, K_SELL_CARD, out, n)
        if e.kind == PK_DISCARD or e.kind == PK_MARS_UNI:
            return sm_least_valuable_card(s, p, K_CARD, out, n)
        if e.kind == PK_BUY_TOP:
            return sm_cheapest_payments(s, p, out, n, 1)
        return n
    p = s.cur
    if s.step == ST_SETUP or s.step == ST_RESEARCH:
        return sm_selection(s, p, out, n)
    if s.step == ST_FINAL:
        return sm_best_spaces(s, p, TL_GREENERY, out, n)
    return sm_cheapest_payments(s, p, out, n, 0)
