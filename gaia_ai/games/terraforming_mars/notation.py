"""One readable line per decision, with an exact parse/format round trip.

    setup PhoboLog: Windmills, Insulation     corporation and the kept starting cards ("setup Helion:")
    buy Heather, Mine                         research purchase ("buy" alone buys nothing)
    buy chosen pay mc=6 he=3                  paying for research cards chosen before (a player view's
                                              Helion payment prompt, where the cards are not shown)
    play Comet pay mc=21 ti=1                 a project card and its payment (non-zero parts)
    std city pay mc=25                        standard project: powerPlant asteroid aquifer greenery city
                                              buildColony (Colonies)
    sell / sell Windmills / sell done         sell patents, one card per decision
    milestone Mayor pay mc=8                  award Banker pay mc=14
    plants / heat / first / end / pass        conversions, corporation first action, end turn, pass
    heat floaters=2                           Stormcraft: 2 of the 8 heat paid as floaters (2 heat each)
    trade Luna with energy                    trade (megacredits, energy, titanium or floater; Helion
    trade Luna with megacredits pay mc=6 he=3   may split M€ and heat)
    colony Luna                               a colony tile (build here, add it, raise/lower its track)
    action Aquifer Pumping pay st=4           a card or corporation action (with its payment if any)
    card Tardigrades                          the card that gets or loses resources
    keep Mine, Heather                        the cards kept of those drawn (Invention Contest)
    space 25 / player 1 / player skip / option 0   follow-up answers (option 1 pay mc=1 he=2: Helion
                                              buying a Business Network card with heat)
    final greenery 24 / final done            placement after the last production

Setup and research lines name cards, but the move holds positions in the offer, so both directions
take the state the decision belongs to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gaia_ai._core import tm_rules

from .errors import NotationError
from .tables import (
    AWARDS,
    CARD_IDS,
    COLONY_IDS,
    COLONY_NAMES,
    CONST,
    CORP_IDS,
    CORPS,
    MILESTONES,
    SPACE_IDS,
    SPACES,
    STANDARD_PROJECTS,
    card_name,
)

if TYPE_CHECKING:
    from gaia_ai._core.tm_rules import Core

K = tm_rules.MOVE_KINDS
PAY_KEYS = ("mc", "st", "ti", "he")
SIMPLE = {"plants": K["plants"], "heat": K["heat"], "first": K["first"], "end": K["end"], "pass": K["pass"],
          "sell": K["sell"]}
SIMPLE_NAMES = {v: k for k, v in SIMPLE.items()}
TRADE_PAY = ["megacredits", "energy", "titanium", "floater"]


def _pay_text(mc: int, st: int, ti: int, he: int) -> str:
    parts = [f"{k}={v}" for k, v in zip(PAY_KEYS, (mc, st, ti, he)) if v]
    return " pay " + " ".join(parts) if parts else ""


def format_move(core: Core, move: int) -> str:
    """The line of a move at this state (the state is needed for setup and research offers)."""
    kind, a, b, mc, st, ti, he = tm_rules.decode(move)
    p = core.current_player
    if kind == K["heat"] and a:
        return f"heat floaters={a}"
    if kind in SIMPLE_NAMES:
        return SIMPLE_NAMES[kind]
    if kind == K["trade"]:
        if a >= len(COLONY_NAMES) or b >= len(TRADE_PAY):
            raise NotationError(f"move {move:#x}: bad trade")
        return f"trade {COLONY_NAMES[a]} with {TRADE_PAY[b]}" + _pay_text(mc, st, ti, he)
    if kind == K["colony"]:
        if a >= len(COLONY_NAMES):
            raise NotationError(f"move {move:#x}: unknown colony tile {a}")
        return f"colony {COLONY_NAMES[a]}"
    if kind == K["setup"]:
        corp = CORPS[core.corp_offer(p)[a]]["name"]
        offer = core.offer(p)
        kept = [card_name(c) for i, c in enumerate(offer) if b >> i & 1]
        return f"setup {corp}:" + (" " + ", ".join(kept) if kept else "")
    if kind == K["buy"] and _paying_research(core) is not None:
        return "buy chosen" + _pay_text(mc, st, ti, he)
    if kind == K["buy"]:
        offer = core.offer(p)
        kept = [card_name(c) for i, c in enumerate(offer) if b >> i & 1]
        return "buy" + (" " + ", ".join(kept) if kept else "") + _pay_text(mc, st, ti, he)
    if kind == K["play"]:
        return f"play {card_name(a)}" + _pay_text(mc, st, ti, he)
    if kind == K["std"]:
        return f"std {STANDARD_PROJECTS[a]}" + _pay_text(mc, st, ti, he)
    if kind == K["sellCard"]:
        return f"sell {card_name(a)}"
    if kind == K["sellDone"]:
        return "sell done"
    if kind == K["milestone"]:
        return f"milestone {MILESTONES[a]}" + _pay_text(mc, st, ti, he)
    if kind == K["award"]:
        return f"award {AWARDS[a]}" + _pay_text(mc, st, ti, he)
    if kind == K["action"]:
        return f"action {card_name(a)}" + _pay_text(mc, st, ti, he)
    if kind == K["card"]:
        return f"card {card_name(a)}"
    if kind == K["keep"]:
        offer = core.offer(core.pending()[0][1] if core.pending() else p)
        kept = [card_name(c) for i, c in enumerate(offer) if b >> i & 1]
        return "keep" + (" " + ", ".join(kept) if kept else "")
    if kind == K["space"]:
        return f"space {SPACES[a]}"
    if kind == K["player"]:
        return "player skip" if a == CONST["SKIP_PLAYER"] else f"player {a}"
    if kind == K["option"]:
        return "option skip" if a == CONST["OPT_SKIP"] else f"option {a}" + _pay_text(mc, st, ti, he)
    if kind == K["finalGreenery"]:
        return f"final greenery {SPACES[a]}"
    if kind == K["finalDone"]:
        return "final done"
    raise NotationError(f"move {move:#x}: unknown kind {kind}")


def _card(name: str, line: str) -> int:
    name = name.strip()
    if name == "United Nations Mars Initiative":
        return CONST["UNMI_ACTION"]
    if name in CORP_IDS:                     # Robotic Workforce may copy a corporation
        return CONST["ROBOT_CORP"] + CORP_IDS[name]
    if name not in CARD_IDS:
        raise NotationError(f"{line!r}: unknown card {name!r}")
    return CARD_IDS[name]


def _pay(text: str, line: str) -> dict[str, int]:
    out = dict.fromkeys(PAY_KEYS, 0)
    for part in text.split():
        key, _, val = part.partition("=")
        if key not in out or not val.isdigit():
            raise NotationError(f"{line!r}: bad payment part {part!r} (expected mc=N st=N ti=N he=N)")
        out[key] = int(val)
    return out


def _mask(names: str, offer: list[int], line: str) -> int:
    mask = 0
    if not names.strip():
        return 0
    for name in names.split(","):
        c = _card(name, line)
        if c not in offer:
            raise NotationError(f"{line!r}: {name.strip()!r} is not among the offered cards")
        mask |= 1 << offer.index(c)
    return mask


def _space(text: str, line: str) -> int:
    if text.strip() not in SPACE_IDS:
        raise NotationError(f"{line!r}: unknown space {text.strip()!r}")
    return SPACE_IDS[text.strip()]


def parse_move(core: Core, line: str) -> int:
    """The move of a line at this state; raises NotationError naming what is wrong."""
    text = " ".join(line.split())
    word, _, rest = text.partition(" ")
    try:
        if word in SIMPLE and not rest:
            return tm_rules.encode(SIMPLE[word])
        if word == "heat" and rest.startswith("floaters=") and rest[9:].isdigit():
            return tm_rules.encode(K["heat"], int(rest[9:]))
        if word == "colony":
            if rest not in COLONY_IDS:
                raise NotationError(f"{line!r}: unknown colony tile {rest!r}")
            return tm_rules.encode(K["colony"], COLONY_IDS[rest])
        head, _, paytext = rest.partition(" pay ")
        pay = _pay(paytext, line)
        if word == "setup":
            corp, sep, cards = rest.partition(":")
            if not sep or corp.strip() not in CORP_IDS:
                raise NotationError(f"{line!r}: expected 'setup CORPORATION: card, card'")
            p = core.current_player
            offers = core.corp_offer(p)
            cid = CORP_IDS[corp.strip()]
            if cid not in offers:
                raise NotationError(f"{line!r}: {corp.strip()} was not dealt to player {p}")
            return tm_rules.encode(K["setup"], offers.index(cid), _mask(cards, core.offer(p), line))
        if word == "trade":
            tile, sep, how = head.partition(" with ")
            if not sep or tile not in COLONY_IDS or how not in TRADE_PAY:
                raise NotationError(f"{line!r}: expected 'trade TILE with "
                                    "megacredits|energy|titanium|floater'")
            return tm_rules.encode(K["trade"], COLONY_IDS[tile], TRADE_PAY.index(how), **pay)
        if word == "buy" and head == "chosen" and _paying_research(core) is not None:
            return tm_rules.encode(K["buy"], 0, _paying_research(core), **pay)
        if word == "buy":
            return tm_rules.encode(K["buy"], 0, _mask(head, core.offer(core.current_player), line), **pay)
        if word == "keep":
            return tm_rules.encode(K["keep"], 0, _mask(rest, core.offer(core.current_player), line))
        if word == "card":
            return tm_rules.encode(K["card"], _card(rest, line))
        if word == "play":
            return tm_rules.encode(K["play"], _card(head, line), 0, **pay)
        if word == "std":
            if head not in STANDARD_PROJECTS[1:]:
                raise NotationError(f"{line!r}: unknown standard project {head!r}")
            return tm_rules.encode(K["std"], STANDARD_PROJECTS.index(head), 0, **pay)
        if word == "sell":
            if rest == "done":
                return tm_rules.encode(K["sellDone"])
            return tm_rules.encode(K["sellCard"], _card(rest, line))
        if word == "milestone":
            if head not in MILESTONES:
                raise NotationError(f"{line!r}: unknown milestone {head!r}")
            return tm_rules.encode(K["milestone"], MILESTONES.index(head), 0, **pay)
        if word == "award":
            if head not in AWARDS:
                raise NotationError(f"{line!r}: unknown award {head!r}")
            return tm_rules.encode(K["award"], AWARDS.index(head), 0, **pay)
        if word == "action":
            return tm_rules.encode(K["action"], _card(head, line), 0, **pay)
        if word == "space":
            return tm_rules.encode(K["space"], _space(rest, line))
        if word == "player":
            if rest == "skip":
                return tm_rules.encode(K["player"], CONST["SKIP_PLAYER"])
            if not rest.isdigit() or int(rest) >= core.num_players:
                raise NotationError(f"{line!r}: bad player {rest!r}")
            return tm_rules.encode(K["player"], int(rest))
        if word == "option":
            if rest == "skip":
                return tm_rules.encode(K["option"], CONST["OPT_SKIP"])
            if not head.isdigit():
                raise NotationError(f"{line!r}: bad option {head!r}")
            return tm_rules.encode(K["option"], int(head), 0, **pay)   # buying with heat (Helion)
        if word == "final":
            if rest == "done":
                return tm_rules.encode(K["finalDone"])
            sub, _, sp = rest.partition(" ")
            if sub == "greenery":
                return tm_rules.encode(K["finalGreenery"], _space(sp, line))
    except ValueError as e:
        if isinstance(e, NotationError):
            raise
        raise NotationError(f"{line!r}: {e}") from e
    raise NotationError(f"{line!r}: unknown decision {word!r}")


def _paying_research(core: Any) -> int | None:
    """The offer mask of the cards a research payment prompt pays for, or None at any other decision."""
    pending = core.pending()
    return pending[0][3] if pending and pending[0][0] == "researchPayment" else None
