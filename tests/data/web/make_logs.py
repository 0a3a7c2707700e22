"""Make the game logs the web page's tests paste (run from the repository root):

    python tests/data/web/make_logs.py

ed-greedy-2p.json: a whole 2-player Eminent Domain game of two greedy bots (eminent-domain/1, seed 5, the
default rules: bga);
tm-greedy-2p.json: a whole 2-player Terraforming Mars game of two greedy bots (terraforming-mars-log/1,
seed 3). Both replay to their recorded scores (gaia-ai replay --game NAME FILE)."""

from __future__ import annotations

import json
from pathlib import Path

from gaia_ai.bots import make_bot
from gaia_ai.games.registry import load_game

HERE = Path(__file__).resolve().parent


def play(name: str, seed: int, game_id: str) -> dict:
    game = load_game(name)
    deal = game.deal(2, seed)
    recorder = game.recorder(deal)
    bots = [make_bot(f"greedy:seed={p}", game) for p in range(2)]
    while not recorder.state.is_terminal:
        recorder.apply(bots[recorder.state.current_player].choose(recorder.state))
    recorder.close()
    return game.record(deal, recorder.lines, recorder.state.final_scores(), game_id)


if __name__ == "__main__":
    for name, seed, file in (("eminent-domain", 5, "ed-greedy-2p.json"), ("terraforming-mars", 3, "tm-greedy-2p.json")):
        rec = play(name, seed, file.removesuffix(".json"))
        (HERE / file).write_text(json.dumps(rec) + "\n")
        print(file, len(rec["moves"]), "moves, scores", rec["final_scores"])
