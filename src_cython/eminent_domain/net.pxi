# ---- the value network (issue 41): a small MLP correcting the heuristic's estimate of each seat's final
# influence (gi_evaluate), over an encoding of the position from that seat's view, evaluated per leaf
# without the GIL and without allocation (core/mlp.pxi); trained in numpy (gaia_ai/games/eminent_domain/
# value_net.py, `gaia-ai train --game eminent-domain --net`), shipped as data/ed-value-nN.json and picked
# by the search with the bot spec mcts:eval=nN.
#
# Encoding of seat p (EDI numbers), only what p sees: p's score now, tiebreak, tokens, fighters, planets
# (face up by type, face down with their colonies' progress and, p's own, their influence), resources and
# open slots, hand limit, Empire symbols, the cards p owns (role cards by kind, action and permanent
# techs), p's own hand by kind, deck and discard sizes, and the heuristic's estimate of p; the stacks, the
# influence supply, the planet deck, the turn, whether p leads or acts; the other seats' means of what the
# table shows (never their hands' cards, only how many), and p's leads. The output is what the network adds
# to the heuristic's estimate of p.
cdef enum:
    ED_OWN = 38
    ED_GLOBAL = 15
    ED_OTHER = 12
    EDI = ED_OWN + ED_GLOBAL + ED_OTHER + 3   # 68 inputs
    NET_SLOTS = 4

_ROLE_KINDS = ("survey", "warfare", "colonize", "produce/trade", "research", "politics")
_ROLES = ("survey", "warfare", "colonize", "produce", "trade", "research")
NET_INPUTS = (
    ("own score", "own tiebreak", "own influence tokens", "own fighters")
    + tuple(f"own face-up {t} planets" for t in ("advanced", "fertile", "metallic"))
    + ("own face-down planets", "own face-down planets' colony progress", "own face-down planets' influence",
       "own resources", "own open resource slots", "own hand limit")
    + tuple(f"own Empire {r} symbols" for r in _ROLES)
    + tuple(f"own {k} cards" for k in _ROLE_KINDS) + ("own action techs", "own permanent techs")
    + tuple(f"own {k} cards in hand" for k in _ROLE_KINDS)
    + ("own action techs in hand", "own hand size", "own deck size", "own discard size",
       "own heuristic estimate")
    + tuple(f"{k} stack left" for k in ("survey", "warfare", "colonize", "produce/trade", "research"))
    + ("empty stacks", "empty stacks that end the game", "turns", "end triggered", "influence supply left",
       "planet deck", "players", "own decision", "own lead", "role chosen")
    + tuple(f"others' mean {n}" for n in (
        "score", "tiebreak", "influence tokens", "fighters", "face-up planets", "face-down planets",
        "face-down planets' colony progress", "cards", "action techs", "permanent techs", "hand size",
        "Empire symbols"))
    + ("score lead over the others' mean", "score lead over the best other", "tiebreak lead over the best other")
)
NET_LAYERS = (EDI, MLP_H1, MLP_H2, 1)
NET_SLOT_COUNT = NET_SLOTS

# one network a slot (core/mlp.pxi: the numbers and the forward pass every game's network shares)
cdef Mlp NETS[NET_SLOTS]


ctypedef struct NetSeat:
    double score            # public (influence tokens, face-up planets, colonies, techs)
    double tiebreak         # public (fighters, resources)
    double faceup           # face-up planets
    double facedown         # face-down planets
    double progress         # their colonies over the colonies each needs (the backs show the cost)
    double cards            # cards owned (hand, deck, discard, in play)
    double techs            # action techs owned
    double perms            # permanent techs
    double symbols          # Empire symbols, every role


cdef int popcount(unsigned long long v) noexcept nogil:
    cdef int n = 0
    while v:
        v &= v - 1
        n += 1
    return n


