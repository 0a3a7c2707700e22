# The rules: events, building, research, tiles, federations, actions, passing.

cdef int on_event(GState* s, GameContext* c, int p, int ev, int n) except -1 nogil:
    """A scoring event happened n times: round tile, and tech tiles that pay per event."""
    cdef int tile
    if n <= 0:
        return 0
    if 1 <= s.round <= 6:
        tile = c.round_tiles[s.round - 1]
        if ROUND_TILE[tile][0] == ev:
            s.pl[p].vp += ROUND_TILE[tile][1] * n
    if ev == EV_GAIAMINE and has_tile(s, c, p, 7):
        s.pl[p].vp += 3 * n
    if ev == EV_RESEARCH and has_adv(s, c, p, 2):
        s.pl[p].vp += 2 * n
    if ev == EV_MINE and has_adv(s, c, p, 14):
        s.pl[p].vp += 3 * n
    if ev == EV_TS and has_adv(s, c, p, 15):
        s.pl[p].vp += 3 * n
    return 0


cdef inline int next_seq(GState* s) noexcept nogil:
    s.seq += 1
    return s.seq


cdef int push_pending(GState* s, int kind, int arg) except -1 nogil:
    if s.npend >= MAXPEND:
        with gil:
            illegal("internal: too many pending decisions")
    s.pend[s.npend].kind = kind
    s.pend[s.npend].arg = arg
    s.npend += 1
    return 0


cdef int push_tech(GState* s, int p) except -1 nogil:
    """Owe p a tech tile. Refused when p can take none (every basic tile p lacks is gone, no advanced
    tile within reach): the move would leave a decision with no answer, and the move generator never
    lists it, so apply() refuses it too (issue 15: accepted states must be searchable)."""
    if not fg_tech_any(s, &s.pl[p]):
        with gil:
            illegal("no tech tile left that the player can take")
    return push_pending(s, PD_TECH, 0)


cdef int pop_pending(GState* s, int kind) except -1 nogil:
    """Remove the first pending decision of this kind; return its arg, or -100 if none is pending."""
    cdef int i, arg
    for i in range(s.npend):
        if s.pend[i].kind == kind:
            arg = s.pend[i].arg
            while i < s.npend - 1:
                s.pend[i] = s.pend[i + 1]
                i += 1
            s.npend -= 1
            return arg
    return -100


cdef int join_adjacent_federation(GState* s, GameContext* c, int p, int h) except -1 nogil:
    """A new building next to one of the player's federations joins it, with the player's buildings
    connected to it (the whole group of adjacent buildings)."""
    cdef int group[MAXHEX]
    cdef int n = 1, i = 0, j, touches = 0
    group[0] = h
    while i < n:
        for j in range(c.nhex):
            if c.dist[group[i]][j] == 1:
                if (s.fed_mask[j] >> p) & 1:
                    touches = 1
                elif occupies(s, p, j) and s.building[j] != B_GF and not in_list(group, n, j):
                    group[n] = j
                    n += 1
        i += 1
    if touches:
        for i in range(n):
            s.fed_mask[group[i]] |= 1 << p
    return 0


cdef inline int in_list(int* xs, int n, int x) noexcept nogil:
    cdef int i
    for i in range(n):
        if xs[i] == x:
            return 1
    return 0


cdef int note_built(GState* s, int h) except -1 nogil:
    if s.nbuilt < MAXBUILT:
        s.built[s.nbuilt] = h
        s.nbuilt += 1
    return 0


cdef int gaiaformers_free(PlayerState* pl) noexcept nogil:
    return pl.gf_owned - pl.nbuild[B_GF] - pl.gf_spent


cdef inline int ts_in_supply(PlayerState* pl) noexcept nogil:
    return pl.nbuild[B_TS] < MAX_BUILDINGS[B_TS]


cdef int own_building(GState* s, GameContext* c, int p, int b) noexcept nogil:
    """p owns a building of type b on the board (a guest mine excluded)."""
    cdef int h
    for h in range(c.nhex):
        if s.owner[h] == p and s.building[h] == b:
            return 1
    return 0


