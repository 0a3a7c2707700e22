# ---- the value network (issue 41): a small MLP correcting the heuristic's estimate of each seat's final VP
# (evaluate.pxi), over an encoding of the position from that seat's view, evaluated here per leaf without
# the GIL and without allocation; trained in numpy (gaia_ai/games/terraforming_mars/value_net.py, `gaia-ai
# train --game terraforming-mars --net`), shipped as data/tm-value-nN.json and picked by the search with
# the bot spec mcts:eval=nN.
#
# Encoding of seat p (TNI numbers), only what p sees: p's own resources, production, TR, tags, cards in
# play, its hand (its size and the heuristic's worth of it: p's own cards), the score's parts now; the
# heuristic's public part of p (ev_board), milestones and awards in reach; the generation, global
# parameters, claimed milestones and funded awards, the step; the other seats' means of their public
# figures (never their hands' cards: only how many they hold), and p's leads. Never the draw pile nor
# the discard pile. The network standardizes each input, then two ReLU layers (TNH1, TNH2 units), then
# one linear output scaled back (out * y_scale + y_mean): what it adds to the heuristic's estimate of p.
# In the initial selection (the others' corporations are hidden), the final greenery step (the heuristic
# is all but exact there) and at the end: the heuristic alone.
cdef enum:
    TN_OWN = 1 + 6 + 6 + 2 + NTAG + 2 + 3 + 6 + 4 + 3   # 44: own block
    TN_GLOBAL = 11
    TN_OTHER = 20
    TNI = TN_OWN + TN_GLOBAL + TN_OTHER + 3          # 78 inputs
    TNH1 = MLP_H1
    TNH2 = MLP_H2
    NET_SLOTS = 4

_RES = ("M€", "steel", "titanium", "plants", "energy", "heat")
_TAGS = ("building", "space", "science", "power", "earth", "jovian", "plant", "microbe", "animal", "city",
         "event")
NET_INPUTS = (
    ("own TR",) + tuple(f"own {r}" for r in _RES) + tuple(f"own {r} production" for r in _RES)
    + ("own steel value", "own titanium value") + tuple(f"own {t} tags" for t in _TAGS)
    + ("own cards in play", "own cards in hand", "own hand's worth (heuristic VP)",
       "own hand cards worth playing", "own hand's best card (heuristic VP)")
    + ("own VP now", "own VP from milestones", "own VP from awards", "own VP from greeneries",
       "own VP from cities", "own VP from cards")
    + ("own cities", "own income (M€ a generation)", "own heuristic public part (VP)",
       "own milestones and awards in reach (heuristic VP)")
    + ("own passed", "own milestones claimed", "own awards funded")
    + ("generation", "temperature steps", "oxygen", "oceans", "steps left", "generations left (heuristic)",
       "milestones claimed", "awards funded", "players", "research step", "action step")
    + ("others' mean TR",) + tuple(f"others' mean {r}" for r in _RES)
    + tuple(f"others' mean {r} production" for r in _RES)
    + ("others' mean VP now", "others' mean heuristic public part", "others' mean income",
       "others' mean cards in hand", "others' mean cards in play", "others' mean passed",
       "others' mean milestones and awards in reach")
    + ("VP lead over the others' mean", "VP lead over the best other",
       "public estimate lead over the best other")
)
NET_LAYERS = (TNI, TNH1, TNH2, 1)
NET_SLOT_COUNT = NET_SLOTS

# one network a slot (core/mlp.pxi: the numbers and the forward pass Gaia's network shares)
cdef Mlp NETS[NET_SLOTS]


ctypedef struct NetSeat:
    double board          # ev_board: the heuristic's public part
    double hand           # ev_hand: the worth of the seat's own hand (only the seat sees it)
    double msaw           # ev_milestones_awards
    int sc[7]             # the score's parts now (score())


cdef inline bint net_applies(const TState* s) noexcept nogil:
    return s.step == ST_RESEARCH or s.step == ST_ACTION


