# Card, corporation and board tables: C arrays filled once at import by load_tables() from the JSON
# kept in the package (gaia_ai/games/terraforming_mars/data). Done at import rather than generated
# at build time: one source of facts, no code generator in setup.py, and the load takes milliseconds.

cdef CardDef CARDS[CARDCAP]
cdef CorpDef CORPS[NCORP]
cdef signed char SPACE_TYPE[NSPACE]
cdef signed char SPACE_VOLCANIC[NSPACE]
cdef unsigned char SPACE_BONUS[NSPACE][4]
cdef signed char ADJ[NSPACE][MAXADJ]
cdef signed char NADJ[NSPACE]
cdef int TABLES_LOADED = 0

# bespoke rules found by card id (set by load_tables from the card names)
cdef short CARD_NOCTIS = -1
cdef short CARD_MINING_RIGHTS = -1
cdef short CARD_MINING_AREA = -1
cdef short CARD_URBANIZED = -1
cdef short CARD_LAND_CLAIM = -1
cdef short CARD_ART_LAKE = -1

TAG_NAMES = ["building", "space", "science", "power", "earth", "jovian", "plant", "microbe", "animal",
             "city", "event"]
RES_NAMES = ["megacredits", "steel", "titanium", "plants", "energy", "heat"]
TILE_NAMES = ["", "greenery", "ocean", "city", "capital", "commercial_district", "ecological_zone",
              "industrial_center", "lava_flows", "mining_area", "mining_rights", "mohole_area",
              "natural_preserve", "nuclear_zone", "restricted_area"]
TILE_RULES = {"city": PR_CITY, "volcanic": PR_VOLCANIC, "ocean": PR_OCEANSPACE, "isolated": PR_ISOLATED,
              "land": PR_LAND}

# onPlay keys the table expresses; a card with any other behaviour waits for its code
TABLE_KEYS = {"production", "stock", "tr", "global", "ocean", "city", "greenery", "tile", "drawCard",
              "removeAnyPlants", "decreaseAnyProduction", "steelValue", "titanumValue", "or"}
# cards whose engine hooks the core implements (bespoke play / can-play in code)
BESPOKE = {"Noctis City", "Mining Rights", "Mining Area", "Urbanized Area", "Land Claim",
           "Artificial Lake"}


cdef int _temp_steps(int celsius):
    return (celsius + 30) // 2


def _res_vec(d, what, counted=None):
    """Fixed amounts as a 6-vector; a counted amount ({"tag": ...}) goes to counted as (res, spec)."""
    out = [0] * 6
    for k, v in d.items():
        if k not in RES_NAMES:
            raise ValueError(f"{what}: unknown resource {k!r}")
        if isinstance(v, dict):
            if counted is None:
                raise ValueError(f"{what}: counted amount not supported here: {v}")
            counted.append((RES_NAMES.index(k), v))
        else:
            out[RES_NAMES.index(k)] = int(v)
    return out


def _counted_source(spec, what):
    if "tag" in spec:
        return (CS_OTHERS_TAG if spec.get("others") else CS_OWN_TAG), TAG_NAMES.index(spec["tag"])
    if set(spec) == {"cities"}:
        return (CS_CITIES_MARS if spec["cities"].get("where") == "onmars" else CS_CITIES), 0
    if spec.get("eventsPlayed") and spec.get("all"):
        return CS_EVENTS_ALL, 0
    return 0, 0


def _implemented(c) -> bool:
    if c.get("engineHooks") and c["name"] not in BESPOKE:
        return False
    if c.get("action") or c.get("resourceType") or c.get("protectedResources") or c.get("reserveUnits"):
        return False
    on = c.get("onPlay", {})
    if set(on) - TABLE_KEYS:
        return False
    if isinstance(on.get("drawCard"), dict):
        return False
    if "or" in on and any(set(b) != {"production"} for b in on["or"]["behaviors"]):
        return False
    vp = c.get("vp", {})
    if vp and set(vp) != {"fixed"}:
        return False
    return True


