# The fast move generator: every legal move of the decision as a 64-bit Move (moves.pxi), computed by
# direct C predicates on the state, without copying it per candidate and without Python objects.
#
# gen_moves lists exactly the commands of the reference generator (movegen.pxi, generate-and-test), in
# Move form: the same candidate families per phase and the same rule checks as the apply code (costs with
# caps, range and qic, terraforming cost, gaia qic / Gleens ore, gaia-former tokens with the brainstone,
# upgrade paths with Bescods, supplies, research rules with level 5 and Baltaks' navigation, tech tiles,
# board actions, specials and their once-per-round bits, passing with each free booster, the faction's
# conversions, burning, leech offers, income order, gaia-phase decisions, setup, brainstone answers), and
# the site's rulings of apply (a power action whose whole gain is lost at a cap, a free step that must be
# used, a range bonus that must be needed, no space station on one's own satellite).
# Like the reference, a move that opens a sub-decision (power2 / power6 / step / range+3, a lab or an
# academy, qic1, Itars' 4tg tech, up nav to 5, swap-PI, space-station, down-lab, an advanced tile) is
# listed only when some follow-up is legal; the follow-ups never depend on power, so the brainstone answer
# of a question opened on the way does not change them. Also like the reference: while a sub-decision is
# pending only its answers are listed (for the first pending one); merged spends are not listed except
# the faction ones written merged (Taklons' "3pw for 3c", Nevlas' "2pw for 2c" / "6pw for 2o"); at most
# 8 federation moves (3 candidates, each with every token in the supply, in that order).
# tests/test_fastgen.py cross-checks both generators position by position.
#
# Moves are in the form Core.parse_command gives their command: Taklons' "3pw for 3c" is 3 x (1pw -> 1c),
# Nevlas' "2pw for 2c" 2 x (1pw -> 1c) and "6pw for 2o" 2 x (3pw -> 1o).
#
# Federations: fed_candidates ports the reference greedy (_fed_shapes) onto the context's neighbour lists
# and, like it, makes each shape valid with fed_improve (federation.pxi) before listing it;
# MV_FEDERATION carries the candidate index in its hex field and the token kind in a. fed_candidates is a
# pure function of the state, so apply_move finds the hexes of candidate i again from the same state.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef enum:
    FG_MAX_SHAPES = 3          # federation candidates kept (the reference's MAX_FED_SHAPES)
    FG_MAX_WIDE = 8            # ... with the wide candidates (set_federation_candidates)
    FG_MAX_SEEDS = 6           # seed groups the greedy tries
    FG_MAX_FED_MOVES = 8       # federation moves listed (the reference's MAX_FED_CANDIDATES)
    FG_MAX_SHAPE_HEXES = 64    # hexes of one federation (the rule's and the notation's limit)
    FG_MOVE_CAP = 1024         # buffer of the Python entry points
    FG_EXACT_TERMINALS = 8     # building groups the exact federation search links at most

ctypedef struct FgScratch:
    int pd_ready
    unsigned char pd[MAXHEX]   # distance from the player's buildings (what range counts from)


# ---- small predicates -------------------------------------------------------------------------------

cdef inline int fg_push(Move* out, int n, int cap, Move m) noexcept nogil:
    if n < cap:
        out[n] = m
    return n + 1


cdef inline int fg_qic(int d, int r) noexcept nogil:
    """Qic that buys the range from distance d with range r (range_qic)."""
    return 0 if d <= r else (d - r + 1) // 2


cdef unsigned char* fg_dist(GState* s, GameContext* c, int p, FgScratch* sc) noexcept nogil:
    """distance_to_player for every hex at once: the minimum over the rows of the player's buildings
    (gaia-formers excluded, lantids guest mines and space stations included; distances are symmetric)."""
    cdef int n = c.nhex
    cdef int h, j
    cdef unsigned char* row
    cdef unsigned char* pd = sc.pd
    if sc.pd_ready:
        return pd
    for h in range(n):
        pd[h] = 255
    for j in range(n):
        if (s.owner[j] == p and s.building[j] != B_NONE and s.building[j] != B_GF) or s.guest[j] == p:
            row = &c.dist[j][0]
            for h in range(n):
                pd[h] = row[h] if row[h] < pd[h] else pd[h]   # an unconditional store: vectorizes
    sc.pd_ready = 1
    return pd


cdef inline int fg_tokens(PlayerState* pl) noexcept nogil:
    """Tokens discard_tokens can take: areas 1..3 and the brainstone there."""
    return pl.power[0] + pl.power[1] + pl.power[2] + (1 if BS_A1 <= pl.brainstone <= BS_A3 else 0)


cdef inline int fg_holds(PlayerState* pl, int pos) noexcept nogil:
    cdef int i
    for i in range(pl.ntech):
        if pl.tech_order[i] == pos:
            return 1
    return 0


cdef inline int fg_active_basic(PlayerState* pl) noexcept nogil:
    """Holds an uncovered basic tile (what cover needs after an advanced tile)."""
    cdef int i, pos
    for i in range(pl.ntech):
        pos = pl.tech_order[i]
        if pos < NBASIC and not (pl.covered >> pos) & 1:
            return 1
    return 0


cdef int fg_tech_ok(GState* s, PlayerState* pl, int pos) noexcept nogil:
    """take_tech accepts pos, and its follow-ups have an answer (after an advanced tile, a cover; the
    free step can always be declined)."""
    if fg_holds(pl, pos):
        return 0
    if pos < NBASIC:
        return s.tech_supply[pos] > 0
    if s.adv_taken[pos - NBASIC] or pl.research[pos - NBASIC] < 4 or green_feds(pl) == 0:
        return 0
    return fg_active_basic(pl)


cdef int fg_tech_any(GState* s, PlayerState* pl) noexcept nogil:
    cdef int pos
    for pos in range(NPOS):
        if fg_tech_ok(s, pl, pos):
            return 1
    return 0


cdef inline int fg_lost_planet_ok(GState* s, PlayerState* pl, int h, int r, unsigned char* pd) noexcept nogil:
    return s.planet[h] == PL_EMPTY and s.owner[h] == -1 and s.guest[h] == -1 and s.sat_mask[h] == 0 \
        and pl.qic >= fg_qic(pd[h], r)


cdef int fg_lost_planet_any(GState* s, GameContext* c, int p, int r, FgScratch* sc) noexcept nogil:
    cdef unsigned char* pd = fg_dist(s, c, p, sc)
    cdef PlayerState* pl = &s.pl[p]
    cdef int h
    for h in range(c.nhex):
        if fg_lost_planet_ok(s, pl, h, r, pd):
            return 1
    return 0


cdef int fg_up_ok(GState* s, GameContext* c, int p, int t, int free, FgScratch* sc) noexcept nogil:
    """research_up accepts the step (paid unless free), and up nav to 5 has a lost planet to place."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int lvl = pl.research[t] + 1
    cdef int q
    if lvl > 5:
        return 0
    if t == T_NAV and pl.faction == F_BALTAKS and pl.nbuild[B_PI] == 0:
        return 0
    if lvl == 5:
        for q in range(s.num_players):
            if s.pl[q].research[t] == 5:
                return 0
        if green_feds(pl) == 0:
            return 0
    if not free and pl.knowledge < 4:
        return 0
    if t == T_NAV and lvl == 5:
        return fg_lost_planet_any(s, c, p, NAV_RANGE[5], sc)
    return 1


cdef inline int fg_mine_ok(GState* s, PlayerState* pl, int p, int h, int free_steps, int bonus, int r0,
                           unsigned char* pd) noexcept nogil:
    """build_mine accepts h (the caller checked the supply, 2 credits and 1 ore); r0 is the player's
    range. A free step must be used (a new mine on a planet that needs terraforming) and a range bonus
    must be needed (h out of range r0), as the site's engine rules (must_use_bonus)."""
    cdef int owner = s.owner[h]
    cdef int planet = s.planet[h]
    cdef int b = s.building[h]
    cdef int q, o, steps
    if bonus > 0 and pd[h] <= r0:
        return 0
    if owner == -1:
        if planet > PL_GAIA:
            return 0
        q = fg_qic(pd[h], r0 + bonus)
        o = 1
        if planet == PL_GAIA:
            if free_steps > 0:
                return 0
            if pl.faction == F_GLEENS:
                o = 2
            else:
                q += 1
        else:
            steps = terraform_steps(F_HOME[pl.faction], planet)
            if free_steps > 0 and steps == 0:
                return 0
            steps -= free_steps
            if steps > 0:
                o += steps * TERRA_ORE[pl.research[T_TERRA]]
        return pl.ores >= o and pl.qic >= q
    if free_steps > 0:
        return 0
    if owner == p:
        return b == B_GF and planet == PL_GAIA and bonus == 0
    return pl.faction == F_LANTIDS and s.guest[h] == -1 and B_M <= b <= B_AC2 \
        and pl.qic >= fg_qic(pd[h], r0 + bonus)


cdef inline int fg_mines_possible(PlayerState* pl) noexcept nogil:
    return pl.nbuild[B_M] < 8 and pl.credits >= 2 and pl.ores >= 1


cdef int fg_mine_any(GState* s, GameContext* c, int p, int free_steps, int bonus,
                     FgScratch* sc) noexcept nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef unsigned char* pd
    cdef int h, r, i
    if not fg_mines_possible(pl):
        return 0
    pd = fg_dist(s, c, p, sc)
    r = player_range(pl)
    if fg_no_lost_planet(s):
        for i in range(c.nplanet):
            if fg_mine_ok(s, pl, p, c.planet_hex[i], free_steps, bonus, r, pd):
                return 1
        return 0
    for h in range(c.nhex):
        if fg_mine_ok(s, pl, p, h, free_steps, bonus, r, pd):
            return 1
    return 0


