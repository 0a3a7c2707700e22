# The reference legal-move generator, by generate-and-test: slow but obviously faithful to the rules
# (each candidate is applied to a copy). tests/test_fastgen.py checks the C generator (fastgen.pxi),
# which GaiaState.legal_moves uses, against it on every corpus position.
#
# legal_commands(core) enumerates candidate atomic commands for the player to move, cheaply, from the
# state (hexes in reach, buildings to upgrade, tracks, board actions, boosters, the conversion tables,
# burn 1..n, ...), then keeps only those that the core itself accepts when applied to a copy. A command
# that opens a sub-decision (a terraforming action, a lab, up nav to 5, qic2, ...) is kept only if at
# least one of its follow-ups is legal too, so a playout never gets stuck inside a turn.
#
# Every command is a (name, args) tuple in the boardgamers.space argument form (see notation.py).
#
# Limitations (documented on purpose):
# - Federations: only a small bounded set of candidates is offered (at most MAX_FED_CANDIDATES), but
#   never none when a federation is possible (when the greedy below finds none, the exact search
#   fg_fed_exact of fastgen.pxi gives the federation with the fewest satellites):
#   from up to 6 seed groups of the player's connected unfederated buildings (strongest first), a
#   greedy adds the satellite path through empty space that brings the most power per satellite,
#   until the power value reaches the threshold (7; 6 for Xenos with the PI; 7 x (1 + federations
#   formed) for Ivits, whose new federation extends the old one) within the satellites the player
#   can pay; each shape is then made valid (fed_improve, federation.pxi: adjacent building groups
#   added, satellites minimized, superfluous buildings dropped) or discarded, and the 3 with fewest
#   satellites are offered, each with every token in the supply. Other legal shapes (other satellite
#   routes, other groups) are not listed: on the corpus the bot's exact federation is offered in ~48%
#   of cases and some federation in ~98%.
# - While a sub-decision is pending, only its answers are offered (no conversions in between).
# - Merged conversions ("spend 2pw for 2c") are not offered except the faction ones written merged
#   in the tables (Taklons 3pw for 3c, Nevlas with PI); one unit at a time covers the same choices.
#   The Terrans' gaia-phase conversions are the exception: every count is listed, since the search's
#   whole-area conversion spends each kind in one command, as the site takes it.
# - An open brainstone question (GState.bsq_player) is answered before anything else; its
#   `brainstone <dest>` commands belong to bsq_player, which may differ from the player to move.

cdef int MAX_FED_CANDIDATES = 8
cdef int MAX_FED_SHAPES = 3

# free-action conversions (shared/data/gaia/tiles.json "freeActions")
_CONV_ALL = (("4pw", "1q"), ("4pw", "1k"), ("3pw", "1o"), ("1pw", "1c"),
             ("1q", "1o"), ("1o", "1t"), ("1k", "1c"), ("1o", "1c"))
_CONV_NEVLAS_PI = (("4pw", "1q"), ("4pw", "1k"), ("4pw", "1o,1c"), ("2pw", "2c"), ("6pw", "2o"),
                   ("1q", "1o"), ("1o", "1t"), ("1k", "1c"), ("1o", "1c"))
_CONV_HADSCH_PI = (("4c", "1q"), ("3c", "1o"), ("4c", "1k"))
_CONV_TERRANS_GAIA = (("4tg", "1q"), ("4tg", "1k"), ("3tg", "1o"), ("1tg", "1c"))
_SPECIALS = ("step", "range+3", "4pw", "q", "4c", "q,5c", "3o", "3k",
             "swap-PI", "space-station", "down-lab", "up-lowest")
_BS_NAMES = {BS_NONE: "discard", BS_A1: "area1", BS_A2: "area2", BS_A3: "area3", BS_GAIA: "gaia"}
_UPGRADES = {B_M: ("ts",), B_TS: ("lab", "PI", "ac1", "ac2"), B_LAB: ("PI", "ac1", "ac2")}


cdef object _apply_copy(Core core, int p, str name, tuple args):
    """A copy of core with the command applied, or None if the core rejects it."""
    cdef Core other = core.copy()
    try:
        if name == "endturn":
            other.end_turn(p)
        else:
            other.command(p, name, args)
    except IllegalMove:
        return None
    return other