cdef void net_seats(const TState* s, double g, NetSeat* seats) noexcept nogil:
    """Each seat's heuristic parts at a position net_applies to; heuristic = board + hand + msaw."""
    cdef int q
    for q in range(s.np):
        score(<TState*> s, q, seats[q].sc)
        seats[q].board = ev_board(s, q, g)
        seats[q].hand = ev_hand(s, q, g)
        seats[q].msaw = ev_milestones_awards(s, q)


cdef void net_encode(const TState* s, int p, double g, const NetSeat* seats, double* x) noexcept nogil:
    """x[0..TNI): seat p's inputs (NET_INPUTS order). Reads p's own hand, and of the other seats only
    what the table shows."""
    cdef const TPlayer* pl = &s.pl[p]
    cdef const TPlayer* o
    cdef int i, q, c, k = 0, n = s.np, worth_playing = 0, ms_mine = 0, aw_mine = 0
    cdef double v, best_card = 0.0, w = 1.0 / (n - 1), best_vp = -1e9, best_public = -1e9
    x[k] = pl.tr
    k += 1
    for i in range(6):
        x[k + i] = pl.res[i]
        x[k + 6 + i] = pl.prod[i]
    k += 12
    x[k] = pl.steel_value
    x[k + 1] = pl.ti_value
    k += 2
    for i in range(NTAG):
        x[k + i] = pl.tags[i]
    k += NTAG
    x[k] = pl.played_n
    x[k + 1] = pl.hand_n
    k += 2
    for c in range(NCARD):
        if s.loc[c] == L_HAND + p:
            v = ev_card_value(s, p, c, g)
            if v > 0:
                worth_playing += 1
                if v > best_card:
                    best_card = v
    x[k] = seats[p].hand
    x[k + 1] = worth_playing
    x[k + 2] = best_card
    k += 3
    x[k] = seats[p].sc[6]
    for i in range(1, 6):
        x[k + i] = seats[p].sc[i]
    k += 6
    for i in range(NMS):
        ms_mine += s.ms[i] == p
    for i in range(NAW):
        aw_mine += s.aw[i] == p
    x[k] = count_tiles(<TState*> s, p, -2, 0)
    x[k + 1] = ev_income(s, p)
    x[k + 2] = seats[p].board
    x[k + 3] = seats[p].msaw
    k += 4
    x[k] = pl.passed
    x[k + 1] = ms_mine
    x[k + 2] = aw_mine
    k += 3
    # the table
    x[k] = s.gen
    x[k + 1] = s.temp
    x[k + 2] = s.oxy
    x[k + 3] = s.oceans
    x[k + 4] = ev_steps_left(s)
    x[k + 5] = g
    x[k + 6] = s.nms
    x[k + 7] = s.naw
    x[k + 8] = n
    x[k + 9] = s.step == ST_RESEARCH
    x[k + 10] = s.step == ST_ACTION
    k += TN_GLOBAL
    # the others: means of what the table shows
    for i in range(TN_OTHER):
        x[k + i] = 0
    for q in range(n):
        if q == p:
            continue
        o = &s.pl[q]
        x[k] += w * o.tr
        for i in range(6):
            x[k + 1 + i] += w * o.res[i]
            x[k + 7 + i] += w * o.prod[i]
        x[k + 13] += w * seats[q].sc[6]
        x[k + 14] += w * seats[q].board
        x[k + 15] += w * ev_income(s, q)
        x[k + 16] += w * o.hand_n
        x[k + 17] += w * o.played_n
        x[k + 18] += w * o.passed
        x[k + 19] += w * seats[q].msaw
        if seats[q].sc[6] > best_vp:
            best_vp = seats[q].sc[6]
        if seats[q].board + seats[q].msaw > best_public:
            best_public = seats[q].board + seats[q].msaw
    k += TN_OTHER
    x[k] = seats[p].sc[6] - x[k - TN_OTHER + 13]
    x[k + 1] = seats[p].sc[6] - best_vp
    x[k + 2] = seats[p].board + seats[p].msaw - best_public


