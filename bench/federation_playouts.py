"""Federation candidates in rollouts: ``python bench/federation_playouts.py [--playouts N] [--instructions]``.

Policy playouts (gaia_rules.policy_playouts: whole games of the search's rollout policy, where the
player's buildings change every turn, so most federation candidate computations are fresh) from six
round 1-3 positions of the 4-player corpus game bot-252. Prints the CPU seconds of the playouts and an
md5 of their final VP (the same before and after a change that must not change any game).
``--instructions`` reruns itself under valgrind's callgrind, counting only the playouts (repeatable on
a loaded machine). Never a test: CPU time.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import time
from pathlib import Path

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.review import _pending_of
from gaia_ai.games.registry import load_game

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "gaia" / "games.jsonl.gz"
GAME = "bot-252"
POSITIONS = 6


def positions(corpus: Path) -> list:
    """Six decisions of bot-252's rounds 1-3, evenly spread (the states before them)."""
    rules = load_game("gaia-project")
    game = rules.load_played_game(str(corpus), GAME)
    pending = _pending_of(game, frozenset(range(4)), (0, len(game.lines)))
    early = [p for p in pending if 1 <= p.state._core.round <= 3]
    return [p.state for p in early[:: max(1, len(early) // POSITIONS)][:POSITIONS]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=100, help="playouts per position (default 100)")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind")
    args = parser.parse_args()
    if args.playouts <= 0:
        parser.error("--playouts must be positive")
    if args.instructions:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--toggle-collect=*policy_playouts*",
                              "--callgrind-out-file=/dev/null", sys.executable, __file__,
                              "--playouts", str(args.playouts), "--corpus", str(args.corpus)],
                             capture_output=True, text=True, check=True)
        counted = [line.split()[-1] for line in out.stderr.splitlines() if "Collected" in line]
        print(out.stdout.strip())
        print(f"instructions in the playouts: {int(counted[-1]):,}")
        return 0
    states = positions(args.corpus)
    digest = hashlib.md5()
    start = time.process_time()
    for k, state in enumerate(states):
        digest.update(repr(gaia_rules.policy_playouts(state._core, args.playouts, 7 + k)).encode())
    secs = time.process_time() - start
    print(f"{len(states)} positions x {args.playouts} playouts: {secs:.2f} s CPU, final VP md5 {digest.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
