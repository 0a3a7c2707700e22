"""Played federations outside our candidate set (issue 40, item 4): for every `federation` command of
the given games, whether the move generator lists it at the position where it was played (under the
site rule and the exact rule), and, when it does not, what sets it apart from the federations we list.

    PYTHONPATH=. python bench/federations_played.py tests/data/corpus-sample.jsonl.gz ../shared/corpus/gaia/games.jsonl.gz

Each game file is a corpus (.jsonl or .jsonl.gz) or one record (.json). The classes of a played
federation F we do not list, at its position, against our candidates (same rule):
  none listed       we list no federation there at all;
  same buildings    a candidate covers the same buildings: F has more satellites than it, as many on
                    other hexes, or fewer;
  other buildings   no candidate covers F's buildings: F has more buildings than a candidate, fewer,
                    or another group of buildings.
Buildings are the planets among the hexes (a space station counts as a satellite).
A federation's hexes are compared as the `federation` command covers them (its listed hexes and the
building groups next to them)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.board import Board
from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus
from gaia_ai.games.gaia.engine import FEDERATION_CANDIDATES, GaiaState, set_federation_candidates
from gaia_ai.games.gaia.notation import ENDTURN, Command, parse_line
from gaia_ai.games.gaia.setup import GameSetup


def records(path: Path) -> Iterator[CorpusRecord]:
    if path.suffix == ".json":
        yield CorpusRecord.from_dict(json.loads(path.read_text()))
    else:
        yield from read_corpus(path)


def played_federations(record: CorpusRecord) -> Iterator[tuple[GaiaState, int, Command, str]]:
    """(state before the command, player, the federation command, where) for each federation played."""
    state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
    for i, text in enumerate(record.move_history):
        line = parse_line(text)
        if line.commands and line.commands[0].name == "init":
            continue
        player = state.player_of(line.player)
        for command in line.commands:
            if command.name == "federation":
                yield state, player, command, f"{record.id}:{i}"
            if command != ENDTURN:
                state.apply(command, player)
        if line.ends_turn:
            state._core.end_turn(player)


def _candidates(state: GaiaState, player: int, rule: str) -> tuple[list[frozenset[int]], set[Command]]:
    """Our federation candidates under `rule` (covered hexes) and the federation moves listed."""
    gaia_rules.set_federation_rule(rule)
    try:
        labels = gaia_rules.federation_labels(state._core, cached=False, player=player)
        moves = {c for c in state.legal_moves() if c.name == "federation"}
    finally:
        gaia_rules.set_federation_rule("site")
    index = state._core.hex_index
    return [frozenset(index[h] for h in label.split(",")) for label in labels], moves


def classify(played: frozenset[int], cands: list[frozenset[int]], board: Board) -> str:
    """The class of a played federation (covered hexes) we do not list (module doc)."""
    if not cands:
        return "none listed"

    def buildings(hexes: frozenset[int]) -> frozenset[int]:
        return frozenset(h for h in hexes if board.hexes[h].planet != "e")

    own = buildings(played)
    for cand in cands:
        if buildings(cand) == own:
            if len(cand) == len(played):
                return "same buildings and satellite count, other satellite hexes"
            return "same buildings, more satellites" if len(cand) < len(played) else "same buildings, fewer satellites"
    if any(buildings(cand) < own for cand in cands):
        return "other buildings: more than a candidate's"
    if any(own < buildings(cand) for cand in cands):
        return "other buildings: fewer than a candidate's"
    return "other buildings: another group"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", type=Path, nargs="+")
    ap.add_argument("--examples", type=int, default=3, help="examples printed per class")
    ap.add_argument("--candidates", choices=FEDERATION_CANDIDATES, default="narrow",
                    help="the generator's federation candidates (engine.set_federation_candidates)")
    args = ap.parse_args(argv)
    set_federation_candidates(args.candidates)
    counts: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for path in args.games:
        for record in records(path):
            for state, player, command, where in played_federations(record):
                index = state._core.hex_index
                played = frozenset(index[h] for h in command.args[0].split(","))
                covered = frozenset(gaia_rules.federation_expanded(state._core, player, sorted(played)))
                counts["played"] += 1
                for rule in ("site", "exact"):
                    cands, moves = _candidates(state, player, rule)
                    inside = covered in cands
                    counts[f"{rule}: listed"] += inside
                    if inside and not any(m.args[1] == command.args[1] and frozenset(
                            index[h] for h in m.hexes) == covered for m in moves):
                        kind = f"{rule}: listed, its token past the cap on federation moves"
                        counts[kind] += 1
                        if len(examples.setdefault(kind, [])) < args.examples:
                            examples[kind].append(f"{where} {command}")
                    if not inside:
                        kind = f"{rule}: {classify(covered, cands, state.setup.board)}"
                        counts[kind] += 1
                        examples.setdefault(kind, [])
                        if len(examples[kind]) < args.examples:
                            examples[kind].append(f"{where} {command}")
    _report(counts, examples)
    return 0


def _report(counts: Counter[str], examples: dict[str, list[str]]) -> None:
    total = counts["played"]
    print(f"{total} federations played")
    for rule in ("site", "exact"):
        listed = counts[f"{rule}: listed"]
        print(f"  {rule} rule: {listed} listed, {total - listed} outside our candidates")
        for key, n in sorted(counts.items(), key=lambda kv: -kv[1]):
            if key.startswith(f"{rule}: ") and key != f"{rule}: listed":
                print(f"    {n:5d}  {key[len(rule) + 2:]:58s} e.g. {'; '.join(examples[key]) or '-'}")


if __name__ == "__main__":
    sys.exit(main())

