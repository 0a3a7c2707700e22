# The state: fixed size, pointer-free, cloned with memcpy. Card tables live in module-level C arrays
# filled once at import (tables.pxi), so the state holds only what changes during a game.

ctypedef struct ActDef:
    short mc                      # M€ cost (steel/titanium/heat may help as flagged)
    signed char steel_ok
    signed char ti_ok
    short spend[6]
    signed char spend_here        # resources taken from this card
    short stock[6]
    short prod[6]
    signed char tr
    signed char temp
    signed char oxy
    signed char ocean
    signed char draw
    signed char add_here
    signed char rails             # Martian Rails: +1 M€ per city on Mars

ctypedef struct CardDef:
    short cost
    signed char type
    signed char implemented       # 0: the card's rule is not in the core yet (legal_moves omits it)
    unsigned char tags[NTAG]
    signed char nreq
    signed char req_kind[3]
    short req_val[3]              # temperature in steps from -30, oxygen %, oceans, counts
    signed char req_max[3]
    signed char req_arg[3]        # tag or resource
    short prod[6]
    short stock[6]
    signed char tr
    signed char temp              # steps
    signed char oxy
    signed char oceans
    signed char ocean_rule
    signed char cities
    signed char city_space        # fixed space index or -1
    signed char city_rule         # where the city may go (PR_CITY; Research Outpost PR_ISOLATED)
    signed char greeneries
    signed char greenery_rule
    signed char tile              # special tile
    signed char tile_rule
    signed char draw
    signed char keep              # with draw: keep this many of the drawn cards (Invention Contest)
    signed char remove_plants
    signed char dec_res
    signed char dec_n
    signed char steel_value
    signed char ti_value
    signed char cnt_res           # a production/stock gain counted per tag/city/event (-1 none)
    signed char cnt_prod          # 1 production, 0 stock
    signed char cnt_src           # CS_*
    signed char cnt_tag
    signed char cnt_per
    signed char or_prod           # 1: an "or" of the two productions in orp[0] / orp[1]
    short orp[2][6]
    short vp_fixed
    signed char disc_tag          # -1 none, 11 every card
    signed char disc_amt
    signed char disc_once
    signed char req_bonus         # lasting (Adaptation Technology)
    signed char req_next          # for the next card played only (Special Design)
    signed char res_type          # RT_* resource the card holds (0 none)
    signed char add_here          # resources added here when played
    signed char add_any_type[2]   # "add N resources of a type to one of your cards" on play
    signed char add_any_n[2]
    signed char vp_kind           # VK_*
    signed char vp_per
    signed char vp_each
    signed char vp_tag
    signed char attack            # ATK_* (Sabotage, Hired Raiders, Virus)
    signed char steal             # the production gain follows the decrease (Energy Tapping etc.)
    signed char nact              # 0 no action, 1 one behaviour, 2 an "or" of two
    signed char act_kind          # AK_* for the bespoke actions
    ActDef act[4]                 # Atmo Collectors: an "or" of four
    signed char build_colony      # 1 build a colony on play, 2 one that may be a second own on a tile
    signed char fleets            # trade fleets added
    signed char trade_disc        # trade costs 1 less
    signed char trade_offset      # a tile's track may rise before a trade
    signed char add_jovian        # add_any_* goes to a Jovian card
    signed char act_res           # AK_ADD_ANY: the resource type the action adds

ctypedef struct ColDef:
    signed char starts_active
    signed char res_type          # RT_* its card effects use (and which activates it)
    signed char build_kind        # CE_*
    signed char build_res
    signed char build_n
    signed char trade_kind
    signed char trade_res[7]      # per track position (Europa's production changes along the track)
    signed char trade_n[7]
    signed char offset_ask        # the trader is asked whether a trade offset raises the track
    signed char bonus_kind
    signed char bonus_res
    signed char bonus_n

ctypedef struct CorpDef:
    short mc
    unsigned char tags[NTAG]
    short prod[6]
    short stock[6]

