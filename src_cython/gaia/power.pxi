# Resources and the power cycle. Every gain goes through gain() so caps and faction quirks apply once.

class IllegalMove(ValueError):
    """Raised by the core when a command breaks a rule; the Python API re-raises it as IllegalMoveError."""


cdef int illegal(str msg) except -1:
    raise IllegalMove(msg)


cdef inline int imin(int a, int b) noexcept nogil:
    return a if a < b else b


cdef inline int imax(int a, int b) noexcept nogil:
    return a if a > b else b


cdef inline int bs_tokens(PlayerState* pl, int area) noexcept nogil:
    """Tokens in area (0..3) counting the brainstone as one token."""
    return pl.power[area] + (1 if pl.brainstone == area + 1 else 0)


cdef int charge_capacity(PlayerState* pl) noexcept nogil:
    return 2 * bs_tokens(pl, 0) + bs_tokens(pl, 1)


cdef int chargeable(GState* s, int p) noexcept nogil:
    """Power the player could charge now (the engine's simulation, brainstone heuristic on)."""
    cdef PlayerState saved = s.pl[p]
    cdef int n = charge_power(s, p, 99, 1)
    s.pl[p] = saved
    return n


cdef int charge_power(GState* s, int p, int n, int heuristic=1) noexcept nogil:
    """Charge n power: area1 -> area2 first, then area2 -> area3. Returns the power actually charged.

    The Taklons brainstone moves first by default (the engine's heuristic); with heuristic=0 it moves
    only when the tokens beside it cannot absorb the charge."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int left = n
    cdef int k
    if n <= 0:
        return 0
    if pl.brainstone == BS_A1 and (heuristic or pl.power[0] < left):
        pl.brainstone = BS_A2
        left -= 1
    k = imin(left, pl.power[0])
    pl.power[0] -= k
    pl.power[1] += k
    left -= k
    if pl.brainstone == BS_A2 and left > 0 and (heuristic or pl.power[1] < left):
        pl.brainstone = BS_A3
        left -= 1
    k = imin(left, pl.power[1])
    pl.power[1] -= k
    pl.power[2] += k
    left -= k
    return n - left


cdef int charge_destinations(GState* s, int p, int n, int* on, int* off) noexcept nogil:
    """Where the brainstone ends with and without the heuristic; 1 if the player must choose."""
    cdef PlayerState saved = s.pl[p]
    if s.pl[p].brainstone != BS_A1 and s.pl[p].brainstone != BS_A2:
        return 0
    charge_power(s, p, n, 1)
    on[0] = s.pl[p].brainstone
    s.pl[p] = saved
    charge_power(s, p, n, 0)
    off[0] = s.pl[p].brainstone
    s.pl[p] = saved
    return on[0] != off[0]


cdef int save_power(GState* s, int p) noexcept nogil:
    cdef int i
    for i in range(4):
        s.bsq_pre_power[i] = s.pl[p].power[i]
    s.bsq_pre_bs = s.pl[p].brainstone
    s.bsq_post_tokens = 0
    return 0


cdef int restore_power(GState* s, int p) noexcept nogil:
    cdef int i
    for i in range(4):
        s.pl[p].power[i] = s.bsq_pre_power[i]
    s.pl[p].brainstone = s.bsq_pre_bs
    return 0


cdef int open_question(GState* s, int p, int kind, int amount, int c0, int c1, int nchoices, int alt) noexcept nogil:
    s.bsq_player = p
    s.bsq_kind = kind
    s.bsq_amount = amount
    s.bsq_choices[0] = c0
    s.bsq_choices[1] = c1
    s.bsq_nchoices = nchoices
    s.bsq_alt = alt
    return 0


cdef int charge(GState* s, int p, int n) noexcept nogil:
    """A charge from a reward: asks the brainstone question when the two ways differ."""
    cdef int on = 0, off = 0
    if charge_destinations(s, p, n, &on, &off):
        save_power(s, p)
        open_question(s, p, BSQ_CHARGE, n, on, off, 2, off)
    return charge_power(s, p, n, 1)


cdef int gain(GState* s, int p, int res, int n) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    if n == 0:
        return 0
    if res == R_VP:
        pl.vp += n
    elif res == R_C:
        pl.credits = imin(30, pl.credits + n)
    elif res == R_O:
        pl.ores = imin(15, pl.ores + n)
    elif res == R_K:
        pl.knowledge = imin(15, pl.knowledge + n)
    elif res == R_Q:
        # Gleens take ore for every qic reward until they build Academy 2
        if pl.faction == F_GLEENS and pl.nbuild[B_AC2] == 0:
            pl.ores = imin(15, pl.ores + n)
        else:
            pl.qic += n
    elif res == R_PW:
        charge(s, p, n)
    elif res == R_T:
        pl.power[0] += n
        if s.bsq_player == p:   # re-added if the open brainstone question redoes the payment
            s.bsq_post_tokens += n
    else:
        with gil:
            illegal("internal: unknown resource %d" % res)
    return 0


cdef int spendable_power(PlayerState* pl) noexcept nogil:
    cdef int per = 2 if (pl.faction == F_NEVLAS and pl.nbuild[B_PI] > 0) else 1
    return pl.power[2] * per + (3 if pl.brainstone == BS_A3 else 0)


cdef int pay_power(GState* s, int p, int n) except -1 nogil:
    """Spend n power from area3 (tokens go back to area1). The brainstone in area3 is worth 3: used
    when needed (asked when n < 3), asked when it could be kept, kept when it would waste charges."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int per = 2 if (pl.faction == F_NEVLAS and pl.nbuild[B_PI] > 0) else 1
    cdef int need
    if spendable_power(pl) < n:
        with gil:
            illegal("needs %d power in area3, has %d" % (n, spendable_power(pl)))
    if pl.brainstone == BS_A3:
        need = pl.power[2] * per < n
        if need or n >= 3:
            save_power(s, p)
            if need and n < 3:
                open_question(s, p, BSQ_SPEND, n, BS_A1, 0, 1, -1)
            elif not need:
                open_question(s, p, BSQ_SPEND, n, BS_A1, BS_A3, 2, BS_A3)
            pl.brainstone = BS_A1
            n = imax(0, n - 3)
    spend_tokens(pl, n, per)
    return 0


