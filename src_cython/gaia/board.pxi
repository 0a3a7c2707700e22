# Board queries: what a player occupies, reaches and owns. Shared by rules, scoring and move generation.

cdef inline int occupies(GState* s, int p, int h) noexcept nogil:
    """The hex holds a building of p (any kind, gaia-formers and space stations included) or p's guest mine."""
    return (s.owner[h] == p and s.building[h] != B_NONE) or s.guest[h] == p


cdef inline int has_structure(GState* s, int p, int h) noexcept nogil:
    """A planet structure of p: mine..academy, lost planet, or the lantids guest mine (not gf / sp)."""
    if s.guest[h] == p:
        return 1
    return s.owner[h] == p and B_M <= s.building[h] <= B_AC2


cdef int distance_to_player(GState* s, GameContext* c, int p, int h) noexcept nogil:
    cdef int best = 255
    cdef int j
    for j in range(c.nhex):   # range counts from the player's buildings, not from gaia-formers
        if occupies(s, p, j) and s.building[j] != B_GF and c.dist[h][j] < best:
            best = c.dist[h][j]
    return best


cdef int player_range(PlayerState* pl) noexcept nogil:
    return NAV_RANGE[pl.research[T_NAV]]


cdef int planet_types(GState* s, GameContext* c, int p) noexcept nogil:
    cdef int seen = 0
    cdef int h
    for h in range(c.nhex):
        if s.owner[h] == p and B_M <= s.building[h] <= B_AC2:   # lantids guest mines do not count
            seen |= 1 << s.planet[h]
    cdef int n = 0
    while seen:
        n += seen & 1
        seen >>= 1
    return n


cdef int gaia_planets(GState* s, GameContext* c, int p) noexcept nogil:
    cdef int n = 0
    cdef int h
    for h in range(c.nhex):   # planets the player occupies as main owner: lantids guest mines do not count
        if s.owner[h] == p and B_M <= s.building[h] <= B_AC2 and s.planet[h] == PL_GAIA:
            n += 1
    return n


cdef int sectors_count(GState* s, GameContext* c, int p) noexcept nogil:
    cdef int seen = 0
    cdef int h
    cdef int n = 0
    for h in range(c.nhex):
        if has_structure(s, p, h):
            seen |= 1 << c.sector[h]
    while seen:
        n += seen & 1
        seen >>= 1
    return n


cdef int mines_count(GState* s, int p) noexcept nogil:
    return s.pl[p].nbuild[B_M] + (1 if s.pl[p].lost_planet >= 0 else 0)


cdef int structures_count(GState* s, GameContext* c, int p) noexcept nogil:
    cdef int n = 0
    cdef int h
    for h in range(c.nhex):
        if has_structure(s, p, h):
            n += 1
    return n


cdef int federated_structures(GState* s, GameContext* c, int p) noexcept nogil:
    cdef int n = 0
    cdef int h
    for h in range(c.nhex):
        if has_structure(s, p, h) and (s.fed_mask[h] >> p) & 1:
            n += 1
    return n


cdef int held_feds(PlayerState* pl) noexcept nogil:
    cdef int n = 0
    cdef int k
    for k in range(NFEDKIND):
        n += pl.fed_held[k]
    return n


cdef int green_feds(PlayerState* pl) noexcept nogil:
    cdef int n = 0
    cdef int k
    for k in range(NFEDKIND):
        if FED_REWARD[k][6]:
            n += pl.fed_held[k] - pl.fed_grey[k]
    return n


cdef int tech_active(PlayerState* pl, int pos) noexcept nogil:
    cdef int i
    if (pl.covered >> pos) & 1:
        return 0
    for i in range(pl.ntech):
        if pl.tech_order[i] == pos:
            return 1
    return 0


cdef int has_tile(GState* s, GameContext* c, int p, int basic_tile) noexcept nogil:
    """p holds the (uncovered) basic tech tile number basic_tile (1..9)."""
    cdef int pos
    for pos in range(NBASIC):
        if c.tech_at[pos] == basic_tile and tech_active(&s.pl[p], pos):
            return 1
    return 0


cdef int has_adv(GState* s, GameContext* c, int p, int adv_tile) noexcept nogil:
    cdef int pos
    for pos in range(NBASIC, NPOS):
        if c.tech_at[pos] == adv_tile and tech_active(&s.pl[p], pos):
            return 1
    return 0


cdef int building_power(GState* s, GameContext* c, int p, int h, int federation) noexcept nogil:
    """Power value of p's structure on h: for federations, or for neighbours' charge (federation=0),
    where space stations count nothing."""
    cdef int b
    cdef int v = 0
    if s.guest[h] == p:
        v = 1
    elif s.owner[h] == p:
        b = s.building[h]
        if b == B_M:
            v = 1
        elif b == B_TS or b == B_LAB:
            v = 2
        elif b == B_PI or b == B_AC1 or b == B_AC2:
            v = 4 if has_tile(s, c, p, 3) else 3
        elif b == B_SP and federation:
            v = 1
        else:
            return 0
        if s.pl[p].faction == F_BESCODS and s.pl[p].nbuild[B_PI] > 0 and s.planet[h] == PL_TITANIUM:
            v += 1
    return v


cdef int terraform_steps(int home, int planet) noexcept nogil:
    cdef int d
    if planet > PL_ICE or home > PL_ICE:
        return 0
    d = planet - home
    if d < 0:
        d = -d
    return imin(d, 7 - d)