cdef inline int fg_no_lost_planet(GState* s) noexcept nogil:
    """No lost planet on the map: a mine can go only on a hex with a planet at setup (c.planet_hex); a
    lost planet puts a planet on a space hex (a Lantids guest mine may go there)."""
    cdef int q
    for q in range(s.num_players):
        if s.pl[q].lost_planet >= 0:
            return 0
    return 1


cdef inline int fg_gf_possible(PlayerState* pl) noexcept nogil:
    return gaiaformers_free(pl) > 0 and fg_tokens(pl) >= GF_COST[pl.research[T_GAIA]]


cdef inline int fg_gf_ok(GState* s, PlayerState* pl, int h, int bonus, int r0, unsigned char* pd) noexcept nogil:
    """build_gaiaformer accepts h (the caller checked the gaia-formers and tokens); a range bonus must
    be needed."""
    return s.planet[h] == PL_TRANSDIM and s.owner[h] == -1 and pl.qic >= fg_qic(pd[h], r0 + bonus) \
        and (bonus == 0 or pd[h] > r0)


cdef int fg_gf_any(GState* s, GameContext* c, int p, int bonus, FgScratch* sc) noexcept nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef unsigned char* pd
    cdef int h, r
    if not fg_gf_possible(pl):
        return 0
    pd = fg_dist(s, c, p, sc)
    r = player_range(pl)
    for h in range(c.nhex):
        if fg_gf_ok(s, pl, h, bonus, r, pd):
            return 1
    return 0


cdef int fg_isolated(GState* s, GameContext* c, int p, int h) noexcept nogil:
    """The trading station on h costs 6 credits: no other player's structure within 2 (upgrade)."""
    cdef int j
    cdef unsigned char* row = &c.dist[h][0]
    for j in range(c.nhex):
        if row[j] <= 2 and s.owner[j] >= 0 and s.building[j] != B_GF and s.building[j] != B_SP:
            if s.owner[j] != p or (s.guest[j] >= 0 and s.guest[j] != p):
                return 0
    return 1


cdef inline int fg_pay_ok(PlayerState* pl, int credits, int ores) noexcept nogil:
    return pl.credits >= credits and pl.ores >= ores


cdef int fg_spend_ok(PlayerState* pl, int i, int k) noexcept nogil:
    """do_spend accepts k times conversion i (the caller lists only conversions open to the faction)."""
    cdef int unit = SPEND_COST[i][0]
    cdef int n = SPEND_COST[i][1] * k
    if not conversion_open(pl, i):
        return 0
    if unit == U_PW:
        return spendable_power(pl) >= n
    if unit == U_A3:
        return pl.power[2] >= n
    if unit == U_TG:
        return pl.power[3] >= n
    if unit == U_GF:
        return gaiaformers_free(pl) >= n
    if unit == U_C:
        return pl.credits >= n
    if unit == U_O:
        return pl.ores >= n
    if unit == U_K:
        return pl.knowledge >= n
    if unit == U_Q:
        return pl.qic >= n
    return 0


# ---- candidate families ------------------------------------------------------------------------------

cdef int fg_gen_free(GState* s, int p, Move* out, int n, int cap) noexcept nogil:
    """The conversions movegen offers the faction (one unit of each), then burn 1..max."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int i, k
    cdef int nevlas_pi = pl.faction == F_NEVLAS and pl.nbuild[B_PI] > 0
    if nevlas_pi:
        # 4pw->1q, 4pw->1k, 4pw->1o,1c, 2pw->2c (= 2 x 1pw->1c), 6pw->2o (= 2 x 3pw->1o), then q/o/k ones
        if fg_spend_ok(pl, 0, 1):
            n = fg_push(out, n, cap, pack(MV_SPEND, 0, 1, 0))
        if fg_spend_ok(pl, 1, 1):
            n = fg_push(out, n, cap, pack(MV_SPEND, 1, 1, 0))
        if fg_spend_ok(pl, 12, 1):
            n = fg_push(out, n, cap, pack(MV_SPEND, 12, 1, 0))
        if fg_spend_ok(pl, 3, 2):
            n = fg_push(out, n, cap, pack(MV_SPEND, 3, 2, 0))
        if fg_spend_ok(pl, 2, 2):
            n = fg_push(out, n, cap, pack(MV_SPEND, 2, 2, 0))
        for i in range(4, 8):
            if fg_spend_ok(pl, i, 1):
                n = fg_push(out, n, cap, pack(MV_SPEND, i, 1, 0))
    else:
        for i in range(8):
            if fg_spend_ok(pl, i, 1):
                n = fg_push(out, n, cap, pack(MV_SPEND, i, 1, 0))
    if pl.faction == F_NEVLAS and fg_spend_ok(pl, 11, 1):
        n = fg_push(out, n, cap, pack(MV_SPEND, 11, 1, 0))
    if pl.faction == F_HADSCH and pl.nbuild[B_PI] > 0:
        for i in range(8, 11):
            if fg_spend_ok(pl, i, 1):
                n = fg_push(out, n, cap, pack(MV_SPEND, i, 1, 0))
    if pl.faction == F_BALTAKS and fg_spend_ok(pl, 15, 1):
        n = fg_push(out, n, cap, pack(MV_SPEND, 15, 1, 0))
    if pl.faction == F_TAKLONS and fg_spend_ok(pl, 3, 3):
        n = fg_push(out, n, cap, pack(MV_SPEND, 3, 3, 0))
    k = bs_tokens(pl, 1) // 2
    for i in range(1, imin(k, 255) + 1):
        n = fg_push(out, n, cap, pack(MV_BURN, i, 0, 0))
    return n


cdef int fg_gen_mines(GState* s, GameContext* c, int p, int free_steps, int bonus, FgScratch* sc,
                      Move* out, int n, int cap) noexcept nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef unsigned char* pd
    cdef int h, r, i
    if not fg_mines_possible(pl):
        return n
    pd = fg_dist(s, c, p, sc)
    r = player_range(pl)
    if fg_no_lost_planet(s):   # the planets only, in the same (ascending) order
        for i in range(c.nplanet):
            h = c.planet_hex[i]
            if fg_mine_ok(s, pl, p, h, free_steps, bonus, r, pd):
                n = fg_push(out, n, cap, pack(MV_BUILD, B_M, 0, h))
        return n
    for h in range(c.nhex):
        if fg_mine_ok(s, pl, p, h, free_steps, bonus, r, pd):
            n = fg_push(out, n, cap, pack(MV_BUILD, B_M, 0, h))
    return n


cdef int fg_gen_gaiaformers(GState* s, GameContext* c, int p, int bonus, FgScratch* sc,
                            Move* out, int n, int cap) noexcept nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef unsigned char* pd
    cdef int h, r
    if not fg_gf_possible(pl):
        return n
    pd = fg_dist(s, c, p, sc)
    r = player_range(pl)
    for h in range(c.nhex):
        if fg_gf_ok(s, pl, h, bonus, r, pd):
            n = fg_push(out, n, cap, pack(MV_BUILD, B_GF, 0, h))
    return n


cdef int fg_gen_upgrades(GState* s, GameContext* c, int p, Move* out, int n, int cap) noexcept nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int bescods = pl.faction == F_BESCODS
    cdef int ts_ok, lab_ok, pi_ok, ac1_ok, ac2_ok, tech = -1
    cdef int h, b
    # what each upgrade needs besides the building below it (supply, cost, a tech tile to take)
    ts_ok = pl.nbuild[B_TS] < MAX_BUILDINGS[B_TS] and fg_pay_ok(pl, 3, 2)
    lab_ok = pl.nbuild[B_LAB] < MAX_BUILDINGS[B_LAB] and fg_pay_ok(pl, COST_C[B_LAB], COST_O[B_LAB])
    pi_ok = pl.nbuild[B_PI] < MAX_BUILDINGS[B_PI] and fg_pay_ok(pl, COST_C[B_PI], COST_O[B_PI])
    ac1_ok = pl.nbuild[B_AC1] < 1 and pl.nbuild[B_AC1] + pl.nbuild[B_AC2] < 2 \
        and fg_pay_ok(pl, COST_C[B_AC1], COST_O[B_AC1])
    ac2_ok = pl.nbuild[B_AC2] < 1 and pl.nbuild[B_AC1] + pl.nbuild[B_AC2] < 2 \
        and fg_pay_ok(pl, COST_C[B_AC2], COST_O[B_AC2])
    if lab_ok or ac1_ok or ac2_ok:
        tech = fg_tech_any(s, pl)
        lab_ok = lab_ok and tech
        ac1_ok = ac1_ok and tech
        ac2_ok = ac2_ok and tech
    if not (ts_ok or lab_ok or pi_ok or ac1_ok or ac2_ok):
        return n
    for h in range(c.nhex):
        if s.owner[h] != p:
            continue
        b = s.building[h]
        if b == B_M:
            if ts_ok and s.planet[h] != PL_LOST and (pl.credits >= 6 or not fg_isolated(s, c, p, h)):
                n = fg_push(out, n, cap, pack(MV_BUILD, B_TS, 0, h))
        elif b == B_TS:
            if lab_ok:
                n = fg_push(out, n, cap, pack(MV_BUILD, B_LAB, 0, h))
            if pi_ok and not bescods:
                n = fg_push(out, n, cap, pack(MV_BUILD, B_PI, 0, h))
            if bescods:
                if ac1_ok:
                    n = fg_push(out, n, cap, pack(MV_BUILD, B_AC1, 0, h))
                if ac2_ok:
                    n = fg_push(out, n, cap, pack(MV_BUILD, B_AC2, 0, h))
        elif b == B_LAB:
            if pi_ok and bescods:
                n = fg_push(out, n, cap, pack(MV_BUILD, B_PI, 0, h))
            if not bescods:
                if ac1_ok:
                    n = fg_push(out, n, cap, pack(MV_BUILD, B_AC1, 0, h))
                if ac2_ok:
                    n = fg_push(out, n, cap, pack(MV_BUILD, B_AC2, 0, h))
    return n


cdef int fg_own_of(GState* s, GameContext* c, int p, int b) noexcept nogil:
    """p owns a building b somewhere (swap-PI: a mine, the lost planet included; down-lab: a lab)."""
    cdef int h
    for h in range(c.nhex):
        if s.owner[h] == p and s.building[h] == b:
            return 1
    return 0


cdef inline int fg_space_station_ok(GState* s, PlayerState* pl, int p, int h, int r,
                                    unsigned char* pd) noexcept nogil:
    """An empty space hex in range, without one of p's satellites (the site forbids a space station there)."""
    return s.planet[h] == PL_EMPTY and s.owner[h] == -1 and s.guest[h] == -1 \
        and not (s.sat_mask[h] >> p) & 1 and pl.qic >= fg_qic(pd[h], r)


