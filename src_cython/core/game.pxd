# The C-level game interface: what the search needs from a game, and nothing more.
#
# A game is a fixed-size, pointer-free state struct (cloned with memcpy of state_size bytes) plus this
# table of functions over it and one shared, read-only context (the map, tables: whatever never changes
# during a game). Every function is nogil, raises nothing (no Python exception may be left set: a
# failure is a negative GameStatus) and is thread-safe for distinct states: the search calls them from
# several threads at once. Memory: the caller owns every state and output buffer; the game allocates
# nothing. Moves are opaque non-negative 64-bit ints to the search (negative values are statuses).
#
# Table fields:
#   state_size                   bytes of one state; a copy is a memcpy.
#   num_players                  seats, 1..8 for the search; seat numbers 0..num_players-1.
#   flags                        GameFlags: INFO_HIDDEN if some seat cannot see part of the state (hands,
#                                deck order: determinize resamples it), INFO_CHANCE if the outcome of a
#                                move depends on state no seat sees yet (a shuffled deck). 0: open
#                                information and deterministic (Gaia): determinize is the identity and
#                                the search keeps one tree over exact states. Otherwise it searches
#                                information sets (ISMCTS).
#   max_moves                    the most moves legal_moves can list for one decision (from the rules);
#                                the search sizes every move buffer from it.
# Function contracts:
#   current_player(ctx, s)       seat whose decision it is, 0..num_players-1; -1 iff terminal.
#   is_terminal(ctx, s)          1 once the game is over (then returns() holds the final scores), else 0.
#   returns(ctx, s, out)         final score of each seat (Gaia: VP after end scoring) into out[0..n);
#                                GAME_OK, or a negative GameStatus.
#   legal_moves(ctx, s, out, cap)  the distinct moves of the decision, in a fixed order for a given
#                                state, at least one when not terminal, none when terminal; returns their
#                                count, or GAME_ERR_CAPACITY if more than cap (never when cap >= max_moves),
#                                or another negative GameStatus. The moves of the seat to move depend only
#                                on what that seat can see.
#   apply(ctx, s, m)             apply a move that legal_moves lists for s: GAME_OK; a move it does not
#                                list: GAME_ERR_ILLEGAL; GAME_ERR_RULES on a broken rule invariant. After
#                                an error s is undefined (the search keeps its own copies).
#   rollout_move(ctx, s, rng)    a move of legal_moves(s) that a fast playout policy picks (uniformly
#                                random is a valid policy), or a negative GameStatus. Randomness only from
#                                rng; deterministic for a given (s, *rng).
#   evaluate(ctx, s, out)        heuristic estimate of each seat's final score at a non-terminal state
#                                (for truncated rollouts) into out[0..n); GAME_OK or a negative status.
#   determinize(ctx, s, observer, rng)  replace what `observer` cannot see (other hands, deck order) by a
#                                sample consistent with what it can see, drawn from rng only; the result
#                                depends only on what observer sees and on *rng (two states the observer
#                                cannot tell apart give the same sample for the same rng), and
#                                info_key(ctx, s, observer) does not change. Identity for open information.
#   info_key(ctx, s, seat)       a 64-bit hash of what `seat` knows at s (the public state and the seat's
#                                own hidden cards): equal for states the seat cannot tell apart, different
#                                otherwise up to hash collisions. For open information, a hash of the state.
#   prior(ctx, s, moves, n, out) optional (NULL: none; a zeroed table has none): the move prior of PUCT
#                                for the decision at s, over moves[0..n) (legal_moves(s), or a subset of
#                                it in the same order): out[i] >= 0 for each, summing to 1. Deterministic
#                                for a given state and move list; GAME_OK or a negative GameStatus. The
#                                search asks it at expansion, once per node; for hidden information on
#                                its sample of what the searching seat cannot see (never the true state),
#                                whenever a node gains children. With PRIOR_POINTWISE in flags, out[i] is
#                                instead a weight > 0 of moves[i] alone (the same whatever else is listed,
#                                on one scale for s), and the information-set search asks it only for the
#                                moves new to a node (the search normalizes: shares among the available).

ctypedef long long Move

cdef enum GameStatus:
    GAME_OK = 0
    GAME_ERR_CAPACITY = -1   # an output buffer smaller than the list to write
    GAME_ERR_ILLEGAL = -2    # a move not listed by legal_moves for this state
    GAME_ERR_RULES = -3      # the rules failed on this state (a broken invariant, a terminal state)

cdef enum GameFlags:
    INFO_HIDDEN = 1
    INFO_CHANCE = 2
    PRIOR_POINTWISE = 4      # prior() weighs each move on its own (see prior above)

ctypedef struct GameInterface:
    size_t state_size
    int num_players
    int flags
    int max_moves
    const void* ctx
    int (*current_player)(const void* ctx, const void* s) noexcept nogil
    int (*is_terminal)(const void* ctx, const void* s) noexcept nogil
    int (*returns)(const void* ctx, const void* s, double* out) noexcept nogil
    int (*legal_moves)(const void* ctx, const void* s, Move* out, int cap) noexcept nogil
    int (*apply)(const void* ctx, void* s, Move m) noexcept nogil
    Move (*rollout_move)(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil
    int (*evaluate)(const void* ctx, const void* s, double* out) noexcept nogil
    void (*determinize)(const void* ctx, void* s, int observer, unsigned long long* rng) noexcept nogil
    unsigned long long (*info_key)(const void* ctx, const void* s, int seat) noexcept nogil
    int (*prior)(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil


cdef inline unsigned long long hash_bytes(unsigned long long h, const void* p, size_t n) noexcept nogil:
    """FNV-1a over n bytes, continuing from h (start from 0xCBF29CE484222325): for info_key."""
    cdef const unsigned char* b = <const unsigned char*> p
    cdef size_t i
    for i in range(n):
        h = (h ^ b[i]) * 0x100000001B3ULL
    return h
