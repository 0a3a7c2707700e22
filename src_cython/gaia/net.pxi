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
    NNH1 = MLP_H1
    NNH2 = MLP_H2
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

# one network a slot (core/mlp.pxi: the numbers and the forward pass Terraforming Mars's network shares)
cdef Mlp NETS[NET_SLOTS]
cdef double NET_BASE[NET_SLOTS][6][NVF]   # per round: the base's weights over the v1 features (0: none)


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
        out[p] = st.pl[p].vp - st.pl[p].bid + mlp_forward(&NETS[slot], x)
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
    mlp_check_slot(slot, NET_SLOTS)
    if not NETS[slot].loaded:
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


def set_net_weights(mean, scale, w1, b1, w2, b2, w3, double b3, double y_mean, double y_scale, int slot=0,
                    base=None):
    """Load a value network into `slot` (0..NET_SLOT_COUNT-1; process-wide, never while a search reads
    that slot): the inputs' mean and scale (NNI each, scale > 0), w1 (NNI rows of NNH1), b1 (NNH1), w2
    (NNH1 rows of NNH2), b2 (NNH2), w3 (NNH2), b3, the output's y_mean and y_scale, and the base (None,
    or 6 rows of len(VALUE_FEATURES): a per-round linear value the network's output is added to). Every
    size is checked (NET_LAYERS) before anything is written: a mismatch is a ValueError and the slot is
    unchanged."""
    base_ = [[0.0] * NVF for _ in range(6)] if base is None else _finite_matrix("base", base, 6, NVF)
    mlp_check_slot(slot, NET_SLOTS)
    mlp_load(&NETS[slot], NNI, mean, scale, w1, b1, w2, b2, w3, b3, y_mean, y_scale)
    for i in range(6):
        for j in range(NVF):
            NET_BASE[slot][i][j] = base_[i][j]


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
# POLICY_HEAD[slot][class of move i] . relu(h), h the trunk's last hidden layer (mlp_hidden) for the mover:
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
    mlp_hidden(&NETS[POLICY_TRUNK[slot] - 1], x, h)
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
    rows = _finite_matrix("head (a row a move class)", weights, NPC, NNH2, "policy")
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
    mlp_hidden(&NETS[slot], x, h)
    return [max(h[j], 0.0) for j in range(NNH2)]