cdef int fg_space_station_any(GState* s, GameContext* c, int p, FgScratch* sc) noexcept nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef unsigned char* pd = fg_dist(s, c, p, sc)
    cdef int h, r = player_range(pl)
    for h in range(c.nhex):
        if fg_space_station_ok(s, pl, p, h, r, pd):
            return 1
    return 0


cdef int fg_gen_pending(GState* s, GameContext* c, int p, FgScratch* sc, Move* out, int n,
                        int cap) noexcept nogil:
    """Answers to the first pending sub-decision (what movegen's _gen_pending keeps)."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int kind = s.pend[0].kind
    cdef int arg = s.pend[0].arg
    cdef int h, t, pos, k, lowest, r
    cdef unsigned char* pd
    if kind == PD_TECH:
        for pos in range(NPOS):
            if fg_tech_ok(s, pl, pos):
                n = fg_push(out, n, cap, pack(MV_TECH, pos, 0, 0))
    elif kind == PD_COVER:
        for pos in range(NBASIC):
            if tech_active(pl, pos):
                n = fg_push(out, n, cap, pack(MV_COVER, pos, 0, 0))
    elif kind == PD_UP or kind == PD_UPLOWEST:
        lowest = 9
        for t in range(NTRACK):
            lowest = imin(lowest, pl.research[t])
        for t in range(NTRACK):
            if kind == PD_UP and arg != ANY_TRACK and arg != t:
                continue
            if kind == PD_UPLOWEST and pl.research[t] != lowest:
                continue
            if fg_up_ok(s, c, p, t, 1, sc):
                n = fg_push(out, n, cap, pack(MV_UP, t, 0, 0))
        n = fg_push(out, n, cap, pack(MV_DECLINE_UP, 0, 0, 0))
    elif kind == PD_BUILD:
        n = fg_gen_mines(s, c, p, arg, 0, sc, out, n, cap)
    elif kind == PD_RANGE_BUILD:
        n = fg_gen_mines(s, c, p, 0, arg, sc, out, n, cap)
        n = fg_gen_gaiaformers(s, c, p, arg, sc, out, n, cap)
    elif kind == PD_LOSTPLANET:
        pd = fg_dist(s, c, p, sc)
        r = player_range(pl)
        for h in range(c.nhex):
            if fg_lost_planet_ok(s, pl, h, r, pd):
                n = fg_push(out, n, cap, pack(MV_LOSTPLANET, 0, 0, h))
    elif kind == PD_FEDTILE:
        for k in range(NFEDKIND):
            if pl.fed_held[k] > 0:
                n = fg_push(out, n, cap, pack(MV_FEDTILE, k, 0, 0))
    elif kind == PD_SWAPPI:
        for h in range(c.nhex):
            if s.owner[h] == p and s.building[h] == B_M and s.planet[h] != PL_LOST:
                n = fg_push(out, n, cap, pack(MV_SWAPPI, 0, 0, h))
    elif kind == PD_SPACESTATION:
        pd = fg_dist(s, c, p, sc)
        r = player_range(pl)
        for h in range(c.nhex):
            if fg_space_station_ok(s, pl, p, h, r, pd):
                n = fg_push(out, n, cap, pack(MV_BUILD, B_SP, 0, h))
    elif kind == PD_DOWNLAB and ts_in_supply(pl):
        for h in range(c.nhex):
            if s.owner[h] == p and s.building[h] == B_LAB:
                n = fg_push(out, n, cap, pack(MV_BUILD, B_TS, 0, h))
    return n


cdef int fg_pending_any(GState* s, GameContext* c, int p) noexcept nogil:
    """Some answer to the first pending sub-decision is legal."""
    cdef Move tmp[FG_MOVE_CAP]
    cdef FgScratch sc
    sc.pd_ready = 0
    return fg_gen_pending(s, c, p, &sc, tmp, 0, FG_MOVE_CAP) > 0


cdef int fg_gen_federations(GState* s, GameContext* c, int p, Move* out, int n, int cap) except -1 nogil:
    cdef int buf[MAX_FED_HEXES]
    cdef int offsets[FG_MAX_WIDE + 2]
    cdef int k, i, ncand, offered, found = 0, any_token = 0
    for k in range(6):
        if s.fed_supply[k] > 0:
            any_token = 1
    if not any_token:
        return n
    ncand = fed_candidates_listed(s, c, p, buf, offsets, FG_MAX_WIDE)
    # the federation offered here (offer_federation) gets every token, past the cap: it is listed to
    # be searched
    offered = fed_offered_index(s, c, p, buf, offsets, ncand)
    if offered == ncand:
        ncand += 1
    for i in range(ncand):
        for k in range(6):
            if s.fed_supply[k] > 0 and (i == offered or fed_wide or found < FG_MAX_FED_MOVES):
                n = fg_push(out, n, cap, pack(MV_FEDERATION, k, 0, i))
                found += i != offered
    return n


# The parts of a main-action decision's moves (fg_gen_main_kinds): a caller that asks whether some
# moves are legal generates only their parts, each part the same moves in the same order as in the
# whole list.
cdef enum:
    FGK_MINES = 1          # MV_BUILD of a mine
    FGK_GAIAFORMERS = 2    # MV_BUILD of a gaia-former
    FGK_UPGRADES = 4       # MV_BUILD of a trading station, lab, PI or academy
    FGK_RESEARCH = 8       # MV_UP
    FGK_ACTIONS = 16       # MV_ACTION
    FGK_REST = 32          # federations, specials, passes
    FGK_ALL = 63


cdef inline int fg_kind_of(Move m) noexcept nogil:
    """The FGK_ part of fg_gen_main that lists m."""
    cdef int kind = mv_kind(m)
    if kind == MV_BUILD:
        if mv_a(m) == B_M:
            return FGK_MINES
        return FGK_GAIAFORMERS if mv_a(m) == B_GF else FGK_UPGRADES
    if kind == MV_UP:
        return FGK_RESEARCH
    return FGK_ACTIONS if kind == MV_ACTION else FGK_REST


cdef int fg_gen_main(GState* s, GameContext* c, int p, FgScratch* sc, Move* out, int n,
                     int cap) except -1 nogil:
    return fg_gen_main_kinds(s, c, p, sc, out, n, cap, FGK_ALL)


cdef int fg_gen_main_kinds(GState* s, GameContext* c, int p, FgScratch* sc, Move* out, int n,
                           int cap, int kinds) except -1 nogil:
    cdef PlayerState* pl = &s.pl[p]
    cdef int t, a, tech = -1
    cdef int step1 = -1, step2 = -1    # a mine after 1 / 2 free steps exists (computed when asked)
    if kinds & FGK_MINES:
        n = fg_gen_mines(s, c, p, 0, 0, sc, out, n, cap)
    if kinds & FGK_GAIAFORMERS:
        n = fg_gen_gaiaformers(s, c, p, 0, sc, out, n, cap)
    if kinds & FGK_UPGRADES:
        n = fg_gen_upgrades(s, c, p, out, n, cap)
    if kinds & FGK_REST:
        n = fg_gen_federations(s, c, p, out, n, cap)
    if kinds & FGK_RESEARCH and pl.knowledge >= 4:
        for t in range(NTRACK):
            if fg_up_ok(s, c, p, t, 0, sc):
                n = fg_push(out, n, cap, pack(MV_UP, t, 0, 0))
    if not kinds & FGK_ACTIONS:
        return n if not kinds & FGK_REST else fg_gen_rest(s, c, p, sc, out, n, cap, step1)
    for a in range(NACTION):
        if s.actions_used[a] >= 0:
            continue
        if a < 7:
            if spendable_power(pl) < ACTION_COST[a] or action_gain_lost(pl, a):
                continue
            if a == 1 or a == 5:
                # a mine after one free step is one after two (the same planets, less ore)
                if step1 < 0:
                    step1 = fg_mine_any(s, c, p, 1, 0, sc)
                if a == 1 and not step1 and step2 < 0:
                    step2 = fg_mine_any(s, c, p, 2, 0, sc)
                if not (step1 or (a == 1 and step2)):
                    continue
        else:
            if pl.qic < ACTION_COST[a]:
                continue
            if a == 7:
                if tech < 0:
                    tech = fg_tech_any(s, pl)
                if not tech:
                    continue
            elif a == 8 and held_feds(pl) == 0:
                continue
        n = fg_push(out, n, cap, pack(MV_ACTION, a, 0, 0))
    if not kinds & FGK_REST:
        return n
    return fg_gen_rest(s, c, p, sc, out, n, cap, step1)


cdef int fg_gen_rest(GState* s, GameContext* c, int p, FgScratch* sc, Move* out, int n, int cap,
                     int step1) except -1 nogil:
    """The specials and passes of fg_gen_main (step1: a mine after one free step exists, -1 not known
    yet)."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int b, w, ok
    cdef int used = pl.specials_used
    # specials (SPECIAL_NAMES order)
    for w in range(12):
        ok = 0
        if w == 0:
            if pl.booster == 3 and not used & SP_BOOSTER:
                if step1 < 0:
                    step1 = fg_mine_any(s, c, p, 1, 0, sc)
                ok = step1
        elif w == 1:
            ok = pl.booster == 4 and not used & SP_BOOSTER and (
                fg_mine_any(s, c, p, 0, 3, sc) or fg_gf_any(s, c, p, 3, sc))
        elif w == 2:
            ok = not used & SP_TECH9 and has_tile(s, c, p, 9)
        elif w == 3 or w == 4:
            ok = not used & SP_AC2 and pl.nbuild[B_AC2] > 0 and (w == 4) == (pl.faction == F_BALTAKS)
        elif w == 5:
            ok = not used & SP_ADV_QC and has_adv(s, c, p, 3)
        elif w == 6:
            ok = not used & SP_ADV_3O and has_adv(s, c, p, 11)
        elif w == 7:
            ok = not used & SP_ADV_3K and has_adv(s, c, p, 13)
        elif not used & SP_FACTION:
            if w == 8:
                ok = pl.faction == F_AMBAS and pl.nbuild[B_PI] > 0 and swappable_mine(s, c, p)
            elif w == 9:
                ok = pl.faction == F_IVITS and pl.nbuild[B_PI] > 0 and pl.nbuild[B_SP] < MAX_BUILDINGS[B_SP] \
                    and fg_space_station_any(s, c, p, sc)
            elif w == 10:
                ok = pl.faction == F_FIRAKS and pl.nbuild[B_PI] > 0 and fg_own_of(s, c, p, B_LAB) \
                    and ts_in_supply(pl)
            else:
                ok = pl.faction == F_BESCODS
        if ok:
            n = fg_push(out, n, cap, pack(MV_SPECIAL, w, 0, 0))
    if s.round >= 6:
        n = fg_push(out, n, cap, pack(MV_PASS, NO_BOOSTER, 0, 0))
    else:
        for b in range(NBOOSTER):
            if s.booster_free[b]:
                n = fg_push(out, n, cap, pack(MV_PASS, b, 0, 0))
    return n


