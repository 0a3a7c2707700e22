# ---- the value network (issue 41, first step): a small MLP of the VP each seat still gains by the end, over
# a fixed encoding of the position from that seat's view (NET_INPUTS), evaluated here per leaf without the
# GIL and without allocation; trained in numpy (gaia_ai/games/gaia/value_net.py, `gaia-ai train --net`),
# shipped as data/value-nN.json and picked by the search with evaluator "net" (bot spec mcts:eval=n1) --
#
# Encoding of seat p (NNI numbers): its v1 features (value_features, without the bias), its power bowls,
# research levels per track, buildings by type, gaia formers, tech tiles, passed; the mean over the other
# seats of their v1 features; its VP lead over their mean VP; the round, one-hot. The network standardizes
# each input ((x - mean) / scale), then two ReLU layers (NNH1, NNH2 units), then one linear output, scaled
# back (out * y_scale + y_mean): p's final VP minus its VP now, the learned value's contract. A network may
# have a base (NET_BASE: a per-round linear value, e.g. v1's weights): then it learns the base's error and
# its estimate is the base's plus its own (all zero without one).
cdef enum:
    NN_OWN = NVF - 1 + 4 + NTRACK + 6 + 3   # 35: own block
    NN_OTHER = NVF - 1                      # 16: the other seats' mean v1 features
    NNI = NN_OWN + NN_OTHER + 1 + 6         # 58 inputs
    NNH1 = 64
    NNH2 = 32
    NET_SLOTS = 4

NET_INPUTS = (
    tuple(f"own {n}" for n in VALUE_FEATURES[:NVF - 1])
    + ("own power area1", "own power area2", "own power area3", "own power gaia area")
    + tuple(f"own research track {t}" for t in range(6))
    + ("own mines", "own trading stations", "own labs", "own PI", "own academy 1", "own academy 2",
       "own gaia formers", "own tech tiles", "own passed")
    + tuple(f"others' mean {n}" for n in VALUE_FEATURES[:NVF - 1])
    + ("VP lead over the others' mean",)
    + tuple(f"round {r}" for r in range(1, 7))
)
NET_LAYERS = (NNI, NNH1, NNH2, 1)
NET_SLOT_COUNT = NET_SLOTS

# per slot: input standardization, the layers (weights by [input][unit]: the inner loop runs over units),
# the output's scale
cdef double NET_MEAN[NET_SLOTS][NNI]
cdef double NET_SCALE[NET_SLOTS][NNI]     # > 0 (set_net_weights refuses others)
cdef double NET_W1[NET_SLOTS][NNI][NNH1]
cdef double NET_B1[NET_SLOTS][NNH1]
cdef double NET_W2[NET_SLOTS][NNH1][NNH2]
cdef double NET_B2[NET_SLOTS][NNH2]
cdef double NET_W3[NET_SLOTS][NNH2]
cdef double NET_B3[NET_SLOTS]
cdef double NET_YMEAN[NET_SLOTS]
cdef double NET_YSCALE[NET_SLOTS]
cdef double NET_BASE[NET_SLOTS][6][NVF]   # per round: the base's weights over the v1 features (0: none)
cdef int NET_LOADED[NET_SLOTS]


cdef void net_encode(const GState* st, int p, double (*feats)[NVF], double* x) noexcept nogil:
    """x[0..NNI): seat p's inputs, from every seat's v1 features feats[q] (value_features)."""
    cdef const PlayerState* pl = &st.pl[p]
    cdef int i, q, k = 0, n = st.num_players, r = round_row(st)
    cdef double others_vp = 0
    for i in range(NVF - 1):
        x[k] = feats[p][i]
        k += 1
    for i in range(4):
        x[k] = pl.power[i]
        k += 1
    for i in range(NTRACK):
        x[k] = pl.research[i]
        k += 1
    for i in range(6):
        x[k] = pl.nbuild[i]
        k += 1
    x[k] = pl.gf_owned
    x[k + 1] = pl.ntech
    x[k + 2] = pl.passed
    k += 3
    for i in range(NVF - 1):
        x[k + i] = 0
    for q in range(n):
        if q != p:
            for i in range(NVF - 1):
                x[k + i] += feats[q][i] / (n - 1)
            others_vp += (st.pl[q].vp - st.pl[q].bid) / <double> (n - 1)
    k += NVF - 1
    x[k] = (pl.vp - pl.bid) - others_vp if n > 1 else 0
    k += 1
    for i in range(6):
        x[k + i] = 1.0 if i == r else 0.0


