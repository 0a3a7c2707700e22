# cython: language_level=3
"""Game-agnostic Monte Carlo tree search over the C-level game interface (core/game.pxd), nogil inside.

One simulation: copy the root, determinize it for the searching player, descend the tree by UCT or
PUCT (uniform priors, or the game's move prior: config "prior" not "uniform"), expand the leaf reached (a leaf is expanded on its second visit, the root at
once; all its children at once, from legal_moves), roll out with rollout_move (to the end, or
`rollout_depth` moves then `evaluate`; with `leaf_mix` > 0 the leaf's own `evaluate` is weighed in),
and back the value vector up the path: each node adds the
value of the player who chose its move (max-n), so every player plays for itself. With `minimax` > 0
each node also keeps the evaluator's value backed up through the tree (implicit minimax, below), which
selection mixes with the mean.

Root noise (AlphaZero's exploration in self-play; config root_noise > 0, PUCT only): once per search,
before the simulations, each tree's root priors p are mixed with a Dirichlet(root_noise_alpha) draw eta,
(1 - root_noise) * p + root_noise * eta, kept beside the tree (Tree.root_prior) so the nodes' own priors
stay the game's (a reused root gets a fresh draw, never noise on noise). The draw comes from a stream of
its own, (seed, tree index, the root's moves), so the simulations' random numbers are untouched and the
search stays as reproducible as without it; root_noise = 0 is the plain search, bit for bit.

Values of a final (or evaluated) score vector s, for player p:
  margin: 0.5 + 0.5 * tanh((s[p] - max over others s[q]) / margin_scale)
  rank:   (players p beats + half the players it ties) / (players - 1): 1 for a sole winner, 0 for
          the last, ties split (2 players: 1 / 0.5 / 0).
Besides the value, each node keeps the share of wins of its chooser (first place, ties split) and the
chooser's mean score, reported as win_probability and expected_score.

Nodes live in preallocated arenas (`max_nodes` in total). Children are contiguous. When the arena is
full, leaves stay leaves and simulations go on from them.

Tree reuse (Searcher): a Searcher keeps its arenas between the searches of one game. The next search
probes the old tree for its position (replaying tree moves from the old root, comparing raw states
minus the game's derived-cache byte ranges), copies the subtree found into a fresh arena (breadth
first, within max_nodes) and continues it with its own budget; search() is a fresh Searcher's search.

Parallelism (both nogil, OpenMP):
  root: one tree per thread (max_nodes split evenly), simulations split deterministically
        (thread t of n runs sims // n, +1 if t < sims % n) with an rng seeded from (seed, t), merged
        at the root by move. Deterministic for a given (seed, threads) with a simulation budget.
  tree: one shared tree; atomic visit/value updates, a compare-and-swap per expansion, and virtual
        loss (each node on a thread's path counts `virtual_loss` extra visits worth 0 until backup).

Hidden information and chance (the game's flags, core/game.pxd): single-observer information-set MCTS.
The tree is over what the searching player knows: a node stands for the sequence of moves from the
root, whatever the hidden cards. Each simulation determinizes the root for the searcher with a fresh
rng draw and descends in that sample: at each node the moves legal in the sample are listed, a child is
added (lazily, on the node's second visit like any expansion) for a legal move that has none yet, each
child legal in the sample counts one more availability, and selection scores only those children, by
UCT with the availability count in place of the parent's visits (q + c sqrt(ln avail / n)) or PUCT
(q + c p sqrt(avail) / (1 + n), p the child's prior as a share of the available children's: 1/k when
uniform; a game's prior is asked on the sample when a node gains children, each new child keeping its
move's prior from that list, or, for a prior that weighs each move alone (PRIOR_POINTWISE), for the new
moves only; with prior_after a node's children stay unweighed, uniform, until it has that many
visits). Children are a linked list in the arena (next sibling and availability in arrays beside the
nodes, allocated only for such games), appended
under a per-node lock (the node state) so tree parallelism works as for open games; root parallelism
too. A tree searched for hidden information is never reused (each search starts afresh). Open
information (flags 0) keeps the plain search above, unchanged.
"""
from libc.stdlib cimport malloc, calloc, free
from libc.string cimport memcpy, memcmp, memset
from libc.math cimport sqrt, log, tanh, pow, ceil, cos, INFINITY, NAN
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from cpython.pycapsule cimport PyCapsule_GetPointer
from cython.parallel cimport prange

from core.game cimport GameInterface, Move, INFO_HIDDEN, INFO_CHANCE, PRIOR_POINTWISE
from core.rng cimport splitmix64

cdef extern from *:
    """
    static inline int mc_load_i32(const int* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void mc_add_i32(int* p, int v) { __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
    static inline long long mc_load_i64(const long long* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline long long mc_fetch_add_i64(long long* p, long long v) {
        return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    static inline int mc_cas_i64(long long* p, long long* expected, long long desired) {
        return __atomic_compare_exchange_n(p, expected, desired, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    }
    static inline int mc_cas_i32(int* p, int expected, int desired) {
        return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    }
    static inline int mc_load_acq_i32(const int* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
    static inline void mc_store_rel_i32(int* p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
    static inline signed char mc_load_acq_i8(const signed char* p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
    static inline void mc_store_rel_i8(signed char* p, signed char v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
    static inline int mc_cas_i8(signed char* p, signed char expected, signed char desired) {
        return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    }
    typedef union { float f; unsigned int u; } mc_bits32;
    static inline float mc_load_f32(const float* p) {
        mc_bits32 b; b.u = __atomic_load_n((const unsigned int*)p, __ATOMIC_RELAXED); return b.f;
    }
    static inline void mc_store_f32(float* p, float v) {
        mc_bits32 b; b.f = v; __atomic_store_n((unsigned int*)p, b.u, __ATOMIC_RELAXED);
    }
    /* Ctrl-C: a SIGINT handler that stops every running search of the process (run() reads the flag
       between simulations) and then calls the handler it replaced (CPython's, which schedules the
       Python-level handler), so a search in C without the GIL stops at once. */
    #include <signal.h>
    #include <string.h>
    static int mc_interrupted = 0;
    static int mc_sigint_caught = 0;
    static struct sigaction mc_previous_sigint;
    static void mc_on_sigint(int signum) {
        __atomic_fetch_add(&mc_interrupted, 1, __ATOMIC_RELAXED);
        if (!(mc_previous_sigint.sa_flags & SA_SIGINFO) && mc_previous_sigint.sa_handler != SIG_DFL
                && mc_previous_sigint.sa_handler != SIG_IGN && mc_previous_sigint.sa_handler != NULL)
            mc_previous_sigint.sa_handler(signum);
    }
    static int mc_catch_sigint(void) {
        struct sigaction sa;
        if (mc_sigint_caught) return 0;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = mc_on_sigint;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_ONSTACK;
        if (sigaction(SIGINT, &sa, &mc_previous_sigint) != 0) return -1;
        mc_sigint_caught = 1;
        return 0;
    }
    static int mc_release_sigint(void) {
        if (!mc_sigint_caught) return 0;
        mc_sigint_caught = 0;
        return sigaction(SIGINT, &mc_previous_sigint, NULL);
    }
    typedef union { double d; unsigned long long u; } mc_bits;
    static inline double mc_load_f64(const double* p) {
        mc_bits b; b.u = __atomic_load_n((const unsigned long long*)p, __ATOMIC_RELAXED); return b.d;
    }
    static inline void mc_add_f64(double* p, double v) {
        mc_bits o, n;
        o.u = __atomic_load_n((unsigned long long*)p, __ATOMIC_RELAXED);
        do { n.d = o.d + v; } while (!__atomic_compare_exchange_n(
            (unsigned long long*)p, &o.u, n.u, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    }
    """
    int mc_load_i32(const int* p) noexcept nogil
    int mc_interrupted
    int mc_catch_sigint() noexcept nogil
    int mc_release_sigint() noexcept nogil
    void mc_add_i32(int* p, int v) noexcept nogil
    long long mc_load_i64(const long long* p) noexcept nogil
    long long mc_fetch_add_i64(long long* p, long long v) noexcept nogil
    int mc_cas_i64(long long* p, long long* expected, long long desired) noexcept nogil
    int mc_cas_i32(int* p, int expected, int desired) noexcept nogil
    int mc_load_acq_i32(const int* p) noexcept nogil
    void mc_store_rel_i32(int* p, int v) noexcept nogil
    signed char mc_load_acq_i8(const signed char* p) noexcept nogil
    void mc_store_rel_i8(signed char* p, signed char v) noexcept nogil
    int mc_cas_i8(signed char* p, signed char expected, signed char desired) noexcept nogil
    float mc_load_f32(const float* p) noexcept nogil
    void mc_store_f32(float* p, float v) noexcept nogil
    double mc_load_f64(const double* p) noexcept nogil
    void mc_add_f64(double* p, double v) noexcept nogil

cdef enum:
    MAX_PLAYERS = 8
    MAX_PATH = 1024          # tree depth; deeper paths stop descending and roll out
    MAX_ROLLOUT = 1000000    # playout length guard against a game that never ends

cdef enum NodeState:
    LEAF = 0                 # not expanded
    EXPANDING = 1            # a thread is creating its children
    EXPANDED = 2
    FULL = 3                 # the arena had no room: stays a leaf

cdef float UNWEIGHED = -1.0   # a node's prior while prior_after keeps it unweighed (weights are > 0)


cdef enum SearchError:
    OK = 0
    ERR_LEGAL = 1
    ERR_NO_MOVES = 2
    ERR_APPLY = 3
    ERR_ROLLOUT = 4
    ERR_SCORE = 5
    ERR_PRIOR = 6

ERROR_TEXT = {
    ERR_LEGAL: "legal_moves failed (more than the game's max_moves, or a rules error)",
    ERR_NO_MOVES: "legal_moves listed no move at a non-terminal state",
    ERR_APPLY: "apply rejected a move listed by legal_moves",
    ERR_ROLLOUT: "rollout_move found no move at a non-terminal state",
    ERR_SCORE: "returns/evaluate failed",
    ERR_PRIOR: "the game's move prior failed",
}


ctypedef struct Node:
    Move move                # the move from the parent
    double value_sum         # sum of the chooser's values
    double win_sum           # sum of the chooser's win shares
    double score_sum         # sum of the chooser's final (or evaluated) scores
    int first_child          # index of the first child (children are contiguous), -1 if none
    int num_children
    int visits
    int vloss                # virtual visits of threads currently below this node
    float prior              # PUCT's prior of `move` at the parent (1/k when uniform; fits the padding)
    signed char player       # the player who chose `move` (the player to move at the parent)
    signed char state        # NodeState


