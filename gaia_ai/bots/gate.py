"""A generation's gate (expert iteration, issue 41): the search with a candidate model just trained plays a
match against the search that made its games (the previous generation), seats and deals rotated, and the
candidate passes when it takes at least GATE_SHARE of the wins (AlphaZero's 55%). ``gaia-ai train --net
--gate SPEC`` (a value network) or ``gaia-ai train --policy --from-data ... --gate SPEC`` (a policy head)
runs it after training and logs the match beside the model."""

from __future__ import annotations

import os
import platform
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gaia_ai.bots.base import BotSpecError, parse_spec
from gaia_ai.bots.match import format_summary, run_match
from gaia_ai.games.api import MODELS_ENV
from gaia_ai.search.config import POLICY_VERSION

GATE_SHARE = 0.55   # the candidate's share of the wins that passes it (AlphaGo Zero's gate)


def candidate_spec(opponent: str, version: str) -> str:
    """The opponent's spec with its learned model swapped for the candidate's: eval=VERSION in place of
    its own eval= (or added), or for a policy (pN) prior=VERSION, everything else the same, so that the
    model is all the match compares."""
    name, params = parse_spec(opponent)
    if name != "mcts":
        raise BotSpecError(f"--gate {opponent!r}: the gate's opponent is a search (mcts:...), the previous "
                           "generation, whose eval= (or prior=) the candidate replaces")
    params["prior" if POLICY_VERSION.fullmatch(version) else "eval"] = version
    return f"{name}:" + ",".join(f"{key}={value}" for key, value in params.items())


def run_gate(model_file: Path, version: str, opponent: str, *, game: str, games: int, seed: int, workers: int,
             argv: Sequence[str], progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Play the candidate (version, read from model_file's folder as a model not in the package) against
    `opponent`; write the match, one line a game and the summary, to model_file with the suffix .gate.txt,
    headed by where and how it ran; return the record the model document keeps (no timings in it, so that
    the same seed gives the same document)."""
    folder = str(model_file.resolve().parent)
    os.environ[MODELS_ENV] = folder   # the candidate is found there, by this process and its workers
    candidate = candidate_spec(opponent, version)
    lines: list[str] = []

    def report(line: str) -> None:
        lines.append(line)
        if progress is not None:
            progress(line)

    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    result = run_match([candidate, opponent], 2, games, seed, progress=report, game=game, workers=workers)
    summary = result.summary()
    share = summary["a_win_share"]
    record = {"opponent": opponent, "candidate": candidate, "games": summary["games"], "seed": seed,
              "share": round(share, 4), "share_ci95": [round(x, 4) for x in summary["a_win_share_ci95"]],
              "record": summary["a_record"],
              "margin": summary["bots"][0]["average_margin"], "margin_ci95": summary["bots"][0]["margin_ci95"],
              "passed": share >= GATE_SHARE}
    where = (f"# {started}, {platform.node() or 'this machine'} ({os.cpu_count()} cores), {workers} "
             f"worker process{'es' if workers > 1 else ''}: the gate of {model_file.name}")
    verdict = (f"# {'passed' if record['passed'] else 'failed'}: the candidate took {100 * share:.1f}% of the "
               f"wins (the gate asks {100 * GATE_SHARE:.0f}%)")
    command = "# " + shlex.join(["gaia-ai", *argv])
    ordered = sorted(lines, key=lambda line: int(line.split("/", 1)[0].removeprefix("game ")))
    text = "\n".join([where, command, *ordered, format_summary(summary), verdict]) + "\n"
    model_file.with_suffix(".gate.txt").write_text(text, encoding="utf-8")
    return record

