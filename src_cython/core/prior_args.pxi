# What a game's Python-facing move_prior (TM's ai.pxi, ED's prior.pxi) checks and answers, around its own
# nogil call of the game's prior.


cdef int prior_moves_into(moves, legal, Move* buf, int cap) except -1:
    """moves (codes of one decision, as the search lists them) copied into buf: 1 to cap of them, each
    one of legal (ValueError naming what is wrong); their count."""
    cdef int n = len(moves), i
    if n < 1 or n > cap:
        raise ValueError(f"move_prior: 1 to {cap} moves, got {n}")
    allowed = set(legal)
    for i in range(n):
        if moves[i] not in allowed:
            raise ValueError(f"move_prior: {moves[i]} is not a legal move of this decision")
        buf[i] = moves[i]
    return n


cdef list prior_answer(int status, const double* out, int n, bint weights):
    """The prior's weights out[:n] as probabilities (normalized), or as they are with weights;
    RuntimeError if the prior's status says the rules refused a listed move."""
    cdef int i
    if status < 0:
        raise RuntimeError("move_prior: the rules refused a listed move")
    total = 1.0 if weights else sum(out[i] for i in range(n))
    return [out[i] / total for i in range(n)]
