# Rules: cards, payment, tiles, global parameters, turn flow. Every function is nogil and works on one
# state; an illegal move sets s.err and returns -1 (the caller restores the state: all or nothing).

cdef inline Move mk(int kind, int a, int b, int mc, int st, int ti, int he) noexcept nogil:
    return (<Move> kind | (<Move> a << 5) | (<Move> b << 14) | (<Move> mc << 26) | (<Move> st << 34)
            | (<Move> ti << 41) | (<Move> he << 48))

cdef inline int mv_kind(Move m) noexcept nogil:
    return <int> (m & 31)

cdef inline int mv_a(Move m) noexcept nogil:
    return <int> ((m >> 5) & 511)

cdef inline int mv_b(Move m) noexcept nogil:
    return <int> ((m >> 14) & 4095)

cdef inline int mv_mc(Move m) noexcept nogil:
    return <int> ((m >> 26) & 255)

cdef inline int mv_st(Move m) noexcept nogil:
    return <int> ((m >> 34) & 127)

cdef inline int mv_ti(Move m) noexcept nogil:
    return <int> ((m >> 41) & 127)

cdef inline int mv_he(Move m) noexcept nogil:
    return <int> ((m >> 48) & 255)


cdef inline int fail(TState* s, int e) noexcept nogil:
    s.err = e
    return -1


cdef inline unsigned long long rnd(TState* s) noexcept nogil:
    return splitmix64(&s.rng)


# ---- cards and the deck ----

cdef void reshuffle(TState* s) noexcept nogil:
    cdef int i, j, n = s.ndiscard
    cdef unsigned short t
    if s.nplan > 0:
        n = s.nplan
        for i in range(n):
            s.deck[i] = s.plan[i]
            s.loc[s.plan[i]] = L_DECK
        s.nplan = 0
    else:
        for i in range(n):
            s.deck[i] = s.discard[i]
            s.loc[s.discard[i]] = L_DECK
        for i in range(n - 1, 0, -1):
            j = <int> (rnd(s) % <unsigned long long> (i + 1))
            t = s.deck[i]
            s.deck[i] = s.deck[j]
            s.deck[j] = t
    s.ndiscard = 0
    s.top = 0
    s.bot = n


cdef int draw_top(TState* s) noexcept nogil:
    if s.top >= s.bot:
        reshuffle(s)
        if s.top >= s.bot:
            return -1
    s.top += 1
    return s.deck[s.top - 1]


cdef int draw_bottom(TState* s) noexcept nogil:
    if s.top >= s.bot:
        reshuffle(s)
        if s.top >= s.bot:
            return -1
    s.bot -= 1
    return s.deck[s.bot]


cdef inline void to_hand(TState* s, int p, int c) noexcept nogil:
    s.loc[c] = L_HAND + p
    s.pl[p].hand_n += 1


cdef inline void to_discard(TState* s, int c) noexcept nogil:
    s.loc[c] = L_DISCARD
    s.discard[s.ndiscard] = c
    s.ndiscard += 1


cdef void draw_cards(TState* s, int p, int n) noexcept nogil:
    cdef int i, c
    for i in range(n):
        c = draw_top(s)
        if c >= 0:
            to_hand(s, p, c)


# ---- global parameters ----

cdef void push(TState* s, int kind, int p, int card, int a, int b, int c) noexcept nogil:
    if s.npend >= MAXPEND:
        return
    s.pend[s.npend].kind = kind
    s.pend[s.npend].player = p
    s.pend[s.npend].card = card
    s.pend[s.npend].a = a
    s.pend[s.npend].b = b
    s.pend[s.npend].c = c
    s.npend += 1


cdef inline void gain_tr(TState* s, int p, int n) noexcept nogil:
    s.pl[p].tr += n
    if n > 0:
        s.pl[p].tr_raised = 1


