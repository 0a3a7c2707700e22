# Terraforming Mars constants: capacities, resource/tag/tile codes, move and pending-decision kinds.

cdef enum:
    MAXP = 5
    NCARD = 257          # project cards in cards.json order: base + Corporate Era 0..207, Colonies 208..256
    NBASE = 208          # the base + Corporate Era deck
    CARDCAP = 264        # used[NCARD + p] / cres[NCARD + p]: player p's corporation action / resources
    NCORP = 17           # corporations.json order: 12 base + Corporate Era, then 5 of Colonies
    NBASE_CORP = 12      # the base + Corporate Era corporations
    NCOL = 11            # colony tiles (colonies.json order)
    COLCAP = 3           # colonies per tile
    NSPACE = 63          # Tharsis: 01-02 off Mars, 03-63 on Mars (index = id - 1)
    MAXADJ = 6
    MAXPEND = 24
    NTAG = 11
    NMS = 5
    NAW = 5
    HANDCAP = 255

# resources / production, in the snapshot's order
cdef enum:
    R_MC = 0
    R_ST = 1
    R_TI = 2
    R_PL = 3
    R_EN = 4
    R_HE = 5

cdef enum:
    T_BUILDING = 0
    T_SPACE = 1
    T_SCIENCE = 2
    T_POWER = 3
    T_EARTH = 4
    T_JOVIAN = 5
    T_PLANT = 6
    T_MICROBE = 7
    T_ANIMAL = 8
    T_CITY = 9
    T_EVENT = 10

cdef enum:
    CT_AUTOMATED = 0
    CT_ACTIVE = 1
    CT_EVENT = 2

# card locations (loc[card])
cdef enum:
    L_DECK = 0
    L_DISCARD = 1
    L_HAND = 2          # + player
    L_PLAYED = 8        # + player
    L_OFFER = 14        # + player: dealt at setup or drawn in research, not yet kept
    L_OUT = 20          # not in this game (other expansions)

# tiles
cdef enum:
    TL_NONE = 0
    TL_GREENERY = 1
    TL_OCEAN = 2
    TL_CITY = 3
    TL_CAPITAL = 4
    TL_COMMERCIAL = 5
    TL_ECOZONE = 6
    TL_INDUSTRIAL = 7
    TL_LAVA = 8
    TL_MINING_AREA = 9
    TL_MINING_RIGHTS = 10
    TL_MOHOLE = 11
    TL_PRESERVE = 12
    TL_NUCLEAR = 13
    TL_RESTRICTED = 14
    NTILE = 15

# space types
cdef enum:
    SP_LAND = 0
    SP_OCEAN = 1
    SP_COLONY = 2

# placement bonuses, bit counts packed per space: steel, titanium, plant, card
cdef enum:
    B_ST = 0
    B_TI = 1
    B_PL = 2
    B_CARD = 3

# placement rules of a pending tile
cdef enum:
    PR_OCEAN = 0         # an ocean space
    PR_OCEAN_ON_LAND = 1 # Artificial Lake
    PR_GREENERY = 2      # land, next to an own tile when possible
    PR_GREENERY_OCEANSPACE = 3
    PR_CITY = 4          # land, no city adjacent
    PR_FIXED = 5         # one given space (arg)
    PR_LAND = 6
    PR_VOLCANIC = 7
    PR_OCEANSPACE = 8    # Mohole Area: an ocean-reserved space
    PR_ISOLATED = 9
    PR_MINING_RIGHTS = 10
    PR_MINING_AREA = 11
    PR_NEXT_CITY = 12
    PR_NEXT_GREENERY = 13
    PR_URBANIZED = 14
    PR_CLAIM = 15
    PR_FINAL_GREENERY = 16
    NRULE = 17           # placement rules

# phases as the corpus reports them
cdef enum:
    PH_RESEARCH = 0
    PH_ACTION = 1
    PH_PRODUCTION = 2
    PH_END = 5

# internal steps (what decision is open)
cdef enum:
    ST_SETUP = 0
    ST_RESEARCH = 1
    ST_ACTION = 2
    ST_FINAL = 3
    ST_OVER = 4

