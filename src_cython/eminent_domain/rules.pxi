# Rule helpers: cards, planets, symbols, influence. Pure C, nogil, no allocation.

cdef inline int rnd(EdState* s, int n) noexcept nogil:
    return <int> (splitmix64(&s.rng) % <unsigned long long> n)


cdef inline int has_perm(EdState* s, int p, int perm) noexcept nogil:
    return (s.pl[p].perms >> perm) & 1


cdef inline int face_down_of(EdState* s, int p, int pl) noexcept nogil:
    return s.planet_loc[pl] == LOC_OWNED + 2 * p


cdef inline int face_up_of(EdState* s, int p, int pl) noexcept nogil:
    return s.planet_loc[pl] == LOC_OWNED + 2 * p + 1


cdef inline int card_sym(const EdContext* c, EdState* s, int p, int k, int role) noexcept nogil:
    """Symbols card kind k shows for role; Adaptability makes a Research role card show every one."""
    if k == K_RESEARCH and has_perm(s, p, P_ADAPT):
        return 1
    return c.kind_sym[k][role]


cdef int empire_sym(const EdContext* c, EdState* s, int p, int role) noexcept nogil:
    """Symbols of role on p's face-up planets and permanent techs (never spent)."""
    cdef int n = 0, pl, q
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            n += c.planet_sym[pl][role]
    for q in range(NPERM):
        if (s.pl[p].perms >> q) & 1:
            n += c.perm_sym[q][role]
    return n


cdef int hand_limit(const EdContext* c, EdState* s, int p) noexcept nogil:
    cdef int n = 5, pl
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            n += c.planet_hand[pl]
    return n


cdef inline int role_stack(int role) noexcept nogil:
    """Stack (and role card kind) of a role: produce and trade share one."""
    if role <= S_PRODUCE:
        return role
    if role == S_TRADE:
        return K_PT
    return K_RESEARCH


cdef void take_influence(EdState* s, int p, int n) noexcept nogil:
    """Pay n influence tokens to p: black supply first, then the blue reserve, then created ones."""
    cdef int i
    for i in range(n):
        if s.supply_black > 0:
            s.supply_black -= 1
        elif s.supply_blue > 0:
            s.supply_blue -= 1
        else:
            s.influence_created += 1
        s.pl[p].influence += 1


cdef void reshuffle(EdState* s, int p) noexcept nogil:
    """Shuffle p's discard pile into a new deck (only when the deck is empty)."""
    cdef EdPlayer* P = &s.pl[p]
    cdef int k, i, j
    cdef ushort t
    for k in range(NKIND):
        while P.discard[k] > 0:
            P.discard[k] -= 1
            P.deck[P.ndeck] = <ushort> k
            P.ndeck += 1
    for i in range(P.ndeck - 1, 0, -1):
        j = rnd(s, i + 1)
        t = P.deck[i]
        P.deck[i] = P.deck[j]
        P.deck[j] = t


cdef void draw_cards(EdState* s, int p, int n) noexcept nogil:
    cdef EdPlayer* P = &s.pl[p]
    cdef int i
    for i in range(n):
        if P.ndeck == 0:
            reshuffle(s, p)
            if P.ndeck == 0:
                return
        P.ndeck -= 1
        P.hand[P.deck[P.ndeck]] += 1
        P.nhand += 1


cdef int draw_planet(EdState* s) noexcept nogil:
    """Top planet of the planet deck (the face-up planet discard is shuffled in when it is empty); -1 if none."""
    cdef int pl, i, j
    cdef ushort t
    if s.npdeck == 0:
        for pl in range(NPLANET):
            if s.planet_loc[pl] == LOC_DISCARD:
                s.planet_loc[pl] = LOC_DECK
                s.pdeck[s.npdeck] = <ushort> pl
                s.npdeck += 1
        for i in range(s.npdeck - 1, 0, -1):
            j = rnd(s, i + 1)
            t = s.pdeck[i]
            s.pdeck[i] = s.pdeck[j]
            s.pdeck[j] = t
        if s.npdeck == 0:
            return -1
    s.npdeck -= 1
    return s.pdeck[s.npdeck]


