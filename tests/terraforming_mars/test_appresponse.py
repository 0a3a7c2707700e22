"""The app's own answers (appresponse.py) against the app-prompts corpus: for every record whose view imports,
every answer the app's engine accepted is the app_response of a line of our legal moves (after the corpus's
canonicalisation) and no answer it refused is. A sample of one record a prompt class runs everywhere
(tests/data/tm/app-answers-sample.jsonl.gz); the whole file of ../shared/corpus/tm/app-prompts when present."""

import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from gaia_ai.games.terraforming_mars.appresponse import (
    PAYMENT_KEYS,
    AppResponseError,
    all_app_responses,
    app_response,
    canonical,
    unlisted_app_responses,
)
from gaia_ai.games.terraforming_mars.playerview import PlayerViewError, import_player_view

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "tm" / "app-answers-sample.jsonl.gz"

# Answers the app accepted that our rules refuse, by record (issue 37). None is left: the overpayments
# (M€ beside steel or titanium that already cover the cost) are accepted, not listed
# (unlisted_app_responses), and c2p-s612-g2-d47's two cards for 0 M€ are Conscription's 16 M€ off the
# next card (the view's lastCardPlayed). The whole file's test holds this set exact.
KNOWN_ACCEPTED_MISSING: set[str] = set()


