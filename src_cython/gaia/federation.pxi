# Federation validity: which hex sets form a legal new federation of a player.
#
# The rules (official Federation FAQ, and how the corpus engine checks a `federation` command):
# - The set is the listed hexes plus every building group next to them: a building of the player next
#   to a hex of the federation is part of it, and so is a hex of one of the player's federations
#   (fed_expand; form_federation applies it to the command's hexes, federation_problem wants the set
#   already closed: FED_OPEN).
# - Planets must be colonized by the player (gaia-formers do not count); empty-space hexes may hold
#   anything (a space station, other players' satellites). For every faction but the Ivits no hex may be
#   in, or next to, one of the player's federations; the Ivits' later federations must extend their
#   first one (the federation's buildings count again, the threshold is 7 per federation).
# - The hexes are connected and the power value reaches the threshold (7, Xenos with PI 6).
# - Least satellites: the building groups of the set cannot be linked with fewer satellites, the player's
#   other buildings being free to pass through (FED_MORE_SATS).
# - No superfluous building: no valid federation uses only planets of the set and fewer satellites, i.e.
#   no subset of the groups reaching the threshold can be linked with fewer satellites without touching
#   buildings outside the set (FED_SUPERFLUOUS).
# Both minimum tests are node-weighted Steiner trees (Dreyfus-Wagner over the building groups as
# terminals; a satellite hex costs 1, the player's buildings and federation hexes 0).

cdef enum:
    FED_OK = 0
    FED_EMPTY = 1
    FED_TOO_BIG = 2
    FED_DUPLICATE = 3
    FED_BAD_HEX = 4
    FED_IN_FED = 5
    FED_NEAR_FED = 6
    FED_OPEN = 7
    FED_DISCONNECTED = 8
    FED_LOW_POWER = 9
    FED_IVITS_EXTEND = 10
    FED_MORE_SATS = 11
    FED_SUPERFLUOUS = 12
    FED_NCODES = 13
    FED_MAX_HEXES = 64         # hexes of one federation (as FG_MAX_SHAPE_HEXES)
    FED_MAX_TERMINALS = 10     # building groups the minimum tests handle (more: not checked)
    FED_INF = 255
    FED_QUEUE = 7 * 192        # bucket-queue entries: every hex once, plus one per improvement
    FED_HEX_WORDS = (MAXHEX + 63) // 64   # 64-bit words of a set of hexes
    FED_ELLIPSE_WORK = 96      # fed_ellipse_live's (target, pair) terms per hex at most (else not tried)

cdef extern from *:
    """
    static inline int fed_ctz(unsigned long long x) { return __builtin_ctzll(x); }
    """
    int fed_ctz(unsigned long long x) noexcept nogil


FED_MESSAGES = (
    "the federation is valid",
    "a federation needs hexes",
    "the federation has too many hexes",
    "a hex is listed twice",
    "a federation hex is a planet the player has not colonized (satellites go on empty space)",
    "a hex is already in one of the player's federations",
    "a hex is next to one of the player's federations",
    "the federation omits a building of the player next to its hexes",
    "the federation's hexes are not connected",
    "the federation's power value is below the threshold",
    "ivits extend their first federation",
    "the federation can be built with fewer satellites",
    "the federation is valid with fewer planets and fewer satellites (superfluous building)",
)


def federation_message(int code) -> str:
    """The message of a FED_* code of federation_problem."""
    if 0 <= code < FED_NCODES:
        return FED_MESSAGES[code]
    return "unknown federation problem %d" % code


cdef inline int fed_own(GState* s, int p, int h) noexcept nogil:
    """h belongs to one of p's federations."""
    return (s.fed_mask[h] >> p) & 1


cdef inline int fed_member(GState* s, GameContext* c, int p, int h) noexcept nogil:
    """h joins a federation next to it: a building of p with a power value, or a federation hex of p."""
    return fed_own(s, p, h) or building_power(s, c, p, h, 1) > 0


cdef inline int fed_colonized(GState* s, int p, int h) noexcept nogil:
    """A planet colonized by p (mine..academy, lost planet, guest mine; not a gaia-former)."""
    if s.guest[h] == p:
        return 1
    return s.owner[h] == p and B_M <= s.building[h] <= B_AC2


cdef inline int fed_occupied(GState* s, int p, int h) noexcept nogil:
    """A hex p occupies for federations: any building but a gaia-former (space stations too)."""
    if s.guest[h] == p:
        return 1
    return s.owner[h] == p and s.building[h] != B_NONE and s.building[h] != B_GF


cdef int fed_expand(GState* s, GameContext* c, int p, int* hexes, int n, int* out) noexcept nogil:
    """The listed hexes (distinct, on the map) plus the building groups next to them, in out (at most
    FED_MAX_HEXES); returns their number or -1 when there are too many."""
    cdef int mark[MAXHEX]
    cdef int i, j, h, k, m = 0, head = 0
    for h in range(c.nhex):
        mark[h] = 0
    for i in range(n):
        h = hexes[i]
        if h < 0 or h >= c.nhex or mark[h]:
            continue
        if m >= FED_MAX_HEXES:
            return -1
        mark[h] = 1
        out[m] = h
        m += 1
    while head < m:
        h = out[head]
        head += 1
        for j in range(c.nadj[h]):
            k = c.adj[h][j]
            if not mark[k] and fed_member(s, c, p, k):
                if m >= FED_MAX_HEXES:
                    return -1
                mark[k] = 1
                out[m] = k
                m += 1
    return m


# How often each exact shortcut of this file fired in the calling thread (tests check that the positions
# they compare with the fast paths off exercise them): fed_small_sets proving every target row FED_INF,
# rows of bad sets skipped, hexes fed_ellipse_live dropped, federation checks fed_memo_check answered,
# superfluous-building tests that kept single-group rows of the least-satellites test, minimum tests
# answered by an earlier check's bounds, least-satellites tests taking an earlier check's rows.
cdef extern from *:
    """
    static __thread long long fed_shortcut_counts[7];
    """
    long long fed_shortcut_counts[7]


def federation_shortcut_counts(bint reset=False) -> dict:
    """The calling thread's counts of the federation shortcuts since the last reset (reset: zeroed after
    reading): no_target (fed_small_sets proved no target set links below the cap), bad_rows (rows of
    sets holding an unlinkable pair or triple not built), pair_test (hexes the pair test left out of a
    table), memo (federation checks answered by the computation's memo), rows_kept (superfluous-building
    tests that kept single-group rows of the least-satellites test), known (minimum tests answered by
    what an earlier check of the computation learned of the same building groups: FedBounds),
    rows_shared (least-satellites tests that took single-group rows an earlier check grew)."""
    out = {"no_target": fed_shortcut_counts[0], "bad_rows": fed_shortcut_counts[1],
           "pair_test": fed_shortcut_counts[2], "memo": fed_shortcut_counts[3],
           "rows_kept": fed_shortcut_counts[4], "known": fed_shortcut_counts[5],
           "rows_shared": fed_shortcut_counts[6]}
    if reset:
        memset(fed_shortcut_counts, 0, sizeof(fed_shortcut_counts))
    return out


