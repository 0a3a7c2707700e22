"""TmState: the Python face of the Terraforming Mars core, in the style of GaiaState."""

from __future__ import annotations

import random
from typing import Any

from gaia_ai._core import tm_rules

from .errors import IllegalMoveError
from .notation import format_move, parse_move
from .tables import (
    AWARDS,
    BASE_CARDS,
    BASE_CORPS,
    CARD_IDS,
    CARDS,
    COLONY_IDS,
    COLONY_NAMES,
    CORP_IDS,
    CORPS,
    MILESTONES,
    SPACES,
    TILE_NAMES,
    card_name,
)

NCARD = len(CARDS)


class TmState:
    """A game of Terraforming Mars (base + Corporate Era, Tharsis, draft off; optionally Colonies).

    Moves are 64-bit ints (``legal_moves()``) or lines of the notation (``apply("play Comet pay mc=21")``).
    ``apply`` is all or nothing: an illegal move raises IllegalMoveError and changes nothing.
    """

    def __init__(self, core: tm_rules.Core) -> None:
        self.core = core
        self._history: list[tm_rules.Core] = []

    # ---- construction ----
    @classmethod
    def new(cls, num_players: int, seed: int, colonies: bool = False) -> TmState:
        """A new game with decks shuffled by ``seed`` (the same seed gives the same game). With
        ``colonies`` the Colonies cards and corporations join the decks and n+2 colony tiles (5 with 2
        players) are drawn."""
        rng = random.Random(seed)
        project = list(range(NCARD if colonies else BASE_CARDS))
        rng.shuffle(project)
        corps = list(range(len(CORPS) if colonies else BASE_CORPS))
        rng.shuffle(corps)
        tiles = None
        if colonies:
            tiles = sorted(rng.sample(range(len(COLONY_NAMES)), num_players + (3 if num_players == 2 else 2)))
        return cls(tm_rules.Core(num_players, project, corps, rng.getrandbits(64), tiles))

    @classmethod
    def from_decks(cls, num_players: int, project: list[str], corps: list[str], seed: int = 0,
                   colonies: list[str] | None = None) -> TmState:
        """A new game dealt from given deck orders (card names, top first), e.g. a record's decks0;
        ``colonies`` names the colony tiles in play (a Colonies game)."""
        unknown = [n for n in project if n not in CARD_IDS] + [n for n in corps if n not in CORP_IDS]
        unknown += [n for n in colonies or [] if n not in COLONY_IDS]
        if unknown:
            raise ValueError(f"unknown cards or colony tiles: {unknown[:5]}")
        tiles = [COLONY_IDS[n] for n in colonies] if colonies is not None else None
        return cls(tm_rules.Core(num_players, [CARD_IDS[n] for n in project], [CORP_IDS[n] for n in corps],
                                 seed, tiles))

    def copy(self) -> TmState:
        other = TmState(self.core.copy())
        other._history = list(self._history)
        return other

    # ---- decisions ----
    @property
    def current_player(self) -> int:
        return self.core.current_player

    @property
    def is_terminal(self) -> bool:
        return self.core.is_terminal

    @property
    def num_players(self) -> int:
        return self.core.num_players

    def legal_moves(self) -> list[int]:
        return self.core.legal_moves()

    def legal_lines(self) -> list[str]:
        return [self.format(m) for m in self.legal_moves()]

    def format(self, move: int) -> str:
        return format_move(self.core, move)

    def parse(self, line: str) -> int:
        return parse_move(self.core, line)

    def apply(self, move: int | str) -> None:
        """Apply a move (int or notation line); raises IllegalMoveError naming the move and why."""
        m = self.parse(move) if isinstance(move, str) else move
        before = self.core.copy()
        err = self.core.apply(m)
        if err is not None:
            try:
                text = self.format(m)
            except (ValueError, IndexError, KeyError):     # a move no line names (fields out of range)
                text = f"{m:#x}"
            raise IllegalMoveError(f"{text!r} for player {before.current_player} "
                                   f"({before.step}): {err}")
        self._history.append(before)

    def undo(self) -> None:
        if not self._history:
            raise IllegalMoveError("undo: no move to take back")
        self.core = self._history.pop()

    def determinize(self, observer: int, seed: int) -> TmState:
        """A copy where what ``observer`` cannot see (deck order, other hands and offers) is resampled."""
        other = self.copy()
        other.core.determinize(observer, seed)
        return other

    # ---- views ----
    def snapshot(self) -> dict[str, Any]:
        """The corpus's snapshot shape with full (not delta) pc, cr, tl, ms and aw."""
        c = self.core
        n = c.num_players
        pc = {}
        for p in range(n):
            corp = c.corp(p) if c.step != "setup" else -1    # chosen corporations are played together
            cards = ([CORPS[corp]["name"]] if corp >= 0 else []) + [card_name(x) for x in c.tableau(p)]
            if cards:
                pc[str(p)] = cards
        cr: dict[str, dict[str, int]] = {}
        locs = c.locations()
        for card, count in c.card_resources().items():
            owner = locs[card] - tm_rules.constants()["L_PLAYED"]
            cr.setdefault(str(owner), {})[card_name(card)] = count
        for p in range(n):
            if c.corp_resources(p) and c.corp(p) >= 0:
                cr.setdefault(str(p), {})[CORPS[c.corp(p)]["name"]] = c.corp_resources(p)
        out = {
            "g": c.globals(),
            "p": [c.player(p) for p in range(n)],
            "pc": pc,
            "cr": cr,
            "tl": [[SPACES[sp], TILE_NAMES[t], o] for sp, t, o in c.tiles()],
            "ms": [[MILESTONES[i], p] for i, p in c.milestones()],
            "aw": [[AWARDS[i], p] for i, p in c.awards()],
        }
        if c.colonies_on:
            out["col"] = sorted([COLONY_NAMES[t], track, owners, trader, active]
                                for t, track, owners, trader, active in c.colonies())
            out["fl"] = [c.fleets(p) for p in range(n)]
        return out

    def final_scores(self) -> list[dict[str, Any]]:
        """Per player the corpus's breakdown: tr, milestones, awards, greenery, city, cards, total, mc,
        cardVP (names of cards with non-zero VP)."""
        out = []
        for p in range(self.num_players):
            s = self.core.score(p)
            s["mc"] = self.core.player(p)[1]
            s["cardVP"] = {card_name(c): v for c, v in self.core.card_vp(p).items()}
            corp = self.core.corp(p)
            if corp >= 0 and CORPS[corp]["name"] == "Arklight" and self.core.corp_resources(p) >= 2:
                s["cardVP"] = {"Arklight": self.core.corp_resources(p) // 2, **s["cardVP"]}
            out.append(s)
        return out

    def ranks(self) -> list[int]:
        """1 = best; by total VP then M€; equal on both share a rank."""
        keys = [(s["total"], s["mc"]) for s in self.final_scores()]
        return [1 + sum(k2 > k for k2 in keys) for k in keys]
