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
# trigger cards: one id each, -1 when absent (see rules.pxi "triggers")
cdef short CARD_MEDIA_GROUP = -1
cdef short CARD_OPTIMAL_AEROBRAKING = -1
cdef short CARD_STANDARD_TECH = -1
cdef short CARD_ROVER = -1
cdef short CARD_ARCTIC_ALGAE = -1
cdef short CARD_PETS = -1
cdef short CARD_HERBIVORES = -1
cdef short CARD_IMMIGRANT_CITY = -1
cdef short CARD_DECOMPOSERS = -1
cdef short CARD_ECO_ZONE = -1
cdef short CARD_INDENTURED = -1
cdef short CARD_INDUSTRIAL_CENTER = -1
cdef short CARD_SEARCH_LIFE = -1
cdef short CARD_PROTECTED_HABITATS = -1
cdef short CARD_CAPITAL = -1
cdef short CARD_MARS_UNI = -1
cdef short CARD_OLYMPUS = -1
cdef short CARD_VIRAL = -1
cdef short CARD_COLD_FUNGUS = -1
cdef short CARD_POWER_INFRA = -1
cdef short CARD_INSULATION = -1
cdef short CARD_NITROGEN_ASTEROID = -1
cdef short CARD_TERRAFORMING_GANYMEDE = -1
cdef short CARD_IMPORTED_HYDROGEN = -1
cdef short CARD_FLOODING = -1
cdef short CARD_ROBOTIC = -1
cdef short CARD_CEO = -1
cdef short CARD_LARGE_CONVOY = -1
cdef short CARD_HEAT_TRAPPING = -1

TRIGGER_CARDS = ["Pets", "Energy Tapping", "Power Supply Consortium", "Asteroid Mining Consortium",
                 "Great Escarpment Consortium", "Hackers", "Sabotage", "Hired Raiders", "Virus",
                 "Mars University", "Olympus Conference", "Viral Enhancers", "Extreme-Cold Fungus",
                 "Power Infrastructure", "Insulation", "Nitrogen-Rich Asteroid", "Moss", "Nitrophilic Moss",
                 "Terraforming Ganymede", "Imported Hydrogen", "Flooding", "Robotic Workforce",
                 "CEO's Favorite Project", "Large Convoy", "Local Heat Trapping", "Media Group", "Optimal Aerobraking", "Standard Technology", "Rover Construction",
                 "Arctic Algae", "Pets", "Herbivores", "Immigrant City", "Decomposers", "Ecological Zone",
                 "Indentured Workers", "Industrial Center", "Search For Life", "Water Splitting Plant"]
RES_TYPES = {"Microbe": RT_MICROBE, "Animal": RT_ANIMAL, "Science": RT_SCIENCE, "Fighter": RT_FIGHTER,
             "Floater": RT_FLOATER, "Camp": RT_CAMP}

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
              "removeAnyPlants", "decreaseAnyProduction", "steelValue", "titanumValue", "or", "colonies"}
# cards whose engine hooks the core implements (bespoke play / can-play in code)
BESPOKE = {"Noctis City", "Mining Rights", "Mining Area", "Urbanized Area", "Land Claim",
           "Artificial Lake", *TRIGGER_CARDS}


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
    if "tag" in spec and spec.get("all"):
        return CS_ALL_TAG, TAG_NAMES.index(spec["tag"])
    if set(spec) - {"per"} == {"colonies"}:
        return CS_OWN_COLONIES, 0
    if set(spec) - {"per"} == {"floaters"}:
        return CS_FLOATERS, 0
    if set(spec) == {"cities", "colonies", "all"}:
        return CS_CITIES_COLONIES, 0
    if "tag" in spec:
        return (CS_OTHERS_TAG if spec.get("others") else CS_OWN_TAG), TAG_NAMES.index(spec["tag"])
    if set(spec) == {"cities"}:
        return (CS_CITIES_MARS if spec["cities"].get("where") == "onmars" else CS_CITIES), 0
    if spec.get("eventsPlayed") and spec.get("all"):
        return CS_EVENTS_ALL, 0
    return 0, 0


ACT_KEYS = {"spend", "stock", "production", "tr", "global", "ocean", "drawCard", "addResources"}