cdef void net_seat(const EdContext* c, EdState* s, int q, NetSeat* out) noexcept nogil:
    """What the table shows of seat q."""
    cdef const EdPlayer* P = &s.pl[q]
    cdef int pl, k, r, n = 0, techs = 0
    out.score = score(c, s, q)
    out.tiebreak = tiebreak(c, s, q)
    out.faceup = 0
    out.facedown = 0
    out.progress = 0
    for pl in range(NPLANET):
        if face_up_of(s, q, pl):
            out.faceup += 1
        elif face_down_of(s, q, pl):
            out.facedown += 1
            out.progress += min(1.0, s.colval[pl] / <double> c.planet_ccost[pl]) if c.planet_ccost[pl] > 0 else 1.0
    for k in range(NKIND):
        r = P.hand[k] + P.discard[k] + P.played_act[k] + P.played_role[k]
        n += r
        if k >= NROLEKIND:
            techs += r
    for k in range(P.ndeck):
        n += 1
        techs += P.deck[k] >= NROLEKIND
    out.cards = n
    out.techs = techs
    out.perms = popcount(<unsigned long long> P.perms)
    out.symbols = 0
    for r in range(NSYM):
        out.symbols += empire_sym(c, s, q, r)


cdef void net_encode(const EdContext* c, EdState* s, int p, const NetSeat* seats, double estimate,
                     double* x) noexcept nogil:
    """x[0..EDI): seat p's inputs (NET_INPUTS order), `estimate` the heuristic's of p. Reads p's own hand
    and face-down planets, and of the other seats only what the table shows."""
    cdef const EdPlayer* P = &s.pl[p]
    cdef int i, k, pl, q, r, slot, n = s.num_players, own_infl = 0, res = 0, open_slots = 0
    cdef int faceup[3]
    cdef int owned[NROLEKIND]
    cdef int in_hand[NROLEKIND]
    cdef int hand_techs = 0, discard_n = 0
    cdef double w = 1.0 / (n - 1), best_score = -1e9, best_tie = -1e9
    faceup[0] = faceup[1] = faceup[2] = 0
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            if c.planet_type[pl] < 3:
                faceup[c.planet_type[pl]] += 1
            for slot in range(c.planet_nslot[pl]):
                if (s.planet_res[pl] >> slot) & 1:
                    res += 1
                elif not s.planet_scorched[pl]:
                    open_slots += 1
        elif face_down_of(s, p, pl):
            own_infl += c.planet_influence[pl]     # p's own face-down planets: p knows their fronts
    for k in range(NROLEKIND):
        owned[k] = P.hand[k] + P.discard[k] + P.played_act[k] + P.played_role[k]
        in_hand[k] = P.hand[k]
    for i in range(P.ndeck):
        if P.deck[i] < NROLEKIND:
            owned[P.deck[i]] += 1
    for k in range(NKIND):
        discard_n += P.discard[k]
        if k >= NROLEKIND:
            hand_techs += P.hand[k]
    x[0] = seats[p].score
    x[1] = seats[p].tiebreak
    x[2] = P.influence
    x[3] = P.fighters
    for i in range(3):
        x[4 + i] = faceup[i]
    x[7] = seats[p].facedown
    x[8] = seats[p].progress
    x[9] = own_infl
    x[10] = res
    x[11] = open_slots
    x[12] = hand_limit(c, s, p)
    for r in range(NSYM):
        x[13 + r] = empire_sym(c, s, p, r)
    for k in range(NROLEKIND):
        x[19 + k] = owned[k]
        x[27 + k] = in_hand[k]
    x[25] = seats[p].techs
    x[26] = seats[p].perms
    x[33] = hand_techs
    x[34] = P.nhand
    x[35] = P.ndeck
    x[36] = discard_n
    x[37] = estimate
    k = ED_OWN
    for i in range(NSTACK):
        x[k + i] = s.stacks[i]
    x[k + 5] = empty_stacks(s)
    x[k + 6] = s.opt.empty_to_end
    x[k + 7] = s.turns
    x[k + 8] = s.end_triggered
    x[k + 9] = s.supply_black + s.supply_blue
    x[k + 10] = s.npdeck
    x[k + 11] = n
    x[k + 12] = s.actor == p
    x[k + 13] = s.leader == p
    x[k + 14] = s.role >= 0
    k += ED_GLOBAL
    for i in range(ED_OTHER):
        x[k + i] = 0
    for q in range(n):
        if q == p:
            continue
        x[k] += w * seats[q].score
        x[k + 1] += w * seats[q].tiebreak
        x[k + 2] += w * s.pl[q].influence
        x[k + 3] += w * s.pl[q].fighters
        x[k + 4] += w * seats[q].faceup
        x[k + 5] += w * seats[q].facedown
        x[k + 6] += w * seats[q].progress
        x[k + 7] += w * seats[q].cards
        x[k + 8] += w * seats[q].techs
        x[k + 9] += w * seats[q].perms
        x[k + 10] += w * s.pl[q].nhand
        x[k + 11] += w * seats[q].symbols
        if seats[q].score > best_score:
            best_score = seats[q].score
        if seats[q].tiebreak > best_tie:
            best_tie = seats[q].tiebreak
    k += ED_OTHER
    x[k] = seats[p].score - x[k - ED_OTHER]
    x[k + 1] = seats[p].score - best_score
    x[k + 2] = seats[p].tiebreak - best_tie