cdef int _needs_followup(Core c, int p) noexcept:
    """The same player still owes a sub-decision in this turn."""
    return c.st.npend > 0 and c.st.current == p and (c.st.phase == PH_MOVE or c.st.phase == PH_GAIA)


cdef int _accept(Core core, int p, str name, tuple args, list out) except -1:
    cdef object res = _apply_copy(core, p, name, args)
    if res is None:
        return 0
    if _needs_followup(<Core>res, p) and not _legal(<Core>res):
        return 0
    out.append((name, args))
    return 1


cdef list _labels_of(Core core):
    cdef list labels = [None] * core.ctx.nhex
    for label, i in core.hex_index.items():
        if 0 <= i < core.ctx.nhex:
            labels[i] = label
    return labels


cdef inline str _amt(int n, str unit):
    return unit if n == 1 else "%d%s" % (n, unit)


cdef int _in_reach(Core core, int p, int h, int bonus, int extra_qic) noexcept:
    """Cheap pre-filter: h is within range plus what the player's qic can buy."""
    cdef GState* s = &core.st
    cdef int d = distance_to_player(s, core.ctx, p, h)
    cdef int r = player_range(&s.pl[p]) + bonus + 2 * (s.pl[p].qic - extra_qic)
    return d <= r


# ---- candidate families ---------------------------------------------------------------------------