cdef void net_encode_seat(GState* st, GameContext* c, int p, double* x) noexcept nogil:
    """x[0..NNI): seat p's inputs alone (every seat's v1 features computed for its others' block)."""
    cdef double feats[MAXP][NVF]
    cdef int tiles[MAXP]
    cdef int q
    final_tile_shares(st, c, tiles)
    for q in range(st.num_players):
        value_features(st, c, q, feats[q], tiles)
    net_encode(st, p, feats, x)


cdef void net_hidden(int slot, const double* x, double* h2) noexcept nogil:
    """h2[0..NNH2): the last hidden layer of the network in `slot` at inputs x, before its ReLU (the trunk
    a policy head reads; a unit at or below 0 is off)."""
    cdef double z[NNI]
    cdef double h1[NNH1]
    cdef double v
    cdef int i, j
    for i in range(NNI):
        z[i] = (x[i] - NET_MEAN[slot][i]) / NET_SCALE[slot][i]
    for j in range(NNH1):
        h1[j] = NET_B1[slot][j]
    for i in range(NNI):
        v = z[i]
        if v != 0:
            for j in range(NNH1):
                h1[j] += v * NET_W1[slot][i][j]
    for j in range(NNH2):
        h2[j] = NET_B2[slot][j]
    for i in range(NNH1):
        v = h1[i]
        if v > 0:   # ReLU: a unit at or below 0 adds nothing
            for j in range(NNH2):
                h2[j] += v * NET_W2[slot][i][j]


cdef double net_forward(int slot, const double* x) noexcept nogil:
    """The network in `slot` at inputs x: the VP still to gain."""
    cdef double h2[NNH2]
    cdef double out = NET_B3[slot]
    cdef int j
    net_hidden(slot, x, h2)
    for j in range(NNH2):
        if h2[j] > 0:
            out += h2[j] * NET_W3[slot][j]
    return out * NET_YSCALE[slot] + NET_YMEAN[slot]


cdef int net_value(const void* ctx, const void* s, double* out, int slot) noexcept nogil:
    """Final VP estimate of the network in `slot`: VP now plus its estimate of the VP still to gain.
    Before the boards are loaded (faction picks, an auction): gi_evaluate's estimate, as linear_value."""
    cdef GState* st = <GState*> s
    cdef GameContext* c = <GameContext*> ctx
    cdef double feats[MAXP][NVF]
    cdef double x[NNI]
    cdef int tiles[MAXP]
    cdef int p, i, r
    if st.phase == PH_FACTION or st.phase == PH_AUCTION:
        return gi_evaluate(ctx, s, out)
    final_tile_shares(st, c, tiles)
    for p in range(st.num_players):
        value_features(st, c, p, feats[p], tiles)
    r = round_row(st)
    for p in range(st.num_players):
        net_encode(st, p, feats, x)
        out[p] = st.pl[p].vp - st.pl[p].bid + net_forward(slot, x)
        for i in range(NVF):
            out[p] += NET_BASE[slot][r][i] * feats[p][i]
    return GAME_OK