# pending follow-up decisions
cdef enum:
    PK_TILE = 1          # a = tile, b = rule, c = fixed space
    PK_REMOVE_PLANTS = 2 # a = amount
    PK_DEC_PROD = 3      # a = resource, b = amount
    PK_SELL = 4
    PK_OR_PROD = 5       # Artificial Photosynthesis-style "or" of productions (a = card)
    PK_OR_ACT = 6        # which behaviour of an "or" action (card)
    PK_ADD_ANY = 7       # a = resource type, b = count: which own card gets them
    PK_REMOVE_RES = 8    # a = resource type: from which card (card = the taker)
    PK_BUY_TOP = 9       # c = the revealed card: buy (option 1) or not (option 0)
    PK_KEEP = 10         # drawn cards offered in pl.offer; keep a = count (b = paid 3 each)
    PK_ATTACK = 11       # Sabotage / Hired Raiders / Virus: a = ATK_* (card = the attacker)
    PK_MARS_UNI = 12     # discard a card to draw one, or not
    PK_OLYMPUS = 13      # remove a science resource to draw, or add one
    PK_VIRAL = 14        # b = the card played: add a resource to it, or gain a plant
    PK_AMOUNT = 15       # Power Infrastructure / Insulation: a = maximum
    PK_COLD_FUNGUS = 16  # gain a plant, or 2 microbes to another microbe card
    PK_PLANTS_OR = 17    # gain a plants, or b microbes / c animals on one own card
    PK_FLOODING = 18     # a player with a tile next to the new ocean (last_space) loses 4 M€, or skip
    PK_ROBOT = 19        # Robotic Workforce: which own building card's production to copy
    PK_LOSE = 20         # lose up to b of resource a (Moss), resolved without a question
    PK_GAIN = 21         # gain b of resource a, resolved without a question when it comes to the front
    PK_COLONY = 22       # build a colony: a = 1 allows a second own colony on a tile, b = card rule
    PK_ARIDOR = 23       # Aridor's first action: which tile out of play comes in
    PK_TRADE_OFFSET = 24 # a = tile: raise its track b steps before the trade (option 0) or not (1)
    PK_DISCARD = 25      # discard one card from hand (Pluto's colony bonus)
    PK_MARKET = 26       # Market Manipulation: a = -1 choose the tile to raise, else the tile to lower
    PK_AIR_RAID = 27     # Air Raid: the player to steal 5 M€ from
    PK_SHUTTLES = 28     # Titan Shuttles: remove X floaters (option X) for X titanium
    PK_CARD_OR = 29      # which behaviour of a bespoke "or" action (card): option 0 or 1
    PK_FREE_TRADE = 30   # Titan Floating Launch-pad: the tile to trade with for free
    PK_REMOVE_FLOATER = 31  # Air Raid: the own card a floater comes off
    PK_STORM_HEAT = 32   # Stormcraft spends a heat (Local Heat Trapping): option = floaters used
    PK_RESEARCH_PAY = 33 # Helion pays for the research cards it chose (a = their offer mask): K_BUY of
                         # that mask with the M€/heat split (a player view's payment prompt)
    PK_TOP = 34          # a top-level choice made, its payment still open (a player view's payment or
                         # Stormcraft heat prompt): a = move kind, b = its a (-1: any); takes those moves

# move kinds (bits 0-4)
cdef enum:
    K_SETUP = 1          # a = corp choice 0/1, b = kept-cards mask over the 10 dealt
    K_BUY = 2            # b = mask over the 4 offered
    K_PLAY = 3           # a = card, pay
    K_STD = 4            # a = standard project, pay
    K_SELL = 5
    K_SELL_CARD = 6      # a = card
    K_SELL_DONE = 7
    K_MILESTONE = 8      # a = milestone, pay
    K_AWARD = 9          # a = award, pay
    K_PLANTS = 10
    K_HEAT = 11
    K_FIRST = 12         # corporation's first action
    K_ACTION = 13        # a = card (blue card / corporation action)
    K_END = 14
    K_PASS = 15
    K_SPACE = 16         # a = space index
    K_PLAYER = 17        # a = player, 7 = skip
    K_OPTION = 18        # a = option index
    K_FINAL_GREENERY = 19  # a = space
    K_FINAL_DONE = 20
    K_CARD = 21          # a = card (which card gets / loses resources)
    K_KEEP = 22          # b = mask over the drawn cards kept
    K_TRADE = 23         # a = colony tile, b = TP_* what pays; mc/he: Helion's M€/heat split
    K_COLONY = 24        # a = colony tile (build here, add it, raise or lower its track)

# standard projects (K_STD a)
cdef enum:
    SPJ_POWER = 1
    SPJ_ASTEROID = 2
    SPJ_AQUIFER = 3
    SPJ_GREENERY = 4
    SPJ_CITY = 5
    SPJ_COLONY = 6

# what pays for a trade (K_TRADE b)
cdef enum:
    TP_MC = 0
    TP_ENERGY = 1
    TP_TITANIUM = 2
    TP_FLOATER = 3       # Titan Floating Launch-pad

# colony tile effects (build bonus, trade income, colony bonus)
cdef enum:
    CE_RES = 1           # gain resources
    CE_PROD = 2          # gain production
    CE_CARD_RES = 3      # add resources to one own card of the tile's resource type
    CE_DRAW = 4
    CE_DRAW_DISCARD = 5  # draw, then discard one
    CE_OCEAN = 6

