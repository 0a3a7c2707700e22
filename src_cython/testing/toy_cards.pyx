# cython: language_level=3
"""A toy trick-taking card game behind the C-level game interface (core/game.pxd), for tests of the
information-set search: hands are hidden, the stock is shuffled, and the legal moves depend on the
cards in hand (follow suit). Test-only.

Rules. 32 cards: 4 suits (suit 0 is trumps) of 8 ranks (0..7); card id = 8 * suit + rank. A card scores
by rank: 0, 0, 0, 2, 3, 4, 10, 11 (120 points in all). 2-4 players get `hand` cards each (1..8) from a
deck shuffled by the seed; the rest is the stock, face down (with 3 players its last 2 cards are set
aside unseen, so that every draw round serves everyone). Player 0 leads the first trick with any
card of its hand; each next player must play a card of the led suit if it holds one, else any card. The
highest trump played takes the trick, else the highest card of the led suit; its taker scores the
trick's points, then each player draws one card from the stock while it lasts (the taker first), and
the taker leads the next trick. The game ends when every hand is empty; the scores are the points.

A seat sees its own hand, every card played, every hand's size, the stock's size, the scores, and the
suits a player showed it lacks (it did not follow suit; forgotten when the player draws again). The
other hands and the stock's order are hidden (flags INFO_HIDDEN | INFO_CHANCE). determinize(observer)
deals the cards the observer has not seen afresh from rng: the others' hands (with the right sizes,
respecting shown voids) and the stock's order. It reads only what the observer sees.

Two baseline players for the search to beat: random (uniform over the legal moves) and greedy
(greedy_move: one ply on the score, like the toolkit's other greedy players: the card that gains the
most points at once, ties to the cheapest card).
"""
from libc.string cimport memcpy, memset
from cpython.pycapsule cimport PyCapsule_New

from core.game cimport (GameInterface, Move, GAME_OK, GAME_ERR_CAPACITY, GAME_ERR_ILLEGAL, GAME_ERR_RULES,
                        INFO_HIDDEN, INFO_CHANCE, hash_bytes)
from core.rng cimport splitmix64

cdef enum:
    MAXP = 4
    NCARDS = 32
    NSUITS = 4
    NRANKS = 8
    MAX_HAND = 8
    TRUMP = 0
    DEAL_TRIES = 64          # reshuffles determinize tries before it ignores shown voids

cdef int RANK_POINTS[8]
for _i, _v in enumerate((0, 0, 0, 2, 3, 4, 10, 11)):
    RANK_POINTS[_i] = _v

ctypedef struct CardState:
    int num_players
    int hand_size            # cards dealt to each player
    int current              # -1 once finished
    int leader
    int ntrick               # cards in the current trick
    int finished
    unsigned int hands[MAXP] # bit c: the player holds card c
    unsigned int played      # cards out of play: every trick so far and the current one
    int trick[MAXP]          # the current trick's cards, in play order from the leader
    int stock[NCARDS]        # stock[stock_top:stock_len] is drawn in order; then `aside` cards never drawn
    int stock_top
    int stock_len
    int aside
    int voids[MAXP]          # bit s: the player showed it holds no card of suit s
    int points[MAXP]


# The part of a state a seat sees (info_key hashes it).
ctypedef struct View:
    int num_players, hand_size, current, leader, ntrick, finished, seat
    unsigned int own
    unsigned int played
    int trick[MAXP]
    int hand_count[MAXP]
    int stock_left
    int voids[MAXP]
    int points[MAXP]


cdef inline unsigned int suit_mask(int suit) noexcept nogil:
    return 0xFFu << (8 * suit)


cdef extern from *:
    int __builtin_popcount(unsigned int x) noexcept nogil


cdef inline int popcount(unsigned int x) noexcept nogil:
    return __builtin_popcount(x)


cdef inline int beats(int card, int best, int led) noexcept nogil:
    """Does card beat best, the trick's winning card so far, led suit `led`?"""
    cdef int cs = card // NRANKS, bs = best // NRANKS
    if cs == bs:
        return card > best
    return cs == TRUMP