def _act_ok(b) -> bool:
    if set(b) - ACT_KEYS:
        return False
    if set(b.get("spend", {})) - {"megacredits", "canUseSteel", "canUseTitanium", "energy", "heat", "steel",
                                  "titanium", "plants", "resourcesHere"}:
        return False
    d = b.get("drawCard", 1)
    if isinstance(d, dict) and set(d) != {"count"}:
        return False
    st = b.get("stock", {})
    return all(isinstance(v, int) or v == {"cities": {"where": "onmars"}} for v in st.values())


def _action_kind(c) -> int:
    if c["name"] == "Search For Life":
        return AK_SEARCH_LIFE
    if c["name"] in ("Extreme-Cold Fungus", "Power Infrastructure"):
        return AK_BESPOKE
    a = c.get("action")
    if not a:
        return -1
    if "removeResourcesFromAnyCard" in a:
        return AK_REMOVE_ANY
    if "addResourcesToAnyCard" in a:
        return AK_ADD_ANY
    if isinstance(a.get("drawCard"), dict) and a["drawCard"].get("pay"):
        return AK_BUY_TOP
    if c["name"] == "Search For Life":
        return AK_SEARCH_LIFE
    if c["name"] in ("Extreme-Cold Fungus", "Power Infrastructure"):
        return AK_BESPOKE
    if "or" in a:
        return AK_TABLE if all(_act_ok(b) for b in a["or"]["behaviors"]) else -2
    return AK_TABLE if _act_ok(a) else -2


def _implemented(c) -> bool:
    if c.get("engineHooks") and c["name"] not in BESPOKE:
        return False
    if c.get("reserveUnits") and c["name"] != "Local Heat Trapping":
        return False
    if _action_kind(c) == -2:
        return False
    on = c.get("onPlay", {})
    if set(on) - TABLE_KEYS - {"addResources", "addResourcesToAnyCard"}:
        return False
    dc = on.get("drawCard")
    if isinstance(dc, dict) and set(dc) != {"count", "keep"} and c["name"] != "Solar Probe":
        return False
    if "or" in on and any(set(b) != {"production"} for b in on["or"]["behaviors"]):
        return False
    add = on.get("addResourcesToAnyCard")
    if add is not None and c["name"] != "CEO's Favorite Project":
        adds = add if isinstance(add, list) else [add]
        if any(a.get("type") not in ("Microbe", "Animal", "Floater") for a in adds):
            return False
    return True


cdef void _load_act(ActDef* a, dict b, dict ids):
    cdef int k
    memset(a, 0, sizeof(ActDef))
    sp = dict(b.get("spend", {}))
    a.mc = sp.pop("megacredits", 0)
    a.steel_ok = 1 if sp.pop("canUseSteel", False) else 0
    a.ti_ok = 1 if sp.pop("canUseTitanium", False) else 0
    a.spend_here = sp.pop("resourcesHere", 0)
    v = _res_vec(sp, "action spend")
    for k in range(6):
        a.spend[k] = v[k]
    st = dict(b.get("stock", {}))
    if st.get("megacredits") == {"cities": {"where": "onmars"}}:
        a.rails = 1
        del st["megacredits"]
    v = _res_vec(st, "action stock")
    for k in range(6):
        a.stock[k] = v[k]
    v = _res_vec(b.get("production", {}), "action production")
    for k in range(6):
        a.prod[k] = v[k]
    a.tr = b.get("tr", 0)
    a.temp = b.get("global", {}).get("temperature", 0)
    a.oxy = b.get("global", {}).get("oxygen", 0)
    a.ocean = 1 if "ocean" in b else 0
    d = b.get("drawCard", 0)
    a.draw = d["count"] if isinstance(d, dict) else d
    a.add_here = b.get("addResources", 0)


