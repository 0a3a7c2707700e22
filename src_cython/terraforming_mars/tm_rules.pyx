# cython: language_level=3
"""Terraforming Mars rules core: a fixed-size C state, cloned by memcpy, and the decisions of the real
game (base + Corporate Era, Tharsis). Python code reaches it through gaia_ai.games.terraforming_mars.
"""
from libc.string cimport memcpy, memset
from cpython.pycapsule cimport PyCapsule_New

from core.game cimport GameInterface, GAME_OK, GAME_ERR_RULES, Move, INFO_HIDDEN, INFO_CHANCE, PRIOR_POINTWISE, hash_bytes
from core.rng cimport splitmix64

include "consts.pxi"
include "state.pxi"
include "tables.pxi"
include "colonies.pxi"
include "rules.pxi"
include "flow.pxi"
include "movegen.pxi"
include "evaluate.pxi"
include "core/mlp.pxi"
include "net.pxi"
include "core/relative_weight.pxi"
include "core/prior_args.pxi"
include "policy.pxi"
include "searchmoves.pxi"


cdef class Interface:
    """Keeps a GameInterface table (and its context: what the move prior weighs by) alive while the
    search uses it."""
    cdef GameInterface table
    cdef PriorCtx prior_ctx


include "interface.pxi"

ERRORS = {
    E_KIND: "not a decision of this prompt",
    E_CARD: "card not in hand",
    E_UNIMPL: "card not implemented yet",
    E_REQ: "requirements not met",
    E_PAY: "payment invalid or insufficient",
    E_SPACE: "space not legal for this tile",
    E_PLAYER: "target player not allowed",
    E_PROD: "production cannot be decreased",
    E_CLAIMED: "not available (claimed, funded, limit reached or threshold not met)",
    E_RES: "not enough resources",
    E_TURN: "not allowed at this point of the turn",
    E_MASK: "bad selection",
    E_DONE: "the game is over",
    E_USED: "action not available (used this generation, or its cost or target is missing)",
    E_NO_FLEET: "no trade fleet left this generation",
    E_TILE_VISITED: "a trade fleet is already on that colony tile this generation",
    E_TILE_INACTIVE: "that colony tile is not active yet",
    E_TILE_FULL: "that colony tile already holds 3 colonies",
    E_OWN_COLONY: "the player already has a colony on that tile",
    E_TILE_ABSENT: "that colony tile is not in play (or, for Aridor, already in play)",
}

PENDING_NAMES = {0: "", PK_TILE: "tile", PK_REMOVE_PLANTS: "removePlants", PK_DEC_PROD: "decreaseProduction",
                 PK_SELL: "sell", PK_OR_PROD: "or", PK_OR_ACT: "orAction", PK_ADD_ANY: "addResources",
                 PK_REMOVE_RES: "removeResource", PK_BUY_TOP: "buyTop", PK_KEEP: "keep", PK_ATTACK: "attack",
                 PK_MARS_UNI: "marsUniversity", PK_OLYMPUS: "olympusConference", PK_VIRAL: "viralEnhancers",
                 PK_AMOUNT: "amount", PK_COLD_FUNGUS: "coldFungus", PK_PLANTS_OR: "plantsOr",
                 PK_FLOODING: "flooding", PK_ROBOT: "robot", PK_LOSE: "lose", PK_GAIN: "gain",
                 PK_COLONY: "colony", PK_ARIDOR: "addColonyTile",
                 PK_TRADE_OFFSET: "tradeOffset", PK_DISCARD: "discard", PK_MARKET: "marketManipulation",
                 PK_AIR_RAID: "airRaid", PK_SHUTTLES: "titanShuttles", PK_CARD_OR: "cardOr",
                 PK_FREE_TRADE: "freeTrade", PK_REMOVE_FLOATER: "removeFloater", PK_STORM_HEAT: "stormcraftHeat",
                 PK_RESEARCH_PAY: "researchPayment", PK_TOP: "payChoice"}
