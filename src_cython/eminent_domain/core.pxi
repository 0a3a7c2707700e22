# The Python-facing Core: one game's state plus the shared tables; setup, moves, raw state, playouts.

class IllegalMove(ValueError):
    """A move that is not legal in the current state (the message says why)."""


cdef class Tables:
    """The card, planet and tech tables (EdContext), built once from cards.json by the Python package."""
    cdef EdContext* c

    def __cinit__(self):
        self.c = <EdContext*> calloc(1, sizeof(EdContext))
        if self.c == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.c)

    def __init__(self, dict t):
        cdef int i, j
        for i in range(NKIND):
            for j in range(NSYM):
                self.c.kind_sym[i][j] = t["kind_sym"][i][j]
            self.c.kind_effect[i] = t["kind_effect"][i]
            self.c.kind_influence[i] = t["kind_influence"][i]
        for i in range(NPLANET):
            self.c.planet_type[i] = t["planet_type"][i]
            self.c.planet_ccost[i] = t["planet_ccost"][i]
            self.c.planet_wcost[i] = t["planet_wcost"][i]
            self.c.planet_influence[i] = t["planet_influence"][i]
            self.c.planet_hand[i] = t["planet_hand"][i]
            self.c.planet_nslot[i] = len(t["planet_slots"][i])
            for j in range(len(t["planet_slots"][i])):
                self.c.planet_slot[i][j] = t["planet_slots"][i][j]
            for j in range(NSYM):
                self.c.planet_sym[i][j] = t["planet_sym"][i][j]
        for i in range(NTECH):
            self.c.tech_kind[i] = t["tech_kind"][i]
            self.c.tech_type[i] = t["tech_type"][i]
            self.c.tech_level[i] = t["tech_level"][i]
            self.c.tech_cost[i] = t["tech_cost"][i]
        for i in range(NPERM):
            self.c.perm_influence[i] = t["perm_influence"][i]
            for j in range(NSYM):
                self.c.perm_sym[i][j] = t["perm_sym"][i][j]


SIZES = {"MAXP": MAXP, "NSYM": NSYM, "NSTACK": NSTACK, "NKIND": NKIND, "NPLANET": NPLANET, "NSTART": NSTART,
         "NTECH": NTECH, "NACTTECH": NACTTECH, "NPERM": NPERM, "COLCAP": COLCAP, "MAXMOVES": MAXMOVES}
EFFECTS = ("survey", "warfare", "colonize", "produce_trade", "research", "politics", "improved_survey",
           "improved_colonize", "improved_warfare", "improved_production", "improved_trade",
           "improved_research", "diverse_markets", "data_network", "specialization", "mobilization",
           "survey_team", "war_path", "artificial_intelligence", "genetic_engineering", "terraforming")
PERMS = ("weapon_emporium", "streamlining", "imperialism", "scorched_earth_policy", "fertile_ground",
         "abundance", "adaptability", "hyperefficiency", "logistics", "productivity", "dissension",
         "bureaucracy")
DECISIONS = ("none", "action", "role", "boost", "follow", "keep", "war", "colonize", "tuck", "produce", "trade",
             "research", "attack", "settle", "remove", "take", "name", "terraform", "cleanup", "discard")
STAGES = ("action", "role", "leader", "follow", "mobilization", "cleanup", "over")
LOCATIONS = {"deck": LOC_DECK, "discard": LOC_DISCARD, "out": LOC_OUT, "look": LOC_LOOK, "owned": LOC_OWNED}
MOVE_TYPES = {"skip": MV_SKIP, "act": MV_ACT, "role": MV_ROLE, "boost": MV_BOOST, "done": MV_DONE,
              "follow": MV_FOLLOW, "dissent": MV_DISSENT, "keep": MV_KEEP, "attack": MV_ATTACK,
              "collect": MV_COLLECT, "settle": MV_SETTLE, "colonize": MV_COLONIZE, "tuck": MV_TUCK,
              "produce": MV_PRODUCE, "trade": MV_TRADE, "buy": MV_BUY, "remove": MV_REMOVE, "take": MV_TAKE,
              "name": MV_NAME, "discard": MV_DISCARD}
VARIANTS = ("", "collect", "attack", "settle", "tuck", "produce", "trade")