cdef int fed_fast = 1   # 0: fed_steiner keeps every entry below cap and no test is skipped (tests compare)


def set_federation_fast_paths(bint on) -> None:
    """Turn the exact shortcuts of the federation tests on (the default) or off: the target-set pruning,
    link bound and pair/triple bound (fed_small_sets) of fed_steiner, the superfluous-building test
    skipped when no smaller set reaches the threshold, no second check of a set fed_improve returned,
    the superfluous-building test keeping the least-satellites test's single-group rows, the minimum
    tests a computation's earlier checks of the same building groups answer and the single-group rows
    of their least-satellites tests (FedBounds).
    Off computes what they replaced; the answers must be the same (tests compare both)."""
    global fed_fast
    fed_fast = on


cdef inline int fed_target_bound(int S, int pwS, int k, unsigned char* dist, signed char* order, int* tpow,
                                 int need, int must) noexcept nogil:
    """The least r such that S plus the groups at most r away (dist[i] of group order[i], ascending)
    is a target set (tpow over it >= need, holding must when must >= 0); 0 when S is one, FED_INF when
    no superset is."""
    cdef int i, g
    cdef int pw = pwS
    cdef int has = must < 0 or (S >> must) & 1
    if pw >= need and has:
        return 0
    for i in range(k):
        g = order[i]
        if (S >> g) & 1:
            continue
        if dist[i] >= FED_INF:
            return FED_INF
        pw += tpow[g]
        if g == must:
            has = 1
        if pw >= need and has:
            return dist[i]
    return FED_INF


cdef int fed_link_bound(GameContext* c, int* group, int k, unsigned char* dp) noexcept nogil:
    """A lower bound on the weight of any connected set touching all k groups, from the single-group
    rows of fed_steiner: with D(g, h) the least weight of a path from group g to group h (FED_INF: none
    below cap), disjoint moats of radius r(g) around the groups (r(g) + r(h) <= D(g, h)) are each
    crossed by the set, r(g) weight inside each: it weighs at least their sum, and at least every
    D(g, h). The radii are raised greedily, from each group in turn; the best sum is returned."""
    cdef int nh = c.nhex
    cdef int D[FED_MAX_TERMINALS][FED_MAX_TERMINALS]
    cdef int r[FED_MAX_TERMINALS]
    cdef int g, h, v, x, first, i, total, best = 0
    for g in range(k):
        for h in range(k):
            D[g][h] = FED_INF
    for v in range(nh):
        h = group[v]
        if h < 0:
            continue
        for g in range(k):
            x = dp[(1 << g) * nh + v]
            if x < D[g][h]:
                D[g][h] = x
    for g in range(k):
        for h in range(k):
            if g != h and D[g][h] > best:
                best = D[g][h]
    for first in range(k):
        for g in range(k):
            r[g] = 0
        total = 0
        for i in range(k):
            g = (first + i) % k
            x = FED_INF
            for h in range(k):
                if h != g and D[g][h] - r[h] < x:
                    x = D[g][h] - r[h]
            r[g] = x
            total += x
        if total > best:
            best = total
    return best


cdef int fed_small_sets(GameContext* c, int k, int* weight, int cap, unsigned char* dp, int* reach,
                        int* tpow, int need, int must, unsigned char* bad, int* pairw, int* mins,
                        int* nmins) noexcept nogil:
    """Marks bad[S] for the sets S of the k groups that no connected set below cap touches (dp[S] stays
    FED_INF everywhere), from the single-group rows of fed_steiner: the least weight linking two groups
    a, b is min over hexes v of d_a(v) + d_b(v) - weight[v], three groups a, b, c min over v of
    d_a(v) + d_b(v) + d_c(v) - 2 weight[v] (d_g(v) = dp[{g}][v]: a tree of two or three terminals is
    the union of shortest paths from one hex, exact below cap), and a set holding a pair or triple
    that cannot be linked below cap cannot be either. pairw[a * k + b]: the least weight linking groups
    a and b (FED_INF: cap or more); mins[0:nmins]: the minimal target sets (tpow sum >= need, holding
    must when must >= 0; none of their groups but must can go) that are not bad. Returns 1 when there is
    none (every target set is bad: no target row has an entry below cap), else 0."""
    cdef int nh = c.nhex
    cdef int best[1 << FED_MAX_TERMINALS]    # least weight of a pair / triple (FED_INF: cap or more)
    cdef int d[FED_MAX_TERMINALS]
    cdef int g[FED_MAX_TERMINALS]
    cdef int full = (1 << k) - 1
    cdef int v, r, i, j, l, S, x, pw, w
    for S in range(full + 1):
        best[S] = FED_INF
        bad[S] = 0
    for v in range(nh):
        if reach[v] & (reach[v] - 1) == 0:
            continue      # fewer than two groups reach v below cap
        r = 0
        for i in range(k):
            if (reach[v] >> i) & 1:
                g[r] = i
                d[r] = dp[(1 << i) * nh + v]
                r += 1
        w = weight[v]
        for i in range(r):
            for j in range(i + 1, r):
                x = d[i] + d[j] - w
                S = (1 << g[i]) | (1 << g[j])
                if x < best[S]:
                    best[S] = x
                if x >= cap:
                    continue      # every triple with i and j weighs at least x here (d_l >= w)
                for l in range(j + 1, r):
                    x = d[i] + d[j] + d[l] - 2 * w
                    if x < best[S | (1 << g[l])]:
                        best[S | (1 << g[l])] = x
    # ascending: every subset of S (one group fewer) is settled before S
    for S in range(1, full + 1):
        if S & (S - 1) == 0:
            continue
        i = S & (S - 1)
        if i & (i - 1) == 0 or (i & (i - 1)) & ((i & (i - 1)) - 1) == 0:
            if best[S] >= cap:    # two or three groups
                bad[S] = 1
                continue
        for i in range(k):
            if (S >> i) & 1 and bad[S ^ (1 << i)]:
                bad[S] = 1
                break
    for i in range(k):
        for j in range(k):
            pairw[i * k + j] = best[(1 << i) | (1 << j)] if i != j else 0
    nmins[0] = 0
    for S in range(1, full + 1):
        if bad[S] or (must >= 0 and not (S >> must) & 1):
            continue
        pw = 0
        for i in range(k):
            if (S >> i) & 1:
                pw += tpow[i]
        if pw < need:
            continue
        x = 1
        for i in range(k):
            if (S >> i) & 1 and i != must and pw - tpow[i] >= need:
                x = 0    # not minimal
                break
        if x:
            mins[nmins[0]] = S
            nmins[0] += 1
    return nmins[0] == 0


