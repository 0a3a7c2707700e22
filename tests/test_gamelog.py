"""Move logs of games played by bots, and the corpus records that replay them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gaia_ai.bots import make_bot
from gaia_ai.bots.play import play_game
from gaia_ai.games.api import Deal, ranks_of
from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError, IllegalMoveError
from gaia_ai.games.gaia.game import GAME, draw_factions
from gaia_ai.games.gaia.gamelog import LogRecorder, corpus_record, incomplete_lines
from gaia_ai.games.gaia.notation import ENDTURN, parse_line, strip_annotations
from gaia_ai.games.gaia.replay import replay_record
from gaia_ai.games.gaia.setup import GameSetup

DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_played_game_replays_from_its_log(players: int) -> None:
    setup = GameSetup.random(players, f"log-{players}")
    factions = draw_factions(random.Random(players), players)
    bots = [make_bot("greedy")] + [make_bot(f"random:seed={s}") for s in range(players - 1)]
    game = play_game(GAME, bots, list(range(players)), Deal(setup, tuple(factions), setup.seed))
    lines = game.lines
    assert lines[0] == f"init {players} {setup.seed}"
    assert lines[1:players + 1] == [f"p{s + 1} faction {f}" for s, f in enumerate(factions)]
    parsed = [parse_line(line) for line in lines[1:]]
    assert all(p.player in factions or p.player.startswith("p") for p in parsed)
    # a main-action turn is one line ended by '.', as the engine writes it
    assert any(p.ends_turn and len(p.commands) > 1 for p in parsed)
    assert game.moves >= len(lines) - 1

    record = corpus_record("g1", setup, lines, final_vp=game.scores, final_board=game.final_state["board"])
    assert record["final"]["vp"] == game.scores and record["complete"]
    assert len(record["snapshots"]) == len(lines) and "hx" in record["snapshots"][players + 1]
    verdict = replay_record(CorpusRecord.from_dict(record))
    assert verdict.passed, verdict.describe()


def test_recorder_logs_nothing_for_an_illegal_command() -> None:
    state = GaiaState.new(GameSetup.random(2, "log"))
    log = LogRecorder(state)
    with pytest.raises(IllegalMoveError):
        log.apply("build m 1A1")
    log.apply("faction terrans")
    log.close()
    assert log.lines == ["init 2 log", "p1 faction terrans"] and log.commands == 1


def test_a_log_line_that_does_not_apply_is_named() -> None:
    setup = GameSetup.random(2, "log")
    with pytest.raises(GaiaError, match=r"game bad: log line 2 'p1 faction xenos' does not replay"):
        corpus_record("bad", setup, ["init 2 log", "p1 faction terrans", "p1 faction xenos"])


def test_ranks_share_ties() -> None:
    assert ranks_of([80, 95, 80, 60]) == [2, 1, 2, 4]


def _regrouped(record: CorpusRecord) -> tuple[list[str], list[str]]:
    """A corpus game split into single commands, fed to the recorder one by one (an explicit
    ``endturn`` kept as written), and the corpus lines without the engine's annotations."""
    state = GaiaState.new(
        GameSetup.from_corpus({"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players})
    )
    log = LogRecorder(state)
    for text in record.move_history[1:]:
        line = parse_line(text)
        for command in line.commands:
            log.apply(command, explicit_endturn=command == ENDTURN)
        if line.ends_turn and line.commands[-1] != ENDTURN:
            log.apply(ENDTURN)
    log.close()
    return log.lines, [strip_annotations(text).strip() for text in record.move_history]


def test_split_and_regrouped_sample_games_give_the_corpus_lines(data_dir: Path) -> None:
    """The recorder groups commands as the site's engine does: a whole income order in one line, a
    Taklons charge with its brainstone choice, a turn with its sub-decisions; byte for byte."""
    records = list(read_corpus(data_dir / "corpus-sample.jsonl.gz"))
    for record in records:
        got, want = _regrouped(record)
        assert got == want, record.id
    lines = [line for record in records for line in record.move_history]
    assert any(". income " in line for line in lines)   # the sample has a grouped income order


@pytest.mark.slow
def test_split_and_regrouped_corpus_games_give_the_corpus_lines(shared_dir: Path) -> None:
    """The same on the whole corpus (320 games, when ../shared is beside the checkout)."""
    grouped = {"income": 0, "brainstone": 0}
    for record in read_corpus(shared_dir / "corpus" / "gaia" / "games.jsonl.gz"):
        got, want = _regrouped(record)
        assert got == want, record.id
        grouped["income"] += sum(". income " in line for line in want)
        grouped["brainstone"] += sum(" charge " in line and ". brainstone " in line for line in want)
    assert grouped["income"] > 0 and grouped["brainstone"] > 0, grouped


def test_played_games_are_logged_in_complete_lines() -> None:
    """No line of a bot game leaves its player's decision unfinished (what the site refuses with
    "... is not complete!"); among a few games some line groups an income order or a charge with its
    brainstone choice."""
    grouped = 0
    for seed in range(8):
        players = 3 + seed % 2
        setup = GameSetup.random(players, f"lines-{seed}")
        factions = draw_factions(random.Random(seed), players - 1) + ["taklons"]
        if factions.count("taklons") > 1 or "ambas" in factions:   # one faction per home planet
            continue
        bots = [make_bot(f"random:seed={s + seed}") for s in range(players)]
        game = play_game(GAME, bots, list(range(players)), Deal(setup, tuple(factions), setup.seed))
        assert incomplete_lines(setup, game.lines) == [], seed
        grouped += sum(". income " in line or ". brainstone " in line for line in game.lines)
    assert grouped > 0


def test_a_split_income_order_is_named_incomplete() -> None:
    """The check the site makes: an income order split over two lines is refused at its first line."""
    record = next(r for r in read_corpus(DATA / "corpus-sample.jsonl.gz")
                  if any(". income " in line for line in r.move_history))
    i = next(k for k, line in enumerate(record.move_history) if ". income " in line)
    player, rest = strip_annotations(record.move_history[i]).split(" ", 1)
    first, second = rest.split(". ", 1)
    lines = [*record.move_history[:i], f"{player} {first}", f"{player} {second}"]
    setup = GameSetup.from_corpus({"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players})
    assert incomplete_lines(setup, record.move_history[:i + 1]) == []
    assert incomplete_lines(setup, lines) == [i]
