"""Moves in words (gaia_ai.games.gaia.words): the rulebook's numbers in the sentences, every command
kind of the notation, every line of the corpus sample, and who plays each step of a line."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.notation import COMMAND_NAMES, Command, parse_line
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.gaia.words import _Describer, describe, describe_line, format_steps, player_name

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "corpus-sample.jsonl.gz"


def _with_terra_level(state: GaiaState, player: int, level: int) -> GaiaState:
    raw = state.raw_state()
    raw["pl"][player]["research"][0] = level
    return state.with_raw_state(raw)


def test_every_command_of_the_notation_has_a_sentence() -> None:
    missing = [name for name in COMMAND_NAMES if not hasattr(_Describer, "_" + name.replace("-", "_"))]
    assert missing == []


def test_mine_one_step_away_costs_3_ore_per_step_at_terraforming_level_1() -> None:
    # Demo: hadsch-hallas (home: oxide) at terraforming level 1; 1A1 is volcanic, one step from oxide.
    state = demo()
    assert state.faction(0) == "hadsch-hallas"
    assert describe(state, "build m 1A1") == (
        "Build a mine on 1A1 (a volcanic planet, 1 terraforming step: 3 ore; the mine: 1 ore, 2 credits)")


def test_terraforming_level_2_makes_a_step_cost_2_ore() -> None:
    # Rulebook research track: level 2 lowers the price of a step from 3 ore to 2 (level 3: 1).
    state = _with_terra_level(demo(), 0, 2)
    assert "1 terraforming step: 2 ore;" in describe(state, "build m 1A1")
    state = _with_terra_level(demo(), 0, 3)
    assert "1 terraforming step: 1 ore;" in describe(state, "build m 1A1")


def test_upgrade_says_the_building_and_its_price() -> None:
    # Rulebook: a trading station costs 2 ore and 6 credits (3 credits with a neighbour within 2 hexes).
    words = describe(demo(), "build ts 5A9")
    assert words.startswith("Upgrade the mine on 5A9 to a trading station (2 ore, 6 credits)")


def test_power_action_3_gives_2_ore_for_4_power() -> None:
    assert describe(demo(), "action power3") == "Take power action 3 (2 ore, costs 4 power)"
    assert describe(demo(), "action qic3").startswith("Take QIC action 3 (3 VP + 1 VP per planet type, costs 2 QIC)")


def test_pass_names_the_booster_taken() -> None:
    words = describe(demo(), "pass booster7")
    assert words.startswith("Pass, taking booster 7 (income 1 ore; on passing 2 VP per trading station)")
    # Booster 6, given back, pays 1 VP per mine on passing: hadsch-hallas has one mine in the demo.
    assert words.endswith("gains 1 VP")


def test_research_step_says_the_track_the_levels_and_the_cost() -> None:
    assert describe(demo(), "up eco") == "Research Economy: level 1 to 2 (4 knowledge)"


def test_conversion_and_burn() -> None:
    assert describe(demo(), "spend 3pw for 1o") == "Convert 3 power into 1 ore"
    assert describe(demo(), "burn 2") == "Burn 2 power (remove 2 from area 2 to move 2 others to area 3)"


def test_an_illegal_command_is_described_without_amounts() -> None:
    # 5A6 holds a terrans mine: the engine refuses it, the sentence still names the hex and planet.
    assert describe(demo(), "build m 5A6") == "Build a mine on 5A6 (an ice planet)"


def test_a_line_says_who_plays_each_step() -> None:
    state = demo()
    line = [Command.parse("build ts 5A9"), Command.parse("endturn"), Command.parse("build m 1A1")]
    steps = describe_line(state, line, [0, 0, 1])
    assert [s.who for s in steps] == ["p1 hadsch-hallas", "p1 hadsch-hallas", "p2 terrans"]
    assert [s.to_dict()["player"] for s in steps] == [1, 1, 2]
    text = format_steps(steps)
    assert len(text) == 2 and text[0].startswith("p1 hadsch-hallas: Upgrade the mine on 5A9")
    assert text[1].startswith("p2 terrans: Build a mine on 1A1")
    assert player_name(state, 1) == "p2 terrans"


def test_a_line_stops_at_a_move_the_position_does_not_allow() -> None:
    steps = describe_line(demo(), [Command.parse("build m 5A6"), Command.parse("up eco")], [0, 0])
    assert len(steps) == 1


@pytest.mark.parametrize("record", list(read_corpus(SAMPLE)), ids=lambda r: r.id)
def test_every_line_of_the_corpus_sample_reads_as_words(record) -> None:
    setup = GameSetup.from_corpus({"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players})
    state = GaiaState.new(setup)
    seen: Counter[str] = Counter()
    for text in record.move_history[1:]:
        line = parse_line(text)
        player = state.player_of(line.player)
        steps = describe_line(state, list(line.commands), [player] * len(line.commands))
        assert len(steps) == len(line.commands), text
        for command, step in zip(line.commands, steps, strict=True):
            seen[command.name] += 1
            assert step.words[0].isupper() and step.words != step.notation, (text, step)
            assert "?" not in step.words, (text, step)
            if command.name == "build" and command.args[0] == "m" and "terraforming step" in step.words:
                _check_terraforming_price(state, player, step.words)
        state.apply_line(text)
    assert seen["build"] and seen["pass"]


def _check_terraforming_price(state: GaiaState, player: int, words: str) -> None:
    """The ore a sentence gives the steps it pays for is the rulebook's price at the player's level."""
    part = words.split("terraforming step")[1].split(";")[0]
    if "free" in part and "ore" not in part:
        return
    ore = int(part.split()[-2])
    level = state.raw_state()["pl"][player]["research"][0]
    assert ore % (3, 3, 2, 1, 1, 1)[level] == 0, (words, level)
