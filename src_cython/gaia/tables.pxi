# The game's components as tables (rulebook numbers; checked against shared/data/gaia by tests/test_tables.py).
# Each faction overrides a few numbers; its behaviour lives in the rules as small, named branches.

FACTION_NAMES = ("terrans", "lantids", "xenos", "gleens", "taklons", "ambas", "hadsch-hallas", "ivits",
                 "geodens", "baltaks", "firaks", "bescods", "nevlas", "itars")
PLANET_LETTERS = "rovdstigmel"
BUILDING_NAMES = ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp")
TRACK_NAMES = ("terra", "nav", "int", "gaia", "eco", "sci")
POSITION_NAMES = ("terra", "nav", "int", "gaia", "eco", "sci", "free1", "free2", "free3",
                  "adv-terra", "adv-nav", "adv-int", "adv-gaia", "adv-eco", "adv-sci")
ACTION_NAMES = ("power1", "power2", "power3", "power4", "power5", "power6", "power7", "qic1", "qic2", "qic3")
FED_NAMES = ("fed1", "fed2", "fed3", "fed4", "fed5", "fed6", "gleens")
# the same names as C strings, for messages built in nogil code
cdef const char* BUILDING_CNAMES[8]
BUILDING_CNAMES[:] = [b"the mine", b"the trading station", b"the research lab", b"the planetary institute",
                      b"the academy", b"the academy", b"the gaia-former", b"the space station"]
cdef const char* ACTION_CNAMES[NACTION]
ACTION_CNAMES[:] = [b"power1", b"power2", b"power3", b"power4", b"power5", b"power6", b"power7", b"qic1", b"qic2",
                    b"qic3"]
PHASE_CODES = ("sf", "sB", "sbo", "inc", "gaia", "move", "leech", "end", "sa")

# faction -> home planet
cdef int F_HOME[NFACTION]
F_HOME[:] = [PL_TERRA, PL_TERRA, PL_DESERT, PL_DESERT, PL_SWAMP, PL_SWAMP, PL_OXIDE, PL_OXIDE,
             PL_VOLCANIC, PL_VOLCANIC, PL_TITANIUM, PL_TITANIUM, PL_ICE, PL_ICE]
# start: credits, ores, knowledge, qic, area1, area2 (before the start research step's reward)
cdef int F_START[NFACTION][6]
F_START[:] = [
    [15, 4, 3, 1, 4, 4],   # terrans
    [13, 4, 3, 1, 4, 0],   # lantids
    [15, 4, 3, 1, 2, 4],   # xenos (+1 qic from int 1)
    [15, 4, 3, 0, 2, 4],   # gleens (+1 ore from nav 1: qic becomes ore)
    [15, 4, 3, 1, 2, 4],   # taklons (+ brainstone in area1)
    [15, 4, 3, 1, 2, 4],   # ambas (+1 qic from nav 1)
    [15, 4, 3, 1, 2, 4],   # hadsch-hallas
    [15, 4, 3, 1, 2, 4],   # ivits
    [15, 4, 3, 1, 2, 4],   # geodens (+2 ore from terra 1)
    [15, 4, 3, 0, 2, 2],   # baltaks
    [15, 3, 2, 1, 2, 4],   # firaks
    [15, 4, 1, 1, 2, 4],   # bescods
    [15, 4, 2, 1, 2, 4],   # nevlas
    [15, 5, 3, 1, 4, 4],   # itars
]
# start research track stepped up at setup (-1: none); its level-1 reward is gained
cdef int F_START_TRACK[NFACTION]
F_START_TRACK[:] = [T_GAIA, -1, T_INT, T_NAV, -1, T_NAV, T_ECO, -1, T_TERRA, T_GAIA, -1, -1, T_SCI, -1]
# board income: credits, ores, knowledge, qic, tokens
cdef int F_BASE_INCOME[NFACTION][5]
F_BASE_INCOME[:] = [
    [0, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 1, 1, 0, 0], [0, 1, 1, 0, 0],
    [0, 2, 1, 0, 0],   # ambas
    [3, 1, 1, 0, 0],   # hadsch-hallas
    [0, 1, 1, 1, 0],   # ivits
    [0, 1, 1, 0, 0], [0, 1, 1, 0, 0],
    [0, 1, 2, 0, 0],   # firaks
    [0, 1, 0, 0, 0],   # bescods
    [0, 1, 1, 0, 0],
    [0, 1, 1, 0, 1],   # itars
]
# PI income: power charge, tokens, qic, ore
cdef int F_PI_INCOME[NFACTION][4]
F_PI_INCOME[:] = [
    [4, 1, 0, 0], [4, 0, 0, 0], [4, 0, 1, 0], [4, 0, 0, 1], [4, 1, 0, 0], [4, 2, 0, 0], [4, 1, 0, 0],
    [4, 1, 0, 0], [4, 1, 0, 0], [4, 1, 0, 0], [4, 1, 0, 0], [4, 2, 0, 0], [4, 1, 0, 0], [4, 1, 0, 0],
]
# income of the n-th trading station / lab (cumulative per building count 1..4 / 1..3)
cdef int TS_CREDITS[4]
TS_CREDITS[:] = [3, 4, 4, 5]
cdef int BESCODS_LAB_CREDITS[3]
BESCODS_LAB_CREDITS[:] = [3, 4, 5]
# mines 1..8: ore income except the 3rd
cdef int MINE_ORE[8]
MINE_ORE[:] = [1, 1, 0, 1, 1, 1, 1, 1]
# building supply
cdef int MAX_BUILDINGS[8]
MAX_BUILDINGS[:] = [8, 4, 3, 1, 1, 1, 3, 25]
# building costs: credits, ores
cdef int COST_C[6]
COST_C[:] = [2, 3, 5, 6, 6, 6]
cdef int COST_O[6]
COST_O[:] = [1, 2, 3, 4, 6, 6]