def load_tables(list cards, list corps, dict board):
    """Fill the C tables: cards (base + Corporate Era, in id order), corporations, the board."""
    global TABLES_LOADED, CARD_NOCTIS, CARD_MINING_RIGHTS, CARD_MINING_AREA, CARD_URBANIZED
    global CARD_LAND_CLAIM, CARD_ART_LAKE
    cdef int i, j, k
    cdef CardDef* d
    if len(cards) != NCARD or len(corps) != NCORP:
        raise ValueError(f"tables: expected {NCARD} cards and {NCORP} corporations, "
                         f"got {len(cards)} and {len(corps)}")
    spaces = board["spaces"]
    if len(spaces) != NSPACE:
        raise ValueError(f"board: expected {NSPACE} spaces, got {len(spaces)}")
    ids = {s["id"]: n for n, s in enumerate(spaces)}
    memset(CARDS, 0, sizeof(CARDS))
    for i, c in enumerate(cards):
        d = &CARDS[i]
        name = c["name"]
        d.cost = c["cost"]
        d.type = {"automated": CT_AUTOMATED, "active": CT_ACTIVE, "event": CT_EVENT}[c["type"]]
        for t in c["tags"]:
            d.tags[TAG_NAMES.index(t)] += 1
        if d.type == CT_EVENT:
            d.tags[T_EVENT] += 1
        d.city_space = -1
        d.disc_tag = -1
        reqs = c["requirements"]
        if len(reqs) > 3:
            raise ValueError(f"{name}: more than 3 requirements")
        d.nreq = len(reqs)
        for j, r in enumerate(reqs):
            kind = r["kind"]
            d.req_max[j] = 1 if r["bound"] == "max" else 0
            if kind == "temperature":
                d.req_kind[j] = RQ_TEMP
                d.req_val[j] = _temp_steps(r["count"])
            elif kind == "oxygen":
                d.req_kind[j] = RQ_OXY
                d.req_val[j] = r["count"]
            elif kind == "oceans":
                d.req_kind[j] = RQ_OCEANS
                d.req_val[j] = r["count"]
            elif kind == "tag":
                d.req_kind[j] = RQ_TAG
                d.req_val[j] = r["count"]
                d.req_arg[j] = TAG_NAMES.index(r["tag"])
            elif kind == "production":
                d.req_kind[j] = RQ_PROD
                d.req_val[j] = r["count"]
                d.req_arg[j] = RES_NAMES.index(r["resource"])
            elif kind == "greeneries":
                d.req_kind[j] = RQ_GREENERIES
                d.req_val[j] = r["count"]
            elif kind == "cities":
                d.req_kind[j] = RQ_CITIES
                d.req_val[j] = r["count"]
            else:
                raise ValueError(f"{name}: unknown requirement {kind!r}")
        on = c.get("onPlay", {})
        counted = []
        v = _res_vec(on.get("production", {}), name, counted)
        for k in range(6):
            d.prod[k] = v[k]
        d.cnt_res = -1
        if counted:
            d.cnt_prod = 1
        v = _res_vec(on.get("stock", {}), name, counted)
        for k in range(6):
            d.stock[k] = v[k]
        counted_ok = True
        if counted:
            res, spec = counted[0]
            src, tag = _counted_source(spec, name)
            counted_ok = len(counted) == 1 and src != 0 and c["set"] != "colonies"
            d.cnt_res = res
            d.cnt_src = src
            d.cnt_tag = tag
            d.cnt_per = spec.get("per", 1)
        d.tr = on.get("tr", 0)
        g = on.get("global", {})
        d.temp = g.get("temperature", 0)
        d.oxy = g.get("oxygen", 0)
        if set(g) - {"temperature", "oxygen", "oceans"}:
            raise ValueError(f"{name}: unknown global parameter in {g}")
        if "ocean" in on:
            d.oceans = on["ocean"].get("count", 1)
            d.ocean_rule = PR_OCEAN_ON_LAND if on["ocean"].get("on") == "land" else PR_OCEAN
        if "city" in on:
            d.cities = 1
            if "space" in on["city"]:
                d.city_space = ids[on["city"]["space"]]
        if "greenery" in on:
            d.greeneries = 1
            d.greenery_rule = PR_GREENERY_OCEANSPACE if on["greenery"].get("on") == "ocean" else PR_GREENERY
        if "tile" in on:
            d.tile = TILE_NAMES.index(on["tile"]["type"])
            d.tile_rule = TILE_RULES[on["tile"]["on"]]
        if isinstance(on.get("drawCard"), int):
            d.draw = on["drawCard"]
        d.remove_plants = on.get("removeAnyPlants", 0)
        if "decreaseAnyProduction" in on:
            d.dec_res = RES_NAMES.index(on["decreaseAnyProduction"]["type"])
            d.dec_n = on["decreaseAnyProduction"]["count"]
        d.steel_value = on.get("steelValue", 0)
        d.ti_value = on.get("titanumValue", 0)
        if "or" in on:
            d.or_prod = 1
            for j, b in enumerate(on["or"]["behaviors"][:2]):
                v = _res_vec(b["production"], name)
                for k in range(6):
                    d.orp[j][k] = v[k]
        d.vp_fixed = c.get("vp", {}).get("fixed", 0)
        disc = c.get("cardDiscount")
        if disc:
            d.disc_tag = TAG_NAMES.index(disc["tag"]) if "tag" in disc else 11
            d.disc_amt = disc["amount"]
            d.disc_once = 1 if disc.get("per") == "card" else 0
        d.req_bonus = c.get("requirementBonus", {}).get("steps", 0)
        d.implemented = 1 if _implemented(c) and counted_ok else 0
        if name == "Noctis City":
            CARD_NOCTIS = i
            d.prod[R_EN] = -1
            d.cities = 1
            d.city_space = ids["31"]
        elif name == "Mining Rights":
            CARD_MINING_RIGHTS = i
            d.tile = TL_MINING_RIGHTS
            d.tile_rule = PR_MINING_RIGHTS
        elif name == "Mining Area":
            CARD_MINING_AREA = i
            d.tile = TL_MINING_AREA
            d.tile_rule = PR_MINING_AREA
        elif name == "Urbanized Area":
            CARD_URBANIZED = i
            d.prod[R_EN] = -1
            d.tile = TL_CITY
            d.tile_rule = PR_URBANIZED
        elif name == "Land Claim":
            CARD_LAND_CLAIM = i
            d.tile_rule = PR_CLAIM
        elif name == "Artificial Lake":
            CARD_ART_LAKE = i
    memset(CORPS, 0, sizeof(CORPS))
    for i, c in enumerate(corps):
        CORPS[i].mc = c["startingMegaCredits"]
        for t in c["tags"]:
            CORPS[i].tags[TAG_NAMES.index(t)] += 1
        on = c.get("onPlay", {})
        v = _res_vec(on.get("production", {}), c["name"])
        for k in range(6):
            CORPS[i].prod[k] = v[k]
        v = _res_vec(on.get("stock", {}), c["name"])
        for k in range(6):
            CORPS[i].stock[k] = v[k]
    for i, s in enumerate(spaces):
        SPACE_TYPE[i] = {"land": SP_LAND, "ocean": SP_OCEAN, "colony": SP_COLONY}[s["type"]]
        SPACE_VOLCANIC[i] = 1 if s.get("volcanic") else 0
        for k in range(4):
            SPACE_BONUS[i][k] = 0
        for b in s["bonus"]:
            SPACE_BONUS[i][["steel", "titanium", "plant", "draw_card"].index(b)] += 1
        adj = s.get("adjacent", [])
        NADJ[i] = len(adj)
        for j, a in enumerate(adj):
            ADJ[i][j] = ids[a]
    TABLES_LOADED = 1


def card_implemented(int card):
    """Whether the core implements the card's whole rule (tests and the judge's messages)."""
    return bool(CARDS[card].implemented)
