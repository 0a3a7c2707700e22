"""The app-prompts corpus (../shared/corpus/tm/app-prompts, issue 37): import rate and choice agreement per
prompt class.

    python bench/tm_app_prompts.py [FILE]      # the table per class; FILE defaults to the shared corpus

A record is one real prompt of the Terraforming Mars app: the exact `/api/player` view, its prompt class
and the answers the app's engine accepted and refused. ``check_record`` imports the view and, where it imports, compares the choices our core offers
at the prompt with the ones the prompt lists (a follow-up's spaces, cards, players, colony tiles, amount
range or options; the action menu's options with their cards, standard projects, milestones, awards,
trade fees and tiles; the initial selection's, the research buy's and the final greenery's): ``agree`` is
True when they are the same, False with a ``mismatch`` saying how they differ, None where the prompt's
answer is a payment (not compared).
"""

from __future__ import annotations

import gzip
import json
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_ai._core import tm_rules

from .playerview import (
    PlayerViewError,
    choices_difference,
    compare_listed,
    import_player_view,
    prompt_choices,
    title_text,
)
from .tables import CARD_IDS, COLONY_IDS, CONST, CORP_IDS, SPACE_IDS

KIND_NAMES = {v: k for k, v in tm_rules.MOVE_KINDS.items()}

SHARED = Path(__file__).resolve().parents[3].parent / "shared" / "corpus" / "tm" / "app-prompts" / "prompts.jsonl.gz"


@dataclass
class Result:
    id: str
    cls: str
    imported: bool
    error: str = ""
    agree: bool | None = None
    mismatch: str = ""
    accepted: tuple[int, int] = (0, 0)      # (judged legal for us, judged) of the app's accepted answers
    refused: tuple[int, int] = (0, 0)       # (judged illegal for us, judged) of its refused ones


