# Eminent Domain sizes, ids and enums. Card, planet and tech facts are not here: they arrive as tables
# (EdContext) built from the package's cards.json (gaia_ai/games/eminent_domain/cards.py).

cdef enum:
    MAXP = 4
    NSYM = 6          # role symbols S W C P T R (also the roles a leader can pick: P and T split)
    NSTACK = 5        # role stacks: survey, warfare, colonize, produce/trade, research
    NKIND = 39        # card kinds that live in decks: 6 role kinds + 33 action technologies
    NROLEKIND = 6
    NPLANET = 33      # 6 start planets (0..5) + 27 deck planets (6..32)
    NSTART = 6
    NTECH = 39        # physical tech cards: 33 action cards + 6 double-sided permanents
    NACTTECH = 33
    NDS = 6
    NPERM = 12        # permanent sides, 2 per double-sided card
    DECKCAP = 136     # more than every card a player could own (92 role + 4 politics + 33 techs)
    COLCAP = 12       # colony cards under one planet
    MAXMOVES = 512
    NRES = 4          # food, water, iron, silicon
    FIGHTER_RES = 4   # the 'resource' index of a traded fighter (Weapon Emporium)
    NO_SLOT = 255

# symbols / roles
cdef enum:
    S_SURVEY = 0
    S_WARFARE = 1
    S_COLONIZE = 2
    S_PRODUCE = 3
    S_TRADE = 4
    S_RESEARCH = 5

# card kinds of the role cards
cdef enum:
    K_SURVEY = 0
    K_WARFARE = 1
    K_COLONIZE = 2
    K_PT = 3
    K_RESEARCH = 4
    K_POLITICS = 5

# action effects (role cards and action techs); the number a card gives is in its effect's code
cdef enum:
    E_SURVEY = 0
    E_WARFARE = 1
    E_COLONIZE = 2
    E_PT = 3
    E_RESEARCH = 4
    E_POLITICS = 5
    E_IMP_SURVEY = 6
    E_IMP_COLONIZE = 7
    E_IMP_WARFARE = 8
    E_IMP_PRODUCTION = 9
    E_IMP_TRADE = 10
    E_IMP_RESEARCH = 11
    E_DIVERSE = 12
    E_DATANET = 13
    E_SPECIAL = 14
    E_MOBIL = 15
    E_SURVEYTEAM = 16
    E_WARPATH = 17
    E_AI = 18
    E_GENETIC = 19
    E_TERRA = 20

# permanent sides, in cards.json double_sided_cards order (side 1, side 2 of each)
cdef enum:
    P_WEAPON = 0
    P_STREAM = 1
    P_IMPERIAL = 2
    P_SCORCHED = 3
    P_FERTILE = 4
    P_ABUND = 5
    P_ADAPT = 6
    P_HYPER = 7
    P_LOGIST = 8
    P_PRODUCT = 9
    P_DISSENS = 10
    P_BUREAU = 11

# where a planet is; owned planets are LOC_OWNED + 2 * player + face_up
cdef enum:
    LOC_DECK = 0
    LOC_DISCARD = 1
    LOC_OUT = 2       # unused start planets
    LOC_LOOK = 3      # being looked at by a surveyor
    LOC_OWNED = 4

# decisions (whose kind the state is waiting for)
cdef enum:
    D_NONE = 0
    D_ACTION = 1      # act <card> [variant] | skip (| role r with Logistics, before the role phase)
    D_ROLE = 2
    D_BOOST = 3       # boost <card> | done
    D_FOLLOW = 4      # follow | dissent
    D_KEEP = 5        # keep <planet> (survey)
    D_WAR = 6         # collect | attack <planet>
    D_COL = 7         # colonize | settle <planet>
    D_TUCK = 8        # tuck <card> <planet>
    D_PRODUCE = 9     # produce <planet> <slot> | done
    D_TRADE = 10      # trade <planet> <slot> | trade fighter | done
    D_RESEARCH = 11   # buy <tech> | done
    D_ATTACK = 12     # attack <planet> [| done]
    D_SETTLE = 13     # settle <planet> [| tuck] [| done]
    D_REMOVE = 14     # remove <card> | done
    D_TAKE = 15       # take <stack> [| done]
    D_NAME = 16       # name <resource>
    D_TERRA = 17      # tuck terraforming under <planet>
    D_CLEANUP = 18    # remove <card> (streamlining, hyperefficiency) | discard <card> | done
    D_DISCARD = 19    # discard <card> (down to the hand limit)

# macro stages of a turn: where the flow goes when a step's sub-decisions are over
cdef enum:
    ST_ACTION = 0
    ST_ROLE = 1
    ST_LEADER = 2
    ST_FOLLOW = 3
    ST_MOBIL = 4
    ST_CLEANUP = 5
    ST_OVER = 6

# move types: m = type | a << 8 | b << 16 | c << 24
cdef enum:
    MV_SKIP = 1
    MV_ACT = 2
    MV_ROLE = 3
    MV_BOOST = 4
    MV_DONE = 5
    MV_FOLLOW = 6
    MV_DISSENT = 7
    MV_KEEP = 8
    MV_ATTACK = 9
    MV_COLLECT = 10
    MV_SETTLE = 11
    MV_COLONIZE = 12
    MV_TUCK = 13
    MV_PRODUCE = 14
    MV_TRADE = 15
    MV_BUY = 16
    MV_REMOVE = 17
    MV_TAKE = 18
    MV_NAME = 19
    MV_DISCARD = 20

# action variants
cdef enum:
    V_NONE = 0
    V_COLLECT = 1
    V_ATTACK = 2
    V_SETTLE = 3
    V_TUCK = 4
    V_PRODUCE = 5
    V_TRADE = 6