cdef int fed_ellipse_live(int nh, int k, int v, int cap, unsigned char* dp, int* pairw, int* mins,
                          int nmins) noexcept nogil:
    """Some tree below cap touching a minimal target set mins[i] may hold hex v. A tree holding v and
    touching groups a and b holds three paths from one hex u to v, a and b (disjoint but at u), weighing
    W >= P_a + P_b + P_v - 2 weight[u] (each path with u); the paths a-u-v, b-u-v and a-u-b weigh at
    least d_a(v), d_b(v) and pairw[a, b], and their sum is 2 (P_a + P_b + P_v) - 3 weight[u] <= 2 W + 1:
    W >= (d_a(v) + d_b(v) + pairw[a, b] - 1) / 2, rounded up (d_g(v) = dp[{g}][v], exact below cap)."""
    cdef int i, a, b, S, x, da
    for i in range(nmins):
        S = mins[i]
        x = 0
        for a in range(k):
            if not (S >> a) & 1:
                continue
            da = dp[(1 << a) * nh + v]
            for b in range(a + 1, k):
                if (S >> b) & 1 and (da + dp[(1 << b) * nh + v] + pairw[a * k + b]) // 2 >= cap:
                    x = 1
                    break
            if x:
                break
        if not x:
            return 1
    return 0


