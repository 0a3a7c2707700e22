# The game state: one fixed-size, pointer-free C struct (cloned with memcpy). The map and the
# per-game tiles that never change live in GameContext, shared by every state of one game.

ctypedef struct GameContext:
    int num_players
    int nhex
    int planet0[MAXHEX]            # map planet at setup
    int sector[MAXHEX]             # sector index 0..9
    unsigned char dist[MAXHEX][MAXHEX]
    int nadj[MAXHEX]               # neighbours (distance 1) of each hex
    int adj[MAXHEX][6]
    int round_tiles[6]             # score1..10 as 0..9
    int final_tiles[2]             # FINAL_NAMES index
    int booster_in_play[NBOOSTER]
    int tech_at[NPOS]              # tile number 1..9 (basic) or 1..15 (advanced) at each position
    int terra_fed                  # fed kind on terraforming level 5
    # faction board variant (beta boards): added to each faction's one-time starting income:
    # credits, ores, knowledge, qic, then research steps on terra..sci (all 0 for the standard boards)
    int start_extra[NFACTION][4 + NTRACK]
    int auction                    # AUC_*: how factions are assigned
    unsigned long long serial      # this context's number (a new one per Context): part of the keys of
                                   # the federation memo (fastgen.pxi), which outlives states and games
    int nplanet                    # the hexes with a planet at setup (planet0 not empty), ascending:
    int planet_hex[MAXHEX]         # where a mine can go while no lost planet is on the map (fastgen.pxi)

ctypedef struct PendingIncome:
    int kind                       # R_PW, R_T, or -1 for an event without power
    int amount
    int res[4]                     # credits, ores, knowledge, qic in the same event
    int seq                        # when its source was gained: events are received in that order

ctypedef struct PlayerState:
    int faction
    int vp
    int credits
    int ores
    int knowledge
    int qic
    int power[4]                   # area1, area2, area3, gaia area (tokens, brainstone excluded)
    int brainstone                 # BS_*
    int research[NTRACK]
    int nbuild[8]                  # buildings on the board by type
    int gf_owned
    int gf_spent                   # baltaks: gaia-formers in the gaia area
    int fed_held[NFEDKIND]
    int fed_grey[NFEDKIND]         # flipped (grey) tokens among held
    int satellites
    int booster                    # -1 none
    int tech_order[NPOS]           # positions in the order taken
    int ntech
    int covered                    # bitmask of covered positions
    int specials_used              # SP_* bits, reset each round
    int passed
    int lost_planet                # hex or -1
    int fed_count                  # federations formed (ivits threshold)
    int ninc                       # income events not yet received this round
    PendingIncome inc[MAXINC]
    # when each income source was gained (the engine receives income events in that order)
    int mine_ev[8]                 # seq of each '+o' mine income event, oldest first
    int nmine_ev
    int ts_ev[4]                   # seq and amount of each trading station income event
    int ts_amt[4]
    int nts_ev
    int lab_ev[3]
    int lab_amt[3]
    int nlab_ev
    int seq_pi
    int seq_ac1
    int seq_booster
    int seq_tech[NPOS]
    int seq_eco
    int seq_sci
    int bid                        # VP bid for the faction in an auction, paid at the very end

ctypedef struct Pending:
    int kind
    int arg

ctypedef struct LeechOffer:
    int player
    int hex
    int builder

ctypedef struct GState:
    int round
    int phase
    int current
    int num_players
    int order[MAXORDER]            # turn order of this round
    int norder
    int pass_order[MAXORDER]       # order of passing (next round's order)
    int npassed
    int setup_seq[MAXORDER * 2]    # setup mines / boosters sequence
    int nsetup
    int setup_pos
    # the table order (seat order, or after an auction the faction pick order): leech offers go round it
    int table[MAXP]
    # auction: the factions picked, in pick order, each with its holder (-1: none yet) and winning bid
    int auc_faction[MAXP]
    int auc_holder[MAXP]
    int auc_bid[MAXP]
    int auc_n
    PlayerState pl[MAXP]
    # board
    int planet[MAXHEX]             # current planet type
    int owner[MAXHEX]
    int building[MAXHEX]
    int guest[MAXHEX]              # lantids guest mine owner or -1
    int fed_mask[MAXHEX]           # players with a federation (building or satellite) here
    int sat_mask[MAXHEX]           # players with a satellite here
    int actions_used[NACTION]      # player or -1
    int tech_supply[NBASIC]
    int adv_taken[6]
    int fed_supply[6]
    int terra_fed_taken
    int booster_free[NBOOSTER]     # 1 if in play and not held
    # turn
    int action_done
    Pending pend[MAXPEND]
    int npend
    int built[MAXBUILT]            # hexes built/upgraded this turn (leech sources)
    int nbuilt
    int downlab_hex                # firaks' downgraded lab: a leech source once the special action is over
    int temp_range                 # range+3 bonus pending
    int temp_steps
    LeechOffer leech[MAXLEECH]
    int nleech
    int leech_pos
    int after_leech_next           # player whose turn follows the leech decisions
    # an open brainstone question (Taklons): the next command must be `brainstone <dest>`
    int bsq_player                 # -1: none
    int bsq_kind                   # BSQ_*
    int bsq_amount
    int bsq_choices[2]
    int bsq_nchoices
    int bsq_alt                    # the answer that means "the other way" (lazy kinds redo the payment)
    int bsq_pre_power[4]
    int bsq_pre_bs
    int bsq_post_tokens            # tokens gained after the charge, re-added on a redo
    PendingIncome bsq_event        # the income event waiting for the answer
    int seq                        # acquisition counter for income sources
    # federation candidates of each player, cached with a key of what they depend on (0: empty);
    # derived data, so copying it with the state changes nothing but speed
    unsigned long long fedc_key[MAXP]
    int fedc_n[MAXP]
    int fedc_off[MAXP][4]
    short fedc_hex[MAXP][3 * 64]
    # one federation offered beyond the generator's candidates (offer_federation: the federation a
    # reviewed log played that the generator does not list): listed after player fedx_player's
    # candidates while that player's fed_cache_key equals fedx_key (the same board and budget; 0: none).
    # Not derived: it changes the move list, so it is part of the position
    unsigned long long fedx_key
    int fedx_player
    int fedx_n
    short fedx_hex[64]
    int gaia_pos                   # index in order during the gaia phase
    int gaia_declined              # the player at gaia_pos declined (itars)
    int income_pos
    int final_vp[MAXP]
    int finished
