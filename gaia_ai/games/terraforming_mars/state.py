"""TmState: the Python face of the Terraforming Mars core, in the style of GaiaState, behind the toolkit's
State protocol (gaia_ai.games.api): legal_moves() gives TmMove values, legal_codes() the core's ints (the
hot path of benches and replays)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from gaia_ai._core import tm_rules

from .errors import IllegalMoveError, NotationError, TmError
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


@dataclass(frozen=True)
class TmMove:
    """A decision: the core's int and its notation line (str()). The line is fixed when the move is
    made, because setup, research and keep moves name cards by their place in the player's offer."""

    code: int
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"TmMove({self.text!r})"


class TmState:
    """A game of Terraforming Mars (base + Corporate Era, Tharsis, draft off; optionally Colonies).

    Moves are 64-bit ints (``legal_moves()``) or lines of the notation (``apply("play Comet pay mc=21")``).
    ``apply`` is all or nothing: an illegal move raises IllegalMoveError and changes nothing.
    """

    def __init__(self, core: tm_rules.Core) -> None:
        self.core = core
        self._history: list[tm_rules.Core] = []
        # the player view (playerview.PlayerView) this position was imported at the prompt of, for the
        # prompt's option titles in words; copies do not carry it (their decisions are other prompts)
        self.view: Any = None

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

    def legal_moves(self) -> list[TmMove]:
        """The moves of the decision, in the core's fixed order; [] once the game is over."""
        return [TmMove(m, format_move(self.core, m)) for m in self.core.legal_moves()]

    def legal_codes(self) -> list[int]:
        """legal_moves() as the core's ints (no notation: the fast path)."""
        return self.core.legal_moves()

    def legal_lines(self) -> list[str]:
        return [self.format(m) for m in self.legal_codes()]

    def format(self, move: int) -> str:
        return format_move(self.core, move)

    def _text(self, move: int) -> str:
        try:
            return format_move(self.core, move)
        except (ValueError, IndexError):
            return f"{move:#x}"

    def parse(self, line: str) -> int:
        return parse_move(self.core, line)

    def parse_move(self, line: str) -> TmMove:
        """The TmMove a notation line names at this position (NotationError otherwise)."""
        code = self.parse(line)
        try:
            return TmMove(code, self.format(code))
        except (ValueError, IndexError) as e:
            raise NotationError(f"{line!r}: {e}") from None

    def apply(self, move: TmMove | int | str) -> None:
        """Apply a move (TmMove, int or notation line); raises IllegalMoveError naming the move and why."""
        if isinstance(move, TmMove):
            m = move.code
            # setup, research and keep codes are places in an offer: the same code elsewhere is another move
            here = self._text(m)
            if here != move.text:
                raise IllegalMoveError(f"{move.text!r} for player {self.current_player} ({self.core.step}): "
                                       f"not a move of this position (its code here reads {here!r})")
        elif isinstance(move, str):
            m = self.parse(move)
        elif isinstance(move, int) and not isinstance(move, bool):
            m = move
        else:
            raise TypeError(f"a move is a TmMove, a notation line or an int, not {type(move).__name__}")
        if self.core.is_terminal:
            raise IllegalMoveError(f"{str(move)!r}: the game is over")
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
            raise TmError("undo: no move to take back")
        self.core = self._history.pop()

    def determinize(self, observer: int, seed: int) -> TmState:
        """A copy where what ``observer`` cannot see is resampled: the draw pile's order, the discard pile
        (face down), the other hands and research offers and, during the initial selection, the others'
        corporations (the two dealt, or the one chosen) among those ``observer`` was not dealt."""
        if not 0 <= observer < self.num_players:
            raise ValueError(f"no player {observer} in a {self.num_players}-player game")
        other = self.copy()
        other.core.determinize(observer, seed % 2**64)
        other.view = self.view   # the same prompt: its option titles still name the moves
        return other

    # ---- the toolkit's State protocol (gaia_ai.games.api) ---------------------------------------------
    @property
    def game(self) -> Any:
        """The registry's TmGame, or its Colonies variant for a Colonies game."""
        from .game import GAME, GAME_COLONIES

        return GAME_COLONIES if self.core.colonies_on else GAME

    def role(self, seat: int) -> str | None:
        """The seat's corporation once the initial selection is over (hidden until then)."""
        corp = self.core.corp(seat)
        return CORPS[corp]["name"] if corp >= 0 and self.core.step != "setup" else None

    def key(self) -> bytes:
        """The bytes of the C state: equal keys, equal positions."""
        return bytes(self.core.state_bytes())

    def search_moves(self) -> list[tuple[int, list[TmMove]]]:
        """What the search branches over (src_cython/terraforming_mars/searchmoves.pxi): a subset of the
        legal moves, in their order, each one atomic move standing for itself. A card, standard project,
        milestone, award or card action comes with one payment (the one spending least value: steel,
        titanium and Helion's heat before M€), a tile goes on one of the 4 best spaces by a cheap
        heuristic (bonuses, ocean and city/greenery adjacency), the initial selection and the research
        buy keep the best k offered cards for each k (by the evaluation's card value), and selling or
        discarding offers the least valuable card; every other decision keeps all its moves."""
        return [(m, [TmMove(m, format_move(self.core, m))]) for m in self.core.search_moves()]

    def search_codes(self) -> list[int]:
        """search_moves() as the core's ints."""
        return self.core.search_moves()

    def search_interface(self, atomic: bool = False, net_slot: int = -1,
                         prior: str = "uniform") -> tuple[Any, Any, Any]:
        """The C game interface over a private copy of this position (gaia_ai.games.api.CoreSearchable),
        branching over the search moves, or with `atomic` over every legal move; its leaf value the
        heuristic, or with net_slot >= 0 the value network loaded there (value_net.slot); its move prior
        none ("uniform") or "value" (a softmax over the mover's margin one move later by that leaf value)."""
        core = self.core.copy()
        iface, owner = tm_rules.game_interface(core, atomic, net_slot, prior)
        return iface, tm_rules.state_pointer(core), (owner, core)

    def observation(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` sees, as plain data: the board, every tableau and its resources, each
        player's resources and production, the seat's own hand and offer, the others' hand and offer
        sizes, the pile sizes and the open decisions (a card another player looks at stays hidden); with
        Colonies the tiles (track, colonies, trader, active), every fleet and the corporations' resources."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"no player {seat} in a {self.num_players}-player game")
        c = self.core
        n = c.num_players
        setup = c.step == "setup"
        players = []
        for p in range(n):
            mine = p == seat
            players.append({
                "stats": c.player(p),
                "corp": c.corp(p) if (mine or not setup) else None,
                "corp_offer": c.corp_offer(p) if mine else None,
                "hand": sorted(c.hand(p)) if mine else len(c.hand(p)),
                "offer": c.offer(p) if mine else len(c.offer(p)),
                "tableau": c.tableau(p), "passed": c.passed(p), "acts": c.acts(p),
            })
        pending = [(kind, p, card, a, b, cc if (p == seat or kind != "buyTop") else -1)
                   for kind, p, card, a, b, cc in c.pending()]
        return {
            "step": c.step, "to_move": c.current_player, "first": c.first_player(), "globals": c.globals(),
            "players": players, "card_resources": c.card_resources(), "tiles": c.tiles(),
            "claims": c.claims(), "milestones": c.milestones(), "awards": c.awards(),
            "deck": c.deck_size(), "discard": c.discard_size(), "pending": pending,
            "used": c.used_actions(),
            "corp_resources": [c.corp_resources(p) for p in range(n)],
            "colonies": c.colonies() if c.colonies_on else [],
            "fleets": [c.fleets(p) for p in range(n)] if c.colonies_on else [],
        }

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

    def final_scores(self) -> list[int] | None:
        """Each seat's VP once the game is over (the tie-break, M€, is in score_breakdown()), else None."""
        if not self.is_terminal:
            return None
        return [s["total"] for s in self.score_breakdown()]

    def score_breakdown(self) -> list[dict[str, Any]]:
        """Per player the corpus's breakdown (the score if the game ended now): tr, milestones, awards,
        greenery, city, cards, total, mc, cardVP (names of cards with non-zero VP)."""
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
        keys = [(s["total"], s["mc"]) for s in self.score_breakdown()]
        return [1 + sum(k2 > k for k2 in keys) for k in keys]

    def __repr__(self) -> str:
        g = self.core.globals()
        return f"<TmState generation {g[0]} {self.core.step} to move p{self.current_player + 1}>"
