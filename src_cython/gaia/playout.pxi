# Uniformly random playouts entirely in C: the game's fast rollout loop and what the benchmark measures.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef enum:
    MAX_MOVES = 1024


cdef inline unsigned long long next_random(unsigned long long* state) noexcept nogil:
    return splitmix64(state)


cdef inline int decision_player(GState* s) noexcept nogil:
    return s.bsq_player if s.bsq_player >= 0 else s.current


cdef int apply_generated(GState* s, GameContext* c, Move m) except -1 nogil:
    """Apply a move listed by gen_moves for the player whose decision it is."""
    cdef int hexes[64]
    cdef int n
    cdef int p = decision_player(s)
    if mv_kind(m) == MV_FEDERATION:
        n = federation_candidate(s, c, p, mv_hex(m), hexes, 64)
        if n <= 0:
            with gil:
                illegal("no such federation candidate")
        return do_federation(s, c, p, hexes, n, mv_a(m))
    return apply_move(s, c, p, m)


cdef int play_random(GState* s, GameContext* c, unsigned long long* rng, int max_moves) except -1 nogil:
    """Play uniformly random legal moves until the game ends (or max_moves); returns the moves played."""
    cdef Move moves[MAX_MOVES]
    cdef int n, played = 0
    while not s.finished and played < max_moves:
        n = gen_moves(s, c, moves, MAX_MOVES)
        if n <= 0:
            break
        apply_generated(s, c, moves[next_random(rng) % <unsigned long long>n])
        played += 1
    return played


def random_playouts(Core core, int games, unsigned long long seed, int max_moves=20000):
    """Play `games` uniformly random games from core's position (core is unchanged).

    Returns (games that reached the end, total moves played). Same seed, same games."""
    cdef GState st
    cdef unsigned long long rng = seed
    cdef int g, finished = 0
    cdef long total = 0
    for g in range(games):
        memcpy(&st, &core.st, sizeof(GState))
        total += play_random(&st, core.ctx, &rng, max_moves)
        finished += st.finished
    return finished, total


def random_game(Core core, unsigned long long seed, int max_moves=20000):
    """Play one uniformly random game on core itself (in place); returns the moves played."""
    cdef unsigned long long rng = seed
    return play_random(&core.st, core.ctx, &rng, max_moves)


def random_game_moves(Core core, unsigned long long seed, int max_moves=20000):
    """The moves of one uniformly random game from core's position (core is unchanged)."""
    cdef GState st
    cdef Move moves[MAX_MOVES]
    cdef unsigned long long rng = seed
    cdef int n
    cdef Move m
    played = []
    memcpy(&st, &core.st, sizeof(GState))
    while not st.finished and len(played) < max_moves:
        n = gen_moves(&st, core.ctx, moves, MAX_MOVES)
        if n <= 0:
            break
        m = moves[next_random(&rng) % <unsigned long long>n]
        apply_generated(&st, core.ctx, m)
        played.append(m)
    return played


def apply_benchmark(Core core, list moves, int repeats):
    """Seconds per applied move: the moves (from core's position) re-applied `repeats` times in C."""
    cdef GState st
    cdef Move* buf
    cdef int i, r, n = len(moves)
    cdef timespec t0, t1
    if n == 0 or repeats <= 0:
        raise ValueError("needs moves and a positive number of repeats")
    buf = <Move*> malloc(n * sizeof(Move))
    if buf == NULL:
        raise MemoryError()
    try:
        for i in range(n):
            buf[i] = moves[i]
        clock_gettime(CLOCK_MONOTONIC, &t0)
        for r in range(repeats):
            memcpy(&st, &core.st, sizeof(GState))
            for i in range(n):
                apply_generated(&st, core.ctx, buf[i])
        clock_gettime(CLOCK_MONOTONIC, &t1)
    finally:
        free(buf)
    return ((t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9) / (<double>n * repeats)