cdef int trick_winner(const CardState* st) noexcept nogil:
    """Index in the trick of its winning card so far (needs ntrick >= 1)."""
    cdef int led = st.trick[0] // NRANKS, best = 0, k
    for k in range(1, st.ntrick):
        if beats(st.trick[k], st.trick[best], led):
            best = k
    return best


cdef unsigned int legal_mask(const CardState* st) noexcept nogil:
    cdef unsigned int hand, follow
    if st.finished:
        return 0
    hand = st.hands[st.current]
    if st.ntrick == 0:
        return hand
    follow = hand & suit_mask(st.trick[0] // NRANKS)
    return follow if follow else hand


cdef int card_cost(int card) noexcept nogil:
    """How much a player minds giving card away: trumps last, then points, then rank."""
    return (card // NRANKS == TRUMP) * 1000 + RANK_POINTS[card % NRANKS] * 10 + card % NRANKS


cdef Move tc_greedy_move(const CardState* st) noexcept nogil:
    """One ply on the score: the card whose play gains the most points at once (the last card of a
    trick takes or gives away its points; any other card gains nothing), ties to the cheapest card."""
    cdef unsigned int mask = legal_mask(st)
    cdef int c, k, best = -1, best_gain = 0, gain, led = 0, winner = 0, pts
    if mask == 0:
        return GAME_ERR_RULES
    if st.ntrick > 0:
        led = st.trick[0] // NRANKS
        winner = st.trick[trick_winner(st)]
    for c in range(NCARDS):
        if not (mask & (1u << c)):
            continue
        gain = 0
        if st.ntrick == st.num_players - 1:
            pts = RANK_POINTS[c % NRANKS]
            for k in range(st.ntrick):
                pts += RANK_POINTS[st.trick[k] % NRANKS]
            gain = pts if beats(c, winner, led) else -pts
        if best < 0 or gain > best_gain or (gain == best_gain and card_cost(c) < card_cost(best)):
            best_gain = gain
            best = c
    return best


# ---- the interface functions ------------------------------------------------------------------------

cdef int tc_current_player(const void* ctx, const void* s) noexcept nogil:
    return (<const CardState*> s).current


cdef int tc_is_terminal(const void* ctx, const void* s) noexcept nogil:
    return (<const CardState*> s).finished


cdef int tc_returns(const void* ctx, const void* s, double* out) noexcept nogil:
    cdef const CardState* st = <const CardState*> s
    cdef int p
    for p in range(st.num_players):
        out[p] = st.points[p]
    return GAME_OK


cdef int tc_legal_moves(const void* ctx, const void* s, Move* out, int cap) noexcept nogil:
    """The cards the player to move may play, ascending."""
    cdef unsigned int mask = legal_mask(<const CardState*> s)
    cdef int c, n = 0
    if popcount(mask) > cap:
        return GAME_ERR_CAPACITY
    for c in range(NCARDS):
        if mask & (1u << c):
            out[n] = c
            n += 1
    return n


cdef int tc_apply(const void* ctx, void* s, Move m) noexcept nogil:
    cdef CardState* st = <CardState*> s
    cdef int p = st.current, n = st.num_players, card, led, w, k, taker, pts = 0
    if m < 0 or m >= NCARDS or not (legal_mask(st) & (1u << <int> m)):
        return GAME_ERR_ILLEGAL
    card = <int> m
    if st.ntrick > 0:
        led = st.trick[0] // NRANKS
        if card // NRANKS != led:
            st.voids[p] |= 1 << led
    st.hands[p] &= ~(1u << card)
    st.played |= 1u << card
    st.trick[st.ntrick] = card
    st.ntrick += 1
    if st.ntrick < n:
        st.current = (p + 1) % n
        return GAME_OK
    w = trick_winner(st)
    taker = (st.leader + w) % n
    for k in range(n):
        pts += RANK_POINTS[st.trick[k] % NRANKS]
    st.points[taker] += pts
    st.ntrick = 0
    for k in range(n):
        if st.stock_top < st.stock_len:
            p = (taker + k) % n
            st.hands[p] |= 1u << st.stock[st.stock_top]
            st.stock_top += 1
            st.voids[p] = 0   # the card drawn may be of a suit it lacked
    st.leader = taker
    st.current = taker
    if st.hands[taker] == 0:
        st.finished = 1
        st.current = -1
    return GAME_OK


cdef Move tc_rollout_move(const void* ctx, const void* s, unsigned long long* rng) noexcept nogil:
    """Uniformly random among the legal moves."""
    cdef Move moves[MAX_HAND]
    cdef int n = tc_legal_moves(ctx, s, moves, MAX_HAND)
    if n <= 0:
        return n if n < 0 else GAME_ERR_RULES
    return moves[splitmix64(rng) % <unsigned long long> n]


cdef int tc_evaluate(const void* ctx, const void* s, double* out) noexcept nogil:
    """The points taken so far."""
    return tc_returns(ctx, s, out)


cdef void tc_determinize(const void* ctx, void* s, int observer, unsigned long long* rng) noexcept nogil:
    """Deal the cards observer has not seen (others' hands, stock) afresh: the pool of those cards, in
    ascending order, is shuffled; each other player (in seat order) takes the first cards of the pool
    of suits it has not shown it lacks, as many as it holds; the rest is the stock in pool order. Up to
    DEAL_TRIES shuffles are tried for a deal that respects every void, then voids are ignored."""
    cdef CardState* st = <CardState*> s
    cdef int pool[NCARDS]
    cdef int count[MAXP]
    cdef unsigned int hands[MAXP]
    cdef int n = 0, c, i, j, tmp, p, k, need, tries, ok
    cdef unsigned int used, seen
    if observer < 0 or observer >= st.num_players:
        return
    seen = st.played | st.hands[observer]
    for c in range(NCARDS):
        if not (seen & (1u << c)):
            pool[n] = c
            n += 1
    for p in range(st.num_players):
        count[p] = popcount(st.hands[p])
    for tries in range(DEAL_TRIES + 1):
        for i in range(n - 1, 0, -1):
            j = <int> (splitmix64(rng) % <unsigned long long> (i + 1))
            tmp = pool[i]
            pool[i] = pool[j]
            pool[j] = tmp
        used = 0
        ok = 1
        for p in range(st.num_players):
            hands[p] = 0
            if p == observer:
                continue
            need = count[p]
            for k in range(n):
                if need == 0:
                    break
                c = pool[k]
                if used & (1u << c):
                    continue
                if tries < DEAL_TRIES and st.voids[p] & (1 << (c // NRANKS)):
                    continue
                hands[p] |= 1u << c
                used |= 1u << c
                need -= 1
            if need > 0:
                ok = 0
                break
        if ok:
            break
    for p in range(st.num_players):
        if p != observer:
            st.hands[p] = hands[p]
    i = st.stock_top   # the stock, then the cards set aside
    for k in range(n):
        if not (used & (1u << pool[k])):
            st.stock[i] = pool[k]
            i += 1


cdef void fill_view(const CardState* st, int seat, View* v) noexcept nogil:
    cdef int p
    memset(v, 0, sizeof(View))
    v.num_players = st.num_players
    v.hand_size = st.hand_size
    v.current = st.current
    v.leader = st.leader
    v.ntrick = st.ntrick
    v.finished = st.finished
    v.seat = seat
    v.own = st.hands[seat] if 0 <= seat < st.num_players else 0
    v.played = st.played
    for p in range(st.num_players):
        v.trick[p] = st.trick[p] if p < st.ntrick else -1
        v.hand_count[p] = popcount(st.hands[p])
        v.voids[p] = st.voids[p]
        v.points[p] = st.points[p]
    v.stock_left = st.stock_len - st.stock_top


cdef unsigned long long tc_info_key(const void* ctx, const void* s, int seat) noexcept nogil:
    cdef View v
    fill_view(<const CardState*> s, seat, &v)
    return hash_bytes(0xCBF29CE484222325ULL, &v, sizeof(View))


# ---- Python side ----------------------------------------------------------------------------------------

cdef class Cards:
    """A position of the toy card game (plain C struct; copy() is a memcpy)."""
    cdef CardState st

    def copy(self):
        cdef Cards other = Cards.__new__(Cards)
        memcpy(&other.st, &self.st, sizeof(CardState))
        return other

    @property
    def num_players(self):
        return self.st.num_players

    @property
    def current_player(self):
        return self.st.current

    @property
    def is_terminal(self):
        return bool(self.st.finished)

    def hand(self, int seat):
        """The cards of seat's hand, ascending."""
        self._check_seat(seat)
        return [c for c in range(NCARDS) if self.st.hands[seat] & (1u << c)]

    @property
    def trick(self):
        return [self.st.trick[k] for k in range(self.st.ntrick)]

    @property
    def stock(self):
        """The stock's cards still to draw, in drawing order, then those set aside (hidden from all)."""
        return [self.st.stock[k] for k in range(self.st.stock_top, self.st.stock_len + self.st.aside)]

    def legal_moves(self):
        cdef Move buf[MAX_HAND]
        cdef int n = tc_legal_moves(NULL, &self.st, buf, MAX_HAND)
        return [buf[i] for i in range(n)]

    def apply(self, Move m):
        if tc_apply(NULL, &self.st, m) != GAME_OK:
            raise ValueError(f"illegal card {m} for player {self.st.current} (legal: {self.legal_moves()})")

    def returns(self):
        return [self.st.points[p] for p in range(self.st.num_players)]

    def info_key(self, int seat):
        """The interface's info_key: what `seat` knows, hashed."""
        self._check_seat(seat)
        return tc_info_key(NULL, &self.st, seat)

    def determinize(self, int observer, unsigned long long seed):
        """A copy with what observer cannot see dealt afresh (the interface's determinize)."""
        cdef Cards other = self.copy()
        cdef unsigned long long rng = seed
        self._check_seat(observer)
        tc_determinize(NULL, &other.st, observer, &rng)
        return other

    def greedy_move(self):
        """The greedy player's card (see the module docstring)."""
        if self.st.finished:
            raise ValueError("the game is over")
        return tc_greedy_move(&self.st)

    def random_move(self, unsigned long long seed):
        """A uniformly random legal card, from seed."""
        cdef unsigned long long rng = seed
        if self.st.finished:
            raise ValueError("the game is over")
        return tc_rollout_move(NULL, &self.st, &rng)

    def with_hidden(self, int seat, hands, stock):
        """A copy where what seat cannot see is replaced: hands[p] for each other player p (hands[seat]
        is ignored) and the stock's order (the `stock` property's cards). The cards must be exactly
        those seat has not seen, each hand its current size and free of the suits its player showed it
        lacks."""
        cdef Cards other = self.copy()
        cdef int p, k, card
        cdef unsigned int seen, mask
        self._check_seat(seat)
        seen = self.st.played | self.st.hands[seat]
        if len(hands) != self.st.num_players or len(stock) != len(self.stock):
            raise ValueError("with_hidden: one hand per player and as many stock cards as `stock`")
        given = [x for q in range(self.st.num_players) if q != seat for x in hands[q]] + list(stock)
        if sorted(given) != [x for x in range(NCARDS) if not seen & (1u << x)]:
            raise ValueError("with_hidden: the cards must be exactly the ones seat has not seen")
        for p in range(self.st.num_players):
            if p == seat:
                continue
            mask = 0
            for card in hands[p]:
                mask |= 1u << card
                if self.st.voids[p] & (1 << (card // NRANKS)):
                    raise ValueError(f"with_hidden: player {p} showed it lacks suit {card // NRANKS}")
            if popcount(mask) != popcount(self.st.hands[p]):
                raise ValueError(f"with_hidden: player {p} holds {popcount(self.st.hands[p])} cards")
            other.st.hands[p] = mask
        for k in range(len(stock)):
            other.st.stock[self.st.stock_top + k] = stock[k]
        return other

    def _check_seat(self, int seat):
        if not 0 <= seat < self.st.num_players:
            raise ValueError(f"seat must be 0..{self.st.num_players - 1}, got {seat}")


def deal(int players=2, int hand=5, unsigned long long seed=0):
    """A new game: the 32 cards shuffled by seed, `hand` to each player, the rest the stock."""
    cdef Cards t = Cards.__new__(Cards)
    cdef int deck[NCARDS]
    cdef int i, j, tmp, p, k
    cdef unsigned long long rng = seed
    if not 2 <= players <= MAXP:
        raise ValueError(f"players must be 2..{MAXP}, got {players}")
    if not 1 <= hand <= MAX_HAND or players * hand > NCARDS:
        raise ValueError(f"hand must be 1..{MAX_HAND} with players * hand <= {NCARDS}, got {hand}")
    for i in range(NCARDS):
        deck[i] = i
    for i in range(NCARDS - 1, 0, -1):
        j = <int> (splitmix64(&rng) % <unsigned long long> (i + 1))
        tmp = deck[i]
        deck[i] = deck[j]
        deck[j] = tmp
    memset(&t.st, 0, sizeof(CardState))
    t.st.num_players = players
    t.st.hand_size = hand
    k = 0
    for p in range(players):
        for i in range(hand):
            t.st.hands[p] |= 1u << deck[k]
            k += 1
    for i in range(k, NCARDS):
        t.st.stock[i - k] = deck[i]
    t.st.aside = (NCARDS - k) % players
    t.st.stock_len = NCARDS - k - t.st.aside
    return t


def from_cards(hands, stock):
    """A new game with these hands (player 0 first, equal sizes) and stock (drawn in this order; its
    size a multiple of the players); the cards named nowhere are set aside."""
    cdef Cards t = Cards.__new__(Cards)
    cdef int players = len(hands), p, k, hand
    named = [c for h in hands for c in h] + list(stock)
    if not 2 <= players <= MAXP:
        raise ValueError(f"from_cards: 2..{MAXP} hands, got {players}")
    hand = len(hands[0])
    if not 1 <= hand <= MAX_HAND or any(len(h) != hand for h in hands):
        raise ValueError(f"from_cards: hands of one size in 1..{MAX_HAND}")
    if len(set(named)) != len(named) or not all(0 <= c < NCARDS for c in named):
        raise ValueError(f"from_cards: distinct cards in 0..{NCARDS - 1}")
    if len(stock) % players:
        raise ValueError("from_cards: the stock's size must be a multiple of the players")
    memset(&t.st, 0, sizeof(CardState))
    t.st.num_players = players
    t.st.hand_size = hand
    for p in range(players):
        for c in hands[p]:
            t.st.hands[p] |= 1u << <int> c
    rest = list(stock) + [c for c in range(NCARDS) if c not in named]
    for k in range(len(rest)):
        t.st.stock[k] = rest[k]
    t.st.stock_len = len(stock)
    t.st.aside = len(rest) - len(stock)
    return t


cdef class CardsInterface:
    cdef GameInterface table


def game_interface(Cards state):
    """(capsule of the GameInterface table, owner object to keep alive) for games like `state`."""
    cdef CardsInterface owner = CardsInterface()
    owner.table.state_size = sizeof(CardState)
    owner.table.num_players = state.st.num_players
    owner.table.flags = INFO_HIDDEN | INFO_CHANCE
    owner.table.max_moves = MAX_HAND
    owner.table.ctx = NULL
    owner.table.current_player = tc_current_player
    owner.table.is_terminal = tc_is_terminal
    owner.table.returns = tc_returns
    owner.table.legal_moves = tc_legal_moves
    owner.table.apply = tc_apply
    owner.table.rollout_move = tc_rollout_move
    owner.table.evaluate = tc_evaluate
    owner.table.determinize = tc_determinize
    owner.table.info_key = tc_info_key
    owner.table.prior = NULL   # no move prior: PUCT's priors are uniform
    return PyCapsule_New(&owner.table, b"gaia_ai.GameInterface", NULL), owner


def state_pointer(Cards state):
    """A capsule of the state (valid while `state` lives): the search's root position."""
    return PyCapsule_New(&state.st, b"gaia_ai.GameState", NULL)