ctypedef struct Params:
    const GameInterface* g
    const void* root
    int root_player
    int num_players
    int hidden               # hidden information or chance (the game's flags): information-set search
    int max_moves            # the game's largest move list: the size of every move buffer
    int puct
    int use_prior            # PUCT with the game's move prior (g.prior) instead of uniform priors
    int pointwise_prior      # the game's prior weighs each move alone (PRIOR_POINTWISE): a node that
                             # gains children has only its new moves weighed
    int prior_after          # information-set search, pointwise prior: a node's children are weighed
                             # once the node has this many visits (0: at once); before, uniformly
    double prior_power       # 1 / prior_temperature: the game's priors are raised to it and renormalized
    double c
    double fpu_reduction     # PUCT: an unvisited child's value is its visited siblings' mean minus this times sqrt(their prior mass)
    double widening          # progressive widening (0: off): a node with N visits selects among its
    double widening_power    # ceil(widening * (N + 1) ** widening_power) children of highest prior
    int rank_value
    double margin_scale
    long long rollout_depth  # -1: to the end
    double leaf_mix          # weight of evaluate() at the tree's leaf against the rollout's outcome (0: rollout only)
    double minimax           # weight of the implicit minimax value in selection (0: off; Tree.mm is NULL)
    int virtual_loss
    double deadline          # monotonic seconds; 0: none
    double start             # monotonic seconds when the simulations began
    double hard_deadline     # the time manager's ceiling (max_time_ms), past `deadline`; 0: no time manager
    const int* cancel        # a CancelToken's flag (nonzero: stop), or NULL
    const Move* root_only    # the root's children are restricted to these moves (NULL: all legal moves)
    int n_root_only
    Move favoured            # a root move kept at favoured_share of the root's visits at least (a review's
    double favoured_share    # played move, valued in the same tree as the best one); share 0: none


ctypedef struct Tree:
    Node* nodes
    long long cap
    long long count          # nodes in use
    long long claimed        # simulations claimed by threads
    long long sims_limit     # -1: none (time budget only)
    int stop
    int error
    int* next                # information-set trees only (else NULL): next sibling of each node, -1 last
    int* avail               # and how often each node's move was legal when its parent was visited
    int start_visits         # the root's visits when the simulations began (a reused tree has some)
    float* mm                # implicit minimax only (else NULL): each node's value for its chooser, the
                             # evaluator's at a leaf, backed up by max-n (NAN: not computed)
    float* root_prior        # root noise only (else NULL): the root children's priors mixed with this
                             # search's Dirichlet draw, in child order; selection at the root uses them


ctypedef struct Worker:
    unsigned long long rng
    char* st
    char* tmp                # implicit minimax only: a child's state, to evaluate it at expansion
    Move* moves
    double* priors           # the game's prior of each move of `moves` (use_prior only)
    Move* fresh              # a node's new moves, for a pointwise prior (information-set search only)
    long long prior_moves    # moves the game's prior weighed (stats "prior_moves")
    int* path
    # information-set search only: a hash set of the legal moves of the current node (open addressing,
    # a slot is valid when its stamp is the current generation, so nothing is cleared between nodes),
    # and which legal moves have a child (fstamp), the available children (cbuf)
    Move* hkey
    int* hidx
    unsigned int* hstamp
    unsigned int* fstamp
    unsigned int gen
    int hbits
    int* cbuf
    double scores[MAX_PLAYERS]
    double values[MAX_PLAYERS]
    double wins[MAX_PLAYERS]
    long long sims
    int max_depth
    int time_stop            # what the time manager did: a TimeStop


cdef inline unsigned long long splitmix(unsigned long long* state) noexcept nogil:
    return splitmix64(state)


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


# ---- tree operations ------------------------------------------------------------------------------------

cdef long long arena_alloc(Tree* T, int k) noexcept nogil:
    """Index of k fresh contiguous nodes, or -1 when the arena is full."""
    cdef long long cur = mc_load_i64(&T.count)
    while True:
        if cur + k > T.cap:
            return -1
        if mc_cas_i64(&T.count, &cur, cur + k):
            return cur


cdef void init_node(Node* n, Move m, int player) noexcept nogil:
    n.move = m
    n.value_sum = 0.0
    n.win_sum = 0.0
    n.score_sum = 0.0
    n.first_child = -1
    n.num_children = 0
    n.visits = 0
    n.vloss = 0
    n.prior = 0.0
    n.player = <signed char> player
    n.state = LEAF


cdef int keep_only(Move* moves, int n, const Move* keep, int nkeep) noexcept nogil:
    """Filter moves[:n] in place to those in keep[:nkeep], in their legal-move order; the new count."""
    cdef int i, j, out = 0
    for i in range(n):
        for j in range(nkeep):
            if moves[i] == keep[j]:
                moves[out] = moves[i]
                out += 1
                break
    return out


cdef void temper(double* priors, int n, double power, bint normalize) noexcept nogil:
    """priors[:n] raised to power (a softmax prior at temperature t becomes the same softmax at
    t / power), and with normalize divided by their sum (unchanged if it is 0)."""
    cdef int k
    cdef double total = 0.0
    for k in range(n):
        if power != 1.0:
            priors[k] = pow(priors[k], power)
        total += priors[k]
    if normalize and total > 0.0:
        for k in range(n):
            priors[k] /= total


cdef int game_priors(const Params* P, Worker* W, const Move* moves, int n, bint normalize) noexcept nogil:
    """W.priors[:n]: the game's prior of moves[:n] at W.st, tempered by prior_power (a pointwise prior's
    weights normalized only if asked); OK or ERR_PRIOR."""
    cdef int k
    if P.g.prior(P.g.ctx, W.st, moves, n, W.priors) < 0:
        return ERR_PRIOR
    W.prior_moves += n
    if P.prior_power != 1.0 or (normalize and P.pointwise_prior):
        temper(W.priors, n, P.prior_power, normalize)
    if P.pointwise_prior and not normalize:
        for k in range(n):   # weights kept apart from 0 and within a float's range, whatever the power
            W.priors[k] = 1e-30 if W.priors[k] < 1e-30 else 1e30 if W.priors[k] > 1e30 else W.priors[k]
    return OK


cdef void sort_by_prior(Move* moves, double* priors, int n) noexcept nogil:
    """moves[:n] and their priors reordered by prior, highest first, ties in their listed order (a stable
    insertion sort: deterministic, and quick on the few dozen moves of a node), so that progressive
    widening's first children are the likeliest."""
    cdef int i, j
    cdef Move m
    cdef double p
    for i in range(1, n):
        m = moves[i]
        p = priors[i]
        j = i - 1
        while j >= 0 and priors[j] < p:
            moves[j + 1] = moves[j]
            priors[j + 1] = priors[j]
            j -= 1
        moves[j + 1] = m
        priors[j + 1] = p


cdef inline int widened(const Params* P, const Tree* T, const Node* parent, int k, double n_parent) noexcept nogil:
    """How many of a node's k children (sorted by prior) selection considers: all of them, or with
    progressive widening ceil(widening * (N + 1) ** widening_power) for N visits, at least one. The root of
    a search restricted to given moves (root_only) considers all of them: each is to be scored."""
    cdef double m
    if P.widening <= 0.0 or (P.root_only != NULL and parent == &T.nodes[0]):
        return k
    m = ceil(P.widening * pow(n_parent + 1.0, P.widening_power))
    return k if m >= k else (1 if m < 1.0 else <int> m)


cdef int expand(const Params* P, Tree* T, Worker* W, long long i) noexcept nogil:
    """Create the children of node i at state W.st: 1 if expanded, 0 if not (another thread is at it
    or the arena is full), a negative SearchError on a game error."""
    cdef const GameInterface* g = P.g
    cdef Node* node = &T.nodes[i]
    cdef int n, k, player, r
    cdef long long first
    if not mc_cas_i8(&node.state, LEAF, EXPANDING):
        return 0
    n = g.legal_moves(g.ctx, W.st, W.moves, P.max_moves)
    if n <= 0:
        mc_store_rel_i8(&node.state, FULL)
        return -ERR_LEGAL if n < 0 else -ERR_NO_MOVES
    if i == 0 and P.root_only != NULL:
        n = keep_only(W.moves, n, P.root_only, P.n_root_only)
    first = arena_alloc(T, n)
    if first < 0:
        mc_store_rel_i8(&node.state, FULL)
        return 0
    if P.use_prior:
        if game_priors(P, W, W.moves, n, True) != OK:
            mc_store_rel_i8(&node.state, FULL)
            return -ERR_PRIOR
        if P.widening > 0.0:
            sort_by_prior(W.moves, W.priors, n)
    player = g.current_player(g.ctx, W.st)
    for k in range(n):
        init_node(&T.nodes[first + k], W.moves[k], player)
        T.nodes[first + k].prior = <float> (W.priors[k] if P.use_prior else 1.0 / n)
    if T.mm != NULL:
        r = minimax_leaves(P, T, W, first, n, player)
        if r != OK:
            mc_store_rel_i8(&node.state, FULL)
            return -r
    node.first_child = <int> first
    node.num_children = n
    mc_store_rel_i8(&node.state, EXPANDED)
    return 1


# ---- implicit minimax (Lanctot, Winands, Pepels, Sturtevant 2014) ------------------------------------------
# Beside its Monte Carlo mean, each node keeps T.mm: its value for its chooser by the evaluator, backed up
# through the tree: a leaf's is the evaluator's value of its position (the final score's at a terminal one),
# an expanded node's is its best child's for the player who moves there. Selection ranks children by
# (1 - minimax) * mean + minimax * mm, so the evaluator's view of the whole explored tree, not only of one
# leaf a simulation, guides the search, more so the deeper it grows. Values are the chooser's only: for
# two players the opponent's is 1 - it (margin and rank values are symmetric); for more, the same 1 - v
# treats the mover's gain as the chooser's loss (paranoid), an approximation of max-n.

cdef int minimax_leaves(const Params* P, Tree* T, Worker* W, long long first, int n, int player) noexcept nogil:
    """T.mm of the n new children at first (moves from W.st, chosen by player): the evaluator's value of
    each child's position for player; OK or a SearchError."""
    cdef const GameInterface* g = P.g
    cdef int k, r
    for k in range(n):
        memcpy(W.tmp, W.st, g.state_size)
        if g.apply(g.ctx, W.tmp, T.nodes[first + k].move) != 0:
            return ERR_APPLY
        r = score_state(P, W, W.tmp)
        if r != OK:
            return r
        T.mm[first + k] = <float> W.values[player]
    return OK


cdef void minimax_backup(Tree* T, const int* path, int depth) noexcept nogil:
    """Recompute T.mm of the expanded nodes of path[1..depth], deepest first, from their children; stop
    where a node's value does not change (nothing above it can)."""
    cdef int i, j, first, k
    cdef Node* node
    cdef float best, v, old
    for i in range(depth, 0, -1):
        node = &T.nodes[path[i]]
        if mc_load_acq_i8(&node.state) != EXPANDED:
            continue
        first = node.first_child
        k = node.num_children
        best = NAN
        for j in range(first, first + k):
            v = mc_load_f32(&T.mm[j])
            if v == v and not (best >= v):   # the mover's best child (NAN: not evaluated, skipped)
                best = v
        if best != best:
            return
        if T.nodes[first].player != node.player:
            best = 1.0 - best
        old = mc_load_f32(&T.mm[path[i]])
        if old == best:
            return
        mc_store_f32(&T.mm[path[i]], best)