cdef int net_value(const void* ctx, const void* st, double* out, int slot) noexcept nogil:
    """Each seat's final influence estimate: the heuristic's (gi_evaluate, the same numbers) plus the
    network's correction from that seat's view; at the end, the heuristic's alone."""
    cdef const EdContext* c = <const EdContext*> ctx
    cdef EdState* s = <EdState*> st
    cdef NetSeat seats[MAXP]
    cdef double x[EDI]
    cdef int p
    gi_evaluate(ctx, st, out)
    if s.finished:
        return 0
    for p in range(s.num_players):
        net_seat(c, s, p, &seats[p])
    for p in range(s.num_players):
        net_encode(c, s, p, seats, out[p], x)
        out[p] += mlp_forward(&NETS[slot], x)
    return 0


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
        raise ValueError(f"no value network's weights in slot {slot} "
                         "(gaia_ai.games.eminent_domain.value_net.load)")
    return 0


def net_inputs_of(Core core):
    """Each seat's network inputs at core's position (NET_INPUTS order) and each seat's heuristic
    estimate (evaluate()'s numbers), as (inputs, heuristic); ValueError once the game is over."""
    cdef NetSeat seats[MAXP]
    cdef double x[EDI]
    cdef double estimate[MAXP]
    cdef int p, i
    if core.st.finished:
        raise ValueError("no network inputs once the game is over")
    gi_evaluate(core.tables.c, &core.st, estimate)
    for p in range(core.st.num_players):
        net_seat(core.tables.c, &core.st, p, &seats[p])
    rows = []
    for p in range(core.st.num_players):
        net_encode(core.tables.c, &core.st, p, seats, estimate[p], x)
        rows.append([x[i] for i in range(EDI)])
    return rows, [estimate[p] for p in range(core.st.num_players)]


def set_net_weights(mean, scale, w1, b1, w2, b2, w3, double b3, double y_mean, double y_scale, int slot=0):
    """Load a value network into `slot` (0..NET_SLOT_COUNT-1; process-wide, never while a search reads
    that slot): the inputs' mean and scale (EDI each, scale > 0), w1 (EDI rows of MLP_H1), b1, w2, b2, w3,
    b3, the output's y_mean and y_scale (NET_LAYERS). Every size is checked before anything is written: a
    mismatch is a ValueError and the slot is unchanged."""
    mlp_check_slot(slot, NET_SLOTS)
    mlp_load(&NETS[slot], EDI, mean, scale, w1, b1, w2, b2, w3, b3, y_mean, y_scale)


def evaluate_net(Core core, int slot=0):
    """The value network's (in `slot`) estimate of each player's final influence at core's position."""
    cdef double out[MAXP]
    check_net_slot(slot)
    net_value(core.tables.c, &core.st, out, slot)
    return [out[p] for p in range(core.st.num_players)]


def evaluate_repeat(Core core, str evaluator, int slot, long reps):
    """Evaluate core's position `reps` times without the GIL by "heuristic" or "net" (network slot):
    what bench/ed_value_net.py times per evaluation. Returns the last estimate."""
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
                net_value(core.tables.c, &core.st, out, slot)
            else:
                gi_evaluate(core.tables.c, &core.st, out)
    return [out[p] for p in range(core.st.num_players)]