cdef int fed_steiner(GameContext* c, int* group, int k, int* allowed, int* weight, int cap, int* tpow,
                     int need, int must, unsigned char* dp, int* bp, int pre=0,
                     int* clean=NULL) noexcept nogil:
    """Dreyfus-Wagner on hex weights: dp[S * nhex + v] = the least weight of a connected set of allowed
    hexes holding v and touching every group of S (hexes of a group weigh 0), FED_INF when >= cap.
    bp: -1 a group hex, A > 0 the union of the trees of A and S - A at v, -2 - u reached from u (left
    unset where dp is FED_INF).

    Exact only where it is read: in the rows of the target sets, the sets T of groups whose tpow sum
    reaches need and that hold group must (must >= 0); tpow NULL: the set of all k groups only. Other
    entries may be left at FED_INF (fed_fast): a tree of a target T below cap built on the tree of S at
    v also links v to every group of T - S, which weighs at least the distance dp[{g}][v] - weight[v]
    of the farthest of them, so an entry whose weight plus fed_target_bound (the least such maximum
    over the target supersets of S) reaches cap is dropped, and so are the hexes no target tree below
    cap can hold. Every entry a kept target entry is built from (both parts of a union, the hex a step
    came from) passes the bound, and so does every entry tying with one, so the target rows and the bp
    a tree of them follows are those of the full table (fed_fast 0). The rows of the sets fed_small_sets
    marks (two or three of their groups no set below cap links) are not computed: FED_INF in the full
    table too. Returns 1 when no target row can hold an entry below cap (fed_link_bound or
    fed_small_sets proved it from the single-group rows: the other rows are left unbuilt), else 0.
    pre: the groups g whose rows dp[{g}] and bp[{g}] are already in place, kept rather than grown
    again: rows an earlier call grew for the same group and weights through hexes all allowed here
    too, to this cap or a larger one cut at this cap (the growth below this cap is the same, ties
    included, unless the queue overflowed). clean (not NULL): set to the groups whose rows were grown
    here without the queue overflowing."""
    cdef int nh = c.nhex
    cdef int full = (1 << k) - 1
    cdef int S, A, low, v, u, j, d, x, best, bestA, head, nq, g, i, t, pwS, nlive = 0, prune
    cdef int bucket[FED_INF]
    cdef int entry_hex[FED_QUEUE]
    cdef int entry_next[FED_QUEUE]
    cdef int level[MAXHEX]
    cdef int reach[MAXHEX]      # groups g whose dp[{g}][v] < cap: a tree touching g can hold v
    cdef int live[MAXHEX]       # the hexes some entry of a set of 2+ groups may use, ascending
    cdef int is_live[MAXHEX]
    cdef int all_hexes[MAXHEX]
    cdef int* dom
    cdef int ndom
    cdef unsigned char gdist[MAXHEX][FED_MAX_TERMINALS]   # per hex: dp[{g}][v] - weight[v] ascending
    cdef signed char gorder[MAXHEX][FED_MAX_TERMINALS]    # ... and their groups g
    cdef int bound[MAXHEX]      # fed_target_bound of S at v, valid while bound_of[v] == S
    cdef int bound_of[MAXHEX]
    cdef int unit[FED_MAX_TERMINALS]
    cdef unsigned char bad[1 << FED_MAX_TERMINALS]
    cdef unsigned long long lbits[FED_HEX_WORDS]
    cdef unsigned long long bits
    cdef int pairw[FED_MAX_TERMINALS * FED_MAX_TERMINALS]
    cdef int mins[1 << FED_MAX_TERMINALS]
    cdef int nmins = 0, ellipse = 0
    cdef int nlevel, sreach, overflow
    cdef int ghex[MAXHEX]       # the group hexes (ascending)
    cdef int ngh = 0
    # with cap < FED_INF - 1, a sum with an FED_INF part can never be kept below cap
    cdef int use_reach = cap < FED_INF - 1
    cdef unsigned char* row
    # bp is read only where dp < FED_INF: written there
    if clean != NULL:
        clean[0] = 0
    if pre == 0:
        memset(dp, FED_INF, (full + 1) * nh)
    else:
        for S in range(full + 1):
            if S & (S - 1) != 0 or not pre & S:
                memset(dp + S * nh, FED_INF, nh)
    if tpow == NULL:
        for g in range(k):
            unit[g] = 1
        tpow = unit
        need = k
        must = -1
    for v in range(nh):
        reach[v] = 0
        bound_of[v] = 0
        all_hexes[v] = v
        is_live[v] = allowed[v]
        if group[v] >= 0:
            dp[(1 << group[v]) * nh + v] = 0
            bp[(1 << group[v]) * nh + v] = -1
            ghex[ngh] = v
            ngh += 1
    # the single groups first, on every hex (their rows depend on no other and bound the rest), then
    # every other set in ascending order (each after all its subsets, as in a plain ascending pass)
    S = 0
    dom = all_hexes
    ndom = nh
    for t in range(full):
        if t < k:
            S = 1 << t
        else:
            if t == k:
                if fed_fast and need == k and must < 0 and tpow == unit \
                        and fed_link_bound(c, group, k, dp) >= cap:
                    return 1    # no set of all the groups below cap: every target row stays FED_INF
                if fed_fast and fed_small_sets(c, k, weight, cap, dp, reach, tpow, need, must, bad, pairw,
                                               mins, &nmins):
                    fed_shortcut_counts[0] += 1
                    return 1    # every target set holds two or three groups no set below cap links
                # the pair test below: at most this many (minimal target, pair) terms per hex
                ellipse = fed_fast and nmins * k * (k - 1) <= 2 * FED_ELLIPSE_WORK
                # the hexes some set of 2+ groups may use: reached by a single group below cap (else
                # every split there has a part at FED_INF) and, pruning, within the bound of the empty
                # set (an entry's weight is at least its farthest group's distance)
                for v in range(nh):
                    is_live[v] = 0
                    if not allowed[v] or reach[v] == 0:
                        continue
                    for g in range(k):
                        d = dp[(1 << g) * nh + v]
                        if d < FED_INF:
                            d -= weight[v]
                        i = g
                        while i > 0 and gdist[v][i - 1] > d:
                            gdist[v][i] = gdist[v][i - 1]
                            gorder[v][i] = gorder[v][i - 1]
                            i -= 1
                        gdist[v][i] = <unsigned char>d
                        gorder[v][i] = <signed char>g
                    if fed_fast and fed_target_bound(0, 0, k, gdist[v], gorder[v], tpow, need, must) >= cap:
                        continue
                    if ellipse and not fed_ellipse_live(nh, k, v, cap, dp, pairw, mins, nmins):
                        fed_shortcut_counts[2] += 1
                        continue
                    is_live[v] = 1
                    live[nlive] = v
                    nlive += 1
                dom = live
                ndom = nlive
                S = 0
            S += 1
            while S <= full and (S & (S - 1) == 0 or (fed_fast and bad[S])):
                if S & (S - 1) != 0:
                    fed_shortcut_counts[1] += 1
                S += 1    # single groups: done; bad sets: their rows stay FED_INF (fed_small_sets)
            if S > full:
                break
        low = S & -S
        if S == low and pre & S:
            # a row kept from the earlier call: only its reach bits (every entry below cap is settled)
            row = dp + S * nh
            for v in range(nh):
                if row[v] < cap:
                    reach[v] |= S
            continue
        prune = fed_fast and S != low
        pwS = 0
        for g in range(k):
            if (S >> g) & 1:
                pwS += tpow[g]
        row = dp + S * nh
        if S != low:
            for i in range(ndom):
                v = dom[i]
                # dp[A][v] >= dp[{g}][v] for every g in A: if some group of S cannot reach v, every
                # split of S at v has a part at FED_INF (skipping v changes no entry, nor a tie)
                if use_reach and (reach[v] & S) != S:
                    continue
                if prune:
                    # every split weighs at least the farthest single group of S (the first of S from
                    # the far end of the sorted distances): skip the splits when the bound says so
                    bound_of[v] = S
                    bound[v] = fed_target_bound(S, pwS, k, gdist[v], gorder[v], tpow, need, must)
                    j = k - 1
                    while not (S >> gorder[v][j]) & 1:
                        j -= 1
                    if <int>gdist[v][j] + weight[v] + bound[v] >= cap:
                        continue
                best = FED_INF
                bestA = 0
                A = (S - 1) & S
                while A > 0:
                    if A & low:
                        x = <int>dp[A * nh + v] + <int>dp[(S ^ A) * nh + v] - weight[v]
                        if x < best:
                            best = x
                            bestA = A
                    A = (A - 1) & S
                if best < cap and best < row[v] and not (prune and best + bound[v] >= cap):
                    row[v] = <unsigned char>best
                    bp[S * nh + v] = bestA
        # grow the trees of S one hex at a time, cheapest first (weights are 0 or 1). A bucket per weight
        # collects the hexes that reach it; each level is taken in hex order, then the hexes its
        # zero-weight steps reach, first found first (the order, hence the ties kept in bp, of a scan
        # of every hex per level, without the scan)
        nq = 0
        for d in range(cap):
            bucket[d] = -1
        if S == low:
            # a single group's row holds only its hexes (0) so far: seed them, not every hex (each
            # level is read back in hex order, so the seeding order does not matter)
            if cap > 0:
                for i in range(ngh):
                    v = ghex[i]
                    if group[v] == t:
                        entry_hex[nq] = v
                        entry_next[nq] = bucket[0]
                        bucket[0] = nq
                        nq += 1
        else:
            for i in range(ndom - 1, -1, -1):
                v = dom[i]
                if row[v] < cap:
                    entry_hex[nq] = v
                    entry_next[nq] = bucket[row[v]]
                    bucket[row[v]] = nq
                    nq += 1
        sreach = S if S == low else 0
        overflow = 0
        for d in range(cap):
            if bucket[d] < 0:
                nlevel = 0
            else:
                # the level in hex order: a bit per hex, read back lowest first
                for j in range(FED_HEX_WORDS):
                    lbits[j] = 0
                while bucket[d] >= 0:
                    v = entry_hex[bucket[d]]
                    bucket[d] = entry_next[bucket[d]]
                    if row[v] == d:       # else found cheaper since it was queued
                        lbits[v >> 6] |= (<unsigned long long>1) << (v & 63)
                nlevel = 0
                for j in range(FED_HEX_WORDS):
                    bits = lbits[j]
                    while bits:
                        level[nlevel] = (j << 6) + fed_ctz(bits)
                        nlevel += 1
                        bits &= bits - 1
            head = 0
            while head < nlevel:
                v = level[head]
                head += 1
                reach[v] |= sreach    # v is settled at d < cap (a single group: the groups reaching v)
                for j in range(c.nadj[v]):
                    u = c.adj[v][j]
                    if not is_live[u]:
                        continue
                    x = d + weight[u]
                    if x < cap and x < row[u]:
                        if prune:
                            if bound_of[u] != S:
                                bound_of[u] = S
                                bound[u] = fed_target_bound(S, pwS, k, gdist[u], gorder[u], tpow, need, must)
                            if x + bound[u] >= cap:
                                continue
                        row[u] = <unsigned char>x
                        bp[S * nh + u] = -2 - v
                        if x == d:
                            level[nlevel] = u
                            nlevel += 1
                        elif nq < FED_QUEUE:
                            entry_hex[nq] = u
                            entry_next[nq] = bucket[x]
                            bucket[x] = nq
                            nq += 1
                        else:
                            overflow = 1
        if S == low and clean != NULL and not overflow:
            clean[0] |= S
        if S == low and overflow:
            # a hex the full queue dropped was never settled: mark every hex of the row below cap
            for v in range(nh):
                if row[v] < cap:
                    reach[v] |= S
    return 0