cdef inline double blend(const Params* P, const Tree* T, int j, double q) noexcept nogil:
    """A child's selection value: its mean q, mixed with its implicit minimax value when there is one."""
    cdef float v
    if T.mm == NULL:
        return q
    v = mc_load_f32(&T.mm[j])
    return q if v != v else (1.0 - P.minimax) * q + P.minimax * v


cdef int select_child(const Params* P, Tree* T, Node* parent) noexcept nogil:
    """UCT: q + c sqrt(ln N / n), unvisited children first in move order. PUCT with uniform priors:
    q + c sqrt(N) / (k (1 + n)); with the game's prior p: q + c p sqrt(N) / (1 + n); an unvisited child
    valued at its visited siblings' mean (0.5 if none) minus fpu_reduction * sqrt(the visited siblings'
    prior mass): the first-play urgency, lower once the likely moves have been tried. With progressive
    widening (PUCT with a prior only), only the first `widened` children, the likeliest, compete. At a
    root with noise (T.root_prior), the noised priors stand for p, uniform or not. Visits include
    virtual loss (worth 0)."""
    cdef int k = parent.num_children
    cdef int first = parent.first_child
    cdef int j, best = first, ne, seen = 0
    cdef double n_parent = mc_load_i32(&parent.visits) + mc_load_i32(&parent.vloss)
    cdef double score, best_score = -INFINITY, q, fpu = 0.0, log_n, sqrt_n, mass = 0.0
    cdef const float* noised = T.root_prior if parent == &T.nodes[0] else NULL   # root noise: the root's priors
    cdef Node* ch
    if P.puct:
        k = widened(P, T, parent, k, n_parent)
        for j in range(first, first + k):
            ch = &T.nodes[j]
            ne = mc_load_i32(&ch.visits) + mc_load_i32(&ch.vloss)
            if ne > 0:
                fpu += mc_load_f64(&ch.value_sum) / ne
                mass += noised[j - first] if noised != NULL else ch.prior
                seen += 1
        fpu = fpu / seen if seen > 0 else 0.5
        if seen > 0 and P.fpu_reduction > 0.0:
            fpu -= P.fpu_reduction * sqrt(mass)
        sqrt_n = sqrt(n_parent if n_parent > 1.0 else 1.0)
        for j in range(first, first + k):
            ch = &T.nodes[j]
            ne = mc_load_i32(&ch.visits) + mc_load_i32(&ch.vloss)
            q = blend(P, T, j, mc_load_f64(&ch.value_sum) / ne if ne > 0 else fpu)
            if noised != NULL:
                score = q + P.c * noised[j - first] * sqrt_n / (1.0 + ne)
            elif P.use_prior:
                score = q + P.c * ch.prior * sqrt_n / (1.0 + ne)
            else:
                score = q + P.c * sqrt_n / (k * (1.0 + ne))
            if score > best_score:
                best_score = score
                best = j
        return best
    log_n = log(n_parent if n_parent > 1.0 else 1.0)
    for j in range(first, first + k):
        ch = &T.nodes[j]
        ne = mc_load_i32(&ch.visits) + mc_load_i32(&ch.vloss)
        if ne == 0:
            return j
        score = blend(P, T, j, mc_load_f64(&ch.value_sum) / ne) + P.c * sqrt(log_n / ne)
        if score > best_score:
            best_score = score
            best = j
    return best


cdef void score_values(const Params* P, Worker* W) noexcept nogil:
    """values[p] and wins[p] from the score vector W.scores (see the module docstring)."""
    cdef int n = P.num_players
    cdef int p, q, beaten, tied, above
    cdef double sp, best_other
    for p in range(n):
        sp = W.scores[p]
        best_other = -INFINITY if n > 1 else 0.0
        beaten = tied = above = 0
        for q in range(n):
            if q == p:
                continue
            if W.scores[q] > best_other:
                best_other = W.scores[q]
            if W.scores[q] < sp:
                beaten += 1
            elif W.scores[q] == sp:
                tied += 1
            else:
                above += 1
        W.wins[p] = 1.0 / (tied + 1) if above == 0 else 0.0
        if P.rank_value:
            W.values[p] = (beaten + 0.5 * tied) / (n - 1) if n > 1 else 1.0
        else:
            W.values[p] = 0.5 + 0.5 * tanh((sp - best_other) / P.margin_scale)


cdef int score_state(const Params* P, Worker* W, const void* st) noexcept nogil:
    """W.scores (the final scores at a terminal state, else evaluate's estimate), then W.values and
    W.wins from them; OK or ERR_SCORE."""
    cdef int r
    if P.g.is_terminal(P.g.ctx, st):
        r = P.g.returns(P.g.ctx, st, W.scores)
    else:
        r = P.g.evaluate(P.g.ctx, st, W.scores)
    if r != 0:
        return ERR_SCORE
    score_values(P, W)
    return OK


cdef int simulate(const Params* P, Tree* T, Worker* W) noexcept nogil:
    """One simulation; 0, or a SearchError."""
    cdef const GameInterface* g = P.g
    cdef const void* ctx = g.ctx
    cdef void* st = W.st
    cdef long long node_i = 0
    cdef int depth = 0, r, c, vl = P.virtual_loss
    cdef signed char state
    cdef Node* node
    cdef Move m
    memcpy(st, P.root, g.state_size)
    g.determinize(ctx, st, P.root_player, &W.rng)
    W.path[0] = 0
    while depth + 1 < MAX_PATH and not g.is_terminal(ctx, st):
        node = &T.nodes[node_i]
        state = mc_load_acq_i8(&node.state)
        if state == LEAF and mc_load_i32(&node.visits) >= 1:
            r = expand(P, T, W, node_i)
            if r < 0:
                return -r
            state = mc_load_acq_i8(&node.state)
        if state != EXPANDED:
            break
        c = select_child(P, T, node)
        if node_i == 0 and P.favoured_share > 0.0:
            c = favour_root(P, T, c)
        m = T.nodes[c].move
        mc_add_i32(&T.nodes[c].vloss, vl)
        depth += 1
        W.path[depth] = c
        if g.apply(ctx, st, m) != 0:
            return ERR_APPLY
        node_i = c
    return rollout_and_backup(P, T, W, depth)


cdef int rollout_and_backup(const Params* P, Tree* T, Worker* W, int depth) noexcept nogil:
    """From W.st at the end of the tree path W.path[1..depth]: play out, score, back the values up."""
    cdef const GameInterface* g = P.g
    cdef const void* ctx = g.ctx
    cdef void* st = W.st
    cdef long long d = 0
    cdef int r, c, i, vl = P.virtual_loss
    cdef Node* node
    cdef Move m
    cdef double leaf_values[MAX_PLAYERS]
    cdef int mixed = P.leaf_mix > 0.0 and P.rollout_depth != 0 and not g.is_terminal(ctx, st)
    if mixed:
        # AlphaGo's mixed leaf: the evaluator's value of the leaf itself, weighed against the rollout's
        r = score_state(P, W, st)
        if r != OK:
            return r
        for i in range(P.num_players):
            leaf_values[i] = W.values[i]
    while not g.is_terminal(ctx, st) and (P.rollout_depth < 0 or d < P.rollout_depth) and d < MAX_ROLLOUT:
        m = g.rollout_move(ctx, st, &W.rng)
        if m < 0:
            return ERR_ROLLOUT
        if g.apply(ctx, st, m) != 0:
            return ERR_APPLY
        d += 1
    r = score_state(P, W, st)
    if r != OK:
        return r
    if mixed:   # the values only: wins and scores stay the rollout's (win_probability, expected_score)
        for i in range(P.num_players):
            W.values[i] = P.leaf_mix * leaf_values[i] + (1.0 - P.leaf_mix) * W.values[i]
    mc_add_i32(&T.nodes[0].visits, 1)
    for i in range(1, depth + 1):
        node = &T.nodes[W.path[i]]
        c = node.player
        mc_add_f64(&node.value_sum, W.values[c])
        mc_add_f64(&node.win_sum, W.wins[c])
        mc_add_f64(&node.score_sum, W.scores[c])
        mc_add_i32(&node.visits, 1)
        mc_add_i32(&node.vloss, -vl)
    if T.mm != NULL:
        minimax_backup(T, W.path, depth)
    if depth > W.max_depth:
        W.max_depth = depth
    return OK


# ---- information-set search (hidden information, chance) ------------------------------------------------

cdef inline unsigned int move_slot(const Worker* W, Move m) noexcept nogil:
    cdef unsigned long long z = (<unsigned long long> m) * 0x9E3779B97F4A7C15ULL
    return <unsigned int> (z >> (64 - W.hbits))


cdef void index_moves(const Params* P, Worker* W, int n) noexcept nogil:
    """Put W.moves[:n] in the worker's hash set, as a new generation."""
    cdef unsigned int mask = (1u << W.hbits) - 1, h
    cdef int k
    W.gen += 1
    if W.gen == 0:   # the stamps wrapped round: forget every old one
        memset(W.hstamp, 0, (mask + 1) * sizeof(unsigned int))
        memset(W.fstamp, 0, P.max_moves * sizeof(unsigned int))
        W.gen = 1
    for k in range(n):
        h = move_slot(W, W.moves[k])
        while W.hstamp[h] == W.gen:
            h = (h + 1) & mask
        W.hstamp[h] = W.gen
        W.hkey[h] = W.moves[k]
        W.hidx[h] = k


cdef inline int legal_index(const Worker* W, Move m) noexcept nogil:
    """The index of m in the current node's legal moves, -1 if it is not legal in this sample."""
    cdef unsigned int mask = (1u << W.hbits) - 1
    cdef unsigned int h = move_slot(W, m)
    while W.hstamp[h] == W.gen:
        if W.hkey[h] == m:
            return W.hidx[h]
        h = (h + 1) & mask
    return -1


