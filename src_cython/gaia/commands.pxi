# The atomic commands of the boardgamers.space notation, applied to a Core. Arguments arrive as
# already-parsed names; this layer maps them to indices and checks whose decision it is.

cdef dict _POS = {name: i for i, name in enumerate(POSITION_NAMES)}
cdef dict _TRACK = {name: i for i, name in enumerate(TRACK_NAMES)}
cdef dict _ACTION = {name: i for i, name in enumerate(ACTION_NAMES)}
cdef dict _BUILDING = {name: i for i, name in enumerate(BUILDING_NAMES)}
cdef dict _FACTION = {name: i for i, name in enumerate(FACTION_NAMES)}
cdef dict _SPECIAL = {name: i for i, name in enumerate(SPECIAL_NAMES)}
cdef dict _FED = {name: i for i, name in enumerate(FED_NAMES)}


def _amount(str text):
    """Split '3pw' into (3, 'pw'); a bare unit counts 1."""
    cdef int i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    return (int(text[:i]) if i else 1), text[i:]


# The enum values and rule tables the structured state (gaia_ai.games.gaia.structured) reads and writes
# in raw_state() dicts, so that Python never restates them.
RAW_CONSTANTS = {
    "MAXP": MAXP, "MAXHEX": MAXHEX, "MAXPEND": MAXPEND, "MAXLEECH": MAXLEECH, "MAXINC": MAXINC,
    "MAXBUILT": MAXBUILT, "NBASIC": NBASIC, "ANY_TRACK": ANY_TRACK, "R_PW": R_PW, "R_T": R_T,
    "PL_GAIA": PL_GAIA, "PL_TRANSDIM": PL_TRANSDIM, "PL_EMPTY": PL_EMPTY, "PL_LOST": PL_LOST,
    "F_HOME": [F_HOME[i] for i in range(NFACTION)],
    "F_START_TRACK": [F_START_TRACK[i] for i in range(NFACTION)],
    "MAX_BUILDINGS": [MAX_BUILDINGS[i] for i in range(8)],
    "MINE_ORE": [MINE_ORE[i] for i in range(8)],
    "TS_CREDITS": [TS_CREDITS[i] for i in range(4)],
    "BESCODS_LAB_CREDITS": [BESCODS_LAB_CREDITS[i] for i in range(3)],
    "FED_GREEN": [FED_REWARD[i][6] for i in range(NFEDKIND)],
    # phases, pending sub-decisions, brainstone questions and once-per-round specials in enum order
    "PHASES": [PH_FACTION, PH_SETUP_BUILD, PH_SETUP_BOOSTER, PH_INCOME, PH_GAIA, PH_MOVE, PH_LEECH, PH_END, PH_AUCTION],
    "PENDING": [PD_TECH, PD_COVER, PD_UP, PD_BUILD, PD_RANGE_BUILD, PD_LOSTPLANET, PD_FEDTILE, PD_SWAPPI,
                PD_SPACESTATION, PD_DOWNLAB, PD_UPLOWEST],
    "BSQ": [BSQ_CHARGE, BSQ_SPEND, BSQ_DISCARD, BSQ_INCOME],
    "SPECIAL_BITS": [SP_BOOSTER, SP_TECH9, SP_AC2, SP_ADV_QC, SP_ADV_3O, SP_ADV_3K, SP_FACTION],
    "BRAINSTONE": [BS_NONE, BS_A1, BS_A2, BS_A3, BS_GAIA],
}

cdef unsigned long long context_count = 0


cdef class Context:
    """The static part of one game (map, distances, tiles), shared by every state of that game."""
    cdef GameContext* c

    def __cinit__(self):
        global context_count
        self.c = <GameContext*> calloc(1, sizeof(GameContext))
        if self.c == NULL:
            raise MemoryError()
        context_count += 1      # under the GIL
        self.c.serial = context_count

    def __dealloc__(self):
        free(self.c)