# ---- the generator ----------------------------------------------------------------------------------

cdef int fg_gen_auction(GState* s, GameContext* c, Move* out, int n, int cap) noexcept nogil:
    """Picks of a faction not in play (on a home planet not taken), then the nine bids open on each
    picked faction (bid-while-choosing: only held ones; a new pick is its bid of 0)."""
    cdef int f, i, k, lo, dup
    if s.phase == PH_FACTION and (c.auction == AUC_CHOOSE_BID or s.auc_n < s.num_players):
        for f in range(NFACTION):
            dup = 0
            for i in range(s.auc_n):
                if s.auc_faction[i] == f or F_HOME[s.auc_faction[i]] == F_HOME[f]:
                    dup = 1
            if not dup:
                n = fg_push(out, n, cap, pack(MV_FACTION, f, 0, 0))
    if s.phase == PH_AUCTION or c.auction == AUC_BID_WHILE_CHOOSING:
        for i in range(s.auc_n):
            if s.phase == PH_FACTION and s.auc_holder[i] < 0:
                continue
            lo = auction_min_bid(s, i)
            for k in range(9):
                if lo + k <= AUC_MAX_BID:
                    n = fg_push(out, n, cap, pack(MV_BID, s.auc_faction[i], lo + k, 0))
    return n


cdef int gen_moves(GState* s, GameContext* c, Move* out, int cap) except -1 nogil:
    """All legal moves of the decision in s (the same set as movegen's legal_commands), in a fixed order;
    returns how many. Raises (OverflowError) only when they do not fit in cap; callable without the GIL."""
    cdef int p = s.current
    cdef int n = 0
    cdef int i, j, k, f, q, h, b, amount, kind, dup, variant_n
    cdef PlayerState* pl
    cdef FgScratch sc
    sc.pd_ready = 0
    if s.phase == PH_END or p < 0 or p >= s.num_players:
        return 0
    if s.bsq_player >= 0:
        # the open brainstone question first; an answer must leave the turn's sub-decision answerable
        p = s.bsq_player
        if s.npend > 0 and s.current == p and (s.phase == PH_MOVE or s.phase == PH_GAIA) \
                and not fg_pending_any(s, c, p):
            return 0
        for i in range(s.bsq_nchoices):
            n = fg_push(out, n, cap, pack(MV_BRAINSTONE, s.bsq_choices[i], 0, 0))
    elif s.phase == PH_MOVE:
        if s.npend > 0:
            n = fg_gen_pending(s, c, p, &sc, out, n, cap)
        elif s.action_done:
            n = fg_gen_free(s, p, out, n, cap)
            n = fg_push(out, n, cap, pack(MV_ENDTURN, 0, 0, 0))
        else:
            n = fg_gen_main(s, c, p, &sc, out, n, cap)
            n = fg_gen_free(s, p, out, n, cap)
    elif s.phase == PH_LEECH:
        pl = &s.pl[p]
        if s.leech_pos < s.nleech:
            h = s.leech[s.leech_pos].hex
            amount = leech_amount(s, c, p, h)
            if pl.faction == F_TAKLONS and pl.nbuild[B_PI] > 0:
                variant_n = imin(imin(leech_value(s, c, p, h), charge_capacity(pl) + 2), pl.vp + 1)
                n = fg_push(out, n, cap, pack(MV_CHARGE, amount, LEECH_CHARGE_FIRST, 0))
                n = fg_push(out, n, cap, pack(MV_CHARGE, variant_n, LEECH_TOKEN_FIRST, 0))
                n = fg_push(out, n, cap, pack(MV_DECLINE_CHARGE, amount, LEECH_CHARGE_FIRST, 0))
            else:
                n = fg_push(out, n, cap, pack(MV_CHARGE, amount, LEECH_PLAIN, 0))
                n = fg_push(out, n, cap, pack(MV_DECLINE_CHARGE, amount, LEECH_PLAIN, 0))
    elif s.phase == PH_INCOME:
        pl = &s.pl[p]
        for i in range(pl.ninc):
            kind = pl.inc[i].kind
            if (kind != R_T and kind != R_PW) or pl.inc[i].amount <= 0:
                continue
            dup = 0
            for j in range(i):
                if pl.inc[j].kind == kind and pl.inc[j].amount == pl.inc[i].amount:
                    dup = 1
            if not dup:
                n = fg_push(out, n, cap, pack(MV_INCOME, kind, pl.inc[i].amount, 0))
    elif s.phase == PH_GAIA:
        pl = &s.pl[p]
        if s.npend > 0:
            n = fg_gen_pending(s, c, p, &sc, out, n, cap)
        elif pl.faction == F_TERRANS:
            # each conversion of the gaia area at every count it can take: the whole-area search move
            # (searchmoves.pxi, SM_TERRANS) spends each kind at once, as the site takes it
            for i in range(16, 20):
                k = 1
                while fg_spend_ok(pl, i, k):
                    n = fg_push(out, n, cap, pack(MV_SPEND, i, k, 0))
                    k += 1
        elif pl.faction == F_ITARS:
            if fg_spend_ok(pl, 20, 1) and fg_tech_any(s, pl):
                n = fg_push(out, n, cap, pack(MV_SPEND, 20, 1, 0))
            n = fg_push(out, n, cap, pack(MV_DECLINE_TECH, 0, 0, 0))
    elif s.phase == PH_AUCTION or (s.phase == PH_FACTION and c.auction != AUC_NONE):
        n = fg_gen_auction(s, c, out, n, cap)
    elif s.phase == PH_FACTION:
        for f in range(NFACTION):
            dup = 0
            for q in range(s.num_players):
                if s.pl[q].faction >= 0 and (s.pl[q].faction == f or F_HOME[s.pl[q].faction] == F_HOME[f]):
                    dup = 1
            if not dup:
                n = fg_push(out, n, cap, pack(MV_FACTION, f, 0, 0))
    elif s.phase == PH_SETUP_BUILD:
        pl = &s.pl[p]
        b = B_PI if pl.faction == F_IVITS else B_M
        for h in range(c.nhex):
            if s.owner[h] == -1 and s.planet[h] == F_HOME[pl.faction]:
                n = fg_push(out, n, cap, pack(MV_BUILD, b, 0, h))
    elif s.phase == PH_SETUP_BOOSTER:
        for b in range(NBOOSTER):
            if s.booster_free[b]:
                n = fg_push(out, n, cap, pack(MV_BOOSTER, b, 0, 0))
    if n > cap:
        with gil:
            raise OverflowError("%d legal moves do not fit in a buffer of %d" % (n, cap))
    return n


# ---- federation candidates ---------------------------------------------------------------------------

cdef inline int fg_own_building(GState* s, int p, int h) noexcept nogil:
    """A building of p that counts for federations (not a gaia-former), or p's guest mine."""
    if s.guest[h] == p:
        return 1
    return s.owner[h] == p and s.building[h] != B_NONE and s.building[h] != B_GF


cdef int fg_fed_valid(GState* s, GameContext* c, int p, int* hexes, int n) noexcept nogil:
    """form_federation accepts exactly these hexes (any token in the supply): federation_problem finds
    nothing wrong and the new satellites are payable (Ivits: qic; others: power tokens)."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int sats
    if n <= 0 or n > FG_MAX_SHAPE_HEXES:
        return 0
    if federation_problem(s, c, p, hexes, n) != FED_OK:
        return 0
    sats = fed_new_satellites(s, p, hexes, n)
    if pl.faction == F_IVITS:
        return pl.qic >= sats
    return fg_tokens(pl) >= sats


cdef int fg_improved_valid(GState* s, GameContext* c, int p, int* hexes, int n) noexcept nogil:
    """fg_fed_valid of a set fed_improve returned: its last federation_check of exactly this set (a
    function of the set, not of its order) found nothing wrong, so only the payment is left to check."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int sats
    if not fed_fast:
        return fg_fed_valid(s, c, p, hexes, n)
    if n <= 0 or n > FG_MAX_SHAPE_HEXES:
        return 0
    sats = fed_new_satellites(s, p, hexes, n)
    if pl.faction == F_IVITS:
        return pl.qic >= sats
    return fg_tokens(pl) >= sats