def load(path: str | Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


def menu_choices(w: dict[str, Any]) -> dict[str, Any]:
    """The action menu's listed choices (an "or" of the app's options) in prompt_choices' terms."""
    def names(o: dict[str, Any], enabled: bool = False) -> list[str]:
        return sorted(c["name"] for c in o.get("cards", []) if not (enabled and c.get("isDisabled")))

    out: dict[str, Any] = {}
    for o in w.get("options", []):
        t = title_text(o.get("title"))
        subs = [title_text(x.get("title")) for x in o.get("options", [])]
        if t == "Claim a milestone":
            out["milestone"] = sorted(subs)
        elif t.startswith("Convert") and "plants" in t:
            out["plants"] = None
        elif t == "Convert 8 heat into temperature":
            out["heat"] = None
        elif t == "Perform an action from a played card":
            out["action"] = names(o)
        elif t == "Play project card":
            out["play"] = names(o)
        elif t == "End Turn":
            out["end"] = None
        elif t.startswith("Fund an award"):
            out["award"] = sorted(subs)
        elif t == "Standard projects":
            if names(o, True):
                out["std"] = names(o, True)
        elif t == "Pass for this generation":
            out["pass"] = None
        elif t == "Sell patents":
            out["sell"] = names(o)
        elif t.startswith("Take first action of"):
            out["first"] = None
        elif t == "Trade with a colony tile":
            fee, tiles = o["options"]
            out["trade"] = {"pay": sorted(title_text(x.get("title")).split(" ", 2)[2] for x in fee.get("options", [])),
                            "colony": sorted(c["name"] if isinstance(c, dict) else c
                                             for c in tiles.get("coloniesModel", []))}
        else:
            out[t] = "?"
    return out


def top_choices(pv: Any) -> dict[str, Any]:
    """A top-level prompt's listed choices in prompt_choices' terms."""
    w = pv.view["waitingFor"]
    if pv.kind == "initial":
        corp, cards = w["options"]
        return {"corporation": sorted(c["name"] for c in corp["cards"]), "cards": sorted(c["name"] for c in cards["cards"])}
    if pv.kind == "research":
        return {"cards": sorted(c["name"] for c in w["cards"]), "max": int(w.get("max", 0))}
    if pv.kind == "finalGreenery":
        spaces = [o for o in w["options"] if o.get("type") == "space"]
        return {"space": sorted(spaces[0]["spaces"]) if spaces else [],
                "skip": any(title_text(o.get("title")) == "Don't place a greenery" for o in w["options"])}
    return menu_choices(w)


def compare_menu(state: Any, pv: Any) -> tuple[bool | None, str]:
    """At a top-level prompt (the action menu, a first action, the initial selection, the research buy,
    the final greenery): our choices (per menu option: the cards, projects, milestones, awards, trade fees
    and tiles) against the app's listed ones."""
    if pv.kind == "followup":
        return None, ""
    ours, app = prompt_choices(state, pv), top_choices(pv)
    diffs = []
    for key in sorted(set(ours) | set(app)):
        if key not in app:
            diffs.append(f"we offer {key}")
        elif key not in ours:
            diffs.append(f"we lack {key}")
        elif ours[key] != app[key]:
            a, b = ours[key], app[key]
            if isinstance(a, list) and isinstance(b, list):
                diffs.append(f"{key}: {choices_difference(set(a), set(b), ', ')}")
            else:
                diffs.append(f"{key}: {a} vs the app's {b}")
    return not diffs, "; ".join(diffs)


def answer_moves(state: Any, pv: Any, answer: Any) -> set[tuple[str, int]] | None:
    """Our moves that a follow-up's InputResponse stands for (None: not judged here: a payment, a
    multi-card answer, a top-level prompt). An answer of a shape the prompt does not take stands for
    none."""
    if pv.kind != "followup" or not isinstance(answer, dict):
        return None
    w = pv.view["waitingFor"]
    kind, typ = w.get("type"), answer.get("type")
    if kind in ("payment", "and"):
        return None
    if typ != kind:
        return set()
    legal = {(KIND_NAMES[m[0]], m[1]) for m in map(tm_rules.decode, state.legal_codes())}
    if kind == "space":
        sp = answer.get("spaceId")
        return {("space", SPACE_IDS[sp])} if sp in SPACE_IDS else set()
    if kind == "player":
        c = answer.get("player")
        return {("player", pv.colors.index(c))} if c in pv.colors else set()
    if kind == "colony":
        c = answer.get("colonyName")
        return {("colony", COLONY_IDS[c])} if c in COLONY_IDS else set()
    if kind == "amount":
        a = answer.get("amount")
        return {("option", a)} if isinstance(a, int) else set()
    if kind == "card":
        cards = answer.get("cards")
        if not isinstance(cards, list):
            return set()
        if any(m[0] == "keep" for m in legal):
            return None
        if any(m[0] == "option" for m in legal):        # a revealed card: [] = do not buy, [it] = buy
            listed = [c["name"] for c in w.get("cards", [])]
            return {("option", 0)} if not cards else {("option", 1)} if cards == listed else set()
        if len(cards) != 1 or cards[0] not in CARD_IDS and cards[0] not in CORP_IDS:
            return set()
        return {("card", _card_ref(state, pv, cards[0]))}
    if kind == "or":
        options = pv.prompt.get("options")
        i = answer.get("index")
        if options is None or not isinstance(i, int) or not 0 <= i < len(options):
            return set() if options is not None else None
        o, sub = options[i], answer.get("response") or {}
        if o.get("then"):                               # Titan Shuttles' amount: our second decision
            first = tuple(o["moves"][0])
            if first not in legal or sub.get("type") != "amount" or not isinstance(sub.get("amount"), int):
                return set()
            after = state.copy()
            after.apply(tm_rules.encode(tm_rules.MOVE_KINDS[first[0]], first[1]))
            then = {(KIND_NAMES[m[0]], m[1]) for m in map(tm_rules.decode, after.legal_codes())}
            return {first} if ("option", sub["amount"]) in then else set()
        if o["type"] == "card":
            cards = sub.get("cards") if sub.get("type") == "card" else None
            return {tuple(o["cards"][cards[0]])} if cards and len(cards) == 1 and cards[0] in o["cards"] else set()
        if o["type"] == "player":
            c = sub.get("player") if sub.get("type") == "player" else None
            return {tuple(o["players"][c])} if c in o.get("players", {}) else set()
        return {tuple(m) for m in o["moves"]} if sub.get("type") == o["type"] else set()
    return None


def _card_ref(state: Any, pv: Any, name: str) -> int:
    if name in CORP_IDS:
        return CONST["ROBOT_CORP"] + CORP_IDS[name]
    return CARD_IDS[name]


def _judge(state: Any, pv: Any, rec: dict[str, Any]) -> tuple[tuple[int, int], tuple[int, int]]:
    legal = {(KIND_NAMES[m[0]], m[1]) for m in map(tm_rules.decode, state.legal_codes())}
    acc = [answer_moves(state, pv, a) for a in [rec["answer"], *rec.get("also_accepted", [])]]
    ref = [answer_moves(state, pv, r["answer"]) for r in rec.get("refused", [])]
    acc_j = [m for m in acc if m is not None]
    ref_j = [m for m in ref if m is not None]
    return ((sum(bool(m & legal) for m in acc_j), len(acc_j)), (sum(not (m & legal) for m in ref_j), len(ref_j)))


def check_record(rec: dict[str, Any], seed: int = 1) -> Result:
    try:
        state, pv = import_player_view(rec["view"], seed=seed)
    except PlayerViewError as e:
        return Result(rec["id"], rec["class"], False, str(e))
    agree, why = compare_listed(state, pv) if pv.kind == "followup" else compare_menu(state, pv)
    accepted, refused = _judge(state, pv, rec)
    return Result(rec["id"], rec["class"], True, agree=agree, mismatch=why, accepted=accepted, refused=refused)


def table(results: list[Result]) -> list[dict[str, Any]]:
    """One row a class, most records first: records, imported, compared, agreeing, first error/mismatch."""
    by: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        by[r.cls].append(r)
    rows = []
    for cls, rs in sorted(by.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        compared = [r for r in rs if r.agree is not None]
        rows.append({
            "class": cls, "records": len(rs), "imported": sum(r.imported for r in rs),
            "compared": len(compared), "agree": sum(bool(r.agree) for r in compared),
            "error": next((r.error for r in rs if not r.imported), ""),
            "mismatch": next((f"{r.id}: {r.mismatch}" for r in compared if not r.agree), ""),
            "accepted": [sum(r.accepted[0] for r in rs), sum(r.accepted[1] for r in rs)],
            "refused": [sum(r.refused[0] for r in rs), sum(r.refused[1] for r in rs)],
            "answer_miss": next((r.id for r in rs if r.accepted[0] < r.accepted[1] or r.refused[0] < r.refused[1]), ""),
        })
    return rows


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else SHARED
    if not path.exists():
        print(f"no corpus at {path}", file=sys.stderr)
        return 2
    results = [check_record(r) for r in load(path)]
    rows = table(results)
    print("| class | records | imported | choices compared | agree | accepted legal | refused illegal | first error "
          "or mismatch |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        note = (row["error"] or row["mismatch"] or (f"answer: {row['answer_miss']}" if row["answer_miss"] else ""))
        note = note.replace("|", "\\|")[:110]
        acc, ref = row["accepted"], row["refused"]
        print(f"| {row['class'].replace('|', '/')} | {row['records']} | {row['imported']} | {row['compared']} | "
              f"{row['agree']} | {f'{acc[0]}/{acc[1]}' if acc[1] else '-'} | {f'{ref[0]}/{ref[1]}' if ref[1] else '-'} "
              f"| {note} |")
    n = len(results)
    imported = sum(r.imported for r in results)
    compared = [r for r in results if r.agree is not None]
    print(f"\nimported {imported} of {n} ({100 * imported / n:.1f}%); choices compared at {len(compared)} "
          f"prompts, {sum(bool(r.agree) for r in compared)} agree; follow-up answers judged: accepted legal for us "
          f"{sum(r.accepted[0] for r in results)}/{sum(r.accepted[1] for r in results)}, refused illegal "
          f"{sum(r.refused[0] for r in results)}/{sum(r.refused[1] for r in results)}")
    return 0


__all__ = ["CONST", "Result", "check_record", "compare_listed", "load", "main", "table", "title_text"]