STEP_NAMES = {ST_SETUP: "setup", ST_RESEARCH: "research", ST_ACTION: "action", ST_FINAL: "finalGreenery",
              ST_OVER: "over"}


def encode(int kind, int a=0, int b=0, int mc=0, int st=0, int ti=0, int he=0):
    """The 64-bit move from its fields (range-checked)."""
    if not (0 <= kind < 32 and 0 <= a < 512 and 0 <= b < 4096 and 0 <= mc < 256 and 0 <= st < 128
            and 0 <= ti < 128 and 0 <= he < 256):
        raise ValueError(f"move field out of range: {(kind, a, b, mc, st, ti, he)}")
    return mk(kind, a, b, mc, st, ti, he)


def decode(Move m):
    """(kind, a, b, mc, st, ti, he) of a move."""
    return (mv_kind(m), mv_a(m), mv_b(m), mv_mc(m), mv_st(m), mv_ti(m), mv_he(m))


MOVE_KINDS = {"setup": K_SETUP, "buy": K_BUY, "play": K_PLAY, "std": K_STD, "sell": K_SELL,
              "sellCard": K_SELL_CARD, "sellDone": K_SELL_DONE, "milestone": K_MILESTONE, "award": K_AWARD,
              "plants": K_PLANTS, "heat": K_HEAT, "first": K_FIRST, "action": K_ACTION, "end": K_END,
              "pass": K_PASS, "space": K_SPACE, "player": K_PLAYER, "option": K_OPTION,
              "finalGreenery": K_FINAL_GREENERY, "finalDone": K_FINAL_DONE, "card": K_CARD, "keep": K_KEEP,
              "trade": K_TRADE, "colony": K_COLONY}