ctypedef struct Pending:
    signed char kind
    signed char player
    short card
    short a
    short b
    short c

ctypedef struct TPlayer:
    int tr
    int res[6]
    int prod[6]
    short corp
    signed char passed
    signed char acts              # actions taken in the current turn
    signed char first_pending     # corporation first action still due
    signed char setup_done
    signed char bought
    signed char steel_value
    signed char ti_value
    signed char req_bonus
    signed char req_next          # Special Design: for the next card played (whenever that is)
    signed char tr_raised         # raised TR this generation (UNMI)
    signed char final_done
    signed char next_discount     # Indentured Workers: off the next card played this generation
    unsigned char tags[NTAG]      # tags in play (non-event cards and the corporation)
    short hand_n
    short played_n
    short offer[10]               # dealt (setup) or drawn (research) cards awaiting selection
    signed char noffer
    short corp_offer[2]
    signed char fleets            # trade fleets (Colonies)
    signed char fleets_used       # used this generation
    signed char trade_disc
    signed char trade_offset
    signed char card_price        # research and setup price of a card (Polyphemos 5)
    short corp_res                # resources on the corporation card (Arklight, Stormcraft)
    unsigned short tags_seen      # Aridor: the tag types it has had

ctypedef struct TState:
    signed char np
    signed char step              # ST_*
    signed char phase             # PH_* as the corpus reports it
    signed char gen
    signed char first             # first player of the generation
    signed char cur               # player to decide
    signed char temp              # steps from -30 C (0..19)
    signed char oxy
    signed char oceans
    signed char err
    signed char action_player     # player whose action the pending queue belongs to (-1 none)
    signed char action_top        # the open top-level action counts as an action of the turn
    signed char last_space        # the space of the last tile placed (Flooding)
    short npend
    Pending pend[MAXPEND]
    TPlayer pl[MAXP]
    unsigned char loc[CARDCAP]
    unsigned char cres[CARDCAP]   # resources on each card
    unsigned char used[CARDCAP]   # action used this generation (NCARD + p: the corporation's)
    unsigned short seq[CARDCAP]   # order cards entered a tableau (snapshot's pc order)
    unsigned short nseq
    unsigned short deck[CARDCAP]  # draw pile: deck[top..bot) with top first
    short top
    short bot
    unsigned short discard[CARDCAP]
    short ndiscard
    unsigned short plan[CARDCAP]  # forced order of the next reshuffle (replays); nplan 0: shuffle
    short nplan
    unsigned char tile[NSPACE]
    signed char owner[NSPACE]
    signed char claim[NSPACE]     # Land Claim: player + 1
    signed char ms[NMS]           # claiming player or -1
    signed char aw[NAW]           # funding player or -1
    signed char ms_order[NMS]
    signed char aw_order[NAW]
    signed char nms
    signed char naw
    unsigned long long rng
    short ncard                   # card ids in this game (NBASE, or NCARD with Colonies): loops stop there
    signed char colonies_on       # the Colonies expansion is in the game
    signed char col_in[NCOL]      # tile in play
    signed char col_active[NCOL]
    signed char col_track[NCOL]
    signed char col_n[NCOL]
    signed char col_owner[NCOL][COLCAP]
    signed char col_trader[NCOL]  # player whose fleet is on the tile this generation, or -1



cdef enum:
    CARD_RESOURCES_MAX = 255     # the most a card holds: cres is a byte (imports refuse more)


cdef inline void add_card_resources(TState* s, int c, int n) noexcept nogil:
    """n more resources on card slot c (a project card, or NCARD + p: p's corporation), held at
    CARD_RESOURCES_MAX: a byte would wrap round to a few (only endless bot games get near it)."""
    cdef int total = s.cres[c] + n
    s.cres[c] = <unsigned char> (CARD_RESOURCES_MAX if total > CARD_RESOURCES_MAX else 0 if total < 0 else total)
