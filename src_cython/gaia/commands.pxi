# The atomic commands of the boardgamers.space notation, applied to a Core. Arguments arrive as
# already-parsed names; this layer maps them to indices and checks whose decision it is.

cdef dict _POS = {name: i for i, name in enumerate(POSITION_NAMES)}
cdef dict _TRACK = {name: i for i, name in enumerate(TRACK_NAMES)}
cdef dict _ACTION = {name: i for i, name in enumerate(ACTION_NAMES)}
cdef dict _BUILDING = {name: i for i, name in enumerate(BUILDING_NAMES)}
cdef dict _FACTION = {name: i for i, name in enumerate(FACTION_NAMES)}
cdef dict _RES = {"vp": R_VP, "c": R_C, "o": R_O, "k": R_K, "q": R_Q, "pw": R_PW, "t": R_T}


def _amount(str text):
    """Split '3pw' into (3, 'pw'); a bare unit counts 1."""
    cdef int i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    return (int(text[:i]) if i else 1), text[i:]


cdef class Context:
    """The static part of one game (map, distances, tiles), shared by every state of that game."""
    cdef GameContext* c

    def __cinit__(self):
        self.c = <GameContext*> calloc(1, sizeof(GameContext))
        if self.c == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.c)


cdef class Core:
    """One game: its shared static context and its current state (copied by one memcpy)."""
    cdef Context context
    cdef GameContext* ctx
    cdef GState st
    cdef public dict hex_index

    def __init__(self, int num_players, list planets, list sectors, list distances, list round_tiles,
                 list final_tiles, list boosters, list tech_at, int terra_fed, list fed_supply):
        cdef int i, j, n = len(planets)
        if n > MAXHEX:
            raise ValueError("map too large")
        self.context = Context()
        self.ctx = self.context.c
        memset(&self.st, 0, sizeof(GState))
        self.ctx.num_players = num_players
        self.ctx.nhex = n
        for i in range(n):
            self.ctx.planet0[i] = planets[i]
            self.ctx.sector[i] = sectors[i]
            for j in range(n):
                self.ctx.dist[i][j] = min(255, distances[i][j])
        for i in range(6):
            self.ctx.round_tiles[i] = round_tiles[i]
        for i in range(2):
            self.ctx.final_tiles[i] = final_tiles[i]
        for i in range(NBOOSTER):
            self.ctx.booster_in_play[i] = 1 if i in boosters else 0
        for i in range(NPOS):
            self.ctx.tech_at[i] = tech_at[i]
        self.ctx.terra_fed = terra_fed
        s = &self.st
        s.num_players = num_players
        s.phase = PH_FACTION
        s.current = 0
        s.norder = num_players
        for i in range(num_players):
            s.order[i] = i
            s.pl[i].faction = -1
            s.pl[i].vp = 10
            s.pl[i].booster = -1
            s.pl[i].lost_planet = -1
        for i in range(n):
            s.planet[i] = planets[i]
            s.owner[i] = -1
            s.building[i] = B_NONE
            s.guest[i] = -1
        for i in range(NACTION):
            s.actions_used[i] = -1
        for i in range(NBASIC):
            s.tech_supply[i] = num_players
        for i in range(6):
            s.fed_supply[i] = fed_supply[i]
        for i in range(NBOOSTER):
            s.booster_free[i] = self.ctx.booster_in_play[i]
        s.bsq_player = -1
        s.downlab_hex = -1

    def copy(self):
        cdef Core other = Core.__new__(Core)
        other.hex_index = self.hex_index
        other.context = self.context
        other.ctx = self.ctx
        memcpy(&other.st, &self.st, sizeof(GState))
        return other

    def restore(self, Core other):
        """Take other's state (a copy of this game made earlier): the undo of the Python API."""
        if other.context is not self.context:
            raise ValueError("not a state of this game")
        memcpy(&self.st, &other.st, sizeof(GState))

    @staticmethod
    def state_size():
        """Bytes of one state: what a clone copies."""
        return sizeof(GState)

    @property
    def current_player(self):
        """Whose decision it is: the owner of an open brainstone question comes first."""
        return self.st.bsq_player if self.st.bsq_player >= 0 else self.st.current

    @property
    def phase(self):
        return PHASE_CODES[self.st.phase]

    @property
    def round(self):
        return self.st.round

    @property
    def finished(self):
        return bool(self.st.finished)

    @property
    def pending(self):
        return [(self.st.pend[i].kind, self.st.pend[i].arg) for i in range(self.st.npend)]

    def faction(self, int p):
        f = self.st.pl[p].faction
        return FACTION_NAMES[f] if f >= 0 else None

    def final_scores(self):
        if not self.st.finished:
            return None
        return [self.st.final_vp[p] for p in range(self.st.num_players)]

    # ---- the commands -------------------------------------------------------------------------

    def command(self, int p, str name, tuple args):
        """Apply one command of player p. Raises IllegalMove with the reason."""
        cdef GState* s = &self.st
        if s.phase == PH_END:
            illegal("the game is over")
        if name == "decline" and args == ("tech",):
            self._cmd_decline(p, args)
            return
        if s.bsq_player >= 0 and name != "brainstone":
            illegal("the brainstone decision must come first")
        if p != s.current and not (name == "income" or name == "brainstone"):
            illegal("it is not this player's turn (waiting for player %d)" % (s.current + 1))
        handler = getattr(self, "_cmd_" + name.replace("-", "_"), None)
        if handler is None:
            illegal("unsupported command %r" % name)
        phase_before = s.phase
        handler(p, args)
        if phase_before == PH_GAIA and s.phase == PH_GAIA and s.npend == 0 and not gaia_decision_open(s, p):
            continue_gaia_phase(s, self.ctx)

    def end_turn(self, int p):
        """The player ends the turn (a trailing '.' or 'endturn')."""
        cdef GState* s = &self.st
        if s.phase != PH_MOVE or p != s.current:
            return
        if not s.action_done:
            illegal("a turn needs a main action before it ends")
        end_turn(s, self.ctx)

    def _main_action(self):
        cdef GState* s = &self.st
        if s.phase != PH_MOVE:
            illegal("not in the action phase (phase %s)" % PHASE_CODES[s.phase])
        if s.action_done:
            illegal("the main action of this turn was already taken")
        s.action_done = 1

    def _cmd_faction(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef int q, f
        if s.phase != PH_FACTION:
            illegal("factions are chosen only at setup")
        f = _FACTION.get(args[0], -1)
        if f < 0:
            illegal("unknown faction %r" % args[0])
        for q in range(s.num_players):
            if s.pl[q].faction >= 0 and (s.pl[q].faction == f or F_HOME[s.pl[q].faction] == F_HOME[f]):
                illegal("%s cannot be chosen: %s plays on the same home planet" % (args[0], FACTION_NAMES[s.pl[q].faction]))
        s.pl[p].faction = f
        if p + 1 < s.num_players:
            s.current = p + 1
            return
        for q in range(s.num_players):
            start_faction(s, self.ctx, q)
        setup_sequences(s)
        s.phase = PH_SETUP_BUILD
        s.current = s.setup_seq[0]

    def _hex(self, str label):
        idx = self.hex_index.get(label)
        if idx is None:
            illegal("unknown hex %r" % label)
        return idx

    def _cmd_build(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef GameContext* c = self.ctx
        cdef int b = _BUILDING.get(args[0], -2)
        cdef int h = self._hex(args[1])
        cdef int arg
        if b == -2:
            illegal("unknown building %r" % args[0])
        if s.phase == PH_SETUP_BUILD:
            if s.pl[p].faction == F_IVITS:
                if b != B_PI:
                    illegal("ivits start with their planetary institute")
                if s.owner[h] != -1 or s.planet[h] != F_HOME[F_IVITS]:
                    illegal("the PI goes on an empty home planet")
                s.owner[h] = p
                s.building[h] = B_PI
                s.pl[p].seq_pi = next_seq(s)
                s.pl[p].nbuild[B_PI] = 1
            else:
                if b != B_M:
                    illegal("starting buildings are mines")
                build_mine(s, c, p, h, 1)
            s.setup_pos += 1
            if s.setup_pos < s.nsetup:
                s.current = s.setup_seq[s.setup_pos]
            else:
                s.phase = PH_SETUP_BOOSTER
                s.current = s.num_players - 1
            return
        if s.phase != PH_MOVE:
            illegal("cannot build in phase %s" % PHASE_CODES[s.phase])
        if b == B_M:
            arg = 0
            for i in range(s.npend):
                if s.pend[i].kind == PD_BUILD or s.pend[i].kind == PD_RANGE_BUILD:
                    arg = 1
            if not arg:
                self._main_action()
            build_mine(s, c, p, h, 0)
        elif b == B_GF:
            arg = 0
            for i in range(s.npend):
                if s.pend[i].kind == PD_RANGE_BUILD:
                    arg = 1
            if not arg:
                self._main_action()
            build_gaiaformer(s, c, p, h)
        elif b == B_TS and pop_pending(s, PD_DOWNLAB) != -100:
            if s.owner[h] != p or s.building[h] != B_LAB:
                illegal("down-lab downgrades one of the player's research labs")
            s.building[h] = B_TS
            drop_source(&s.pl[p], B_LAB)
            s.pl[p].nbuild[B_LAB] -= 1
            note_source(s, &s.pl[p], B_TS)
            s.pl[p].nbuild[B_TS] += 1
            on_event(s, c, p, EV_TS, 1)
            s.downlab_hex = h   # its leech comes after the rest of the special action (a lost planet)
            push_pending(s, PD_UP, ANY_TRACK)
        elif b == B_SP:
            if pop_pending(s, PD_SPACESTATION) == -100:
                illegal("a space station follows the space-station special action")
            if s.planet[h] != PL_EMPTY or s.owner[h] != -1:
                illegal("a space station goes on an empty space hex")
            pay(s, p, 0, 0, 0, range_qic(s, c, p, h, 0), "the space station's range")
            s.owner[h] = p
            s.building[h] = B_SP
            s.pl[p].nbuild[B_SP] += 1
            join_adjacent_federation(s, c, p, h)
        else:
            self._main_action()
            upgrade(s, c, p, h, b)

    def _cmd_booster(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef int b = self._booster(args[0])
        if s.phase != PH_SETUP_BOOSTER:
            illegal("boosters are taken at setup or when passing")
        s.booster_free[b] = 0
        s.pl[p].booster = b
        s.pl[p].seq_booster = next_seq(s)
        if p > 0:
            s.current = p - 1
        else:
            begin_round(s, self.ctx)

    def _booster(self, str name):
        cdef int b
        if not name.startswith("booster") or not name[7:].isdigit():
            illegal("unknown booster %r" % name)
        b = int(name[7:]) - 1
        if b < 0 or b >= NBOOSTER or not self.st.booster_free[b]:
            illegal("%s is not available" % name)
        return b

    def _cmd_pass(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef int b = -1
        self._main_action()
        if s.round < 6:
            if not args:
                illegal("passing before round 6 takes a booster")
            b = self._booster(args[0])
        elif args:
            illegal("no booster is taken when passing in round 6")
        pass_vp(s, self.ctx, p)
        if s.pl[p].booster >= 0:
            s.booster_free[s.pl[p].booster] = 1
        s.pl[p].booster = b
        s.pl[p].seq_booster = next_seq(s)
        if b >= 0:
            s.booster_free[b] = 0
        s.pl[p].passed = 1
        s.pass_order[s.npassed] = p
        s.npassed += 1
        end_turn(s, self.ctx)

    def _cmd_up(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef int t = _TRACK.get(args[0], -1)
        if t < 0:
            illegal("unknown research track %r" % args[0])
        if s.phase != PH_MOVE and s.phase != PH_GAIA:
            illegal("cannot research in phase %s" % PHASE_CODES[s.phase])
        if free_up(s, self.ctx, p, t) == -2:
            self._main_action()
            research_up(s, self.ctx, p, t, 0)

    def _cmd_decline(self, int p, tuple args):
        cdef GState* s = &self.st
        if s.phase == PH_LEECH:
            s.leech_pos += 1
            advance_leech(s, self.ctx)
            return
        if args and args[0] == "up":
            if pop_pending(s, PD_UP) == -100 and pop_pending(s, PD_UPLOWEST) == -100:
                illegal("no research step to decline")
            return
        if args and args[0] == "tech":
            if s.phase != PH_GAIA:
                illegal("nothing to decline")
            s.gaia_declined = 1
            continue_gaia_phase(s, self.ctx)
            return
        illegal("nothing to decline")

    def _cmd_tech(self, int p, tuple args):
        cdef int pos = _POS.get(args[0], -1)
        if pos < 0:
            illegal("unknown tech position %r" % args[0])
        take_tech(&self.st, self.ctx, p, pos)

    def _cmd_cover(self, int p, tuple args):
        cdef int pos = _POS.get(args[0], -1)
        if pos < 0:
            illegal("unknown tech position %r" % args[0])
        cover_tech(&self.st, p, pos)

    def _cmd_action(self, int p, tuple args):
        cdef int a = _ACTION.get(args[0], -1)
        if a < 0:
            illegal("unknown board action %r" % args[0])
        self._main_action()
        board_action(&self.st, self.ctx, p, a)

    def _cmd_fedtile(self, int p, tuple args):
        cdef int k = FED_NAMES.index(args[0]) if args[0] in FED_NAMES else -1
        if k < 0 or self.st.pl[p].fed_held[k] == 0:
            illegal("the player holds no %s token" % args[0])
        if pop_pending(&self.st, PD_FEDTILE) == -100:
            illegal("fedtile follows the qic2 action")
        gain_fed_reward(&self.st, p, k)

    def _cmd_lostPlanet(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef int h = self._hex(args[0])
        if pop_pending(s, PD_LOSTPLANET) == -100:
            illegal("the lost planet is placed after reaching navigation level 5")
        if s.planet[h] != PL_EMPTY or s.owner[h] != -1 or s.sat_mask[h]:
            illegal("the lost planet goes on an empty space hex")
        pay(s, p, 0, 0, 0, range_qic(s, self.ctx, p, h, 0), "the lost planet's range")
        s.planet[h] = PL_LOST
        s.owner[h] = p
        s.building[h] = B_M
        s.pl[p].lost_planet = h
        mine_effects(s, self.ctx, p, h, 1)
        join_adjacent_federation(s, self.ctx, p, h)
        note_built(s, h)

    def _cmd_special(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef PlayerState* pl = &s.pl[p]
        cdef str what = args[0]
        cdef GameContext* c = self.ctx
        self._main_action()
        if what == "step" or what == "range+3":
            if pl.booster != (3 if what == "step" else 4):
                illegal("special %s needs its booster" % what)
            use_special(s, p, SP_BOOSTER)
            if what == "step":
                push_pending(s, PD_BUILD, 1)
            else:
                push_pending(s, PD_RANGE_BUILD, 3)
        elif what == "4pw":
            if not has_tile(s, c, p, 9):
                illegal("special 4pw needs its tech tile")
            use_special(s, p, SP_TECH9)
            charge(s, p, 4)
        elif what == "q" or what == "4c":
            if pl.nbuild[B_AC2] == 0 or (what == "4c") != (pl.faction == F_BALTAKS):
                illegal("special %s needs the academy" % what)
            use_special(s, p, SP_AC2)
            gain(s, p, R_C if what == "4c" else R_Q, 4 if what == "4c" else 1)
        elif what == "q,5c" or what == "3o" or what == "3k":
            tile = {"q,5c": 3, "3o": 11, "3k": 13}[what]
            if not has_adv(s, c, p, tile):
                illegal("special %s needs its advanced tile" % what)
            use_special(s, p, {"q,5c": SP_ADV_QC, "3o": SP_ADV_3O, "3k": SP_ADV_3K}[what])
            if what == "q,5c":
                gain(s, p, R_Q, 1)
                gain(s, p, R_C, 5)
            elif what == "3o":
                gain(s, p, R_O, 3)
            else:
                gain(s, p, R_K, 3)
        elif what == "swap-PI" or what == "space-station" or what == "down-lab" or what == "up-lowest":
            needed = {"swap-PI": F_AMBAS, "space-station": F_IVITS, "down-lab": F_FIRAKS, "up-lowest": F_BESCODS}[what]
            if pl.faction != needed or (what != "up-lowest" and pl.nbuild[B_PI] == 0):
                illegal("special %s is not available to this player" % what)
            use_special(s, p, SP_FACTION)
            push_pending(s, {"swap-PI": PD_SWAPPI, "space-station": PD_SPACESTATION, "down-lab": PD_DOWNLAB,
                             "up-lowest": PD_UPLOWEST}[what], 0)
        else:
            illegal("unknown special action %r" % what)

    def _cmd_swap_PI(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef int h = self._hex(args[0])
        cdef int j
        if pop_pending(s, PD_SWAPPI) == -100:
            illegal("swap-PI follows the special action")
        if s.owner[h] != p or s.building[h] != B_M:
            illegal("swap-PI swaps the PI with one of the player's mines")
        for j in range(self.ctx.nhex):
            if s.owner[j] == p and s.building[j] == B_PI:
                s.building[j] = B_M
        s.building[h] = B_PI

    def _cmd_federation(self, int p, tuple args):
        cdef int hexes[64]
        cdef int n = 0
        cdef str token = args[1]
        labels = args[0].split(",")
        if len(labels) > 64:
            illegal("too many hexes in the federation")
        for label in labels:
            hexes[n] = self._hex(label)
            n += 1
        if not token.startswith("fed") or token[3:] not in ("1", "2", "3", "4", "5", "6"):
            illegal("unknown federation token %r" % token)
        self._main_action()
        form_federation(&self.st, self.ctx, p, hexes, n, int(token[3:]) - 1)

    def _free_action_allowed(self, int p, bint gaia_tokens):
        cdef GState* s = &self.st
        if gaia_tokens:
            if s.phase != PH_GAIA or s.current != p:
                illegal("gaia-area tokens are spent only in the player's gaia phase decision")
        elif s.phase != PH_MOVE or s.current != p:
            illegal("free actions are taken during the player's own turn")

    def _cmd_burn(self, int p, tuple args):
        self._free_action_allowed(p, False)
        burn_power(&self.st, p, int(args[0]))

    def _check_conversion(self, int p, list cost, list income):
        """A spend must be k times one of the conversions open to the player."""
        cdef PlayerState* pl = &self.st.pl[p]
        rates = list(CONVERSIONS)
        pi = pl.nbuild[B_PI] > 0
        if pl.faction == F_HADSCH and pi:
            rates += HADSCH_PI_CONVERSIONS
        if pl.faction == F_NEVLAS:
            rates += [((1, "t-a3"), ((1, "k"),))]
            if pi:
                rates += NEVLAS_PI_CONVERSIONS
        if pl.faction == F_BALTAKS:
            rates += [((1, "gf"), ((1, "q"),))]
        if pl.faction == F_TERRANS and pi:
            rates += TERRANS_GAIA_CONVERSIONS
        if pl.faction == F_ITARS and pi:
            rates += [((4, "tg"), ((1, "tech"),))]
        if len(cost) != 1:
            illegal("a conversion has one cost")
        n, unit = cost[0]
        for (bn, bunit), bincome in rates:
            if bunit != unit or n % bn or len(bincome) != len(income):
                continue
            k = n // bn
            if all(u == bu and a == k * ba for (a, u), (ba, bu) in zip(income, bincome)):
                if bincome[0][1] == "tech" and k != 1:
                    continue
                return
        illegal("no conversion turns %d%s into %s" % (n, unit, ",".join("%d%s" % x for x in income)))

    def _cmd_spend(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef PlayerState* pl = &s.pl[p]
        cdef int n
        cost = [_amount(x) for x in args[0].split(",")]
        income = [_amount(x) for x in args[1].split(",")]
        self._free_action_allowed(p, cost[0][1] == "tg")
        self._check_conversion(p, cost, income)
        for n, unit in cost:
            if unit == "pw":
                pay_power(s, p, n)
            elif unit == "t-a3":
                if pl.faction != F_NEVLAS or pl.power[2] < n:
                    illegal("cannot move %d tokens from area3 to the gaia area" % n)
                pl.power[2] -= n
                pl.power[3] += n
            elif unit == "tg":
                if pl.power[3] < n:
                    illegal("only %d tokens in the gaia area" % pl.power[3])
                pl.power[3] -= n
                if pl.faction == F_TERRANS:
                    pl.power[1] += n
            elif unit == "gf":
                if pl.faction != F_BALTAKS or gaiaformers_free(pl) < n:
                    illegal("no gaia-former to spend")
                pl.gf_spent += n
            elif unit == "c":
                pay(s, p, n, 0, 0, 0, "the conversion")
            elif unit == "o":
                pay(s, p, 0, n, 0, 0, "the conversion")
            elif unit == "k":
                pay(s, p, 0, 0, n, 0, "the conversion")
            elif unit == "q":
                pay(s, p, 0, 0, 0, n, "the conversion")
            else:
                illegal("unknown cost %r" % unit)
        for n, unit in income:
            if unit == "tech":
                push_pending(s, PD_TECH, 0)
            elif unit in _RES:
                gain(s, p, _RES[unit], n)
            else:
                illegal("unknown reward %r" % unit)

    def _cmd_charge(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef LeechOffer* o
        cdef int n = 0, token = 0, token_first = 0
        if s.phase != PH_LEECH:
            illegal("no charge offer to answer")
        parts = args[0].split(",")
        for i, part in enumerate(parts):
            amount, unit = _amount(part)
            if unit == "pw":
                n = amount
            elif unit == "t":
                token = amount
                token_first = i == 0
        o = &s.leech[s.leech_pos]
        offered = leech_amount(s, self.ctx, p, o.hex)
        taklons_pi = s.pl[p].faction == F_TAKLONS and s.pl[p].nbuild[B_PI] > 0
        if token_first and taklons_pi:
            offered = imin(imin(leech_value(s, self.ctx, p, o.hex), chargeable(s, p) + 2), s.pl[p].vp + 1)
        if n != offered or (token != (1 if taklons_pi else 0)):
            illegal("the offer is %s" % ("%dpw,1t or 1t,%dpw" % (leech_amount(s, self.ctx, p, o.hex), offered)
                                          if taklons_pi else "%dpw" % offered))
        if token and token_first:
            gain(s, p, R_T, token)
        charge(s, p, n)
        if n > 1:
            s.pl[p].vp -= n - 1
        if token and not token_first:
            gain(s, p, R_T, token)
        s.leech_pos += 1
        advance_leech(s, self.ctx)

    def _cmd_income(self, int p, tuple args):
        cdef GState* s = &self.st
        cdef PlayerState* pl = &s.pl[p]
        cdef int i
        amount, unit = _amount(args[0])
        kind = R_T if unit == "t" else R_PW
        for i in range(pl.ninc):
            if pl.inc[i].kind == kind and pl.inc[i].amount == amount:
                resolve_income_event(s, p, i)
                flush_income(s, p)
                if s.phase == PH_INCOME and s.bsq_player < 0:
                    continue_round_start(s, self.ctx)
                return
        illegal("no income %s to receive" % args[0])

    def _cmd_brainstone(self, int p, tuple args):
        cdef GState* s = &self.st
        dest = {"area1": BS_A1, "area2": BS_A2, "area3": BS_A3, "gaia": BS_GAIA, "discard": BS_NONE}.get(args[0])
        if dest is None:
            illegal("unknown brainstone destination %r" % args[0])
        kind = s.bsq_kind
        answer_brainstone(s, p, dest)
        if kind == BSQ_INCOME:
            flush_income(s, p)
            if s.bsq_player < 0 and s.phase == PH_INCOME:
                continue_round_start(s, self.ctx)

    def _cmd_init(self, int p, tuple args):
        pass

    # ---- reading the state ------------------------------------------------------------------------

    def snapshot(self, list labels):
        """The state in the corpus snapshot format, plus the occupied board as {label: entry}."""
        cdef GState* s = &self.st
        cdef PlayerState* pl
        cdef int p, h, k
        players = []
        boosters = []
        techs = []
        for p in range(s.num_players):
            pl = &s.pl[p]
            row = [pl.vp, pl.credits, pl.ores, pl.knowledge, pl.qic, pl.power[0], pl.power[1], pl.power[2],
                   pl.power[3], pl.brainstone]
            row += [pl.research[k] for k in range(NTRACK)]
            row += [pl.nbuild[k] for k in range(8)]
            row += [held_feds(pl), green_feds(pl), pl.satellites, pl.gf_owned]
            players.append(row)
            boosters.append("booster%d" % (pl.booster + 1) if pl.booster >= 0 else None)
            techs.append(",".join(POSITION_NAMES[pl.tech_order[k]] + ("!" if (pl.covered >> pl.tech_order[k]) & 1 else "")
                                  for k in range(pl.ntech)))
        board = {}
        for h in range(self.ctx.nhex):
            if s.owner[h] >= 0 or s.fed_mask[h] or s.planet[h] != self.ctx.planet0[h] or s.guest[h] >= 0:
                board[labels[h]] = [PLANET_LETTERS[s.planet[h]], s.owner[h],
                                    BUILDING_NAMES[s.building[h]] if s.building[h] >= 0 else None, s.guest[h],
                                    [p for p in range(s.num_players) if (s.fed_mask[h] >> p) & 1]]
        return {
            "r": s.round, "ph": PHASE_CODES[s.phase], "tm": s.current, "p": players, "b": boosters, "t": techs,
            "ba": "".join("." if s.actions_used[k] < 0 else str(s.actions_used[k]) for k in range(NACTION)),
            "board": board,
        }