cdef class Core:
    """One game state; every method works on the C struct."""
    cdef TState st

    def __init__(self, int np, project, corps, unsigned long long seed=0, colonies=None):
        """project: the deck (a permutation of the NBASE base ids, or of all NCARD with Colonies);
        colonies: the colony tile ids in play (None: no Colonies)."""
        cdef unsigned short proj[CARDCAP]
        cdef short corp[NCORP]
        cdef signed char tiles[NCOL]
        cdef int i
        if not TABLES_LOADED:
            raise RuntimeError("tm_rules.load_tables() has not run")
        if not 2 <= np <= MAXP:
            raise ValueError(f"players: {np} is not in 2..5")
        if sorted(project) != list(range(len(project))) or len(project) not in (NBASE, NCARD):
            raise ValueError(f"project deck: expected a permutation of the {NBASE} base card ids "
                             f"or of all {NCARD}")
        colonies = list(colonies or [])
        if len(set(colonies)) != len(colonies) or not all(0 <= t < NCOL for t in colonies):
            raise ValueError(f"colony tiles: expected distinct ids in 0..{NCOL - 1}")
        for i in range(len(colonies)):
            tiles[i] = colonies[i]
        if len(corps) < 2 * np or len(set(corps)) != len(corps) or not all(0 <= c < NCORP for c in corps):
            raise ValueError(f"corporation deck: expected {2 * np}+ distinct ids in 0..{NCORP - 1}")
        for i in range(len(project)):
            proj[i] = project[i]
        for i in range(len(corps)):
            corp[i] = corps[i]
        new_game(&self.st, np, proj, len(project), corp, len(corps), seed, tiles, len(colonies))

    def copy(self):
        cdef Core c = Core.__new__(Core)
        memcpy(&c.st, &self.st, sizeof(TState))
        return c

    def restore(self, Core other):
        memcpy(&self.st, &other.st, sizeof(TState))

    def state_bytes(self):
        return (<char*> &self.st)[:sizeof(TState)]

    @staticmethod
    def state_size():
        return sizeof(TState)

    def legal_moves(self):
        cdef Move buf[MOVECAP]
        cdef int n = gen_moves(&self.st, buf, MOVECAP)
        if n < 0:
            raise RuntimeError("legal move buffer too small")
        return [buf[i] for i in range(n)]

    def search_moves(self):
        """The search moves of the decision (searchmoves.pxi): a subset of legal_moves(), in its order."""
        cdef Move buf[MOVECAP]
        cdef int n = gen_search_moves(&self.st, buf, MOVECAP)
        if n < 0:
            raise RuntimeError("legal move buffer too small")
        return [buf[i] for i in range(n)]

    def apply(self, Move m):
        """Apply all or nothing: returns None, or the reason the move is illegal."""
        cdef TState save
        memcpy(&save, &self.st, sizeof(TState))
        if apply_move(&self.st, m) < 0:
            e = self.st.err
            memcpy(&self.st, &save, sizeof(TState))
            return ERRORS.get(e, f"error {e}")
        return None

    def set_reshuffle(self, order):
        """Force the order of the next reshuffle of the discard pile (replays of recorded games)."""
        cdef int i
        if len(order) > CARDCAP:
            raise ValueError("reshuffle order too long")
        for i, c in enumerate(order):
            self.st.plan[i] = c
        self.st.nplan = len(order)

    def determinize(self, int observer, unsigned long long seed):
        cdef unsigned long long r = seed
        if not 0 <= observer < self.st.np:
            raise ValueError(f"observer {observer} is not a player")
        determinize_state(&self.st, observer, &r)

    def random_playout(self, unsigned long long seed, int max_moves=100000):
        """Play uniformly random legal moves to the end; returns the number of moves."""
        cdef unsigned long long r = seed
        cdef int n = 0
        cdef Move m
        with nogil:
            while self.st.step != ST_OVER and n < max_moves:
                m = gi_rollout_move(NULL, &self.st, &r)
                if m == -1 or apply_move(&self.st, m) < 0:
                    break
                n += 1
        return n

    def count_legal(self, int repeats):
        """legal-move generations (bench): returns the move count of the last one."""
        cdef Move buf[MOVECAP]
        cdef int i, n = 0
        with nogil:
            for i in range(repeats):
                n = gen_moves(&self.st, buf, MOVECAP)
        return n

    # ---- views ----
    @property
    def num_players(self):
        return self.st.np

    @property
    def current_player(self):
        return -1 if self.st.step == ST_OVER else self.st.cur

    @property
    def is_terminal(self):
        return self.st.step == ST_OVER

    @property
    def step(self):
        return STEP_NAMES[self.st.step]

    @property
    def error(self):
        return self.st.err

    def globals(self):
        """[generation, phase, temperature C, oxygen %, oceans]."""
        return [self.st.gen, self.st.phase, -30 + 2 * self.st.temp, self.st.oxy, self.st.oceans]

    def player(self, int p):
        """[TR, 6 resources, 6 productions, cards in hand, cards played] (the corpus's order)."""
        cdef TPlayer* pl = &self.st.pl[p]
        return ([pl.tr] + [pl.res[k] for k in range(6)] + [pl.prod[k] for k in range(6)]
                + [pl.hand_n, pl.played_n])

    def corp(self, int p):
        return self.st.pl[p].corp

    def corp_offer(self, int p):
        return [self.st.pl[p].corp_offer[k] for k in range(2)]

    def offer(self, int p):
        return [self.st.pl[p].offer[k] for k in range(self.st.pl[p].noffer)]

    def hand(self, int p):
        return [c for c in range(NCARD) if self.st.loc[c] == L_HAND + p]

    def tableau(self, int p):
        """Project cards p has played, in the order played."""
        cards = [c for c in range(NCARD) if self.st.loc[c] == L_PLAYED + p]
        return sorted(cards, key=lambda c: self.st.seq[c])

    def card_resources(self):
        return {c: self.st.cres[c] for c in range(NCARD) if self.st.cres[c] > 0}

    def corp_resources(self, int p):
        """Resources on p's corporation card (Arklight's animals, Stormcraft's floaters)."""
        return self.st.cres[NCARD + p]

    @property
    def colonies_on(self):
        return bool(self.st.colonies_on)

    def colonies(self):
        """[(tile, track, [colony owners], trading player or -1, active)] of the tiles in play."""
        return [(t, self.st.col_track[t], [self.st.col_owner[t][i] for i in range(self.st.col_n[t])],
                 self.st.col_trader[t], self.st.col_active[t]) for t in range(NCOL) if self.st.col_in[t]]

    def fleets(self, int p):
        """[fleet size, fleets used this generation]."""
        return [self.st.pl[p].fleets, self.st.pl[p].fleets_used]

    def locations(self):
        return [self.st.loc[c] for c in range(NCARD)]

    def deck_size(self):
        return self.st.bot - self.st.top

    def discard_size(self):
        return self.st.ndiscard

    def tiles(self):
        """[(space index, tile code, owner)] of every tile."""
        return [(i, self.st.tile[i], self.st.owner[i]) for i in range(NSPACE) if self.st.tile[i] != TL_NONE]

    def claims(self):
        return {i: self.st.claim[i] - 1 for i in range(NSPACE) if self.st.claim[i]}

    def milestones(self):
        return [(self.st.ms_order[i], self.st.ms[self.st.ms_order[i]]) for i in range(self.st.nms)]

    def awards(self):
        return [(self.st.aw_order[i], self.st.aw[self.st.aw_order[i]]) for i in range(self.st.naw)]

    def pending(self):
        """The open follow-up decisions: (kind name, player, card, a, b, c), front first."""
        return [(PENDING_NAMES.get(self.st.pend[i].kind, "?"), self.st.pend[i].player, self.st.pend[i].card,
                 self.st.pend[i].a, self.st.pend[i].b, self.st.pend[i].c) for i in range(self.st.npend)]

    def used_actions(self):
        """Cards whose action was used this generation (NCARD + p: player p's corporation action)."""
        return [c for c in range(NCARD + MAXP) if self.st.used[c]]

    def acts(self, int p):
        return self.st.pl[p].acts

    def passed(self, int p):
        return bool(self.st.pl[p].passed)

    def first_player(self):
        return self.st.first

    def score(self, int p):
        """dict: tr, milestones, awards, greenery, city, cards, total."""
        cdef int out[7]
        score(&self.st, p, out)
        return dict(zip(("tr", "milestones", "awards", "greenery", "city", "cards", "total"),
                        [out[i] for i in range(7)]))

    def card_vp(self, int p):
        """card -> VP of p's played cards with non-zero VP."""
        out = {}
        for c in self.tableau(p):
            v = card_vp(&self.st, p, c)
            if v:
                out[c] = v
        return out

    def card_cost(self, int p, int c):
        return card_cost(&self.st, p, c)

    def playable(self, int p, int c):
        return bool(card_playable(&self.st, p, c))


