"""Terraforming Mars moves in words (words.py): the card, the payment, the space, the project, milestone or
award, and at a player view's prompt the prompt's option titles; `gaia-ai suggest` prints them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import give, set_player, started

from gaia_ai.games import load_game
from gaia_ai.games.terraforming_mars import TmState
from gaia_ai.games.terraforming_mars.playerview import import_player_view
from gaia_ai.games.terraforming_mars.tables import SPACE_IDS
from gaia_ai.games.terraforming_mars.words import move_words, payment, space_words

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "tm-playerviews"


def test_payment_and_space_words() -> None:
    assert payment(12, 0, 2, 0) == "12 M€ + 2 titanium"
    assert payment(0, 3, 0, 4) == "3 steel + 4 heat"
    assert payment(0, 0, 0, 0) == "nothing"
    # 03: the top row's first space, 2 steel printed on it; 01 is off Mars (Ganymede Colony)
    assert space_words(SPACE_IDS["03"]) == "space 03 (row 1, 1st from the left, land; bonus 2 steel)"
    assert space_words(SPACE_IDS["01"]) == "space 01 (Ganymede Colony)"
    assert "ocean space" in space_words(SPACE_IDS["04"])


def test_action_menu_words_name_card_payment_project_milestone() -> None:
    state = started("Mining Guild", "Ecoline")
    give(state, 0, "Comet")
    set_player(state, 0, res=[60, 5, 4, 0, 0, 0])
    words = {str(m): move_words(state, m) for m in state.legal_moves()}
    comet = [w for line, w in words.items() if line.startswith("play Comet")]
    assert comet and all(w.startswith("Play Comet (") for w in comet)
    assert "Play Comet (12 M€ + 3 titanium)" in comet          # Comet costs 21; titanium is worth 3
    assert words["std city pay mc=25"] == "Standard project City (25 M€)"
    assert words["pass"] == "Pass for this generation"
    state.apply("std city pay mc=25")
    place = {str(m): move_words(state, m) for m in state.legal_moves()}
    assert place["space 03"] == "Place the city on space 03 (row 1, 1st from the left, land; bonus 2 steel)"


def test_every_move_of_random_games_has_words() -> None:
    # all kinds of decision, follow-ups of card plays included, in base and Colonies games
    for seed, colonies in ((1, False), (2, True), (3, False)):
        state = TmState.new(3, seed, colonies=colonies)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 600:
            moves = state.legal_moves()
            for m in moves[:40]:
                text = move_words(state, m)
                assert text and "?" not in text, (str(m), text)
            state.apply(rng.choice(moves))
            steps += 1


def test_describe_line_follows_the_line_and_stops_at_an_illegal_step() -> None:
    state = started("Mining Guild", "Ecoline")
    steps = load_game("terraforming-mars").describe_moves(state, ["std city pay mc=25", "space 03", "play Nothing"])
    assert [s["notation"] for s in steps] == ["std city pay mc=25", "space 03"]
    assert steps[0]["player"] == 1 and steps[0]["who"] == "p1 (Mining Guild)"
    assert steps[1]["words"].startswith("Place the city on space 03")


def test_view_prompt_titles_in_the_words() -> None:
    # a follow-up (Asteroid: remove up to 3 plants): the app's option per player, colours as it names them
    state, view = import_player_view((SAMPLES / "base-v03-1-g7-131.json").read_text(), seed=0)
    red = view.colors.index("red")
    words = move_words(state, f"player {red}", view)
    assert words.startswith(f"Remove up to 3 plants from p{red + 1} (red, ")
    assert words.endswith('(the option "Remove 1 plants from red")')
    assert move_words(state, "player skip", view).endswith('(the option "Skip removing plants")')
    # the action menu: the option title the move answers
    state, view = import_player_view((SAMPLES / "base-v01-0-g6-60.json").read_text(), seed=0)
    play = next(m for m in state.legal_moves() if str(m).startswith("play "))
    steps = load_game("terraforming-mars").describe_moves(state, [play])
    assert steps[0]["words"].endswith('(the option "Play project card")')
    assert steps[0]["words"].startswith(f"Play {str(play)[5:].split(' pay ')[0]}")
    assert move_words(state, "pass", view) == 'Pass for this generation (the option "Pass for this generation")'


def test_initial_selection_words() -> None:
    state, _view = import_player_view((SAMPLES / "base-v03-2-g1-2.json").read_text(), seed=0)
    move = next(m for m in state.legal_moves() if str(m).count(",") == 1)     # two cards kept
    corp, cards = str(move)[6:].split(":")
    assert move_words(state, move) == f"Start with {corp}; keep {cards.strip()} (6 M€)"


@pytest.mark.parametrize("view", ["base-v01-0-g6-60", "colonies-v05-0-g15-197"])
def test_suggest_prints_the_words(view: str, capsys) -> None:
    from gaia_ai.cli import main

    path = SAMPLES / f"{view}.json"
    assert main(["suggest", "--game", "terraforming-mars", "--tm-view", str(path), "--simulations", "60",
                 "--top", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    for s in out["suggestions"]:
        assert s["words"] and s["line"][0]["notation"] == s["move"]
        assert "(the option " in s["words"][0]
    assert main(["suggest", "--game", "terraforming-mars", "--tm-view", str(path), "--simulations", "60",
                 "--top", "2"]) == 0
    text = capsys.readouterr().out
    assert "(the option " in text


def test_card_ids_named() -> None:
    # a card the words name is the table's name (no ids leak into the text)
    state = started("Mining Guild", "Ecoline")
    give(state, 0, "Adaptation Technology")
    set_player(state, 0, res=[60, 0, 0, 0, 0, 0])
    line = next(m for m in state.legal_moves() if str(m).startswith("play Adaptation Technology"))
    assert move_words(state, line) == "Play Adaptation Technology (12 M€)"


def test_every_move_of_every_shared_view_names_its_prompt_option(shared_dir) -> None:
    # every shared view is rebuilt; each legal answer, in words, carries the option or prompt title
    folder = shared_dir / "corpus" / "tm" / "playerviews"
    if not folder.is_dir():
        pytest.skip(f"{folder} not available")
    rebuilt = 0
    for path in sorted(p for p in folder.glob("*.json") if not p.name.endswith(".facts.json")):
        state, view = import_player_view(path.read_text())
        rebuilt += 1
        for move in state.legal_moves():
            words = move_words(state, move, view)
            assert '(the option "' in words or '(the prompt "' in words, (path.name, str(move), words)
    assert rebuilt == 48


FOLLOWUPS = {   # issue 13's last five views: the prompt, and one answer's words
    "base-v02-1-g10-171": ("Select how to spend 9 M€ for 3 cards", "Pay for the 3 research cards (6 M€ + 3 heat)"),
    "colonies-v05-1-g7-71": ("Select 1 card(s) to keep", "Keep Large Convoy"),
    "colonies-v06-2-g10-226": ("Select amount of energy to spend", "Spend 2 energy for 2 M€ for Power Infrastructure"),
    "colonies-v07-1-g6-126": ("Select where to build a colony", "Build a colony on Europa"),
    "colonies-v08-0-g4-80": ("Select a card to discard", "Discard and draw one instead of Comet for Mars University"),
}


@pytest.mark.parametrize("name", sorted(FOLLOWUPS))
def test_followup_words_name_the_prompt(name: str) -> None:
    state, view = import_player_view((SAMPLES / f"{name}.json").read_text(), seed=0)
    title, answer = FOLLOWUPS[name]
    words = [move_words(state, m, view) for m in state.legal_moves()]
    assert all(' (the option "' in w or ' (the prompt "' in w for w in words), words
    assert any(w.startswith(answer) and w.endswith(f'"{title}")') for w in words), words


def test_mars_university_skip_is_the_do_nothing_option() -> None:
    state, view = import_player_view((SAMPLES / "colonies-v08-0-g4-80.json").read_text(), seed=0)
    assert move_words(state, "option skip", view) == 'Skip for Mars University (the option "Do nothing")'


def test_the_expected_line_marks_the_others_hidden_choices_as_guesses(capsys) -> None:
    from gaia_ai.cli import main

    sample = Path(__file__).resolve().parents[1] / "data" / "tm" / "games-sample.jsonl.gz"
    assert main(["suggest", "--corpus", str(sample), "--game-id", "b000", "--move", "60", "--simulations", "200",
                 "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    me = answer["player"] + 1
    steps = [s for hint in answer["suggestions"] for s in hint["line"]]
    hidden = [s for s in steps if s["notation"].split()[0] in ("buy", "keep", "play")]
    assert any(s["player"] != me for s in hidden), "no hidden choice of another seat: move the position"
    for s in hidden:
        assert ("(a guess: the cards are a sample of what" in s["words"]) == (s["player"] != me)