cdef int swappable_mine(GState* s, GameContext* c, int p) noexcept nogil:
    """p has a mine swap-PI can take: any but the lost planet's."""
    cdef int h
    for h in range(c.nhex):
        if s.owner[h] == p and s.building[h] == B_M and s.planet[h] != PL_LOST:
            return 1
    return 0


cdef int range_qic(GState* s, GameContext* c, int p, int h, int bonus) except -1 nogil:
    """Qic needed to reach hex h (each qic adds 2 range)."""
    cdef int d = distance_to_player(s, c, p, h)
    cdef int r = player_range(&s.pl[p]) + bonus
    if d <= r:
        return 0
    return (d - r + 1) // 2


cdef int pay(GState* s, int p, int credits, int ores, int knowledge, int qic, const char* what) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    if pl.credits < credits or pl.ores < ores or pl.knowledge < knowledge or pl.qic < qic:
        with gil:
            illegal("%s costs %dc %do %dk %dq, player has %dc %do %dk %dq" % (
                what.decode(), credits, ores, knowledge, qic, pl.credits, pl.ores, pl.knowledge, pl.qic))
    pl.credits -= credits
    pl.ores -= ores
    pl.knowledge -= knowledge
    pl.qic -= qic
    return 0


cdef int mine_effects(GState* s, GameContext* c, int p, int h, int new_type) except -1 nogil:
    """Rewards of a new mine on h (after it is placed)."""
    cdef PlayerState* pl = &s.pl[p]
    on_event(s, c, p, EV_MINE, 1)
    if s.planet[h] == PL_GAIA:
        on_event(s, c, p, EV_GAIAMINE, 1)
        if pl.faction == F_GLEENS:
            pl.vp += 2
    if pl.faction == F_GEODENS and pl.nbuild[B_PI] > 0 and new_type:
        gain(s, p, R_K, 3)
    return 0


