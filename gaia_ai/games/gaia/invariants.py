"""Facts about the engine's C state that hold in every position a legal game reaches: every count
within its C table and equal to what stands on the board. Checked after every move by the bot
playouts (tests/test_bot_playouts.py, bench/playouts.py), where a write past a table would show."""

from __future__ import annotations

from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.state_export import K

B_M = 0
EVENT_TABLES = (("nmine_ev", 8), ("nts_ev", 4), ("nlab_ev", 3), ("ninc", K["MAXINC"]))


def table_errors(state: GaiaState) -> list[str]:
    """What is wrong with state's counts (empty when nothing is)."""
    raw = state.raw_state()
    errors = []
    hexes = range(len(state.setup.board.labels))
    for p in range(state.setup.num_players):
        pl = raw["pl"][p]
        for b, cap in enumerate(K["MAX_BUILDINGS"]):
            if not 0 <= pl["nbuild"][b] <= cap:
                errors.append(f"p{p + 1} nbuild[{b}] = {pl['nbuild'][b]} outside 0..{cap}")
        for field, cap in EVENT_TABLES:
            if not 0 <= pl[field] <= cap:
                errors.append(f"p{p + 1} {field} = {pl[field]} outside 0..{cap}")
        # the lost planet is a mine outside the supply of 8; a Lantids guest mine is one of them
        mines = sum(1 for h in hexes if raw["owner"][h] == p and raw["building"][h] == B_M
                    and raw["planet"][h] != K["PL_LOST"]) + sum(1 for h in hexes if raw["guest"][h] == p)
        if mines != pl["nbuild"][B_M]:
            errors.append(f"p{p + 1} has {mines} mines on the board (lost planet aside), counted {pl['nbuild'][B_M]}")
        lost = pl["lost_planet"]
        if lost >= 0 and (raw["planet"][lost] != K["PL_LOST"] or raw["building"][lost] != B_M):
            errors.append(f"p{p + 1}'s lost planet holds building {raw['building'][lost]}")
        for b in range(1, 8):
            on_board = sum(1 for h in hexes if raw["owner"][h] == p and raw["building"][h] == b)
            if on_board != pl["nbuild"][b]:
                errors.append(f"p{p + 1} has {on_board} buildings of type {b} on the board, counted {pl['nbuild'][b]}")
    for field, cap in (("npend", K["MAXPEND"]), ("nleech", K["MAXLEECH"]), ("nbuilt", K["MAXBUILT"])):
        if not 0 <= raw[field] <= cap:
            errors.append(f"{field} = {raw[field]} outside 0..{cap}")
    return errors
