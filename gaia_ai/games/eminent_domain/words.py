"""Eminent Domain moves in plain words, as a player reads them at the table: the card's printed name,
the role, the planet (its name once it is face up; a face-down planet only by what its back shows: type,
colonize and warfare costs), the resource, the technology.

    move_words(state, "act survey")          # "Play Survey as your action"
    move_words(state, "tuck colonize F3")    # "Tuck Colonize under the face-down Fertile planet F3 ..."
    describe_line(state, moves, players)     # each step of a line: player, who, notation, words
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain.cards import cards
from gaia_ai.games.eminent_domain.errors import EdError
from gaia_ai.games.eminent_domain.notation import EdMove, format_move
from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.games.lines import describe_steps

LOC = ed_rules.LOCATIONS
TYPE_NAMES = {"A": "Advanced", "F": "Fertile", "M": "Metallic"}
ROLE_TITLES = {"survey": "Survey", "warfare": "Warfare", "colonize": "Colonize", "produce": "Produce",
               "trade": "Trade", "research": "Research"}
STACK_TITLES = {"survey": "Survey", "warfare": "Warfare", "colonize": "Colonize", "produce_trade": "Produce/Trade",
                "research": "Research"}
VARIANT_WORDS = {"collect": "collect a fighter", "attack": "attack a planet", "settle": "settle a planet",
                 "tuck": "tuck a colony", "produce": "produce", "trade": "trade"}
# what "done" ends, by the decision it answers
DONE_WORDS = {"boost": "Boost no more", "produce": "Produce no more", "trade": "Trade no more",
              "research": "Research nothing more", "attack": "Attack no more", "settle": "Settle no more",
              "remove": "Remove no more cards", "take": "Take no more cards", "cleanup": "End the turn's clean-up",
              "tuck": "Tuck no more colonies (the rest go to the discard)"}


def card_name(kind: str) -> str:
    """The printed name of a card kind id (role cards and action technologies)."""
    c = cards()
    return c.kind_names[c.kinds.index(kind)]


def planet_words(state: EdState, pid: str) -> str:
    """'Pomerene (SA1, Advanced)' for a planet whose front is showing; a face-down one by its back only."""
    c = cards()
    i = c.planet(pid)
    planet = c.planets[i]
    kind = TYPE_NAMES.get(planet.type, planet.type)
    loc = int(state.raw_state()["planet_loc"][i])
    face_down = loc >= LOC["owned"] and (loc - LOC["owned"]) % 2 == 0
    if face_down:
        return (f"the face-down {kind} planet {pid} (colonize {planet.colonize_cost}, "
                f"warfare {planet.warfare_cost})")
    return f"{planet.name} ({pid}, {kind})"


def tech_words(tid: str) -> str:
    c = cards()
    index, side = c.tech(tid)
    tech = c.techs[index]
    name = c.perm_names[c.perms.index(tid)] if side else tech.name
    return f"{name} ({tech.stack}{tech.level}, {tech.cost} research)"


def move_words(state: EdState, move: Any) -> str:
    """The move (an EdMove, its notation or its int) in words for the player to decide in `state`."""
    text = format_move(move) if isinstance(move, int) else str(move)
    words = text.split()
    head, args = words[0], words[1:]
    if head == "skip":
        return "Skip the action"
    if head == "act":
        what = f"Play {card_name(args[0])} as your action"
        return what + (f" ({VARIANT_WORDS.get(args[1], args[1])})" if len(args) > 1 else "")
    if head == "role":
        return f"Lead the {ROLE_TITLES.get(args[0], args[0])} role"
    if head == "boost":
        return f"Boost the role with {card_name(args[0])}"
    if head == "done":
        return DONE_WORDS.get(state.decision, "Done")
    if head == "follow":
        return "Follow the role"
    if head == "dissent":
        return "Dissent (draw a card)"
    if head == "keep":
        return f"Keep {planet_words(state, args[0])}"
    if head == "collect":
        return "Collect fighters"
    if head == "attack":
        return f"Attack {planet_words(state, args[0])}"
    if head == "colonize":
        return "Colonize (tuck colony cards)"
    if head == "settle":
        return f"Settle {planet_words(state, args[0])}"
    if head == "tuck" and args[:2] == ["terraforming", "under"]:
        return f"Tuck Terraforming under {planet_words(state, args[2])}"
    if head == "tuck":
        return f"Tuck {card_name(args[0])} under {planet_words(state, args[1])} as a colony"
    if head == "produce":
        return f"Produce {args[1]} on {planet_words(state, args[0])}"
    if head == "trade" and args == ["fighter"]:
        return "Trade a fighter"
    if head == "trade":
        return f"Trade the {args[1]} of {planet_words(state, args[0])}"
    if head == "buy":
        return f"Research {tech_words(args[0])}"
    if head == "remove":
        return f"Remove {card_name(args[0])} from the game"
    if head == "take":
        return f"Take a {STACK_TITLES.get(args[0], args[0])} card"
    if head == "name":
        return f"Name {args[0]}"
    if head == "discard":
        return f"Discard {card_name(args[0])}"
    return text


def describe_line(state: EdState, moves: Sequence[Any], players: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """Each move of a line in words, applied in turn to a copy of `state` (the protocol's describe_moves):
    dicts with player (seat from 1), who, notation and words; the list stops at a move the position does
    not allow (a line read on another sample of the hidden cards)."""
    def step(line: EdState, i: int, move: Any) -> tuple[str, str, str]:
        text = format_move(move) if isinstance(move, int) else str(EdMove.parse(str(move)))
        return text, text, move_words(line, text)

    return describe_steps(state, moves, players, step, lambda line, seat: f"p{seat + 1}",
                          (EdError, ValueError, KeyError, IndexError))