def load_tables(list cards, list corps, dict board):
    """Fill the C tables: cards (base + Corporate Era, in id order), corporations, the board."""
    global TABLES_LOADED, CARD_NOCTIS, CARD_MINING_RIGHTS, CARD_MINING_AREA, CARD_URBANIZED
    global CARD_LAND_CLAIM, CARD_ART_LAKE, CARD_MEDIA_GROUP, CARD_OPTIMAL_AEROBRAKING, CARD_STANDARD_TECH
    global CARD_ROVER, CARD_ARCTIC_ALGAE, CARD_PETS, CARD_HERBIVORES, CARD_IMMIGRANT_CITY, CARD_DECOMPOSERS
    global CARD_ECO_ZONE, CARD_INDENTURED, CARD_INDUSTRIAL_CENTER, CARD_SEARCH_LIFE, CARD_PROTECTED_HABITATS
    global CARD_CAPITAL, CARD_MARS_UNI, CARD_OLYMPUS, CARD_VIRAL, CARD_COLD_FUNGUS, CARD_POWER_INFRA
    global CARD_INSULATION, CARD_NITROGEN_ASTEROID, CARD_TERRAFORMING_GANYMEDE, CARD_IMPORTED_HYDROGEN
    global CARD_FLOODING, CARD_ROBOTIC, CARD_CEO, CARD_LARGE_CONVOY, CARD_HEAT_TRAPPING
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
        d.city_rule = PR_CITY
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
                d.req_kind[j] = RQ_CITIES if r.get("allPlayers") else RQ_OWN_CITIES
                d.req_val[j] = r["count"]
            elif kind == "colonies":
                d.req_kind[j] = RQ_COLONIES
                d.req_val[j] = r["count"]
            elif kind == "floaters":
                d.req_kind[j] = RQ_FLOATERS
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
            counted_ok = len(counted) == 1 and src != 0
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
            if on["city"].get("on") == "isolated":     # Research Outpost: next to no other tile
                d.city_rule = PR_ISOLATED
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
        bonus = c.get("requirementBonus", {})
        d.req_bonus = 0 if bonus.get("nextCardOnly") else bonus.get("steps", 0)
        d.req_next = bonus.get("steps", 0) if bonus.get("nextCardOnly") else 0
        d.res_type = RES_TYPES.get(c.get("resourceType"), RT_NONE)
        d.add_here = on.get("addResources", 0)
        add = on.get("addResourcesToAnyCard")
        if add is not None and "type" in (add[0] if isinstance(add, list) else add):
            for j, a in enumerate(add if isinstance(add, list) else [add]):
                d.add_any_type[j] = RES_TYPES[a["type"]]
                d.add_any_n[j] = a["count"]
        if isinstance(on.get("drawCard"), dict) and isinstance(on["drawCard"]["count"], int):
            d.draw = on["drawCard"]["count"]
            d.keep = on["drawCard"]["keep"]
        vp = c.get("vp", {})
        if vp.get("special"):
            d.vp_kind = VK_SEARCH_LIFE
        elif "count" in vp:
            d.vp_per = vp["per"]
            d.vp_each = vp["each"]
            if vp["count"] == "resourcesHere":
                d.vp_kind = VK_HERE
            elif vp["count"].startswith("tag:"):
                d.vp_kind = VK_TAG
                d.vp_tag = TAG_NAMES.index(vp["count"][4:])
            elif vp["count"] == "cities" and vp.get("adjacentToThisTile"):
                d.vp_kind = VK_ADJ_CITIES
            elif vp["count"] == "oceans" and vp.get("adjacentToThisTile"):
                d.vp_kind = VK_ADJ_OCEANS
            elif vp["count"] == "cities" and vp.get("allPlayers"):
                d.vp_kind = VK_ALL_CITIES
            elif vp["count"] == "colonies" and vp.get("allPlayers"):
                d.vp_kind = VK_ALL_COLONIES
            else:
                raise ValueError(f"{name}: unknown VP rule {vp}")
        ak = _action_kind(c)
        if ak >= 0:
            d.act_kind = ak
            act = c.get("action", {})
            if ak == AK_TABLE and "or" in act:
                d.nact = len(act["or"]["behaviors"])
                if d.nact > 4:
                    raise ValueError(f"{name}: more than 4 behaviours in an action")
                for j, b in enumerate(act["or"]["behaviors"]):
                    _load_act(&d.act[j], b, ids)
            elif ak == AK_TABLE:
                d.nact = 1
                _load_act(&d.act[0], act, ids)
            elif ak == AK_BESPOKE:
                d.nact = 1
                memset(&d.act[0], 0, sizeof(ActDef))
            else:
                d.nact = 1
                sp = act.get("spend", {})
                memset(&d.act[0], 0, sizeof(ActDef))
                d.act[0].mc = 1 if ak == AK_SEARCH_LIFE else sp.get("megacredits", 0)
                d.act[0].add_here = act.get("addResources", 0)
                if ak == AK_ADD_ANY:
                    d.act_res = RES_TYPES[act["addResourcesToAnyCard"].get("type", "Microbe")]
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
        elif name == "Media Group":
            CARD_MEDIA_GROUP = i
        elif name == "Optimal Aerobraking":
            CARD_OPTIMAL_AEROBRAKING = i
        elif name == "Standard Technology":
            CARD_STANDARD_TECH = i
        elif name == "Rover Construction":
            CARD_ROVER = i
        elif name == "Arctic Algae":
            CARD_ARCTIC_ALGAE = i
        elif name == "Pets":
            CARD_PETS = i
        elif name == "Herbivores":
            CARD_HERBIVORES = i
        elif name == "Immigrant City":
            CARD_IMMIGRANT_CITY = i
            d.cities = 1
            d.prod[R_EN] = -1
            d.prod[R_MC] = -2
        elif name == "Decomposers":
            CARD_DECOMPOSERS = i
        elif name == "Ecological Zone":
            CARD_ECO_ZONE = i
            d.tile = TL_ECOZONE
            d.tile_rule = PR_NEXT_GREENERY
        elif name == "Indentured Workers":
            CARD_INDENTURED = i
        elif name == "Industrial Center":
            CARD_INDUSTRIAL_CENTER = i
            d.tile = TL_INDUSTRIAL
            d.tile_rule = PR_NEXT_CITY
        elif name == "Search For Life":
            CARD_SEARCH_LIFE = i
        elif name == "Protected Habitats":
            CARD_PROTECTED_HABITATS = i
        elif name == "Capital":
            CARD_CAPITAL = i
        elif name in ("Energy Tapping", "Power Supply Consortium"):
            d.prod[R_EN] += 1
            d.steal = 1
            d.dec_res = R_EN
            d.dec_n = 1
        elif name == "Asteroid Mining Consortium":
            d.prod[R_TI] += 1
            d.steal = 1
            d.dec_res = R_TI
            d.dec_n = 1
        elif name == "Great Escarpment Consortium":
            d.prod[R_ST] += 1
            d.steal = 1
            d.dec_res = R_ST
            d.dec_n = 1
        elif name == "Hackers":
            d.dec_res = R_MC
            d.dec_n = 2
        elif name == "Sabotage":
            d.attack = ATK_SABOTAGE
        elif name == "Hired Raiders":
            d.attack = ATK_RAIDERS
        elif name == "Virus":
            d.attack = ATK_VIRUS
        elif name == "Mars University":
            CARD_MARS_UNI = i
        elif name == "Olympus Conference":
            CARD_OLYMPUS = i
        elif name == "Viral Enhancers":
            CARD_VIRAL = i
        elif name == "Extreme-Cold Fungus":
            CARD_COLD_FUNGUS = i
            d.res_type = RT_NONE
        elif name == "Power Infrastructure":
            CARD_POWER_INFRA = i
        elif name == "Insulation":
            CARD_INSULATION = i
        elif name == "Nitrogen-Rich Asteroid":
            CARD_NITROGEN_ASTEROID = i
        elif name == "Moss":
            d.stock[R_PL] = -1
        elif name == "Nitrophilic Moss":
            d.stock[R_PL] = -2
        elif name == "Terraforming Ganymede":
            CARD_TERRAFORMING_GANYMEDE = i
        elif name == "Imported Hydrogen":
            CARD_IMPORTED_HYDROGEN = i
        elif name == "Flooding":
            CARD_FLOODING = i
            d.oceans = 1
            d.ocean_rule = PR_OCEAN
        elif name == "Robotic Workforce":
            CARD_ROBOTIC = i
        elif name == "CEO's Favorite Project":
            CARD_CEO = i
        elif name == "Large Convoy":
            CARD_LARGE_CONVOY = i
        elif name == "Local Heat Trapping":
            CARD_HEAT_TRAPPING = i
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
