# cython: language_level=3
"""Tiny games behind the C-level game interface (core/game.pxd), for fast tests of the search.

Three kinds, chosen by new_state(kind, ...):

* "count": a race to exactly `target`. Players (2-4) in turn add 1..max_step to a shared total (never
  past the target); whoever reaches the target scores 1, the others 0. Open information; the first
  player wins from 0 iff target % (max_step + 1) != 0, by leaving multiples of max_step + 1.
* "tree": a fixed three-player game tree of depth two whose answer tells how the search backs values
  up. Player 0 picks X, Y or Z, then player 1 picks one of two leaves (scores p0, p1, p2):
      X: (3, 1, 0) or (0, 2, 0)     Y: (0, 1, 0) or (0, 1, 0)     Z: (5, 5, 0) or (0, 0, 9)
  If player 1 plays for itself (max-n: each node scores for the player who chose it) player 0 must
  pick Z; a search that assumes player 1 plays randomly picks X, one that assumes it plays against
  player 0 (paranoid) picks Y. True under both value modes (margin and rank).
* "cards": hidden information. Each player holds a secret card (distinct, from a deck of `deck` cards
  numbered 0..deck-1). In turn, each player bets 0..3 (the bets are public; the legal moves never
  depend on the cards). Then the highest card among the players who bet wins 1 plus the others' bets,
  every other bettor loses its bet, a player who bet 0 scores 0. determinize(observer) redeals the
  other players' cards uniformly from the deck minus the observer's own card: it never reads them.
  Flagged INFO_HIDDEN; the other two kinds are open information (flags 0).
"""
from libc.string cimport memcpy, memset
from cpython.pycapsule cimport PyCapsule_New

from core.game cimport (GameInterface, Move, GAME_OK, GAME_ERR_CAPACITY, GAME_ERR_ILLEGAL, INFO_HIDDEN,
                        hash_bytes)
from core.rng cimport splitmix64

cdef enum:
    MAXP = 4
    KIND_COUNT = 0
    KIND_TREE = 1
    KIND_CARDS = 2
    MAX_BET = 3

ctypedef struct ToyState:
    int kind
    int num_players
    int current
    int finished
    int total, target, max_step     # count
    int node                        # tree
    int deck, acted                 # cards
    int cards[MAXP]
    int bets[MAXP]
    double scores[MAXP]

KINDS = {"count": KIND_COUNT, "tree": KIND_TREE, "cards": KIND_CARDS}

# The "tree" game: node 0 is player 0's choice, nodes 1..3 player 1's; two leaves per node.
cdef int TREE_LEAF_SCORES[18]   # leaf 2 * (node - 1) + move, three scores each
for _i, _v in enumerate((3, 1, 0,  0, 2, 0,  0, 1, 0,  0, 1, 0,  5, 5, 0,  0, 0, 9)):
    TREE_LEAF_SCORES[_i] = _v


cdef inline unsigned long long splitmix(unsigned long long* state) noexcept nogil:
    return splitmix64(state)


# ---- the interface functions ------------------------------------------------------------------------

cdef int toy_current_player(const void* ctx, const void* s) noexcept nogil:
    cdef const ToyState* st = <const ToyState*> s
    return -1 if st.finished else st.current


cdef int toy_is_terminal(const void* ctx, const void* s) noexcept nogil:
    return (<const ToyState*> s).finished


cdef int toy_returns(const void* ctx, const void* s, double* out) noexcept nogil:
    cdef const ToyState* st = <const ToyState*> s
    cdef int p
    for p in range(st.num_players):
        out[p] = st.scores[p]
    return 0


cdef int toy_legal_moves(const void* ctx, const void* s, Move* out, int cap) noexcept nogil:
    """count: 1..min(max_step, left); tree: 0, 1 (and 2 at the root); cards: 0..3. Ascending."""
    cdef const ToyState* st = <const ToyState*> s
    cdef int n, i
    if st.finished:
        return 0
    if st.kind == KIND_COUNT:
        n = min(st.max_step, st.target - st.total)
    elif st.kind == KIND_TREE:
        n = 3 if st.node == 0 else 2
    else:
        n = MAX_BET + 1
    if n > cap:
        return GAME_ERR_CAPACITY
    for i in range(n):
        out[i] = i + 1 if st.kind == KIND_COUNT else i
    return n