cdef class Core:
    """One game: the shared tables and the current state (copied by one memcpy)."""
    cdef Tables tables
    cdef EdState st

    def __init__(self, Tables tables, int num_players, unsigned long long seed, int errata,
                 list stack_total, int empty_to_end, int bga=0, int extra_round=0):
        cdef EdState* s = &self.st
        cdef int p, i, j, k, n
        cdef int start_deck[NROLEKIND]
        cdef int order[NSTART]
        if not 2 <= num_players <= MAXP:
            raise ValueError(f"Eminent Domain takes 2-{MAXP} players, not {num_players}")
        self.tables = tables
        memset(s, 0, sizeof(EdState))
        start_deck[:] = [2, 1, 2, 2, 2, 1]    # survey, warfare, colonize, produce/trade, research, politics
        s.num_players = num_players
        s.rng = seed
        s.opt.errata = errata
        s.opt.bga = bga
        s.opt.extra_round = extra_round
        s.opt.empty_to_end = empty_to_end
        for i in range(NSTACK):
            s.opt.stack_total[i] = stack_total[i]
            s.stacks[i] = stack_total[i] - num_players * start_deck[i]
            if s.stacks[i] < 0:
                raise ValueError(f"stack {i} holds {stack_total[i]} cards, fewer than the starting decks need")
        s.politics_out = 4 - num_players
        s.tech_avail = (1ULL << NTECH) - 1
        s.supply_black = 24
        s.supply_blue = 8
        for p in range(num_players):
            for k in range(NROLEKIND):
                s.pl[p].discard[k] = start_deck[k]
            reshuffle(s, p)
            draw_cards(s, p, 5)
        for i in range(NSTART):
            order[i] = i
        for i in range(NSTART - 1, 0, -1):
            j = rnd(s, i + 1)
            order[i], order[j] = order[j], order[i]
        for i in range(NSTART):
            s.planet_loc[order[i]] = LOC_OWNED + 2 * i if i < num_players else LOC_OUT
        n = 0
        for i in range(NSTART, NPLANET):
            s.pdeck[n] = <ushort> i
            n += 1
        s.npdeck = n
        for i in range(n - 1, 0, -1):
            j = rnd(s, i + 1)
            s.pdeck[i], s.pdeck[j] = s.pdeck[j], s.pdeck[i]
        s.start_player = rnd(s, num_players)
        s.leader = s.start_player
        start_turn(tables.c, s)

    def copy(self):
        cdef Core other = Core.__new__(Core)
        other.tables = self.tables
        memcpy(&other.st, &self.st, sizeof(EdState))
        return other

    def restore(self, Core other):
        memcpy(&self.st, &other.st, sizeof(EdState))

    @property
    def actor(self):
        return -1 if self.st.finished else self.st.actor

    @property
    def finished(self):
        return bool(self.st.finished)

    @property
    def decision(self):
        return DECISIONS[self.st.dec]

    def legal_moves(self):
        cdef Move out[MAXMOVES]
        cdef int n = gen_moves(self.tables.c, &self.st, out, MAXMOVES)
        return [out[i] for i in range(n)]

    def apply(self, Move m):
        """Apply m if it is one of the legal moves, else raise IllegalMove."""
        cdef Move out[MAXMOVES]
        cdef int n = gen_moves(self.tables.c, &self.st, out, MAXMOVES), i
        if self.st.finished:
            raise IllegalMove("the game is over")
        for i in range(n):
            if out[i] == m:
                do_move(self.tables.c, &self.st, m)
                return
        raise IllegalMove("not a legal move of this decision")

    def scores(self):
        return [score(self.tables.c, &self.st, p) for p in range(self.st.num_players)]

    def tiebreaks(self):
        return [tiebreak(self.tables.c, &self.st, p) for p in range(self.st.num_players)]

    def hand_limit(self, int p):
        return hand_limit(self.tables.c, &self.st, p)

    def empire_symbols(self, int p):
        return [empire_sym(self.tables.c, &self.st, p, r) for r in range(NSYM)]

    def key(self):
        """The bytes of the C state: equal keys, equal positions."""
        return (<char*> &self.st)[:sizeof(EdState)]

    def raw_state(self):
        """The whole C state as plain data (the fields of state.pxi)."""
        return self.st

    def load_raw_state(self, dict raw):
        """Replace the state by raw (raw_state()'s shape). Unchecked: callers validate."""
        self.st = raw

    def determinize(self, int observer, unsigned long long seed):
        cdef unsigned long long rng = seed
        if not 0 <= observer < self.st.num_players:
            raise ValueError(f"no player {observer}")
        gi_determinize(self.tables.c, &self.st, observer, &rng)

    def random_playout(self, unsigned long long seed, int max_moves=100000):
        """Play uniformly random moves to the end (or max_moves); returns the number of moves."""
        cdef unsigned long long rng = seed
        cdef int n = 0
        cdef Move m
        with nogil:
            while not self.st.finished and n < max_moves:
                m = gi_rollout_move(self.tables.c, &self.st, &rng)
                if m == -1 or do_move(self.tables.c, &self.st, m) != 0:
                    break
                n += 1
        return n


def playouts(Core core, int count, unsigned long long seed):
    """count random playouts from copies of core's state, nogil; returns the total number of moves."""
    cdef EdState s
    cdef unsigned long long rng = seed
    cdef long long total = 0
    cdef int i
    cdef Move m
    cdef const EdContext* c = core.tables.c
    with nogil:
        for i in range(count):
            memcpy(&s, &core.st, sizeof(EdState))
            s.rng ^= splitmix64(&rng)
            while not s.finished:
                m = gi_rollout_move(c, &s, &rng)
                if m == -1 or do_move(c, &s, m) != 0:
                    break
                total += 1
    return total


def flat_monte_carlo(Core core, int per_move, unsigned long long seed):
    """For each legal move of the player to decide (in legal_moves() order), the mean final margin
    (its score minus the best other's) over per_move random playouts after it, each from a fresh
    determinization for that player: a search that never reads what the player cannot see."""
    cdef EdState s
    cdef Move moves[MAXMOVES]
    cdef const EdContext* c = core.tables.c
    cdef unsigned long long rng = seed
    cdef int n, i, j, p, q, player = core.st.actor
    cdef double total, best
    cdef Move m
    if core.st.finished:
        raise IllegalMove("the game is over")
    if per_move < 1:
        raise ValueError(f"per_move must be at least 1, not {per_move}")
    n = gen_moves(c, &core.st, moves, MAXMOVES)
    values = []
    for i in range(n):
        total = 0
        with nogil:
            for j in range(per_move):
                memcpy(&s, &core.st, sizeof(EdState))
                gi_determinize(c, &s, player, &rng)
                do_move(c, &s, moves[i])
                while not s.finished:
                    m = gi_rollout_move(c, &s, &rng)
                    if m == -1 or do_move(c, &s, m) != 0:
                        break
                best = -1e9
                for q in range(s.num_players):
                    if q != player and score(c, &s, q) > best:
                        best = score(c, &s, q)
                total += score(c, &s, player) - best
        values.append(total / per_move)
    return [moves[i] for i in range(n)], values