cdef int is_grow(const Params* P, Tree* T, Worker* W, long long i, int n) noexcept nogil:
    """Add to node i a child for each legal move of W.moves[:n] (indexed) that has none yet, in their
    legal-move order, at the end of its child list. Skipped when another thread holds the node or the
    arena is full. With a move prior each new child gets the game's prior of its move in this sample.
    Returns the children added, or -ERR_PRIOR if the game's prior failed."""
    cdef Node* node = &T.nodes[i]
    cdef signed char state = mc_load_acq_i8(&node.state)
    cdef long long first
    cdef int j, k, tail = -1, missing = 0, player, b
    # the root is weighed at once (on the search's own sample); another node once it has prior_after
    # visits (is_select weighs the children it made before)
    cdef bint weigh = P.use_prior and (i == 0 or mc_load_i32(&node.visits) >= P.prior_after)
    if state == EXPANDING or not mc_cas_i8(&node.state, state, EXPANDING):
        return 0
    j = node.first_child
    while j >= 0:
        k = legal_index(W, T.nodes[j].move)
        if k >= 0:
            W.fstamp[k] = W.gen
        tail = j
        j = T.next[j]
    for k in range(n):
        if W.fstamp[k] != W.gen:
            missing += 1
    first = arena_alloc(T, missing) if missing > 0 else -1
    if first < 0:
        mc_store_rel_i8(&node.state, state)
        return 0
    # the new children's priors (is_select renormalizes over the available): a pointwise prior weighs
    # the new moves alone; any other, the sample's whole list, so that a move seen first in another
    # sample is weighed on the same scale
    if weigh and P.pointwise_prior:
        j = 0
        for k in range(n):
            if W.fstamp[k] != W.gen:
                W.fresh[j] = W.moves[k]
                j += 1
        if game_priors(P, W, W.fresh, missing, False) != OK:
            mc_store_rel_i8(&node.state, state)
            return -ERR_PRIOR
    elif weigh and game_priors(P, W, W.moves, n, True) != OK:
        mc_store_rel_i8(&node.state, state)
        return -ERR_PRIOR
    player = P.g.current_player(P.g.ctx, W.st)
    b = <int> first
    j = 0
    for k in range(n):
        if W.fstamp[k] != W.gen:
            init_node(&T.nodes[b], W.moves[k], player)
            if weigh:
                T.nodes[b].prior = <float> W.priors[j if P.pointwise_prior else k]
                j += 1
            elif P.use_prior:
                T.nodes[b].prior = UNWEIGHED
            T.avail[b] = 0
            T.next[b] = b + 1
            b += 1
    T.next[b - 1] = -1
    if tail < 0:
        mc_store_rel_i32(&node.first_child, <int> first)
    else:
        mc_store_rel_i32(&T.next[tail], <int> first)
    mc_add_i32(&node.num_children, missing)
    mc_store_rel_i8(&node.state, EXPANDED)
    return missing


cdef int weigh_children(const Params* P, Tree* T, Worker* W, Node* parent, int na) noexcept nogil:
    """Give the available children (W.cbuf[:na]) of parent that is_grow left unweighed (prior_after)
    their weights by the game's pointwise prior in this sample: OK (also when another thread holds
    the node: they stay unweighed this time), or ERR_PRIOR."""
    cdef signed char state = mc_load_acq_i8(&parent.state)
    cdef int a, k = 0
    if state == EXPANDING or not mc_cas_i8(&parent.state, state, EXPANDING):
        return OK
    for a in range(na):
        if mc_load_f32(&T.nodes[W.cbuf[a]].prior) < 0.0:
            W.fresh[k] = T.nodes[W.cbuf[a]].move
            k += 1
    if k > 0 and game_priors(P, W, W.fresh, k, False) != OK:
        mc_store_rel_i8(&parent.state, state)
        return ERR_PRIOR
    k = 0
    for a in range(na):
        if mc_load_f32(&T.nodes[W.cbuf[a]].prior) < 0.0:
            mc_store_f32(&T.nodes[W.cbuf[a]].prior, <float> W.priors[k])
            k += 1
    mc_store_rel_i8(&parent.state, state)
    return OK


cdef inline double prior_mass(const Tree* T, const Worker* W, int na, int* unweighed) noexcept nogil:
    """The summed prior of the available children W.cbuf[:na]; *unweighed: how many have none yet
    (prior_after), whose mass is left out."""
    cdef double mass = 0.0
    cdef float p
    cdef int a
    unweighed[0] = 0
    for a in range(na):
        p = mc_load_f32(&T.nodes[W.cbuf[a]].prior)
        if p < 0.0:
            unweighed[0] += 1
        else:
            mass += p
    return mass


cdef int is_select(const Params* P, Tree* T, Worker* W, Node* parent) noexcept nogil:
    """Among the children of parent whose move is legal in this sample (each counts one more
    availability), the best by UCT or PUCT over availability counts (see the module docstring);
    under UCT the first unvisited one in list order. -1 if none is available, -2 if the game's prior
    failed. With prior_after, a node past it first weighs its unweighed available children; while
    any is unweighed, PUCT weighs them all uniformly."""
    cdef int j = mc_load_acq_i32(&parent.first_child), na = 0, a, ne, best = -1, seen = 0, unweighed = 0
    cdef double score, best_score = -INFINITY, q, fpu = 0.0, mass = 0.0
    cdef Node* ch
    while j >= 0:
        if legal_index(W, T.nodes[j].move) >= 0:
            mc_add_i32(&T.avail[j], 1)
            W.cbuf[na] = j
            na += 1
        j = mc_load_acq_i32(&T.next[j])
    if na == 0:
        return -1
    if P.use_prior:
        mass = prior_mass(T, W, na, &unweighed)
        if unweighed > 0 and mc_load_i32(&parent.visits) >= P.prior_after:
            if weigh_children(P, T, W, parent, na) != OK:
                return -2
            mass = prior_mass(T, W, na, &unweighed)
        if unweighed > 0:
            mass = 0.0   # PUCT with uniform priors
    if P.puct:
        for a in range(na):
            ch = &T.nodes[W.cbuf[a]]
            ne = mc_load_i32(&ch.visits) + mc_load_i32(&ch.vloss)
            if ne > 0:
                fpu += mc_load_f64(&ch.value_sum) / ne
                seen += 1
        fpu = fpu / seen if seen > 0 else 0.5
    for a in range(na):
        j = W.cbuf[a]
        ch = &T.nodes[j]
        ne = mc_load_i32(&ch.visits) + mc_load_i32(&ch.vloss)
        if P.puct:
            q = mc_load_f64(&ch.value_sum) / ne if ne > 0 else fpu
            if P.use_prior and mass > 0.0:
                # the prior's share among the available children
                score = q + P.c * (mc_load_f32(&ch.prior) / mass) * sqrt(<double> mc_load_i32(&T.avail[j])) / (1.0 + ne)
            else:
                score = q + P.c * sqrt(<double> mc_load_i32(&T.avail[j])) / (na * (1.0 + ne))
        elif ne == 0:
            return j
        else:
            score = (mc_load_f64(&ch.value_sum) / ne
                     + P.c * sqrt(log(<double> mc_load_i32(&T.avail[j])) / ne))
        if score > best_score:
            best_score = score
            best = j
    return best


cdef int simulate_is(const Params* P, Tree* T, Worker* W) noexcept nogil:
    """One information-set simulation on a fresh determinization of the root; 0, or a SearchError."""
    cdef const GameInterface* g = P.g
    cdef const void* ctx = g.ctx
    cdef void* st = W.st
    cdef long long node_i = 0
    cdef int depth = 0, n, c, vl = P.virtual_loss
    cdef Node* node
    memcpy(st, P.root, g.state_size)
    g.determinize(ctx, st, P.root_player, &W.rng)
    W.path[0] = 0
    while depth + 1 < MAX_PATH and not g.is_terminal(ctx, st):
        node = &T.nodes[node_i]
        n = g.legal_moves(ctx, st, W.moves, P.max_moves)
        if n < 0:
            return ERR_LEGAL
        if n == 0:
            return ERR_NO_MOVES
        if node_i == 0 and P.root_only != NULL:
            n = keep_only(W.moves, n, P.root_only, P.n_root_only)
        index_moves(P, W, n)
        if node_i == 0 or mc_load_i32(&node.visits) >= 1:
            if is_grow(P, T, W, node_i, n) < 0:
                return ERR_PRIOR
        c = is_select(P, T, W, node)
        if c == -2:
            return ERR_PRIOR
        if c < 0:
            break
        if node_i == 0 and P.favoured_share > 0.0 and has_move(W.moves, n, P.favoured):
            c = favour_root(P, T, c)
        mc_add_i32(&T.nodes[c].vloss, vl)
        depth += 1
        W.path[depth] = c
        if g.apply(ctx, st, T.nodes[c].move) != 0:
            return ERR_APPLY
        node_i = c
    return rollout_and_backup(P, T, W, depth)


cdef int has_move(const Move* moves, int n, Move m) noexcept nogil:
    cdef int i
    for i in range(n):
        if moves[i] == m:
            return 1
    return 0


cdef int favour_root(const Params* P, Tree* T, int c) noexcept nogil:
    """The root child selection chose (c), or the child of P.favoured while it has fewer than
    favoured_share of the root's visits: so the move gets enough of the same tree's simulations for
    its own estimate (the caller checks that it is legal in this simulation's sample)."""
    cdef Node* root = &T.nodes[0]
    cdef int j = root.first_child
    if T.nodes[c].move == P.favoured:
        return c
    while j >= 0:
        if T.nodes[j].move == P.favoured:
            if mc_load_i32(&T.nodes[j].visits) < P.favoured_share * mc_load_i32(&root.visits):
                return j
            return c
        j = child_after(T, root, j)
    return c


cdef inline int child_after(const Tree* T, const Node* parent, int j) noexcept nogil:
    """The sibling after child j of parent (contiguous children, or the information-set list); -1 last."""
    if T.next != NULL:
        return T.next[j]
    return j + 1 if j + 1 < parent.first_child + parent.num_children else -1


cdef enum:
    TM_CHECK = 8             # the time manager looks at the root every this many simulations of a worker

cdef enum TimeStop:          # what the time manager did (stats "time_manager")
    TS_NONE = 0              # nothing: no manager, or the leader was settled at time_ms
    TS_EARLY = 1             # stopped before time_ms: the leader was settled and out of reach
    TS_EXTENDED = 2          # went past time_ms while the leader was not settled, and stopped once it was
    TS_CEILING = 3           # reached max_time_ms unsettled

TIME_STOPS = {TS_NONE: "", TS_EARLY: "early", TS_EXTENDED: "extended", TS_CEILING: "ceiling"}


cdef int root_settled(const Tree* T, int* lead) noexcept nogil:
    """Whether the root's most visited move (the one the search answers) is also the best valued of
    the moves with at least a quarter of its visits; *lead: its visits minus the runner-up's."""
    cdef const Node* root = &T.nodes[0]
    cdef int j = root.first_child, n, top = -1, first = 0, second = 0
    cdef double top_q
    while j >= 0:
        n = mc_load_i32(&T.nodes[j].visits)
        if n > first:
            second = first
            first = n
            top = j
        elif n > second:
            second = n
        j = child_after(T, root, j)
    lead[0] = first - second
    if top < 0:
        return 0
    top_q = mc_load_f64(&T.nodes[top].value_sum) / first
    j = root.first_child
    while j >= 0:
        n = mc_load_i32(&T.nodes[j].visits)
        if j != top and n > 0 and 4 * n >= first and mc_load_f64(&T.nodes[j].value_sum) / n > top_q:
            return 0
        j = child_after(T, root, j)
    return 1


