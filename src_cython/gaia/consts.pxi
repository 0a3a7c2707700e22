# Constants of the Gaia Project rules core: indices shared by every table and rule.
# Capacities come from the rules (4 players, 10 sectors x 19 hexes, 15 tech positions).

cdef enum:
    MAXP = 4
    MAXHEX = 192
    MAXORDER = 8
    NTRACK = 6
    NBASIC = 9          # tech positions terra..sci, free1..free3
    NPOS = 15           # + adv-terra..adv-sci
    NBOOSTER = 10
    NFEDKIND = 7        # fed1..fed6 + the gleens PI token
    NACTION = 10        # power1..power7, qic1..qic3
    MAXPEND = 16
    MAXLEECH = 24
    MAXINC = 40
    MAXBUILT = 8

# resources
cdef enum:
    R_VP = 0
    R_C = 1
    R_O = 2
    R_K = 3
    R_Q = 4
    R_PW = 5      # power charge
    R_T = 6       # power tokens gained (area1)
    R_STEP = 7
    R_GF = 8      # a gaia-former
    R_TECH = 9    # take a tech tile
    R_RANGE = 10  # temporary range
    R_UPLOWEST = 11
    R_DOWNLAB = 12
    R_SWAPPI = 13
    R_SPACESTATION = 14
    R_FEDAGAIN = 15

# planets (corpus letters r o v d s t i g m e l)
cdef enum:
    PL_TERRA = 0
    PL_OXIDE = 1
    PL_VOLCANIC = 2
    PL_DESERT = 3
    PL_SWAMP = 4
    PL_TITANIUM = 5
    PL_ICE = 6
    PL_GAIA = 7
    PL_TRANSDIM = 8
    PL_EMPTY = 9
    PL_LOST = 10

# buildings (snapshot order m ts lab PI ac1 ac2 gf sp)
cdef enum:
    B_NONE = -1
    B_M = 0
    B_TS = 1
    B_LAB = 2
    B_PI = 3
    B_AC1 = 4
    B_AC2 = 5
    B_GF = 6
    B_SP = 7

# research tracks
cdef enum:
    T_TERRA = 0
    T_NAV = 1
    T_INT = 2
    T_GAIA = 3
    T_ECO = 4
    T_SCI = 5

# factions (order of data/factions.json)
cdef enum:
    F_TERRANS = 0
    F_LANTIDS = 1
    F_XENOS = 2
    F_GLEENS = 3
    F_TAKLONS = 4
    F_AMBAS = 5
    F_HADSCH = 6
    F_IVITS = 7
    F_GEODENS = 8
    F_BALTAKS = 9
    F_FIRAKS = 10
    F_BESCODS = 11
    F_NEVLAS = 12
    F_ITARS = 13
    NFACTION = 14

# phases (snapshot codes sf sB sbo inc gaia move leech end)
cdef enum:
    PH_FACTION = 0
    PH_SETUP_BUILD = 1
    PH_SETUP_BOOSTER = 2
    PH_INCOME = 3
    PH_GAIA = 4
    PH_MOVE = 5
    PH_LEECH = 6
    PH_END = 7
    PH_AUCTION = 8      # choose-bid auction after the faction picks (snapshot code sa)

# auction modes (GameContext.auction)
cdef enum:
    AUC_NONE = 0
    AUC_CHOOSE_BID = 1
    AUC_BID_WHILE_CHOOSING = 2
    AUC_MAX_BID = 200   # bids beyond this are not listed (a move stores the amount in 8 bits)

# brainstone location (snapshot: 0 none, 1..3 areas, 4 gaia)
cdef enum:
    BS_NONE = 0
    BS_A1 = 1
    BS_A2 = 2
    BS_A3 = 3
    BS_GAIA = 4

# sub-decisions that must follow inside a turn
cdef enum:
    PD_NONE = 0
    PD_TECH = 1         # take a tech tile (arg: unused)
    PD_COVER = 2        # cover a basic tile after an advanced one
    PD_UP = 3           # free research step (arg: track or -1 for any)
    PD_BUILD = 4        # build a mine (arg: free terraforming steps) after a terraforming action
    PD_RANGE_BUILD = 5  # build m/gf with +3 range
    PD_LOSTPLANET = 6
    PD_FEDTILE = 7
    PD_SWAPPI = 8
    PD_SPACESTATION = 9
    PD_DOWNLAB = 10     # firaks: choose the lab to downgrade (via build ts)
    PD_UPLOWEST = 11    # bescods: up one of the lowest tracks
    ANY_TRACK = 9       # PD_UP arg: the free step may go on any track

# once-per-round specials (bits of PlayerState.specials_used)
cdef enum:
    SP_BOOSTER = 1
    SP_TECH9 = 2
    SP_AC2 = 4
    SP_ADV_QC = 8
    SP_ADV_3O = 16
    SP_ADV_3K = 32
    SP_FACTION = 64
    SP_PI = 128

# round scoring conditions
cdef enum:
    EV_STEP = 0
    EV_RESEARCH = 1
    EV_MINE = 2
    EV_FED = 3
    EV_TS = 4
    EV_GAIAMINE = 5
    EV_PA = 6
    EV_LAB = 7
    NEV = 8

# brainstone questions: lazy ones were applied the default way and are redone on the other answer;
# an income charge is not applied until the answer comes
cdef enum:
    BSQ_NONE = 0
    BSQ_CHARGE = 1
    BSQ_SPEND = 2
    BSQ_DISCARD = 3
    BSQ_INCOME = 4

# federation candidates listed by the move generator
cdef enum:
    MAX_FED_CANDIDATES_C = 16
    # satellites a federation candidate may use: the least-satellites check of a longer federation is
    # exponential in the groups it joins (a 16-satellite candidate with 100 tokens cost 10-16 ms per
    # position); the corpus's random games used more than 12 in 5 of 754 federations
    MAX_FED_SATELLITES = 15
    MAX_FED_HEXES = 16 * 64