cdef void raise_temp(TState* s, int p, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if s.temp >= 19:
            return
        s.temp += 1
        gain_tr(s, p, 1)
        if s.temp == 3 or s.temp == 5:        # -24 C and -20 C: +1 heat production
            s.pl[p].prod[R_HE] += 1
        elif s.temp == 15 and s.oceans < 9:   # 0 C: a bonus ocean
            push(s, PK_TILE, p, -1, TL_OCEAN, PR_OCEAN, -1)


cdef void raise_oxy(TState* s, int p, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if s.oxy >= 14:
            return
        s.oxy += 1
        gain_tr(s, p, 1)
        if s.oxy == 8:
            raise_temp(s, p, 1)


# ---- board ----

cdef inline int is_city(int t) noexcept nogil:
    return t == TL_CITY or t == TL_CAPITAL


cdef int adj_count(TState* s, int sp, int tile_kind, int owner) noexcept nogil:
    """Tiles next to sp: tile_kind -1 any tile, -2 a city; owner -1 any owner."""
    cdef int i, a, n = 0, t
    for i in range(NADJ[sp]):
        a = ADJ[sp][i]
        t = s.tile[a]
        if t == TL_NONE:
            continue
        if tile_kind == -2:
            if not is_city(t):
                continue
        elif tile_kind >= 0 and t != tile_kind:
            continue
        if owner >= 0 and s.owner[a] != owner:
            continue
        n += 1
    return n


cdef int space_ok(TState* s, int p, int rule, int fixed, int sp) noexcept nogil:
    """Whether the pending tile of player p with this placement rule may go on sp."""
    return space_ok_own(s, p, rule, fixed, sp, -1)


cdef inline int greenery_own(TState* s, int p, int rule) noexcept nogil:
    """space_ok_own's `own` for a scan of every space: greenery_needs_adjacency once for a greenery
    rule (it does not depend on the space), -1 (not needed) for the others."""
    if rule == PR_GREENERY or rule == PR_FINAL_GREENERY:
        return greenery_needs_adjacency(s, p)
    return -1


cdef int space_ok_own(TState* s, int p, int rule, int fixed, int sp, int own) noexcept nogil:
    """space_ok with own = greenery_needs_adjacency(s, p) given (a scan of every space computes it
    once), or -1 to compute it here when the rule needs it."""
    if sp < 0 or sp >= NSPACE or s.tile[sp] != TL_NONE:
        return 0
    if rule == PR_FIXED:
        return sp == fixed
    if SPACE_TYPE[sp] == SP_COLONY or sp == 30:   # off-Mars cities and Noctis City: by card only
        return 0
    if s.claim[sp] and s.claim[sp] != p + 1:
        return 0
    if rule == PR_CLAIM:
        return SPACE_TYPE[sp] == SP_LAND and s.claim[sp] == 0
    if rule == PR_OCEAN:
        return SPACE_TYPE[sp] == SP_OCEAN
    if rule == PR_OCEANSPACE or rule == PR_GREENERY_OCEANSPACE:
        return SPACE_TYPE[sp] == SP_OCEAN
    if SPACE_TYPE[sp] != SP_LAND:
        return 0
    if rule == PR_OCEAN_ON_LAND or rule == PR_LAND:
        return 1
    if rule == PR_GREENERY or rule == PR_FINAL_GREENERY:
        if own < 0:
            own = greenery_needs_adjacency(s, p)
        return (not own) or adj_count(s, sp, -1, p) > 0
    if rule == PR_CITY:
        return adj_count(s, sp, -2, -1) == 0
    if rule == PR_VOLCANIC:
        return SPACE_VOLCANIC[sp]
    if rule == PR_ISOLATED:
        return adj_count(s, sp, -1, -1) == 0
    if rule == PR_MINING_RIGHTS or rule == PR_MINING_AREA:
        if SPACE_BONUS[sp][B_ST] == 0 and SPACE_BONUS[sp][B_TI] == 0:
            return 0
        return rule == PR_MINING_RIGHTS or adj_count(s, sp, -1, p) > 0
    if rule == PR_NEXT_CITY:
        return adj_count(s, sp, -2, -1) > 0
    if rule == PR_NEXT_GREENERY:
        return adj_count(s, sp, TL_GREENERY, -1) > 0
    if rule == PR_URBANIZED:
        return adj_count(s, sp, -2, -1) >= 2
    return 0


cdef int greenery_needs_adjacency(TState* s, int p) noexcept nogil:
    """A greenery goes next to an own tile when any free land space next to one exists."""
    cdef int i, j, a
    for i in range(2, NSPACE):
        if s.tile[i] == TL_NONE or s.owner[i] != p:
            continue
        for j in range(NADJ[i]):
            a = ADJ[i][j]
            if (s.tile[a] == TL_NONE and SPACE_TYPE[a] == SP_LAND and a != 30
                    and (s.claim[a] == 0 or s.claim[a] == p + 1)):
                return 1
    return 0


cdef int any_space(TState* s, int p, int rule, int fixed) noexcept nogil:
    cdef int sp, own = greenery_own(s, p, rule)
    for sp in range(NSPACE):
        if space_ok_own(s, p, rule, fixed, sp, own):
            return 1
    return 0


cdef int any_space_c(TState* s, int p, int rule, signed char* known) noexcept nogil:
    """any_space(s, p, rule, -1) through known[rule] (NRULE entries, -1: not yet found), for a move
    generator that asks the same rule again (every card with a city, the greenery project and plants)
    while the board stays as it is."""
    if known == NULL or rule < 0 or rule >= NRULE:
        return any_space(s, p, rule, -1)
    if known[rule] < 0:
        known[rule] = <signed char> any_space(s, p, rule, -1)
    return known[rule]


cdef inline int owner_of(TState* s, int c) noexcept nogil:
    """The player who has card c in play, or -1."""
    if c < 0 or s.loc[c] < L_PLAYED or s.loc[c] >= L_PLAYED + MAXP:
        return -1
    return s.loc[c] - L_PLAYED


cdef void place_tile(TState* s, int p, int sp, int tile) noexcept nogil:
    cdef int q, n
    s.last_space = sp
    s.tile[sp] = tile
    s.owner[sp] = -1 if tile == TL_OCEAN else p
    # placement bonuses and 2 M€ per adjacent ocean go to the placer
    s.pl[p].res[R_ST] += SPACE_BONUS[sp][B_ST]
    s.pl[p].res[R_TI] += SPACE_BONUS[sp][B_TI]
    s.pl[p].res[R_PL] += SPACE_BONUS[sp][B_PL]
    if SPACE_BONUS[sp][B_CARD]:
        draw_cards(s, p, SPACE_BONUS[sp][B_CARD])
    if sp >= 2:
        n = adj_count(s, sp, TL_OCEAN, -1)
        s.pl[p].res[R_MC] += 2 * n
    if s.pl[p].corp == C_MINING_GUILD and (SPACE_BONUS[sp][B_ST] or SPACE_BONUS[sp][B_TI]):
        s.pl[p].prod[R_ST] += 1
    if tile == TL_OCEAN:
        if s.oceans < 9:
            s.oceans += 1
            gain_tr(s, p, 1)
        q = owner_of(s, CARD_ARCTIC_ALGAE)
        if q >= 0 and q != p:           # an opponent's trigger resolves at once
            s.pl[q].res[R_PL] += 2
        elif q == p:                    # the placer's own gain waits behind its queued choices
            push(s, PK_GAIN, p, CARD_ARCTIC_ALGAE, R_PL, 2, 0)
    elif tile == TL_GREENERY:
        if owner_of(s, CARD_HERBIVORES) == p:
            add_card_resources(s, CARD_HERBIVORES, 1)
        raise_oxy(s, p, 1)
    if is_city(tile):
        q = owner_of(s, CARD_ROVER)
        if q >= 0:
            s.pl[q].res[R_MC] += 2
        if owner_of(s, CARD_PETS) >= 0:
            add_card_resources(s, CARD_PETS, 1)
        q = owner_of(s, CARD_IMMIGRANT_CITY)
        if q >= 0:
            s.pl[q].prod[R_MC] += 1
        for q in range(s.np):
            if s.pl[q].corp == C_THARSIS:
                if sp >= 2:
                    s.pl[q].prod[R_MC] += 1
                if q == p:
                    s.pl[q].res[R_MC] += 3
    elif tile == TL_MINING_RIGHTS or tile == TL_MINING_AREA:
        if SPACE_BONUS[sp][B_TI]:
            s.pl[p].prod[R_TI] += 1
        else:
            s.pl[p].prod[R_ST] += 1


# ---- cards: cost, requirements, effects ----

cdef extern from *:
    """
    /* eight bytes from p as a word whose lowest byte is p[0], whatever the machine's byte order */
    static inline unsigned long long tm_load_le64(const unsigned char* p) {
        unsigned long long w;
        memcpy(&w, p, 8);
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w);
    #endif
        return w;
    }
    """
    int __builtin_ctzll(unsigned long long) nogil
    unsigned long long tm_load_le64(const unsigned char* p) nogil


cdef inline unsigned long long bytes_equal(unsigned long long x, unsigned long long v) noexcept nogil:
    """The high bit of each byte of x that equals v's (v: one byte repeated eight times), the others 0
    (exact per byte: no borrow crosses from one byte into the next)."""
    cdef unsigned long long y = x ^ v
    return ~(((y & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | y) & 0x8080808080808080ULL


cdef inline int list_bytes(unsigned long long m, int base, short* out, int n) noexcept nogil:
    """Append base + the index of each byte flagged in m (bytes_equal), lowest first, to out[n:]."""
    while m:
        out[n] = <short> (base + (__builtin_ctzll(m) >> 3))
        n += 1
        m &= m - 1
    return n


cdef int own_cards(const TState* s, int p, short* hand, short* played, int* nplayed) noexcept nogil:
    """p's hand and p's cards in play (CARDCAP long each), each in card order: the hand's count, that
    of the cards in play into nplayed. Reads the cards' places eight at a time (a word of loc[], byte
    i the place of card c + i on any machine) and lists the matching bytes: a move generator needs only p's cards."""
    cdef const unsigned char* loc = s.loc
    cdef unsigned long long w
    cdef unsigned long long vh = 0x0101010101010101ULL * <unsigned long long> (L_HAND + p)
    cdef unsigned long long vp = 0x0101010101010101ULL * <unsigned long long> (L_PLAYED + p)
    cdef int c = 0, l, nh = 0, npl = 0, top = s.ncard
    while c + 8 <= top:
        w = tm_load_le64(loc + c)
        nh = list_bytes(bytes_equal(w, vh), c, hand, nh)
        npl = list_bytes(bytes_equal(w, vp), c, played, npl)
        c += 8
    while c < top:
        l = loc[c]
        if l == L_HAND + p:
            hand[nh] = <short> c
            nh += 1
        elif l == L_PLAYED + p:
            played[npl] = <short> c
            npl += 1
        c += 1
    nplayed[0] = npl
    return nh


cdef int discount_cards(TState* s, int p, short* out) noexcept nogil:
    """The cards p has in play that lower card costs, in card order, into out (CARDCAP long); their
    count. card_cost_of reads them: a move generator lists them once for every card of a hand."""
    cdef short hand[CARDCAP]
    cdef int k, npl, n = 0
    own_cards(s, p, hand, out, &npl)
    for k in range(npl):
        if CARDS[out[k]].disc_tag >= 0:
            out[n] = out[k]
            n += 1
    return n


cdef int card_cost(TState* s, int p, int c) noexcept nogil:
    cdef short disc[CARDCAP]
    return card_cost_of(s, p, c, disc, discount_cards(s, p, disc))


cdef int card_cost_of(TState* s, int p, int c, const short* disc, int ndisc) noexcept nogil:
    """What card c costs p, given p's discount_cards."""
    cdef TPlayer* pl = &s.pl[p]
    cdef int cost = CARDS[c].cost, d, i, k
    for k in range(ndisc):
        i = disc[k]
        d = CARDS[i].disc_tag
        if d == 11:
            cost -= CARDS[i].disc_amt
        elif CARDS[i].disc_once:
            if CARDS[c].tags[d]:
                cost -= CARDS[i].disc_amt
        else:
            cost -= CARDS[i].disc_amt * CARDS[c].tags[d]
    cost -= pl.next_discount
    if pl.corp == C_TERACTOR:
        cost -= 3 * CARDS[c].tags[T_EARTH]
    elif pl.corp == C_THORGATE:
        cost -= 3 * CARDS[c].tags[T_POWER]
    return cost if cost > 0 else 0


cdef int req_ok(TState* s, int p, int c) noexcept nogil:
    cdef CardDef* d = &CARDS[c]
    cdef int j, have, need, bonus = s.pl[p].req_bonus + s.pl[p].req_next, i, q
    for j in range(d.nreq):
        need = d.req_val[j]
        if d.req_kind[j] == RQ_TEMP:
            have = s.temp
        elif d.req_kind[j] == RQ_OXY:
            have = s.oxy
        elif d.req_kind[j] == RQ_OCEANS:
            have = s.oceans
        elif d.req_kind[j] == RQ_TAG:
            have = s.pl[p].tags[d.req_arg[j]]
        elif d.req_kind[j] == RQ_PROD:
            have = s.pl[p].prod[d.req_arg[j]]
        elif d.req_kind[j] == RQ_COLONIES:
            have = colonies_of(s, p)
        elif d.req_kind[j] == RQ_FLOATERS:
            have = own_floaters(s, p)
        elif d.req_kind[j] == RQ_OWN_CITIES:
            have = count_tiles(s, p, -2, 0)
        elif d.req_kind[j] == RQ_GREENERIES:
            have = 0
            for i in range(2, NSPACE):
                if s.tile[i] == TL_GREENERY and s.owner[i] == p:
                    have += 1
        else:
            have = 0
            for i in range(NSPACE):
                if is_city(s.tile[i]):
                    have += 1
        if d.req_kind[j] <= RQ_OCEANS:
            # global parameters: Inventrix / Adaptation Technology make them lenient
            if d.req_max[j]:
                if have > need + bonus:
                    return 0
            elif have < need - bonus:
                return 0
        elif d.req_max[j]:
            if have > need:
                return 0
        elif have < need:
            return 0
    return 1


cdef inline int prod_ok(TState* s, int p, const short* delta) noexcept nogil:
    cdef int k, lo
    for k in range(6):
        if delta[k] < 0:
            lo = -5 if k == R_MC else 0
            if s.pl[p].prod[k] + delta[k] < lo:
                return 0
    return 1


cdef int pay(TState* s, int p, int cost, int steel_ok, int ti_ok, int mc, int st, int ti, int he) noexcept nogil:
    """Check and take a payment: resources held, steel on building cards, titanium on space cards,
    heat for Helion; the value must cover the cost (overpaying is accepted)."""
    cdef TPlayer* pl = &s.pl[p]
    if mc > pl.res[R_MC] or st > pl.res[R_ST] or ti > pl.res[R_TI] or he > pl.res[R_HE]:
        return fail(s, E_PAY)
    if (st and not steel_ok) or (ti and not ti_ok) or (he and pl.corp != C_HELION):
        return fail(s, E_PAY)
    if mc + st * pl.steel_value + ti * pl.ti_value + he < cost:
        return fail(s, E_PAY)
    pl.res[R_MC] -= mc
    pl.res[R_ST] -= st
    pl.res[R_TI] -= ti
    pl.res[R_HE] -= he
    return 0


cdef int card_playable(TState* s, int p, int c) noexcept nogil:
    """Requirements, production that must be there, a place for a special tile (not the payment)."""
    return card_playable_c(s, p, c, NULL)


cdef int card_playable_c(TState* s, int p, int c, signed char* spaces) noexcept nogil:
    """card_playable, its spaces looked up through any_space_c(spaces) (NULL: none kept)."""
    cdef CardDef* d = &CARDS[c]
    cdef int k
    if not d.implemented:
        return 0
    if not req_ok(s, p, c) or not prod_ok(s, p, d.prod):
        return 0
    if d.or_prod and not prod_ok(s, p, d.orp[0]) and not prod_ok(s, p, d.orp[1]):
        return 0
    if d.dec_n and d.prod[d.dec_res] <= 0 and not any_dec_target(s, d.dec_res, d.dec_n):
        return 0    # stealing cards (own gain) are playable without a target: the player may hit itself
    if c == CARD_INSULATION and s.pl[p].prod[R_HE] < 1:
        return 0
    if c == CARD_CEO and not any_card_with_resources(s, p) and not s.cres[NCARD + p]:
        return 0
    if c == CARD_ROBOTIC and not any_robot_target(s, p):
        return 0
    if c == CARD_HEAT_TRAPPING and heat_available(s, p) < 5:
        return 0
    if d.tile_rule and not any_space_c(s, p, d.tile_rule, spaces):
        return 0
    if d.cities and d.city_space >= 0 and s.tile[d.city_space] != TL_NONE:
        return 0
    if d.cities and d.city_space < 0 and not any_space_c(s, p, d.city_rule, spaces):
        return 0    # the app lists a city card only with a space for its city (Research Outpost: isolated)
    for k in range(6):
        # Moss and Nitrophilic Moss: the plants to lose must be there, counting Viral Enhancers' plant
        if d.stock[k] < 0 and s.pl[p].res[k] + (k == R_PL and owner_of(s, CARD_VIRAL) == p and (
                d.tags[T_PLANT] + d.tags[T_MICROBE] + d.tags[T_ANIMAL]) > 0) < -d.stock[k]:
            return 0
    if c == CARD_ART_LAKE and s.oceans < 9 and not any_space_c(s, p, PR_OCEAN_ON_LAND, spaces):
        return 0
    if c >= NBASE and not colonies_playable(s, p, c):
        return 0
    return 1


cdef int dec_target_ok(TState* s, Pending* e, int q) noexcept nogil:
    """A player whose production the queued decrease may hit. For a stealing card (Energy Tapping and
    the Consortiums: the gain is part of the theft) the engine picks targets by production before
    the gain; with none, only the player itself (after the gain) remains. A printed production
    change (Hackers' +2 M€) is already in place when targets are picked."""
    cdef int o, lo = -5 if e.a == R_MC else 0, gain = 0, any_before = 0
    if q < 0 or q >= s.np:
        return 0
    if e.card >= 0 and e.card < NCARD and CARDS[e.card].steal:
        gain = CARDS[e.card].prod[e.a]
    if gain == 0:
        return s.pl[q].prod[e.a] - e.b >= lo
    for o in range(s.np):
        if s.pl[o].prod[e.a] - (gain if o == e.player else 0) - e.b >= lo:
            any_before = 1
    if any_before:
        return s.pl[q].prod[e.a] - (gain if q == e.player else 0) - e.b >= lo
    return q == e.player and s.pl[q].prod[e.a] - e.b >= lo


cdef int any_dec_target(TState* s, int res, int n) noexcept nogil:
    cdef int q
    for q in range(s.np):
        if s.pl[q].prod[res] - n >= (-5 if res == R_MC else 0):
            return 1
    return 0


cdef void add_tags(TState* s, int p, int c) noexcept nogil:
    cdef int t, q
    if CARDS[c].type != CT_EVENT:
        for t in range(T_EVENT):
            s.pl[p].tags[t] += CARDS[c].tags[t]
    if CARDS[c].tags[T_JOVIAN]:
        for q in range(s.np):
            if s.pl[q].corp == C_SATURN:
                s.pl[q].prod[R_MC] += CARDS[c].tags[T_JOVIAN]


cdef int play_card(TState* s, int p, int c, int mc, int st, int ti, int he) noexcept nogil:
    cdef CardDef* d = &CARDS[c]
    cdef TPlayer* pl = &s.pl[p]
    cdef int k, cost, i
    if c < 0 or c >= NCARD or s.loc[c] != L_HAND + p:
        return fail(s, E_CARD)
    if not d.implemented:
        return fail(s, E_UNIMPL)
    if not card_playable(s, p, c):
        return fail(s, E_REQ)
    cost = card_cost(s, p, c)
    if pay(s, p, cost, d.tags[T_BUILDING] > 0, d.tags[T_SPACE] > 0, mc, st, ti, he) < 0:
        return -1
    s.loc[c] = L_PLAYED + p
    s.seq[c] = s.nseq
    s.nseq += 1
    pl.hand_n -= 1
    pl.played_n += 1
    add_tags(s, p, c)
    pl.next_discount = 8 if c == CARD_INDENTURED else 0
    pl.req_next = d.req_next                    # Special Design's bonus ends with the next card
    card_played_triggers(s, p, c)
    if owner_of(s, CARD_OLYMPUS) == p:          # Olympus Conference resolves before tile placements
        for k in range(d.tags[T_SCIENCE]):
            push(s, PK_OLYMPUS, p, CARD_OLYMPUS, 0, 0, 0)

    # declared effects apply at once; tiles and choices are queued
    for k in range(6):
        pl.prod[k] += d.prod[k]
        if d.stock[k] >= 0:
            pl.res[k] += d.stock[k]
    if d.cnt_res >= 0:
        k = counted_amount(s, p, d)
        if d.cnt_prod:
            pl.prod[d.cnt_res] += k
        else:
            pl.res[d.cnt_res] += k
    pl.steel_value += d.steel_value
    pl.ti_value += d.ti_value
    pl.req_bonus += d.req_bonus
    gain_tr(s, p, d.tr)
    if d.temp:
        raise_temp(s, p, d.temp)
    if d.oxy:
        raise_oxy(s, p, d.oxy)
    if d.add_here:
        add_card_resources(s, c, d.add_here)
    if d.draw and d.keep:
        push(s, PK_KEEP, p, c, d.keep, d.draw, 0)     # drawn when its turn comes (after Olympus)
    elif d.draw:
        draw_cards(s, p, d.draw)
    if d.build_colony:                          # Ice Moon Colony: the colony before the ocean
        push(s, PK_COLONY, p, c, d.build_colony == 2, 0, 0)
    if d.cities:
        if d.city_space >= 0:
            push(s, PK_TILE, p, c, TL_CITY, PR_FIXED, d.city_space)
        else:
            push(s, PK_TILE, p, c, TL_CITY, d.city_rule, -1)
    if d.tile_rule == PR_CLAIM:
        push(s, PK_TILE, p, c, TL_NONE, PR_CLAIM, -1)
    elif d.tile_rule:
        push(s, PK_TILE, p, c, d.tile, d.tile_rule, -1)
    if d.greeneries:
        push(s, PK_TILE, p, c, TL_GREENERY, d.greenery_rule, -1)
    for i in range(d.oceans):
        push(s, PK_TILE, p, c, TL_OCEAN, d.ocean_rule, -1)
    if owner_of(s, CARD_VIRAL) == p:            # after the tiles, before the card's other choices
        for k in range(d.tags[T_PLANT] + d.tags[T_MICROBE] + d.tags[T_ANIMAL]):
            push(s, PK_VIRAL, p, CARD_VIRAL, 0, c, 0)
    if c == CARD_FLOODING:
        s.last_space = -1               # no ocean placed (oceans maxed): no one to flood
        push(s, PK_FLOODING, p, c, 0, 0, 0)
    elif c == CARD_IMPORTED_HYDROGEN:
        push(s, PK_PLANTS_OR, p, c, 3, 3, 2)
    elif c == CARD_LARGE_CONVOY:
        push(s, PK_PLANTS_OR, p, c, 5, 0, 4)
    elif c == CARD_HEAT_TRAPPING:
        if heat_available(s, p) < 5:     # the heat must still be there after paying (Helion)
            return fail(s, E_RES)
        if pl.corp == C_STORMCRAFT and s.cres[NCARD + p] > 0:
            push(s, PK_STORM_HEAT, p, c, 5, 0, 0)
        else:
            pl.res[R_HE] -= 5
        push(s, PK_PLANTS_OR, p, c, 4, 0, 2)
    elif c == CARD_CEO:
        push(s, PK_ADD_ANY, p, c, -1, 1, 0)
    if d.remove_plants and any_plants_to_remove(s, p):   # asked only if someone else has plants
        push(s, PK_REMOVE_PLANTS, p, c, d.remove_plants, 0, 0)
    if d.dec_n:
        push(s, PK_DEC_PROD, p, c, d.dec_res, d.dec_n, 0)
    if d.or_prod:
        push(s, PK_OR_PROD, p, c, 0, 0, 0)
    for i in range(2):
        if d.add_any_n[i]:
            push(s, PK_ADD_ANY, p, c, d.add_any_type[i], d.add_any_n[i], d.add_jovian)
    if c == CARD_NITROGEN_ASTEROID:
        pl.prod[R_PL] += 4 if pl.tags[T_PLANT] >= 3 else 1
    elif c == CARD_TERRAFORMING_GANYMEDE:
        gain_tr(s, p, pl.tags[T_JOVIAN])
    elif c == CARD_INSULATION:
        push(s, PK_AMOUNT, p, c, pl.prod[R_HE], 0, 0)
    if d.attack and attack_options(s, p, d.attack):
        push(s, PK_ATTACK, p, c, d.attack, 0, 0)
    for k in range(6):
        if d.stock[k] < 0:                      # Moss: the plants are lost after the triggers
            push(s, PK_LOSE, p, c, k, -d.stock[k], 0)
    if c >= NBASE or s.colonies_on:
        colonies_card_played(s, p, c)
    if owner_of(s, CARD_MARS_UNI) == p:         # Mars University resolves after the card's other effects
        for k in range(d.tags[T_SCIENCE]):
            push(s, PK_MARS_UNI, p, CARD_MARS_UNI, 0, 0, 0)
    if c == CARD_ROBOTIC:
        push(s, PK_ROBOT, p, c, 0, 0, 0)
    return 0


cdef int any_card_with_resources(TState* s, int p) noexcept nogil:
    cdef int i
    for i in range(s.ncard):
        if s.loc[i] == L_PLAYED + p and s.cres[i] > 0:
            return 1
    return 0


cdef int robot_target_ok(TState* s, int p, int c) noexcept nogil:
    """An own played building card (or corporation: ROBOT_CORP + id) with a production box whose
    changes can be applied again."""
    cdef CardDef* d
    cdef int k, has = 0
    if c >= ROBOT_CORP:
        c -= ROBOT_CORP
        if c != s.pl[p].corp or not CORPS[c].tags[T_BUILDING]:
            return 0
        for k in range(6):
            if CORPS[c].prod[k]:
                has = 1
        return has
    if c >= NCARD:
        return 0
    d = &CARDS[c]
    if c == CARD_ROBOTIC or s.loc[c] != L_PLAYED + p or not d.tags[T_BUILDING]:
        return 0
    if c == CARD_IMMIGRANT_CITY:        # its production change is bespoke in the app: not a box to copy
        return 0
    if c == CARD_MINING_RIGHTS or c == CARD_MINING_AREA:
        return 1
    for k in range(6):
        if d.prod[k]:
            has = 1
    if d.cnt_res >= 0 and d.cnt_prod:
        has = 1
    if not has or not prod_ok(s, p, d.prod):
        return 0
    if d.dec_n and d.prod[d.dec_res] <= 0 and not any_dec_target(s, d.dec_res, d.dec_n):
        return 0
    return 1


cdef int any_robot_target(TState* s, int p) noexcept nogil:
    cdef int i
    if s.pl[p].corp >= 0 and robot_target_ok(s, p, ROBOT_CORP + s.pl[p].corp):
        return 1
    for i in range(s.ncard):
        if robot_target_ok(s, p, i):
            return 1
    return 0


cdef void robot_copy(TState* s, int p, int c) noexcept nogil:
    cdef CardDef* d
    cdef int k, sp
    if c >= ROBOT_CORP:
        for k in range(6):
            s.pl[p].prod[k] += CORPS[c - ROBOT_CORP].prod[k]
        return
    if c == CARD_MINING_RIGHTS or c == CARD_MINING_AREA:
        sp = tile_of(s, p, TL_MINING_RIGHTS if c == CARD_MINING_RIGHTS else TL_MINING_AREA)
        if sp >= 0:
            s.pl[p].prod[R_TI if SPACE_BONUS[sp][B_TI] else R_ST] += 1
        return
    d = &CARDS[c]
    for k in range(6):
        s.pl[p].prod[k] += d.prod[k]
    if d.cnt_res >= 0 and d.cnt_prod:
        s.pl[p].prod[d.cnt_res] += counted_amount(s, p, d)
    if d.dec_n:
        push(s, PK_DEC_PROD, p, c, d.dec_res, d.dec_n, 0)


cdef int flooding_target(TState* s, int p, int q) noexcept nogil:
    """q owns a tile next to the ocean Flooding placed (and is not p)."""
    cdef int i, a
    if q == p or q < 0 or q >= s.np or s.last_space < 0 or s.tile[s.last_space] != TL_OCEAN:
        return 0
    for i in range(NADJ[s.last_space]):
        a = ADJ[s.last_space][i]
        if s.tile[a] != TL_NONE and s.owner[a] == q:
            return 1
    return 0


cdef int attack_options(TState* s, int p, int kind) noexcept nogil:
    """Number of real targets of an attack (the "do nothing" answer not counted)."""
    cdef int q, c, n = 0
    for q in range(s.np):
        if q == p:
            continue
        if kind == ATK_SABOTAGE:
            n += (s.pl[q].res[R_TI] > 0) + (s.pl[q].res[R_ST] > 0) + (s.pl[q].res[R_MC] > 0)
        elif kind == ATK_RAIDERS:
            n += (s.pl[q].res[R_ST] > 0) + (s.pl[q].res[R_MC] > 0)
        elif s.pl[q].res[R_PL] > 0 and not protected_from(s, q, p):
            n += 1
    if kind == ATK_VIRUS:
        for c in range(s.ncard):
            n += removable(s, c, RT_ANIMAL, p)
        n += any_corp_removable(s, RT_ANIMAL, p)
    return n


cdef int attack_ok(TState* s, int p, int kind, int q, int r) noexcept nogil:
    if q < 0 or q >= s.np or q == p:
        return 0
    if kind == ATK_SABOTAGE:
        return (r == R_TI or r == R_ST or r == R_MC) and s.pl[q].res[r] > 0
    if kind == ATK_RAIDERS:
        return (r == R_ST or r == R_MC) and s.pl[q].res[r] > 0
    return r == R_PL and s.pl[q].res[R_PL] > 0 and not protected_from(s, q, p)


cdef void do_attack(TState* s, int p, int kind, int q, int r) noexcept nogil:
    cdef int n
    if kind == ATK_SABOTAGE:
        n = 3 if r == R_TI else (4 if r == R_ST else 7)
    elif kind == ATK_RAIDERS:
        n = 2 if r == R_ST else 3
    else:
        n = 5
    if n > s.pl[q].res[r]:
        n = s.pl[q].res[r]
    s.pl[q].res[r] -= n
    if kind == ATK_RAIDERS:
        s.pl[p].res[r] += n


cdef int any_plants_to_remove(TState* s, int p) noexcept nogil:
    """The engine asks only when another player has plants to lose (the options then include p)."""
    cdef int q
    for q in range(s.np):
        if q != p and s.pl[q].res[R_PL] > 0 and not protected_from(s, q, p):
            return 1
    return 0


cdef void card_played_triggers(TState* s, int p, int c) noexcept nogil:
    """Effects of cards in play when p plays card c (c itself is already in p's tableau)."""
    cdef CardDef* d = &CARDS[c]
    cdef TPlayer* pl = &s.pl[p]
    if pl.corp == C_CREDICOR and d.cost >= 20:
        pl.res[R_MC] += 4
    if pl.corp == C_INTERPLANETARY and d.type == CT_EVENT:
        pl.res[R_MC] += 2
    if d.type == CT_EVENT and owner_of(s, CARD_MEDIA_GROUP) == p:
        pl.res[R_MC] += 3
    if d.type == CT_EVENT and d.tags[T_SPACE] and owner_of(s, CARD_OPTIMAL_AEROBRAKING) == p:
        pl.res[R_MC] += 3
        pl.res[R_HE] += 3
    if owner_of(s, CARD_DECOMPOSERS) == p:
        add_card_resources(s, CARD_DECOMPOSERS, d.tags[T_PLANT] + d.tags[T_ANIMAL] + d.tags[T_MICROBE])
    if owner_of(s, CARD_ECO_ZONE) == p:
        add_card_resources(s, CARD_ECO_ZONE, d.tags[T_PLANT] + d.tags[T_ANIMAL])


cdef int protected_from(TState* s, int owner, int taker) noexcept nogil:
    """Protected Habitats: owner's plants, animals and microbes are safe from other players."""
    return owner != taker and owner_of(s, CARD_PROTECTED_HABITATS) == owner


cdef int removable(TState* s, int card, int rtype, int taker) noexcept nogil:
    cdef int o = owner_of(s, card)
    if o < 0 or CARDS[card].res_type != rtype or s.cres[card] == 0:
        return 0
    if card == CARD_PETS:               # its animals cannot be removed, not even by its owner
        return 0
    return not protected_from(s, o, taker)


cdef int other_microbe_card(TState* s, int p, int c) noexcept nogil:
    cdef int i
    for i in range(s.ncard):
        if i != c and s.loc[i] == L_PLAYED + p and CARDS[i].res_type == RT_MICROBE:
            return 1
    return 0


# ---- card actions ----

cdef int act_feasible(TState* s, int p, int c, ActDef* a) noexcept nogil:
    cdef TPlayer* pl = &s.pl[p]
    cdef int k, v
    for k in range(6):
        if a.spend[k] > (heat_available(s, p) if k == R_HE else pl.res[k]):
            return 0
    if a.spend_here > s.cres[c]:
        return 0
    if not prod_ok(s, p, a.prod):
        return 0
    if a.mc:
        v = pl.res[R_MC]
        if a.steel_ok:
            v += pl.res[R_ST] * pl.steel_value
        if a.ti_ok:
            v += pl.res[R_TI] * pl.ti_value
        if pl.corp == C_HELION:
            v += pl.res[R_HE]
        if v < a.mc:
            return 0
    return 1


cdef int action_available(TState* s, int p, int c) noexcept nogil:
    cdef CardDef* d = &CARDS[c]
    cdef int i, q
    if s.loc[c] != L_PLAYED + p or not d.nact or not d.implemented or s.used[c]:
        return 0
    if d.act_kind == AK_REMOVE_ANY:
        for i in range(s.ncard):
            if removable(s, i, d.res_type, p):
                return 1
        return any_corp_removable(s, d.res_type, p) > 0
    if d.act_kind == AK_ADD_ANY:
        return 1     # the engine offers it even with no microbe card to take the microbe
    if c >= NBASE and d.act_kind == AK_BESPOKE:
        return colonies_action_available(s, p, c)
    if d.act_kind == AK_BUY_TOP or d.act_kind == AK_SEARCH_LIFE:
        return act_feasible(s, p, c, &d.act[0]) and s.bot - s.top + s.ndiscard > 0
    if c == CARD_POWER_INFRA:
        return s.pl[p].res[R_EN] > 0
    if c == CARD_COLD_FUNGUS:
        return 1
    for i in range(d.nact):
        if act_feasible(s, p, c, &d.act[i]):
            return 1
    return 0


cdef int do_behaviour(TState* s, int p, int c, ActDef* a, int mc, int st, int ti, int he) noexcept nogil:
    cdef TPlayer* pl = &s.pl[p]
    cdef int k, i
    if a.mc:
        if pay(s, p, a.mc, a.steel_ok, a.ti_ok, mc, st, ti, he) < 0:
            return -1
    elif mc or st or ti or he:
        return fail(s, E_PAY)
    for k in range(6):
        if k == R_HE and a.spend[k] and pl.corp == C_STORMCRAFT and s.cres[NCARD + p] > 0:
            push(s, PK_STORM_HEAT, p, c, a.spend[k], 0, 0)      # floaters may pay part of it
        else:
            pl.res[k] -= a.spend[k]
        pl.res[k] += a.stock[k]
        pl.prod[k] += a.prod[k]
    s.cres[c] -= a.spend_here
    add_card_resources(s, c, a.add_here)
    if a.rails:
        for i in range(2, NSPACE):
            pl.res[R_MC] += is_city(s.tile[i])
    gain_tr(s, p, a.tr)
    if a.temp:
        raise_temp(s, p, a.temp)
    if a.oxy:
        raise_oxy(s, p, a.oxy)
    if a.draw:
        draw_cards(s, p, a.draw)
    if a.ocean:
        push(s, PK_TILE, p, c, TL_OCEAN, PR_OCEAN, -1)
    return 0


cdef int card_action(TState* s, int p, int c, int mc, int st, int ti, int he) noexcept nogil:
    cdef CardDef* d
    cdef int k, f0, f1
    if c < 0 or c >= NCARD:
        return fail(s, E_CARD)
    d = &CARDS[c]
    if not action_available(s, p, c):
        return fail(s, E_USED)
    s.used[c] = 1
    if d.act_kind == AK_REMOVE_ANY:
        push(s, PK_REMOVE_RES, p, c, d.res_type, 0, 0)
        return 0
    if d.act_kind == AK_ADD_ANY:
        push(s, PK_ADD_ANY, p, c, d.act_res, 1, 0)
        return 0
    if c >= NBASE and d.act_kind == AK_BESPOKE:
        if mc or st or ti or he:
            return fail(s, E_PAY)
        return colonies_action(s, p, c)
    if mc or st or ti or he:
        if d.act_kind == AK_BESPOKE or d.nact == 2:
            return fail(s, E_PAY)
    if c == CARD_POWER_INFRA:
        push(s, PK_AMOUNT, p, c, s.pl[p].res[R_EN], 0, 0)
        return 0
    if c == CARD_COLD_FUNGUS:
        if other_microbe_card(s, p, c):
            push(s, PK_COLD_FUNGUS, p, c, 0, 0, 0)
        else:
            s.pl[p].res[R_PL] += 1
        return 0
    if d.act_kind == AK_BUY_TOP or d.act_kind == AK_SEARCH_LIFE:
        if pay(s, p, d.act[0].mc, 0, 0, mc, st, ti, he) < 0:
            return -1
        k = draw_top(s)
        if d.act_kind == AK_SEARCH_LIFE:
            if k >= 0:
                if CARDS[k].tags[T_MICROBE]:
                    add_card_resources(s, c, 1)
                to_discard(s, k)
        elif k >= 0:
            s.loc[k] = L_OFFER + p
            push(s, PK_BUY_TOP, p, c, 0, 0, k)
        return 0
    if d.nact >= 2:
        f0 = 0
        f1 = 0
        for k in range(d.nact):
            if act_feasible(s, p, c, &d.act[k]):
                f1 += 1
                f0 = k
        if f1 > 1:
            if mc or st or ti or he:
                return fail(s, E_PAY)
            push(s, PK_OR_ACT, p, c, 0, 0, 0)
            return 0
        return do_behaviour(s, p, c, &d.act[f0], mc, st, ti, he)
    return do_behaviour(s, p, c, &d.act[0], mc, st, ti, he)


cdef int counted_amount(TState* s, int p, CardDef* d) noexcept nogil:
    cdef int n = 0, q, i
    if d.cnt_src == CS_OWN_TAG:
        n = s.pl[p].tags[d.cnt_tag]
    elif d.cnt_src == CS_OTHERS_TAG:
        for q in range(s.np):
            if q != p:
                n += s.pl[q].tags[d.cnt_tag]
    elif d.cnt_src == CS_CITIES or d.cnt_src == CS_CITIES_MARS:
        for i in range(2 if d.cnt_src == CS_CITIES_MARS else 0, NSPACE):
            n += is_city(s.tile[i])
    elif d.cnt_src == CS_ALL_TAG:
        for q in range(s.np):
            n += s.pl[q].tags[d.cnt_tag]
    elif d.cnt_src == CS_OWN_COLONIES:
        n = colonies_of(s, p)
    elif d.cnt_src == CS_FLOATERS:
        n = own_floaters(s, p)
    elif d.cnt_src == CS_CITIES_COLONIES:
        for i in range(NSPACE):
            n += is_city(s.tile[i])
        n += colonies_of(s, -1)
    elif d.cnt_src == CS_EVENTS_ALL:
        for i in range(s.ncard):
            if s.loc[i] >= L_PLAYED and s.loc[i] < L_PLAYED + MAXP and CARDS[i].type == CT_EVENT:
                n += 1
    return n // d.cnt_per


cdef void play_corp(TState* s, int p, int corp) noexcept nogil:
    cdef TPlayer* pl = &s.pl[p]
    cdef int k, t
    pl.corp = corp
    pl.played_n += 1
    pl.res[R_MC] += CORPS[corp].mc
    for k in range(6):
        pl.res[k] += CORPS[corp].stock[k]
        pl.prod[k] += CORPS[corp].prod[k]
    for t in range(T_EVENT):
        pl.tags[t] += CORPS[corp].tags[t]
    if corp == C_PHOBOLOG:
        pl.ti_value += 1
    if corp == C_INVENTRIX:
        pl.req_bonus += 2
        pl.first_pending = 1
    if corp == C_THARSIS:
        pl.first_pending = 1
    if corp == C_SATURN:
        pl.prod[R_MC] += 1   # its own jovian tag
    if corp >= C_ARIDOR or s.colonies_on:
        colonies_corp_played(s, p, corp)


# ---- milestones and awards ----

cdef int count_tiles(TState* s, int p, int kind, int on_mars) noexcept nogil:
    """kind: -2 cities, -3 any non-ocean tile."""
    cdef int i, n = 0, t
    for i in range(2 if on_mars else 0, NSPACE):
        t = s.tile[i]
        if t == TL_NONE or s.owner[i] != p:
            continue
        if kind == -2:
            n += is_city(t)
        elif kind == -3:
            n += t != TL_OCEAN
        else:
            n += t == kind
    return n


cdef int milestone_ok(TState* s, int p, int m) noexcept nogil:
    if m == 0:
        return s.pl[p].tr >= 35
    if m == 1:
        return count_tiles(s, p, -2, 0) >= 3
    if m == 2:
        return count_tiles(s, p, TL_GREENERY, 1) >= 3
    if m == 3:
        return s.pl[p].tags[T_BUILDING] >= 8
    return s.pl[p].hand_n >= 16


cdef int award_value(TState* s, int p, int a) noexcept nogil:
    cdef TPlayer* pl = &s.pl[p]
    if a == 0:
        return count_tiles(s, p, -3, 0)     # Landlord: the engine counts off-Mars cities too
    if a == 1:
        return pl.tags[T_SCIENCE]
    if a == 2:
        return pl.prod[R_MC]
    if a == 3:
        return pl.res[R_HE]
    return pl.res[R_ST] + pl.res[R_TI]


# ---- scoring ----

cdef int tile_of(TState* s, int p, int tile) noexcept nogil:
    cdef int i
    for i in range(NSPACE):
        if s.tile[i] == tile and s.owner[i] == p:
            return i
    return -1


cdef int card_vp(TState* s, int p, int c) noexcept nogil:
    cdef CardDef* d = &CARDS[c]
    cdef int n = 0, i, sp
    if d.vp_kind == VK_NONE:
        return d.vp_fixed
    if d.vp_kind == VK_SEARCH_LIFE:
        return 3 if s.cres[c] > 0 else 0
    if d.vp_kind == VK_HERE:
        n = s.cres[c]
    elif d.vp_kind == VK_TAG:
        n = s.pl[p].tags[d.vp_tag]
    elif d.vp_kind == VK_ALL_CITIES:
        for i in range(NSPACE):
            n += is_city(s.tile[i])
    elif d.vp_kind == VK_ALL_COLONIES:
        n = colonies_of(s, -1)
    else:
        sp = tile_of(s, p, TL_CAPITAL if c == CARD_CAPITAL else TL_COMMERCIAL)
        if sp >= 0:
            n = adj_count(s, sp, TL_OCEAN if d.vp_kind == VK_ADJ_OCEANS else -2, -1)
    return d.vp_each * (n // d.vp_per)


cdef void score(TState* s, int p, int* out) noexcept nogil:
    """out: tr, milestones, awards, greenery, city, cards, total."""
    cdef int i, j, a, best, second, v, q, nbest
    cdef int vals[MAXP]
    out[0] = s.pl[p].tr
    out[1] = 0
    for i in range(NMS):
        if s.ms[i] == p:
            out[1] += 5
    out[2] = 0
    for a in range(NAW):
        if s.aw[a] < 0:
            continue
        best = -1000000
        for q in range(s.np):
            vals[q] = award_value(s, q, a)
            if vals[q] > best:
                best = vals[q]
        nbest = 0
        second = -1000000
        for q in range(s.np):
            if vals[q] == best:
                nbest += 1
            elif vals[q] > second:
                second = vals[q]
        if vals[p] == best:
            out[2] += 5
        elif nbest == 1 and s.np > 2 and vals[p] == second:
            out[2] += 2
    out[3] = count_tiles(s, p, TL_GREENERY, 1)
    out[4] = 0
    for i in range(2, NSPACE):
        if is_city(s.tile[i]) and s.owner[i] == p:
            out[4] += adj_count(s, i, TL_GREENERY, -1)
    out[5] = 0
    if s.pl[p].corp == C_ARKLIGHT:
        out[5] += s.cres[NCARD + p] // 2
    for i in range(s.ncard):
        if s.loc[i] == L_PLAYED + p:
            out[5] += card_vp(s, p, i)
    out[6] = out[0] + out[1] + out[2] + out[3] + out[4] + out[5]
