"""Move notation: annotation stripping, exact round trip, error messages and fuzzing."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from gaia_ai.games.gaia.errors import NotationError
from gaia_ai.games.gaia.notation import (
    COMMAND_NAMES,
    ENDTURN,
    Command,
    LogLine,
    format_line,
    parse_line,
    strip_annotations,
)

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
CORPUS = SHARED / "corpus" / "gaia" / "games.jsonl.gz"

# Logged lines (from the corpus, annotations included) covering every command kind.
SAMPLE_LINES = [
    "init 3 draco-785086-0",
    "p1 faction gleens",
    "p3 faction itars (0/0/0/0 ⇒ 4/4/0/0)",
    "p2 bid terrans 3",
    "gleens build m 2A1",
    "ivits build PI 2A7",
    "itars booster booster2",
    "firaks booster booster5 (2/4/0/0 ⇒ 0/6/0/0)",
    "gleens up nav (1 ⇒ 2).",
    "bescods action qic3.",
    "gleens build m 9A8. endturn",
    "itars charge 1pw (7/4/0/0 ⇒ 6/5/0/0)",
    "bescods special up-lowest. up gaia (0 ⇒ 1).",
    "gleens burn 1. spend 1pw for 1c. build ts 2A1. (2/4/0/0 ⇒ 3/2/0/0)",
    "gleens burn 2. pass booster5 returning booster10 (1/4/0/0 ⇒ 1/0/2/0)",
    "itars burn 1. spend 1pw for 1c. pass returning booster10 (11/3/0/1 ⇒ 12/1/0/2)",
    "terrans pass",
    "itars build lab 2B0. tech sci. up sci (1 ⇒ 2).",
    "gleens spend 3pw for 1o. special range+3. build m 3A0. (0/0/4/0 ⇒ 3/0/1/0)",
    "itars build gf 2A3 using area1: 3, area2: 3. endturn (3/5/0/1 ⇒ 0/2/0/7)",
    "ambas special swap-PI (from 6A2). swap-PI 9A8 (from 6A2).",
    "ambas spend 1pw for 1c. special swap-PI (from 9A8). swap-PI 4B2 (from 9A8). (0/1/1/0 ⇒ 1/1/0/0)",
    "gleens spend 1pw for 1c. up nav (4 ⇒ 5). lostPlanet 3A4. (0/0/2/0 ⇒ 1/0/1/0)",
    "nevlas spend 2pw for 2c. action qic2. fedtile fed5. (0/0/1/0 ⇒ 1/0/0/0)",
    "bescods build lab 3A5. tech adv-eco. cover eco. up nav (1 ⇒ 2). endturn",
    "baltaks build ac2 2A5. tech adv-terra. cover free2. up eco (0 ⇒ 1).",
    "taklons charge 1pw. brainstone area2 (2,B/4/0/0 ⇒ 2/4,B/0/0)",
    "taklons charge 1t,3pw. brainstone area2 (3,B/1/0/0 ⇒ 2/3,B/0/0)",
    "taklons decline 3pw,1t",
    "taklons brainstone discard.",
    "terrans spend 4tg for 1q. spend 1tg for 1c. spend 1tg for 1c (1/0/1/6 ⇒ 1/6/1/0)",
    "itars spend 4tg for tech. tech terra. up terra (0 ⇒ 1). decline tech (1/4/4/12 ⇒ 9/4/4/0)",
    "nevlas burn 1. spend 1t-a3 for 1k. spend 1t-a3 for 1k. up nav (4 ⇒ 5). lostPlanet 3A9. spend 1o for 1c.",
    "baltaks spend 1gf for 1q. action qic3.",
    "bescods income 4pw. income pw. income 2pw (2/8/0/0 ⇒ 2/5/5/0)",
    "ivits income 4pw. income t (0/4/2/0 ⇒ 0/0/7/0)",
    "xenos decline 2pw",
    "geodens decline up.",
    "hadsch-hallas spend 4pw for 1o,1c. special q.",
    "baltaks special 4c.",
    "lantids spend 1k for 1c. special q,5c.",
    "ivits special space-station. build sp 2B3.",
    "firaks special down-lab. build ts 2A0. up nav (4 ⇒ 5). lostPlanet 10B3.",
    "terrans special 4pw. special 3k. special 3o.",
    "ivits federation 2A10,2A11,2A7,2B3,2B4,2B5,7A5,7B1,7B3,7B5,7C fed3",
    "taklons federation 2A3,2A6,2B2,2B3,2B4,6A10 fed4 using area2: 5, brainstone: 1",
    "xenos action power6. build m 2B3. endturn (0/3/4/0 ⇒ 3/3/1/0)",
    "geodens special step. build m 8B1.",
    "lantids build m -1x2.",
]


def _corpus_lines() -> list[str]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        return [line for record in map(json.loads, f) for line in record["moveHistory"]]


def _check_round_trip(text: str) -> None:
    parsed = parse_line(text)
    assert format_line(parsed) == strip_annotations(text)
    assert parse_line(format_line(parsed)) == parsed
    for command in parsed.commands:
        assert Command.parse(str(command)) == command


@pytest.mark.parametrize("text", SAMPLE_LINES)
def test_sample_round_trip(text: str) -> None:
    _check_round_trip(text)


def test_sample_covers_every_command() -> None:
    seen = {c.name for text in SAMPLE_LINES for c in parse_line(text).commands}
    assert seen == COMMAND_NAMES


@pytest.mark.skipif(not CORPUS.exists(), reason="shared corpus not available (only on the development machine)")
def test_corpus_round_trip() -> None:
    lines = _corpus_lines()
    assert len(lines) > 30_000
    for text in lines:
        _check_round_trip(text)


def test_strip_annotations() -> None:
    assert strip_annotations("itars build gf 2A3 using area1: 3, area2: 3. endturn (3/5/0/1 ⇒ 0/2/0/7)") == (
        "itars build gf 2A3. endturn"
    )
    assert strip_annotations("gleens burn 2. pass booster5 returning booster10 (1/4/0/0 ⇒ 1/0/2/0)") == (
        "gleens burn 2. pass booster5"
    )
    assert strip_annotations("ambas special swap-PI (from 9A8). swap-PI 4B2 (from 9A8).") == (
        "ambas special swap-PI. swap-PI 4B2."
    )
    assert strip_annotations("x up nav (1 ⇒ 2). (1/4/2/5,B ⇒ 0/3/4/5,B)") == "x up nav."
    assert strip_annotations("terrans pass returning booster6") == "terrans pass"


def test_structure() -> None:
    line = parse_line("gleens burn 1. spend 1pw for 1c. build ts 2A1. (2/4/0/0 ⇒ 3/2/0/0)")
    assert line == LogLine(
        "gleens",
        (Command("burn", ("1",)), Command("spend", ("1pw", "1c")), Command("build", ("ts", "2A1"))),
        ends_turn=True,
    )
    line = parse_line("gleens build m 9A8. endturn")
    assert line.ends_turn and line.commands[-1] == ENDTURN
    assert not parse_line("itars charge 1pw (7/4/0/0 ⇒ 6/5/0/0)").ends_turn
    init = parse_line("init 4 my-seed")
    assert init.player is None and init.commands == (Command("init", ("4", "my-seed")),)
    assert str(Command("spend", ("4tg", "tech"))) == "spend 4tg for tech"
    assert str(Command("pass")) == "pass"
    assert format_line(LogLine("p1", (Command("faction", ("xenos",)),))) == "p1 faction xenos"
    assert format_line(LogLine("xenos", (Command("action", ("qic3",)),), ends_turn=True)) == "xenos action qic3."
    assert hash(line) == hash(parse_line("gleens build m 9A8. endturn"))


def test_hexes() -> None:
    assert Command.parse("build m 5A3").hexes == ("5A3",)
    assert Command.parse("federation 1A1,1B0,2C fed2").hexes == ("1A1", "1B0", "2C")
    assert Command.parse("swap-PI 4B2 (from 9A8)").hexes == ("4B2",)
    assert Command.parse("lostPlanet 9C").hexes == ("9C",)
    assert Command.parse("up nav").hexes == ()


def test_endturn_line_needs_ends_turn() -> None:
    with pytest.raises(NotationError):
        LogLine("x", (ENDTURN,), ends_turn=False)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "no command"),
        ("gleens", "no command"),
        ("gleens .", "no command"),
        ("gleens fly 1A1", "unknown command 'fly'"),
        ("gleens build m", "missing argument"),
        ("gleens build m 1A1 2A2", "too many arguments"),
        ("gleens pass booster1 booster2", "too many arguments"),
        ("gleens burn x", "bad number 'x'"),
        ("gleens build m 5Z3", "unknown hex syntax '5Z3'"),
        ("gleens build m 5A12", "unknown hex syntax"),
        ("gleens build castle 5A1", "unknown building 'castle'"),
        ("gleens up magic", "unknown research track"),
        ("gleens tech adv-free1", "unknown tech tile position"),
        ("gleens cover adv-eco", "unknown basic tech tile position"),
        ("gleens federation 1A1,1A2 fed7", "unknown federation token"),
        ("gleens federation 1A1,,1A2 fed1", "unknown hex syntax in hex list"),
        ("gleens action power8", "unknown board action"),
        ("gleens special fly", "unknown special action"),
        ("gleens spend 1pw to 1c", "'spend <cost> for <income>'"),
        ("gleens spend 1pw for", "'spend <cost> for <income>'"),
        ("gleens spend 1x for 1c", "bad cost"),
        ("gleens charge 2", "bad charge"),
        ("gleens decline maybe", "bad decline"),
        ("taklons brainstone area4", "unknown brainstone area"),
        ("gleens booster booster11", "unknown booster"),
        ("gleens income 2c", "bad income event"),
        ("p1 faction elves", "unknown faction"),
        ("gleens build m 1A1. . build m 1A2", "empty command"),
        ("gleens endturn. build m 1A1", "endturn"),
        ("gleens build m 1A1. endturn.", "endturn"),
        ("init two seed", "bad number"),
    ],
)
def test_errors(text: str, problem: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_line(text)
    message = str(info.value)
    assert problem in message
    assert repr(text) in message  # the offending input is quoted


# Notation characters plus non-ASCII letters/digits ("\u0663" is an Arabic-Indic digit).
_ALPHABET = st.sampled_from([*"abcdefpgimorstuwxyzABCP0123456789 .,-+/()⇒:\t", "\u00e9", "\u0663"])
_WORDS = st.sampled_from(
    [
        *sorted(COMMAND_NAMES),
        "gleens",
        "p1",
        "m",
        "1A1",
        "10C",
        "fed1",
        "for",
        "2pw",
        "1t",
        "qic2",
        "booster3",
        "nav",
        "adv-sci",
        "free2",
        "area1",
        ".",
        ". ",
        " ",
        "(1 ⇒ 2)",
        "-1x2",
        "tech",
        "up",
        "q,5c",
        "1",
    ]
)


@settings(max_examples=examples(2000), deadline=None)
@given(st.one_of(st.text(), st.text(_ALPHABET), st.lists(_WORDS, max_size=8).map(" ".join)))
def test_fuzz_only_notation_errors(text: str) -> None:
    try:
        parsed = parse_line(text)
    except NotationError:
        return
    # Whatever parses must format to something that parses back to the same line.
    assert parse_line(format_line(parsed)) == parsed
