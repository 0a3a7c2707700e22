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
    """Score so far (influence, face-up planets, techs) plus rough worth of what is under way."""
    cdef const EdContext* c = <const EdContext*> ctx
    cdef EdState* st = <EdState*> s
    cdef int p, pl
    for p in range(st.num_players):
        out[p] = score(c, st, p) + 0.25 * tiebreak(c, st, p)
        for pl in range(NPLANET):
            if face_down_of(st, p, pl):
                out[p] += 0.3 * c.planet_influence[pl]
    return 0


cdef void swap_places(EdState* s, int a, int b) noexcept nogil:
    """Planets a and b exchange places (owner or deck position, colonies and tokens on them)."""
    cdef ushort t
    cdef ushort tmp[COLCAP]
    cdef int i
    t = s.planet_loc[a]; s.planet_loc[a] = s.planet_loc[b]; s.planet_loc[b] = t
    t = s.planet_res[a]; s.planet_res[a] = s.planet_res[b]; s.planet_res[b] = t
    t = s.planet_scorched[a]; s.planet_scorched[a] = s.planet_scorched[b]; s.planet_scorched[b] = t
    t = s.ncol[a]; s.ncol[a] = s.ncol[b]; s.ncol[b] = t
    t = s.colval[a]; s.colval[a] = s.colval[b]; s.colval[b] = t
    memcpy(tmp, s.col[a], sizeof(tmp))
    memcpy(s.col[a], s.col[b], sizeof(tmp))
    memcpy(s.col[b], tmp, sizeof(tmp))
    for i in range(s.npdeck):
        if s.pdeck[i] == a:
            s.pdeck[i] = <ushort> b
        elif s.pdeck[i] == b:
            s.pdeck[i] = <ushort> a
    for i in range(s.nlook):
        if s.look[i] == a:
            s.look[i] = <ushort> b
        elif s.look[i] == b:
            s.look[i] = <ushort> a


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


cdef void gi_determinize(const void* ctx, void* sp, int observer, unsigned long long* rng) noexcept nogil:
    """Resample what observer cannot see: other hands (from their hand + deck multiset), every deck
    order, the planet deck order, the fronts of others' face-down planets (among planets with the same
    back) and the state's chance stream. Public zones (discards, Empires, stacks, supply) stay."""
    cdef const EdContext* c = <const EdContext*> ctx
    cdef EdState* s = <EdState*> sp
    cdef EdPlayer* P
    cdef int p, k, i, j, n, nh, nu
    cdef ushort t
    cdef int unknown[NPLANET]
    s.rng ^= splitmix64(rng)
    for p in range(s.num_players):
        P = &s.pl[p]
        if p != observer:
            nh = P.nhand
            for k in range(NKIND):
                while P.hand[k] > 0:
                    P.hand[k] -= 1
                    P.deck[P.ndeck] = <ushort> k
                    P.ndeck += 1
        else:
            nh = 0
        n = P.ndeck
        for i in range(n - 1, 0, -1):
            j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
            t = P.deck[i]; P.deck[i] = P.deck[j]; P.deck[j] = t
        for i in range(nh):
            P.ndeck -= 1
            P.hand[P.deck[P.ndeck]] += 1
    # planet fronts: a random permutation of the hidden planets within each back
    nu = 0
    for i in range(NPLANET):
        if hidden_planet(s, observer, i):
            unknown[nu] = i
            nu += 1
    for i in range(nu - 1, 0, -1):
        n = 0
        for j in range(i + 1):
            if planet_back(c, unknown[j]) == planet_back(c, unknown[i]):
                n += 1
        k = <int> (splitmix64(rng) % <unsigned long long> n)
        for j in range(i + 1):
            if planet_back(c, unknown[j]) == planet_back(c, unknown[i]):
                if k == 0:
                    if j != i:
                        swap_places(s, unknown[i], unknown[j])
                    break
                k -= 1
    for i in range(s.npdeck - 1, 0, -1):
        j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
        t = s.pdeck[i]; s.pdeck[i] = s.pdeck[j]; s.pdeck[j] = t


cdef class Interface:
    """Owns the GameInterface table of Eminent Domain (its ctx points into the shared Tables)."""
    cdef GameInterface table
    cdef Tables tables


def game_interface(Core core):
    """(capsule of the GameInterface table, owner object to keep alive) for this game's states."""
    cdef Interface owner = Interface()
    owner.tables = core.tables
    owner.table.state_size = sizeof(EdState)
    owner.table.num_players = core.st.num_players
    owner.table.ctx = <const void*> core.tables.c
    owner.table.current_player = gi_current_player
    owner.table.is_terminal = gi_is_terminal
    owner.table.returns = gi_returns
    owner.table.legal_moves = gi_legal_moves
    owner.table.apply = gi_apply
    owner.table.rollout_move = gi_rollout_move
    owner.table.evaluate = gi_evaluate
    owner.table.determinize = gi_determinize
    return PyCapsule_New(&owner.table, b"gaia_ai.GameInterface", NULL), owner


def state_pointer(Core core):
    """A capsule of the core's state (valid while core lives): the search's root position."""
    return PyCapsule_New(&core.st, b"gaia_ai.GameState", NULL)