cdef int out_of_time(const Params* P, const Tree* T, Worker* W) noexcept nogil:
    """Whether the time budget ends this worker's simulations. A fixed budget ends at the deadline.
    The time manager (P.hard_deadline > 0) ends it early once the root's leader is settled and leads by
    more visits than the tree can add before the deadline, and past the deadline only once the leader is
    settled, or at the hard deadline (a close decision gets up to max_time_ms)."""
    cdef double t = now(), rate
    cdef int lead = 0, settled
    if P.hard_deadline <= 0.0:
        return t >= P.deadline
    if t >= P.hard_deadline:
        W.time_stop = TS_CEILING
        return 1
    if W.sims == 0 or W.sims % TM_CHECK != 0:   # judge the leader on this search's own simulations
        return 0
    settled = root_settled(T, &lead)
    if t >= P.deadline:           # past the budget, only an open decision goes on
        if not settled:
            W.time_stop = TS_EXTENDED
        return settled
    if not settled:
        return 0
    rate = (mc_load_i32(&T.nodes[0].visits) - T.start_visits) / (t - P.start) if t > P.start else INFINITY
    if lead > rate * (P.deadline - t):
        W.time_stop = TS_EARLY
        return 1
    return 0


cdef void run(const Params* P, Tree* T, Worker* W) noexcept nogil:
    """Simulate until the tree's simulation budget, the time budget (out_of_time), or an error (which
    stops all)."""
    cdef int err
    while not mc_load_i32(&T.stop):
        if P.cancel != NULL and mc_load_i32(P.cancel):
            break
        if mc_load_i32(&mc_interrupted):
            break
        if T.sims_limit >= 0 and mc_fetch_add_i64(&T.claimed, 1) >= T.sims_limit:
            break
        if P.deadline > 0 and out_of_time(P, T, W):
            break
        err = simulate_is(P, T, W) if P.hidden else simulate(P, T, W)
        if err != OK:
            mc_cas_i32(&T.error, 0, err)
            mc_add_i32(&T.stop, 1)
            break
        W.sims += 1


# ---- root noise (AlphaZero) ------------------------------------------------------------------------------
# A Dirichlet(alpha) draw is k Gamma(alpha, 1) draws, normalized. Gamma: Marsaglia and Tsang (2000), for
# alpha < 1 a Gamma(alpha + 1) draw times U ** (1 / alpha); the normal deviate by Box-Muller. Every number
# comes from the caller's splitmix64 stream, so a seed gives one draw.

cdef inline double uniform_open(unsigned long long* rng) noexcept nogil:
    """A uniform double in (0, 1) (never 0: its log is taken)."""
    return ((splitmix(rng) >> 11) + 0.5) * (1.0 / 9007199254740992.0)


cdef double normal_draw(unsigned long long* rng) noexcept nogil:
    """A standard normal deviate (Box-Muller, one of the pair)."""
    cdef double u1 = uniform_open(rng), u2 = uniform_open(rng)
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2)


cdef double gamma_draw(double alpha, unsigned long long* rng) noexcept nogil:
    """A Gamma(alpha, 1) deviate, alpha > 0."""
    cdef double d, c, x, v, u, boost = 1.0
    if alpha < 1.0:
        boost = pow(uniform_open(rng), 1.0 / alpha)
        alpha += 1.0
    d = alpha - 1.0 / 3.0
    c = 1.0 / sqrt(9.0 * d)
    while True:
        x = normal_draw(rng)
        v = 1.0 + c * x
        if v <= 0.0:
            continue
        v = v * v * v
        u = uniform_open(rng)
        if u < 1.0 - 0.0331 * x * x * x * x or log(u) < 0.5 * x * x + d * (1.0 - v + log(v)):
            return boost * d * v


cdef void dirichlet_draw(double alpha, int k, double* out, unsigned long long* rng) noexcept nogil:
    """out[:k] = a Dirichlet(alpha, ..., alpha) draw. Should every Gamma draw underflow to 0 (a tiny
    alpha), all the mass goes to one index drawn uniformly, the distribution's limit as alpha -> 0."""
    cdef int i
    cdef double total = 0.0
    for i in range(k):
        out[i] = gamma_draw(alpha, rng)
        total += out[i]
    if total > 0.0:
        for i in range(k):
            out[i] /= total
        return
    out[splitmix(rng) % <unsigned long long> k] = 1.0


cdef void noise_root(Tree* T, double weight, double alpha, unsigned long long rng, double* eta) noexcept nogil:
    """T.root_prior[:k] (allocated by the caller for the root's k children) = the children's priors mixed
    with a Dirichlet(alpha) draw: (1 - weight) * prior + weight * eta; eta: k doubles of scratch. The
    stream is rng with the root's moves folded in, so the decisions of one game searched with one seed
    (self-play's) get draws of their own, while a position and seed still give one draw."""
    cdef const Node* root = &T.nodes[0]
    cdef int k = root.num_children, i
    for i in range(k):
        rng ^= <unsigned long long> T.nodes[root.first_child + i].move
        splitmix(&rng)
    dirichlet_draw(alpha, k, eta, &rng)
    for i in range(k):
        T.root_prior[i] = <float> ((1.0 - weight) * T.nodes[root.first_child + i].prior + weight * eta[i])


def dirichlet(double alpha, int k, seed):
    """One Dirichlet(alpha) draw of k numbers from seed, as root noise draws it (for tests)."""
    cdef unsigned long long rng = <unsigned long long> (int(seed) & 0xFFFFFFFFFFFFFFFF)
    cdef double* out
    cdef int i
    if not alpha > 0.0 or k < 1:
        raise ValueError(f"dirichlet: alpha must be > 0 and k >= 1, got {alpha!r}, {k!r}")
    out = <double*> calloc(k, sizeof(double))
    if out == NULL:
        raise MemoryError()
    try:
        dirichlet_draw(alpha, k, out, &rng)
        return [out[i] for i in range(k)]
    finally:
        free(out)


# ---- tree reuse ----------------------------------------------------------------------------------------

cdef enum:
    REUSE_DEPTH = 32         # moves below the old root the probe looks for the new position
    REUSE_STEPS = 1000000    # apply() calls one probe may make (bounds its time on huge trees)


ctypedef struct Probe:
    const GameInterface* g
    Tree* T
    const char* target       # the new root position
    char* stack              # REUSE_DEPTH + 1 states: the position of each node on the probe's path
    const size_t* seg_off    # the byte segments position equality compares (the game's derived
    const size_t* seg_len    # caches excluded)
    int nseg
    long long steps
    long long best           # most visited node found at the target position, -1 if none
    int best_visits


cdef int same_position(const Probe* R, const char* s) noexcept nogil:
    cdef int k
    for k in range(R.nseg):
        if memcmp(s + R.seg_off[k], R.target + R.seg_off[k], R.seg_len[k]) != 0:
            return 0
    return 1


cdef void probe_child(Probe* R, long long j, int depth) noexcept nogil:
    """Child j of a node whose position is stack[depth]: is it the target, or is the target below?"""
    cdef Node* ch = &R.T.nodes[j]
    cdef size_t size = R.g.state_size
    cdef char* s
    if ch.visits <= R.best_visits or R.steps >= REUSE_STEPS:
        return   # no statistics to gain there (a match's descendants have fewer visits than it)
    R.steps += 1
    s = R.stack + (depth + 1) * size
    memcpy(s, R.stack + depth * size, size)
    if R.g.apply(R.g.ctx, s, ch.move) != 0:
        return
    if same_position(R, s):
        R.best = j
        R.best_visits = ch.visits
        return
    probe(R, j, depth + 1)


cdef void probe(Probe* R, long long i, int depth) noexcept nogil:
    """Search below node i (position stack[depth]) for the most visited node at the target position:
    depth first, the most visited child first (the move played is usually the search's best), then
    the others in order; deterministic."""
    cdef Node* node = &R.T.nodes[i]
    cdef long long j, top = -1, first = node.first_child, k = node.num_children
    if node.state != EXPANDED or depth >= REUSE_DEPTH:
        return
    for j in range(first, first + k):
        if top < 0 or R.T.nodes[j].visits > R.T.nodes[top].visits:
            top = j
    probe_child(R, top, depth)
    for j in range(first, first + k):
        if j != top:
            probe_child(R, j, depth)


cdef void copy_mm(const float* old, long long src, float* dst, long long at, long long n) noexcept nogil:
    """dst[at:at+n] = old[src:src+n] (implicit minimax values of copied nodes), NAN where old has none."""
    cdef long long k
    if dst == NULL:
        return
    for k in range(n):
        dst[at + k] = old[src + k] if old != NULL else NAN


cdef long long copy_subtree(const Node* old, const float* old_mm, long long src, Node* dst, float* dst_mm,
                            long long cap) noexcept nogil:
    """Copy the subtree of old[src] into the empty arena dst (breadth first, so a smaller arena keeps
    the shallowest nodes: a node whose children do not fit becomes a leaf again, as does a node the
    old arena left FULL), with its implicit minimax values (dst_mm, when not NULL). Returns the nodes
    used; dst[0] is the new root, its statistics kept."""
    cdef long long count = 1, scan = 0
    cdef Node* n
    memcpy(&dst[0], &old[src], sizeof(Node))
    copy_mm(old_mm, src, dst_mm, 0, 1)
    dst[0].move = -1
    dst[0].player = -1
    while scan < count:
        n = &dst[scan]
        n.vloss = 0
        if n.state == EXPANDED and count + n.num_children <= cap:
            memcpy(&dst[count], &old[n.first_child], n.num_children * sizeof(Node))
            copy_mm(old_mm, n.first_child, dst_mm, count, n.num_children)
            n.first_child = <int> count
            count += n.num_children
        elif n.state != LEAF:
            n.first_child = -1
            n.num_children = 0
            n.state = LEAF
        scan += 1
    return count


# ---- Python entry ------------------------------------------------------------------------------------

CONFIG_KEYS = (
    "simulations", "time_ms", "max_time_ms", "threads", "parallelism", "selection", "c_uct", "c_puct", "value",
    "margin_scale", "rollout_depth", "max_nodes", "pv_length", "seed", "virtual_loss", "reuse_tree",
    "fpu_reduction", "leaf_mix", "minimax", "prior_temperature", "prior_after", "widening", "widening_power",
    "leaf_mix_per_doubling", "leaf_mix_reference",   # the budget rule, resolved in Python: must come as 0
    "evaluator",   # read by the game when it builds its interface table (its evaluate), not here
    "prior",       # "uniform", or a prior the game put in its table (g.prior), which PUCT then uses
    "root_noise", "root_noise_alpha",
)  # documented, with their defaults, in one place: gaia_ai.search.config.SearchConfig


