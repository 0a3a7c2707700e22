# PUCT's move prior "value" (bot spec mcts:selection=puct,prior=value), TM's form over this game's
# greedy heuristic (greedy.pxi): each move weighed alone by exp((the mover's margin after it - the margin
# before) / PRIOR_INFLUENCE), so the information-set search weighs only a node's new moves
# (PRIOR_POINTWISE) and prior_after applies. PRIOR_INFLUENCE: the margin, in influence, that makes a
# move e times likelier (a settled planet is worth 2-5; prior_temperature scales it).
cdef double PRIOR_INFLUENCE = 1.0


cdef double heuristic_margin(const EdContext* c, EdState* s, int p) noexcept nogil:
    """p's heuristic worth at s less the best other seat's."""
    cdef double best = -1e18, v
    cdef int q
    for q in range(s.num_players):
        if q != p:
            v = heuristic(c, s, q)
            if v > best:
                best = v
    return heuristic(c, s, p) - best


cdef int gi_prior_value(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    """The prior weights of moves[:n] at s (the search's sample of what the searcher cannot see): each
    move applied and weighed by the mover's heuristic margin against the margin before it. GAME_ERR_RULES
    if the rules refuse a move (the search's list is legal_moves')."""
    cdef const EdContext* c = <const EdContext*> ctx
    cdef EdState tmp
    cdef int i, p = (<const EdState*> s).actor
    cdef double before
    memcpy(&tmp, s, sizeof(EdState))
    before = heuristic_margin(c, &tmp, p)
    for i in range(n):
        memcpy(&tmp, s, sizeof(EdState))
        if do_move(c, &tmp, moves[i]) != 0:
            return GAME_ERR_RULES
        out[i] = relative_weight(heuristic_margin(c, &tmp, p), before, PRIOR_INFLUENCE)
    return GAME_OK


def move_prior(Core core, moves, bint weights=False):
    """The "value" move prior of moves (codes of this decision) at this position: one probability each,
    in their order; weights: the unnormalized weights the search reads instead (each move's own). On the
    true position: a search asks it on its own sample."""
    cdef Move buf[MAXMOVES]
    cdef double out[MAXMOVES]
    cdef int n, r
    if core.st.finished:
        raise ValueError("move_prior: the game is over")
    n = prior_moves_into(moves, core.legal_moves(), buf, MAXMOVES)
    with nogil:
        r = gi_prior_value(core.tables.c, &core.st, buf, n, out)
    return prior_answer(r, out, n, weights)
