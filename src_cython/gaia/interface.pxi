# Gaia Project behind the C-level game interface of src_cython/core/game.pxd: what the search sees.

cdef int gi_current_player(const void* ctx, const void* s) noexcept nogil:
    cdef const GState* st = <const GState*> s
    if st.finished:
        return -1
    return st.bsq_player if st.bsq_player >= 0 else st.current


cdef int gi_is_terminal(const void* ctx, const void* s) noexcept nogil:
    return (<const GState*> s).finished


cdef int gi_returns(const void* ctx, const void* s, double* out) noexcept nogil:
    cdef const GState* st = <const GState*> s
    cdef int p
    for p in range(st.num_players):
        out[p] = st.final_vp[p] if st.finished else st.pl[p].vp
    return 0


cdef int gi_legal_moves(const void* ctx, const void* s, Move* out, int cap) noexcept nogil:
    return gen_moves(<GState*> s, <GameContext*> ctx, out, cap)


cdef int gi_apply(const void* ctx, void* s, Move m) noexcept nogil:
    return apply_generated(<GState*> s, <GameContext*> ctx, m)


cdef Move gi_rollout_move(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil:
    """Uniformly random over the legal moves (the baseline policy; a better one is the search's job)."""
    cdef Move moves[MAX_MOVES]
    cdef int n = gen_moves(<GState*> s, <GameContext*> ctx, moves, MAX_MOVES)
    if n <= 0:
        return -1
    return moves[next_random(rng) % <unsigned long long> n]


cdef int gi_evaluate(const void* ctx, const void* s, double* out) noexcept nogil:
    """Final VP estimate: VP now plus resources at the end-game exchange rate (3 per VP, power
    counted as credits), a crude stand-in until the search issue tunes a real one."""
    cdef const GState* st = <const GState*> s
    cdef const PlayerState* pl
    cdef int p
    for p in range(st.num_players):
        pl = &st.pl[p]
        out[p] = pl.vp + (pl.credits + pl.ores + pl.knowledge + pl.qic + pl.power[2] + pl.power[1] // 2) / 3.0
    return 0


cdef void gi_determinize(const void* ctx, void* s, int observer, unsigned long long* rng) noexcept nogil:
    pass   # open information: nothing is hidden


cdef class Interface:
    """Owns the GameInterface table of one game (it points into the game's shared Context)."""
    cdef GameInterface table
    cdef Context context


def game_interface(Core core):
    """(capsule of the GameInterface table, owner object to keep alive) for this game's states."""
    cdef Interface owner = Interface()
    owner.context = core.context
    owner.table.state_size = sizeof(GState)
    owner.table.num_players = core.st.num_players
    owner.table.ctx = <const void*> core.ctx
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