# requirement kinds
cdef enum:
    RQ_TEMP = 1
    RQ_OXY = 2
    RQ_OCEANS = 3
    RQ_TAG = 4
    RQ_PROD = 5
    RQ_GREENERIES = 6
    RQ_CITIES = 7
    RQ_COLONIES = 8      # own colonies
    RQ_FLOATERS = 9      # floaters on own cards
    RQ_OWN_CITIES = 10   # own city tiles

# errors (TState.err), named in Python by ERRORS
cdef enum:
    E_OK = 0
    E_KIND = 1           # not a decision of this prompt
    E_CARD = 2           # card not in hand / unknown
    E_UNIMPL = 3         # card whose rule is not implemented yet
    E_REQ = 4            # requirements not met
    E_PAY = 5            # payment invalid or insufficient
    E_SPACE = 6          # space not legal for this tile
    E_PLAYER = 7         # bad target player
    E_PROD = 8           # production cannot be decreased
    E_CLAIMED = 9        # milestone/award not available
    E_RES = 10           # not enough resources
    E_TURN = 11          # not allowed at this point of the turn
    E_MASK = 12          # bad selection mask
    E_DONE = 13          # game over
    E_USED = 14          # action already used this generation or not available
    E_NO_FLEET = 15      # every trade fleet of the player is in use
    E_TILE_VISITED = 16  # a trade fleet is already on the colony tile
    E_TILE_INACTIVE = 17 # the colony tile is not active yet
    E_TILE_FULL = 18     # the colony tile holds 3 colonies
    E_OWN_COLONY = 19    # the player already has a colony on the tile
    E_TILE_ABSENT = 20   # the colony tile is not in this game (or already in, for Aridor)

# corporations by id (corporations.json order, base + Corporate Era)
cdef enum:
    C_CREDICOR = 0
    C_ECOLINE = 1
    C_HELION = 2
    C_INTERPLANETARY = 3
    C_INVENTRIX = 4
    C_MINING_GUILD = 5
    C_PHOBOLOG = 6
    C_THARSIS = 7
    C_THORGATE = 8
    C_UNMI = 9
    C_SATURN = 10
    C_TERACTOR = 11
    C_ARIDOR = 12
    C_ARKLIGHT = 13
    C_POLYPHEMOS = 14
    C_POSEIDON = 15
    C_STORMCRAFT = 16

# what a counted gain counts (Power Grid, Toll Station, Energy Saving, ...)
cdef enum:
    CS_OWN_TAG = 1
    CS_OTHERS_TAG = 2
    CS_CITIES = 3
    CS_CITIES_MARS = 4
    CS_EVENTS_ALL = 5
    CS_ALL_TAG = 6       # a tag of every player
    CS_OWN_COLONIES = 7
    CS_FLOATERS = 8      # floaters on own cards
    CS_CITIES_COLONIES = 9  # every city and every colony in play

# resources on cards
cdef enum:
    RT_NONE = 0
    RT_MICROBE = 1
    RT_ANIMAL = 2
    RT_SCIENCE = 3
    RT_FIGHTER = 4
    RT_FLOATER = 5
    RT_CAMP = 6

# VP rules beyond a fixed number
cdef enum:
    VK_NONE = 0
    VK_HERE = 1          # per vp_per resources on this card
    VK_TAG = 2           # per own tag
    VK_ADJ_CITIES = 3    # cities next to this card's tile
    VK_ADJ_OCEANS = 4
    VK_ALL_CITIES = 5    # every city in play
    VK_SEARCH_LIFE = 6   # 3 VP with at least one resource here
    VK_ALL_COLONIES = 7  # every colony in play

# bespoke actions
cdef enum:
    AK_TABLE = 0
    AK_REMOVE_ANY = 1    # Ants / Predators: take one resource of this card's type from any card
    AK_ADD_ANY = 2       # Symbiotic Fungus: one microbe to any own microbe card
    AK_BUY_TOP = 3       # Business Network / Inventors' Guild: look at the top card, buy it for 3
    AK_SEARCH_LIFE = 4
    AK_BESPOKE = 5       # Extreme-Cold Fungus, Power Infrastructure

# attacks (PK_ATTACK a)
cdef enum:
    ATK_SABOTAGE = 1
    ATK_RAIDERS = 2
    ATK_VIRUS = 3

cdef enum:
    OPT_SKIP = 511       # K_OPTION a: the "do nothing" answer
    AMOUNT_LISTED = 510  # the most a PK_AMOUNT option lists: a K_OPTION's a has 9 bits, and 511 is the skip

cdef enum:
    ROBOT_CORP = 300     # K_CARD a for a corporation (Robotic Workforce copying Mining Guild)
