"""``gaia-ai train``: fit a game's learned position value, its value network or its move prior, on self-play
games (Gaia: issues 18 and 41)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from gaia_ai.argtypes import player_counts, positive_float, positive_int
from gaia_ai.bots.base import make_bot
from gaia_ai.bots.gate import GATE_SHARE, candidate_spec, run_gate
from gaia_ai.cli.common import add_game_argument, fail
from gaia_ai.errors import ToolkitError
from gaia_ai.games.api import MODELS_ENV
from gaia_ai.games.registry import load_game


def add_train_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "train",
        help="fit the learned value (or move prior) of Gaia positions, or a TM or Eminent Domain value network, "
             "on self-play games",
        description="Play 2-player self-play games (setups and factions from --seed), take every "
        "action-phase position as a sample and fit, per round, a ridge linear model of the VP each player "
        "still gains over the features gaia_rules.VALUE_FEATURES. The same seed, games and player give "
        "the same weights. The shipped model (gaia_ai/games/gaia/data/value-v1.json) was made with "
        "'gaia-ai train --games 400 --seed 0 --player greedy'; a search uses it with "
        "'mcts:eval=learned,rollout_depth=N'. With --net, a small neural network (value-n1.json, "
        "'mcts:eval=n1') on the same games instead, or with a search as --player on that search's own "
        "2-4 player games (--players, --explore, --workers, --seconds, --data; docs/search.md, 'The network "
        "from the search's own games'), or with --from-data on games such runs saved, without playing. "
        "Terraforming Mars and Eminent Domain (--game terraforming-mars, --game eminent-domain) have a value "
        "network only, one that corrects the game's heuristic (--net: data/tm-value-nN.json, "
        "data/ed-value-nN.json, 'mcts:eval=nN'; --player, --players, --workers, --epochs, --target; TM also "
        "--detour).",
    )
    add_game_argument(parser)
    parser.add_argument("--games", type=positive_int, default=None, help="self-play games (default 400)")
    parser.add_argument("--seed", type=int, default=0, help="master seed of the games (default 0)")
    parser.add_argument("--player", action="append", default=None, metavar="SPEC",
                        help="who plays both seats: a bot spec (default greedy) or 'policy' (the search's "
                             "rollout policy); with --net an mcts search plays every seat of 2-4 player "
                             "games (add noise=0.25,alpha=0.3 to a PUCT spec for AlphaZero's root noise); "
                             "repeat it and the players take the games in turn (expert "
                             "iteration: the parent's search beside greedy, docs/search.md 'Learned values')")
    parser.add_argument("--version", default=None, help="the model's version label (default: the game's, for Gaia v1, or p1 with "
                        "--policy, n1 with --net)")
    parser.add_argument("--policy", action="store_true",
                        help="fit the move prior instead (mcts:prior=policy): self-play games of --teacher, "
                             "each searched decision's root visit shares the targets (2 players; the shipped "
                             "gaia_ai/games/gaia/data/policy-p1.json: 'gaia-ai train --policy --games 160 "
                             "--seed 0 --workers 2'; a search pins a shipped version with mcts:prior=p1, p2, ...)")
    parser.add_argument("--teacher", metavar="SPEC", default=None,
                        help="with --policy: the mcts search whose visits are distilled (default p1's teacher, "
                             "the search with the value prior, gaia_ai.games.gaia.policy.TEACHER; the next "
                             "generation's is the search with the current policy, mcts:...,prior=policy)")
    parser.add_argument("--workers", type=positive_int, default=1,
                        help="with --policy or --net: processes that play the self-play games (default 1; the "
                             "same model either way)")
    parser.add_argument("--net", action="store_true",
                        help="fit the value network instead (mcts:eval=n1; a 2-layer MLP evaluated in C over "
                             "gaia_rules.NET_INPUTS, numpy, Adam): the same self-play games as the linear value, "
                             "one in 10 held out, whose RMSE it reports beside the linear recipe's (the shipped "
                             "gaia_ai/games/gaia/data/value-n1.json: 'gaia-ai train --net --games 2000 --seed 0 "
                             "--epochs 20')")
    parser.add_argument("--epochs", type=positive_int, default=None,
                        help="with --net: passes over the training positions (default 20; Terraforming Mars 1)")
    parser.add_argument("--players", type=player_counts, default=None, metavar="N[,N...]",
                        help="with --net and a search as --player: seats per game, the games taking the counts "
                             "in turn, e.g. 2,3,4 (default 2; greedy plays 2-player games only)")
    parser.add_argument("--explore", type=int, default=None, metavar="N",
                        help="with --net and a search as --player: the first N searched decisions of each game "
                             "are drawn in proportion to the root's visits, the rest are its most visited move "
                             "(default 30)")
    parser.add_argument("--seconds", type=positive_float, default=None, metavar="S",
                        help="with --net: stop the self-play after S seconds and train on games 0..k-1, the "
                             "longest run of finished ones (the model says k: '--games k' reproduces it)")
    parser.add_argument("--data", metavar="FILE",
                        help="with --net and a search as --player: also write the games' positions, final VP "
                             "and root visit shares to FILE (.npz, gaia_ai.games.gaia.search_play.save)")
    parser.add_argument("--from-data", nargs="+", metavar="FILE",
                        help="with --net: train on the search games earlier --data runs saved (the union of "
                             "the files, oldest first), playing none; the same files and --seed give the same "
                             "weights. With --policy: fit a policy head on those games' root visits instead "
                             "(--version pN, --trunk; docs/search.md 'A policy head')")
    parser.add_argument("--trunk", metavar="VERSION",
                        help="with --policy --from-data: the value network whose last hidden layer the policy "
                             "head reads (default n2)")
    parser.add_argument("--buffer", type=positive_int, default=None, metavar="N",
                        help="with --from-data: the replay buffer keeps the newest N games only (the last "
                             "N of the files in the order given)")
    parser.add_argument("--base", metavar="VERSION",
                        help="with --net: a linear value the network corrects, a shipped one (v1) or 'refit' "
                             "(v1's recipe fitted on the same training games): it learns that value's error, and "
                             "its estimate is the linear value's plus its own")
    parser.add_argument("--target", choices=("final", "margin"), default=None,
                        help="with --net, Terraforming Mars or Eminent Domain: what the network learns of the "
                             "heuristic's error, on each seat's final score or on its margin (its error less the "
                             "table's mean; the default); docs/terraforming-mars.md 'A value network (issue 41)'")
    parser.add_argument("--detour", type=int, default=None, metavar="N",
                        help="with --net, Terraforming Mars: also learn at positions N rollout-policy moves off "
                             "every 8th decision of a game (played on by greedy): what a search with "
                             "rollout_depth=N evaluates (default 0: none)")
    parser.add_argument("--out", metavar="FILE", help="write the model (JSON) to FILE instead of standard output")
    parser.add_argument("--gate", metavar="SPEC",
                        help="with --net, --version and --out: the generation's gate. After training, the search "
                             "SPEC (the previous generation, e.g. the hint search with eval=n2) plays --gate-games "
                             "2-player games against itself with eval=VERSION, the candidate just written to "
                             "--out (named as the game's models are, e.g. value-n3.json), seats and deals "
                             "rotated, on --workers processes; the games and the result go to OUT's name with "
                             ".gate.txt, the result into the model (trained.gate); exit status 3 when the "
                             f"candidate takes less than {round(100 * GATE_SHARE)}%% of the wins")
    parser.add_argument("--gate-games", type=positive_int, default=200, metavar="N",
                        help="with --gate: the games of the gate's match (default 200; seed: --seed)")
    parser.set_defaults(func=_train_handler)
    return parser


def _train_handler(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.game)
        games = 400 if args.games is None else args.games
        if args.epochs is not None and not args.net:
            raise ValueError("--epochs needs --net")
        net_only = {"--players": args.players, "--explore": args.explore, "--seconds": args.seconds,
                    "--data": args.data, "--base": args.base, "--target": args.target,
                    "--detour": args.detour}
        if not args.net and any(v is not None for v in net_only.values()):
            raise ValueError(f"{', '.join(k for k, v in net_only.items() if v is not None)} need --net")
        out = _check_gate(args, game) if args.gate is not None else None
        if args.buffer is not None and args.from_data is None:
            raise ValueError("--buffer needs --from-data (it limits the saved games trained on)")
        if args.trunk is not None and not (args.policy and args.from_data is not None):
            raise ValueError("--trunk needs --policy --from-data (the policy head's trunk)")
        if args.from_data is not None:
            if args.net == args.policy:
                raise ValueError("--from-data needs --net (a value network) or --policy (a policy head), "
                                 "one of them")
            playing = {"--games": args.games, "--player": args.player, "--players": args.players,
                       "--explore": args.explore, "--seconds": args.seconds, "--data": args.data,
                       "--teacher": args.teacher,
                       "--workers": args.workers if args.workers != 1 and args.gate is None else None}
            given = [k for k, v in playing.items() if v is not None]
            if given:
                raise ValueError(f"--from-data trains on saved games and plays none: no {', '.join(given)}")
            if args.policy:
                if args.buffer is not None:
                    raise ValueError("--buffer is the value network's: a policy head fits every saved game")
                model = game.train_policy_head(args.from_data, args.version, args.trunk)
                scored = model["trained"]["held_out"]
                made = (f"{model['trained']['decisions']} decisions, held-out cross-entropy "
                        f"{scored['prior']['cross_entropy']} -> {scored['head']['cross_entropy']}, top-1 "
                        f"{scored['prior']['top1']} -> {scored['head']['top1']}")
            else:
                model = game.train_value_net_from_data(args.from_data, args.seed, args.version, args.epochs,
                                                       buffer=args.buffer, base=args.base)
        elif args.net:
            if args.policy or args.teacher:
                raise ValueError("--net fits the value network on --player's games: no --policy, --teacher")
            options = {k: v for k, v in (("players", args.players), ("explore", args.explore),
                                         ("seconds", args.seconds), ("data", args.data),
                                         ("base", args.base), ("target", args.target),
                                         ("detour", args.detour)) if v is not None}
            model = game.train_value_net(games, args.seed, args.player or ["greedy"], args.version,
                                         args.epochs, workers=args.workers, **options)
        elif args.policy:
            if args.player:
                raise ValueError("--player names the value's self-play; a policy's games are --teacher's")
            model = game.train_policy(games, args.seed, args.teacher, args.version, args.workers)
            made = f"{model['trained']['decisions']} decisions"
        else:
            if args.teacher or args.workers != 1:
                raise ValueError("--teacher and --workers need --policy (the value's greedy games are quick)")
            model = game.train_value(games, args.seed, args.player or ["greedy"], args.version)
            made = f"{model['trained']['positions']} positions"
        if args.net:
            trained = model["trained"]
            # a game's document holds the held-out RMSE alone, or each estimate's figures (RMSE and more)
            rmse = trained.get("held_out_rmse") or {k: v["rmse"] for k, v in trained["held_out"].items()}
            made = (f"{trained['positions']} positions, held-out RMSE "
                    + ", ".join(f"{k} {v}" for k, v in rmse.items()))
        text = json.dumps(model, indent=1) + "\n"
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"{args.out}: {made} of {model['trained'].get('games', games)} games", file=sys.stderr)
        else:
            sys.stdout.write(text)
        if out is not None:
            print(f"the gate: {args.gate_games} games of {args.version} against {args.gate}", file=sys.stderr)
            gate = run_gate(out, args.version, args.gate, game=game.info.name, games=args.gate_games,
                            seed=args.seed, workers=args.workers, argv=args.argv,
                            progress=lambda line: print(line, file=sys.stderr))
            model["trained"]["gate"] = gate
            out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
            low, high = gate["share_ci95"]
            print(f"{out.with_suffix('.gate.txt')}: {'passed' if gate['passed'] else 'failed'}, "
                  f"{100 * gate['share']:.2f}% [{100 * low:.2f}, {100 * high:.2f}] of {gate['games']} games, "
                  f"{gate['margin']:+.2f} VP", file=sys.stderr)
            if not gate["passed"]:
                return 3
    except (ToolkitError, OSError, ValueError) as e:
        return fail("train", e)
    return 0


def _check_gate(args: argparse.Namespace, game: Any) -> Path:
    """--gate's file (--out), checked before any game is played: the version the gate's match names must
    load that file, not a shipped model nor nothing."""
    if not (args.net or (args.policy and args.from_data)) or args.version is None or args.out is None:
        raise ValueError("--gate needs --net (or --policy --from-data), --version (the candidate's, which the "
                         "match names) and --out")
    out = Path(args.out)
    if not out.parent.is_dir():
        raise ValueError(f"--out {args.out!r}: no folder {str(out.parent)!r}")
    os.environ[MODELS_ENV] = str(out.resolve().parent)
    expected = game.model_file(args.version)
    if expected is None:
        raise ValueError(f"--gate: {game.info.title} has no learned models a search loads by version")
    if expected.name != out.name:
        raise ValueError(f"--gate finds the candidate by its version: name --out {expected.name}, not {out.name}")
    if expected.is_file() and expected.resolve() != out.resolve():
        raise ValueError(f"--version {args.version} is shipped ({expected}): a candidate needs a version of "
                         "its own")
    make_bot(args.gate, game)                      # a bad spec fails now, not after the self-play
    candidate_spec(args.gate, args.version)        # (the candidate's bot is made once its file is written)
    return out