cdef inline void spend_tokens(PlayerState* pl, int n, int per) noexcept nogil:
    cdef int tokens = (n + per - 1) // per
    pl.power[2] -= tokens
    pl.power[0] += tokens


cdef int discard_tokens(GState* s, int p, int n, int to_gaia) except -1 nogil:
    """Remove n tokens (area1 first, then area2, area3), into the gaia area or out of the game.
    The brainstone goes only when every token is needed; otherwise the player may be asked."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int bs_in = BS_A1 <= pl.brainstone <= BS_A3
    cdef int total = pl.power[0] + pl.power[1] + pl.power[2] + bs_in
    cdef int below, a
    if total < n:
        with gil:
            illegal("needs %d power tokens, has %d" % (n, total))
    if bs_in and n > 0:
        below = 0
        for a in range(pl.brainstone):
            below += pl.power[a]
        if total == n:
            pl.brainstone = BS_GAIA if to_gaia else BS_NONE
            n -= 1
        elif to_gaia or below < n:
            save_power(s, p)
            open_question(s, p, BSQ_DISCARD, n * 2 + to_gaia, pl.brainstone, BS_GAIA if to_gaia else BS_NONE, 2,
                          BS_GAIA if to_gaia else BS_NONE)
    take_tokens(pl, n, to_gaia)
    return 0


cdef inline void take_tokens(PlayerState* pl, int n, int to_gaia) noexcept nogil:
    cdef int area, k
    for area in range(3):
        k = imin(n, pl.power[area])
        pl.power[area] -= k
        if to_gaia:
            pl.power[3] += k
        n -= k


cdef int answer_brainstone(GState* s, int p, int dest) except -1 nogil:
    """Apply the player's answer to the open brainstone question."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int i, ok = 0, n
    if s.bsq_player != p:
        with gil:
            illegal("no brainstone decision is open")
    for i in range(s.bsq_nchoices):
        if s.bsq_choices[i] == dest:
            ok = 1
    if not ok:
        with gil:
            illegal("the brainstone cannot go there")
    s.bsq_player = -1
    if s.bsq_kind == BSQ_INCOME:
        receive_event(s, p, &s.bsq_event, dest != s.bsq_alt)
        return 0
    if dest != s.bsq_alt:
        return 0
    n = s.bsq_post_tokens
    restore_power(s, p)
    if s.bsq_kind == BSQ_CHARGE:
        charge_power(s, p, s.bsq_amount, 0)
    elif s.bsq_kind == BSQ_SPEND:
        spend_tokens(pl, s.bsq_amount, 1)
    else:
        pl.brainstone = dest
        take_tokens(pl, s.bsq_amount // 2 - 1, s.bsq_amount % 2)
    pl.power[0] += n
    return 0


cdef int burn_power(GState* s, int p, int n) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    if n <= 0 or bs_tokens(pl, 1) < 2 * n:
        with gil:
            illegal("cannot burn %d: area2 holds %d tokens" % (n, bs_tokens(pl, 1)))
    if pl.brainstone == BS_A2:
        pl.brainstone = BS_A3
        pl.power[1] -= 2 * n - 1
        pl.power[2] += n - 1
    else:
        pl.power[1] -= 2 * n
        pl.power[2] += n
    if pl.faction == F_ITARS:
        pl.power[3] += n
    return 0