cdef int _gen_free_actions(Core core, int p, list labels, list out) except -1:
    cdef GState* s = &core.st
    cdef PlayerState* pl = &s.pl[p]
    cdef int n
    if pl.faction == F_NEVLAS and pl.nbuild[B_PI] > 0:
        table = _CONV_NEVLAS_PI
    else:
        table = _CONV_ALL
    table = list(table)
    if pl.faction == F_NEVLAS:
        table.append(("1t-a3", "1k"))
    if pl.faction == F_HADSCH and pl.nbuild[B_PI] > 0:
        table.extend(_CONV_HADSCH_PI)
    if pl.faction == F_BALTAKS:
        table.append(("1gf", "1q"))
    if pl.faction == F_TAKLONS:
        table.append(("3pw", "3c"))
    for cost, income in table:
        _accept(core, p, "spend", (cost, income), out)
    for n in range(1, bs_tokens(pl, 1) // 2 + 1):
        _accept(core, p, "burn", (str(n),), out)
    return 0


cdef int _gen_mines(Core core, int p, list labels, int bonus, list out) except -1:
    cdef GState* s = &core.st
    cdef GameContext* c = core.ctx
    cdef PlayerState* pl = &s.pl[p]
    cdef int h, planet, ok, gaia_qic
    if pl.nbuild[B_M] >= 8 or pl.credits < 2:
        return 0
    for h in range(c.nhex):
        planet = s.planet[h]
        ok = 0
        gaia_qic = 0
        if s.owner[h] == -1 and planet <= PL_GAIA:
            ok = 1
            if planet == PL_GAIA and pl.faction != F_GLEENS:
                gaia_qic = 1
        elif s.owner[h] == p and s.building[h] == B_GF:
            ok = planet == PL_GAIA
            if ok:
                _accept(core, p, "build", ("m", labels[h]), out)
                continue
        elif pl.faction == F_LANTIDS and s.owner[h] != -1 and s.owner[h] != p and s.guest[h] == -1 \
                and B_M <= s.building[h] <= B_AC2:
            ok = 1
        if ok and _in_reach(core, p, h, bonus, gaia_qic):
            _accept(core, p, "build", ("m", labels[h]), out)
    return 0


cdef int _gen_gaiaformers(Core core, int p, list labels, int bonus, list out) except -1:
    cdef GState* s = &core.st
    cdef GameContext* c = core.ctx
    cdef int h
    if gaiaformers_free(&s.pl[p]) <= 0:
        return 0
    for h in range(c.nhex):
        if s.planet[h] == PL_TRANSDIM and s.owner[h] == -1 and _in_reach(core, p, h, bonus, 0):
            _accept(core, p, "build", ("gf", labels[h]), out)
    return 0


cdef int _gen_upgrades(Core core, int p, list labels, list out) except -1:
    cdef GState* s = &core.st
    cdef int h
    for h in range(core.ctx.nhex):
        if s.owner[h] == p and s.building[h] in _UPGRADES:
            for b in _UPGRADES[s.building[h]]:
                _accept(core, p, "build", (b, labels[h]), out)
    return 0


cdef int _empty_space(GState* s, int h) noexcept:
    """An empty space hex without a building (satellites are left to the core to judge)."""
    return s.planet[h] == PL_EMPTY and s.owner[h] == -1 and s.guest[h] == -1


cdef int _gen_pending(Core core, int p, list labels, list out) except -1:
    """Answers to the first pending sub-decision."""
    cdef GState* s = &core.st
    cdef GameContext* c = core.ctx
    cdef int kind = s.pend[0].kind
    cdef int arg = s.pend[0].arg
    cdef int h, t, lowest
    if kind == PD_TECH:
        for name in POSITION_NAMES:
            _accept(core, p, "tech", (name,), out)
    elif kind == PD_COVER:
        for name in POSITION_NAMES[:NBASIC]:
            _accept(core, p, "cover", (name,), out)
    elif kind == PD_UP or kind == PD_UPLOWEST:
        lowest = 9
        for t in range(NTRACK):
            lowest = imin(lowest, s.pl[p].research[t])
        for t in range(NTRACK):
            if kind == PD_UP and arg != ANY_TRACK and arg != t:
                continue
            if kind == PD_UPLOWEST and s.pl[p].research[t] != lowest:
                continue
            _accept(core, p, "up", (TRACK_NAMES[t],), out)
        _accept(core, p, "decline", ("up",), out)
    elif kind == PD_BUILD:
        _gen_mines(core, p, labels, 0, out)
    elif kind == PD_RANGE_BUILD:
        _gen_mines(core, p, labels, arg, out)
        _gen_gaiaformers(core, p, labels, arg, out)
    elif kind == PD_LOSTPLANET:
        for h in range(c.nhex):
            if _empty_space(s, h) and _in_reach(core, p, h, 0, 0):
                _accept(core, p, "lostPlanet", (labels[h],), out)
    elif kind == PD_FEDTILE:
        for name in FED_NAMES:
            _accept(core, p, "fedtile", (name,), out)
    elif kind == PD_SWAPPI:
        for h in range(c.nhex):
            if s.owner[h] == p and s.building[h] == B_M:
                _accept(core, p, "swap-PI", (labels[h],), out)
    elif kind == PD_SPACESTATION:
        for h in range(c.nhex):
            if _empty_space(s, h) and _in_reach(core, p, h, 0, 0):
                _accept(core, p, "build", ("sp", labels[h]), out)
    elif kind == PD_DOWNLAB:
        for h in range(c.nhex):
            if s.owner[h] == p and s.building[h] == B_LAB:
                _accept(core, p, "build", ("ts", labels[h]), out)
    return 0


# ---- federations ------------------------------------------------------------------------------------

cdef int _own_building(GState* s, int p, int h) noexcept:
    """A building of p that counts for federations (not a gaia-former)."""
    if s.guest[h] == p:
        return 1
    return s.owner[h] == p and s.building[h] != B_NONE and s.building[h] != B_GF


def _fed_shapes(Core core, int p):
    """Candidate hex sets (sorted lists of hex indices) for a new federation of p, fewest satellites
    first. Greedy: from a seed group, repeatedly add the satellite path (through empty space) that
    brings the most power per satellite, until the threshold is reached; then each shape is made valid
    by fed_improve (federation.pxi) and dropped when it cannot be."""
    cdef GState* s = &core.st
    cdef GameContext* c = core.ctx
    cdef PlayerState* pl = &s.pl[p]
    cdef int n = c.nhex
    cdef int h, j, k, g, gg, i, ngroups = 0, threshold, total_power = 0, pw, sats, head, tail
    cdef int best, best_gain, best_d, gain, seeds_tried, budget
    cdef int nadj[MAXHEX]
    cdef int adj[MAXHEX][6]
    cdef int group_of[MAXHEX]
    cdef int gpower[MAXHEX]
    cdef int gtouch[MAXHEX]
    cdef int eligible[MAXHEX]
    cdef int inset[MAXHEX]
    cdef int used[MAXHEX]
    cdef int bdist[MAXHEX]
    cdef int prev[MAXHEX]
    cdef int queue[MAXHEX]
    cdef int stack[MAXHEX]
    cdef int seen_groups[6]
    cdef int nseen, m
    cdef int cur[MAXHEX]
    cdef int improved[FED_MAX_HEXES]
    cdef int ivits_extend = pl.faction == F_IVITS and pl.fed_count > 0
    threshold = 7
    if pl.faction == F_XENOS and pl.nbuild[B_PI] > 0:
        threshold = 6
    if pl.faction == F_IVITS:
        threshold = 7 * (1 + pl.fed_count)
        budget = pl.qic
    else:
        budget = pl.power[0] + pl.power[1] + pl.power[2] + (1 if BS_A1 <= pl.brainstone <= BS_A3 else 0)
    budget = min(budget, MAX_FED_SATELLITES)
    for h in range(n):
        nadj[h] = 0
        for j in range(n):
            if c.dist[h][j] == 1 and nadj[h] < 6:
                adj[h][nadj[h]] = j
                nadj[h] += 1
    # groups of unfederated buildings; for Ivits extending their federation, the federation is group 0
    for h in range(n):
        group_of[h] = -1
    if ivits_extend:
        gpower[0] = 0
        gtouch[0] = 0
        for h in range(n):
            if (s.fed_mask[h] >> p) & 1:
                group_of[h] = 0
                if _own_building(s, p, h):
                    gpower[0] += building_power(s, c, p, h, 1)
        ngroups = 1
    for h in range(n):
        if group_of[h] >= 0 or not _own_building(s, p, h) or (s.fed_mask[h] >> p) & 1:
            continue
        g = ngroups
        ngroups += 1
        gpower[g] = 0
        gtouch[g] = 0
        group_of[h] = g
        tail = 1
        stack[0] = h
        while tail > 0:
            tail -= 1
            j = stack[tail]
            gpower[g] += building_power(s, c, p, j, 1)
            for i in range(nadj[j]):
                k = adj[j][i]
                if (s.fed_mask[k] >> p) & 1:
                    gtouch[g] = 1    # touches one of p's federations: cannot be part of a new one
                elif group_of[k] < 0 and _own_building(s, p, k):
                    group_of[k] = g
                    stack[tail] = k
                    tail += 1
    for g in range(ngroups):
        if not gtouch[g]:
            total_power += gpower[g]
    if total_power < threshold:
        return []
    # hexes a satellite may use: empty space, not next to p's federations or to an unusable group
    for h in range(n):
        eligible[h] = s.planet[h] == PL_EMPTY and s.owner[h] == -1 and s.guest[h] == -1 \
            and not (s.fed_mask[h] >> p) & 1
        if eligible[h]:
            for i in range(nadj[h]):
                k = adj[h][i]
                if ((s.fed_mask[k] >> p) & 1 and not ivits_extend) or (group_of[k] >= 0 and gtouch[group_of[k]]):
                    eligible[h] = 0
    seeds = [0] if ivits_extend else sorted((g for g in range(ngroups) if not gtouch[g]),
                                            key=lambda g: (-gpower[g], g))
    shapes = []
    seeds_tried = 0
    for g in seeds:
        if seeds_tried >= 6 or len(shapes) >= MAX_FED_SHAPES:
            break
        seeds_tried += 1
        for h in range(n):
            inset[h] = group_of[h] == g
        for gg in range(ngroups):
            used[gg] = gg == g
        pw = gpower[g]
        sats = 0
        while pw < threshold and sats <= budget:
            # BFS from the set through eligible hexes; pick the hex with the best power per satellite
            head = 0
            tail = 0
            for h in range(n):
                bdist[h] = -1
                if inset[h]:
                    bdist[h] = 0
                    queue[tail] = h
                    tail += 1
            best = -1
            best_gain = 0
            best_d = 1
            while head < tail:
                h = queue[head]
                head += 1
                if bdist[h] > 0:
                    nseen = 0
                    gain = 0
                    for i in range(nadj[h]):
                        gg = group_of[adj[h][i]]
                        if gg >= 0 and not used[gg] and not in_list(seen_groups, nseen, gg):
                            seen_groups[nseen] = gg
                            nseen += 1
                            gain += gpower[gg]
                    if gain > 0 and gain * best_d > best_gain * bdist[h]:
                        best = h
                        best_gain = gain
                        best_d = bdist[h]
                if bdist[h] >= budget - sats:
                    continue
                for i in range(nadj[h]):
                    k = adj[h][i]
                    if bdist[k] < 0 and eligible[k]:
                        bdist[k] = bdist[h] + 1
                        prev[k] = h
                        queue[tail] = k
                        tail += 1
            if best < 0:
                break
            h = best
            while not inset[h]:
                inset[h] = 1
                sats += 1
                # the satellite brings every group next to it
                for i in range(nadj[h]):
                    gg = group_of[adj[h][i]]
                    if gg >= 0 and not used[gg]:
                        used[gg] = 1
                        pw += gpower[gg]
                        for j in range(n):
                            if group_of[j] == gg:
                                inset[j] = 1
                h = prev[h]
        if pw < threshold or sats > budget:
            continue
        shape = [h for h in range(n) if inset[h]]
        if (sats, shape) not in shapes:
            shapes.append((sats, shape))
    # each shape becomes a valid federation (fed_improve: adjacent building groups added, then a cheaper
    # federation while the least-satellites or superfluous-building test fails)
    valid = []
    for sats, shape in shapes:
        m = 0
        for h in shape:
            if m < MAXHEX:
                cur[m] = h
                m += 1
        m = fed_improve(s, c, p, cur, m, improved)
        if m <= 0:
            continue
        if not fg_fed_valid(s, c, p, improved, m):
            continue    # form_federation would refuse it (the satellites cannot be paid)
        if fed_rule_site and not fed_site_playable(s, c, p, improved, m):
            continue    # boardgamers.space would not offer it (federation.pxi)
        better = [improved[j] for j in range(m)]
        sats = fed_new_satellites(s, p, improved, m)
        if (sats, better) not in valid:
            valid.append((sats, better))
    if not valid:
        # the greedy missed: the fewest-satellite federation, found whenever one is possible
        m = fg_fed_exact(s, c, p, group_of, gpower, gtouch, ngroups, threshold, budget, ivits_extend,
                         improved)
        if m > 0 and not (fed_rule_site and not fed_site_playable(s, c, p, improved, m)):
            valid.append((fed_new_satellites(s, p, improved, m), [improved[j] for j in range(m)]))
    valid.sort()
    return [shape for sats, shape in valid[:MAX_FED_SHAPES]]


cdef int _gen_federations(Core core, int p, list labels, list out) except -1:
    cdef GState* s = &core.st
    cdef int k, found = 0
    tokens = [k for k in range(6) if s.fed_supply[k] > 0]
    if not tokens:
        return 0
    for shape in _fed_shapes(core, p):
        hexes = ",".join(sorted(labels[h] for h in shape))
        for k in tokens:
            if found >= MAX_FED_CANDIDATES:
                return 0
            found += _accept(core, p, "federation", (hexes, FED_NAMES[k]), out)
    return 0


# ---- by phase ----------------------------------------------------------------------------------------

cdef int _gen_main(Core core, int p, list labels, list out) except -1:
    cdef GState* s = &core.st
    cdef PlayerState* pl = &s.pl[p]
    cdef int t, a, b
    _gen_mines(core, p, labels, 0, out)
    _gen_gaiaformers(core, p, labels, 0, out)
    _gen_upgrades(core, p, labels, out)
    _gen_federations(core, p, labels, out)
    if pl.knowledge >= 4:
        for t in range(NTRACK):
            _accept(core, p, "up", (TRACK_NAMES[t],), out)
    for a in range(NACTION):
        if s.actions_used[a] < 0:
            _accept(core, p, "action", (ACTION_NAMES[a],), out)
    for name in _SPECIALS:
        _accept(core, p, "special", (name,), out)
    if s.round >= 6:
        _accept(core, p, "pass", (), out)
    else:
        for b in range(NBOOSTER):
            if s.booster_free[b]:
                _accept(core, p, "pass", ("booster%d" % (b + 1),), out)
    return 0


cdef list _legal(Core core):
    cdef GState* s = &core.st
    cdef GameContext* c = core.ctx
    cdef int p = s.current
    cdef int h, b, i, n
    cdef PlayerState* pl
    cdef list out = []
    cdef list labels
    if s.phase == PH_END or p < 0 or p >= s.num_players:
        return out
    if s.bsq_player >= 0:
        # an open brainstone question comes before anything else
        p = s.bsq_player
        for i in range(s.bsq_nchoices):
            _accept(core, p, "brainstone", (_BS_NAMES[s.bsq_choices[i]],), out)
        return out
    pl = &s.pl[p]
    labels = _labels_of(core)
    if s.phase == PH_FACTION or s.phase == PH_AUCTION:
        if s.phase == PH_FACTION:
            for name in FACTION_NAMES:
                _accept(core, p, "faction", (name,), out)
        if c.auction != AUC_NONE:
            top = max([s.auc_bid[i] for i in range(s.auc_n)] or [0])
            for i in range(s.auc_n):
                for amount in range(top + 10):
                    _accept(core, p, "bid", (FACTION_NAMES[s.auc_faction[i]], str(amount)), out)
    elif s.phase == PH_SETUP_BUILD:
        b_name = "PI" if pl.faction == F_IVITS else "m"
        for h in range(c.nhex):
            if s.owner[h] == -1 and s.planet[h] == F_HOME[pl.faction]:
                _accept(core, p, "build", (b_name, labels[h]), out)
    elif s.phase == PH_SETUP_BOOSTER:
        for b in range(NBOOSTER):
            if s.booster_free[b]:
                _accept(core, p, "booster", ("booster%d" % (b + 1),), out)
    elif s.phase == PH_INCOME:
        seen = []
        for i in range(pl.ninc):
            arg = _amt(pl.inc[i].amount, "t" if pl.inc[i].kind == R_T else "pw")
            if arg not in seen:
                seen.append(arg)
                _accept(core, p, "income", (arg,), out)
    elif s.phase == PH_LEECH:
        if s.leech_pos < s.nleech:
            n = leech_amount(s, c, p, s.leech[s.leech_pos].hex)
            if pl.faction == F_TAKLONS and pl.nbuild[B_PI] > 0:
                # taking the token first adds one token to area1: up to 2 more power can be charged
                i = imin(imin(leech_value(s, c, p, s.leech[s.leech_pos].hex), charge_capacity(pl) + 2),
                         pl.vp + 1)
                _accept(core, p, "charge", ("%dpw,1t" % n,), out)
                _accept(core, p, "charge", ("1t,%dpw" % i,), out)
                _accept(core, p, "decline", ("%dpw,1t" % n,), out)
            else:
                _accept(core, p, "charge", ("%dpw" % n,), out)
                _accept(core, p, "decline", ("%dpw" % n,), out)
    elif s.phase == PH_GAIA:
        if s.npend > 0:
            _gen_pending(core, p, labels, out)
        elif pl.faction == F_TERRANS:
            for cost, income in _CONV_TERRANS_GAIA:   # every count the gaia area allows (fastgen.pxi)
                per, gain = int(cost[:-2]), int(income[:-1])
                for k in range(1, pl.power[3] // per + 1):
                    _accept(core, p, "spend", ("%dtg" % (k * per), "%d%s" % (k * gain, income[-1])), out)
        elif pl.faction == F_ITARS:
            _accept(core, p, "spend", ("4tg", "tech"), out)
            _accept(core, p, "decline", ("tech",), out)
    elif s.phase == PH_MOVE:
        if s.npend > 0:
            _gen_pending(core, p, labels, out)
        elif s.action_done:
            _gen_free_actions(core, p, labels, out)
            _accept(core, p, "endturn", (), out)
        else:
            _gen_main(core, p, labels, out)
            _gen_free_actions(core, p, labels, out)
    return out


def legal_commands(Core core) -> list:
    """The legal atomic commands of the player to move, as (name, args) tuples in notation form.

    Every command returned applies to this core without IllegalMove (checked on a copy)."""
    return _legal(core)
