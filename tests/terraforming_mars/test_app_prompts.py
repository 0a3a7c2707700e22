"""The app-prompts corpus (issue 37): every real prompt of the Terraforming Mars app imports from its view, and
at a follow-up our choices are the ones the prompt lists. The sample (tests/data/tm/app-prompts-sample.jsonl.gz,
2 records a class, tests/data/make_tm_prompt_sample.py) runs everywhere; the whole shared file when
../shared is there, with the table per class printed (bench/tm_app_prompts.py prints the same)."""

from __future__ import annotations

import copy
from collections import defaultdict
from pathlib import Path

import pytest

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars.appprompts import check_record, load, table
from gaia_ai.games.terraforming_mars.playerview import PlayerViewError, import_player_view
from gaia_ai.games.terraforming_mars.tables import AWARDS
from gaia_ai.games.terraforming_mars.words import option_title

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "tm" / "app-prompts-sample.jsonl.gz"

# classes that do not import yet, each with why (the tests check that they still fail, so the list stays true)
NOT_YET: dict[str, str] = {}
# (class, record id): follow-ups where our choices differ from the listed ones (see docs/terraforming-mars.md)
KNOWN_MISMATCH: set[str] = set()


def _check(records):
    results = [check_record(r) for r in records]
    by = defaultdict(list)
    for r in results:
        by[r.cls].append(r)
    for cls, rs in by.items():
        failed = [r for r in rs if not r.imported]
        if cls in NOT_YET:
            assert failed, f"{cls} imports now: take it off NOT_YET"
        else:
            assert not failed, f"{cls}: {len(failed)} of {len(rs)} do not import, e.g. {failed[0].id}: {failed[0].error}"
        wrong = [r for r in rs if r.agree is False and r.id not in KNOWN_MISMATCH]
        assert not wrong, f"{cls}: our choices differ at {wrong[0].id}: {wrong[0].mismatch}"
        # a follow-up's answers the app accepted are legal for us, the ones it refused are not
        bad = [r for r in rs if r.accepted[0] < r.accepted[1] or r.refused[0] < r.refused[1]]
        assert not bad, f"{cls}: {bad[0].id}: accepted legal {bad[0].accepted}, refused illegal {bad[0].refused}"
    return results


def test_sample_imports_and_agrees():
    records = load(SAMPLE)
    assert len({r["class"] for r in records}) >= 90
    results = _check(records)
    assert sum(r.agree is True for r in results) >= 150
    assert sum(r.accepted[1] for r in results) >= 300 and sum(r.refused[1] for r in results) >= 150


def test_unmodelled_sets_are_refused_by_name():
    view = load(SAMPLE)[0]["view"]
    for key, word in (("venus", "venus"), ("prelude", "prelude"), ("turmoil", "turmoil")):
        other = copy.deepcopy(view)
        other["game"]["gameOptions"].setdefault("expansions", {})[key] = True
        with pytest.raises(PlayerViewError, match=word):
            import_player_view(other)
    other = copy.deepcopy(view)
    other["game"]["gameOptions"]["draftVariant"] = True
    with pytest.raises(PlayerViewError, match="draft"):
        import_player_view(other)


def test_whole_shared_file(shared_dir, capsys):
    path = shared_dir / "corpus" / "tm" / "app-prompts" / "prompts.jsonl.gz"
    if not path.exists():
        pytest.skip(f"{path} not available")
    records = load(path)
    results = _check(records)
    with capsys.disabled():
        for row in table(results):
            print(f"{row['imported']:4}/{row['records']:<4} agree {row['agree']:4}/{row['compared']:<4} {row['class']}")
    assert len(records) == 1924


def _record(cls: str) -> dict:
    return next(r for r in load(SAMPLE) if r["class"] == cls)


def test_a_payment_asked_apart_reopens_its_choice():
    # the award's payment: the view shows the award funded already; our moves are that award with each
    # payment of the prompt's amount, and one of them funds it again
    rec = _record("payment Select how to pay for award")
    state, pv = import_player_view(rec["view"], seed=1)
    amount = rec["view"]["waitingFor"]["amount"]
    moves = [tm_rules.decode(m) for m in state.legal_codes()]
    assert moves and {m[0] for m in moves} == {tm_rules.MOVE_KINDS["award"]}
    assert {m[3] + m[6] for m in moves} == {amount}          # M€ + Helion's heat
    funded = {a["name"] for a in rec["view"]["game"]["awards"] if a.get("color") == pv.colors[pv.seat]}
    assert {AWARDS[m[1]] for m in moves} <= funded
    before = state.core.player(pv.seat)[1]
    state.apply(state.legal_codes()[0])
    assert sorted(AWARDS[i] for i, p in state.core.awards() if p == pv.seat) == sorted(funded)
    assert state.core.player(pv.seat)[1] == before - moves[0][3]


def test_a_follow_up_records_the_prompt_it_answers():
    rec = _record("or Select one option [Steal N <resource> from <player> | Do not steal]")
    _, pv = import_player_view(rec["view"], seed=1)
    options = pv.prompt["options"]
    assert pv.prompt["type"] == "or" and [o["index"] for o in options] == list(range(len(options)))
    assert [o["title"] for o in options] == pv.prompt["choices"]
    assert options[-1]["title"] == "Do not steal" and "nothing is queued behind this prompt" in pv.prompt["assumed"]


def test_every_follow_up_move_names_its_app_option():
    # at each "or" follow-up of the sample, every legal move of ours is named by the app option it answers
    checked = 0
    for rec in load(SAMPLE):
        state, pv = import_player_view(rec["view"], seed=1)
        if pv.kind != "followup" or pv.prompt["type"] != "or":
            continue
        titles = [o["title"] for o in pv.prompt["options"]]
        for code in state.legal_codes():
            kind, a, *_ = tm_rules.decode(code)
            title = option_title(pv, state, kind, a)
            assert title in titles, (rec["id"], tm_rules.decode(code), titles)
            checked += 1
    assert checked >= 60
