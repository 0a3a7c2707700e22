# The rollout policy (MCTS playouts) and the greedy bot's one-ply values, over evaluate.pxi.

cdef inline double pol_weight(const TState* s, Move m) noexcept nogil:
    """How much more often than a plain move the playout takes m at the action menu: build (cards,
    standard projects, conversions, milestones, actions) and only end the turn or pass when nothing
    else is left; selling cards is a last resort."""
    cdef int k = mv_kind(m)
    if k == K_PLAY:
        return 6.0
    if k == K_STD:
        return 1.5
    if k == K_MILESTONE or k == K_PLANTS or k == K_HEAT or k == K_FIRST:
        return 30.0
    if k == K_ACTION:
        return 6.0
    if k == K_AWARD:
        return 0.5
    if k == K_END:
        return 1.0
    return 0.0    # sell, pass: only when nothing else


cdef Move policy_move(TState* s, unsigned long long* rng) noexcept nogil:
    """A playout move. At the action menu: one entry per card/project/action (its payment spends the
    most steel/titanium/heat: movegen lists that one last), weighted by pol_weight; passing only when
    nothing else can be done. Elsewhere (tiles, targets, research, setup): uniform."""
    cdef Move buf[MOVECAP]
    cdef double w[MOVECAP]
    cdef int n = gen_moves(s, buf, MOVECAP), i, j = 0, k
    cdef double total = 0.0, x
    cdef Move m
    if n <= 0:
        return -1
    if s.npend > 0 or s.step != ST_ACTION or n == 1:
        return buf[splitmix64(rng) % <unsigned long long> n]
    for i in range(n):
        m = buf[i]
        k = mv_kind(m)
        # payments of the same card or project are listed together, the richest in steel/titanium last
        if i + 1 < n and mv_kind(buf[i + 1]) == k and mv_a(buf[i + 1]) == mv_a(m) and \
                (k == K_PLAY or k == K_STD or k == K_ACTION or k == K_MILESTONE or k == K_AWARD):
            continue
        buf[j] = m
        w[j] = pol_weight(s, m)
        total += w[j]
        j += 1
    if total <= 0.0:
        # nothing to build: pass (or sell, if passing is not listed)
        for i in range(j):
            if mv_kind(buf[i]) == K_PASS:
                return buf[i]
        return buf[0]
    x = (splitmix64(rng) >> 11) * (1.0 / 9007199254740992.0) * total
    for i in range(j):
        x -= w[i]
        if x < 0.0 and w[i] > 0.0:
            return buf[i]
    for i in range(j - 1, -1, -1):
        if w[i] > 0.0:
            return buf[i]
    return buf[0]


cdef Move gi_policy_move(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil:
    return policy_move(<TState*> s, rng)


cdef int gi_evaluate_state(const void* ctx, const void* s, double* out) noexcept nogil:
    return evaluate_state(<const TState*> s, out)


cdef double GREEDY_REFUSED = -1e9


cdef double greedy_margin(const TState* s, int p, int slot) noexcept nogil:
    """p's estimate less the best other's: by the heuristic, or with slot >= 0 the network there."""
    cdef double out[MAXP]
    cdef double best = -1e9
    cdef int q
    if slot >= 0:
        net_value(s, out, slot)
    else:
        evaluate_state(s, out)
    for q in range(s.np):
        if q != p and out[q] > best:
            best = out[q]
    return out[p] - best


cdef int greedy_follow_ups(TState* s, int p, int slot) noexcept nogil:
    """Resolve p's own follow-ups of the move just applied (tile spaces, targets, options) by the best
    margin each, so a move is valued with its outcome (a greenery conversion with its greenery placed)."""
    cdef Move buf[MOVECAP]
    cdef TState tmp
    cdef int n, i, b, guard = 0
    cdef double v, best
    while s.npend > 0 and s.cur == p and s.step != ST_OVER and guard < 16:
        n = gen_moves(s, buf, MOVECAP)
        if n <= 0:
            return -1
        b = 0
        best = -1e18
        for i in range(n):
            memcpy(&tmp, s, sizeof(TState))
            if apply_move(&tmp, buf[i]) < 0:
                continue
            v = greedy_margin(&tmp, p, slot)
            if v > best:
                best = v
                b = i
        if best < -1e17 or apply_move(s, buf[b]) < 0:
            return -1
        guard += 1
    return 0


cdef int greedy_values_c(const TState* s, Move* moves, double* vals, int cap, int slot=-1) noexcept nogil:
    """Every legal move and its one-ply value for the player to move: its estimated final VP after the
    move (and its own follow-ups, each resolved greedily; only for a top-level decision) less the best
    other player's. A move apply refuses (a rules bug) is valued GREEDY_REFUSED, and a follow-up it
    refuses ends the look-ahead there. Returns the move count (negative on failure)."""
    cdef TState tmp, before
    cdef int n = gen_moves(<TState*> s, moves, cap), i, p = s.cur
    for i in range(n):
        memcpy(&tmp, s, sizeof(TState))
        if apply_move(&tmp, moves[i]) < 0:
            vals[i] = GREEDY_REFUSED
            continue
        if s.npend == 0:
            memcpy(&before, &tmp, sizeof(TState))
            if greedy_follow_ups(&tmp, p, slot) < 0:
                memcpy(&tmp, &before, sizeof(TState))
        vals[i] = greedy_margin(&tmp, p, slot)
    return n


# PUCT's move prior "value" (bot spec mcts:selection=puct,prior=value): a softmax over the mover's margin
# one search move later, by the search's own leaf value, as Gaia's value prior. PRIOR_VP: the margin, in
# VP, that makes a move e times likelier (Gaia's 4 VP; prior_temperature scales it). Each move is weighed
# alone, against the mover's margin before it (PRIOR_POINTWISE), so that the information-set search
# weighs only the moves new to a node: a sample of the other hands brings a few new cards, not a new list.
cdef double PRIOR_VP = 4.0


ctypedef struct PriorCtx:
    int net_slot             # the leaf value the prior weighs by: -1 the heuristic, else that network


cdef int gi_prior_value(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    """The prior weights of moves[:n] at s (the search's sample of what the searcher cannot see): each
    move applied, its own follow-ups left open (they are the tree's next decisions), and weighed
    exp((margin after - margin at s) / PRIOR_VP) by the mover's margin by the heuristic or the network of
    ctx (normalized, a softmax at PRIOR_VP). GAME_ERR_RULES if apply refuses a move (the search's list is
    legal_moves')."""
    cdef const TState* st = <const TState*> s
    cdef TState tmp
    cdef int i, p = st.cur, slot = (<const PriorCtx*> ctx).net_slot
    cdef double before = greedy_margin(st, p, slot)
    for i in range(n):
        memcpy(&tmp, st, sizeof(TState))
        if apply_move(&tmp, moves[i]) < 0:
            return GAME_ERR_RULES
        out[i] = relative_weight(greedy_margin(&tmp, p, slot), before, PRIOR_VP)
    return GAME_OK