cdef int empty_stacks(EdState* s) noexcept nogil:
    cdef int n = 0, i
    for i in range(NSTACK):
        if s.stacks[i] == 0:
            n += 1
    return n


# ---- planets ------------------------------------------------------------------------------------------

cdef int settle_need(const EdContext* c, EdState* s, int p, int pl, int bonus) noexcept nogil:
    """Colonies p needs on pl to settle it: its cost less p's Empire Colonize symbols (and bonus)."""
    cdef int need = c.planet_ccost[pl] - empire_sym(c, s, p, S_COLONIZE) - bonus
    return need if need > 0 else 0


cdef inline int is_ready(const EdContext* c, EdState* s, int p, int pl, int bonus) noexcept nogil:
    return face_down_of(s, p, pl) and s.colval[pl] >= settle_need(c, s, p, pl, bonus)


cdef int any_ready(const EdContext* c, EdState* s, int p, int bonus) noexcept nogil:
    cdef int pl
    for pl in range(NPLANET):
        if is_ready(c, s, p, pl, bonus):
            return 1
    return 0


cdef inline int can_tuck(EdState* s, int p, int pl) noexcept nogil:
    return face_down_of(s, p, pl) and s.ncol[pl] < COLCAP


cdef int any_tuck(EdState* s, int p) noexcept nogil:
    cdef int pl
    for pl in range(NPLANET):
        if can_tuck(s, p, pl):
            return 1
    return 0


cdef inline int attack_cost(const EdContext* c, EdState* s, int p, int pl) noexcept nogil:
    """Fighters an attack on pl costs p: Scorched Earth Policy lowers it by 2; the rulebook reading keeps one
    at least (the fighter left on the planet), BGA goes down to 0 (that fighter comes from the supply)."""
    cdef int cost = c.planet_wcost[pl]
    cdef int floor = 0 if s.opt.bga else 1
    if has_perm(s, p, P_SCORCHED):
        cost -= 2
        if cost < floor:
            cost = floor
    return cost


cdef inline int can_attack(const EdContext* c, EdState* s, int p, int pl) noexcept nogil:
    return face_down_of(s, p, pl) and s.pl[p].fighters >= attack_cost(c, s, p, pl)


cdef int any_attack(const EdContext* c, EdState* s, int p) noexcept nogil:
    cdef int pl
    for pl in range(NPLANET):
        if can_attack(c, s, p, pl):
            return 1
    return 0


cdef inline int slot_open(const EdContext* c, EdState* s, int pl, int slot) noexcept nogil:
    return slot < c.planet_nslot[pl] and not s.planet_scorched[pl] and not ((s.planet_res[pl] >> slot) & 1)


cdef void flip_up(const EdContext* c, EdState* s, int p, int pl) noexcept nogil:
    """pl turns face up in p's Empire; its colonies go to p's discard pile; Abundance acts."""
    cdef int i
    s.planet_loc[pl] = LOC_OWNED + 2 * p + 1
    for i in range(s.ncol[pl]):
        s.pl[p].discard[s.col[pl][i]] += 1
    s.ncol[pl] = 0
    s.colval[pl] = 0
    if has_perm(s, p, P_ABUND):
        if s.opt.errata:
            s.pl[p].abund_pending += 2
        elif not s.planet_scorched[pl]:
            s.planet_res[pl] = <ushort> ((1 << c.planet_nslot[pl]) - 1)


cdef void settle(const EdContext* c, EdState* s, int p, int pl) noexcept nogil:
    flip_up(c, s, p, pl)


cdef void attack(const EdContext* c, EdState* s, int p, int pl) noexcept nogil:
    s.pl[p].fighters -= attack_cost(c, s, p, pl)
    if has_perm(s, p, P_SCORCHED):
        s.planet_scorched[pl] = 1     # a fighter stays on it: it holds no resources
    flip_up(c, s, p, pl)