cdef int fed_tree(GameContext* c, int* group, int S, int v, int* bp, int* out) noexcept nogil:
    """The hexes of the tree dp[S][v] of fed_steiner (whole groups for the terminals) in out; returns
    their number."""
    cdef int nh = c.nhex
    cdef int mark[MAXHEX]
    cdef int stS[MAXHEX * 2]
    cdef int stv[MAXHEX * 2]
    cdef int top = 1, m = 0, b, h, g, cur, curv
    for h in range(nh):
        mark[h] = 0
    stS[0] = S
    stv[0] = v
    while top > 0:
        top -= 1
        cur = stS[top]
        curv = stv[top]
        if not mark[curv]:
            mark[curv] = 1
            out[m] = curv
            m += 1
        b = bp[cur * nh + curv]
        if b == -1:
            g = group[curv]
            for h in range(nh):
                if group[h] == g and not mark[h]:
                    mark[h] = 1
                    out[m] = h
                    m += 1
        elif b > 0:
            if top + 2 > MAXHEX * 2:
                break
            stS[top] = b
            stv[top] = curv
            stS[top + 1] = cur ^ b
            stv[top + 1] = curv
            top += 2
        elif b <= -2:
            stS[top] = cur
            stv[top] = -2 - b
            top += 1
    return m


cdef int fed_proper_target(int* gpow, int n, int threshold, int must) noexcept nogil:
    """Some proper subset of the n groups holding group must (when must >= 0) has power >= threshold:
    all of them but the weakest one besides must."""
    cdef int g, total = 0, weakest = -1
    for g in range(n):
        total += gpow[g]
        if g != must and (weakest < 0 or gpow[g] < weakest):
            weakest = gpow[g]
    return weakest >= 0 and total - weakest >= threshold


cdef enum:
    FED_BOUNDS = 16            # building-group sets whose minima one fed_candidates_compute keeps
    FED_ROWS = 12              # single-group rows of the least-satellites tests it keeps

# What the minimum tests of one candidate computation learned of a set of building groups: both tests
# depend on the set's groups alone, not on its satellites (the player, state and so the hexes of the
# first test are those of the computation; the second test's hexes are those less the player's other
# buildings and their neighbours, the groups being whole in a closed set), and each answers whether a
# minimum is below the set's satellites: least(all groups), and least(a proper subset reaching the
# threshold) through the second test's hexes. A test that passes at cap c proves its minimum >= c, one
# that fails finds the minimum itself; a later set of the same groups with no more satellites than
# that passes it without a table (greedy shapes linking the same groups by other paths, the witness of
# a failed least-satellites test).
ctypedef struct FedBounds:
    int n                                           # sets kept
    unsigned long long key[FED_BOUNDS][FED_HEX_WORDS]   # the hexes of the set's groups
    int least[FED_BOUNDS]      # least(all groups) >= this
    int least_sub[FED_BOUNDS]  # least(proper target subset) >= this
    # the single-group rows the first tests grew (its hexes are the computation's): the group's lowest
    # hex, the cap, dp and bp
    int nrows
    int row_hex[FED_ROWS]
    int row_cap[FED_ROWS]
    unsigned char row[FED_ROWS][MAXHEX]
    int row_bp[FED_ROWS][MAXHEX]