def interface_info(iface_capsule):
    """What a game's interface table declares: {"num_players", "state_size", "max_moves",
    "hidden_information", "chance"} (the flags, core/game.pxd)."""
    cdef const GameInterface* g = <const GameInterface*> PyCapsule_GetPointer(iface_capsule, b"gaia_ai.GameInterface")
    return {"num_players": g.num_players, "state_size": g.state_size, "max_moves": g.max_moves,
            "hidden_information": bool(g.flags & INFO_HIDDEN), "chance": bool(g.flags & INFO_CHANCE)}


def node_bytes():
    """Bytes of one tree node."""
    return sizeof(Node)


cdef list principal_variation(Tree* T, int child, int length):
    cdef list pv = []
    cdef Node* n = &T.nodes[child]
    cdef int j, best
    while True:
        pv.append((n.move, n.player))
        if len(pv) >= length or n.state != EXPANDED:
            break
        best = -1
        j = n.first_child
        while j >= 0:
            if T.nodes[j].visits > 0 and (best < 0 or T.nodes[j].visits > T.nodes[best].visits):
                best = j
            j = child_after(T, n, j)
        if best < 0:
            break
        n = &T.nodes[best]
    return pv


cdef class CancelToken:
    """Stops a running search from another thread: cancel() makes the search finish its current
    simulations and return what it has (stats["cancelled"] is then true). A token stays cancelled;
    use a new one per search. Thread-safe (an atomic flag the search threads read without the GIL)."""
    cdef int flag

    def cancel(self):
        set_flag(&self.flag)

    @property
    def cancelled(self):
        return mc_load_i32(&self.flag) != 0


cdef inline void set_flag(int* flag) noexcept nogil:
    mc_add_i32(flag, 1)


def catch_sigint():
    """Let Ctrl-C (SIGINT) stop every search of this process after its current simulations (each
    search then returns what it has, stats["cancelled"] true) and every later one at once, until
    clear_interrupt(). The handler set before (Python's) still runs after ours. Call from the main
    thread; release_sigint() puts the previous handler back."""
    clear_interrupt()
    if mc_catch_sigint() != 0:
        raise OSError("cannot install the SIGINT handler")


def release_sigint():
    """Put back the SIGINT handler catch_sigint() replaced (the interrupted() flag stays as it is)."""
    if mc_release_sigint() != 0:
        raise OSError("cannot restore the SIGINT handler")


def interrupted():
    """Whether Ctrl-C came since catch_sigint() (or interrupt()): searches stop at once while it is set."""
    return mc_load_i32(&mc_interrupted) != 0


def interrupt():
    """Stop every search of this process as Ctrl-C does (until clear_interrupt())."""
    set_flag(&mc_interrupted)


def clear_interrupt():
    """Let searches run again after an interrupt."""
    mc_store_rel_i32(&mc_interrupted, 0)


def search(iface_capsule, state_capsule, dict config, cancel=None, root_moves=None, favoured=None):
    """Search the position of `state_capsule` for the player to move, in a fresh tree.

    config: every key of CONFIG_KEYS, as SearchConfig.to_dict() gives them (SearchConfig documents
    and validates each; this checks only what would break the search; reuse_tree is ignored: see
    Searcher). Returns {"player", "candidates": [{"move", "visits", "value", "win_probability",
    "expected_score", "pv": [(move, player), ...], "minimax_value", "prior"}, ...] most visited first,
    "stats": {...}} (minimax_value: the move's implicit minimax value, NaN unless config minimax > 0;
    prior: the move's prior at the root as selection used it, 1/k without the game's prior, NaN in an
    information-set search; with root_noise, the noised prior).
    cancel: a CancelToken that stops the search early. root_moves: restrict the root's children to
    these legal moves (each must be legal at the root), e.g. to evaluate one given move with the whole
    budget; the one-legal-move shortcut (a single simulation) does not apply then. favoured: (move,
    share): that legal root move is chosen whenever it has fewer than `share` (0..1) of the root's
    visits, so its statistics come from the same tree as the best move's with enough simulations (a
    review's played move); selection otherwise as usual.
    Raises ValueError for a finished game or a bad config, RuntimeError if the game breaks its contract.
    """
    return Searcher().search(iface_capsule, state_capsule, config, reuse=False, cancel=cancel,
                             root_moves=root_moves, favoured=favoured)


