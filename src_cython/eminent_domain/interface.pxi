# Eminent Domain behind the C-level game interface of src_cython/core/game.pxd: what the search sees.

cdef int gi_current_player(const void* ctx, const void* s) noexcept nogil:
    cdef const EdState* st = <const EdState*> s
    return -1 if st.finished else st.actor


cdef int gi_is_terminal(const void* ctx, const void* s) noexcept nogil:
    return (<const EdState*> s).finished


cdef int gi_returns(const void* ctx, const void* s, double* out) noexcept nogil:
    cdef EdState* st = <EdState*> s
    cdef int p
    for p in range(st.num_players):
        out[p] = score(<const EdContext*> ctx, st, p)
    return 0


cdef int gi_legal_moves(const void* ctx, const void* s, Move* out, int cap) noexcept nogil:
    return gen_moves(<const EdContext*> ctx, <EdState*> s, out, cap)


cdef int gi_apply(const void* ctx, void* s, Move m) noexcept nogil:
    return do_move(<const EdContext*> ctx, <EdState*> s, m)


cdef Move gi_rollout_move(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil:
    """Uniformly random among the legal moves."""
    cdef Move moves[MAXMOVES]
    cdef int n = gen_moves(<const EdContext*> ctx, <EdState*> s, moves, MAXMOVES)
    if n <= 0:
        return -1
    return moves[splitmix64(rng) % <unsigned long long> n]


cdef int gi_evaluate(const void* ctx, const void* s, double* out) noexcept nogil:
    """Score so far (influence, face-up planets, techs) plus rough worth of what is under way: fighters
    and resources (a resource trades for 1 influence), face-down planets by their colonies' progress."""
    cdef const EdContext* c = <const EdContext*> ctx
    cdef EdState* st = <EdState*> s
    cdef int p, pl, need
    cdef double progress
    for p in range(st.num_players):
        out[p] = score(c, st, p) + 0.3 * tiebreak(c, st, p)
        for pl in range(NPLANET):
            if face_down_of(st, p, pl):
                need = c.planet_ccost[pl]
                progress = st.colval[pl] / <double> need if need > 0 else 1.0
                out[p] += c.planet_influence[pl] * (0.3 + 0.4 * (progress if progress < 1.0 else 1.0))
    return 0


ctypedef struct Place:
    # where a face-down card sits, with what is on it: what stays when its front is resampled
    ushort loc
    ushort res
    ushort scorched
    ushort ncol
    ushort colval
    ushort col[COLCAP]


cdef inline void get_place(EdState* s, int pl, Place* out) noexcept nogil:
    out.loc = s.planet_loc[pl]
    out.res = s.planet_res[pl]
    out.scorched = s.planet_scorched[pl]
    out.ncol = s.ncol[pl]
    out.colval = s.colval[pl]
    memcpy(out.col, s.col[pl], sizeof(out.col))


cdef inline void set_place(EdState* s, int pl, Place* src) noexcept nogil:
    s.planet_loc[pl] = src.loc
    s.planet_res[pl] = src.res
    s.planet_scorched[pl] = src.scorched
    s.ncol[pl] = src.ncol
    s.colval[pl] = src.colval
    memcpy(s.col[pl], src.col, sizeof(src.col))


cdef int place_cmp(Place* a, Place* b) noexcept nogil:
    """A total order on places that uses only what every player sees."""
    cdef int i
    if a.loc != b.loc:
        return a.loc - b.loc
    if a.ncol != b.ncol:
        return a.ncol - b.ncol
    for i in range(a.ncol):
        if a.col[i] != b.col[i]:
            return a.col[i] - b.col[i]
    return a.colval - b.colval


cdef inline int planet_back(const EdContext* c, int pl) noexcept nogil:
    """What the back of a planet shows (type and costs; start planets have their own backs)."""
    return (pl < NSTART) * 1000 + c.planet_type[pl] * 100 + c.planet_ccost[pl] * 10 + c.planet_wcost[pl]


cdef inline int hidden_planet(EdState* s, int observer, int pl) noexcept nogil:
    cdef int loc = s.planet_loc[pl]
    if loc == LOC_DECK or loc == LOC_OUT:
        return 1
    if loc == LOC_LOOK:
        return s.actor != observer
    return loc >= LOC_OWNED and (loc - LOC_OWNED) % 2 == 0 and (loc - LOC_OWNED) // 2 != observer


cdef void redeal_unknown(EdPlayer* P, unsigned long long* rng) noexcept nogil:
    """The cards of P's hand nobody saw enter it go back into the deck, which is shuffled, and as many
    are drawn again (the known ones stay)."""
    cdef int k, i, j, nh = 0
    cdef ushort t
    for k in range(NKIND):
        for i in range(P.hand[k] - P.known[k]):
            P.deck[P.ndeck] = <ushort> k
            P.ndeck += 1
            nh += 1
        P.hand[k] = P.known[k]
    for i in range(P.ndeck - 1, 0, -1):
        j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
        t = P.deck[i]; P.deck[i] = P.deck[j]; P.deck[j] = t
    for i in range(nh):
        P.ndeck -= 1
        P.hand[P.deck[P.ndeck]] += 1


cdef void keep_actor_playable(const EdContext* c, EdState* s, int observer, EdPlayer* truth,
                              unsigned long long* rng) noexcept nogil:
    """The deciding seat's earlier choices showed something of its hand (following Colonize needs a
    Colonize card; the discards down to the hand limit, listed in kind order, need enough cards of the
    kinds still allowed): its resampled hand must leave it a legal move. The hand is dealt again until it
    does, which samples the hand given what the seat showed; only if 4,096 deals all miss (never seen: the
    true hand satisfies it) does the true hand stay."""
    cdef Move moves[MAXMOVES]
    cdef int p = s.actor, tries = 0
    if p < 0 or p == observer or s.finished:
        return
    while gen_moves(c, s, moves, MAXMOVES) == 0 and tries < 4096:
        redeal_unknown(&s.pl[p], rng)
        tries += 1
    if gen_moves(c, s, moves, MAXMOVES) == 0:
        s.pl[p] = truth[0]


cdef void gi_determinize(const void* ctx, void* sp, int observer, unsigned long long* rng) noexcept nogil:
    """Resample what observer cannot see: other hands (from their hand + deck multiset, the cards seen
    entering the hand kept), every deck
    order, the planet deck order (a planet with the real top card's back stays on top: backs show), the fronts of others' face-down planets (among planets with the same
    back) and the state's chance stream. Public zones (discards, Empires, stacks, supply) stay. The
    result depends only on observer's information and rng: hidden parts are put in a canonical order
    before they are shuffled."""
    cdef const EdContext* c = <const EdContext*> ctx
    cdef EdState* s = <EdState*> sp
    cdef EdPlayer* P
    cdef int p, k, i, j, n, nh, ng, back
    cdef ushort t
    cdef int counts[NKIND]
    cdef int group[NPLANET]
    cdef int done[NPLANET]
    cdef Place places[NPLANET]
    cdef Place tmp
    cdef EdPlayer actor_truth
    # the back of the planet deck's top card shows (type and costs): the resampled deck keeps it on top
    cdef int top_back = planet_back(c, s.pdeck[s.npdeck - 1]) if s.npdeck > 0 else -1
    if s.actor >= 0:
        actor_truth = s.pl[s.actor]
    s.rng = splitmix64(rng)
    for p in range(s.num_players):
        P = &s.pl[p]
        nh = 0
        for k in range(NKIND):
            counts[k] = P.hand[k] - P.known[k] if p != observer else 0
            nh += counts[k]
        for i in range(P.ndeck):
            counts[P.deck[i]] += 1
        n = 0
        for k in range(NKIND):
            if p != observer:
                P.hand[k] = P.known[k]
            for i in range(counts[k]):
                P.deck[n] = <ushort> k
                n += 1
        P.ndeck = n
        for i in range(n - 1, 0, -1):
            j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
            t = P.deck[i]; P.deck[i] = P.deck[j]; P.deck[j] = t
        for i in range(nh):
            P.ndeck -= 1
            P.hand[P.deck[P.ndeck]] += 1
    if s.actor >= 0:
        keep_actor_playable(c, s, observer, &actor_truth, rng)
    # planet fronts: within each back, a random assignment of the hidden planets to their places
    for i in range(NPLANET):
        done[i] = not hidden_planet(s, observer, i)
    for i in range(NPLANET):
        if done[i]:
            continue
        back = planet_back(c, i)
        ng = 0
        for j in range(i, NPLANET):
            if not done[j] and planet_back(c, j) == back:
                group[ng] = j
                get_place(s, j, &places[ng])
                done[j] = 1
                ng += 1
        for j in range(1, ng):          # insertion sort of the places: a canonical order
            tmp = places[j]
            k = j - 1
            while k >= 0 and place_cmp(&places[k], &tmp) > 0:
                places[k + 1] = places[k]
                k -= 1
            places[k + 1] = tmp
        for j in range(ng - 1, 0, -1):
            k = <int> (splitmix64(rng) % <unsigned long long> (j + 1))
            n = group[j]; group[j] = group[k]; group[k] = n
        for j in range(ng):
            set_place(s, group[j], &places[j])
    s.npdeck = 0
    # the planets a surveyor looks at: the surveyor sees them (in the order drawn), so they stay as they
    # are for that observer; for the others they are hidden fronts, listed in a canonical order
    if s.actor != observer:
        s.nlook = 0
    for i in range(NPLANET):
        if s.planet_loc[i] == LOC_DECK:
            s.pdeck[s.npdeck] = <ushort> i
            s.npdeck += 1
        elif s.planet_loc[i] == LOC_LOOK and s.actor != observer:
            s.look[s.nlook] = <ushort> i
            s.nlook += 1
    for i in range(s.npdeck - 1, 0, -1):
        j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
        t = s.pdeck[i]; s.pdeck[i] = s.pdeck[j]; s.pdeck[j] = t
    if top_back >= 0 and planet_back(c, s.pdeck[s.npdeck - 1]) != top_back:
        for i in range(s.npdeck - 2, -1, -1):     # resampling within backs kept one with that back
            if planet_back(c, s.pdeck[i]) == top_back:
                t = s.pdeck[i]; s.pdeck[i] = s.pdeck[s.npdeck - 1]; s.pdeck[s.npdeck - 1] = t
                break


cdef unsigned long long gi_info_key(const void* ctx, const void* s, int seat) noexcept nogil:
    """What seat knows, hashed: the state with everything seat cannot see put in determinize's canonical
    form (a fixed rng), so two states seat cannot tell apart hash alike (determinize depends only on
    what the observer sees and the rng) and any difference seat can see shows."""
    cdef EdState tmp
    cdef unsigned long long rng = 0x5EED5EED5EED5EEDULL
    memcpy(&tmp, s, sizeof(EdState))
    gi_determinize(ctx, &tmp, seat, &rng)
    return hash_bytes(0xCBF29CE484222325ULL, &tmp, sizeof(EdState))


cdef class Interface:
    """Owns the GameInterface table of Eminent Domain (its ctx points into the shared Tables)."""
    cdef GameInterface table
    cdef Tables tables


def game_interface(Core core, int net_slot=-1, prior="uniform"):
    """(capsule of the GameInterface table, owner object to keep alive) for this game's states; the leaf
    value is the heuristic (gi_evaluate), or with net_slot >= 0 the value network loaded in that slot
    (net.pxi). prior: "uniform" (the table has none) or "value" (prior.pxi: each move weighed by the
    mover's greedy-heuristic margin one move later)."""
    cdef Interface owner = Interface()
    if net_slot >= 0:
        check_net_slot(net_slot)
    if prior not in ("uniform", "value"):
        raise ValueError(f"no {prior!r} move prior for Eminent Domain (prior=uniform or prior=value)")
    owner.tables = core.tables
    owner.table.state_size = sizeof(EdState)
    owner.table.num_players = core.st.num_players
    # hands, deck orders and planet fronts are hidden; draws come from a shuffled deck
    owner.table.flags = INFO_HIDDEN | INFO_CHANCE
    owner.table.max_moves = MAXMOVES
    owner.table.ctx = <const void*> core.tables.c
    owner.table.current_player = gi_current_player
    owner.table.is_terminal = gi_is_terminal
    owner.table.returns = gi_returns
    owner.table.legal_moves = gi_legal_moves
    owner.table.apply = gi_apply
    owner.table.rollout_move = gi_rollout_move
    owner.table.evaluate = gi_evaluate
    if net_slot >= 0:
        owner.table.evaluate = (gi_evaluate_net0 if net_slot == 0 else gi_evaluate_net1 if net_slot == 1
                                else gi_evaluate_net2 if net_slot == 2 else gi_evaluate_net3)
    owner.table.determinize = gi_determinize
    owner.table.info_key = gi_info_key
    owner.table.prior = NULL   # none: PUCT's priors are uniform
    if prior == "value":
        owner.table.prior = gi_prior_value
        owner.table.flags |= PRIOR_POINTWISE
    return PyCapsule_New(&owner.table, b"gaia_ai.GameInterface", NULL), owner


def state_pointer(Core core):
    """A capsule of the core's state (valid while core lives): the search's root position."""
    return PyCapsule_New(&core.st, b"gaia_ai.GameState", NULL)


def info_key(Core core, int seat):
    """The interface's info_key: what `seat` knows at core's position, hashed."""
    if not 0 <= seat < core.st.num_players:
        raise ValueError(f"no player {seat} in a {core.st.num_players}-player game")
    return gi_info_key(core.tables.c, &core.st, seat)


def evaluate(Core core):
    """The interface's heuristic estimate of each player's final score at core's position."""
    cdef double out[MAXP]
    gi_evaluate(core.tables.c, &core.st, out)
    return [out[p] for p in range(core.st.num_players)]