cdef void settle_cards(ToyState* st) noexcept nogil:
    cdef int p, winner = -1, pot = 1
    for p in range(st.num_players):
        if st.bets[p] > 0:
            pot += st.bets[p]
            if winner < 0 or st.cards[p] > st.cards[winner]:
                winner = p
    for p in range(st.num_players):
        if p == winner:
            st.scores[p] = pot - st.bets[p]
        else:
            st.scores[p] = -st.bets[p]
    st.finished = 1


cdef int toy_apply(const void* ctx, void* s, Move m) noexcept nogil:
    cdef ToyState* st = <ToyState*> s
    cdef int p
    if st.finished:
        return GAME_ERR_ILLEGAL
    if st.kind == KIND_COUNT:
        if m < 1 or m > st.max_step or st.total + m > st.target:
            return GAME_ERR_ILLEGAL
        st.total += <int> m
        if st.total == st.target:
            st.scores[st.current] = 1.0
            st.finished = 1
        else:
            st.current = (st.current + 1) % st.num_players
    elif st.kind == KIND_TREE:
        if st.node == 0:
            if m < 0 or m > 2:
                return GAME_ERR_ILLEGAL
            st.node = 1 + <int> m
            st.current = 1
        else:
            if m < 0 or m > 1:
                return GAME_ERR_ILLEGAL
            for p in range(3):
                st.scores[p] = TREE_LEAF_SCORES[3 * (2 * (st.node - 1) + <int> m) + p]
            st.finished = 1
    else:
        if m < 0 or m > MAX_BET:
            return GAME_ERR_ILLEGAL
        st.bets[st.current] = <int> m
        st.acted += 1
        st.current = (st.current + 1) % st.num_players
        if st.acted == st.num_players:
            settle_cards(st)
    return GAME_OK