cdef int net_value(const TState* s, double* out, int slot) noexcept nogil:
    """Each seat's final VP estimate: the heuristic's (evaluate_state, the same numbers) plus the
    network's correction from that seat's view. Where the network does not apply, the heuristic's."""
    cdef NetSeat seats[MAXP]
    cdef double x[TNI]
    cdef double g
    cdef int p
    if not net_applies(s):
        return evaluate_state(s, out)
    g = ev_future_gens(s)
    net_seats(s, g, seats)
    for p in range(s.np):
        net_encode(s, p, g, seats, x)
        out[p] = seats[p].board + seats[p].hand + seats[p].msaw + mlp_forward(&NETS[slot], x)
    return 0


cdef int gi_evaluate_net0(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(<const TState*> s, out, 0)


cdef int gi_evaluate_net1(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(<const TState*> s, out, 1)


cdef int gi_evaluate_net2(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(<const TState*> s, out, 2)


cdef int gi_evaluate_net3(const void* ctx, const void* s, double* out) noexcept nogil:
    return net_value(<const TState*> s, out, 3)


cdef int check_net_slot(int slot) except -1:
    """A loaded network slot, or ValueError."""
    mlp_check_slot(slot, NET_SLOTS)
    if not NETS[slot].loaded:
        raise ValueError(f"no value network's weights in slot {slot} "
                         "(gaia_ai.games.terraforming_mars.value_net.load)")
    return 0


def net_applies_at(Core core):
    """Whether the network corrects the heuristic at core's position (the research and action steps)."""
    return bool(net_applies(&core.st))


def net_inputs_of(Core core):
    """Each seat's network inputs at core's position (NET_INPUTS order), and each seat's heuristic
    estimate (evaluate()'s numbers), as (inputs, heuristic); ValueError where the network does not
    apply (the initial selection, the final greenery step, the end)."""
    cdef NetSeat seats[MAXP]
    cdef double x[TNI]
    cdef double g
    if not net_applies(&core.st):
        raise ValueError("no network inputs outside the research and action steps")
    g = ev_future_gens(&core.st)
    net_seats(&core.st, g, seats)
    rows = []
    for p in range(core.st.np):
        net_encode(&core.st, p, g, seats, x)
        rows.append([x[i] for i in range(TNI)])
    return rows, [seats[p].board + seats[p].hand + seats[p].msaw for p in range(core.st.np)]


def set_net_weights(mean, scale, w1, b1, w2, b2, w3, double b3, double y_mean, double y_scale, int slot=0):
    """Load a value network into `slot` (0..NET_SLOT_COUNT-1; process-wide, never while a search reads
    that slot): the inputs' mean and scale (TNI each, scale > 0), w1 (TNI rows of TNH1), b1 (TNH1), w2
    (TNH1 rows of TNH2), b2 (TNH2), w3 (TNH2), b3, the output's y_mean and y_scale. Every size is checked
    (NET_LAYERS) before anything is written: a mismatch is a ValueError and the slot is unchanged."""
    mlp_check_slot(slot, NET_SLOTS)
    mlp_load(&NETS[slot], TNI, mean, scale, w1, b1, w2, b2, w3, b3, y_mean, y_scale)


def evaluate_net(Core core, int slot=0):
    """The value network's (in `slot`) estimate of each player's final VP at core's position."""
    cdef double out[MAXP]
    check_net_slot(slot)
    net_value(&core.st, out, slot)
    return [out[p] for p in range(core.st.np)]


def evaluate_repeat(Core core, str evaluator, int slot, long reps):
    """Evaluate core's position `reps` times without the GIL by "heuristic" or "net" (network slot):
    what bench/tm_value_net.py times per evaluation. Returns the last estimate."""
    cdef double out[MAXP]
    cdef long k
    cdef bint net
    if evaluator == "heuristic":
        net = False
    elif evaluator == "net":
        check_net_slot(slot)
        net = True
    else:
        raise ValueError(f"unknown evaluator {evaluator!r}: heuristic or net")
    with nogil:
        for k in range(reps):
            if net:
                net_value(&core.st, out, slot)
            else:
                evaluate_state(&core.st, out)
    return [out[p] for p in range(core.st.np)]