cdef int must_use_bonus(GState* s, GameContext* c, int p, int h, int free_steps, int bonus) except -1 nogil:
    """The site's engine refuses a build after a free terraforming step (power2, power6, special step)
    that needs no terraforming, and one after special range+3 that is within range without it; either
    way only a new mine (or, after range+3, a gaia-former) is offered, never a gaia-former's conversion."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int planet = s.planet[h]
    if s.owner[h] == p and s.building[h] == B_GF:
        with gil:
            illegal("a free terraforming step or range+3 is followed by a new mine, not a gaia-former's")
    if free_steps > 0 and (s.owner[h] != -1 or planet == PL_GAIA
                           or (planet < PL_GAIA and terraform_steps(F_HOME[pl.faction], planet) == 0)):
        with gil:
            illegal("the free terraforming step must be used: this planet needs no terraforming")
    if bonus > 0 and distance_to_player(s, c, p, h) <= player_range(pl):
        with gil:
            illegal("range+3 must be needed: the hex is within range %d without it" % player_range(pl))
    return 0


cdef int build_mine(GState* s, GameContext* c, int p, int h, int setup) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int planet = s.planet[h]
    cdef int steps = 0
    cdef int free_steps = 0
    cdef int bonus = 0
    cdef int qic = 0
    cdef int ores = 1
    cdef int arg
    cdef int types_before
    if pl.nbuild[B_M] >= 8:
        with gil:
            illegal("all 8 mines are already on the board")
    arg = pop_pending(s, PD_BUILD)
    if arg != -100:
        free_steps = arg
    arg = pop_pending(s, PD_RANGE_BUILD)
    if arg != -100:
        bonus = arg
    types_before = planet_types(s, c, p)
    if not setup and (free_steps > 0 or bonus > 0):
        must_use_bonus(s, c, p, h, free_steps, bonus)
    if setup:
        if s.owner[h] != -1 or planet != F_HOME[pl.faction]:
            with gil:
                illegal("a starting mine goes on an empty home planet")
        s.owner[h] = p
        s.building[h] = B_M
        note_source(s, pl, B_M)
        pl.nbuild[B_M] += 1
        return 0
    if pl.faction == F_LANTIDS and s.owner[h] != -1 and s.owner[h] != p and s.building[h] != B_GF \
            and s.building[h] != B_SP and s.guest[h] == -1:
        qic = range_qic(s, c, p, h, bonus)
        pay(s, p, 2, 1, 0, qic, "a guest mine")
        s.guest[h] = p
        note_source(s, pl, B_M)
        pl.nbuild[B_M] += 1
        on_event(s, c, p, EV_MINE, 1)   # a guest mine fires only the plain mine events
        if pl.nbuild[B_PI] > 0:
            gain(s, p, R_K, 2)
        join_adjacent_federation(s, c, p, h)
        note_built(s, h)
        return 0
    if s.owner[h] == p and s.building[h] == B_GF:
        if planet != PL_GAIA:
            with gil:
                illegal("the gaia-former on this planet has not finished its gaia project")
        pay(s, p, 2, 1, 0, 0, "a mine")
        pl.nbuild[B_GF] -= 1
    else:
        if s.owner[h] != -1:
            with gil:
                illegal("the planet is already occupied")
        if planet == PL_EMPTY or planet == PL_TRANSDIM or planet == PL_LOST:
            with gil:
                illegal("a mine needs a planet (this hex is %s)" % PLANET_LETTERS[planet])
        qic = range_qic(s, c, p, h, bonus)
        if planet == PL_GAIA:
            if pl.faction == F_GLEENS:
                ores += 1
            else:
                qic += 1
        else:
            steps = terraform_steps(F_HOME[pl.faction], planet)
            ores += imax(0, steps - free_steps) * TERRA_ORE[pl.research[T_TERRA]]
        pay(s, p, 2, ores, 0, qic, "the mine")
    s.owner[h] = p
    s.building[h] = B_M
    note_source(s, pl, B_M)
    pl.nbuild[B_M] += 1
    on_event(s, c, p, EV_STEP, steps)
    mine_effects(s, c, p, h, planet_types(s, c, p) > types_before)
    join_adjacent_federation(s, c, p, h)
    note_built(s, h)
    return 0


cdef int build_gaiaformer(GState* s, GameContext* c, int p, int h) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int bonus = 0
    cdef int arg = pop_pending(s, PD_RANGE_BUILD)
    cdef int qic
    if arg != -100:
        bonus = arg
    if s.planet[h] != PL_TRANSDIM or s.owner[h] != -1:
        with gil:
            illegal("a gaia-former goes on an empty transdim planet")
    if bonus > 0:
        must_use_bonus(s, c, p, h, 0, bonus)
    if gaiaformers_free(pl) <= 0:
        with gil:
            illegal("no gaia-former available")
    qic = range_qic(s, c, p, h, bonus)
    pay(s, p, 0, 0, 0, qic, "the gaia-former's range")
    discard_tokens(s, p, GF_COST[pl.research[T_GAIA]], 1)
    s.owner[h] = p
    s.building[h] = B_GF
    pl.nbuild[B_GF] += 1
    return 0


cdef int note_source(GState* s, PlayerState* pl, int b) except -1 nogil:
    """The income event of the next building of type b is gained now (call before counting it)."""
    cdef int n = pl.nbuild[b] if 0 <= b < 8 else 0
    if 0 <= b < 8 and (n < 0 or n >= MAX_BUILDINGS[b]):
        # the rules check the supply before every build: reaching here is a bug, never a write past a table
        with gil:
            illegal("internal: no %s left in the supply (%d on the board)" % (BUILDING_NAMES[b], n))
    if b == B_M and MINE_ORE[n]:
        pl.mine_ev[pl.nmine_ev] = next_seq(s)
        pl.nmine_ev += 1
    elif b == B_TS:
        pl.ts_ev[pl.nts_ev] = next_seq(s)
        pl.ts_amt[pl.nts_ev] = 1 if pl.faction == F_BESCODS else TS_CREDITS[n]
        pl.nts_ev += 1
    elif b == B_LAB:
        pl.lab_ev[pl.nlab_ev] = next_seq(s)
        pl.lab_amt[pl.nlab_ev] = BESCODS_LAB_CREDITS[n] if pl.faction == F_BESCODS else (2 if pl.faction == F_NEVLAS else 1)
        pl.nlab_ev += 1
    elif b == B_PI:
        pl.seq_pi = next_seq(s)
    elif b == B_AC1:
        pl.seq_ac1 = next_seq(s)
    return 0


cdef int drop_source(PlayerState* pl, int b) except -1 nogil:
    """An upgraded building's slot income goes: the engine removes the oldest event of that slot's kind."""
    cdef int n = pl.nbuild[b]
    cdef int i, j, amt
    if n < 1 or n > MAX_BUILDINGS[b]:
        with gil:
            illegal("internal: %d of %s counted on the board" % (n, BUILDING_NAMES[b]))
    if b == B_M and n >= 1 and MINE_ORE[n - 1]:
        for j in range(pl.nmine_ev - 1):
            pl.mine_ev[j] = pl.mine_ev[j + 1]
        pl.nmine_ev -= 1
    elif b == B_TS and n >= 1:
        amt = 1 if pl.faction == F_BESCODS else TS_CREDITS[n - 1]
        for i in range(pl.nts_ev):
            if pl.ts_amt[i] == amt:
                for j in range(i, pl.nts_ev - 1):
                    pl.ts_ev[j] = pl.ts_ev[j + 1]
                    pl.ts_amt[j] = pl.ts_amt[j + 1]
                pl.nts_ev -= 1
                break
    elif b == B_LAB and n >= 1:
        amt = BESCODS_LAB_CREDITS[n - 1] if pl.faction == F_BESCODS else (2 if pl.faction == F_NEVLAS else 1)
        for i in range(pl.nlab_ev):
            if pl.lab_amt[i] == amt:
                for j in range(i, pl.nlab_ev - 1):
                    pl.lab_ev[j] = pl.lab_ev[j + 1]
                    pl.lab_amt[j] = pl.lab_amt[j + 1]
                pl.nlab_ev -= 1
                break
    return 0


cdef int pi_built(GState* s, GameContext* c, int p) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    if pl.faction == F_GLEENS:
        pl.fed_held[6] += 1
        gain_fed_reward(s, p, 6)
        on_event(s, c, p, EV_FED, 1)
    return 0


cdef int upgrade(GState* s, GameContext* c, int p, int h, int b) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int old = s.building[h]
    cdef int credits, ores, j, isolated
    cdef int bescods = pl.faction == F_BESCODS
    if s.owner[h] != p:
        with gil:
            illegal("%s is not the player's building" % BUILDING_NAMES[b])
    if s.planet[h] == PL_LOST:
        # rulebook (navigation level 5): the lost planet's mine can never be upgraded; it is not a
        # mine of the supply, so upgrading it would also drive the mine count below zero
        with gil:
            illegal("the lost planet's mine can never be upgraded")
    if B_TS <= b <= B_AC2 and (pl.nbuild[b] >= MAX_BUILDINGS[b]
                               or ((b == B_AC1 or b == B_AC2) and pl.nbuild[B_AC1] + pl.nbuild[B_AC2] >= 2)):
        with gil:
            illegal("no %s left in the supply" % BUILDING_NAMES[b])
    if b == B_TS and old == B_M:
        credits = 3
        # cheap when another player has a structure (not a gaia-former or space station) within 2;
        # a lantids guest mine counts, even on the upgrading player's own planet
        isolated = 1
        for j in range(c.nhex):
            if c.dist[h][j] <= 2 and s.owner[j] >= 0 and s.building[j] != B_GF and s.building[j] != B_SP:
                if s.owner[j] != p or (s.guest[j] >= 0 and s.guest[j] != p):
                    isolated = 0
        if isolated:
            credits = 6
        pay(s, p, credits, 2, 0, 0, "the trading station")
    elif (b == B_LAB and old == B_TS) or (b == B_PI and old == (B_LAB if bescods else B_TS)) \
            or ((b == B_AC1 or b == B_AC2) and old == (B_TS if bescods else B_LAB)):
        pay(s, p, COST_C[b], COST_O[b], 0, 0, BUILDING_CNAMES[b])
    else:
        with gil:
            illegal("cannot upgrade %s to %s" % (BUILDING_NAMES[old] if old >= 0 else "nothing", BUILDING_NAMES[b]))
    if pl.nbuild[old] <= 0:
        with gil:
            illegal("internal: %s is not counted among the player's buildings" % BUILDING_NAMES[old])
    drop_source(pl, old)
    pl.nbuild[old] -= 1
    note_source(s, pl, b)
    pl.nbuild[b] += 1
    s.building[h] = b
    if b == B_TS:
        on_event(s, c, p, EV_TS, 1)
    elif b == B_LAB:
        on_event(s, c, p, EV_LAB, 1)
        push_tech(s, p)
    elif b == B_PI:
        on_event(s, c, p, EV_PA, 1)
        pi_built(s, c, p)
    else:
        on_event(s, c, p, EV_PA, 1)
        push_tech(s, p)
    note_built(s, h)
    return 0


cdef int gain_fed_reward(GState* s, int p, int kind) except -1 nogil:
    gain(s, p, R_VP, FED_REWARD[kind][0])
    gain(s, p, R_C, FED_REWARD[kind][1])
    gain(s, p, R_O, FED_REWARD[kind][2])
    gain(s, p, R_K, FED_REWARD[kind][3])
    gain(s, p, R_Q, FED_REWARD[kind][4])
    gain(s, p, R_T, FED_REWARD[kind][5])
    return 0


cdef int flip_green(GState* s, int p) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int k
    for k in range(NFEDKIND):
        if FED_REWARD[k][6] and pl.fed_held[k] > pl.fed_grey[k]:
            pl.fed_grey[k] += 1
            return 0
    with gil:
        illegal("needs a green federation token")


cdef int research_up(GState* s, GameContext* c, int p, int t, int free) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int lvl = pl.research[t] + 1
    cdef int q
    if lvl > 5:
        with gil:
            illegal("%s is already at level 5" % TRACK_NAMES[t])
    if t == T_NAV and pl.faction == F_BALTAKS and pl.nbuild[B_PI] == 0:
        with gil:
            illegal("baltaks cannot research navigation before their planetary institute")
    if lvl == 5:
        for q in range(s.num_players):
            if s.pl[q].research[t] == 5:
                with gil:
                    illegal("another player already reached level 5 of %s" % TRACK_NAMES[t])
        if green_feds(pl) == 0:
            with gil:
                illegal("level 5 needs a green federation token")
    if not free:
        pay(s, p, 0, 0, 4, 0, "research")
    if lvl == 5:
        flip_green(s, p)
    pl.research[t] = lvl
    if t == T_ECO:
        pl.seq_eco = next_seq(s)
    elif t == T_SCI:
        pl.seq_sci = next_seq(s)
    on_event(s, c, p, EV_RESEARCH, 1)
    if lvl == 3:
        charge(s, p, 3)
    if t == T_TERRA:
        if lvl == 1 or lvl == 4:
            gain(s, p, R_O, 2)
        elif lvl == 5 and not s.terra_fed_taken:
            s.terra_fed_taken = 1
            pl.fed_held[c.terra_fed] += 1
            gain_fed_reward(s, p, c.terra_fed)
            on_event(s, c, p, EV_FED, 1)
    elif t == T_NAV:
        if lvl == 1 or lvl == 3:
            gain(s, p, R_Q, 1)
        elif lvl == 5:
            push_pending(s, PD_LOSTPLANET, 0)
    elif t == T_INT:
        gain(s, p, R_Q, INT_QIC[lvl])
    elif t == T_GAIA:
        if lvl == 1 or lvl == 3 or lvl == 4:
            pl.gf_owned += 1
        elif lvl == 2:
            gain(s, p, R_T, 3)
        elif lvl == 5:
            gain(s, p, R_VP, 4 + gaia_planets(s, c, p))
    elif t == T_ECO and lvl == 5:
        gain(s, p, R_C, 6)
        gain(s, p, R_O, 3)
        charge(s, p, 6)
    elif t == T_SCI and lvl == 5:
        gain(s, p, R_K, 9)
    return 0


cdef int take_tech(GState* s, GameContext* c, int p, int pos) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int tile, i
    if pop_pending(s, PD_TECH) == -100:
        with gil:
            illegal("no tech tile to take now")
    for i in range(pl.ntech):
        if pl.tech_order[i] == pos:
            with gil:
                illegal("already holds the tile at %s" % POSITION_NAMES[pos])
    if pos < NBASIC:
        if s.tech_supply[pos] <= 0:
            with gil:
                illegal("no tile left at %s" % POSITION_NAMES[pos])
        s.tech_supply[pos] -= 1
    else:
        if s.adv_taken[pos - NBASIC]:
            with gil:
                illegal("the advanced tile at %s is taken" % POSITION_NAMES[pos])
        if pl.research[pos - NBASIC] < 4:
            with gil:
                illegal("%s needs level 4 on its track" % POSITION_NAMES[pos])
        flip_green(s, p)
        s.adv_taken[pos - NBASIC] = 1
    pl.tech_order[pl.ntech] = pos
    pl.seq_tech[pos] = next_seq(s)
    pl.ntech += 1
    tile = c.tech_at[pos]
    if pos < NBASIC:
        if tile == 1:
            gain(s, p, R_O, 1)
            gain(s, p, R_Q, 1)
        elif tile == 2:
            gain(s, p, R_K, planet_types(s, c, p))
        elif tile == 4:
            gain(s, p, R_VP, 7)
        push_pending(s, PD_UP, pos if pos < 6 else ANY_TRACK)
    else:
        if tile == 4:
            gain(s, p, R_VP, 2 * mines_count(s, p))
        elif tile == 6:
            gain(s, p, R_O, sectors_count(s, c, p))
        elif tile == 8:
            gain(s, p, R_VP, 2 * gaia_planets(s, c, p))
        elif tile == 9:
            gain(s, p, R_VP, 4 * pl.nbuild[B_TS])
        elif tile == 10:
            gain(s, p, R_VP, 2 * sectors_count(s, c, p))
        elif tile == 12:
            gain(s, p, R_VP, 5 * held_feds(pl))
        push_pending(s, PD_COVER, 0)
        push_pending(s, PD_UP, ANY_TRACK)
    return 0


cdef int cover_tech(GState* s, int p, int pos) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    if pop_pending(s, PD_COVER) == -100:
        with gil:
            illegal("no tile to cover now")
    if pos >= NBASIC or not tech_active(pl, pos):
        with gil:
            illegal("can only cover an uncovered basic tile the player holds")
    pl.covered |= 1 << pos
    return 0


cdef int free_up(GState* s, GameContext* c, int p, int t) except -1 nogil:
    """A free research step from a tech tile, down-lab or up-lowest."""
    cdef int arg = pop_pending(s, PD_UP)
    cdef int i, lowest
    if arg == -100:
        arg = pop_pending(s, PD_UPLOWEST)
        if arg == -100:
            return -2   # not a free step: the caller pays for research
        lowest = 9
        for i in range(NTRACK):
            lowest = imin(lowest, s.pl[p].research[i])
        if s.pl[p].research[t] != lowest:
            with gil:
                illegal("up-lowest must advance one of the lowest tracks")
    elif arg != ANY_TRACK and arg != t:
        with gil:
            illegal("this free step must go on %s" % TRACK_NAMES[arg])
    research_up(s, c, p, t, 1)
    return 0


cdef int federation_threshold(PlayerState* pl) noexcept nogil:
    if pl.faction == F_XENOS and pl.nbuild[B_PI] > 0:
        return 6
    if pl.faction == F_IVITS:
        return 7 * (1 + pl.fed_count)
    return 7


cdef int form_federation(GState* s, GameContext* c, int p, int* hexes, int n, int kind) except -1 nogil:
    """Form a federation over hexes (the player's buildings and new satellites on empty space).

    Like the engine, the listed hexes are extended with the building groups next to them (fed_expand);
    the set must then pass federation_problem (federation.pxi: colonized planets or empty space, not
    in or next to the player's federations unless Ivits extending theirs, connected, power value at the
    threshold, least satellites, no superfluous building). New satellites cost power tokens (Ivits: qic)."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int fed[FED_MAX_HEXES]
    cdef int i, j, h, m, code, sats = 0
    if kind < 0 or kind >= 6 or s.fed_supply[kind] <= 0:
        with gil:
            illegal("federation token %s is not in the supply" % FED_NAMES[kind])
    for i in range(n):
        if hexes[i] < 0 or hexes[i] >= c.nhex:
            with gil:
                illegal("%d is not a hex of the map" % hexes[i])
        for j in range(i):
            if hexes[i] == hexes[j]:
                with gil:
                    illegal("a hex is listed twice")
    m = fed_expand(s, c, p, hexes, n, fed)
    if m < 0:
        with gil:
            illegal(federation_message(FED_TOO_BIG))
    code = federation_problem(s, c, p, fed, m)
    if code != FED_OK:
        with gil:
            illegal(federation_message(code))
    sats = fed_new_satellites(s, p, fed, m)
    if pl.faction == F_IVITS:
        pay(s, p, 0, 0, 0, sats, "satellites")
    else:
        discard_tokens(s, p, sats, 0)
    for i in range(m):
        h = fed[i]
        if not fed_occupied(s, p, h) and not (s.fed_mask[h] >> p) & 1:
            s.sat_mask[h] |= 1 << p
        s.fed_mask[h] |= 1 << p
    pl.satellites += sats
    s.fed_supply[kind] -= 1
    pl.fed_held[kind] += 1
    pl.fed_count += 1
    gain_fed_reward(s, p, kind)
    on_event(s, c, p, EV_FED, 1)
    return 0


cdef int action_gain_lost(PlayerState* pl, int a) noexcept nogil:
    """Board action a would gain nothing: its only reward is a resource already at its cap (the site's
    engine refuses such an action: power1 / power5 at 15 knowledge, power3 at 15 ore, power4 at 30
    credits). An action whose gain is only partly lost stays legal."""
    if a == 0 or a == 4:
        return pl.knowledge >= 15
    if a == 2:
        return pl.ores >= 15
    if a == 3:
        return pl.credits >= 30
    return 0


cdef int board_action(GState* s, GameContext* c, int p, int a) except -1 nogil:
    if s.actions_used[a] != -1:
        with gil:
            illegal("%s was already used this round" % ACTION_NAMES[a])
    if action_gain_lost(&s.pl[p], a):
        with gil:
            illegal("%s would gain nothing: its whole reward is lost at the resource cap" % ACTION_NAMES[a])
    if a < 7:
        pay_power(s, p, ACTION_COST[a])
    else:
        pay(s, p, 0, 0, 0, ACTION_COST[a], ACTION_CNAMES[a])
    s.actions_used[a] = p
    if a == 0:
        gain(s, p, R_K, 3)
    elif a == 1:
        push_pending(s, PD_BUILD, 2)
    elif a == 2:
        gain(s, p, R_O, 2)
    elif a == 3:
        gain(s, p, R_C, 7)
    elif a == 4:
        gain(s, p, R_K, 2)
    elif a == 5:
        push_pending(s, PD_BUILD, 1)
    elif a == 6:
        gain(s, p, R_T, 2)
    elif a == 7:
        push_tech(s, p)
    elif a == 8:
        if held_feds(&s.pl[p]) == 0:
            with gil:
                illegal("qic2 needs a federation token")
        push_pending(s, PD_FEDTILE, 0)
    else:
        gain(s, p, R_VP, 3 + planet_types(s, c, p))
    return 0


cdef int use_special(GState* s, int p, int bit) except -1 nogil:
    if s.pl[p].specials_used & bit:
        with gil:
            illegal("this special action was already used this round")
    s.pl[p].specials_used |= bit
    return 0


cdef int pass_vp(GState* s, GameContext* c, int p) except -1 nogil:
    """VP for passing: the held booster and advanced tiles that pay when passing."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int cond, per
    if pl.booster >= 0:
        cond = BOOSTER_PASS[pl.booster][0]
        per = BOOSTER_PASS[pl.booster][1]
        if cond == PASS_MINE:
            pl.vp += per * mines_count(s, p)
        elif cond == PASS_TS:
            pl.vp += per * pl.nbuild[B_TS]
        elif cond == PASS_LAB:
            pl.vp += per * pl.nbuild[B_LAB]
        elif cond == PASS_PA:
            pl.vp += per * (pl.nbuild[B_PI] + pl.nbuild[B_AC1] + pl.nbuild[B_AC2])
        elif cond == PASS_GAIA:
            pl.vp += per * gaia_planets(s, c, p)
    if has_adv(s, c, p, 1):
        pl.vp += 3 * held_feds(pl)
    if has_adv(s, c, p, 5):
        pl.vp += 3 * pl.nbuild[B_LAB]
    if has_adv(s, c, p, 7):
        pl.vp += planet_types(s, c, p)
    return 0
