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
)
from gaia_ai.games.terraforming_mars.playerview import PlayerViewError, import_player_view

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "tm" / "app-answers-sample.jsonl.gz"

# Rules mismatches of the core, not of the answers' format (issue 37): answers the app accepted that no
# legal move of ours gives. All but one pay past the cost with M€ beside steel or titanium (the app
# takes that overpayment; our payments stop at the cost); c2p-s612-g2-d47 plays two cards for 0 M€ (a
# discount the view does not show us). The whole file's test holds this set exact, so a fixed rule
# must leave it.
KNOWN_ACCEPTED_MISSING = {
    "b2p-s311-g1-d254", "b2p-s312-g2-d59", "b4p-s314-g0-d100", "b4p-s315-g1-d216", "b4p-s514-g0-d228",
    "b4p-s514-g0-d99", "b4p-s514-g1-d161", "c2p-s412-g2-d195", "c2p-s612-g2-d233", "c2p-s612-g2-d47",
    "c3p-s816-g0-d163",
}


def _records(path):
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def check_records(records):
    """Per prompt class: [records, imported, accepted, accepted legal for us, refused, refused legal for us];
    and the records whose answers disagree, by id."""
    table, bad = {}, {}
    for r in records:
        row = table.setdefault(r["class"], [0, 0, 0, 0, 0, 0])
        row[0] += 1
        try:
            state, view = import_player_view(r["view"], seed=0)
        except PlayerViewError:
            continue
        row[1] += 1
        accepted = [r["answer"]] + r.get("also_accepted", [])
        refused = [f["answer"] for f in r.get("refused", [])]
        answers, unanswered = all_app_responses(state, view, accepted + refused)
        ours = {canonical(a) for a, _ in answers}
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
              f"refused legal {row[5]}/{row[4]}")
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
    assert set(bad) == KNOWN_ACCEPTED_MISSING                            # 5,906 of 5,918 accepted answers


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
