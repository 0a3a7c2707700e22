"""Head-to-head games between two bots of any game, seats and roles rotated fairly: ``gaia-ai match``.

Games come in rotations that share one deal (setup and a draw of roles: factions, corporations): in
each rotation every seat is played by each bot equally often (2 players: the bots swap seats), so
neither seat order nor a role favours one bot. With one_seat, A holds one seat and B all the others (a
new bot at a table of the current one), A's seat going round the table. Same seed, same games.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_ai.argtypes import positive_float, positive_int
from gaia_ai.bots.base import make_bot
from gaia_ai.bots.play import MAX_MOVES, PlayedGame, play_game, rotations
from gaia_ai.errors import ToolkitError
from gaia_ai.games.api import MODELS_ENV, Deal, Game
from gaia_ai.games.registry import DEFAULT_GAME, game_names, load_game, options_help
from gaia_ai.tournament.ratings import wilson_interval

# the seating helpers live in bots.play (shared with the tournament runner); re-exported for callers
__all__ = ["MAX_MOVES", "GameResult", "MatchResult", "add_match_subparser", "format_summary", "play_game",
           "rotations", "run_match"]


@dataclass
class GameResult:
    seed: str
    seats: list[int]          # bot index (0 = A, 1 = B) of each seat
    factions: list[str]
    vp: list[int]
    decisions: list[int] = field(default_factory=list)        # per seat: its bot's calls
    think_seconds: list[float] = field(default_factory=list)  # per seat: its bot's time over them

    def seconds_per_decision(self, bot: int) -> tuple[float, int]:
        """(seconds the bot thought, decisions it made) over its seats of this game."""
        mine = [s for s, b in enumerate(self.seats) if b == bot]
        return sum(self.think_seconds[s] for s in mine), sum(self.decisions[s] for s in mine)

    def bot_vp(self, bot: int) -> float:
        return statistics.mean(v for v, b in zip(self.vp, self.seats, strict=True) if b == bot)

    def wins(self, bot: int) -> float:
        """1 for a sole winner, shared among tied winners."""
        best = max(self.vp)
        winners = [b for v, b in zip(self.vp, self.seats, strict=True) if v == best]
        return winners.count(bot) / len(winners)


@dataclass
class MatchResult:
    specs: list[str]
    players: int
    games: list[GameResult] = field(default_factory=list)
    interrupted: bool = False   # Ctrl-C stopped the match: `games` are the ones finished before

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": self.players, "games": len(self.games), "bots": []}
        margins = [g.bot_vp(0) - g.bot_vp(1) for g in self.games]
        if self.games:
            wins = sum(g.wins(0) for g in self.games)
            low, high = wilson_interval(wins, len(self.games))
            # A's share of the wins (ties split) next to a fair share: 1/players when A holds one seat
            # unrounded: the table prints them to 0.1%, and a second rounding would move a figure
            # that ends in 5 (0.552544 -> 0.5525 -> 55.2% where bench/match_tally.py says 55.3%)
            out["a_win_share"] = wins / len(self.games)
            out["a_win_share_ci95"] = [low, high]
            out["a_fair_share"] = round(statistics.mean(g.seats.count(0) for g in self.games) / self.players, 4)
            # games A won alone, lost (no share of the top score) and tied (a share of it)
            shares = [g.wins(0) for g in self.games]
            out["a_record"] = {"won": shares.count(1), "lost": shares.count(0),
                               "tied": len(shares) - shares.count(1) - shares.count(0)}
        for bot, spec in enumerate(self.specs):
            sign = 1 if bot == 0 else -1
            mean, half = _mean_ci([sign * m for m in margins])
            thought = [g.seconds_per_decision(bot) for g in self.games if g.decisions]
            decisions = sum(n for _, n in thought)
            out["bots"].append({
                "spec": spec,
                "wins": sum(g.wins(bot) for g in self.games),
                "average_vp": round(statistics.mean(g.bot_vp(bot) for g in self.games), 2) if self.games else None,
                "average_margin": round(mean, 2),
                "margin_ci95": [round(mean - half, 2), round(mean + half, 2)],
                # what an equal-time claim rests on: the bot's mean thinking time a decision
                "ms_per_decision": round(1000 * sum(t for t, _ in thought) / decisions, 2) if decisions else None,
            })
        return out


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of a 95% interval (normal approximation)."""
    if not xs:
        return math.nan, math.nan
    mean = statistics.mean(xs)
    if len(xs) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def one_seat_rotations(players: int) -> list[list[int]]:
    """Bot A (0) in one seat, bot B (1) in every other, A's seat going round the table (players games)."""
    return [[0 if seat == r else 1 for seat in range(players)] for r in range(players)]