cdef inline int fg_shape_less(int sa, int* a, int na, int sb, int* b, int nb) noexcept nogil:
    """(sats, hexes) ordering of Python tuples of (int, list)."""
    cdef int i
    if sa != sb:
        return sa < sb
    for i in range(imin(na, nb)):
        if a[i] != b[i]:
            return a[i] < b[i]
    return na < nb


cdef inline int fg_sorted_add(int* xs, int n, int x) noexcept nogil:
    """Insert x into the ascending list xs of length n; returns the new length."""
    cdef int i = n
    while i > 0 and xs[i - 1] > x:
        xs[i] = xs[i - 1]
        i -= 1
    xs[i] = x
    return n + 1


cdef unsigned long long fed_cache_key(GState* s, GameContext* c, int p, int budget) noexcept nogil:
    """FNV-1a over everything p's candidates depend on: p's buildings, guest mines and federations, the
    planets, whether another player occupies an empty hex (a space station or lost planet: no satellite
    there), p's threshold; the budget (0..MAX_FED_SATELLITES) in the low 4 bits, apart, for
    fed_cache_hit. Other players' buildings on planets are left out: they change nothing for p, and
    keeping them out lets p's candidates survive the other players' turns; so are p's gaia-formers (no
    power value, not a planet a federation may use), which the search places often."""
    cdef unsigned long long k = 1469598103934665603ULL
    cdef int h, own, other
    for h in range(c.nhex):
        own = s.building[h] + 2 if s.owner[h] == p and s.building[h] != B_GF else 0
        other = 1 if s.planet[h] == PL_EMPTY and ((s.owner[h] != -1 and s.owner[h] != p)
                                                  or (s.guest[h] != -1 and s.guest[h] != p)) else 0
        k = (k ^ <unsigned long long>(own + 16 * other + 32 * (s.guest[h] == p) + 64 * ((s.fed_mask[h] >> p) & 1)
                                      + 128 * s.planet[h])) * 1099511628211ULL
    k = (k ^ <unsigned long long>(256 * federation_threshold(&s.pl[p]) + 65536 * p)) * 1099511628211ULL
    # building values change with the PI (Bescods' titanium bonus) and the PA->4pw tech tile
    k = (k ^ <unsigned long long>(s.pl[p].nbuild[B_PI] + 2 * has_tile(s, c, p, 3) + 4 * s.pl[p].fed_count
                                  + 64 * s.pl[p].faction)) * 1099511628211ULL
    # the rule (site or exact), the candidates (narrow or wide) and the site's satellite limit (25 placed
    # at most)
    k = (k ^ <unsigned long long>(fed_rule_site + 2 * fed_wide + 4 * imin(s.pl[p].satellites, 31))) \
        * 1099511628211ULL
    k = (k & ~<unsigned long long>15) | <unsigned long long>budget
    return k if k != 0 else 16


cdef inline int fed_cache_hit(unsigned long long stored, int n, unsigned long long key) noexcept nogil:
    """The cached entry (stored key, n candidates) answers key: the same board and budget, or no
    candidate under a budget at least as large (fewer satellites cannot make a federation possible:
    the greedy and the exact search both only keep federations within the budget)."""
    if stored == key:
        return 1
    return n == 0 and (stored & ~<unsigned long long>15) == (key & ~<unsigned long long>15) \
        and (key & 15) <= (stored & 15)


# The federation memo: the last candidates computed for FG_MEMO_SIZE keys (direct-mapped), one table per
# thread (no locking; C thread-local storage, zeroed for each new thread). The state's own cache keeps
# a player's candidates while his buildings stay; the memo keeps them across the states of a search,
# whose simulations reach the same boards again and again (the same mine built in another line).
cdef extern from *:
    """
    typedef struct { unsigned long long key; int n; int off[4]; short hex[3 * 64]; } FgMemoEntry;
    static __thread FgMemoEntry fg_memo[256];
    """
    ctypedef struct FgMemoEntry:
        unsigned long long key
        int n
        int off[4]
        short hex[3 * 64]
    FgMemoEntry fg_memo[256]

cdef enum:
    FG_MEMO_SIZE = 256

cdef int fg_memo_on = 1   # 0: the memo is neither read nor written (cold benchmarks)
cdef int fed_wide = 0     # 1: the wide candidates (set_federation_candidates)


def set_federation_candidates(str mode) -> None:
    """How many federations the move generator lists: "narrow" (the default) the greedy's shapes made
    valid (at most 3, the fewest satellites first) and 8 federation moves at most; "wide" also the
    federations that move one satellite of a listed one to another hex (the other satellite trees of
    the same buildings, most of the federations the site offers that we do not), up to 3 shapes, with
    every token for each. Under either, the federation rule (set_federation_rule) filters them."""
    global fed_wide
    if mode == "narrow":
        fed_wide = 0
    elif mode == "wide":
        fed_wide = 1
    else:
        raise ValueError("federation candidates must be 'narrow' or 'wide', not %r" % (mode,))


def federation_candidates() -> str:
    """The move generator's federation candidates: "narrow" or "wide" (set_federation_candidates)."""
    return "wide" if fed_wide else "narrow"


cdef int fed_candidates(GState* s, GameContext* c, int p, int* hexes_out, int* offsets_out,
                        int max_candidates) except -1 nogil:
    """The federations the generator lists for p: fed_candidates_listed, then the offered one if any
    (fed_offered_index); MV_FEDERATION's candidate index counts in this list."""
    cdef int n = fed_candidates_listed(s, c, p, hexes_out, offsets_out, max_candidates)
    return n + (fed_offered_index(s, c, p, hexes_out, offsets_out, n) == n)


cdef int fed_offered_index(GState* s, GameContext* c, int p, int* hexes_out, int* offsets_out,
                           int n) noexcept nogil:
    """The index of the federation offered to p at this position (offer_federation) among the n
    candidates in hexes_out/offsets_out, appended as candidate n when it is none of them (hexes_out
    holds MAX_FED_HEXES ints, offsets_out n + 2 at least); -1 when none is offered here."""
    cdef int i, j, same, start
    if s.fedx_key == 0 or s.fedx_player != p or p < 0 or p >= s.num_players:
        return -1
    if fed_cache_key(s, c, p, fed_budget(&s.pl[p])) != s.fedx_key:
        return -1
    for i in range(n):
        if offsets_out[i + 1] - offsets_out[i] == s.fedx_n:
            same = 1
            for j in range(s.fedx_n):
                if hexes_out[offsets_out[i] + j] != s.fedx_hex[j]:
                    same = 0
                    break
            if same:
                return i
    start = offsets_out[n]
    if start + s.fedx_n > MAX_FED_HEXES:
        return -1
    for j in range(s.fedx_n):
        hexes_out[start + j] = s.fedx_hex[j]
    offsets_out[n + 1] = start + s.fedx_n
    return n


cdef int fed_candidates_listed(GState* s, GameContext* c, int p, int* hexes_out, int* offsets_out,
                               int max_candidates) except -1 nogil:
    """fed_candidates_compute, cached in the state and in the thread's memo: the exact checks of every
    candidate are costly, and the candidates change only when the board or the player's budget does."""
    cdef PlayerState* pl
    cdef FgMemoEntry* e = NULL
    cdef unsigned long long key, mkey
    cdef int i, n, total
    if max_candidates < FG_MAX_SHAPES or p < 0 or p >= s.num_players:
        return fed_candidates_compute(s, c, p, hexes_out, offsets_out, max_candidates)
    pl = &s.pl[p]
    key = fed_cache_key(s, c, p, fed_budget(pl))
    if fed_cache_hit(s.fedc_key[p], s.fedc_n[p], key):
        n = s.fedc_n[p]
        for i in range(n + 1):
            offsets_out[i] = s.fedc_off[p][i]
        for i in range(offsets_out[n]):
            hexes_out[i] = s.fedc_hex[p][i]
        return n
    if fg_memo_on:
        # the context's serial in the key: another game's map is another board (budget bits kept)
        mkey = key ^ ((c.serial * 0x9E3779B97F4A7C15ULL) & ~<unsigned long long>15)
        if mkey == 0:
            mkey = 16
        e = &fg_memo[(mkey >> 4) & (FG_MEMO_SIZE - 1)]
        if fed_cache_hit(e.key, e.n, mkey):
            n = e.n
            for i in range(n + 1):
                offsets_out[i] = e.off[i]
                s.fedc_off[p][i] = e.off[i]
            for i in range(offsets_out[n]):
                hexes_out[i] = e.hex[i]
                s.fedc_hex[p][i] = e.hex[i]
            s.fedc_n[p] = n
            s.fedc_key[p] = key
            return n
    n = fed_candidates_compute(s, c, p, hexes_out, offsets_out, max_candidates)
    total = offsets_out[n]
    if n <= 3 and total <= 3 * 64:
        for i in range(n + 1):
            s.fedc_off[p][i] = offsets_out[i]
        for i in range(total):
            s.fedc_hex[p][i] = <short> hexes_out[i]
        s.fedc_n[p] = n
        s.fedc_key[p] = key
        if e != NULL:
            e.key = mkey
            e.n = n
            for i in range(n + 1):
                e.off[i] = offsets_out[i]
            for i in range(total):
                e.hex[i] = <short> hexes_out[i]
    return n


cdef inline int fed_budget(PlayerState* pl) noexcept nogil:
    """Satellites the candidates may use: what the player can pay (Ivits: qic), at most
    MAX_FED_SATELLITES (so more tokens than that change neither the candidates nor their cache key)."""
    return imin(pl.qic if pl.faction == F_IVITS else fg_tokens(pl), MAX_FED_SATELLITES)


