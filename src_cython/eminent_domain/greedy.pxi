# The greedy bot's evaluation and look-ahead: one seat's worth of a position, and the best value a seat can
# reach over its own run of decisions (until another seat decides, its turn ends or the game does).

cdef enum:
    GREEDY_BUDGET = 6000          # states one root move may look at before its leaves are evaluated as they are


cdef double planet_engine(const EdContext* c, int pl) noexcept nogil:
    """What a face-up planet does for its owner besides its influence: symbols, hand size, resource slots."""
    cdef double v = 0.35 * c.planet_hand[pl] + 0.3 * c.planet_nslot[pl]
    cdef int r
    for r in range(NSYM):
        v += 0.35 * c.planet_sym[pl][r]
    return v


cdef double time_left(EdState* s) noexcept nogil:
    """1 early, falling toward 0 as the game nears its end (the influence supply or the emptiest stacks):
    what is only under way is worth less when the game may end before it pays."""
    cdef double f = s.supply_black / 24.0, g
    cdef int i, j, t
    cdef int left[NSTACK]
    for i in range(NSTACK):
        left[i] = s.stacks[i]
    for i in range(NSTACK):             # the empty_to_end-th smallest stack decides
        for j in range(i + 1, NSTACK):
            if left[j] < left[i]:
                t = left[i]; left[i] = left[j]; left[j] = t
    g = left[s.opt.empty_to_end - 1] / 8.0
    if g < f:
        f = g
    f *= 2.5
    return 1.0 if f > 1.0 else f


cdef double heuristic(const EdContext* c, EdState* s, int p) noexcept nogil:
    """p's worth at s: its score now plus what it has under way (face-down planets by their progress toward
    a settle or an attack, fighters, resources to trade, its planets' symbols, slots and hand size, owned
    action techs), the part under way scaled down as the game nears its end. Reads only what p can see
    (its own cards and planets, public zones); a final state is worth its score, plus 2 for a sole win."""
    cdef EdPlayer* P = &s.pl[p]
    cdef double v = score(c, s, p), tl, pot = 0.0, prog, w, best_other = -1.0
    cdef int pl, q, k, need, cost, nfd = 0
    if s.finished:
        for q in range(s.num_players):
            if q != p and score(c, s, q) > best_other:
                best_other = score(c, s, q)
        return v + (2.0 if v > best_other else 0.0)
    tl = time_left(s)
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            pot += planet_engine(c, pl)
            for k in range(c.planet_nslot[pl]):
                v += 0.6 * ((s.planet_res[pl] >> k) & 1)     # trades for 1 influence
        elif face_down_of(s, p, pl):
            need = settle_need(c, s, p, pl, 0)
            prog = 1.0 if need == 0 else s.colval[pl] / <double> need
            cost = attack_cost(c, s, p, pl)
            if P.fighters / <double> cost > prog:
                prog = P.fighters / <double> cost
            if prog > 1.0:
                prog = 1.0
            w = (c.planet_influence[pl] + planet_engine(c, pl)) * (0.2 + 0.6 * prog)
            pot += w if nfd < 2 else 0.4 * w       # a third planet under way waits its turn
            nfd += 1
    pot += 0.15 * P.fighters
    for k in range(NPERM):
        if (P.perms >> k) & 1:
            pot += 0.8
    for k in range(NROLEKIND, NKIND):      # owned action techs (their influence is in the score)
        pot += 0.5 * (P.hand[k] + P.discard[k] + P.played_act[k] + P.played_role[k])
    for k in range(P.ndeck):
        if P.deck[k] >= NROLEKIND:
            pot += 0.5
    return v + tl * pot


cdef double greedy_look(const EdContext* c, EdState* s, int p, int turn, int depth, int* budget) noexcept nogil:
    """The best heuristic value p reaches from s over its own decisions, `depth` choices deep (boosts are
    played as they come: every card showing the role's symbol), then s evaluated as it is."""
    cdef Move moves[MAXMOVES]
    cdef EdState child
    cdef int n, i
    cdef double v, best
    while (not s.finished and s.actor == p and s.turns == turn and s.dec == D_BOOST):
        n = gen_moves(c, s, moves, MAXMOVES)
        do_move(c, s, moves[0])           # the first listed is a boost when there is one, else done
    if s.finished or s.actor != p or s.turns != turn or depth == 0 or budget[0] <= 0:
        return heuristic(c, s, p)
    if s.dec == D_CLEANUP:
        n = gen_moves(c, s, moves, MAXMOVES)
        # the draw that "done" makes is unknown: value the hand as it stands
        best = heuristic(c, s, p)
        for i in range(n - 1):
            memcpy(&child, s, sizeof(EdState))
            do_move(c, &child, moves[i])
            budget[0] -= 1
            v = greedy_look(c, &child, p, turn, depth - 1, budget)
            if v > best:
                best = v
        return best
    n = gen_moves(c, s, moves, MAXMOVES)
    best = -1e18
    for i in range(n):
        memcpy(&child, s, sizeof(EdState))
        do_move(c, &child, moves[i])
        budget[0] -= 1
        v = greedy_look(c, &child, p, turn, depth - 1, budget)
        if v > best:
            best = v
    return best


def greedy_values(Core core, unsigned long long seed, int depth=4):
    """The greedy bot's view of the decision at core: (legal moves, the value of each). Each move's value
    is the best heuristic worth the player reaches after it over its own next decisions (depth choices),
    on one determinization of what it sees (seed), so it never reads hidden cards."""
    cdef EdState s, child
    cdef Move moves[MAXMOVES]
    cdef const EdContext* c = core.tables.c
    cdef unsigned long long rng = seed
    cdef int n, i, p = core.st.actor, budget
    cdef double v
    if core.st.finished:
        raise IllegalMove("the game is over")
    if depth < 1:
        raise ValueError(f"depth must be at least 1, not {depth}")
    memcpy(&s, &core.st, sizeof(EdState))
    gi_determinize(c, &s, p, &rng)
    n = gen_moves(c, &s, moves, MAXMOVES)
    values = []
    for i in range(n):
        with nogil:
            memcpy(&child, &s, sizeof(EdState))
            budget = GREEDY_BUDGET
            if s.dec == D_CLEANUP and i == n - 1:
                v = heuristic(c, &child, p)        # "done": the coming draw is unknown
            else:
                do_move(c, &child, moves[i])
                v = greedy_look(c, &child, p, s.turns, depth - 1, &budget)
        values.append(v)
    return [moves[i] for i in range(n)], values


def heuristic_values(Core core):
    """The greedy bot's heuristic worth of each seat at core (each read from that seat's view)."""
    return [heuristic(core.tables.c, &core.st, p) for p in range(core.st.num_players)]