cdef int federation_check(GState* s, GameContext* c, int p, int* hexes, int n, int* wit,
                          int* nwit, FedBounds* known=NULL) noexcept nogil:
    """federation_problem; when the set fails a minimum test (FED_MORE_SATS, FED_SUPERFLUOUS) and wit is
    not NULL, wit[0:nwit[0]] is a cheaper federation (expanded, not necessarily valid itself). known:
    the minima of the computation's earlier checks (FedBounds; fast paths only), read and updated."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int ivits = pl.faction == F_IVITS
    cdef int nh = c.nhex
    cdef int inF[MAXHEX]
    cdef int group[MAXHEX]
    cdef int allowed[MAXHEX]
    cdef int weight[MAXHEX]
    cdef int queue[MAXHEX]
    cdef int gpow[FED_MAX_TERMINALS]
    cdef int tree[MAXHEX]
    cdef int i, j, h, k, k2, g, head, tail, power = 0, extends = 0, newsats = 0, ngroups = 0, fedgroup = -1
    cdef int threshold, full, S, v, m, best, bestS, bestv, pw, ntree, code, must, pre, same, e = -1
    cdef int grown = 0, pre1 = 0, clean = 0, r, x
    cdef int ghead[FED_MAX_TERMINALS]   # the lowest hex of each group
    cdef unsigned long long key[FED_HEX_WORDS]
    cdef unsigned char* dp
    cdef unsigned char* row
    cdef int* bp
    if nwit != NULL:
        nwit[0] = 0
    if n <= 0:
        return FED_EMPTY
    if n > FED_MAX_HEXES:
        return FED_TOO_BIG
    for h in range(nh):
        inF[h] = 0
    for i in range(n):
        h = hexes[i]
        if h < 0 or h >= nh:
            return FED_BAD_HEX
        if inF[h]:
            return FED_DUPLICATE
        inF[h] = 1
    for i in range(n):
        h = hexes[i]
        if s.planet[h] != PL_EMPTY and not fed_colonized(s, p, h):
            return FED_BAD_HEX
        if not ivits:
            if fed_own(s, p, h):
                return FED_IN_FED
            for j in range(c.nadj[h]):
                if fed_own(s, p, c.adj[h][j]):
                    return FED_NEAR_FED
    for i in range(n):
        h = hexes[i]
        for j in range(c.nadj[h]):
            k = c.adj[h][j]
            if not inF[k] and fed_member(s, c, p, k):
                return FED_OPEN
    # connected (inF: 1 listed, 2 reached)
    queue[0] = hexes[0]
    inF[hexes[0]] = 2
    head = 0
    tail = 1
    while head < tail:
        h = queue[head]
        head += 1
        for j in range(c.nadj[h]):
            k = c.adj[h][j]
            if inF[k] == 1:
                inF[k] = 2
                queue[tail] = k
                tail += 1
    if tail != n:
        return FED_DISCONNECTED
    for i in range(n):
        h = hexes[i]
        power += building_power(s, c, p, h, 1)
        if fed_own(s, p, h):
            extends = 1
        elif not fed_occupied(s, p, h):
            newsats += 1
    threshold = federation_threshold(pl)
    if power < threshold:
        return FED_LOW_POWER
    if ivits and pl.fed_count > 0 and not extends:
        return FED_IVITS_EXTEND
    if newsats == 0:
        return FED_OK
    # building groups of the set: the terminals
    for h in range(nh):
        group[h] = -1
    for i in range(n):
        h = hexes[i]
        if group[h] >= 0 or not fed_member(s, c, p, h):
            continue
        if ngroups >= FED_MAX_TERMINALS:
            return FED_OK          # too many groups for the minimum tests: not checked
        g = ngroups
        ngroups += 1
        gpow[g] = 0
        group[h] = g
        queue[0] = h
        tail = 1
        while tail > 0:
            tail -= 1
            j = queue[tail]
            gpow[g] += building_power(s, c, p, j, 1)
            if fed_own(s, p, j):
                fedgroup = g
            for k2 in range(c.nadj[j]):
                k = c.adj[j][k2]
                if group[k] < 0 and inF[k] and fed_member(s, c, p, k):
                    group[k] = g
                    queue[tail] = k
                    tail += 1
    # hexes a federation may use (outside the player's federations and their neighbours, except for
    # the Ivits), and their cost: satellites 1, the player's buildings and federation hexes 0
    for h in range(nh):
        allowed[h] = s.planet[h] == PL_EMPTY or fed_colonized(s, p, h)
        if allowed[h] and not ivits:
            if fed_own(s, p, h):
                allowed[h] = 0
            else:
                for j in range(c.nadj[h]):
                    if fed_own(s, p, c.adj[h][j]):
                        allowed[h] = 0
                        break
        weight[h] = 0 if (fed_occupied(s, p, h) or fed_own(s, p, h)) else 1
    full = (1 << ngroups) - 1
    dp = <unsigned char*>malloc((full + 1) * nh * sizeof(unsigned char))
    bp = <int*>malloc((full + 1) * nh * sizeof(int))
    if dp == NULL or bp == NULL:
        free(dp)
        free(bp)
        return FED_OK
    code = FED_OK
    if known != NULL and fed_fast:
        # this set's groups among the earlier checks' (kept when new and there is room)
        for j in range(FED_HEX_WORDS):
            key[j] = 0
        for h in range(nh):
            if group[h] >= 0:
                key[h >> 6] |= (<unsigned long long>1) << (h & 63)
        for i in range(known.n):
            same = 1
            for j in range(FED_HEX_WORDS):
                if known.key[i][j] != key[j]:
                    same = 0
                    break
            if same:
                e = i
                break
        if e < 0 and known.n < FED_BOUNDS:
            e = known.n
            known.n += 1
            for j in range(FED_HEX_WORDS):
                known.key[e][j] = key[j]
            known.least[e] = 0
            known.least_sub[e] = 0
    best = FED_INF
    bestv = -1
    if e >= 0 and known.least[e] >= newsats:
        fed_shortcut_counts[5] += 1     # no fewer satellites link these groups: known
    else:
        # least satellites for these groups, through any of the player's buildings; the rows of single
        # groups an earlier check grew to this cap or more are kept (cut at this cap)
        if known != NULL and fed_fast:
            for g in range(ngroups):
                ghead[g] = -1
            for h in range(nh - 1, -1, -1):
                if group[h] >= 0:
                    ghead[group[h]] = h
            for g in range(ngroups):
                for r in range(known.nrows):
                    if known.row_hex[r] == ghead[g] and known.row_cap[r] >= newsats:
                        row = dp + (1 << g) * nh
                        for v in range(nh):
                            x = known.row[r][v]
                            if x < newsats:
                                row[v] = <unsigned char>x
                                bp[(1 << g) * nh + v] = known.row_bp[r][v]
                            else:
                                row[v] = FED_INF
                        pre1 |= 1 << g
                        break
            if pre1:
                fed_shortcut_counts[6] += 1
        fed_steiner(c, group, ngroups, allowed, weight, newsats, NULL, 0, -1, dp, bp, pre1, &clean)
        grown = 1
        if known != NULL and fed_fast:
            for g in range(ngroups):
                if not (clean >> g) & 1:
                    continue
                # kept in place of the group's row of a smaller cap, else where there is room
                r = known.nrows
                for i in range(known.nrows):
                    if known.row_hex[i] == ghead[g]:
                        r = i
                        break
                if r == FED_ROWS:
                    continue
                if r == known.nrows:
                    known.nrows += 1
                known.row_hex[r] = ghead[g]
                known.row_cap[r] = newsats
                row = dp + (1 << g) * nh
                for v in range(nh):
                    known.row[r][v] = row[v]
                    if row[v] < newsats:
                        known.row_bp[r][v] = bp[(1 << g) * nh + v]
        for v in range(nh):
            if dp[full * nh + v] < best:
                best = dp[full * nh + v]
                bestv = v
        if e >= 0:
            known.least[e] = imax(known.least[e], imin(best, newsats))
    must = fedgroup if ivits and pl.fed_count > 0 and fedgroup >= 0 else -1
    if best < newsats:
        code = FED_MORE_SATS
        bestS = full
    elif fed_fast and not fed_proper_target(gpow, ngroups, threshold, must):
        pass      # no smaller set of these groups reaches the threshold: nothing can be superfluous
    elif e >= 0 and known.least_sub[e] >= newsats:
        fed_shortcut_counts[5] += 1     # no smaller set of these groups links with fewer: known
    else:
        # no superfluous building: a subset of the groups over the threshold linked with fewer
        # satellites, not touching the player's buildings outside the set
        for h in range(nh):
            if allowed[h] and not inF[h]:
                if fed_member(s, c, p, h):
                    allowed[h] = 0
                else:
                    for j in range(c.nadj[h]):
                        if fed_member(s, c, p, c.adj[h][j]) and not inF[c.adj[h][j]]:
                            allowed[h] = 0
                            break
        # the single-group rows of the first test whose growth entered only hexes still allowed are
        # the same here (same groups, weights and cap): kept
        pre = 0
        if fed_fast and grown:
            for g in range(ngroups):
                row = dp + (1 << g) * nh
                for v in range(nh):
                    if row[v] < newsats and not inF[v] and not allowed[v]:
                        break
                else:
                    pre |= 1 << g
            if pre:
                fed_shortcut_counts[4] += 1
        fed_steiner(c, group, ngroups, allowed, weight, newsats, gpow, threshold, must, dp, bp, pre)
        best = newsats
        bestS = 0
        for S in range(1, full):
            if must >= 0 and not (S >> must) & 1:
                continue
            pw = 0
            for g in range(ngroups):
                if (S >> g) & 1:
                    pw += gpow[g]
            if pw < threshold:
                continue
            for v in range(nh):
                if dp[S * nh + v] < best:
                    best = dp[S * nh + v]
                    bestS = S
                    bestv = v
        if bestS:
            code = FED_SUPERFLUOUS
        if e >= 0:
            known.least_sub[e] = imax(known.least_sub[e], best)    # the least found, or newsats
    if code != FED_OK and wit != NULL and nwit != NULL:
        ntree = fed_tree(c, group, bestS, bestv, bp, tree)
        m = fed_expand(s, c, p, tree, ntree, wit)
        nwit[0] = m if m > 0 else 0
    free(dp)
    free(bp)
    return code


cdef int federation_problem(GState* s, GameContext* c, int p, int* hexes, int n) noexcept nogil:
    """0 when hexes (exactly this set) is a valid new federation of p, else its FED_* code (messages in
    FED_MESSAGES). Token supply and satellite payment are checked by form_federation."""
    return federation_check(s, c, p, hexes, n, NULL, NULL)


cdef int fed_sort(int* xs, int n) noexcept nogil:
    cdef int i, j, x
    for i in range(1, n):
        x = xs[i]
        j = i
        while j > 0 and xs[j - 1] > x:
            xs[j] = xs[j - 1]
            j -= 1
        xs[j] = x
    return n


cdef int fed_new_satellites(GState* s, int p, int* hexes, int n) noexcept nogil:
    cdef int i, h, m = 0
    for i in range(n):
        h = hexes[i]
        if not fed_own(s, p, h) and not fed_occupied(s, p, h):
            m += 1
    return m


cdef enum:
    FED_MEMO = 16              # federation_check answers one fed_candidates_compute keeps

# The checks of one candidate computation: the greedy's shapes often lead to the same hex lists (the
# same witness after a failed test, the same valid set reached in another order), and a check costs
# one or two Dreyfus-Wagner tables. federation_check is a function of the hex list: its code of the
# set alone (exact minima), its witness of the list's order too; so a list met again (same hexes,
# same order) reuses the code and witness, and a set found valid in any order is valid.
ctypedef struct FedMemo:
    int n                               # checks kept
    int len[FED_MEMO]
    int code[FED_MEMO]
    int nwit[FED_MEMO]
    int hexes[FED_MEMO][FED_MAX_HEXES]  # the list as checked
    int sorted[FED_MEMO][FED_MAX_HEXES] # ... ascending
    int wit[FED_MEMO][FED_MAX_HEXES]
    FedBounds bounds                    # what the checks learned of their building groups


cdef int fed_memo_check(GState* s, GameContext* c, int p, int* hexes, int n, int* wit, int* nwit,
                        FedMemo* memo) noexcept nogil:
    """federation_check(s, c, p, hexes, n, wit, nwit), answered from memo when it holds the same list,
    or the same set found valid; else computed and kept (memo NULL or fast paths off: computed)."""
    cdef int asc[FED_MAX_HEXES]
    cdef int e, i, same, code
    if memo == NULL or not fed_fast or n <= 0 or n > FED_MAX_HEXES:
        return federation_check(s, c, p, hexes, n, wit, nwit)
    for i in range(n):
        asc[i] = hexes[i]
    fed_sort(asc, n)
    for e in range(memo.n):
        if memo.len[e] != n:
            continue
        same = 1
        for i in range(n):
            if memo.hexes[e][i] != hexes[i]:
                same = 0
                break
        if not same and memo.code[e] == FED_OK:
            same = 1
            for i in range(n):
                if memo.sorted[e][i] != asc[i]:
                    same = 0
                    break
        if same:
            fed_shortcut_counts[3] += 1
            nwit[0] = memo.nwit[e]
            for i in range(memo.nwit[e]):
                wit[i] = memo.wit[e][i]
            return memo.code[e]
    code = federation_check(s, c, p, hexes, n, wit, nwit, &memo.bounds)
    if memo.n < FED_MEMO:
        e = memo.n
        memo.n += 1
        memo.len[e] = n
        memo.code[e] = code
        memo.nwit[e] = nwit[0]
        for i in range(n):
            memo.hexes[e][i] = hexes[i]
            memo.sorted[e][i] = asc[i]
        for i in range(nwit[0]):
            memo.wit[e][i] = wit[i]
    return code


cdef int fed_improve(GState* s, GameContext* c, int p, int* hexes, int n, int* out,
                     FedMemo* memo=NULL) noexcept nogil:
    """A valid federation derived from the hex set (expanded, then replaced by a cheaper federation while
    a minimum test fails), ascending in out; returns its size or 0 when none is found. memo: the checks
    already made (fed_memo_check), NULL: none kept."""
    cdef int cur[FED_MAX_HEXES]
    cdef int wit[FED_MAX_HEXES]
    cdef int m, nw, code, it, i
    m = fed_expand(s, c, p, hexes, n, cur)
    if m <= 0:
        return 0
    for it in range(8):
        code = fed_memo_check(s, c, p, cur, m, wit, &nw, memo)
        if code == FED_OK:
            for i in range(m):
                out[i] = cur[i]
            return fed_sort(out, m)
        if (code != FED_MORE_SATS and code != FED_SUPERFLUOUS) or nw <= 0:
            return 0
        for i in range(nw):
            cur[i] = wit[i]
        m = nw
    return 0


def federation_problem_of(Core core, int p, hexes) -> int:
    """FED_* code of federation_problem for p and these hex indices (exactly this set)."""
    cdef int buf[FED_MAX_HEXES]
    cdef int n = 0
    for h in hexes:
        if n >= FED_MAX_HEXES:
            return FED_TOO_BIG
        buf[n] = h
        n += 1
    return federation_problem(&core.st, core.ctx, p, buf, n)


def federation_expanded(Core core, int p, hexes) -> list:
    """The hex indices a `federation` command listing these hexes covers (plus adjacent building groups)."""
    cdef int buf[FED_MAX_HEXES]
    cdef int out[FED_MAX_HEXES]
    cdef int n = 0, m
    for h in hexes:
        if n >= FED_MAX_HEXES:
            return []
        buf[n] = h
        n += 1
    m = fed_expand(&core.st, core.ctx, p, buf, n, out)
    return sorted(out[i] for i in range(m)) if m > 0 else []


# ---- the site's federation offers -----------------------------------------------------------------------
#
# boardgamers.space (gaia-engine 4.9, Player.availableFederations) accepts a `federation` command only
# while it offers some federation (or a "custom" one). Its offers come from combinations of the player's
# building groups (groups of value 0 skipped; for the Ivits with a federation, those holding it), taken
# in the order the player occupied them, each combination closed as soon as its value reaches the
# threshold: a group joins only while the value is still short of it. For each combination it first
# bounds the satellites by the hex distances between its groups (each pair: the least distance between
# their hexes less one; then the shortest path through the other groups of the combination; the
# largest of these), and tries no tree when that bound exceeds what the player can pay, even when the
# player's other buildings (free to pass through) lie in between; else a heuristic Steiner tree (the
# best one for up to 3 groups). When it offers anything, it accepts any federation its own checker
# passes, which every federation our exact rule accepts does (not outclassed by an offer, no tree with
# fewer satellites).
#
# fed_site_playable asks for a witness that the site offers something: a combination within the
# federation's own groups in which every group is needed whatever the order (so the occupation order,
# which the state does not keep, does not matter), whose distance bound is within the player's
# satellites (the federation itself links it within them, so a tree exists; the site's heuristic is
# taken to find it: it is exact up to 3 groups, and the corpus' federations of 4 groups were offered).
# Sufficient, not necessary: a federation that fails may still be offered through a combination of
# other groups, or of these in the order the site keeps.

cdef int fed_rule_site = 1     # 1: the generator lists only site-playable federations; 0: the exact rule


def set_federation_rule(str rule) -> None:
    """Which federations the move generator lists (search, hints, bots): "site" (the default) only the
    ones boardgamers.space offers at the position, "exact" every valid one the candidate search finds
    (analysis: the rulebook's rule, which the `federation` command accepts either way)."""
    global fed_rule_site
    if rule == "site":
        fed_rule_site = 1
    elif rule == "exact":
        fed_rule_site = 0
    else:
        raise ValueError("federation rule must be 'site' or 'exact', not %r" % (rule,))


def federation_rule() -> str:
    """The federation rule of the move generator: "site" or "exact" (set_federation_rule)."""
    return "site" if fed_rule_site else "exact"


cdef int fed_site_max_satellites(GState* s, int p) noexcept nogil:
    """The site's maxSatellites: what the player can pay (Ivits: qic; others: tokens in areas 1-3 and
    the brainstone there), at most the satellites left of the 25; also at most MAX_FED_SATELLITES, as the
    candidates' budget (their cache key holds no more; a lower bound only makes the test stricter)."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int pay
    if pl.faction == F_IVITS:
        pay = pl.qic
    else:
        pay = pl.power[0] + pl.power[1] + pl.power[2] + (1 if BS_A1 <= pl.brainstone <= BS_A3 else 0)
    return imin(imin(pay, MAX_FED_SATELLITES), 25 - pl.satellites)


cdef int fed_site_playable(GState* s, GameContext* c, int p, int* hexes, int n) noexcept nogil:
    """1 when the site offers a federation at this position, witnessed by a combination of the groups of
    this (valid) federation; see the notes above."""
    cdef PlayerState* pl = &s.pl[p]
    cdef int ivits = pl.faction == F_IVITS
    cdef int inF[MAXHEX]
    cdef int group[MAXHEX]
    cdef int queue[MAXHEX]
    cdef int gpow[FED_MAX_TERMINALS]
    cdef int D[FED_MAX_TERMINALS][FED_MAX_TERMINALS]
    cdef int E[FED_MAX_TERMINALS][FED_MAX_TERMINALS]
    cdef int idx[FED_MAX_TERMINALS]
    cdef int i, j, k, h, g, a, b, x, tail, ngroups = 0, fedgroup = -1, threshold, maxsat, S, pw, nt, ok
    cdef int bound
    for i in range(n):
        inF[hexes[i]] = 0
        group[hexes[i]] = -1
    for i in range(n):
        inF[hexes[i]] = 1
    for i in range(n):
        h = hexes[i]
        if group[h] >= 0 or not fed_member(s, c, p, h):
            continue
        if ngroups >= FED_MAX_TERMINALS:
            return 0
        g = ngroups
        ngroups += 1
        gpow[g] = 0
        group[h] = g
        queue[0] = h
        tail = 1
        while tail > 0:
            tail -= 1
            j = queue[tail]
            gpow[g] += building_power(s, c, p, j, 1)
            if fed_own(s, p, j):
                fedgroup = g
            for x in range(c.nadj[j]):
                k = c.adj[j][x]
                if inF[k] and group[k] < 0 and fed_member(s, c, p, k):
                    group[k] = g
                    queue[tail] = k
                    tail += 1
    threshold = federation_threshold(pl)
    maxsat = fed_site_max_satellites(s, p)
    if fed_new_satellites(s, p, hexes, n) > maxsat:
        return 0
    # the least hex distance between two groups, less one
    for a in range(ngroups):
        for b in range(ngroups):
            D[a][b] = 0 if a == b else FED_INF
    for i in range(n):
        a = group[hexes[i]]
        if a < 0:
            continue
        for j in range(n):
            b = group[hexes[j]]
            if b < 0 or b == a:
                continue
            x = <int>c.dist[hexes[i]][hexes[j]] - 1
            if x < D[a][b]:
                D[a][b] = x
    for S in range(1, 1 << ngroups):
        if ivits and pl.fed_count > 0 and (fedgroup < 0 or not (S >> fedgroup) & 1):
            continue
        pw = 0
        nt = 0
        ok = 1
        for g in range(ngroups):
            if (S >> g) & 1:
                if gpow[g] == 0:
                    ok = 0
                pw += gpow[g]
                idx[nt] = g
                nt += 1
        if not ok or pw < threshold:
            continue
        for i in range(nt):
            if pw - gpow[idx[i]] >= threshold:
                ok = 0      # a group the site's combination would not need, in some order
        if not ok:
            continue
        # the site's bound: shortest paths between the combination's groups (through its groups only)
        for i in range(nt):
            for j in range(nt):
                E[i][j] = D[idx[i]][idx[j]]
        for k in range(nt):
            for i in range(nt):
                for j in range(nt):
                    if E[i][k] + E[k][j] < E[i][j]:
                        E[i][j] = E[i][k] + E[k][j]
        bound = 0
        for i in range(nt):
            for j in range(nt):
                if E[i][j] > bound:
                    bound = E[i][j]
        if bound <= maxsat:
            return 1
    return 0


def federation_site_playable(Core core, int p, hexes) -> bool:
    """fed_site_playable for p and these hex indices (a valid federation of p, expanded)."""
    cdef int buf[FED_MAX_HEXES]
    cdef int n = 0
    for h in hexes:
        if n >= FED_MAX_HEXES or not 0 <= h < core.ctx.nhex:
            return False
        buf[n] = h
        n += 1
    return fed_site_playable(&core.st, core.ctx, p, buf, n) == 1