def constants():
    """Codes shared with the Python layer."""
    return dict(NCARD=NCARD, NBASE=NBASE, NCOL=NCOL, TP_MC=TP_MC, TP_ENERGY=TP_ENERGY, TP_TITANIUM=TP_TITANIUM,
                TP_FLOATER=TP_FLOATER, SPJ_COLONY=SPJ_COLONY, NCORP=NCORP, NSPACE=NSPACE, L_DECK=L_DECK, L_DISCARD=L_DISCARD, L_HAND=L_HAND,
                L_PLAYED=L_PLAYED, L_OFFER=L_OFFER, L_OUT=L_OUT, UNMI_ACTION=511, SKIP_PLAYER=7, OPT_SKIP=OPT_SKIP, ROBOT_CORP=ROBOT_CORP)


def action_cost(int card):
    """M€ cost of a card's single-behaviour action (0 for none or an "or")."""
    if CARDS[card].nact != 1 or CARDS[card].act_kind == AK_BESPOKE:
        return 0
    return CARDS[card].act[0].mc


# ---- test helpers: set up positions directly (unit tests of single rules) ----
# They write the C state directly, so each checks its indexes first (IndexError): a bad one would
# write past an array.

cdef _check_index(str what, int value, int limit):
    if not 0 <= value < limit:
        raise IndexError(f"{what} {value} is out of range 0..{limit - 1}")


