"""The rules judge: replay corpus records through the core with the recorded draws forced and compare,
after every action, every snapshot field (g, p, pc, cr, tl, ms, aw; col and fl in Colonies games) and at
the end the scores. Base and Colonies records alike.

    python -m gaia_ai.games.terraforming_mars.replay FILE [--limit N] [--json]

prints one line per failing game (the first action and field that differ) and ``N passed, M failed``;
the exit status is 0 only when every game passed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gaia_ai._core import tm_rules
from gaia_ai.jsontext import loads_bounded

from .errors import IllegalMoveError, TmError
from .state import TmState
from .tables import (
    AWARDS,
    CARD_IDS,
    COLONY_IDS,
    CONST,
    CORP_IDS,
    MILESTONES,
    SPACE_IDS,
    STANDARD_PROJECTS,
    card_name,
)

K = tm_rules.MOVE_KINDS
TRADE_PAY = {"megacredits": CONST["TP_MC"], "energy": CONST["TP_ENERGY"], "titanium": CONST["TP_TITANIUM"],
             "floater": CONST["TP_FLOATER"]}


def _card_ref(name: str) -> int:
    """A card in a move: a project card id, or ROBOT_CORP + id for a corporation card."""
    if name in CARD_IDS:
        return CARD_IDS[name]
    return CONST["ROBOT_CORP"] + CORP_IDS[name]


class Divergence(TmError):
    """The engine and the record disagree (or the record needs a rule the core lacks)."""


@dataclass
class GameResult:
    id: str
    players: int
    actions: int
    replayed: int                  # actions replayed and matching before the first failure
    ok: bool
    error: str = ""


@dataclass
class Report:
    games: list[GameResult] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(g.ok for g in self.games)

    @property
    def failed(self) -> int:
        return len(self.games) - self.passed

    @property
    def replayed(self) -> int:
        return sum(g.replayed for g in self.games)

    @property
    def actions(self) -> int:
        return sum(g.actions for g in self.games)

    def to_dict(self) -> dict[str, Any]:
        return {"passed": self.passed, "failed": self.failed, "replayed": self.replayed,
                "actions": self.actions, "games": [asdict(g) for g in self.games]}


def read_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """Records of a .jsonl or .jsonl.gz file, or of every such file of a folder (gaia-ai match --save's)."""
    path = Path(path)
    if path.is_dir():
        for child in sorted(path.iterdir()):
            if child.name.endswith((".jsonl", ".jsonl.gz")):
                yield from read_records(child)
        return
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                yield loads_bounded(line, f"{path}:{n}", ValueError)


def _pay(d: dict[str, int] | None) -> dict[str, int]:
    d = d or {}
    extra = set(d) - {"mc", "st", "ti", "he"}
    if extra:
        raise Divergence(f"payment with {sorted(extra)} not supported yet")
    pay = {"mc": d.get("mc", 0), "st": d.get("st", 0), "ti": d.get("ti", 0), "he": d.get("he", 0)}
    for key, value in pay.items():   # the move's payment fields (tm_rules.encode): 8 bits, 7 for steel and titanium
        top = 127 if key in ("st", "ti") else 255
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise Divergence(f"pay.{key}: {value!r} is not a payment of 0..{top}")
    return pay


class Replayer:
    """Drives one record through a TmState."""

    def __init__(self, rec: dict[str, Any]) -> None:
        self.rec = rec
        self.colors = rec["colors"]
        decks = rec["decks0"]
        self.colonies = rec.get("set") == "colonies"
        self.state = TmState.from_decks(rec["players"], decks["project"], decks["corporation"],
                                        colonies=rec["colonies"] if self.colonies else None)
        self.expected: dict[str, Any] = {"g": rec["s0"]["g"], "p": rec["s0"]["p"], "pc": {}, "cr": {}, "tl": [],
                                         "ms": [], "aw": []}
        if self.colonies:
            self.expected["col"] = rec["s0"]["col"]
            self.expected["fl"] = rec["s0"]["fl"]
        for p, deal in enumerate(rec["deal"]):
            core = self.state.core
            got = [card_name(c) for c in core.offer(p)]
            if got != deal["cards"]:
                raise Divergence(f"deal of player {p}: {got} != {deal['cards']}")

    def apply(self, move: int, what: str) -> None:
        try:
            self.state.apply(move)
        except IllegalMoveError as e:
            raise Divergence(f"{what}: {e}") from e

    def follow_ups(self, act: dict[str, Any], choices: list[dict[str, Any]]) -> None:
        core = self.state.core
        queue = list(choices)
        while core.pending():
            kind, _player, card, _a, _b, _c = core.pending()[0]
            legal = self.state.legal_codes()
            if queue and len(legal) == 1 and _player != queue[0].get("p", act["p"]):
                self.apply(legal[0], "single option of another player")    # asked of no one
                continue
            if queue:
                ch = queue[0]
                move = self.choice_move(kind, ch)
                if move is not None and move not in legal and len(legal) == 1:
                    self.apply(legal[0], "single option")    # resolved without asking
                    continue
                if move is not None:
                    queue.pop(0)
                    if kind == "buyTop" and move != tm_rules.encode(K["option"], 0) and queue \
                            and queue[0].get("t") == "payment":      # Helion paying with heat
                        move = tm_rules.encode(K["option"], 1, 0, **_pay(queue.pop(0)["pay"]))
                    self.apply(move, f"follow-up {ch}")
                    if kind == "cardOr" and ch.get("sub", {}).get("t") in ("amount", "colony"):
                        queue.insert(0, ch["sub"])
                    continue
            if len(legal) == 1:
                self.apply(legal[0], "single option")
                continue
            raise Divergence(f"engine asks {kind} (card {card_name(card) if card >= 0 else '-'}) but the record "
                             f"answers {queue[0] if queue else 'nothing'}")
        queue = [c for c in queue if not (c.get("t") == "payment" and not c["pay"].get("he"))]
        if queue:
            raise Divergence(f"record has follow-ups the engine did not ask: {queue}")

    def choice_move(self, kind: str, ch: dict[str, Any]) -> int | None:
        t = ch.get("t")
        sub = ch.get("sub", {})
        if kind in ("plantsOr", "coldFungus") and sub.get("t") == "cards" and len(sub["cards"]) == 1:
            return tm_rules.encode(K["card"], _card_ref(sub["cards"][0]))
        if kind == "tile" and t == "space":
            return tm_rules.encode(K["space"], SPACE_IDS[ch["space"]])
        if kind == "removePlants" and t == "or":
            title = ch.get("o", "")
            if title.startswith("Skip"):
                return tm_rules.encode(K["player"], CONST["SKIP_PLAYER"])
            color = title.rsplit(" ", 1)[-1]
            if color in self.colors:
                return tm_rules.encode(K["player"], self.colors.index(color))
        if kind == "decreaseProduction" and t == "player":
            return tm_rules.encode(K["player"], ch["player"])
        if kind in ("or", "orAction") and t == "or":
            return tm_rules.encode(K["option"], ch["i"])
        if kind in ("addResources", "removeResource", "discard", "removeFloater") and t == "cards" \
                and len(ch["cards"]) == 1:
            return tm_rules.encode(K["card"], _card_ref(ch["cards"][0]))
        if kind in ("colony", "addColonyTile", "marketManipulation", "freeTrade") and t == "colony":
            return tm_rules.encode(K["colony"], COLONY_IDS[ch["colony"]])
        if kind in ("tradeOffset", "cardOr") and t == "or":
            return tm_rules.encode(K["option"], ch["i"])
        if kind == "stormcraftHeat" and t == "and":
            return tm_rules.encode(K["option"], ch["all"][1]["n"])
        if kind == "titanShuttles" and t == "amount":
            return tm_rules.encode(K["option"], ch["n"])
        if kind == "airRaid" and t == "or":
            color = ch.get("o", "").rsplit(" ", 1)[-1]
            if color in self.colors:
                return tm_rules.encode(K["player"], self.colors.index(color))
        if kind == "buyTop" and t == "cards":
            return tm_rules.encode(K["option"], 1 if ch["cards"] else 0)
        if kind == "keep" and t == "cards":
            offer = self.state.core.offer(self.state.current_player)
            return tm_rules.encode(K["keep"], 0, sum(1 << offer.index(CARD_IDS[n]) for n in ch["cards"]))
        if kind == "attack" and t == "or":
            title = ch.get("o", "")
            if title.startswith(("Skip", "Do not")):
                return tm_rules.encode(K["option"], CONST["OPT_SKIP"])
            sub = ch.get("sub", {})
            if sub.get("t") == "cards" and len(sub.get("cards", [])) == 1:
                return tm_rules.encode(K["card"], _card_ref(sub["cards"][0]))
            m = re.match(r"(?:Remove|Steal) \d+ (\S+) from (.+)$", title)
            if m:
                res, target = m.groups()
                if target in self.colors:
                    r = {"M€": 0, "steel": 1, "titanium": 2, "plants": 3}[res]
                    return tm_rules.encode(K["option"], self.colors.index(target) * 8 + r)
                if target in CARD_IDS:
                    return tm_rules.encode(K["card"], CARD_IDS[target])
        if kind == "marsUniversity" and t == "or":
            if ch.get("sub", {}).get("t") == "cards" and len(ch["sub"]["cards"]) == 1:
                return tm_rules.encode(K["card"], CARD_IDS[ch["sub"]["cards"][0]])
            return tm_rules.encode(K["option"], CONST["OPT_SKIP"])
        if kind == "olympusConference" and t == "or":
            return tm_rules.encode(K["option"], 0 if ch.get("o", "").startswith("Remove") else 1)
        if kind == "viralEnhancers" and t == "or":
            return tm_rules.encode(K["option"], 0 if ch.get("o", "").startswith("Add") else 1)
        if kind == "amount" and t == "amount":
            return tm_rules.encode(K["option"], ch["n"])
        if kind == "plantsOr" and t == "or":
            m = re.match(r"Add \d+ \S+ to (.+)$", ch.get("o", ""))
            if m and (m.group(1) in CARD_IDS or m.group(1) in CORP_IDS):
                return tm_rules.encode(K["card"], _card_ref(m.group(1)))
            return tm_rules.encode(K["option"], 0)
        if kind == "flooding" and t == "or":
            sub = ch.get("sub", {})
            if sub.get("t") == "player":
                return tm_rules.encode(K["player"], sub["player"])
            return tm_rules.encode(K["option"], CONST["OPT_SKIP"])
        if kind == "robot" and t == "cards" and len(ch["cards"]) == 1:
            name = ch["cards"][0]
            if name in CORP_IDS:
                return tm_rules.encode(K["card"], CONST["ROBOT_CORP"] + CORP_IDS[name])
            return tm_rules.encode(K["card"], CARD_IDS[name])
        if kind == "buyTop" and t == "payment":
            return None
        if kind == "coldFungus" and t == "or":
            m = re.match(r"Add 2 microbes to (.+)$", ch.get("o", ""))
            if m and m.group(1) in CARD_IDS:
                return tm_rules.encode(K["card"], CARD_IDS[m.group(1)])
            return tm_rules.encode(K["option"], 0)
        return None

    def top_move(self, act: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
        k = act["k"]
        core = self.state.core
        p = act["p"]
        ch = list(act.get("ch", []))
        if core.current_player != p:
            raise Divergence(f"record's player {p} but the engine waits for player {core.current_player} "
                             f"({core.step})")
        if k == "setup":
            offers = core.corp_offer(p)
            corp = CORP_IDS[act["corp"]]
            offer = core.offer(p)
            mask = sum(1 << offer.index(CARD_IDS[n]) for n in act["cards"])
            return tm_rules.encode(K["setup"], offers.index(corp), mask), ch
        if k == "buyCards":
            offer = core.offer(p)
            if [card_name(c) for c in offer] != act["offered"]:
                raise Divergence(f"offered {[card_name(c) for c in offer]} != {act['offered']}")
            mask = sum(1 << offer.index(CARD_IDS[n]) for n in act["cards"])
            pay = {}
            if ch and ch[0].get("t") == "payment":
                pay = _pay(ch.pop(0)["pay"])
                if not pay["he"]:
                    pay = {}
            return tm_rules.encode(K["buy"], 0, mask, **pay), ch
        if k == "playCard":
            return tm_rules.encode(K["play"], CARD_IDS[act["card"]], 0, **_pay(act.get("pay"))), ch
        if k == "standardProject":
            return tm_rules.encode(K["std"], STANDARD_PROJECTS.index(act["name"]), 0, **_pay(act.get("pay"))), ch
        if k in ("claimMilestone", "fundAward"):
            names = MILESTONES if k == "claimMilestone" else AWARDS
            pay = None
            for c in list(ch):
                if c.get("t") == "payment":
                    pay = c["pay"]
                    ch.remove(c)
            if pay is None:
                cost = 8 if k == "claimMilestone" else 8 + 6 * len(core.awards())
                pay = {"mc": cost}
            kind = K["milestone"] if k == "claimMilestone" else K["award"]
            return tm_rules.encode(kind, names.index(act["name"]), 0, **_pay(pay)), ch
        if k == "convertPlants":
            return tm_rules.encode(K["plants"]), [{"t": "space", "space": act["space"]}] + ch
        if k == "convertHeat":
            floaters = 0
            if ch and ch[0].get("t") == "and":       # Stormcraft: [heat, floaters]
                floaters = ch.pop(0)["all"][1]["n"]
            return tm_rules.encode(K["heat"], floaters), ch
        if k == "trade":
            pay = {}
            if ch and ch[0].get("t") == "payment":   # Helion: M€ and heat
                pay = _pay(ch.pop(0)["pay"])
            move = tm_rules.encode(K["trade"], COLONY_IDS[act["colony"]], TRADE_PAY[act["payWith"]], **pay)
            return move, ch
        if k == "buildColony":
            return tm_rules.encode(K["std"], CONST["SPJ_COLONY"], 0, **_pay(act.get("pay"))), ch
        if k == "firstAction":
            return tm_rules.encode(K["first"]), ch
        if k == "endTurn":
            return tm_rules.encode(K["end"]), ch
        if k == "pass":
            return tm_rules.encode(K["pass"]), ch
        if k == "cardAction":
            pay = None
            if ch and ch[0].get("t") == "payment":
                pay = _pay(ch.pop(0)["pay"])
            if act["card"] == "United Nations Mars Initiative":
                return tm_rules.encode(K["action"], CONST["UNMI_ACTION"], 0, **(pay or {})), ch
            if act["card"] in CORP_IDS:                # Stormcraft's action
                return tm_rules.encode(K["action"], _card_ref(act["card"]), 0, **(pay or {})), ch
            card = CARD_IDS[act["card"]]
            if not tm_rules.card_implemented(card):
                raise Divergence(f"card {act['card']} not implemented yet")
            if pay is None:
                cost = tm_rules.action_cost(card)
                pay = {"mc": cost} if cost else {}
            return tm_rules.encode(K["action"], card, 0, **pay), ch
        if k == "finalGreenery":
            return tm_rules.encode(K["finalGreenery"], SPACE_IDS[act["space"]]), ch
        if k == "finalGreeneryDone":
            return tm_rules.encode(K["finalDone"]), ch
        raise Divergence(f"action kind {k!r} not supported")

    def step(self, act: dict[str, Any]) -> None:
        for d in act.get("d", []):
            if isinstance(d, dict) and "reshuffle" in d:
                self.state.core.set_reshuffle([CARD_IDS[n] for n in d["reshuffle"]])
        if act["k"] == "sellPatents":
            self.apply(tm_rules.encode(K["sell"]), "sell patents")
            for name in act["cards"]:
                self.apply(tm_rules.encode(K["sellCard"], CARD_IDS[name]), f"sell {name}")
            if self.state.core.pending():
                self.apply(tm_rules.encode(K["sellDone"]), "sell done")
            return
        move, ch = self.top_move(act)
        if act["k"] == "playCard" and not tm_rules.card_implemented(CARD_IDS[act["card"]]):
            raise Divergence(f"card {act['card']} not implemented yet")
        self.apply(move, act["k"])
        self.follow_ups(act, ch)

    def check(self, snap: dict[str, Any]) -> None:
        exp = self.expected
        for key in ("g", "p", "ms", "aw", "col", "fl"):
            if key in snap:
                exp[key] = snap[key]
        for p, m in snap.get("cr", {}).items():     # per player: the full map of that player's cards
            if m:
                exp["cr"][p] = m
            else:
                exp["cr"].pop(p, None)
        for p, cards in snap.get("pc", {}).items():
            exp["pc"].setdefault(p, []).extend(cards)
        exp["tl"] = exp["tl"] + snap.get("tl", [])
        got = self.state.snapshot()
        if got["g"] != exp["g"]:
            raise Divergence(f"g {got['g']} != {exp['g']}")
        names = ["TR", "M€", "steel", "titanium", "plants", "energy", "heat", "M€ prod", "steel prod",
                 "titanium prod", "plant prod", "energy prod", "heat prod", "hand", "played"]
        for p, (a, b) in enumerate(zip(got["p"], exp["p"])):
            for i, (x, y) in enumerate(zip(a, b)):
                if x != y:
                    raise Divergence(f"p[{p}] {names[i]} {x} != {y}")
        if got["pc"] != exp["pc"]:
            raise Divergence(f"pc {got['pc']} != {exp['pc']}")
        if got["cr"] != exp["cr"]:
            raise Divergence(f"cr {got['cr']} != {exp['cr']}")
        if sorted(got["tl"]) != sorted(exp["tl"]):
            extra = [t for t in got["tl"] if t not in exp["tl"]]
            missing = [t for t in exp["tl"] if t not in got["tl"]]
            raise Divergence(f"tl: engine has {extra}, record has {missing}")
        if got["ms"] != exp["ms"] or got["aw"] != exp["aw"]:
            raise Divergence(f"ms/aw {got['ms']} {got['aw']} != {exp['ms']} {exp['aw']}")
        if self.colonies:
            if got["col"] != exp["col"]:
                diff = [(a, b) for a, b in zip(got["col"], exp["col"]) if a != b]
                raise Divergence(f"col (engine, record): {diff or (got['col'], exp['col'])}")
            if got["fl"] != exp["fl"]:
                raise Divergence(f"fl {got['fl']} != {exp['fl']}")

    def check_final(self) -> None:
        final = self.rec["final"]
        if not self.state.is_terminal:
            raise Divergence(f"the record ended but the engine waits ({self.state.core.step})")
        for p, (got, exp) in enumerate(zip(self.state.score_breakdown(), final["scores"])):
            for key in ("tr", "milestones", "awards", "greenery", "city", "cards", "total", "mc", "cardVP"):
                if got[key] != exp[key]:
                    raise Divergence(f"final score of player {p}: {key} {got[key]} != {exp[key]}")
        if self.state.ranks() != final["ranks"]:
            raise Divergence(f"ranks {self.state.ranks()} != {final['ranks']}")


def replay_record(rec: dict[str, Any]) -> GameResult:
    """Replay one record: a corpus record (the app's actions, every snapshot compared) or one of our own
    game logs (gamelog.py: the lines replayed, the final scores compared)."""
    from .gamelog import FORMAT, LogError, replay_log

    if rec.get("format") == FORMAT:
        moves = rec.get("moves") if isinstance(rec.get("moves"), list) else []
        players = rec.get("setup", {}).get("players", 0) if isinstance(rec.get("setup"), dict) else 0
        try:
            replay_log(rec)
            return GameResult(str(rec.get("id")), players, len(moves), len(moves), True)
        except LogError as e:
            return GameResult(str(rec.get("id")), players, len(moves), 0, False, str(e))
    if not isinstance(rec, dict) or not isinstance(rec.get("acts"), list):
        what = rec.get("format") if isinstance(rec, dict) else type(rec).__name__
        return GameResult(str(rec.get("id") if isinstance(rec, dict) else None), 0, 0, 0, False,
                          f"not a corpus record (no list of acts) nor a {FORMAT} record (format {what!r})")
    acts = rec["acts"]
    result = GameResult(rec["id"], rec["players"], len(acts), 0, False)
    i = -1
    try:
        r = Replayer(rec)
        for i, act in enumerate(acts):
            r.step(act)
            r.check(act["s"])
            result.replayed = i + 1
        i = len(acts)
        r.check_final()
        result.ok = True
    except (Divergence, ValueError, KeyError) as e:
        where = f"act {i} ({acts[i]['k']} p{acts[i]['p']} {acts[i].get('card') or acts[i].get('name') or ''})" \
            if 0 <= i < len(acts) else ("setup" if i < 0 else "final")
        result.error = f"{where}: {type(e).__name__ + ': ' if not isinstance(e, Divergence) else ''}{e}"
    return result


def replay_file(path: str | Path, limit: int | None = None) -> Report:
    """Replay the records of a corpus file (the first ``limit`` ones); a Report of every game."""
    report = Report()
    for n, rec in enumerate(read_records(path)):
        if limit is not None and n >= limit:
            break
        report.games.append(replay_record(rec))
    return report


def run_replay(path: str | Path, limit: int | None = None, as_json: bool = False) -> int:
    """Replay a corpus file (or a file of our own game logs); print one line per failing game and 'N passed, M failed' (or the report as
    JSON). Exit status 0 only when every game passed (``gaia-ai replay --game terraforming-mars``)."""
    report = replay_file(path, limit)
    if as_json:
        print(json.dumps(report.to_dict(), indent=1))
    else:
        for g in report.games:
            if not g.ok:
                print(f"{g.id} ({g.players}p): {g.replayed}/{g.actions} actions, {g.error}")
        reach = "replayed" if report.failed == 0 else "replayed, each game up to its first failure"
        print(f"{report.passed} passed, {report.failed} failed ({report.replayed} of {report.actions} actions {reach})")
    return 0 if report.failed == 0 else 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gaia_ai.games.terraforming_mars.replay",
                                 description="Replay Terraforming Mars corpus records (base or "
                                             "Colonies) through the core.")
    ap.add_argument("file", help="a .jsonl or .jsonl.gz corpus file")
    ap.add_argument("--limit", type=int, default=None, help="replay only the first N games")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args(argv)
    return run_replay(args.file, args.limit, args.json)


if __name__ == "__main__":
    sys.exit(main())
