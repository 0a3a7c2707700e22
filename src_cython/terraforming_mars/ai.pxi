# Python entry points of the AI parts (evaluate.pxi, policy.pxi): the greedy bot, tests and benches.

def evaluate(Core core):
    """Each player's estimated final VP (the search's leaf value)."""
    cdef double out[MAXP]
    evaluate_state(&core.st, out)
    return [out[p] for p in range(core.st.np)]


def future_generations(Core core):
    """Action phases the evaluation expects after the current one."""
    return ev_future_gens(&core.st)


def greedy_values(Core core, int net_slot=-1):
    """(moves, values): every legal move, in legal_moves() order, with its one-ply value for the player
    to move (estimated final VP after it and its own follow-ups, less the best other player's; a move
    the rules refuse after listing it, a rules bug, gets -1e9). net_slot >= 0: valued by the value network
    loaded there (net.pxi) instead of the heuristic."""
    cdef Move buf[MOVECAP]
    cdef double vals[MOVECAP]
    cdef int n
    if net_slot >= 0:
        check_net_slot(net_slot)
    with nogil:
        n = greedy_values_c(&core.st, buf, vals, MOVECAP, net_slot)
    if n < 0:
        raise RuntimeError("greedy_values: the legal move buffer is too small")
    return [buf[i] for i in range(n)], [vals[i] for i in range(n)]


def rollout_move(Core core, unsigned long long seed):
    """The rollout policy's move here (deterministic for a seed)."""
    cdef unsigned long long r = seed
    cdef Move m = policy_move(&core.st, &r)
    if m < 0:
        raise RuntimeError("rollout_move: no legal move")
    return m


def policy_playout(Core core, unsigned long long seed, int max_moves=100000):
    """Play the rollout policy to the end; returns the number of moves."""
    cdef unsigned long long r = seed
    cdef int n = 0
    cdef Move m
    with nogil:
        while core.st.step != ST_OVER and n < max_moves:
            m = policy_move(&core.st, &r)
            if m == -1 or apply_move(&core.st, m) < 0:
                break
            n += 1
    return n


def move_prior(Core core, moves, int net_slot=-1, bint weights=False):
    """The "value" move prior (policy.pxi) of moves (codes of this decision, as the search lists them)
    at this position: one probability each, in their order; by the heuristic, or net_slot >= 0 by the
    value network loaded there. weights: the unnormalized weights the search reads instead (each
    move's own, whatever else is listed). On the true position: a search asks it on its own sample."""
    cdef Move buf[MOVECAP]
    cdef double out[MOVECAP]
    cdef PriorCtx ctx
    cdef int n = prior_moves_into(moves, core.legal_moves(), buf, MOVECAP), r
    if net_slot >= 0:
        check_net_slot(net_slot)
    ctx.net_slot = net_slot
    with nogil:
        r = gi_prior_value(&ctx, &core.st, buf, n, out)
    return prior_answer(r, out, n, weights)