ctypedef struct FgLinks:
    int complete              # comp holds every link and eligible is set (fg_fed_links did not stop early)
    int eligible[MAXHEX]      # a satellite may go here (fg_fed_eligible)
    int comp[MAXHEX + 1]      # union-find over the building groups: linked within the budget


cdef inline int fg_fed_blocks(GState* s, int p, int* group_of, int* gtouch, int ivits_extend, int h) noexcept nogil:
    """No satellite of a new federation of p may go next to h: h is in p's federations (unless p is the
    Ivits extending theirs) or in a building group touching one."""
    return ((s.fed_mask[h] >> p) & 1 and not ivits_extend) or (group_of[h] >= 0 and gtouch[group_of[h]])


cdef void fg_fed_eligible(GState* s, GameContext* c, int p, int* group_of, int* gtouch, int ivits_extend,
                          int* eligible) noexcept nogil:
    """eligible[h]: a satellite of a new federation of p may go on h: empty space not p's, not in p's
    federations, next to no hex fg_fed_blocks (other players' space stations allowed). The neighbours of
    the blocking hexes are marked (adjacency is symmetric), not each hex's neighbours scanned."""
    cdef int h, i
    for h in range(c.nhex):
        eligible[h] = s.planet[h] == PL_EMPTY and s.owner[h] != p and not (s.fed_mask[h] >> p) & 1
    for h in range(c.nhex):
        if fg_fed_blocks(s, p, group_of, gtouch, ivits_extend, h):
            for i in range(c.nadj[h]):
                eligible[c.adj[h][i]] = 0


cdef int fg_fed_links(GState* s, GameContext* c, int p, int* group_of, int* gpower, int* gtouch, int ngroups,
                      int* gstart, int* members, int threshold, int budget, int ivits_extend, int stop,
                      FgLinks* out) noexcept nogil:
    """The usable building groups of p joined when some path through at most `budget` hexes a satellite
    may use (fg_fed_eligible) links them (out.comp, a union-find). Returns whether a component's power
    reaches the threshold (else p has no federation within the budget: its groups and satellites would
    lie in one component); stop: return as soon as one does (out.complete 0: comp may lack links).
    gstart/members: the members of each group (NULL: found from group_of).

    One breadth-first search from all the usable groups at once (each hex keeps the group it was reached
    from first); a hex taken from the queue joins its group with that of every reached neighbour of
    another group when their distances sum to at most the budget. Same components as a search from each
    group: along a path of k <= budget satellites from group a to group b, each hex's distance is at most
    its distance along the path, so every pair of consecutive hexes reached from different groups sums
    to at most k and joins them (the chain runs from a to b); each such pair is itself a path of
    dist(u) + dist(v) satellites. Every pair is seen: the later of the two taken from the queue finds the
    other reached."""
    cdef int nh = c.nhex
    cdef int dist[MAXHEX]          # satellites from the nearest group (-1: not reached)
    cdef int src[MAXHEX]
    cdef int queue[MAXHEX]
    cdef int cpow[MAXHEX + 1]      # power of a component (at its root)
    cdef int* comp = out.comp
    cdef int h, k, i, g, head = 0, tail = 0, a, b, found = 0
    out.complete = 0
    for g in range(ngroups + 1):
        comp[g] = g
    for g in range(ngroups):
        cpow[g] = 0 if gtouch[g] else gpower[g]
        if cpow[g] >= threshold:
            found = 1
    if found and stop:
        return 1
    memset(dist, -1, nh * sizeof(int))
    fg_fed_eligible(s, c, p, group_of, gtouch, ivits_extend, out.eligible)
    if members == NULL:
        for h in range(nh):
            g = group_of[h]
            if g >= 0 and not gtouch[g]:
                dist[h] = 0
                src[h] = g
                queue[tail] = h
                tail += 1
    else:
        for g in range(ngroups):
            if gtouch[g]:
                continue
            for i in range(gstart[g], gstart[g + 1]):
                h = members[i]
                dist[h] = 0
                src[h] = g
                queue[tail] = h
                tail += 1
    while head < tail:
        h = queue[head]
        head += 1
        for i in range(c.nadj[h]):
            k = c.adj[h][i]
            if dist[k] >= 0:
                if src[k] != src[h] and dist[h] + dist[k] <= budget:
                    a = fg_find(comp, src[h])
                    b = fg_find(comp, src[k])
                    if a != b:
                        comp[a] = b
                        cpow[b] += cpow[a]
                        if cpow[b] >= threshold:
                            found = 1
                            if stop:
                                return 1
            elif out.eligible[k] and dist[h] < budget:
                dist[k] = dist[h] + 1
                src[k] = src[h]
                queue[tail] = k
                tail += 1
    out.complete = 1
    return found


