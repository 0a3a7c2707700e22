# Terraforming Mars behind the C-level game interface of src_cython/core/game.pxd.

cdef enum:
    MOVECAP = 4096

cdef int gi_current_player(const void* ctx, const void* s) noexcept nogil:
    cdef const TState* st = <const TState*> s
    return -1 if st.step == ST_OVER else st.cur


cdef int gi_is_terminal(const void* ctx, const void* s) noexcept nogil:
    return (<const TState*> s).step == ST_OVER


cdef int gi_returns(const void* ctx, const void* s, double* out) noexcept nogil:
    cdef int p
    cdef int sc[7]
    for p in range((<const TState*> s).np):
        score(<TState*> s, p, sc)
        out[p] = sc[6]
    return 0


cdef int gi_legal_moves(const void* ctx, const void* s, Move* out, int cap) noexcept nogil:
    return gen_moves(<TState*> s, out, cap)


cdef int gi_search_moves(const void* ctx, const void* s, Move* out, int cap) noexcept nogil:
    return gen_search_moves(<TState*> s, out, cap)


cdef int gi_apply(const void* ctx, void* s, Move m) noexcept nogil:
    return -1 if apply_move(<TState*> s, m) < 0 else 0


cdef Move gi_rollout_move(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil:
    cdef Move buf[MOVECAP]
    cdef int n = gen_moves(<TState*> s, buf, MOVECAP)
    if n <= 0:
        return -1
    return buf[splitmix64(rng) % <unsigned long long> n]


cdef void determinize_state(TState* s, int observer, unsigned long long* rng) noexcept nogil:
    """Shuffle what observer cannot see (the draw pile, the discard pile, other hands, others' offers)
    among those places, keeping every count; tableaux and observer's own cards stay. The discard pile is
    face down (the player view shows its size only), as in the structured observation. During the
    initial selection the others' corporations are resampled too: the two dealt to a seat still choosing,
    the one chosen by a seat that has chosen (it is shown when everyone has), from the game's
    corporations observer was not dealt. The hidden cards are pooled in card order before the shuffle,
    so the sample depends only on what observer sees and on rng; the chance stream and a forced
    reshuffle order (replays) are replaced too."""
    cdef unsigned short pool[CARDCAP]
    cdef unsigned char hidden[CARDCAP]
    cdef int n = 0, i, j, c, l, p, k
    cdef unsigned short t
    memset(hidden, 0, sizeof(hidden))
    for c in range(s.ncard):
        l = s.loc[c]
        if l >= L_HAND and l < L_HAND + MAXP and l != L_HAND + observer:
            hidden[c] = 1
    for p in range(s.np):
        if p != observer:
            for k in range(s.pl[p].noffer):
                hidden[s.pl[p].offer[k]] = 1
    for i in range(s.top, s.bot):
        hidden[s.deck[i]] = 1
    for i in range(s.ndiscard):
        hidden[s.discard[i]] = 1
    for c in range(s.ncard):
        if hidden[c]:
            pool[n] = c
            n += 1
    for i in range(n - 1, 0, -1):
        j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    # refill the same places: each hidden hand and offer keeps its count, the pile its length
    i = 0
    for p in range(s.np):
        if p == observer:
            continue
        for k in range(s.pl[p].hand_n):
            s.loc[pool[i]] = L_HAND + p
            i += 1
        for k in range(s.pl[p].noffer):
            s.pl[p].offer[k] = pool[i]
            s.loc[pool[i]] = L_OFFER + p
            i += 1
    for j in range(s.top, s.bot):
        s.deck[j] = pool[i]
        s.loc[pool[i]] = L_DECK
        i += 1
    for j in range(s.ndiscard):
        s.discard[j] = pool[i]
        s.loc[pool[i]] = L_DISCARD
        i += 1
    if s.step == ST_SETUP:
        determinize_corporations(s, observer, rng)
    s.nplan = 0
    s.rng = splitmix64(rng)


cdef void determinize_corporations(TState* s, int observer, unsigned long long* rng) noexcept nogil:
    """The initial selection's hidden corporations: a seat still choosing gets two, a seat that has
    chosen one it could have kept its cards with (price x kept cards within the corporation's M€), all
    drawn without replacement from the game's corporations observer was not dealt."""
    cdef short pool[NCORP]
    cdef int n = 0, c, i, j, p, k, ncorp = NCORP if s.colonies_on else NBASE_CORP
    cdef short t
    for c in range(ncorp):
        if c != s.pl[observer].corp_offer[0] and c != s.pl[observer].corp_offer[1]:
            pool[n] = c
            n += 1
    for i in range(n - 1, 0, -1):
        j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    for p in range(s.np):
        if p == observer:
            continue
        if s.pl[p].setup_done:
            # the chosen one first (its offer pair follows it: the pair no longer matters but is hashed)
            for k in range(n):
                c = pool[k]
                if corp_card_price(c) * s.pl[p].hand_n <= CORPS[c].mc:
                    s.pl[p].corp = c
                    s.pl[p].corp_offer[0] = c
                    pool[k] = pool[n - 1]
                    n -= 1
                    break
            if n >= 1 and s.pl[p].corp_offer[1] >= 0:
                s.pl[p].corp_offer[1] = pool[n - 1]
                n -= 1
        elif s.pl[p].corp_offer[0] >= 0 and n >= 2:
            s.pl[p].corp_offer[0] = pool[n - 1]
            s.pl[p].corp_offer[1] = pool[n - 2]
            n -= 2


cdef void gi_determinize(const void* ctx, void* s, int observer, unsigned long long* rng) noexcept nogil:
    determinize_state(<TState*> s, observer, rng)


cdef unsigned long long gi_info_key(const void* ctx, const void* s, int seat) noexcept nogil:
    """What seat knows, hashed: the state with what seat cannot see put in determinize's canonical form
    (a fixed rng), so states seat cannot tell apart hash alike."""
    cdef TState tmp
    cdef unsigned long long r = 0x5EED5EED5EED5EEDULL
    memcpy(&tmp, s, sizeof(TState))
    determinize_state(&tmp, seat, &r)
    return hash_bytes(0xCBF29CE484222325ULL, &tmp, sizeof(TState))


def game_interface(Core core, bint atomic=False, int net_slot=-1, str prior="uniform"):
    """(capsule of the GameInterface table, owner object to keep alive) for this game's states. The
    search branches over the search moves (searchmoves.pxi), or with atomic over every legal move. Its
    leaf value is the heuristic (evaluate.pxi), or with net_slot >= 0 the value network loaded in that
    slot (net.pxi; ValueError if none is). prior: "uniform" (the table has none) or "value" (policy.pxi:
    a softmax over the mover's margin one move later by that same leaf value)."""
    cdef Interface owner = Interface()
    if net_slot >= 0:
        check_net_slot(net_slot)
    if prior not in ("uniform", "value"):
        raise ValueError(f"no {prior!r} move prior for Terraforming Mars (prior=uniform or prior=value)")
    owner.prior_ctx.net_slot = net_slot
    owner.table.state_size = sizeof(TState)
    owner.table.num_players = core.st.np
    owner.table.flags = INFO_HIDDEN | INFO_CHANCE
    owner.table.max_moves = MOVECAP
    owner.table.ctx = &owner.prior_ctx   # read by the prior only
    owner.table.current_player = gi_current_player
    owner.table.is_terminal = gi_is_terminal
    owner.table.returns = gi_returns
    owner.table.legal_moves = gi_legal_moves if atomic else gi_search_moves
    owner.table.apply = gi_apply
    owner.table.rollout_move = gi_policy_move
    owner.table.evaluate = gi_evaluate_state
    if net_slot >= 0:
        owner.table.evaluate = (gi_evaluate_net0 if net_slot == 0 else gi_evaluate_net1 if net_slot == 1
                                else gi_evaluate_net2 if net_slot == 2 else gi_evaluate_net3)
    owner.table.determinize = gi_determinize
    owner.table.info_key = gi_info_key
    owner.table.prior = NULL   # none: PUCT's priors are uniform
    if prior == "value":
        owner.table.prior = gi_prior_value
        owner.table.flags |= PRIOR_POINTWISE
    return PyCapsule_New(&owner.table, b"gaia_ai.GameInterface", NULL), owner


def state_pointer(Core core):
    """A capsule of the core's state (valid while core lives): the search's root position."""
    return PyCapsule_New(&core.st, b"gaia_ai.GameState", NULL)
