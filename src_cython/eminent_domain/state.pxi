# The game state: one fixed-size, pointer-free C struct (cloned with memcpy). The card, planet and tech
# tables never change during a game and live in EdContext, shared by every state of every game.

ctypedef unsigned short ushort    # state arrays: plain numbers in raw_state() (a char array would be bytes)

ctypedef struct EdContext:
    unsigned char kind_sym[NKIND][NSYM]     # symbols a card kind shows for each role
    unsigned char kind_effect[NKIND]        # E_* of its action
    unsigned char kind_influence[NKIND]     # influence printed on an action tech (end scoring)
    unsigned char planet_type[NPLANET]      # 0 advanced, 1 fertile, 2 metallic
    unsigned char planet_ccost[NPLANET]
    unsigned char planet_wcost[NPLANET]
    unsigned char planet_influence[NPLANET]
    unsigned char planet_sym[NPLANET][NSYM]
    unsigned char planet_hand[NPLANET]      # hand-size bonus when face up
    unsigned char planet_nslot[NPLANET]
    unsigned char planet_slot[NPLANET][2]   # resource type of each slot
    unsigned char tech_kind[NTECH]          # card kind of an action tech, 255 for a double-sided card
    unsigned char tech_type[NTECH]          # planet type of its stack
    unsigned char tech_level[NTECH]
    unsigned char tech_cost[NTECH]
    unsigned char perm_sym[NPERM][NSYM]
    unsigned char perm_influence[NPERM]

ctypedef struct EdOptions:
    int errata            # Escalation errata for Logistics, Abundance, Bureaucracy, Terraforming
    int bga               # Board Game Arena's play where it differs from the rulebook reading (D1-D4, M1, M2)
    int extra_round       # BGA option 103: one more round after the end is triggered
    int empty_to_end      # empty role stacks that end the game (1 for 2-3 players, 2 for 4 or extended 3)
    int stack_total[NSTACK]   # role cards per stack including the starting decks

ctypedef struct EdPlayer:
    ushort hand[NKIND]      # counts per card kind (a hand is a multiset)
    ushort discard[NKIND]   # public
    ushort played_act[NKIND]    # played this turn for an action
    ushort played_role[NKIND]   # played this turn for the role (the leader's role card included)
    ushort removed[NKIND]   # removed from the game (research, politics, data network, ...)
    ushort known[NKIND]     # cards everyone saw enter this hand (taken from a stack, bought) still in it
    ushort deck[DECKCAP]    # deck[ndeck - 1] is the top
    int ndeck
    int nhand
    int fighters
    int influence                  # tokens held
    int perms                      # bitmask of permanent sides in the Empire
    int abund_pending              # produce owed by Abundance (errata)

ctypedef struct EdState:
    int num_players
    EdOptions opt
    EdPlayer pl[MAXP]
    int stacks[NSTACK]
    int politics_out               # politics cards not in any starting deck
    unsigned long long tech_avail  # bit t: physical tech card t still in the supply
    int supply_black
    int supply_blue
    int influence_created          # tokens paid after both supplies ran out (BGA creates more)
    # planets
    ushort planet_loc[NPLANET]
    ushort planet_res[NPLANET]      # bit i: slot i holds a resource
    ushort planet_scorched[NPLANET] # attacked under Scorched Earth Policy: holds no resources
    ushort col[NPLANET][COLCAP]     # colony cards tucked under a face-down planet
    ushort ncol[NPLANET]
    ushort colval[NPLANET]          # colonies they count (a card's Colonize symbols)
    ushort pdeck[NPLANET]           # planet deck, pdeck[npdeck - 1] on top
    int npdeck
    ushort look[NPLANET]            # planets a surveyor is looking at
    int nlook
    # turn flow
    int leader
    int start_player
    int turns                      # turns finished
    int end_triggered
    int extra_turn                 # the Logistics errata turn after the last round is being played
    int extra_round_played         # the extra round (option extra_round) has begun
    int finished
    int stage                      # ST_*
    int dec                        # D_*: the decision the state waits for
    int actor                      # who makes it
    int role                       # S_* led this turn, -1 before the role phase
    int role_card                  # 1 if the leader took a card from the stack
    int role_done
    int actions_left
    int follower                   # seat of the player following now
    int strength                   # symbols of the role being resolved
    int left                       # how many more of the current sub-decision (produce, trade, ...)
    int last                       # canonical order of repeated picks: the last kind/slot picked
    int sub_kind                   # card kind whose action is resolving; -1 none, -2 Abundance production
    int sub_stage
    int mobilize                   # leader may attack after the role phase (Mobilization)
    int diverse                    # Diverse Markets this turn
    int genetic                    # Genetic Engineering this turn
    int specialized                # resource named by Specialization this turn, -1 none
    int traded_mask                # resource types traded / produced this turn (for those techs)
    int produced_mask
    int streamlined                # Streamlining used this turn
    int logistics_first            # the leader played the role phase before the action phase
    unsigned long long rng         # chance: reshuffles (the deck orders themselves are in the state)