cdef int fed_candidates_compute(GState* s, GameContext* c, int p, int* hexes_out, int* offsets_out,
                                int max_candidates) except -1 nogil:
    """Federation candidates of p (movegen's _fed_shapes greedy made valid by fed_improve, checked
    against form_federation):
    candidate i is hexes_out[offsets_out[i]:offsets_out[i + 1]], ascending hex indices; returns their
    number (at most FG_MAX_SHAPES and max_candidates; hexes_out holds MAX_FED_HEXES ints). A pure
    function of the state, fewest satellites first.

    Greedy: from a seed group of connected unfederated buildings (strongest first, up to 6 seeds; for
    Ivits extending their federation, the federation), repeatedly add the satellite path through empty
    space that brings the most power per satellite until the power value reaches the threshold, within
    the satellites the player can pay. Same choices as _fed_shapes (same BFS order and tie-breaks),
    with member lists and reset-by-list instead of whole-map scans."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int n = c.nhex
    cdef int ivits_extend = pl.faction == F_IVITS and pl.fed_count > 0
    cdef int threshold = federation_threshold(pl)
    cdef int budget, ub, h, j, k, g, gg, i, x, ngroups = 0, total_power = 0, pw, sats, head, tail
    cdef int best, best_gain, best_d, gain, seeds_tried, nseeds, nshapes = 0, ns, same, out_n, nins
    cdef int group_of[MAXHEX]
    cdef int gpower[MAXHEX]
    cdef int gtouch[MAXHEX]
    cdef int gstart[MAXHEX + 1]    # members of group g: members[gstart[g]:gstart[g + 1]], ascending
    cdef int members[MAXHEX]
    cdef int eligible[MAXHEX]
    cdef int inset[MAXHEX]
    cdef int ins[MAXHEX]           # the hexes of the set, ascending
    cdef int used[MAXHEX]
    cdef int bdist[MAXHEX]
    cdef int prev[MAXHEX]
    cdef int queue[MAXHEX]
    cdef int seeds[MAXHEX]
    cdef int nag[MAXHEX]           # distinct groups next to an eligible hex (-1: not computed yet)
    cdef int ag[MAXHEX][6]
    cdef int shape_hex[FG_MAX_SHAPES][MAXHEX]
    cdef int shape_n[FG_MAX_SHAPES]
    cdef int shape_sats[FG_MAX_SHAPES]
    cdef int order[FG_MAX_SHAPES]
    cdef int cand_hex[FG_MAX_SHAPES][FED_MAX_HEXES]
    cdef int cand_n[FG_MAX_SHAPES]
    cdef int cand_sats[FG_MAX_SHAPES]
    cdef int ncand, m
    cdef FedMemo memo              # the federation checks of this computation (fed_memo_check)
    cdef FgLinks links             # the groups linked within the budget (not for the Ivits extending)
    memo.n = 0
    memo.bounds.n = 0
    memo.bounds.nrows = 0
    offsets_out[0] = 0
    if max_candidates <= 0 or p < 0 or p >= s.num_players:
        return 0
    # cheap exit: all the power the player's buildings could bring is below the threshold
    ub = 0
    for h in range(n):
        if fg_own_building(s, p, h) and (ivits_extend or not (s.fed_mask[h] >> p) & 1):
            ub += building_power(s, c, p, h, 1)
    if ub < threshold:
        return 0
    budget = fed_budget(pl)
    # groups of unfederated buildings; for Ivits extending their federation, the federation is group 0
    for h in range(n):
        group_of[h] = -1
    if ivits_extend:
        gpower[0] = 0
        gtouch[0] = 0
        for h in range(n):
            if (s.fed_mask[h] >> p) & 1:
                group_of[h] = 0
                if fg_own_building(s, p, h):
                    gpower[0] += building_power(s, c, p, h, 1)
        ngroups = 1
    for h in range(n):
        if group_of[h] >= 0 or not fg_own_building(s, p, h) or (s.fed_mask[h] >> p) & 1:
            continue
        g = ngroups
        ngroups += 1
        gpower[g] = 0
        gtouch[g] = 0
        group_of[h] = g
        tail = 1
        queue[0] = h      # used as a stack
        while tail > 0:
            tail -= 1
            j = queue[tail]
            gpower[g] += building_power(s, c, p, j, 1)
            for i in range(c.nadj[j]):
                k = c.adj[j][i]
                if (s.fed_mask[k] >> p) & 1:
                    gtouch[g] = 1    # touches one of p's federations: cannot be part of a new one
                elif group_of[k] < 0 and fg_own_building(s, p, k):
                    group_of[k] = g
                    queue[tail] = k
                    tail += 1
    for g in range(ngroups):
        if not gtouch[g]:
            total_power += gpower[g]
    if total_power < threshold:
        return 0
    # member lists (counting sort keeps each list ascending)
    for g in range(ngroups + 1):
        gstart[g] = 0
    for h in range(n):
        if group_of[h] >= 0:
            gstart[group_of[h] + 1] += 1
    for g in range(ngroups):
        gstart[g + 1] += gstart[g]
    for g in range(ngroups):
        used[g] = gstart[g]       # fill cursor
    for h in range(n):
        g = group_of[h]
        if g >= 0:
            members[used[g]] = h
            used[g] += 1
    # no component of groups linked within the budget reaches the threshold: no federation (the greedy's
    # shapes and the exact search's both lie within one component, and fed_improve adds no satellite)
    if not ivits_extend and not fg_fed_links(s, c, p, group_of, gpower, gtouch, ngroups, gstart, members,
                                             threshold, budget, ivits_extend, 1, &links):
        return 0
    # hexes a satellite may use: empty space, not next to p's federations or to an unusable group
    for h in range(n):
        bdist[h] = -1
        inset[h] = 0
        nag[h] = -1
        eligible[h] = s.planet[h] == PL_EMPTY and s.owner[h] == -1 and s.guest[h] == -1 \
            and not (s.fed_mask[h] >> p) & 1
    for k in range(n):    # the neighbours of a blocking hex (adjacency is symmetric)
        if fg_fed_blocks(s, p, group_of, gtouch, ivits_extend, k):
            for i in range(c.nadj[k]):
                eligible[c.adj[k][i]] = 0
    # seeds: strongest group first (ties by group number)
    nseeds = 0
    if ivits_extend:
        seeds[0] = 0
        nseeds = 1
    else:
        for g in range(ngroups):
            if gtouch[g]:
                continue
            i = nseeds
            while i > 0 and gpower[seeds[i - 1]] < gpower[g]:
                seeds[i] = seeds[i - 1]
                i -= 1
            seeds[i] = g
            nseeds += 1
    seeds_tried = 0
    nins = 0
    for x in range(nseeds):
        if seeds_tried >= FG_MAX_SEEDS or nshapes >= FG_MAX_SHAPES:
            break
        seeds_tried += 1
        g = seeds[x]
        for i in range(nins):
            inset[ins[i]] = 0
        nins = 0
        for i in range(gstart[g], gstart[g + 1]):
            inset[members[i]] = 1
            ins[nins] = members[i]
            nins += 1
        for gg in range(ngroups):
            used[gg] = gg == g
        pw = gpower[g]
        sats = 0
        while pw < threshold and sats <= budget:
            # BFS from the set (ascending hexes) through eligible hexes; the hex with the best power per
            # satellite wins, the first one in BFS order on ties
            head = 0
            tail = 0
            for i in range(nins):
                bdist[ins[i]] = 0
                queue[tail] = ins[i]
                tail += 1
            best = -1
            best_gain = 0
            best_d = 1
            while head < tail:
                h = queue[head]
                head += 1
                if bdist[h] > 0:
                    if nag[h] < 0:
                        nag[h] = 0
                        for i in range(c.nadj[h]):
                            gg = group_of[c.adj[h][i]]
                            if gg >= 0 and not in_list(ag[h], nag[h], gg):
                                ag[h][nag[h]] = gg
                                nag[h] += 1
                    gain = 0
                    for i in range(nag[h]):
                        if not used[ag[h][i]]:
                            gain += gpower[ag[h][i]]
                    if gain > 0 and gain * best_d > best_gain * bdist[h]:
                        best = h
                        best_gain = gain
                        best_d = bdist[h]
                if bdist[h] >= budget - sats:
                    continue
                for i in range(c.nadj[h]):
                    k = c.adj[h][i]
                    if bdist[k] < 0 and eligible[k]:
                        bdist[k] = bdist[h] + 1
                        prev[k] = h
                        queue[tail] = k
                        tail += 1
            for i in range(tail):
                bdist[queue[i]] = -1
            if best < 0:
                break
            h = best
            while not inset[h]:
                inset[h] = 1
                nins = fg_sorted_add(ins, nins, h)
                sats += 1
                # the satellite brings every group next to it
                for i in range(c.nadj[h]):
                    gg = group_of[c.adj[h][i]]
                    if gg >= 0 and not used[gg]:
                        used[gg] = 1
                        pw += gpower[gg]
                        for j in range(gstart[gg], gstart[gg + 1]):
                            if not inset[members[j]]:
                                inset[members[j]] = 1
                                nins = fg_sorted_add(ins, nins, members[j])
                h = prev[h]
        if pw < threshold or sats > budget:
            continue
        same = 0
        for i in range(nshapes):
            if shape_sats[i] == sats and shape_n[i] == nins:
                same = 1
                for j in range(nins):
                    if shape_hex[i][j] != ins[j]:
                        same = 0
                        break
                if same:
                    break
        if not same:
            for j in range(nins):
                shape_hex[nshapes][j] = ins[j]
            shape_n[nshapes] = nins
            shape_sats[nshapes] = sats
            nshapes += 1
    # each greedy shape becomes a valid federation (fed_improve: the adjacent building groups added,
    # then a cheaper federation while the least-satellites or superfluous-building test fails)
    ncand = 0
    for i in range(nshapes):
        m = fed_improve(s, c, p, shape_hex[i], shape_n[i], cand_hex[ncand], &memo)
        if m <= 0:
            continue
        sats = fed_new_satellites(s, p, cand_hex[ncand], m)
        same = 0
        for x in range(ncand):
            if cand_sats[x] == sats and cand_n[x] == m:
                same = 1
                for j in range(m):
                    if cand_hex[x][j] != cand_hex[ncand][j]:
                        same = 0
                        break
                if same:
                    break
        if same:
            continue
        cand_n[ncand] = m
        cand_sats[ncand] = sats
        ncand += 1
    # fewest satellites first, then the hex lists as Python compares them
    for i in range(ncand):
        j = i
        while j > 0 and fg_shape_less(cand_sats[i], cand_hex[i], cand_n[i], cand_sats[order[j - 1]],
                                      cand_hex[order[j - 1]], cand_n[order[j - 1]]):
            order[j] = order[j - 1]
            j -= 1
        order[j] = i
    out_n = 0
    for x in range(ncand):
        if out_n >= max_candidates:
            break
        i = order[x]
        if not fg_improved_valid(s, c, p, cand_hex[i], cand_n[i]):
            continue
        if fed_rule_site and not fed_site_playable(s, c, p, cand_hex[i], cand_n[i]):
            continue
        for j in range(cand_n[i]):
            hexes_out[offsets_out[out_n] + j] = cand_hex[i][j]
        offsets_out[out_n + 1] = offsets_out[out_n] + cand_n[i]
        out_n += 1
    if out_n == 0:
        # the greedy missed: the exact search finds a federation whenever one is possible
        m = fg_fed_exact(s, c, p, group_of, gpower, gtouch, ngroups, threshold, budget, ivits_extend,
                         cand_hex[0], &memo, &links if not ivits_extend and links.complete else NULL)
        if m > 0:
            for j in range(m):
                hexes_out[j] = cand_hex[0][j]
            offsets_out[1] = m
            out_n = 1
    if fed_wide:
        out_n = fed_alternatives(s, c, p, hexes_out, offsets_out, out_n, imin(max_candidates, FG_MAX_WIDE))
    return out_n


cdef int fed_alternatives(GState* s, GameContext* c, int p, int* hexes_out, int* offsets_out, int n,
                          int cap) noexcept nogil:
    """The wide candidates' additions: after the n candidates in hexes_out/offsets_out, federations that
    move one satellite of one of them to an empty hex next to the rest (the same buildings and as many
    satellites, another tree), valid and payable (fg_fed_valid) and, under the site rule,
    site-playable, until cap are listed. Candidate by candidate, satellite by satellite, the new hex in
    the order of the neighbour lists: a pure function of the state. Returns the new count."""
    cdef int i, j, x, x2, y, k, h, t, m, start, size, dup, ntried
    cdef int alt[FED_MAX_HEXES]
    cdef int tried[MAXHEX]
    i = 0
    while i < n:                # the added ones too: a tree two moves away is found from the first
        start = offsets_out[i]
        size = offsets_out[i + 1] - start
        for j in range(size):
            if fed_occupied(s, p, hexes_out[start + j]):
                continue            # a building: only satellites move
            ntried = 0
            for x in range(size):
                if x == j:
                    continue
                h = hexes_out[start + x]
                for y in range(c.nadj[h]):
                    t = c.adj[h][y]
                    if n >= cap:
                        return n
                    if in_list(hexes_out + start, size, t) or in_list(tried, ntried, t) \
                            or s.planet[t] != PL_EMPTY or s.owner[t] != -1 or s.guest[t] != -1:
                        continue
                    tried[ntried] = t
                    ntried += 1
                    m = 0
                    for k in range(size):
                        if k != j:
                            alt[m] = hexes_out[start + k]
                            m += 1
                    alt[m] = t
                    m = fed_sort(alt, m + 1)
                    if not fg_fed_valid(s, c, p, alt, m):
                        continue
                    if fed_rule_site and not fed_site_playable(s, c, p, alt, m):
                        continue
                    dup = 0
                    for k in range(n):
                        if offsets_out[k + 1] - offsets_out[k] == m:
                            dup = 1
                            for x2 in range(m):
                                if hexes_out[offsets_out[k] + x2] != alt[x2]:
                                    dup = 0
                                    break
                            if dup:
                                break
                    if dup or offsets_out[n] + m > MAX_FED_HEXES:
                        continue
                    for k in range(m):
                        hexes_out[offsets_out[n] + k] = alt[k]
                    offsets_out[n + 1] = offsets_out[n] + m
                    n += 1
        i += 1
    return n


cdef inline int fg_find(int* parent, int x) noexcept nogil:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


cdef int fg_fed_exact(GState* s, GameContext* c, int p, int* group_of, int* gpower, int* gtouch,
                      int ngroups, int threshold, int budget, int ivits_extend, int* out,
                      FedMemo* memo=NULL, FgLinks* links=NULL) noexcept nogil:
    """The federation of p with the fewest satellites (within budget), or 0 when none is possible.

    Such a federation is valid by construction: no set of p's building groups reaching the threshold
    links with fewer satellites, so neither minimum test of federation_check can fail. Dreyfus-Wagner
    (fed_steiner) over the usable building groups as terminals, satellites on any empty space hex the
    rules allow (other players' space stations included, which the greedy avoids); groups that reach no other group within the budget and are below the threshold alone are
    left out first (they are in no federation). Exact for up to FG_EXACT_TERMINALS groups left; beyond,
    the strongest ones are kept (no federation is missed on the corpus)."""
    cdef int nh = c.nhex
    cdef int term[MAXHEX]          # terminal index of each usable group, -1 when left out
    cdef int tpow[FED_MAX_TERMINALS]
    cdef int tgroup[MAXHEX]        # per hex: its terminal, or -1
    cdef int allowed[MAXHEX]
    cdef int weight[MAXHEX]
    cdef int tree[MAXHEX]
    cdef int keep[MAXHEX]
    cdef FgLinks own                # the links, when the caller did not compute them
    cdef int* eligible             # a satellite may go here
    cdef int* comp                 # union-find over the groups
    cdef int cpow[MAXHEX]          # power of a component (at its root)
    cdef int g, h, i, nt = 0, full, S, v, pw, best, bestS, bestv, ntree, m, must = -1
    cdef unsigned char* dp
    cdef int* bp
    for g in range(ngroups):
        keep[g] = 0
        term[g] = -1
    # groups linked to another usable group within the budget are joined (union-find in comp); a
    # federation lies within one such component, so only the groups of a component whose power reaches
    # the threshold are kept
    if links == NULL:
        fg_fed_links(s, c, p, group_of, gpower, gtouch, ngroups, NULL, NULL, threshold, budget, ivits_extend, 0,
                     &own)
        links = &own
    comp = links.comp
    eligible = links.eligible
    for g in range(ngroups):
        cpow[g] = 0
    for g in range(ngroups):
        if not gtouch[g]:
            cpow[fg_find(comp, g)] += gpower[g]
    for g in range(ngroups):
        keep[g] = not gtouch[g] and cpow[fg_find(comp, g)] >= threshold
        if ivits_extend and fg_find(comp, g) != fg_find(comp, 0):
            keep[g] = 0
    if ivits_extend and not keep[0]:
        return 0
    # the terminals: the kept groups, strongest first, at most FG_EXACT_TERMINALS (Dreyfus-Wagner costs
    # 3^k: 8 keeps the rare cold call near 0.2 ms)
    for i in range(FG_EXACT_TERMINALS):
        best = -1
        for g in range(ngroups):
            if keep[g] and term[g] < 0 and (best < 0 or gpower[g] > gpower[best]
                                            or (ivits_extend and g == 0)):
                best = g
                if ivits_extend and g == 0:
                    break
        if best < 0:
            break
        term[best] = nt
        tpow[nt] = gpower[best]
        if ivits_extend and best == 0:
            must = nt
        nt += 1
    if nt == 0:
        return 0
    for h in range(nh):
        g = group_of[h]
        tgroup[h] = term[g] if g >= 0 else -1
        allowed[h] = tgroup[h] >= 0 or eligible[h]
        weight[h] = 0 if tgroup[h] >= 0 else 1
    full = (1 << nt) - 1
    dp = <unsigned char*>malloc((full + 1) * nh * sizeof(unsigned char))
    bp = <int*>malloc((full + 1) * nh * sizeof(int))
    if dp == NULL or bp == NULL:
        free(dp)
        free(bp)
        return 0
    best = FED_INF
    bestS = 0
    bestv = -1
    # 1: no target set links below the cap (fed_small_sets proved it before the table was built)
    if fed_steiner(c, tgroup, nt, allowed, weight, imin(budget + 1, FED_INF - 2), tpow, threshold, must,
                   dp, bp):
        full = 0
    for S in range(1, full + 1):
        if must >= 0 and not (S >> must) & 1:
            continue
        pw = 0
        for i in range(nt):
            if (S >> i) & 1:
                pw += tpow[i]
        if pw < threshold:
            continue
        for v in range(nh):
            if dp[S * nh + v] < best:
                best = dp[S * nh + v]
                bestS = S
                bestv = v
    m = 0
    if bestS and best <= budget:
        ntree = fed_tree(c, tgroup, bestS, bestv, bp, tree)
        m = fed_improve(s, c, p, tree, ntree, out, memo)
        if m > 0 and not fg_improved_valid(s, c, p, out, m):
            m = 0
        if m > 0 and fed_rule_site and not fed_site_playable(s, c, p, out, m):
            m = 0
    free(dp)
    free(bp)
    return m


# ---- Python entry points -------------------------------------------------------------------------------

def legal_moves_int(Core core) -> list:
    """The legal moves of the decision as Move integers (C generator; see format_move / Core.apply_move)."""
    cdef Move buf[FG_MOVE_CAP]
    cdef int n = gen_moves(&core.st, core.ctx, buf, FG_MOVE_CAP)
    return [buf[i] for i in range(n)]


def offer_federation(Core core, int p, hexes, Core at=None) -> list:
    """Make the generator list one more federation of player p: the one a `federation` command listing
    `hexes` (indices) forms, at the position of `at` (default: core's own), i.e. while p's board and
    satellite budget stay as they are there. A review sets it on a copy of the decision's position so
    that a played federation the generator does not list is searched like any candidate. It is listed
    after p's candidates (unless it is one of them), and its moves are listed with every token in the
    supply, past the cap on federation moves; it replaces any federation offered before. Returns its hex indices, ascending (as
    federation_labels lists it). ValueError, with the rules' reason, when it is no valid federation of
    p at that position, or one with more satellites than p can pay there (a played line may have bought
    the tokens with free actions first, which the search moves do not)."""
    cdef Core where = core if at is None else at
    cdef int buf[FED_MAX_HEXES]
    cdef int out[FED_MAX_HEXES]
    cdef int n = 0, m, code, i, sats
    if not 0 <= p < where.st.num_players:
        raise ValueError(f"player {p} is not in this game ({where.st.num_players} players)")
    if where.context is not core.context and where.hex_index != core.hex_index:
        raise ValueError("`at` is a position on another map")
    for h in hexes:
        if n >= FED_MAX_HEXES or not 0 <= h < where.ctx.nhex:
            raise ValueError(f"not a federation's hexes: {list(hexes)}")
        buf[n] = h
        n += 1
    m = fed_expand(&where.st, where.ctx, p, buf, n, out)
    if m <= 0 or m > 64:
        raise ValueError(federation_message(FED_TOO_BIG) if m != 0 else "no hexes")
    fed_sort(out, m)
    code = federation_problem(&where.st, where.ctx, p, out, m)
    if code != FED_OK:
        raise ValueError(federation_message(code))
    sats = fed_new_satellites(&where.st, p, out, m)
    if sats > fed_budget(&where.st.pl[p]):
        raise ValueError(f"{sats} satellites, more than the player can pay there "
                         f"({fed_budget(&where.st.pl[p])})")
    core.st.fedx_key = fed_cache_key(&where.st, where.ctx, p, fed_budget(&where.st.pl[p]))
    core.st.fedx_player = p
    core.st.fedx_n = m
    for i in range(m):
        core.st.fedx_hex[i] = <short> out[i]
    return [out[i] for i in range(m)]


def clear_federation_memo():
    """Empty the calling thread's federation memo (benchmarks: each search starts without it)."""
    memset(fg_memo, 0, sizeof(fg_memo))


def federation_labels(Core core, bint cached=True, player=None) -> list:
    """The federation candidates of the player to move (or of `player`), each its labels sorted and
    comma-joined: the `federations` argument of format_move (MV_FEDERATION's hex field indexes this
    list), the federation offered at this position last (offer_federation). cached=False computes them
    afresh, ignoring (and leaving) the state's cache: what the cache must always equal."""
    cdef int buf[MAX_FED_HEXES]
    cdef int offsets[MAX_FED_CANDIDATES_C + 1]
    cdef GState* s = &core.st
    cdef int p = s.current if player is None else int(player)
    cdef int i, j, n
    if s.phase == PH_END or p < 0 or p >= s.num_players:
        return []
    if cached:
        n = fed_candidates(s, core.ctx, p, buf, offsets, MAX_FED_CANDIDATES_C)
    else:
        n = fed_candidates_compute(s, core.ctx, p, buf, offsets, MAX_FED_CANDIDATES_C)
        n += fed_offered_index(s, core.ctx, p, buf, offsets, n) == n
    labels = [None] * core.ctx.nhex
    for label, index in core.hex_index.items():
        if 0 <= index < core.ctx.nhex:
            labels[index] = label
    out = []
    for i in range(n):
        names = [labels[buf[j]] for j in range(offsets[i], offsets[i + 1])]
        names.sort()
        out.append(",".join(names))
    return out


def movegen_benchmark(Core core, int repeats, bint cold=True) -> float:
    """Seconds per gen_moves call on this state (a C loop of `repeats` calls). cold: the federation
    candidate cache is emptied before each call and the thread's memo is not used, so a repeated
    position is not cheaper than a new one; warm: both are kept, as the reference engine keeps its own
    per-player federation cache."""
    cdef Move buf[FG_MOVE_CAP]
    cdef timespec t0, t1
    cdef int i
    cdef long long total = 0
    global fg_memo_on
    if repeats <= 0:
        raise ValueError("repeats must be positive")
    fg_memo_on = not cold
    try:
        clock_gettime(CLOCK_MONOTONIC, &t0)
        for i in range(repeats):
            if cold:
                memset(core.st.fedc_key, 0, sizeof(core.st.fedc_key))
            total += gen_moves(&core.st, core.ctx, buf, FG_MOVE_CAP)
        clock_gettime(CLOCK_MONOTONIC, &t1)
    finally:
        fg_memo_on = 1
    if total < 0:
        return -1.0
    return ((t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9) / repeats