cdef Move toy_rollout_move(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil:
    cdef Move moves[8]
    cdef int n = toy_legal_moves(ctx, s, moves, 8)
    if n <= 0:
        return n if n < 0 else GAME_ERR_ILLEGAL
    return moves[splitmix(rng) % <unsigned long long> n]


cdef int toy_evaluate(const void* ctx, const void* s, double* out) noexcept nogil:
    """Nothing is known before the end: every player's estimate is its score so far (0)."""
    return toy_returns(ctx, s, out)


cdef void toy_determinize(const void* ctx, void* s, int observer, unsigned long long* rng) noexcept nogil:
    """cards: redeal the others' cards from the deck minus the observer's card (reads only that)."""
    cdef ToyState* st = <ToyState*> s
    cdef int pool[64]
    cdef int n = 0, c, p, j, tmp
    if st.kind != KIND_CARDS or observer < 0 or observer >= st.num_players:
        return
    for c in range(st.deck):
        if c != st.cards[observer]:
            pool[n] = c
            n += 1
    for p in range(st.num_players):
        if p == observer:
            continue
        j = <int> (splitmix(rng) % <unsigned long long> n)
        st.cards[p] = pool[j]
        tmp = pool[n - 1]
        pool[n - 1] = pool[j]
        pool[j] = tmp
        n -= 1


cdef unsigned long long toy_info_key(const void* ctx, const void* s, int seat) noexcept nogil:
    """The state's hash, the cards of the other players (cards kind) left out."""
    cdef ToyState seen
    cdef int p
    memcpy(&seen, s, sizeof(ToyState))
    if seen.kind == KIND_CARDS:
        for p in range(seen.num_players):
            if p != seat:
                seen.cards[p] = -1
    return hash_bytes(0xCBF29CE484222325ULL, &seen, sizeof(ToyState))


# ---- Python side ----------------------------------------------------------------------------------------

cdef class Toy:
    """A position of a toy game (plain C struct; copy() is a memcpy)."""
    cdef ToyState st

    def copy(self):
        cdef Toy other = Toy.__new__(Toy)
        memcpy(&other.st, &self.st, sizeof(ToyState))
        return other

    @property
    def kind(self):
        return ("count", "tree", "cards")[self.st.kind]

    @property
    def num_players(self):
        return self.st.num_players

    @property
    def current_player(self):
        return toy_current_player(NULL, &self.st)

    @property
    def is_terminal(self):
        return bool(self.st.finished)

    @property
    def cards(self):
        return [self.st.cards[p] for p in range(self.st.num_players)]

    @property
    def total(self):
        return self.st.total

    def legal_moves(self):
        cdef Move buf[8]
        cdef int n = toy_legal_moves(NULL, &self.st, buf, 8)
        return [buf[i] for i in range(n)]

    def apply(self, Move m):
        if toy_apply(NULL, &self.st, m) != 0:
            raise ValueError(f"illegal toy move {m} (legal: {self.legal_moves()})")

    def returns(self):
        return [self.st.scores[p] for p in range(self.st.num_players)]

    def info_key(self, int seat):
        """The interface's info_key: what `seat` knows, hashed."""
        return toy_info_key(NULL, &self.st, seat)


cdef class ToyInterface:
    cdef GameInterface table


def new_state(str kind, int players=2, int target=10, int max_step=3, int total=0, int current=0,
              cards=None, int deck=0):
    """A toy position. count: players, target, max_step, total, current. tree: three players, fixed.
    cards: players, deck (default players + 2), cards (default 0, 1, ...: player p holds card p)."""
    cdef Toy t = Toy.__new__(Toy)
    cdef int p
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {sorted(KINDS)}, got {kind!r}")
    if not 2 <= players <= MAXP:
        raise ValueError(f"players must be 2..{MAXP}, got {players}")
    memset(&t.st, 0, sizeof(ToyState))
    t.st.kind = KINDS[kind]
    t.st.num_players = players
    if kind == "count":
        if not (1 <= max_step <= 7 and 0 <= total < target and 0 <= current < players):
            raise ValueError("count needs 1 <= max_step <= 7, 0 <= total < target, 0 <= current < players")
        t.st.target, t.st.max_step, t.st.total, t.st.current = target, max_step, total, current
    elif kind == "tree":
        if players != 3:
            raise ValueError("the tree game has three players")
    else:
        deck = deck or players + 2
        cards = list(range(players)) if cards is None else list(cards)
        if not players <= deck <= 64 or len(cards) != players or len(set(cards)) != players \
                or not all(0 <= c < deck for c in cards):
            raise ValueError(f"cards must be {players} distinct values in 0..{deck - 1}")
        t.st.deck = deck
        for p in range(players):
            t.st.cards[p] = cards[p]
    return t


def game_interface(Toy state):
    """(capsule of the GameInterface table, owner object to keep alive) for games like `state`."""
    cdef ToyInterface owner = ToyInterface()
    owner.table.state_size = sizeof(ToyState)
    owner.table.num_players = state.st.num_players
    owner.table.flags = INFO_HIDDEN if state.st.kind == KIND_CARDS else 0
    owner.table.max_moves = (state.st.max_step if state.st.kind == KIND_COUNT
                             else 3 if state.st.kind == KIND_TREE else MAX_BET + 1)
    owner.table.ctx = NULL
    owner.table.current_player = toy_current_player
    owner.table.is_terminal = toy_is_terminal
    owner.table.returns = toy_returns
    owner.table.legal_moves = toy_legal_moves
    owner.table.apply = toy_apply
    owner.table.rollout_move = toy_rollout_move
    owner.table.evaluate = toy_evaluate
    owner.table.determinize = toy_determinize
    owner.table.info_key = toy_info_key
    owner.table.prior = NULL   # no move prior: PUCT's priors are uniform
    return PyCapsule_New(&owner.table, b"gaia_ai.GameInterface", NULL), owner


def state_pointer(Toy state):
    """A capsule of the state (valid while `state` lives): the search's root position."""
    return PyCapsule_New(&state.st, b"gaia_ai.GameState", NULL)
