# Gaia Project behind the C-level game interface of src_cython/core/game.pxd: what the search sees.
# Open information, no chance: flags 0, determinize is the identity.

from cpython.exc cimport PyErr_ExceptionMatches
from libc.math cimport exp, INFINITY
from core.game cimport GAME_OK, GAME_ERR_CAPACITY, GAME_ERR_ILLEGAL, GAME_ERR_RULES, hash_bytes

# sm_gen lists the main actions legal as they stand (at most MAX_MOVES) and those its auto-payment
# makes reachable (at most MAX_MOVES more); the other decisions list at most MAX_MOVES.
cdef enum:
    GAIA_MAX_SEARCH_MOVES = 2 * MAX_MOVES


cdef int gi_current_player(const void* ctx, const void* s) noexcept nogil:
    cdef const GState* st = <const GState*> s
    if st.finished:
        return -1
    return st.bsq_player if st.bsq_player >= 0 else st.current


cdef int gi_is_terminal(const void* ctx, const void* s) noexcept nogil:
    return (<const GState*> s).finished


cdef int held_bid(const GState* st, int p) noexcept nogil:
    """The VP p has bid: the faction's winning bid once loaded, else the bid p holds in the auction."""
    cdef int i
    if st.pl[p].faction >= 0:
        return st.pl[p].bid
    for i in range(st.auc_n):
        if st.auc_holder[i] == p:
            return st.auc_bid[i]
    return 0


cdef int gi_returns(const void* ctx, const void* s, double* out) noexcept nogil:
    cdef const GState* st = <const GState*> s
    cdef int p
    for p in range(st.num_players):
        # the auction's bids are paid at the end: count them from the start
        out[p] = st.final_vp[p] if st.finished else st.pl[p].vp - held_bid(st, p)
    return GAME_OK


# The rule functions raise IllegalMove / OverflowError (with the GIL) on error; through the interface an
# error is a GameStatus instead: the calls go through pointer types without exception checks, and the
# error indicator is read and cleared (taking the GIL) only on that rare path.
ctypedef int (*gen_fn)(GState*, GameContext*, Move*, int) noexcept nogil
ctypedef int (*apply_fn)(GState*, GameContext*, Move) noexcept nogil
ctypedef int (*income_fn)(GState*, GameContext*, int) noexcept nogil


cdef inline int status(int r) noexcept nogil:
    """r, or (r == -1, a Python exception set) the GameStatus of that exception, cleared."""
    if r != -1:
        return r
    with gil:
        if PyErr_ExceptionMatches(OverflowError):
            r = GAME_ERR_CAPACITY
        elif PyErr_ExceptionMatches(IllegalMove):
            r = GAME_ERR_ILLEGAL
        else:
            r = GAME_ERR_RULES
        PyErr_Clear()
    return r


ctypedef int (*sm_gen_fn)(GState*, GameContext*, Move*, int*, int) noexcept nogil
ctypedef int (*sm_apply_rec_fn)(GState*, GameContext*, Move, Move*) noexcept nogil
ctypedef Move (*sm_rollout_fn)(GState*, GameContext*, unsigned long long*) noexcept nogil


cdef int gi_legal_moves(const void* ctx, const void* s, Move* out, int cap) noexcept nogil:
    """The search moves (searchmoves.pxi): main actions with their auto-payment, sub-decisions and the
    other phases atomic. GaiaState.legal_moves() stays atomic (gen_moves)."""
    return status((<sm_gen_fn> sm_gen)(<GState*> s, <GameContext*> ctx, out, NULL, cap))


cdef int gi_apply(const void* ctx, void* s, Move m) noexcept nogil:
    cdef int r = status((<sm_apply_rec_fn> sm_apply)(<GState*> s, <GameContext*> ctx, m, NULL))
    return r if r < 0 else GAME_OK