cdef class Core:
    """One game: its shared static context and its current state (copied by one memcpy)."""
    cdef Context context
    cdef GameContext* ctx
    cdef GState st
    cdef public dict hex_index

    def __init__(self, int num_players, list planets, list sectors, list distances, list round_tiles,
                 list final_tiles, list boosters, list tech_at, int terra_fed, list fed_supply,
                 list start_extra=None, int auction=AUC_NONE):
        cdef int i, j, n = len(planets)
        if n > MAXHEX:
            raise ValueError("map too large")
        self.context = Context()
        self.ctx = self.context.c
        memset(&self.st, 0, sizeof(GState))
        self.ctx.num_players = num_players
        self.ctx.nhex = n
        self.ctx.nplanet = 0
        for i in range(n):
            self.ctx.planet0[i] = planets[i]
            self.ctx.sector[i] = sectors[i]
            if planets[i] != PL_EMPTY:
                self.ctx.planet_hex[self.ctx.nplanet] = i
                self.ctx.nplanet += 1
            for j in range(n):
                self.ctx.dist[i][j] = min(255, distances[i][j])
                if distances[i][j] == 1 and self.ctx.nadj[i] < 6:
                    self.ctx.adj[i][self.ctx.nadj[i]] = j
                    self.ctx.nadj[i] += 1
        for i in range(6):
            self.ctx.round_tiles[i] = round_tiles[i]
        for i in range(2):
            self.ctx.final_tiles[i] = final_tiles[i]
        for i in range(NBOOSTER):
            self.ctx.booster_in_play[i] = 1 if i in boosters else 0
        for i in range(NPOS):
            self.ctx.tech_at[i] = tech_at[i]
        self.ctx.terra_fed = terra_fed
        if not AUC_NONE <= auction <= AUC_BID_WHILE_CHOOSING:
            raise ValueError("auction: unknown mode %d" % auction)
        self.ctx.auction = auction
        if start_extra is not None:
            if len(start_extra) != NFACTION or any(len(row) != 4 + NTRACK for row in start_extra):
                raise ValueError("start_extra: one row of 4 resources + 6 tracks per faction")
            for i in range(NFACTION):
                for j in range(4 + NTRACK):
                    self.ctx.start_extra[i][j] = start_extra[i][j]
        s = &self.st
        s.num_players = num_players
        s.phase = PH_FACTION
        s.current = 0
        s.norder = num_players
        for i in range(num_players):
            s.order[i] = i
            s.table[i] = i
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

    def auction_state(self):
        """The auction so far: [(faction, holder or None, bid or None)] in pick order; after the boards
        are loaded, the same with every holder set."""
        cdef GState* s = &self.st
        return [(FACTION_NAMES[s.auc_faction[i]], s.auc_holder[i] if s.auc_holder[i] >= 0 else None,
                 s.auc_bid[i] if s.auc_holder[i] >= 0 else None) for i in range(s.auc_n)]

    def bids(self):
        """Each player's winning bid (VP paid at the end; 0 without an auction)."""
        return [self.st.pl[p].bid for p in range(self.st.num_players)]

    @property
    def auction_mode(self):
        return self.ctx.auction

    def final_scores(self):
        if not self.st.finished:
            return None
        return [self.st.final_vp[p] for p in range(self.st.num_players)]

    # ---- the commands -------------------------------------------------------------------------

    def command(self, int p, str name, tuple args):
        """Apply one command of player p, in notation form. Raises IllegalMove with the reason."""
        cdef int hexes[64]
        cdef int n = 0
        if name == "federation":
            if len(args) != 2:
                illegal("federation takes hexes and a token")
            labels = args[0].split(",")
            if len(labels) > 64:
                illegal("too many hexes in the federation")
            for label in labels:
                hexes[n] = self._hex(label)
                n += 1
            kind = FED_NAMES.index(args[1]) if args[1] in FED_NAMES[:6] else -1
            if kind < 0:
                illegal("unknown federation token %r" % args[1])
            check_turn(&self.st, p, MV_FEDERATION)
            do_federation(&self.st, self.ctx, p, hexes, n, kind)
            return
        apply_move(&self.st, self.ctx, p, self.parse_command(p, name, args))

    def apply_move(self, int p, Move m):
        """Apply one move of the C generator (legal_moves_int); federations go through their candidates."""
        cdef int hexes[64]
        cdef int n
        if mv_kind(m) == MV_FEDERATION:
            n = federation_candidate(&self.st, self.ctx, p, mv_hex(m), hexes, 64)
            if n <= 0:
                illegal("no such federation candidate")
            check_turn(&self.st, p, MV_FEDERATION)
            do_federation(&self.st, self.ctx, p, hexes, n, mv_a(m))
        else:
            apply_move(&self.st, self.ctx, p, m)

    def parse_command(self, int p, str name, tuple args):
        """The Move of a notation command (not a federation: its hexes are listed, see command())."""
        a0 = args[0] if args else None
        if name == "faction":
            return pack(MV_FACTION, self._lookup(_FACTION, a0, "faction"), 0, 0)
        if name == "bid":
            if len(args) != 2 or not args[1].isdigit() or int(args[1]) > AUC_MAX_BID:
                illegal("bid takes a faction and a number of VP (at most %d)" % AUC_MAX_BID)
            return pack(MV_BID, self._lookup(_FACTION, a0, "faction"), int(args[1]), 0)
        if name == "build":
            if len(args) != 2:
                illegal("build takes a building and a hex")
            return pack(MV_BUILD, self._lookup(_BUILDING, a0, "building"), 0, self._hex(args[1]))
        if name == "up":
            return pack(MV_UP, self._lookup(_TRACK, a0, "research track"), 0, 0)
        if name == "decline":
            if a0 == "up":
                return pack(MV_DECLINE_UP, 0, 0, 0)
            if a0 == "tech":
                return pack(MV_DECLINE_TECH, 0, 0, 0)
            n, variant = self._offer(a0)
            return pack(MV_DECLINE_CHARGE, n, variant, 0)
        if name == "charge":
            n, variant = self._offer(a0)
            return pack(MV_CHARGE, n, variant, 0)
        if name == "tech" or name == "cover":
            return pack(MV_TECH if name == "tech" else MV_COVER, self._lookup(_POS, a0, "tech position"), 0, 0)
        if name == "action":
            return pack(MV_ACTION, self._lookup(_ACTION, a0, "board action"), 0, 0)
        if name == "special":
            return pack(MV_SPECIAL, self._lookup(_SPECIAL, a0, "special action"), 0, 0)
        if name == "fedtile":
            return pack(MV_FEDTILE, self._lookup(_FED, a0, "federation token"), 0, 0)
        if name == "lostPlanet":
            return pack(MV_LOSTPLANET, 0, 0, self._hex(a0))
        if name == "swap-PI":
            return pack(MV_SWAPPI, 0, 0, self._hex(a0))
        if name == "spend":
            i, k = self._conversion(p, args)
            return pack(MV_SPEND, i, k, 0)
        if name == "burn":
            if a0 is None or not a0.isdigit() or not 0 < int(a0) < 256:
                illegal("burn takes a number of tokens")
            return pack(MV_BURN, int(a0), 0, 0)
        if name == "booster":
            return pack(MV_BOOSTER, self._booster(a0), 0, 0)
        if name == "pass":
            return pack(MV_PASS, self._booster(a0) if args else NO_BOOSTER, 0, 0)
        if name == "income":
            amount, unit = _amount(a0 or "")
            if unit not in ("t", "pw"):
                illegal("income orders token or power income, not %r" % a0)
            return pack(MV_INCOME, R_T if unit == "t" else R_PW, amount, 0)
        if name == "brainstone":
            dest = {"area1": BS_A1, "area2": BS_A2, "area3": BS_A3, "gaia": BS_GAIA, "discard": BS_NONE}.get(a0)
            if dest is None:
                illegal("unknown brainstone destination %r" % a0)
            return pack(MV_BRAINSTONE, dest, 0, 0)
        if name == "endturn":
            return pack(MV_ENDTURN, 0, 0, 0)
        illegal("unsupported command %r" % name)

    def _lookup(self, dict table, key, str what):
        value = table.get(key)
        if value is None:
            illegal("unknown %s %r" % (what, key))
        return value

    def _offer(self, text):
        """'2pw' -> (2, plain); '2pw,1t' -> charge first; '1t,2pw' -> token first (Taklons PI)."""
        parts = (text or "").split(",")
        units = [_amount(x) for x in parts]
        if len(units) == 1 and units[0][1] == "pw":
            return units[0][0], LEECH_PLAIN
        if len(units) == 2 and {u for _, u in units} == {"pw", "t"}:
            n = units[0][0] if units[0][1] == "pw" else units[1][0]
            return n, (LEECH_CHARGE_FIRST if units[0][1] == "pw" else LEECH_TOKEN_FIRST)
        illegal("unknown charge offer %r" % text)

    def _conversion(self, int p, tuple args):
        """(index in SPEND_TABLE, times) of a spend open to the player, e.g. '2pw for 2c' = 2 x 1pw->1c."""
        cdef int i
        if len(args) != 2:
            illegal("spend takes a cost and a reward")
        n, unit = _amount(args[0])
        rewards = [_amount(x) for x in args[1].split(",")]
        for i in range(NSPEND):
            cost_n, cost_unit = _amount(SPEND_TABLE[i][0])
            base = [_amount(x) for x in SPEND_TABLE[i][1].split(",")]
            if cost_unit != unit or n % cost_n or len(base) != len(rewards):
                continue
            k = n // cost_n
            if all(u == bu and a == k * ba for (a, u), (ba, bu) in zip(rewards, base)) and \
                    conversion_open(&self.st.pl[p], i):
                return i, k
        illegal("no conversion turns %s into %s" % (args[0], args[1]))

    def end_turn(self, int p):
        """The player ends the turn (a trailing '.' or 'endturn'); a no-op when the line's last command
        already handed the turn on (a pass, a leech or income answer)."""
        cdef GState* s = &self.st
        if s.phase != PH_MOVE or p != s.current or s.bsq_player >= 0:
            return
        do_end_turn(s, self.ctx, p)

    def _hex(self, label):
        idx = self.hex_index.get(label)
        if idx is None:
            illegal("unknown hex %r" % label)
        return idx

    def _booster(self, name):
        if not isinstance(name, str) or not name.startswith("booster") or not name[7:].isdigit():
            illegal("unknown booster %r" % name)
        b = int(name[7:]) - 1
        if b < 0 or b >= NBOOSTER:
            illegal("unknown booster %r" % name)
        return b

    # ---- the whole state as data (gaia_ai.games.gaia.structured) ------------------------------------

    def raw_state(self):
        """The whole C state (GState) as a dict of its fields, arrays as lists (Cython's conversion)."""
        return self.st

    def load_raw_state(self, dict raw):
        """Replace the state by raw, a dict of raw_state()'s shape with every field. Nothing is checked
        here: structured.state_from_json validates a state before loading it. The federation candidate
        cache is emptied (it is derived data)."""
        cdef GState st = raw
        memset(st.fedc_key, 0, sizeof(st.fedc_key))
        memcpy(&self.st, &st, sizeof(GState))

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