def _records(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def check_records(records):
    """Per prompt class: [records, imported, accepted, accepted legal for us, refused, refused legal for us,
    accepted legal but not listed by our move generator]; and the records whose answers disagree, by id."""
    table, bad = {}, {}
    for r in records:
        row = table.setdefault(r["class"], [0, 0, 0, 0, 0, 0, 0])
        row[0] += 1
        try:
            state, view = import_player_view(r["view"], seed=0)
        except PlayerViewError:
            continue
        row[1] += 1
        accepted = [r["answer"]] + r.get("also_accepted", [])
        refused = [f["answer"] for f in r.get("refused", [])]
        answers, unanswered = all_app_responses(state, view, accepted + refused)
        unlisted = unlisted_app_responses(state, view, accepted + refused, answers)
        ours = {canonical(a) for a, _ in answers + unlisted}
        row[6] += sum(canonical(a) in {canonical(u) for u, _ in unlisted} for a in accepted)
        row[2] += len(accepted)
        row[3] += sum(canonical(a) in ours for a in accepted)
        row[4] += len(refused)
        row[5] += sum(canonical(a) in ours for a in refused)
        why = Counter()
        why["accepted"] += sum(canonical(a) not in ours for a in accepted)
        why["refused"] += sum(canonical(a) in ours for a in refused)
        why["unanswered"] += len(unanswered)
        if +why:
            bad[r["id"]] = +why
    return table, bad


def assert_agreement(records):
    table, bad = check_records(records)
    for cls, row in sorted(table.items()):
        print(f"{cls[:80]:80} import {row[1]}/{row[0]}  accepted legal {row[3]}/{row[2]}  "
              f"refused legal {row[5]}/{row[4]}  not listed {row[6]}")
    assert not [i for i, why in bad.items() if why["refused"]], "an answer the app refused is legal for us"
    assert not [i for i, why in bad.items() if why["accepted"] and i not in KNOWN_ACCEPTED_MISSING]
    assert not [i for i, why in bad.items() if why["unanswered"]], "a legal move of ours the app does not offer"
    assert sum(row[1] for row in table.values()) > 0
    return table, bad


def test_sample_answers_agree_with_the_app():
    table, _ = assert_agreement(_records(SAMPLE))
    assert sum(row[3] for row in table.values()) >= 80       # the sample's imported records are checked


def test_every_shared_record(shared_dir):
    path = shared_dir / "corpus" / "tm" / "app-prompts" / "prompts.jsonl.gz"
    if not path.is_file():
        pytest.skip(f"{path} not available")
    table, bad = assert_agreement(_records(path))
    assert sum(row[0] for row in table.values()) == 1924
    assert sum(row[1] for row in table.values()) == 1924                  # every view imports
    assert set(bad) == KNOWN_ACCEPTED_MISSING                            # 5,918 of 5,918 accepted answers
    assert sum(row[2] for row in table.values()) == sum(row[3] for row in table.values()) == 5918
    assert sum(row[4] for row in table.values()) == 4211 and sum(row[5] for row in table.values()) == 0


def test_two_app_options_of_one_outcome_are_both_legal_answers():
    """"Skip removing plants" and "Skip removal" both mean no removal: the suggestion names the first,
    the legality check takes either (b2p-s312-g1-d244 of the app-prompts file; the sample's copy)."""
    rec = next((r for r in _records(SAMPLE) if r["id"] == "b2p-s312-g1-d244"), None)
    if rec is None:
        pytest.skip("the sample lacks b2p-s312-g1-d244")
    state, view = import_player_view(rec["view"], seed=0)
    answers, _ = all_app_responses(state, view)
    skips = {a["index"] for a, _ in answers if a.get("response") == {"type": "option"}}
    titles = [o if isinstance(o, str) else o.get("title") for o in rec["view"]["waitingFor"]["options"]]
    assert {titles.index("Skip removing plants"), titles.index("Skip removal")} <= skips


def _menu_record(title_start):
    for r in _records(SAMPLE):
        if r["top_level"] == "menu":
            try:
                state, view = import_player_view(r["view"], seed=0)
            except PlayerViewError:
                continue
            titles = [o.get("title") for o in r["view"]["waitingFor"]["options"]]
            if any(isinstance(t, str) and t.startswith(title_start) for t in titles):
                return state, view
    pytest.skip(f"no sample menu offers {title_start!r}")


def test_a_card_play_carries_the_whole_payment_object():
    state, view = _menu_record("Play project card")
    plays = [m for m in state.legal_moves() if m.text.startswith("play ")]
    resp, used = app_response(state, view, [plays[0]], complete=None)
    assert used == 1 and resp["type"] == "or"
    assert view.view["waitingFor"]["options"][resp["index"]]["title"] == "Play project card"
    inner = resp["response"]
    assert inner["type"] == "projectCard" and set(inner["payment"]) == set(PAYMENT_KEYS)
    assert inner["card"] == plays[0].text.split(" pay ")[0][len("play "):]


def test_a_line_that_stops_mid_answer_is_completed_or_reported():
    """Sell patents is one app answer for our sell, each card and done: a line of "sell" alone is
    finished by the greedy completion, or raises NeedMore without one."""
    from gaia_ai.games.terraforming_mars.appresponse import NeedMore

    state, view = _menu_record("Sell patents")
    with pytest.raises(NeedMore):
        app_response(state, view, ["sell"], complete=None)
    resp, used = app_response(state, view, ["sell"])
    assert resp["response"]["type"] == "card" and used >= 2


def test_a_move_of_another_decision_is_a_clear_error():
    state, view = _menu_record("Play project card")
    with pytest.raises(AppResponseError, match="prompt"):
        app_response(state, view, ["space 21"], complete=None)


VIEW = Path(__file__).resolve().parents[1] / "data" / "tm-playerviews" / "base-v01-0-g6-60.json"


def test_suggest_json_gives_each_suggestion_the_app_s_answer(capsys):
    from gaia_ai.cli import main

    state, view = import_player_view(VIEW.read_text(), seed=0)
    assert main(["suggest", "--game", "terraforming-mars", "--tm-view", str(VIEW), "--simulations", "40",
                 "--top", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    answers = {canonical(a) for a, _ in all_app_responses(state, view)[0]}
    assert out["suggestions"]
    for s in out["suggestions"]:
        assert s["app_moves"][0] == s["move"]
        assert canonical(s["app_response"]) in answers      # one of the answers our legal lines give
        option = view.view["waitingFor"]["options"][s["app_response"]["index"]]
        assert f'"{option["title"]}"' in " ".join(s["words"])   # the words name the app's option


def test_the_service_sets_app_response_json():
    from gaia_ai.games.terraforming_mars.service import TmAdapter
    from gaia_ai.search import SearchConfig
    from gaia_ai.v1 import suggest_pb2 as pb

    adapter = TmAdapter()
    state = adapter.decode(pb.Position(tm_view_json=VIEW.read_text()))
    reply = adapter.suggest(state, SearchConfig(simulations=40, seed=1), top_k=2)
    assert len(reply.suggestions) == 2
    for s in reply.suggestions:
        response = json.loads(s.app_response_json)
        assert response["type"] == "or" and s.app_moves[0] == s.move
        again, used = app_response(state, state.view, list(s.app_moves), complete=None)
        assert again == response and used == len(s.app_moves)


RULES = Path(__file__).resolve().parents[1] / "data" / "tm" / "app-answers-rules.jsonl.gz"


def _rules_record(record_id):
    rec = next(r for r in _records(RULES) if r["id"] == record_id)
    state, view = import_player_view(rec["view"], seed=0)
    return rec, state, view


def _card_play(card, mc=0, st=0):
    return {"type": "or", "index": 0, "response": {"type": "projectCard", "card": card,
                                                    "payment": dict.fromkeys(PAYMENT_KEYS, 0)
                                                    | {"megacredits": mc, "steel": st}}}


def test_an_overpayment_the_app_takes_is_accepted_not_listed():
    """b4p-s314-g0-d100 (app-answers-rules): Noctis Farming costs 10, steel is worth 2; the app took
    7 M€ and 2 steel (11: the app asks only that the units are held and their value reaches the cost).
    Our core applies that payment; the move generator lists only payments that stop at the cost."""
    rec, state, view = _rules_record("b4p-s314-g0-d100")
    overpaid = _card_play("Noctis Farming", mc=7, st=2)
    assert overpaid in rec["also_accepted"]
    answers, _ = all_app_responses(state, view)
    assert canonical(overpaid) not in {canonical(a) for a, _ in answers}           # not listed
    assert "play Noctis Farming pay mc=7 st=2" not in state.legal_lines()
    wanted = [overpaid, _card_play("Noctis Farming", st=4), _card_play("Noctis Farming", mc=99, st=2)]
    assert any(f["answer"] == wanted[1] for f in rec["refused"])                    # 8 < 10: the app refused it
    found = unlisted_app_responses(state, view, wanted, answers)
    assert [canonical(a) for a, _ in found] == [canonical(overpaid)]               # 9 held M€ and 8 are refused
    assert state.format(found[0][1][0]) == "play Noctis Farming pay mc=7 st=2"
    seat = state.current_player
    after = state.copy()
    after.apply("play Noctis Farming pay mc=7 st=2")                 # the notation takes it too
    mc, st = state.core.player(seat)[1:3]
    assert after.core.player(seat)[1:3] == [mc - 7, st - 2]          # all 11 M€ of value are spent


def test_an_overpaid_card_action_is_accepted_not_listed():
    """b2p-s311-g1-d254 (the sample's copy): Aquifer Pumping's action costs 8, paid with steel worth 3;
    the app took 1 M€ and 3 steel; the payment prompt's refused answers (nothing, 10 M€ not held) stay
    refused."""
    rec = next((r for r in _records(SAMPLE) if r["id"] == "b2p-s311-g1-d254"), None)
    if rec is None:
        pytest.skip("the sample lacks b2p-s311-g1-d254")
    state, view = import_player_view(rec["view"], seed=0)
    accepted = [rec["answer"]] + rec.get("also_accepted", [])
    refused = [f["answer"] for f in rec["refused"]]
    answers, _ = all_app_responses(state, view, accepted + refused)
    found = {canonical(a) for a, _ in unlisted_app_responses(state, view, accepted + refused, answers)}
    overpaid = {"type": "payment", "payment": dict.fromkeys(PAYMENT_KEYS, 0) | {"megacredits": 1, "steel": 3}}
    assert canonical(overpaid) in {canonical(a) for a in accepted}
    assert found == {canonical(overpaid)}
    assert not found & {canonical(a) for a in refused}


def test_conscription_takes_16_off_the_next_card():
    """c2p-s612-g2-d47 (app-answers-rules): the view's lastCardPlayed is Conscription, so the next card
    costs 16 M€ less: the app played Imported GHG (7) and Arctic Algae (12) for nothing, as we do."""
    rec, state, view = _rules_record("c2p-s612-g2-d47")
    assert view.view["thisPlayer"]["lastCardPlayed"] == "Conscription"
    lines = state.legal_lines()
    assert "play Imported GHG" in lines and "play Arctic Algae" in lines
    answers, _ = all_app_responses(state, view)
    ours = {canonical(a) for a, _ in answers}
    assert all(canonical(a) in ours for a in [rec["answer"]] + rec["also_accepted"])