# research: range by navigation level, eco / sci income by level
cdef int NAV_RANGE[6]
NAV_RANGE[:] = [1, 1, 2, 2, 3, 4]
cdef int ECO_INCOME[6][3]    # credits, ores, power
ECO_INCOME[:] = [[0, 0, 0], [2, 0, 1], [2, 1, 2], [3, 1, 3], [4, 2, 4], [0, 0, 0]]
cdef int SCI_INCOME[6]
SCI_INCOME[:] = [0, 1, 2, 3, 4, 0]
cdef int INT_QIC[6]          # qic on reaching each intelligence level
INT_QIC[:] = [0, 1, 1, 2, 2, 4]
cdef int GF_COST[6]          # tokens per gaia-former by gaia level
GF_COST[:] = [6, 6, 6, 4, 3, 3]
cdef int TERRA_ORE[6]        # ores per terraforming step by terra level
TERRA_ORE[:] = [3, 3, 2, 1, 1, 1]

# boosters: income c, o, k, q, power, tokens; special action; pass VP condition
cdef int BOOSTER_INCOME[NBOOSTER][6]
BOOSTER_INCOME[:] = [
    [0, 1, 1, 0, 0, 0], [0, 1, 0, 0, 0, 2], [2, 0, 0, 1, 0, 0], [2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0],
    [0, 1, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 4, 0], [4, 0, 0, 0, 0, 0],
]
cdef enum:
    PASS_NONE = 0
    PASS_MINE = 1
    PASS_TS = 2
    PASS_LAB = 3
    PASS_PA = 4
    PASS_GAIA = 5
    PASS_FED = 6
    PASS_PT = 7
cdef int BOOSTER_PASS[NBOOSTER][2]   # condition, VP each
BOOSTER_PASS[:] = [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [PASS_MINE, 1], [PASS_TS, 2], [PASS_LAB, 3],
                   [PASS_PA, 4], [PASS_GAIA, 1]]

# board actions: power cost, or qic cost for qic1..qic3
cdef int ACTION_COST[NACTION]
ACTION_COST[:] = [7, 5, 4, 4, 4, 3, 3, 4, 3, 2]

# round scoring tiles score1..score10: event, VP
cdef int ROUND_TILE[10][2]
ROUND_TILE[:] = [[EV_STEP, 2], [EV_RESEARCH, 2], [EV_MINE, 2], [EV_FED, 5], [EV_TS, 4], [EV_GAIAMINE, 4],
                 [EV_PA, 5], [EV_TS, 3], [EV_GAIAMINE, 3], [EV_PA, 5]]

# federation tokens fed1..fed6, gleens: vp, c, o, k, q, tokens, green
cdef int FED_REWARD[NFEDKIND][7]
FED_REWARD[:] = [[12, 0, 0, 0, 0, 0, 0], [8, 0, 0, 0, 1, 0, 1], [8, 0, 0, 0, 0, 2, 1], [7, 0, 2, 0, 0, 0, 1],
                 [7, 6, 0, 0, 0, 0, 1], [6, 0, 0, 2, 0, 0, 1], [0, 2, 1, 1, 0, 0, 1]]

# final scoring: neutral player's count in 2-player games, by tile id order
cdef int FINAL_PLACE_VP[3]
FINAL_PLACE_VP[:] = [18, 12, 6]
FINAL_NAMES = ("structure", "structureFed", "planetType", "gaia", "sector", "satellite")
cdef int FINAL_NEUTRAL[6]
FINAL_NEUTRAL[:] = [11, 10, 5, 4, 6, 8]
