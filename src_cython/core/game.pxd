# The C-level game interface: what the search needs from a game, and nothing more.
#
# A game is a fixed-size, pointer-free state struct (cloned with memcpy of state_size bytes) plus this
# table of functions over it and one shared, read-only context (the map, tables: whatever never changes
# during a game). Every function is nogil and thread-safe for distinct states: the search calls them
# from several threads at once. Contracts:
#   current_player(ctx, s)       player whose decision it is, 0..num_players-1; -1 iff terminal.
#   is_terminal(ctx, s)          1 once the game is over (then returns() holds the final scores).
#   returns(ctx, s, out)         final score of each player (Gaia: VP after end scoring) into out[0..n).
#   legal_moves(ctx, s, out, cap)  the moves of the decision, in a fixed order for a given state,
#                                at least one when not terminal; returns their count, or -1 on error
#                                (cap too small). Moves are opaque 64-bit ints to the search.
#   apply(ctx, s, m)             apply a move listed by legal_moves for this state; 0, or -1 on error.
#   rollout_move(ctx, s, rng)    the move a fast playout policy picks (uniformly random is a valid
#                                policy); -1 on error. Uses only rng for randomness.
#   evaluate(ctx, s, out)        heuristic estimate of each player's final score at a non-terminal
#                                state (for truncated rollouts); 0, or -1 on error.
#   determinize(ctx, s, observer, rng)  replace what observer cannot see by a sample consistent with
#                                what it can see; must not change anything observer can see. Identity
#                                for games of open information.
# Memory: the caller owns every state and output buffer; the game allocates nothing.

ctypedef long long Move

ctypedef struct GameInterface:
    size_t state_size
    int num_players
    const void* ctx
    int (*current_player)(const void* ctx, const void* s) noexcept nogil
    int (*is_terminal)(const void* ctx, const void* s) noexcept nogil
    int (*returns)(const void* ctx, const void* s, double* out) noexcept nogil
    int (*legal_moves)(const void* ctx, const void* s, Move* out, int cap) noexcept nogil
    int (*apply)(const void* ctx, void* s, Move m) noexcept nogil
    Move (*rollout_move)(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil
    int (*evaluate)(const void* ctx, const void* s, double* out) noexcept nogil
    void (*determinize)(const void* ctx, void* s, int observer, unsigned long long* rng) noexcept nogil