def debug_set_player(Core core, int p, tr=None, res=None, prod=None):
    """Overwrite TR, the 6 resources and/or the 6 productions of player p."""
    cdef int k
    _check_index("player", p, core.st.np)
    if (res is not None and len(res) != 6) or (prod is not None and len(prod) != 6):
        raise ValueError("res and prod take 6 values each")
    if tr is not None:
        core.st.pl[p].tr = tr
    if res is not None:
        for k in range(6):
            core.st.pl[p].res[k] = res[k]
    if prod is not None:
        for k in range(6):
            core.st.pl[p].prod[k] = prod[k]


def debug_set_globals(Core core, int temp_celsius, int oxygen, int oceans):
    core.st.temp = (temp_celsius + 30) // 2
    core.st.oxy = oxygen
    core.st.oceans = oceans


def debug_give_card(Core core, int p, int card, bint played=False):
    """Move a card from wherever it is to p's hand (or tableau, with its tags)."""
    cdef int i, l
    _check_index("player", p, core.st.np)
    _check_index("card", card, NCARD)
    l = core.st.loc[card]
    if l >= L_HAND and l < L_HAND + MAXP:
        core.st.pl[l - L_HAND].hand_n -= 1
    if l == L_DECK:
        for i in range(core.st.top, core.st.bot):
            if core.st.deck[i] == card:
                core.st.deck[i] = core.st.deck[core.st.top]
                core.st.top += 1
                break
    if played:
        core.st.loc[card] = L_PLAYED + p
        core.st.seq[card] = core.st.nseq
        core.st.nseq += 1
        core.st.pl[p].played_n += 1
        add_tags(&core.st, p, card)
    else:
        to_hand(&core.st, p, card)


def debug_place_tile(Core core, int p, int space, int tile):
    """Place a tile with its full effects (bonuses, parameters, triggers) for player p."""
    _check_index("player", p, core.st.np)
    _check_index("space", space, NSPACE)
    _check_index("tile", tile, NTILE)
    place_tile(&core.st, p, space, tile)
    settle(&core.st)


CARD_RESOURCES = CARD_RESOURCES_MAX   # the most a card holds (state.pxi): what the imports accept


def debug_set_card_resources(Core core, int card, int n):
    _check_index("card", card, CARDCAP)   # a corporation's resources sit after the project cards
    if not 0 <= n <= CARD_RESOURCES_MAX:
        raise ValueError(f"a card holds 0 to {CARD_RESOURCES_MAX} resources, got {n}")
    core.st.cres[card] = n


def debug_set_colony(Core core, int tile, track=None, owners=None, trader=None, active=None):
    """Overwrite a colony tile's track, colony owners, trading player and/or active flag."""
    _check_index("colony tile", tile, NCOL)
    if not core.st.col_in[tile]:
        raise ValueError(f"colony tile {tile} is not in play")
    if track is not None:
        core.st.col_track[tile] = track
    if owners is not None:
        if len(owners) > COLCAP:
            raise ValueError("at most 3 colonies on a tile")
        core.st.col_n[tile] = len(owners)
        for i, q in enumerate(owners):
            core.st.col_owner[tile][i] = q
    if trader is not None:
        core.st.col_trader[tile] = trader
    if active is not None:
        core.st.col_active[tile] = 1 if active else 0


include "position.pxi"
include "ai.pxi"