cdef Move gi_rollout_move(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil:
    """The weighted rollout policy over the search moves (sm_rollout)."""
    cdef Move m = (<sm_rollout_fn> sm_rollout)(<GState*> s, <GameContext*> ctx, rng)
    return status(-1) if m == -1 else m


# heuristic worth of things in VP (rough exchange rates of the game: 3 resources = 1 VP at the end,
# ore and qic scarcer than credits); tune by measured strength
cdef double W_CREDIT = 0.25
cdef double W_ORE = 0.5
cdef double W_KNOWLEDGE = 0.4
cdef double W_QIC = 1.0
cdef double W_POWER = 0.15      # per power charge; a token in area3 is worth two
cdef double W_STRUCTURE = 1.0   # presence on the board: federations, final tiles, leech


cdef double income_worth(GState* s, GameContext* c, int p) noexcept nogil:
    """VP-worth of one round of p's income (collected on a scratch copy)."""
    cdef GState tmp
    cdef PlayerState* pl
    cdef double w = 0
    cdef int i
    memcpy(&tmp, s, sizeof(GState))
    tmp.bsq_player = -1
    pl = &tmp.pl[p]
    pl.ninc = 0
    if status((<income_fn> collect_income)(&tmp, c, p)) < 0:
        return 0
    # collect_income received what needs no ordering; the rest waits in pl.inc
    w = ((pl.credits - s.pl[p].credits) * W_CREDIT + (pl.ores - s.pl[p].ores) * W_ORE
         + (pl.knowledge - s.pl[p].knowledge) * W_KNOWLEDGE + (pl.qic - s.pl[p].qic) * W_QIC)
    for i in range(pl.ninc):
        w += pl.inc[i].res[0] * W_CREDIT + pl.inc[i].res[1] * W_ORE + pl.inc[i].res[2] * W_KNOWLEDGE
        w += pl.inc[i].res[3] * W_QIC
        if pl.inc[i].kind == R_PW or pl.inc[i].kind == R_T:
            w += pl.inc[i].amount * W_POWER
    w += (pl.power[0] - s.pl[p].power[0]) * W_POWER
    return w


cdef int gi_evaluate(const void* ctx, const void* s, double* out) noexcept nogil:
    """Final VP estimate: VP now, resources and power at their worth, the income still to come in
    the remaining rounds, structures and research levels that score at the end."""
    cdef GState* st = <GState*> s
    cdef GameContext* c = <GameContext*> ctx
    cdef PlayerState* pl
    cdef int p, t
    cdef double rounds_left
    if st.phase == PH_FACTION or st.phase == PH_AUCTION:
        # before the boards are loaded every seat is alike but for the VP it has bid
        for p in range(st.num_players):
            out[p] = 10 - held_bid(st, p)
        return 0
    for p in range(st.num_players):
        pl = &st.pl[p]
        rounds_left = 6 - st.round if st.round >= 1 else 6
        out[p] = (pl.vp - pl.bid + pl.credits * W_CREDIT + pl.ores * W_ORE + pl.knowledge * W_KNOWLEDGE
                  + pl.qic * W_QIC + (pl.power[1] + 2 * pl.power[2]) * W_POWER
                  + W_STRUCTURE * structures_count(st, c, p))
        for t in range(NTRACK):
            if pl.research[t] >= 3:
                out[p] += 4 * (pl.research[t] - 2)
        if rounds_left > 0:
            out[p] += rounds_left * income_worth(st, c, p)
    return GAME_OK


# ---- the learned value (issue 18): a linear model per round over the features below, its weights fitted
# on self-play games (gaia_ai/games/gaia/value.py, `gaia-ai train`) and loaded once from the package -----
cdef enum:
    NVF = 17
VALUE_FEATURES = (
    "credits", "ores", "knowledge", "qic", "power charges", "research levels", "research 3+ bonus",
    "structures", "mines x rounds left", "stations x rounds left", "labs x rounds left",
    "PI+academies x rounds left", "federations", "rounds left", "final tiles VP now",
    "income worth x rounds left", "bias",
)
# Several models can be loaded at once (a match of eval=v1 against eval=v2 runs both in one process): each
# in a slot of its own. The interface's functions take no per-search data, so each slot has its own
# evaluate and prior entry points (the small wrappers below), chosen by game_interface.
cdef enum:
    VALUE_SLOTS = 4
cdef double VALUE_W[VALUE_SLOTS][6][NVF]   # per slot, per round 1..6: final VP - VP now ~ W[round - 1] . features
cdef int VALUE_LOADED[VALUE_SLOTS]


cdef void value_features(GState* st, GameContext* c, int p, double* f, int* tiles) noexcept nogil:
    """p's features at st (tiles: each player's final-tile shares, final_tile_shares())."""
    cdef PlayerState* pl = &st.pl[p]
    cdef double rl = 6 - st.round if st.round >= 1 else 6
    cdef int t
    if rl < 0:
        rl = 0
    f[0] = pl.credits
    f[1] = pl.ores
    f[2] = pl.knowledge
    f[3] = pl.qic
    f[4] = pl.power[1] + 2 * pl.power[2]
    f[5] = 0
    f[6] = 0
    for t in range(NTRACK):
        f[5] += pl.research[t]
        if pl.research[t] >= 3:
            f[6] += 4 * (pl.research[t] - 2)
    f[7] = structures_count(st, c, p)
    f[8] = pl.nbuild[B_M] * rl
    f[9] = pl.nbuild[B_TS] * rl
    f[10] = pl.nbuild[B_LAB] * rl
    f[11] = (pl.nbuild[B_PI] + pl.nbuild[B_AC1] + pl.nbuild[B_AC2]) * rl
    f[12] = pl.fed_count
    f[13] = rl
    f[14] = tiles[p]
    f[15] = income_worth(st, c, p) * rl if rl > 0 else 0
    f[16] = 1.0


cdef inline int round_row(const GState* st) noexcept nogil:
    """The row (0..5) of a per-round table for st's round (before round 1: the first; after 6: the last)."""
    cdef int r = st.round - 1
    return 0 if r < 0 else 5 if r > 5 else r


cdef int linear_value(const void* ctx, const void* s, double* out, double (*weights)[NVF]) noexcept nogil:
    """Final VP estimate of a per-round linear model (weights: 6 rows of NVF): VP now plus the round's
    row times the features of what is still to come. Before the boards are loaded (faction picks, an
    auction) a seat has no faction to take features of: gi_evaluate's estimate instead."""
    cdef GState* st = <GState*> s
    cdef GameContext* c = <GameContext*> ctx
    cdef double f[NVF]
    cdef int tiles[MAXP]
    cdef int p, i, r = round_row(st)
    if st.phase == PH_FACTION or st.phase == PH_AUCTION:
        return gi_evaluate(ctx, s, out)
    final_tile_shares(st, c, tiles)
    for p in range(st.num_players):
        value_features(st, c, p, f, tiles)
        out[p] = st.pl[p].vp - st.pl[p].bid
        for i in range(NVF):
            out[p] += weights[r][i] * f[i]
    return GAME_OK


cdef int learned_value(const void* ctx, const void* s, double* out, int slot) noexcept nogil:
    """Final VP estimate of the learned value in `slot` (linear_value over its weights)."""
    return linear_value(ctx, s, out, VALUE_W[slot])


cdef int gi_evaluate_learned0(const void* ctx, const void* s, double* out) noexcept nogil:
    return learned_value(ctx, s, out, 0)


cdef int gi_evaluate_learned1(const void* ctx, const void* s, double* out) noexcept nogil:
    return learned_value(ctx, s, out, 1)


cdef int gi_evaluate_learned2(const void* ctx, const void* s, double* out) noexcept nogil:
    return learned_value(ctx, s, out, 2)


cdef int gi_evaluate_learned3(const void* ctx, const void* s, double* out) noexcept nogil:
    return learned_value(ctx, s, out, 3)


cdef int check_slot(int slot) except -1:
    """A loaded value slot, or ValueError."""
    if slot < 0 or slot >= VALUE_SLOTS:
        raise ValueError(f"value slot {slot}: 0 to {VALUE_SLOTS - 1}")
    if not VALUE_LOADED[slot]:
        raise ValueError(f"no learned value's weights in slot {slot} (gaia_ai.games.gaia.value.load)")
    return 0


def value_features_of(Core core):
    """Each player's learned-value features at core's position (VALUE_FEATURES order); ValueError
    before the boards are loaded (faction picks, an auction: a seat has no faction yet)."""
    cdef double f[NVF]
    cdef int tiles[MAXP]
    if core.st.phase == PH_FACTION or core.st.phase == PH_AUCTION:
        raise ValueError("no value features before every seat has its faction (faction picks, auction)")
    final_tile_shares(&core.st, core.ctx, tiles)
    out = []
    for p in range(core.st.num_players):
        value_features(&core.st, core.ctx, p, f, tiles)
        out.append([f[i] for i in range(NVF)])
    return out


VALUE_SLOT_COUNT = VALUE_SLOTS


def set_value_weights(weights, int slot=0):
    """Load a learned value's weights into `slot` (0..VALUE_SLOT_COUNT-1): 6 rows (rounds 1-6) of
    len(VALUE_FEATURES) numbers. The slots are process-wide (gaia_ai.games.gaia.value gives each model
    version its own, once). Never while a search reads that slot."""
    rows = [list(map(float, row)) for row in weights]
    if len(rows) != 6 or any(len(row) != NVF for row in rows):
        raise ValueError(f"value weights: expected 6 rows of {NVF} numbers")
    if slot < 0 or slot >= VALUE_SLOTS:
        raise ValueError(f"value slot {slot}: 0 to {VALUE_SLOTS - 1}")
    for r in range(6):
        for i in range(NVF):
            VALUE_W[slot][r][i] = rows[r][i]
    VALUE_LOADED[slot] = 1


def evaluate_learned(Core core, int slot=0):
    """The learned value's (in `slot`) estimate of each player's final score at core's position."""
    cdef double out[MAXP]
    check_slot(slot)
    learned_value(core.ctx, &core.st, out, slot)
    return [out[p] for p in range(core.st.num_players)]


# ---- move priors for PUCT (issue 18): asked once per expanded node, over the node's search moves ---------
PRIORS = ("uniform", "rollout", "value", "policy")
# the value prior's softmax temperature: a move whose one-step value margin is this many VP better gets
# e (2.7) times the prior
cdef double PRIOR_TEMPERATURE = 4.0


cdef int uniform_prior(int n, double* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = 1.0 / n
    return GAME_OK


cdef int gi_prior_rollout(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    """The rollout policy's weights (sm_weight), normalized: builds before research before power actions
    before passing, the round tile's action favoured, paid actions discounted by their payment."""
    cdef GState* st = <GState*> s
    cdef GameContext* c = <GameContext*> ctx
    cdef Move* gen = <Move*> malloc(GAIA_MAX_SEARCH_MOVES * sizeof(Move))
    cdef int* units = <int*> malloc(GAIA_MAX_SEARCH_MOVES * sizeof(int))
    cdef int ng, i, j = 0, npass = 0, r = GAME_OK
    cdef double total = 0.0
    if gen == NULL or units == NULL:
        free(gen)
        free(units)
        return GAME_ERR_CAPACITY
    ng = status((<sm_gen_fn> sm_gen)(st, c, gen, units, GAIA_MAX_SEARCH_MOVES))
    if ng < 0:
        r = ng
    else:
        for i in range(ng):
            if mv_kind(gen[i]) == MV_PASS:
                npass += 1
        for i in range(n):
            # moves is the generated list or a subset of it in the same order
            while j < ng and gen[j] != moves[i]:
                j += 1
            if j == ng:
                r = GAME_ERR_ILLEGAL
                break
            out[i] = sm_weight(st, c, gen[j], units[j], npass, ng)
            total += out[i]
    free(gen)
    free(units)
    if r < 0:
        return r
    for i in range(n):
        out[i] /= total
    return GAME_OK


cdef int one_step_margins(const void* ctx, const void* s, const Move* moves, int n, double* out,
                          double (*weights)[NVF]) noexcept nogil:
    """out[i]: the mover's margin after moves[i] by the per-round linear model `weights` (linear_value):
    its estimated final VP minus the best other player's (its own estimate alone in a 1-seat game).
    What the value and policy priors rank moves by; GAME_OK or a negative status."""
    cdef const GState* st = <const GState*> s
    cdef GState* tmp
    cdef double est[MAXP]
    cdef double other
    cdef int p = gi_current_player(ctx, s), q, i, r = GAME_OK
    tmp = <GState*> malloc(sizeof(GState))
    if tmp == NULL:
        return GAME_ERR_CAPACITY
    for i in range(n):
        memcpy(tmp, st, sizeof(GState))
        r = gi_apply(ctx, tmp, moves[i])
        if r < 0:
            break
        linear_value(ctx, tmp, est, weights)
        other = -INFINITY
        for q in range(st.num_players):
            if q != p and est[q] > other:
                other = est[q]
        out[i] = est[p] - other if st.num_players > 1 else est[p]
    free(tmp)
    return r


cdef int value_prior(const void* ctx, const void* s, const Move* moves, int n, double* out, int slot) noexcept nogil:
    """A softmax over the moves' one-step values: the mover's learned-value margin (its estimated final
    VP minus the best other player's, by the learned value in `slot`) after each move, at PRIOR_TEMPERATURE VP."""
    cdef int r
    if n == 1 or gi_current_player(ctx, s) < 0:
        return uniform_prior(n, out)
    r = one_step_margins(ctx, s, moves, n, out, VALUE_W[slot])
    if r < 0:
        return r
    softmax(out, n, PRIOR_TEMPERATURE)
    return GAME_OK


cdef int gi_prior_value0(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return value_prior(ctx, s, moves, n, out, 0)


cdef int gi_prior_value1(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return value_prior(ctx, s, moves, n, out, 1)


cdef int gi_prior_value2(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return value_prior(ctx, s, moves, n, out, 2)


cdef int gi_prior_value3(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return value_prior(ctx, s, moves, n, out, 3)


# ---- the policy prior (issue 18): the value prior's form with weights distilled from the search's own root
# visits (gaia_ai/games/gaia/policy.py, `gaia-ai train --policy`): a move's logit is the mover's estimated
# margin after it (VP now plus POLICY_W[round after] . features, minus the best other player's) over
# POLICY_TEMPERATURE, plus a bias per (decision round, move class): what the margin alone misjudges about
# a kind of move (passing early, a research step, a power action). Like the values, several policies load
# at once, each in a slot (a match of one generation against its parent runs both in one process) ---------
cdef enum:
    NPC = 40     # move classes (policy_class): the move kinds, builds by building, research steps by track
    POLICY_SLOTS = 8   # every shipped generation (p1-p3) and candidates beside them in one process
cdef double POLICY_W[POLICY_SLOTS][6][NVF]
cdef double POLICY_B[POLICY_SLOTS][6][NPC]
cdef double POLICY_TEMPERATURE[POLICY_SLOTS]
cdef int POLICY_LOADED[POLICY_SLOTS]
POLICY_CLASS_COUNT = NPC
POLICY_SLOT_COUNT = POLICY_SLOTS


cdef inline int policy_class(Move m) noexcept nogil:
    """The move's class for the policy's bias: its kind (0..23), a build by building (24 + B_*), a
    research step by track (32 + track)."""
    cdef int kind = mv_kind(m), a = mv_a(m)
    if kind == MV_BUILD and a < 8:
        return 24 + a
    if kind == MV_UP and a < 6:
        return 32 + a
    return kind if kind < 24 else 23


def move_class(Move m) -> int:
    """policy_class of a (search) move: the column of the policy's bias it takes."""
    return policy_class(m)


cdef int policy_prior(const void* ctx, const void* s, const Move* moves, int n, double* out, int slot) noexcept nogil:
    """The softmax of the policy in `slot` over moves[0..n) (see POLICY_W above)."""
    cdef int i, r, row0 = round_row(<const GState*> s)
    if n == 1 or gi_current_player(ctx, s) < 0:
        return uniform_prior(n, out)
    r = one_step_margins(ctx, s, moves, n, out, POLICY_W[slot])
    if r < 0:
        return r
    for i in range(n):
        out[i] = out[i] / POLICY_TEMPERATURE[slot] + POLICY_B[slot][row0][policy_class(moves[i])]
    policy_head_add(ctx, s, moves, n, out, slot)
    softmax(out, n, 1.0)
    return GAME_OK


cdef int gi_prior_policy0(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return policy_prior(ctx, s, moves, n, out, 0)


cdef int gi_prior_policy1(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return policy_prior(ctx, s, moves, n, out, 1)


cdef int gi_prior_policy2(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return policy_prior(ctx, s, moves, n, out, 2)


cdef int gi_prior_policy3(const void* ctx, const void* s, const Move* moves, int n, double* out) noexcept nogil:
    return policy_prior(ctx, s, moves, n, out, 3)


def set_policy_weights(weights, bias, double temperature=4.0, int slot=0):
    """Load a policy prior's model into `slot` (0..POLICY_SLOT_COUNT-1; process-wide, never while a
    search uses that slot): weights, 6 rows (rounds 1-6) of len(VALUE_FEATURES) numbers; bias, 6 rows of
    POLICY_CLASS_COUNT; the temperature (VP) of its margins."""
    rows = [list(map(float, row)) for row in weights]
    brows = [list(map(float, row)) for row in bias]
    if len(rows) != 6 or any(len(row) != NVF for row in rows):
        raise ValueError(f"policy weights: expected 6 rows of {NVF} numbers")
    if len(brows) != 6 or any(len(row) != NPC for row in brows):
        raise ValueError(f"policy bias: expected 6 rows of {NPC} numbers")
    if not temperature > 0:
        raise ValueError(f"policy temperature must be > 0, got {temperature}")
    if slot < 0 or slot >= POLICY_SLOTS:
        raise ValueError(f"policy slot {slot}: 0 to {POLICY_SLOTS - 1}")
    for r in range(6):
        for i in range(NVF):
            POLICY_W[slot][r][i] = rows[r][i]
        for i in range(NPC):
            POLICY_B[slot][r][i] = brows[r][i]
    POLICY_TEMPERATURE[slot] = temperature
    POLICY_TRUNK[slot] = 0   # no head until set_policy_head gives it one (net.pxi)
    POLICY_LOADED[slot] = 1


cdef int check_policy(int slot) except -1:
    """A loaded policy slot, or ValueError."""
    if slot < 0 or slot >= POLICY_SLOTS:
        raise ValueError(f"policy slot {slot}: 0 to {POLICY_SLOTS - 1}")
    if not POLICY_LOADED[slot]:
        raise ValueError(f"no policy weights in slot {slot} (gaia_ai.games.gaia.policy.load)")
    return 0


def move_prior(Core core, str prior, int value_slot=0, int policy_slot=0):
    """The move prior `prior` (PRIORS) of core's decision: [(search move, probability), ...] in the
    order of search_moves_int(core), the probabilities summing to 1 (what PUCT uses at expansion). The
    value prior uses the learned value in value_slot, the policy prior the policy in policy_slot."""
    cdef Move* moves
    cdef double* out
    cdef int n, r
    if prior not in PRIORS:
        raise ValueError(f"unknown prior {prior!r}: one of {', '.join(PRIORS)}")
    if prior == "value":
        check_slot(value_slot)
    elif prior == "policy":
        check_policy(policy_slot)
    if core.st.finished:
        raise ValueError("the game is over: no move to weigh")
    moves = <Move*> malloc(GAIA_MAX_SEARCH_MOVES * sizeof(Move))
    out = <double*> malloc(GAIA_MAX_SEARCH_MOVES * sizeof(double))
    try:
        if moves == NULL or out == NULL:
            raise MemoryError()
        n = gi_legal_moves(core.ctx, &core.st, moves, GAIA_MAX_SEARCH_MOVES)
        if n <= 0:
            raise RuntimeError(f"no search moves (status {n})")
        if prior == "uniform":
            r = uniform_prior(n, out)
        elif prior == "rollout":
            r = gi_prior_rollout(core.ctx, &core.st, moves, n, out)
        elif prior == "policy":
            r = policy_prior(core.ctx, &core.st, moves, n, out, policy_slot)
        else:
            r = value_prior(core.ctx, &core.st, moves, n, out, value_slot)
        if r < 0:
            raise RuntimeError(f"the {prior} prior failed (status {r})")
        return [(moves[i], out[i]) for i in range(n)]
    finally:
        free(moves)
        free(out)


cdef void gi_determinize(const void* ctx, void* s, int observer, unsigned long long* rng) noexcept nogil:
    pass   # open information: nothing is hidden


cdef unsigned long long gi_info_key(const void* ctx, const void* s, int seat) noexcept nogil:
    """Open information: every seat knows the whole position, so the key hashes the state's bytes
    without its derived federation-candidate cache (state_derived_ranges)."""
    cdef const GState* st = <const GState*> s
    cdef const char* base = <const char*> s
    cdef size_t off[4]
    cdef size_t length[4]
    cdef size_t pos = 0, o, ln
    cdef int i, j
    cdef unsigned long long h = 0xCBF29CE484222325ULL
    off[0] = <const char*> &st.fedc_key - base
    length[0] = sizeof(st.fedc_key)
    off[1] = <const char*> &st.fedc_n - base
    length[1] = sizeof(st.fedc_n)
    off[2] = <const char*> &st.fedc_off - base
    length[2] = sizeof(st.fedc_off)
    off[3] = <const char*> &st.fedc_hex - base
    length[3] = sizeof(st.fedc_hex)
    for i in range(1, 4):   # by offset
        j = i
        while j > 0 and off[j - 1] > off[j]:
            o, ln = off[j], length[j]
            off[j], length[j] = off[j - 1], length[j - 1]
            off[j - 1], length[j - 1] = o, ln
            j -= 1
    for i in range(4):
        if off[i] > pos:
            h = hash_bytes(h, base + pos, off[i] - pos)
        if off[i] + length[i] > pos:
            pos = off[i] + length[i]
    if pos < sizeof(GState):
        h = hash_bytes(h, base + pos, sizeof(GState) - pos)
    return h


cdef class Interface:
    """Owns the GameInterface table of one game (it points into the game's shared Context)."""
    cdef GameInterface table
    cdef Context context


def game_interface(Core core, str evaluator="heuristic", str prior="uniform", int value_slot=0,
                   int policy_slot=0, int net_slot=0):
    """(capsule of the GameInterface table, owner object to keep alive) for this game's states.
    evaluator: the leaf value the search uses after rollout_depth moves: "heuristic" (gi_evaluate) or
    "learned" (learned_value over the weights in value_slot, loaded first: set_value_weights). prior:
    PUCT's move prior (PRIORS): "uniform" (no prior function), "rollout" (gi_prior_rollout), "value"
    (value_prior over the same slot's learned value) or "policy" (policy_prior over the policy in
    policy_slot, loaded first: set_policy_weights). evaluator "net": the value network in net_slot
    (net_value, net.pxi; loaded first: set_net_weights); a value prior then still uses value_slot's
    linear value."""
    if evaluator not in ("heuristic", "learned", "net"):
        raise ValueError(f"unknown evaluator {evaluator!r}: heuristic, learned or net")
    if prior not in PRIORS:
        raise ValueError(f"unknown prior {prior!r}: one of {', '.join(PRIORS)}")
    if evaluator == "learned" or prior == "value":
        check_slot(value_slot)
    if prior == "policy":
        check_policy(policy_slot)
    if evaluator == "net":
        check_net_slot(net_slot)
    cdef Interface owner = Interface()
    owner.context = core.context
    owner.table.state_size = sizeof(GState)
    owner.table.num_players = core.st.num_players
    owner.table.flags = 0
    owner.table.max_moves = GAIA_MAX_SEARCH_MOVES
    owner.table.ctx = <const void*> core.ctx
    owner.table.current_player = gi_current_player
    owner.table.is_terminal = gi_is_terminal
    owner.table.returns = gi_returns
    owner.table.legal_moves = gi_legal_moves
    owner.table.apply = gi_apply
    owner.table.rollout_move = gi_rollout_move
    owner.table.evaluate = gi_evaluate
    if evaluator == "learned":
        owner.table.evaluate = (gi_evaluate_learned0 if value_slot == 0 else gi_evaluate_learned1
                                if value_slot == 1 else gi_evaluate_learned2 if value_slot == 2
                                else gi_evaluate_learned3)
    elif evaluator == "net":
        owner.table.evaluate = (gi_evaluate_net0 if net_slot == 0 else gi_evaluate_net1 if net_slot == 1
                                else gi_evaluate_net2 if net_slot == 2 else gi_evaluate_net3)
    owner.table.determinize = gi_determinize
    owner.table.info_key = gi_info_key
    owner.table.prior = NULL   # uniform: PUCT's priors are 1/k
    if prior == "rollout":
        owner.table.prior = gi_prior_rollout
    elif prior == "value":
        owner.table.prior = (gi_prior_value0 if value_slot == 0 else gi_prior_value1 if value_slot == 1
                             else gi_prior_value2 if value_slot == 2 else gi_prior_value3)
    elif prior == "policy":
        owner.table.prior = (gi_prior_policy0 if policy_slot == 0 else gi_prior_policy1 if policy_slot == 1
                             else gi_prior_policy2 if policy_slot == 2 else gi_prior_policy3)
    return PyCapsule_New(&owner.table, b"gaia_ai.GameInterface", NULL), owner


def state_pointer(Core core):
    """A capsule of the core's state (valid while core lives): the search's root position."""
    return PyCapsule_New(&core.st, b"gaia_ai.GameState", NULL)


def info_key(Core core, int seat) -> int:
    """The interface's info_key of core's position for seat (open information: the same for every
    seat; equal positions, derived caches aside, give equal keys)."""
    return gi_info_key(core.ctx, &core.st, seat)


def evaluate(Core core):
    """The interface's heuristic estimate of each player's final score at core's position."""
    cdef double out[MAXP]
    gi_evaluate(core.ctx, &core.st, out)
    return [out[p] for p in range(core.st.num_players)]