def run_match(specs: Sequence[str], players: int, games: int, seed: int,
              progress: Callable[[str], None] | None = None, game: str = DEFAULT_GAME,
              options: Mapping[str, str] | None = None, one_seat: bool = False,
              save: str | Path | None = None, workers: int = 1, seconds: float | None = None) -> MatchResult:
    """Play the games; progress(text) gets one line per finished game (describe_game). ``options`` choose
    the game's variant (Game.with_options, e.g. {"colonies": "on"} for Terraforming Mars). one_seat: A
    plays one seat and B the others (one_seat_rotations) instead of half the seats each. Ctrl-C
    (KeyboardInterrupt) stops the match with the games finished so far (result.interrupted). save: a
    folder that gets each finished game's log, SAVE/match-SEED-N.jsonl (save_game). workers > 1 or
    seconds: each rotation (one deal, its games) is a job of its own with bots of its own, the rotations
    spread over `workers` processes (gaia_ai.parallel.run_jobs); with seconds no rotation starts after that
    long and those still being played are dropped, so that every deal kept has all its seatings."""
    rules = load_game(game).with_options(options or {})
    rules.check_players(players)
    for spec in specs:
        make_bot(spec, rules)      # a bad spec fails here, before any game
    result = MatchResult(list(specs), players)
    per_rotation = one_seat_rotations(players) if one_seat else rotations(players)
    if save is not None:
        Path(save).mkdir(parents=True, exist_ok=True)
    if workers == 1 and seconds is None:
        bots = [make_bot(spec, rules) for spec in specs]
        try:
            for rotation in range(-(-games // len(per_rotation))):
                _play_rotation(rules, bots, specs, per_rotation, seed, rotation, games, save, result.games,
                               progress)
        except KeyboardInterrupt:
            result.interrupted = True
        return result
    from gaia_ai.parallel import run_jobs

    rotations_done: dict[int, list[GameResult]] = {}

    def done(rotation: int, played: list[GameResult]) -> None:
        rotations_done[rotation] = played
        for k, game_result in enumerate(played):
            if progress is not None:
                number = rotation * len(per_rotation) + k + 1
                progress(f"game {number}/{games}: {describe_game(specs, game_result)}")

    jobs = [(game, dict(options or {}), list(specs), per_rotation, seed, rotation, games,
             None if save is None else str(save)) for rotation in range(-(-games // len(per_rotation)))]
    try:
        run_jobs(_rotation_job, jobs, workers, seconds=seconds, done=done)
    except KeyboardInterrupt:
        result.interrupted = True
    result.games = [g for rotation in sorted(rotations_done) for g in rotations_done[rotation]]
    return result


def _play_rotation(rules: Game, bots: Sequence[Any], specs: Sequence[str], per_rotation: list[list[int]], seed: int,
                   rotation: int, games: int, save: str | Path | None, out: list[GameResult],
                   progress: Callable[[str], None] | None = None) -> None:
    """Play the games of one rotation (its deal, each seating in turn, up to game number `games`) and
    append them to out."""
    deal = rules.deal(len(per_rotation[0]), f"match-{seed}-{rotation}")
    factions = list(deal.roles)
    for k, seats in enumerate(per_rotation):
        number = rotation * len(per_rotation) + k + 1
        if number > games:
            break
        played = play_game(rules, bots, seats, deal)
        # a game that deals no roles may still give them in play (an auction's picks, corporations)
        out.append(GameResult(deal.seed, seats, factions or played.roles, played.scores, played.decisions,
                              played.think_seconds))
        if save is not None:
            save_game(Path(save), rules, deal, played, f"match-{seed}-{number}", [specs[b] for b in seats])
        if progress is not None:
            progress(f"game {number}/{games}: {describe_game(specs, out[-1])}")


def _rotation_job(game: str, options: dict[str, str], specs: list[str], per_rotation: list[list[int]], seed: int,
                  rotation: int, games: int, save: str | None) -> list[GameResult]:
    """One rotation with bots of its own (a worker process's job)."""
    rules = load_game(game).with_options(options)
    out: list[GameResult] = []
    _play_rotation(rules, [make_bot(spec, rules) for spec in specs], specs, per_rotation, seed, rotation, games,
                   save, out)
    return out


def save_game(folder: Path, rules: Game, deal: Deal, played: PlayedGame, game_id: str,
              bots: Sequence[str]) -> Path:
    """Write one game's log, in the game's own record format (Game.record: what `gaia-ai replay`,
    `suggest --corpus/--log` and `review` read), as folder/GAME_ID.jsonl; the bots of each seat in the
    record's "match" key."""
    record = rules.record(deal, played.lines, played.scores, game_id,
                          final_board=played.final_state.get("board", {}), extra={"match": {"bots": list(bots)}})
    path = folder / f"{game_id}.jsonl"
    path.write_text(json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8")
    return path


def describe_game(specs: Sequence[str], game: GameResult) -> str:
    """One finished game for a person: each seat's bot, faction and VP, and who won.

    'p1 greedy (xenos) 83, p2 random (baltaks) 57: greedy wins'"""
    roles = game.factions or [""] * len(game.seats)   # a game that deals no roles (Eminent Domain)
    seats = ", ".join(f"p{i + 1} {specs[b]}{f' ({f})' if f else ''} {v}"
                      for i, (b, f, v) in enumerate(zip(game.seats, roles, game.vp, strict=True)))
    best = max(game.vp)
    winners = sorted({specs[b] for b, v in zip(game.seats, game.vp, strict=True) if v == best})
    return f"{seats}: {' and '.join(winners)} {'wins' if len(winners) == 1 else 'tie'}"


def format_summary(summary: dict[str, Any]) -> str:
    lines = [f"{summary['games']} games, {summary['players']} players"]
    if "a_win_share" in summary:
        low, high = summary["a_win_share_ci95"]
        lines.append(f"A's share of the wins {100 * summary['a_win_share']:.1f}% (95% interval "
                     f"{100 * low:.1f}-{100 * high:.1f}%; a fair share is {100 * summary['a_fair_share']:.1f}%)")
    if "a_record" in summary:
        record = summary["a_record"]
        lines.append(f"A won {record['won']}, lost {record['lost']}, tied {record['tied']} (a tie counts half)")
    lines.append(f"{'bot':<32}{'wins':>8}{'avg VP':>9}{'avg margin':>12}  95% interval    ms/decision")
    for bot in summary["bots"]:
        lo, hi = bot["margin_ci95"]
        ms = bot.get("ms_per_decision")
        lines.append(f"{bot['spec']:<32}{bot['wins']:>8.1f}{bot['average_vp']:>9.2f}"
                     f"{bot['average_margin']:>12.2f}  [{lo:.2f}, {hi:.2f}]"
                     f"{'' if ms is None else f'{ms:>15.1f}'}")
    return "\n".join(lines)


def add_match_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "match",
        help="play two bots against each other, seats and factions rotated",
        description="Play games between BOT_A and BOT_B (bot specs such as random, greedy or "
                    "mcts:sims=800,threads=2) with seats and factions rotated so that each bot plays each "
                    "seat equally (or, with --one-seat, A holds one seat and B the others); print A's share "
                    "of the wins with its 95% interval, wins (ties split), average VP, the average VP "
                    "margin of each bot with a 95% confidence interval and its mean thinking time a "
                    "decision. Ctrl-C stops the match and prints the results of the games finished so far "
                    "(exit status 130).",
    )
    parser.add_argument("bot_a", metavar="BOT_A", help="bot spec, e.g. greedy or mcts:sims=800")
    parser.add_argument("bot_b", metavar="BOT_B", help="bot spec")
    parser.add_argument("--game", default=DEFAULT_GAME, choices=game_names(),
                        help=f"the game to play (default {DEFAULT_GAME})")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=f"a variant option of the game, repeatable ({options_help()})")
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    parser.add_argument("--seed", type=int, default=0, help="master seed: same seed, same games (default 0)")
    parser.add_argument("--one-seat", action="store_true",
                        help="BOT_A holds one seat and BOT_B every other one (3-4 players: a new bot against a "
                             "table of the current one; A's fair share of the wins is 1/players)")
    parser.add_argument("--save", metavar="DIR",
                        help="write each finished game's log to DIR/match-SEED-N.jsonl, in the game's own "
                             "record format (gaia-ai replay, suggest and review read it)")
    parser.add_argument("--workers", type=positive_int, default=1,
                        help="processes that play the deals (default 1); with more, or with --seconds, each deal's "
                             "games get bots of their own")
    parser.add_argument("--seconds", type=positive_float, default=None, metavar="S",
                        help="start no deal after S seconds and drop the deals still being played then (every "
                             "deal kept has all its seatings)")
    parser.add_argument("--models", metavar="DIR",
                        help="a folder of model files not in the package (value-n2.json, ...) that the specs may "
                             "name (eval=n2), e.g. a candidate network just trained (the same as setting "
                             f"{MODELS_ENV}=DIR; a shipped version's own file wins)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    parser.set_defaults(func=_match_handler)
    return parser


def parse_options(items: Sequence[str]) -> dict[str, str]:
    """["colonies=on"] -> {"colonies": "on"}; ValueError for an item that is not KEY=VALUE."""
    out = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--option {item!r}: expected KEY=VALUE, e.g. colonies=on")
        out[key.strip()] = value.strip()
    return out


def _match_handler(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("gaia-ai match: --games must be at least 1", file=sys.stderr)
        return 2
    from tqdm import tqdm

    from gaia_ai.search.interrupt import INTERRUPTED_STATUS, ctrl_c

    # a progress bar on stderr, each finished game printed above it
    with tqdm(total=args.games, unit="game", file=sys.stderr, leave=False,
              disable=not sys.stderr.isatty()) as bar:
        def report(line: str) -> None:
            tqdm.write(line, file=sys.stderr)
            bar.update(1)

        try:
            options = parse_options(args.option)
            if args.models is not None:
                if not Path(args.models).is_dir():
                    raise ValueError(f"--models {args.models!r}: not a folder")
                os.environ[MODELS_ENV] = str(Path(args.models).resolve())   # the workers inherit it
            with ctrl_c():   # Ctrl-C: the match stops with the games finished so far
                result = run_match([args.bot_a, args.bot_b], args.players, args.games, args.seed,
                                   progress=report, game=args.game, options=options, one_seat=args.one_seat,
                                   save=args.save, workers=args.workers, seconds=args.seconds)
        except (ToolkitError, ValueError, OSError) as e:
            print(f"gaia-ai match: {e}", file=sys.stderr)
            return 2
    if result.interrupted:
        print(f"gaia-ai match: stopped by Ctrl-C after {len(result.games)} of {args.games} games",
              file=sys.stderr)
        if not result.games:
            return INTERRUPTED_STATUS
    summary = result.summary()
    print(format_summary(summary))
    if args.json:
        print(json.dumps({**summary, **({"interrupted": True} if result.interrupted else {})}))
    return INTERRUPTED_STATUS if result.interrupted else 0