cdef int gi_evaluate_net0(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(ctx, s, out, 0)


cdef int gi_evaluate_net1(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(ctx, s, out, 1)


cdef int gi_evaluate_net2(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(ctx, s, out, 2)


cdef int gi_evaluate_net3(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(ctx, s, out, 3)


cdef int check_net_slot(int slot) except -1:
    """A loaded network slot, or ValueError."""
    if slot < 0 or slot >= NET_SLOTS:
        raise ValueError(f"value network slot {slot}: 0 to {NET_SLOTS - 1}")
    if not NET_LOADED[slot]:
        raise ValueError(f"no value network's weights in slot {slot} (gaia_ai.games.gaia.value_net.load)")
    return 0


def net_inputs_of(Core core):
    """Each seat's network inputs at core's position (NET_INPUTS order); ValueError before the boards
    are loaded (faction picks, an auction)."""
    cdef double feats[MAXP][NVF]
    cdef double x[NNI]
    cdef int tiles[MAXP]
    if core.st.phase == PH_FACTION or core.st.phase == PH_AUCTION:
        raise ValueError("no network inputs before every seat has its faction (faction picks, auction)")
    final_tile_shares(&core.st, core.ctx, tiles)
    for p in range(core.st.num_players):
        value_features(&core.st, core.ctx, p, feats[p], tiles)
    out = []
    for p in range(core.st.num_players):
        net_encode(&core.st, p, feats, x)
        out.append([x[i] for i in range(NNI)])
    return out


def _finite_vector(name, values, int n):
    """values as n finite floats, or ValueError naming `name`."""
    import math

    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) != n:
        raise ValueError(f"value network {name}: expected {n} numbers")
    row = [float(v) for v in values]
    if not all(math.isfinite(v) for v in row):
        raise ValueError(f"value network {name}: not every number is finite")
    return row


def _finite_matrix(name, rows, int n, int m):
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__len__") or len(rows) != n:
        raise ValueError(f"value network {name}: expected {n} rows of {m} numbers")
    return [_finite_vector(f"{name} row {i}", row, m) for i, row in enumerate(rows)]


def set_net_weights(mean, scale, w1, b1, w2, b2, w3, double b3, double y_mean, double y_scale, int slot=0,
                    base=None):
    """Load a value network into `slot` (0..NET_SLOT_COUNT-1; process-wide, never while a search reads
    that slot): the inputs' mean and scale (NNI each, scale > 0), w1 (NNI rows of NNH1), b1 (NNH1), w2
    (NNH1 rows of NNH2), b2 (NNH2), w3 (NNH2), b3, the output's y_mean and y_scale, and the base (None,
    or 6 rows of len(VALUE_FEATURES): a per-round linear value the network's output is added to). Every
    size is checked (NET_LAYERS) before anything is written: a mismatch is a ValueError and the slot is
    unchanged."""
    import math

    mean_ = _finite_vector("input mean", mean, NNI)
    scale_ = _finite_vector("input scale", scale, NNI)
    if not all(v > 0 for v in scale_):
        raise ValueError("value network input scale: every number must be > 0")
    w1_ = _finite_matrix("w1", w1, NNI, NNH1)
    b1_ = _finite_vector("b1", b1, NNH1)
    w2_ = _finite_matrix("w2", w2, NNH1, NNH2)
    b2_ = _finite_vector("b2", b2, NNH2)
    w3_ = _finite_vector("w3", w3, NNH2)
    if not (math.isfinite(b3) and math.isfinite(y_mean) and math.isfinite(y_scale)):
        raise ValueError("value network b3, y_mean, y_scale: must be finite")
    base_ = [[0.0] * NVF for _ in range(6)] if base is None else _finite_matrix("base", base, 6, NVF)
    if slot < 0 or slot >= NET_SLOTS:
        raise ValueError(f"value network slot {slot}: 0 to {NET_SLOTS - 1}")
    for i in range(NNI):
        NET_MEAN[slot][i] = mean_[i]
        NET_SCALE[slot][i] = scale_[i]
        for j in range(NNH1):
            NET_W1[slot][i][j] = w1_[i][j]
    for i in range(NNH1):
        NET_B1[slot][i] = b1_[i]
        for j in range(NNH2):
            NET_W2[slot][i][j] = w2_[i][j]
    for j in range(NNH2):
        NET_B2[slot][j] = b2_[j]
        NET_W3[slot][j] = w3_[j]
    NET_B3[slot] = b3
    NET_YMEAN[slot] = y_mean
    NET_YSCALE[slot] = y_scale
    for i in range(6):
        for j in range(NVF):
            NET_BASE[slot][i][j] = base_[i][j]
    NET_LOADED[slot] = 1


def evaluate_net(Core core, int slot=0):
    """The value network's (in `slot`) estimate of each player's final score at core's position."""
    cdef double out[MAXP]
    check_net_slot(slot)
    net_value(core.ctx, &core.st, out, slot)
    return [out[p] for p in range(core.st.num_players)]


def evaluate_repeat(Core core, str evaluator, int slot, long reps):
    """Evaluate core's position `reps` times without the GIL by "heuristic", "learned" (value slot) or
    "net" (network slot): what bench/value_net.py times per evaluation. Returns the last estimate."""
    cdef double out[MAXP]
    cdef long k
    cdef int kind
    if evaluator == "heuristic":
        kind = 0
    elif evaluator == "learned":
        check_slot(slot)
        kind = 1
    elif evaluator == "net":
        check_net_slot(slot)
        kind = 2
    else:
        raise ValueError(f"unknown evaluator {evaluator!r}: heuristic, learned or net")
    with nogil:
        for k in range(reps):
            if kind == 0:
                gi_evaluate(core.ctx, &core.st, out)
            elif kind == 1:
                learned_value(core.ctx, &core.st, out, slot)
            else:
                net_value(core.ctx, &core.st, out, slot)
    return [out[p] for p in range(core.st.num_players)]


# ---- the policy head (issue 41, item 1): a policy prior's logits corrected by the position as a value
# network's trunk sees it. At an action-phase decision of rounds 1-6, move i's logit gains
# POLICY_HEAD[slot][class of move i] . relu(h), h the trunk's last hidden layer (net_hidden) for the mover:
# one trunk pass per expansion, NNH2 multiply-adds a move, no allocation. The head is fitted to the search's
# root visits on top of the policy it corrects (gaia_ai/games/gaia/policy.py, `gaia-ai train --policy
# --from-data`); a policy without one (p1) is unchanged ---------------------------------------------------
cdef double POLICY_HEAD[POLICY_SLOTS][NPC][NNH2]
cdef int POLICY_TRUNK[POLICY_SLOTS]   # 1 + the network slot of the head's trunk; 0: the policy has no head
POLICY_HEAD_UNITS = NNH2


cdef void policy_head_add(const void* ctx, const void* s, const Move* moves, int n, double* out,
                          int slot) noexcept nogil:
    """out[i] += the head's correction of moves[i]'s logit (nothing without a head, or outside the action
    phase of rounds 1-6, where the trunk was never trained)."""
    cdef GState* st = <GState*> s
    cdef double x[NNI]
    cdef double h[NNH2]
    cdef double d
    cdef int p, i, j, k
    if POLICY_TRUNK[slot] == 0 or st.phase != PH_MOVE or st.round < 1 or st.round > 6:
        return
    p = gi_current_player(ctx, s)
    if p < 0:
        return
    net_encode_seat(st, <GameContext*> ctx, p, x)
    net_hidden(POLICY_TRUNK[slot] - 1, x, h)
    for i in range(n):
        k = policy_class(moves[i])
        d = 0
        for j in range(NNH2):
            if h[j] > 0:
                d += POLICY_HEAD[slot][k][j] * h[j]
        out[i] += d


def set_policy_head(int slot, int net_slot, weights):
    """Give the policy in `slot` (loaded first: set_policy_weights, which clears any head) a head over the
    trunk of the value network in net_slot (loaded first): weights, POLICY_CLASS_COUNT rows of
    POLICY_HEAD_UNITS numbers (one row a move class). Sizes are checked before anything is written."""
    check_policy(slot)
    check_net_slot(net_slot)
    import math

    if isinstance(weights, (str, bytes)) or not hasattr(weights, "__len__") or len(weights) != NPC \
            or any(isinstance(row, (str, bytes)) or not hasattr(row, "__len__") or len(row) != NNH2
                   for row in weights):
        raise ValueError(f"policy head: expected {NPC} rows (move classes) of {NNH2} numbers")
    rows = [[float(v) for v in row] for row in weights]
    if not all(math.isfinite(v) for row in rows for v in row):
        raise ValueError("policy head: not every number is finite")
    for k in range(NPC):
        for j in range(NNH2):
            POLICY_HEAD[slot][k][j] = rows[k][j]
    POLICY_TRUNK[slot] = net_slot + 1


def net_hidden_of(Core core, int seat, int slot=0):
    """The last hidden layer (after ReLU) of the network in `slot` for `seat` at core's position: what a
    policy head reads. ValueError before the boards are loaded."""
    cdef double x[NNI]
    cdef double h[NNH2]
    check_net_slot(slot)
    if core.st.phase == PH_FACTION or core.st.phase == PH_AUCTION:
        raise ValueError("no network inputs before every seat has its faction (faction picks, auction)")
    if not 0 <= seat < core.st.num_players:
        raise ValueError(f"seat {seat}: 0 to {core.st.num_players - 1}")
    net_encode_seat(&core.st, core.ctx, seat, x)
    net_hidden(slot, x, h)
    return [max(h[j], 0.0) for j in range(NNH2)]
