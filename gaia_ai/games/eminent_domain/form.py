"""The web page's form for an Eminent Domain position a person types (``gaia-ai web --game eminent-domain``):
the fields of entry.py's eminent-domain-entry/1 JSON, in the order a player reads them off the table,
filled with the documented example (your action at round 4 of a 2-player BGA game) to edit. The page
builds the JSON from it; pasted.py reads it through observation_from_entry (a bad entry named by field)."""

from __future__ import annotations

from gaia_ai.games.api import FormField, PositionForm

from .cards import PLANET_TYPES, ROLE_NAMES, STACK_NAMES
from .entry import FORMAT

SEATS = tuple((p, f"p{p + 1}") for p in range(4))
STACK_DEFAULTS = {"survey": 10, "warfare": 11, "colonize": 9, "produce_trade": 8, "research": 12}
PLANETS = [{"id": "SA1", "owner": 0, "face_up": True, "resources": ["silicon"]},
           {"id": "F5", "owner": 0, "colonies": 2},
           {"back": {"start": True}, "owner": 1},
           {"back": {"type": "M", "colonize": 3, "warfare": 6}, "owner": 1, "colonies": 1},
           {"id": "A3", "where": "discard"}]
SEAT_DEFAULTS = ({"hand": "survey, colonize x2, produce_trade, warfare", "deck": 3,
                  "discard": "research x2, survey, colonize", "fighters": 1, "influence": 2},
                 {"hand": 5, "deck": 3, "discard": 3, "fighters": 2, "influence": 1})
CARDS_HELP = ("cards by kind id (survey, warfare, colonize, produce_trade, research, politics, or a tech "
              "such as A2_diverse_markets): 'survey x2, colonize'; or a count of cards whose kinds you "
              "do not know")


def _seat_field(path: str, label: str, kind: str, help_: str = "") -> FormField:
    return FormField(f"seats.{{seat}}.{path}", f"{{p}} {label}", kind, help=help_,
                     seat_defaults=tuple(d.get(path) for d in SEAT_DEFAULTS))


FORM = PositionForm(
    title="Or type the position (what you see at the table or on Board Game Arena)",
    intro=("No online version exports an Eminent Domain game, so type what you see; it starts as an example "
           "(your action at round 4 of a 2-player game) to edit. An empty field takes its default: the cards "
           "of unknown kinds complete each seat's starting deck, then come from the stacks; empty stacks "
           "hold the rest of the box. 'Show the position from the form' puts its JSON "
           f"({FORMAT}, docs/eminent-domain.md) in the box above and reads it; a field at fault is named."),
    fixed={"format": FORMAT},
    fields=(
        ("The game", (
            FormField("players", "players", "choice", ((2, "2"), (3, "3"), (4, "4")), 2),
            FormField("seat", "you are", "choice", SEATS, 0, "the seat whose view this is, and whose decision"),
            FormField("rules", "rules", "choice", (("bga", "Board Game Arena (bga)"),
                                                   ("rulebook", "the rulebook's reading")), "bga"),
        )),
        ("Whose decision", (
            FormField("turn.leader", "whose turn", "choice", SEATS, 0),
            FormField("turn.decision", "the decision", "choice",
                      (("action", "your action"), ("role", "your role (the action is over)"),
                       ("follow", "follow a role another seat led")), "action"),
            FormField("turn.role", "role led", "choice", tuple((r, r) for r in ROLE_NAMES), None,
                      "follow only: the role the leader led"),
            FormField("turn.led", "cards led", "list", help="follow only: the cards the leader played for it"),
            FormField("turn.start_player", "start player", "choice", SEATS, 1),
            FormField("turn.round", "round", "number", default=4),
        )),
        ("The table", (
            *(FormField(f"stacks.{s}", f"{s} stack", "number", default=STACK_DEFAULTS[s],
                        help="role cards left" if s == STACK_NAMES[0] else "")
              for s in STACK_NAMES),
            FormField("influence_supply", "influence supply", "number",
                      help="tokens left (empty: 24 less those held)"),
            FormField("planet_deck", "planet deck", "number", help="planets left (empty: every planet not listed)"),
            FormField("techs_available", "techs available", "list", help="empty: every tech nobody owns"),
            FormField("planets", "planets", "json", default=PLANETS,
                      help="one object a planet: {\"id\", \"owner\", \"face_up\", \"resources\"} for one you "
                           "can see, {\"back\": {\"type\": " + "/".join(PLANET_TYPES) + ", \"colonize\", "
                           "\"warfare\"}, \"owner\", \"colonies\"} for another seat's face-down planet, "
                           "{\"back\": {\"start\": true}} for its start planet, {\"id\", \"where\": "
                           "\"discard\"}"),
        )),
    ),
    seat_fields=(
        _seat_field("hand", "hand", "cards", "yours as cards; another seat's as a count"),
        _seat_field("deck", "deck", "cards", CARDS_HELP),
        _seat_field("discard", "discard", "cards"),
        _seat_field("fighters", "fighters", "number"),
        _seat_field("influence", "influence", "number"),
        _seat_field("permanents", "permanent techs", "list"),
        _seat_field("owns", "known cards", "list", "another seat: cards you know are in its hand or deck"),
    ),
)
