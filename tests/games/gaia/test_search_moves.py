"""Search moves (searchmoves.pxi): what the MCTS branches over, cross-checked against the atomic moves.

At every checked position: every search move expands to atomic moves that apply in order (each in the
atomic legal list when applied); applying it as the game interface does equals applying its
expansion; the main actions of the search moves cover every main action legal now; no search move of
a main-action decision is a bare conversion or endturn; generation and expansion are deterministic."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from rules_helpers import record_positions

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.notation import parse_line
from gaia_ai.games.gaia.setup import GameSetup

FLAG = gaia_rules.SEARCH_MOVE_FLAG
# Move kinds (moves.pxi)
MV_BUILD, MV_UP, MV_ACTION, MV_SPECIAL, MV_FEDERATION = 2, 3, 7, 8, 9
MV_SPEND, MV_BURN, MV_PASS, MV_BRAINSTONE, MV_ENDTURN = 13, 14, 18, 20, 21
MAIN_KINDS = {MV_BUILD, MV_UP, MV_ACTION, MV_SPECIAL, MV_FEDERATION, MV_PASS}
PAYMENT_KINDS = {MV_SPEND, MV_BURN, MV_BRAINSTONE}


def _kind(m: int) -> int:
    return m & 0xFF


def _main_decision(core: Any) -> bool:
    """A main-action decision: the atomic list holds main actions (not only answers)."""
    return any(_kind(m) in MAIN_KINDS for m in gaia_rules.legal_moves_int(core)) and core.phase == "move" \
        and not core.pending


def _problems(core: Any, where: Any, stats: dict[str, int]) -> list[str]:
    problems: list[str] = []
    moves = gaia_rules.search_moves_int(core)
    if moves != gaia_rules.search_moves_int(core.copy()):
        problems.append(f"{where}: generation is not deterministic")
    if not moves:
        return [f"{where}: no search move at a decision"]
    atomic = gaia_rules.legal_moves_int(core)
    main = _main_decision(core)
    reached: set[int] = set()
    for m in moves:
        seq = gaia_rules.expand_search_move(core, m)
        if seq != gaia_rules.expand_search_move(core, m):
            problems.append(f"{where}: expansion of {m} is not deterministic")
        if not seq:
            problems.append(f"{where}: {m} expands to nothing")
            continue
        line = core.copy()
        for i, a in enumerate(seq):
            # a merged conversion ('spend 8tg for 2q', b = 2) is legal when it or its unit is listed
            unit = a & ~(0xFF << 16) | (1 << 16) if _kind(a) == MV_SPEND else a
            legal = gaia_rules.legal_moves_int(line)
            if a not in legal and unit not in legal:
                problems.append(f"{where}: {m} step {i} ({a}) of {seq} is not legal")
                break
            line.apply_move(line.current_player, a)
        else:
            via = core.copy()
            gaia_rules.apply_search_move(via, m)
            if gaia_rules.state_bytes(via) != gaia_rules.state_bytes(line):
                problems.append(f"{where}: applying {m} differs from applying its expansion {seq}")
        if main:
            if not m & FLAG or _kind(m) not in MAIN_KINDS:
                problems.append(f"{where}: search move {m} of a main-action decision is not a main action")
            head = [a for a in seq if _kind(a) not in PAYMENT_KINDS]
            if not head or head[0] != m & ~FLAG:
                problems.append(f"{where}: {m} does not expand around its main action: {seq}")
            if len(seq) > 2 and any(_kind(a) in PAYMENT_KINDS for a in seq):
                stats["paid"] += 1
            reached.add(m & ~FLAG)
        elif m & FLAG:
            problems.append(f"{where}: flagged search move {m} outside a main-action decision")
    if main:
        legal_now = {a for a in atomic if _kind(a) in MAIN_KINDS}
        missing = legal_now - reached
        if missing:
            problems.append(f"{where}: main actions legal now but not search moves: {sorted(missing)}")
        # a main action legal now is taken as it stands (no payment)
        for m in moves:
            if m & ~FLAG in legal_now:
                seq = gaia_rules.expand_search_move(core, m)
                if any(_kind(a) in PAYMENT_KINDS for a in seq[: seq.index(m & ~FLAG)]):
                    problems.append(f"{where}: {m} is legal now but pays first: {seq}")
        stats["extra"] += len(reached - legal_now)
    stats["positions"] += 1
    return problems


def _assert_clean(problems: list[str], stats: dict[str, int]) -> None:
    assert stats["positions"] > 0
    assert not problems, f"{len(problems)} problems in {stats['positions']} positions:\n" + "\n".join(problems[:10])


def test_sample_corpus_positions(data_dir: Path) -> None:
    problems: list[str] = []
    stats = {"positions": 0, "paid": 0, "extra": 0}
    for record in read_corpus(data_dir / "corpus-sample.jsonl.gz"):
        for state, where, _ in record_positions(record):   # between lines and between commands
            if not state.is_terminal:
                problems += _problems(state._core, where, stats)
    _assert_clean(problems, stats)
    assert stats["paid"] > 0 and stats["extra"] > 0   # auto-payment happens and opens more actions


def test_random_playouts_over_search_moves() -> None:
    problems: list[str] = []
    stats = {"positions": 0, "paid": 0, "extra": 0}
    for game in range(40):
        state = GaiaState.new(GameSetup.random(2 + game % 3, seed=f"search-moves-{game}"))
        core = state._core
        rng = random.Random(game)
        seed = game
        steps = 0
        while not core.finished:
            problems += _problems(core, (game, steps), stats)
            if game % 2:
                moves = gaia_rules.search_moves_int(core)
                gaia_rules.apply_search_move(core, moves[rng.randrange(len(moves))])
            else:   # the rollout policy: more buildings, federations and sub-decisions
                m, seed = gaia_rules.rollout_move(core, seed)
                gaia_rules.apply_search_move(core, m)
            steps += 1
        assert steps < 2000
    _assert_clean(problems, stats)
    assert stats["paid"] > 0


def test_rollout_policy_is_deterministic_and_legal() -> None:
    state = GaiaState.new(GameSetup.random(3, seed="policy"))
    core = state._core
    seed = 5
    while not core.finished:
        m, after = gaia_rules.rollout_move(core, seed)
        assert (m, after) == gaia_rules.rollout_move(core.copy(), seed)
        assert m in gaia_rules.search_moves_int(core)
        gaia_rules.apply_search_move(core, m)
        seed = after
    a = gaia_rules.policy_playouts(GaiaState.new(GameSetup.random(2, seed="p2"))._core, 3, 11)
    b = gaia_rules.policy_playouts(GaiaState.new(GameSetup.random(2, seed="p2"))._core, 3, 11)
    assert a == b and len(a) == 3


def test_suggest_demo_json_moves_are_notation_lines() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "gaia_ai", "suggest", "--demo", "--json", "--simulations", "300", "--top", "8"],
        capture_output=True, text=True, check=True,
    ).stdout
    result = json.loads(out)
    assert result["suggestions"]
    for s in result["suggestions"]:
        # the whole atomic sequence of the search move, as one line (endturn as its final ".")
        line = parse_line(s["move"])
        commands = [str(c) for c in line.commands]
        assert s["pv"][: len(commands)] == commands
        assert any(c.name not in ("spend", "burn", "brainstone") for c in line.commands)
        if line.ends_turn and line.commands[-1].name != "pass":
            assert s["pv"][len(commands)] == "endturn"


def test_search_move_generation_restores_its_scratch_position() -> None:
    """sm_gen copies the position once and undoes each trial payment on that copy (sm_restore): with
    the check on, every generation compares the copy with the position, byte for byte, and raises if
    a conversion, burn or brainstone answer changed something the restore does not put back."""
    factions: set[str] = set()
    gaia_rules.set_search_move_restore_check(True)
    try:
        for game in range(24):
            core = GaiaState.new(GameSetup.random(2 + game % 3, seed=f"restore-{game}"))._core
            seed = game
            while not core.finished:
                m, seed = gaia_rules.rollout_move(core, seed)
                gaia_rules.apply_search_move(core, m)
            factions.update(core.faction(p) for p in range(2 + game % 3))
    finally:
        gaia_rules.set_search_move_restore_check(False)
    assert len(factions) >= 12   # nearly every faction's conversions (Nevlas, Taklons, Hadsch, Baltaks...)