cdef void tuck(const EdContext* c, EdState* s, int p, int k, int pl) noexcept nogil:
    """Card kind k (already out of p's hand or play area) becomes colonies under pl."""
    s.col[pl][s.ncol[pl]] = <ushort> k
    s.ncol[pl] += 1
    s.colval[pl] += card_sym(c, s, p, k, S_COLONIZE)


cdef int any_empty_slot(const EdContext* c, EdState* s, int p) noexcept nogil:
    cdef int pl, k
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            for k in range(c.planet_nslot[pl]):
                if slot_open(c, s, pl, k):
                    return 1
    return 0


cdef void produce(const EdContext* c, EdState* s, int p, int pl, int slot) noexcept nogil:
    cdef int r = c.planet_slot[pl][slot]
    s.planet_res[pl] |= <ushort> (1 << slot)
    if p == s.leader and s.genetic and not ((s.produced_mask >> r) & 1):
        take_influence(s, p, 1)       # Genetic Engineering: +1 per different type produced this turn
    if p == s.leader:
        s.produced_mask |= 1 << r


cdef void trade(const EdContext* c, EdState* s, int p, int pl, int slot) noexcept nogil:
    """Return the resource in pl's slot (or a fighter when pl == NPLANET) for 1 influence."""
    cdef int r = FIGHTER_RES
    if pl == NPLANET:
        s.pl[p].fighters -= 1
    else:
        r = c.planet_slot[pl][slot]
        s.planet_res[pl] &= <ushort> ~(1 << slot)
    take_influence(s, p, 1)
    if p == s.leader:
        if s.diverse and not ((s.traded_mask >> r) & 1) and not (s.opt.bga and r == FIGHTER_RES):
            take_influence(s, p, 1)   # Diverse Markets: +1 per different type traded this turn
        if s.specialized == r:
            take_influence(s, p, 1)   # Specialization: +1 per resource of the named type
        s.traded_mask |= 1 << r


cdef int can_buy(const EdContext* c, EdState* s, int p, int t, int strength) noexcept nogil:
    """Tech t is in the supply, costs at most strength and p has its face-up planets."""
    cdef int n = 0, pl
    if not ((s.tech_avail >> t) & 1) or c.tech_cost[t] > strength:
        return 0
    for pl in range(NPLANET):
        if face_up_of(s, p, pl) and c.planet_type[pl] == c.tech_type[t]:
            n += 1
    return n >= c.tech_level[t]


cdef int any_buy(const EdContext* c, EdState* s, int p, int strength) noexcept nogil:
    cdef int t
    for t in range(NTECH):
        if can_buy(c, s, p, t, strength):
            return 1
    return 0


cdef int score(const EdContext* c, EdState* s, int p) noexcept nogil:
    """Influence tokens + face-up planets' influence + influence of the techs p owns."""
    cdef EdPlayer* P = &s.pl[p]
    cdef int v = P.influence, pl, k, i
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            v += c.planet_influence[pl]
        elif face_down_of(s, p, pl):
            for i in range(s.ncol[pl]):
                v += c.kind_influence[s.col[pl][i]]
    for k in range(NKIND):
        v += c.kind_influence[k] * (P.hand[k] + P.discard[k] + P.played_act[k] + P.played_role[k])
    for i in range(P.ndeck):
        v += c.kind_influence[P.deck[i]]
    for k in range(NPERM):
        if (P.perms >> k) & 1:
            v += c.perm_influence[k]
    return v


cdef int tiebreak(const EdContext* c, EdState* s, int p) noexcept nogil:
    """Fighters + resources on p's planets."""
    cdef int v = s.pl[p].fighters, pl, k
    for pl in range(NPLANET):
        if face_up_of(s, p, pl):
            for k in range(2):
                v += (s.planet_res[pl] >> k) & 1
    return v