cdef class Searcher:
    """A search that keeps its tree(s) between calls, for the consecutive decisions of one game.

    search(iface, state, config) first looks for the new position in the tree of the previous call:
    a depth-first probe from the old root (at most REUSE_DEPTH moves deep, only through visited
    nodes, the most visited child first) replays the tree's moves on a copy of the old root position
    and compares each position reached with the new one, byte for byte except the `ignore` ranges
    (derived caches of the game's state, e.g. gaia_rules.state_derived_ranges()). The most visited
    node found becomes the new root: its subtree, statistics included, is copied into a fresh arena
    and the rest is freed; then the budget runs (simulations counts the new ones only). Not found (or
    reuse off, or another thread/tree layout): a fresh tree, exactly as the module's search().
    Deterministic like search(): the same seed, sequence of positions and configs give the same
    results. Root parallelism reuses each thread's tree on its own. Stats add reused_nodes,
    reused_visits (the new root's visits carried over, all trees) and reuse_probe_moves.

    With hidden information or chance (the game's flags), every search starts afresh: an
    information-set tree is not reused. The positions of consecutive calls must
    belong to one game (same interface context): the caller resets, or uses another Searcher, for
    another game. Not thread-safe: one search at a time.
    """
    cdef Tree* trees
    cdef int ntrees
    cdef char* root           # the position of the last search (raw state), NULL if none
    cdef size_t state_size
    cdef int num_players
    cdef int root_player      # the searching player of the last search
    cdef list ignore

    def __cinit__(self):
        self.trees = NULL
        self.ntrees = 0
        self.root = NULL

    def __init__(self, ignore=()):
        self.ignore = []
        for offset, length in ignore:
            if int(offset) < 0 or int(length) < 0:
                raise ValueError(f"ignore: bad byte range ({offset}, {length})")
            self.ignore.append((int(offset), int(length)))

    def __dealloc__(self):
        self._release()

    cdef void _release(self):
        cdef int t
        if self.trees != NULL:
            for t in range(self.ntrees):
                free(self.trees[t].nodes)
                free(self.trees[t].next)
                free(self.trees[t].avail)
                free(self.trees[t].mm)
                free(self.trees[t].root_prior)
            free(self.trees)
        self.trees = NULL
        self.ntrees = 0
        free(self.root)
        self.root = NULL

    def reset(self):
        """Forget the tree (and free its memory): the next search starts fresh."""
        self._release()

    @property
    def has_tree(self):
        return self.trees != NULL

    def _segments(self, size_t size):
        """The (offset, length) segments of the state equality compares."""
        segments, pos = [], 0
        for offset, length in sorted(self.ignore):
            if offset + length > size:
                raise ValueError(f"ignore: byte range ({offset}, {length}) beyond the state ({size} bytes)")
            if offset > pos:
                segments.append((pos, offset - pos))
            pos = max(pos, offset + length)
        if pos < size:
            segments.append((pos, size - pos))
        return segments

    def search(self, iface_capsule, state_capsule, dict config, reuse=None, CancelToken cancel=None,
               root_moves=None, favoured=None, top_up=None):
        """Search the position of state_capsule (see the module's search() for config, cancel,
        root_moves and the result), reusing the previous tree when config["reuse_tree"] (or `reuse`,
        if given) is true; a search with root_moves starts a fresh tree (an old root's children are
        not restricted) and leaves none to reuse. top_up (an int >= 0, with a simulation budget): the
        budget counts the root's visits, the reused ones included, so only what the reused tree lacks
        is simulated, and at least top_up new simulations (split over the trees like the budget): a
        search as deep as a fresh one of that budget for less (a game review's consecutive
        decisions); None (the default): the budget counts new simulations only."""
        cdef const GameInterface* g = <const GameInterface*> PyCapsule_GetPointer(iface_capsule, b"gaia_ai.GameInterface")
        cdef const void* root = PyCapsule_GetPointer(state_capsule, b"gaia_ai.GameState")
        cdef Params P
        cdef Probe R
        cdef Tree* trees = NULL
        cdef Worker* workers = NULL
        cdef char* probe_st = NULL
        cdef size_t* seg = NULL
        cdef Move* keep = NULL
        cdef Node* fresh
        cdef float* fresh_mm
        cdef int nthreads, ntrees, active, t, root_mode, n_root, i, j, rc, rc2, hbits, alloc_threads = 0
        cdef long long sims, cap, count
        cdef long long reused_nodes = 0, reused_visits = 0, probe_steps = 0
        cdef unsigned long long rng
        cdef double start, elapsed, noise, noise_alpha
        cdef double* eta = NULL
        cdef Node* ch

        unknown = set(config) - set(CONFIG_KEYS)
        missing = set(CONFIG_KEYS) - set(config)
        if unknown or missing:
            raise ValueError(f"search config: unknown keys {sorted(unknown)}, missing keys {sorted(missing)} "
                             "(build it with gaia_ai.search.SearchConfig(...).to_dict())")
        cfg = config
        if g.num_players < 1 or g.num_players > MAX_PLAYERS:
            raise ValueError(f"the search supports 1..{MAX_PLAYERS} players, the game has {g.num_players}")
        if g.max_moves < 1:
            raise ValueError(f"the game's max_moves must be >= 1, got {g.max_moves}")
        if g.flags & ~(INFO_HIDDEN | INFO_CHANCE | PRIOR_POINTWISE):
            raise ValueError(f"the game's flags {g.flags:#x} hold unknown bits")
        if (g.flags & PRIOR_POINTWISE) and g.prior == NULL:
            raise ValueError("a game that flags its prior pointwise needs a prior")
        if (g.flags & (INFO_HIDDEN | INFO_CHANCE)) and (g.determinize == NULL or g.info_key == NULL):
            raise ValueError("a game with hidden information or chance needs determinize and info_key")
        if g.is_terminal(g.ctx, root):
            raise ValueError("the game is over: there is no move to search")
        nthreads = int(cfg["threads"])
        if nthreads < 1:
            raise ValueError(f"threads must be >= 1, got {nthreads}")
        if cfg["parallelism"] not in ("root", "tree"):
            raise ValueError(f"parallelism must be 'root' or 'tree', got {cfg['parallelism']!r}")
        if cfg["selection"] not in ("uct", "puct"):
            raise ValueError(f"selection must be 'uct' or 'puct', got {cfg['selection']!r}")
        if cfg["value"] not in ("margin", "rank"):
            raise ValueError(f"value must be 'margin' or 'rank', got {cfg['value']!r}")
        if not isinstance(cfg["prior"], str):
            raise ValueError(f"prior must be a name ('uniform' or the game's), got {cfg['prior']!r}")
        if cfg["prior"] != "uniform":
            if cfg["selection"] != "puct":
                raise ValueError(f"prior={cfg['prior']!r} needs selection='puct' (UCT has no priors)")
            if g.prior == NULL:
                raise ValueError(f"prior={cfg['prior']!r}: the game's interface table has no move prior")
            if (g.flags & (INFO_HIDDEN | INFO_CHANCE)) and float(cfg["widening"]) != 0.0:
                raise ValueError("widening needs open information (an information-set node's children "
                                 "are appended as samples list them, not kept in prior order)")
        if not float(cfg["prior_temperature"]) > 0.0:
            raise ValueError(f"prior_temperature must be > 0, got {cfg['prior_temperature']!r}")
        if float(cfg["prior_temperature"]) != 1.0 and cfg["prior"] == "uniform":
            raise ValueError("prior_temperature needs a move prior (prior='uniform' has nothing to temper)")
        if (g.flags & (INFO_HIDDEN | INFO_CHANCE)) and float(cfg["minimax"]) != 0.0:
            raise ValueError("minimax needs open information (an information-set tree's nodes stand for "
                             "many positions, with no one value to back up)")
        if float(cfg["widening"]) != 0.0 and (cfg["prior"] == "uniform" or cfg["selection"] != "puct"):
            raise ValueError("widening needs selection='puct' and a move prior (it widens a node to its "
                             "likeliest moves first; a uniform prior has no order)")
        noise = float(cfg["root_noise"])
        noise_alpha = float(cfg["root_noise_alpha"])
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"root_noise must be in [0, 1], got {cfg['root_noise']!r}")
        if not (noise_alpha > 0.0 and noise_alpha < INFINITY):
            raise ValueError(f"root_noise_alpha must be a finite number > 0, got {cfg['root_noise_alpha']!r}")
        if noise > 0.0 and cfg["selection"] != "puct":
            raise ValueError("root_noise needs selection='puct' (it mixes noise into the root's priors; UCT has none)")
        if noise > 0.0 and (g.flags & (INFO_HIDDEN | INFO_CHANCE)):
            raise ValueError("root_noise needs open information (the information-set search keeps no priors)")
        if (g.flags & (INFO_HIDDEN | INFO_CHANCE)) and float(cfg["fpu_reduction"]) != 0.0:
            # is_select values an unvisited move at its siblings' mean (no prior mass to reduce it by)
            raise ValueError("fpu_reduction needs open information (the information-set search keeps "
                             "the siblings' mean)")
        if cfg["simulations"] is None and cfg["time_ms"] is None:
            raise ValueError("give a budget: simulations or time_ms")
        if cfg["max_time_ms"] is not None and (cfg["time_ms"] is None or int(cfg["max_time_ms"]) < int(cfg["time_ms"])):
            raise ValueError("max_time_ms (the time manager's ceiling) needs a time_ms no larger than it")
        if float(cfg["margin_scale"]) <= 0:
            raise ValueError("margin_scale must be > 0")
        reuse = bool(cfg["reuse_tree"]) if reuse is None else bool(reuse)
        segments = self._segments(g.state_size)
        root_mode = cfg["parallelism"] == "root" or nthreads == 1
        sims = -1 if cfg["simulations"] is None else int(cfg["simulations"])

        P.g = g
        P.root = root
        P.root_player = g.current_player(g.ctx, root)
        P.num_players = g.num_players
        P.hidden = (g.flags & (INFO_HIDDEN | INFO_CHANCE)) != 0
        P.max_moves = g.max_moves
        P.puct = cfg["selection"] == "puct"
        P.use_prior = P.puct and cfg["prior"] != "uniform"
        P.pointwise_prior = P.use_prior and (g.flags & PRIOR_POINTWISE) != 0
        P.prior_after = int(cfg["prior_after"])
        if P.prior_after < 0:
            raise ValueError(f"prior_after must be >= 0, got {cfg['prior_after']!r}")
        if P.prior_after > 0 and not (P.hidden and P.pointwise_prior):
            raise ValueError("prior_after needs the information-set search and a move prior that weighs each "
                             "move alone (the game's PRIOR_POINTWISE): it weighs a node's children later, "
                             "in another sample")
        P.prior_power = 1.0 / float(cfg["prior_temperature"])
        P.c = float(cfg["c_puct"] if P.puct else cfg["c_uct"])
        P.fpu_reduction = float(cfg["fpu_reduction"])
        if not P.fpu_reduction >= 0.0:
            raise ValueError(f"fpu_reduction must be >= 0, got {cfg['fpu_reduction']!r}")
        P.widening = float(cfg["widening"])
        P.widening_power = float(cfg["widening_power"])
        if not (P.widening >= 0.0 and P.widening < INFINITY and 0.0 < P.widening_power <= 1.0):
            raise ValueError(f"widening must be >= 0 and widening_power in (0, 1], got {cfg['widening']!r}, "
                             f"{cfg['widening_power']!r}")
        P.rank_value = cfg["value"] == "rank"
        P.margin_scale = float(cfg["margin_scale"])
        P.rollout_depth = -1 if cfg["rollout_depth"] is None else int(cfg["rollout_depth"])
        P.leaf_mix = float(cfg["leaf_mix"])
        if not 0.0 <= P.leaf_mix <= 1.0:
            raise ValueError(f"leaf_mix must be in [0, 1], got {cfg['leaf_mix']!r}")
        if float(cfg["leaf_mix_per_doubling"]) != 0.0:
            # resolving the rule needs the search's expected simulations, which Python knows (the rate)
            raise ValueError(f"leaf_mix_per_doubling={cfg['leaf_mix_per_doubling']!r}: the budget rule is resolved "
                             "before the search; pass SearchConfig.for_search().to_dict()")
        P.minimax = float(cfg["minimax"])
        if not 0.0 <= P.minimax <= 1.0:
            raise ValueError(f"minimax must be in [0, 1], got {cfg['minimax']!r}")
        P.virtual_loss = int(cfg["virtual_loss"]) if not root_mode else 0
        P.deadline = 0.0
        P.hard_deadline = 0.0
        P.cancel = &cancel.flag if cancel is not None else NULL
        P.root_only = NULL
        P.n_root_only = 0
        P.favoured = 0
        P.favoured_share = 0.0
        if favoured is not None:
            P.favoured = int(favoured[0])
            P.favoured_share = float(favoured[1])
            if not 0.0 <= P.favoured_share <= 1.0:
                raise ValueError(f"favoured share must be in [0, 1], got {favoured[1]!r}")
        if top_up is not None:
            top_up = int(top_up)
            if top_up < 0 or cfg["simulations"] is None:
                raise ValueError(f"top_up must be >= 0 and needs a simulation budget, got {top_up!r}")
        if root_moves is not None:
            root_moves = [int(m) for m in root_moves]
            if not root_moves:
                raise ValueError("root_moves is empty: give at least one legal move, or None for all")
            reuse = False
        rng = <unsigned long long> (int(cfg["seed"]) & 0xFFFFFFFFFFFFFFFF)

        ntrees = nthreads if root_mode else 1
        cap = int(cfg["max_nodes"]) // ntrees
        try:
            probe_st = <char*> malloc(g.state_size * (REUSE_DEPTH + 1))
            workers = <Worker*> calloc(nthreads, sizeof(Worker))
            seg = <size_t*> malloc((2 * len(segments) + 1) * sizeof(size_t))
            alloc_threads = nthreads
            if probe_st == NULL or workers == NULL or seg == NULL:
                raise MemoryError()
            # The game keeps its contract: an open game's determinize is the identity, a hidden one's
            # keeps what the searching player sees.
            for i in range(4):
                memcpy(probe_st, root, g.state_size)
                g.determinize(g.ctx, probe_st, P.root_player, &rng)
                if not P.hidden and memcmp(probe_st, root, g.state_size) != 0:
                    raise RuntimeError("the game's flags say open information, but determinize changed "
                                       "the position: flag it INFO_HIDDEN")
                if P.hidden and (g.info_key(g.ctx, probe_st, P.root_player)
                                 != g.info_key(g.ctx, root, P.root_player)):
                    raise RuntimeError("determinize changed what the searching player sees (its info_key): "
                                       "the game breaks its contract")
            hbits = 1
            while (1 << hbits) < 2 * g.max_moves:
                hbits += 1
            for t in range(nthreads):
                workers[t].rng = <unsigned long long> (int(cfg["seed"]) & 0xFFFFFFFFFFFFFFFF) * 0x9E3779B97F4A7C15ULL + <unsigned long long> t * 0xD1B54A32D192ED03ULL + 1
                splitmix(&workers[t].rng)
                workers[t].st = <char*> malloc(g.state_size)
                workers[t].moves = <Move*> malloc(g.max_moves * sizeof(Move))
                workers[t].path = <int*> malloc(MAX_PATH * sizeof(int))
                if workers[t].st == NULL or workers[t].moves == NULL or workers[t].path == NULL:
                    raise MemoryError()
                if P.minimax > 0.0:
                    workers[t].tmp = <char*> malloc(g.state_size)
                    if workers[t].tmp == NULL:
                        raise MemoryError()
                if P.use_prior:
                    workers[t].priors = <double*> malloc(g.max_moves * sizeof(double))
                    workers[t].fresh = <Move*> malloc(g.max_moves * sizeof(Move))
                    if workers[t].priors == NULL or workers[t].fresh == NULL:
                        raise MemoryError()
                if P.hidden:
                    workers[t].hbits = hbits
                    workers[t].hkey = <Move*> malloc((1 << hbits) * sizeof(Move))
                    workers[t].hidx = <int*> malloc((1 << hbits) * sizeof(int))
                    workers[t].hstamp = <unsigned int*> calloc(1 << hbits, sizeof(unsigned int))
                    workers[t].fstamp = <unsigned int*> calloc(g.max_moves, sizeof(unsigned int))
                    workers[t].cbuf = <int*> malloc(g.max_moves * sizeof(int))
                    if (workers[t].hkey == NULL or workers[t].hidx == NULL or workers[t].hstamp == NULL
                            or workers[t].fstamp == NULL or workers[t].cbuf == NULL):
                        raise MemoryError()
            n_root = g.legal_moves(g.ctx, root, workers[0].moves, g.max_moves)
            if n_root <= 0:
                raise RuntimeError(ERROR_TEXT[ERR_LEGAL if n_root < 0 else ERR_NO_MOVES])
            if favoured is not None and P.favoured not in set(workers[0].moves[i] for i in range(n_root)):
                raise ValueError(f"favoured: move {P.favoured} is not legal at the root")
            if root_moves is not None:
                legal = set(workers[0].moves[i] for i in range(n_root))
                wanted = list(dict.fromkeys(root_moves))   # duplicates dropped, order kept
                for m in wanted:
                    if m not in legal:
                        raise ValueError(f"root_moves: move {m} is not legal at the root")
                keep = <Move*> malloc(len(wanted) * sizeof(Move))
                if keep == NULL:
                    raise MemoryError()
                for i in range(len(wanted)):
                    keep[i] = wanted[i]
                P.root_only = keep
                P.n_root_only = len(wanted)
                n_root = len(wanted)
            if cap < n_root + 1:
                raise ValueError(f"max_nodes={cfg['max_nodes']} is too small: the root has {n_root} moves, "
                                 f"each of the {ntrees} trees needs at least {n_root + 1} nodes")
            active = ntrees
            if n_root == 1 and root_moves is None:
                sims = 1     # one legal move: nothing to choose, one simulation for its statistics
                nthreads = 1
                active = 1
                root_mode = 1

            # The trees: the old ones re-rooted at this position where it is found, else fresh (always
            # fresh for an information-set search).
            if not (reuse and not P.hidden and self.trees != NULL and self.ntrees == ntrees
                    and self.root != NULL and self.state_size == g.state_size
                    and self.num_players == g.num_players):
                self._release()
            trees = self.trees
            if trees == NULL:
                trees = <Tree*> calloc(ntrees, sizeof(Tree))
                if trees == NULL:
                    raise MemoryError()
                self.trees = trees
                self.ntrees = ntrees
            for i in range(len(segments)):
                seg[i] = segments[i][0]
                seg[len(segments) + i] = segments[i][1]
            R.g = g
            R.target = <const char*> root
            R.stack = probe_st
            R.seg_off = seg
            R.seg_len = seg + len(segments)
            R.nseg = len(segments)
            R.steps = 0
            for t in range(ntrees):
                fresh = <Node*> malloc(cap * sizeof(Node))
                if fresh == NULL:
                    raise MemoryError()
                fresh_mm = NULL
                if P.minimax > 0.0:
                    fresh_mm = <float*> malloc(cap * sizeof(float))
                    if fresh_mm == NULL:
                        free(fresh)
                        raise MemoryError()
                    fresh_mm[0] = NAN
                count = 0
                if trees[t].nodes != NULL:
                    R.T = &trees[t]
                    R.best = -1
                    R.best_visits = 0
                    memcpy(probe_st, self.root, g.state_size)
                    if same_position(&R, probe_st):
                        R.best = 0
                    else:
                        probe(&R, 0, 0)
                    if R.best >= 0:
                        count = copy_subtree(trees[t].nodes, trees[t].mm, R.best, fresh, fresh_mm, cap)
                    free(trees[t].nodes)
                free(trees[t].mm)
                trees[t].nodes = fresh
                trees[t].mm = fresh_mm
                if P.hidden:
                    trees[t].next = <int*> malloc(cap * sizeof(int))
                    trees[t].avail = <int*> malloc(cap * sizeof(int))
                    if trees[t].next == NULL or trees[t].avail == NULL:
                        raise MemoryError()
                    trees[t].next[0] = -1
                    trees[t].avail[0] = 0
                if count == 0:
                    count = 1
                    init_node(&fresh[0], -1, -1)
                elif t < active:
                    reused_nodes += count
                    reused_visits += fresh[0].visits
                trees[t].cap = cap
                trees[t].count = count
                trees[t].claimed = 0
                trees[t].stop = 0
                trees[t].error = 0
                if P.hidden:
                    # the searching player's own moves: the same in every determinization
                    memcpy(workers[0].st, root, g.state_size)
                    if P.use_prior:
                        # their prior weighs them on a sample of what the searcher cannot see, never
                        # on the true hidden cards (a stream apart from the simulations')
                        rng = (<unsigned long long> (int(cfg["seed"]) & 0xFFFFFFFFFFFFFFFF) * 0xD6E8FEB86659FD93ULL
                               + <unsigned long long> t * 0x9E3779B97F4A7C15ULL + 7)
                        g.determinize(g.ctx, workers[0].st, P.root_player, &rng)
                    rc = g.legal_moves(g.ctx, root, workers[0].moves, g.max_moves)
                    if P.root_only != NULL:
                        rc = keep_only(workers[0].moves, rc, P.root_only, P.n_root_only)
                    index_moves(&P, &workers[0], rc)
                    rc2 = is_grow(&P, &trees[t], &workers[0], 0, rc)
                    if rc2 != rc:
                        raise RuntimeError(ERROR_TEXT.get(-rc2, "root expansion failed"))
                elif fresh[0].state != EXPANDED:
                    memcpy(workers[0].st, root, g.state_size)
                    rc = expand(&P, &trees[t], &workers[0], 0)
                    if rc != 1:
                        raise RuntimeError(ERROR_TEXT.get(-rc, "root expansion failed"))
                if sims < 0:
                    trees[t].sims_limit = -1
                elif root_mode:
                    trees[t].sims_limit = sims // active + (1 if t < sims % active else 0)
                else:
                    trees[t].sims_limit = sims
                if top_up is not None and sims > 1 and t < active:
                    # the tree's share of the budget counts its reused root visits too
                    trees[t].sims_limit = max(trees[t].sims_limit - fresh[0].visits,
                                              top_up // active + (1 if t < top_up % active else 0))
            probe_steps = R.steps
            if self.root == NULL:
                self.root = <char*> malloc(g.state_size)
                if self.root == NULL:
                    raise MemoryError()
            memcpy(self.root, root, g.state_size)
            self.state_size = g.state_size
            self.num_players = g.num_players
            self.root_player = P.root_player

            # Root noise: each tree's own draw, from (seed, tree), a stream apart from the simulations'
            for t in range(ntrees):
                free(trees[t].root_prior)
                trees[t].root_prior = NULL
                if noise > 0.0:
                    i = trees[t].nodes[0].num_children
                    trees[t].root_prior = <float*> malloc(i * sizeof(float))
                    eta = <double*> malloc(i * sizeof(double))
                    if trees[t].root_prior == NULL or eta == NULL:
                        free(eta)
                        raise MemoryError()
                    rng = (<unsigned long long> (int(cfg["seed"]) & 0xFFFFFFFFFFFFFFFF) * 0x9E3779B97F4A7C15ULL
                           + <unsigned long long> t * 0xD1B54A32D192ED03ULL + 1) ^ 0x726F6F746E6F6973ULL
                    splitmix(&rng)
                    noise_root(&trees[t], noise, noise_alpha, rng, eta)
                    free(eta)
                    eta = NULL
            for t in range(ntrees):
                trees[t].start_visits = trees[t].nodes[0].visits
            start = now()
            P.start = start
            if cfg["time_ms"] is not None and sims != 1:
                P.deadline = start + int(cfg["time_ms"]) / 1000.0
                if cfg["max_time_ms"] is not None:
                    P.hard_deadline = start + int(cfg["max_time_ms"]) / 1000.0
            with nogil:
                for t in prange(nthreads, num_threads=nthreads, schedule="static", chunksize=1):
                    run(&P, &trees[t * root_mode], &workers[t])
            elapsed = now() - start

            for t in range(ntrees):
                if trees[t].error:
                    raise RuntimeError("search stopped: " + ERROR_TEXT[trees[t].error])

            # Merge the root children of every tree by move; the PV comes from the tree where the move
            # has the most visits (the first such tree on ties).
            merged = {}
            for t in range(active):
                j = trees[t].nodes[0].first_child
                while j >= 0:
                    ch = &trees[t].nodes[j]
                    e = merged.get(ch.move)
                    if e is None:
                        e = merged[ch.move] = [len(merged), 0, 0.0, 0.0, 0.0, -1, -1, -1]
                    e[1] += ch.visits
                    e[2] += ch.value_sum
                    e[3] += ch.win_sum
                    e[4] += ch.score_sum
                    if ch.visits > e[5]:
                        e[5], e[6], e[7] = ch.visits, t, j
                    j = child_after(&trees[t], &trees[t].nodes[0], j)
            candidates = []
            for move, (order, visits, vsum, wsum, ssum, _, t, j) in merged.items():
                candidates.append({
                    "move": move,
                    "visits": visits,
                    "value": vsum / visits if visits else NAN,
                    "win_probability": wsum / visits if visits else NAN,
                    "expected_score": ssum / visits if visits else NAN,
                    "pv": principal_variation(&trees[t], j, max(1, int(cfg["pv_length"]))),
                    # the implicit minimax value (config minimax > 0; NaN otherwise), of the tree where
                    # the move has the most visits
                    "minimax_value": trees[t].mm[j] if trees[t].mm != NULL else NAN,
                    # PUCT's prior of the move (1/k when uniform; the game's, tempered), of that tree;
                    # an information-set tree keeps none (its nodes' moves are legal in some worlds only)
                    "prior": (NAN if trees[t].next != NULL else trees[t].nodes[j].prior if trees[t].root_prior == NULL
                              else trees[t].root_prior[j - trees[t].nodes[0].first_child]),
                    "_order": order,
                })
            candidates.sort(key=lambda c: (-c["visits"], -(c["value"] if c["visits"] else -1.0), c["_order"]))
            for c in candidates:
                del c["_order"]
            total_sims = sum(workers[t].sims for t in range(nthreads))
            stats = {
                "simulations": total_sims,
                "nodes": sum(trees[t].count for t in range(active)),
                "max_depth": max(workers[t].max_depth for t in range(nthreads)),
                # moves the game's prior weighed (0 without one): what the prior cost
                "prior_moves": sum(workers[t].prior_moves for t in range(nthreads)),
                "elapsed": elapsed,
                "simulations_per_second": total_sims / elapsed if elapsed > 0 else 0.0,
                "node_bytes": sizeof(Node),
                "threads": nthreads,
                "parallelism": cfg["parallelism"],
                "root_moves": n_root,
                "hidden_information": bool(P.hidden),
                "reused_nodes": reused_nodes,
                "reused_visits": reused_visits,
                "reuse_probe_moves": probe_steps,
                "cancelled": (cancel is not None and cancel.cancelled) or interrupted(),
                "time_manager": TIME_STOPS[max(workers[t].time_stop for t in range(nthreads))],
            }
            return {"player": P.root_player, "candidates": candidates, "stats": stats}
        except BaseException:
            self._release()   # a failed search leaves no tree to reuse
            raise
        finally:
            if root_moves is not None or P.hidden:
                self._release()   # a restricted root, or an information-set tree, is no tree to continue
            free(keep)
            free(probe_st)
            free(seg)
            if workers != NULL:
                for t in range(alloc_threads):
                    free(workers[t].st)
                    free(workers[t].moves)
                    free(workers[t].path)
                    free(workers[t].tmp)
                    free(workers[t].priors)
                    free(workers[t].fresh)
                    free(workers[t].hkey)
                    free(workers[t].hidx)
                    free(workers[t].hstamp)
                    free(workers[t].fstamp)
                    free(workers[t].cbuf)
                free(workers)
