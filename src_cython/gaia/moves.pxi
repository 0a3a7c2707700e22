# Atomic moves as 64-bit integers: what the C move generator lists, apply_move applies and the search
# branches over. Layout: kind (8 bits) | a (8 bits) | b (8 bits) | hex (16 bits), all from the low end.
# format_move turns one into its boardgamers.space command (name, args); every move formats to exactly
# one command and back (parse_move).

cdef enum:
    MV_NONE = 0
    MV_FACTION = 1        # a = faction
    MV_BUILD = 2          # a = building (B_*), hex
    MV_UP = 3             # a = track
    MV_DECLINE_UP = 4
    MV_TECH = 5           # a = position
    MV_COVER = 6          # a = position
    MV_ACTION = 7         # a = board action
    MV_SPECIAL = 8        # a = index in SPECIAL_NAMES
    MV_FEDERATION = 9     # a = token kind (fed1..6 as 0..5), hex = index in the state's federation candidates
    MV_FEDTILE = 10       # a = token kind (0..6)
    MV_LOSTPLANET = 11    # hex
    MV_SWAPPI = 12        # hex
    MV_SPEND = 13         # a = index in SPEND_TABLE, b = how many times
    MV_BURN = 14          # a = amount
    MV_CHARGE = 15        # a = power, b = LEECH_* variant
    MV_DECLINE_CHARGE = 16  # a = power, b = LEECH_* variant
    MV_BOOSTER = 17       # a = booster
    MV_PASS = 18          # a = booster, or NO_BOOSTER in round 6
    MV_INCOME = 19        # a = R_T or R_PW, b = amount
    MV_BRAINSTONE = 20    # a = destination (BS_*)
    MV_ENDTURN = 21
    MV_DECLINE_TECH = 22
    MV_BID = 23           # a = faction, b = VP bid
    NO_BOOSTER = 255

cdef enum:
    LEECH_PLAIN = 0       # "Npw"
    LEECH_CHARGE_FIRST = 1  # Taklons PI "Npw,1t"
    LEECH_TOKEN_FIRST = 2   # Taklons PI "1t,Npw"

SPECIAL_NAMES = ("step", "range+3", "4pw", "q", "4c", "q,5c", "3o", "3k",
                 "swap-PI", "space-station", "down-lab", "up-lowest")
# every conversion a spend can use (cost, reward); MV_SPEND's b multiplies both
SPEND_TABLE = (
    ("4pw", "1q"), ("4pw", "1k"), ("3pw", "1o"), ("1pw", "1c"), ("1q", "1o"), ("1o", "1t"), ("1k", "1c"),
    ("1o", "1c"), ("4c", "1q"), ("3c", "1o"), ("4c", "1k"), ("1t-a3", "1k"), ("4pw", "1o,1c"), ("2pw", "2c"),
    ("6pw", "2o"), ("1gf", "1q"), ("4tg", "1q"), ("3tg", "1o"), ("4tg", "1k"), ("1tg", "1c"), ("4tg", "tech"),
)
BS_DEST_NAMES = {BS_NONE: "discard", BS_A1: "area1", BS_A2: "area2", BS_A3: "area3", BS_GAIA: "gaia"}


cdef inline Move pack(int kind, int a, int b, int h) noexcept nogil:
    return <Move>kind | (<Move>(a & 0xFF) << 8) | (<Move>(b & 0xFF) << 16) | (<Move>(h & 0xFFFF) << 24)


cdef inline int mv_kind(Move m) noexcept nogil:
    return <int>(m & 0xFF)


cdef inline int mv_a(Move m) noexcept nogil:
    return <int>((m >> 8) & 0xFF)


cdef inline int mv_b(Move m) noexcept nogil:
    return <int>((m >> 16) & 0xFF)


cdef inline int mv_hex(Move m) noexcept nogil:
    return <int>((m >> 24) & 0xFFFF)


def _times(str amount, int k):
    """'3pw' times k -> '6pw'; a bare unit counts 1 ('pw')."""
    n, unit = _amount(amount)
    return "%d%s" % (n * k, unit)


def format_move(Move m, list labels, list federations=None):
    """The (name, args) command of move m; labels maps hex indices to their notation names and
    federations lists the state's federation candidates (sorted label strings) for MV_FEDERATION."""
    cdef int kind = mv_kind(m), a = mv_a(m), b = mv_b(m), h = mv_hex(m)
    if kind == MV_FACTION:
        return "faction", (FACTION_NAMES[a],)
    if kind == MV_BID:
        return "bid", (FACTION_NAMES[a], str(b))
    if kind == MV_BUILD:
        return "build", (BUILDING_NAMES[a], labels[h])
    if kind == MV_UP:
        return "up", (TRACK_NAMES[a],)
    if kind == MV_DECLINE_UP:
        return "decline", ("up",)
    if kind == MV_TECH:
        return "tech", (POSITION_NAMES[a],)
    if kind == MV_COVER:
        return "cover", (POSITION_NAMES[a],)
    if kind == MV_ACTION:
        return "action", (ACTION_NAMES[a],)
    if kind == MV_SPECIAL:
        return "special", (SPECIAL_NAMES[a],)
    if kind == MV_FEDERATION:
        if federations is None or h >= len(federations):
            raise ValueError("federation move %d without its candidate list" % m)
        return "federation", (federations[h], FED_NAMES[a])
    if kind == MV_FEDTILE:
        return "fedtile", (FED_NAMES[a],)
    if kind == MV_LOSTPLANET:
        return "lostPlanet", (labels[h],)
    if kind == MV_SWAPPI:
        return "swap-PI", (labels[h],)
    if kind == MV_SPEND:
        cost, reward = SPEND_TABLE[a]
        return "spend", (_times(cost, b), ",".join(_times(r, b) for r in reward.split(",")) if reward != "tech" else "tech")
    if kind == MV_BURN:
        return "burn", (str(a),)
    if kind == MV_CHARGE or kind == MV_DECLINE_CHARGE:
        pw = "%dpw" % a
        offer = pw if b == LEECH_PLAIN else (pw + ",1t" if b == LEECH_CHARGE_FIRST else "1t," + pw)
        return ("charge" if kind == MV_CHARGE else "decline"), (offer,)
    if kind == MV_BOOSTER:
        return "booster", ("booster%d" % (a + 1),)
    if kind == MV_PASS:
        return "pass", (() if a == NO_BOOSTER else ("booster%d" % (a + 1),))
    if kind == MV_INCOME:
        unit = "t" if a == R_T else "pw"
        return "income", ((unit if b == 1 else "%d%s" % (b, unit)),)
    if kind == MV_BRAINSTONE:
        return "brainstone", (BS_DEST_NAMES[a],)
    if kind == MV_ENDTURN:
        return "endturn", ()
    if kind == MV_DECLINE_TECH:
        return "decline", ("tech",)
    raise ValueError("not a move: %d" % m)
