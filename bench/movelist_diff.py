"""Where two builds of the rules core list different moves on the corpus positions.

Run once per build (`dump`), then compare the two dumps (`diff`). Every position between the lines and
between the commands of a line is visited; a position's move list is the sorted notation of
GaiaState.legal_moves(). The diff prints how many positions changed, grouped by what changed (the
command name and first argument of each move added or removed), and a few examples.

    PYTHONPATH=/work/main python bench/movelist_diff.py dump CORPUS old.txt.gz   # the old build
    python bench/movelist_diff.py dump CORPUS new.txt.gz                         # this build
    python bench/movelist_diff.py diff old.txt.gz new.txt.gz
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections import Counter
from pathlib import Path

from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.notation import ENDTURN, parse_line
from gaia_ai.games.gaia.setup import GameSetup


def dump(corpus: Path, out: Path, limit: int | None) -> None:
    with gzip.open(out, "wt") as f:
        for n, record in enumerate(read_corpus(corpus)):
            if limit is not None and n >= limit:
                break
            state = GaiaState.new(
                GameSetup.from_corpus({"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players})
            )
            for i, text in enumerate(record.move_history):
                line = parse_line(text)
                if line.commands and line.commands[0].name == "init":
                    continue
                player = state.player_of(line.player)
                for j, command in enumerate(line.commands):
                    if command != ENDTURN and not state.is_terminal:
                        moves = sorted(str(m) for m in state.legal_moves())
                        after = str(line.commands[j - 1]) if j else ""
                        who = state.faction(state.current_player)
                        f.write(f"{record.id}:{i}:{j}\t{who}\t{after}\t{'|'.join(moves)}\n")
                    if command != ENDTURN:
                        state.apply(command, player)
                if line.ends_turn:
                    state._core.end_turn(player)


def _read(path: Path) -> dict[str, tuple[str, str, set[str]]]:
    out = {}
    with gzip.open(path, "rt") as f:
        for row in f:
            where, faction, after, moves = row.rstrip("\n").split("\t")
            out[where] = (faction, after, set(moves.split("|")) if moves else set())
    return out


def _family(move: str, after: str) -> str:
    """The move's command and first argument; a build names the action it follows, if any."""
    words = move.split()
    if words[0] == "build" and len(words) > 1:
        return f"build {words[1]}" + (f" after {after}" if after.startswith(("action", "special")) else "")
    return " ".join(words[:2])


def diff(old_path: Path, new_path: Path) -> None:
    old, new = _read(old_path), _read(new_path)
    changed = 0
    games: set[str] = set()
    kinds: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for where in sorted(old.keys() & new.keys()):
        (faction, after, a), (_, _, b) = old[where], new[where]
        if a == b:
            continue
        changed += 1
        games.add(where.split(":")[0])
        for sign, ms in (("-", a - b), ("+", b - a)):
            for fam in sorted({_family(m, after) for m in ms}):
                kinds[sign + fam] += 1
                examples.setdefault(sign + fam, f"{where} {faction}: {sorted(ms)[:3]}")
    print(f"{len(old.keys() & new.keys())} positions compared, {changed} changed, in {len(games)} games")
    for key, count in kinds.most_common():
        print(f"  {count:6d} positions  {key:38s} e.g. {examples[key]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("corpus", type=Path)
    d.add_argument("out", type=Path)
    d.add_argument("--limit", type=int, default=None, help="first N games only")
    c = sub.add_parser("diff")
    c.add_argument("old", type=Path)
    c.add_argument("new", type=Path)
    args = ap.parse_args(argv)
    if args.cmd == "dump":
        dump(args.corpus, args.out, args.limit)
    else:
        diff(args.old, args.new)
    return 0


if __name__ == "__main__":
    sys.exit(main())
