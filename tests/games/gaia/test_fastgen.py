"""The C move generator (fastgen.pxi) against the reference generate-and-test generator (movegen.pxi).

At every position checked, the commands of ``legal_moves_int`` (formatted with ``format_move``) must be
exactly the commands of ``legal_commands``, federations aside: the two federation candidate lists may
legitimately differ, so there both must agree on whether any federation is legal, and every federation
move of the fast generator must apply. Positions: every position of the 12 sample games (between lines
and between the commands of a line, where the sub-decisions are), positions along seeded uniformly random
playouts for 2, 3 and 4 players, and along seeded playouts that favour main actions (deeper games: level 5
research, lost planets, advanced tiles, federations), where every listed move is also applied.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rules_helpers import record_positions

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.notation import ENDTURN, Command
from gaia_ai.games.gaia.playout import random_playout
from gaia_ai.games.gaia.positions import late_positions
from gaia_ai.games.gaia.setup import GameSetup

MV_BUILD, MV_UP, MV_TECH, MV_COVER, MV_ACTION, MV_SPECIAL = 2, 3, 5, 6, 7, 8
MV_FEDERATION, MV_FEDTILE, MV_LOSTPLANET, MV_SWAPPI, MV_PASS, MV_BRAINSTONE = 9, 10, 11, 12, 18, 20
MAIN_KINDS = (
    MV_BUILD,
    MV_UP,
    MV_TECH,
    MV_COVER,
    MV_ACTION,
    MV_SPECIAL,
    MV_FEDERATION,
    MV_FEDTILE,
    MV_LOSTPLANET,
    MV_SWAPPI,
)

MV_FACTION, MV_BID = 1, 23


def _kind(m: int) -> int:
    return m & 0xFF


def _norm(command: tuple[str, tuple[str, ...]]) -> tuple[str, tuple[str, ...]]:
    """One spelling per command: format_move writes a 1-power offer 'pw' where the reference (and the
    corpus) writes '1pw'; both parse to the same move."""
    name, args = command[0], tuple(command[1])
    if name in ("charge", "decline") and args and args[0] not in ("up", "tech"):
        args = (",".join("1" + part if part in ("pw", "t") else part for part in args[0].split(",")),)
    return name, args


def _problems(state: GaiaState, where: Any, apply_all: bool = False) -> list[str]:
    """What is wrong with the fast generator at this position (empty when it agrees)."""
    core = state._core
    labels = list(state.setup.board.labels)
    before = core.snapshot(labels)
    moves = gaia_rules.legal_moves_int(core)
    feds = gaia_rules.federation_labels(core)
    out: list[str] = []
    if core.snapshot(labels) != before:
        out.append(f"{where}: generating moves changed the state")
    if gaia_rules.legal_moves_int(core) != moves or gaia_rules.federation_labels(core) != feds:
        out.append(f"{where}: the generator is not deterministic")
    if len(set(moves)) != len(moves):
        out.append(f"{where}: duplicate moves")
    fast = [_norm(gaia_rules.format_move(m, labels, feds)) for m in moves]
    ref = [_norm(c) for c in gaia_rules.legal_commands(core)]
    fast_plain = {c for c in fast if c[0] != "federation"}
    ref_plain = {c for c in ref if c[0] != "federation"}
    if fast_plain != ref_plain:
        out.append(
            f"{where} ({state.phase}, {state.faction(state.current_player)}, pending {core.pending}): "
            f"missing {sorted(ref_plain - fast_plain)}, extra {sorted(fast_plain - ref_plain)}"
        )
    fast_feds = [m for m in moves if _kind(m) == MV_FEDERATION]
    ref_feds = [c for c in ref if c[0] == "federation"]
    if bool(fast_feds) != bool(ref_feds):
        out.append(f"{where}: federations fast {len(fast_feds)}, reference {ref_feds}")
    player = core.current_player
    for m, command in zip(moves, fast, strict=True):
        if not (apply_all or _kind(m) == MV_FEDERATION):
            continue
        trial = core.copy()
        try:
            trial.apply_move(player, m)
        except gaia_rules.IllegalMove as e:
            out.append(f"{where}: {command} does not apply as a move: {e}")
        if _kind(m) == MV_FEDERATION:
            probe = state.copy()
            try:
                probe.apply(Command(*command), player)
            except Exception as e:  # noqa: BLE001 - reported as a failure
                out.append(f"{where}: {command} does not apply as a command: {e}")
    return out


def _assert_clean(problems: list[str], checked: int) -> None:
    assert checked > 0
    assert not problems, f"{len(problems)} problems in {checked} positions, e.g.:\n" + "\n".join(
        problems[:10]
    )


def _check_record_positions(record: Any, kinds: Counter[int]) -> tuple[list[str], int]:
    """Check every position of a recorded game: between lines and between the commands of a line."""
    problems: list[str] = []
    checked = 0
    state = None
    for state, where, command in record_positions(record):
        if command != ENDTURN and not state.is_terminal:
            problems += _problems(state, where)
            kinds.update(_kind(m) for m in gaia_rules.legal_moves_int(state._core))
            checked += 1
    assert state is not None and state.is_terminal == record.complete
    return problems, checked


def test_sample_games_every_position(data_dir: Path) -> None:
    problems: list[str] = []
    checked = 0
    kinds: Counter[int] = Counter()
    for record in read_corpus(data_dir / "corpus-sample.jsonl.gz"):
        more, n = _check_record_positions(record, kinds)
        problems += more
        checked += n
    _assert_clean(problems, checked)
    # the sample reaches the sub-decisions and the rare moves too
    for kind in (MV_TECH, MV_COVER, MV_FEDERATION, MV_LOSTPLANET, MV_SWAPPI, MV_BRAINSTONE):
        assert kinds[kind] > 0, kind


def test_variant_sample_every_position(data_dir: Path) -> None:
    """Auction (both modes) and beta games: the picks and bids agree with the reference too."""
    problems: list[str] = []
    checked = 0
    kinds: Counter[int] = Counter()
    for record in read_corpus(data_dir / "variants-sample.jsonl.gz"):
        more, n = _check_record_positions(record, kinds)
        problems += more
        checked += n
    _assert_clean(problems, checked)
    assert kinds[MV_BID] > 0 and kinds[MV_FACTION] > 0


def test_full_corpus_positions(shared_dir: Path) -> None:
    """Every 2nd game of the full corpus (when ../shared is beside the checkout): all sub-decisions."""
    corpus = shared_dir / "corpus" / "gaia" / "games.jsonl.gz"
    if not corpus.exists():
        pytest.skip(f"{corpus} not available")
    problems: list[str] = []
    checked = 0
    kinds: Counter[int] = Counter()
    for n, record in enumerate(read_corpus(corpus)):
        if n % 2 == 0:
            more, k = _check_record_positions(record, kinds)
            problems += more
            checked += k
    _assert_clean(problems, checked)
    for kind in (MV_TECH, MV_COVER, MV_FEDERATION, MV_FEDTILE, MV_LOSTPLANET, MV_SWAPPI, MV_BRAINSTONE):
        assert kinds[kind] > 0, kind


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_playouts(num_players: int) -> None:
    problems: list[str] = []
    checked = 0
    for game in range(20):
        seed = f"fastgen-{num_players}-{game}"
        state = GaiaState.new(GameSetup.random(num_players, seed=seed))
        rng = random.Random(seed)
        while not state.is_terminal:
            problems += _problems(state, (seed, checked))
            checked += 1
            applied = len(state._history)
            random_playout(state, rng, max_moves=1)
            if len(state._history) == applied:  # no legal move
                break
        assert state.is_terminal, f"{seed}: stuck at {state}"
    _assert_clean(problems, checked)


def test_main_action_playouts_apply_every_move() -> None:
    """Games that favour main actions over passing and converting, played with the int moves; at every
    position each listed move applies (Core.apply_move) and the lists agree with the reference."""
    problems: list[str] = []
    checked = 0
    for game in range(90):
        num_players = 2 + game % 3
        seed = f"fastgen-main-{game}"
        state = GaiaState.new(GameSetup.random(num_players, seed=seed))
        core = state._core
        rng = random.Random(seed)
        while not core.finished:
            problems += _problems(state, (seed, checked), apply_all=True)
            checked += 1
            moves = gaia_rules.legal_moves_int(core)
            assert moves, f"{seed}: no legal move at {state}"
            main = [m for m in moves if _kind(m) in MAIN_KINDS]
            no_pass = [m for m in moves if _kind(m) != MV_PASS]
            if main and rng.random() < 0.85:
                m = rng.choice(main)
            elif no_pass and rng.random() < 0.9:
                m = rng.choice(no_pass)
            else:
                m = rng.choice(moves)
            core.apply_move(core.current_player, m)
    _assert_clean(problems, checked)


def test_moves_are_in_parsed_form() -> None:
    """Each move is the one the notation parser gives for its command (one Move per command)."""
    state = GaiaState.new(GameSetup.random(3, seed="fastgen-parse"))
    core = state._core
    labels = list(state.setup.board.labels)
    rng = random.Random(5)
    seen = 0
    while not core.finished:
        feds = gaia_rules.federation_labels(core)
        player = core.current_player
        moves = gaia_rules.legal_moves_int(core)
        for m in moves:
            if _kind(m) != MV_FEDERATION:
                name, args = gaia_rules.format_move(m, labels, feds)
                assert core.parse_command(player, name, tuple(args)) == m, (name, args)
                seen += 1
        core.apply_move(player, rng.choice(moves))
    assert seen > 0


def test_federation_labels_and_benchmark(data_dir: Path) -> None:
    record = next(iter(read_corpus(data_dir / "corpus-sample.jsonl.gz")))
    state = GaiaState.new(
        GameSetup.from_corpus({"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players})
    )
    found = 0
    for text in record.move_history:
        labels = gaia_rules.federation_labels(state._core)
        for hexes in labels:
            names = hexes.split(",")
            assert names == sorted(names) and len(set(names)) == len(names)
            found += 1
        assert len(labels) == len(set(labels)) <= 3
        seconds = gaia_rules.movegen_benchmark(state._core, 20)
        assert seconds > 0.0   # the timing itself is bench/'s business, never a test's (shared machines)
        state.apply_line(text)
    assert found > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cached_federation_candidates_equal_fresh_ones(players: int) -> None:
    """The state's federation cache (keyed on what the player's candidates depend on, not on other
    players' buildings) always equals a fresh computation, along games of random search moves that
    pass only when nothing else is left and form a federation whenever they can (so they build wide)."""
    checked = with_candidates = 0
    for seed in range(4):
        state = GaiaState.new(GameSetup.random(players, seed=f"fedcache-{players}-{seed}"))
        core = state._core
        rng = random.Random(seed)
        while not core.finished:
            for player in range(players):   # each player's cache, across the others' turns too
                cached = gaia_rules.federation_labels(core, player=player)
                assert cached == gaia_rules.federation_labels(core, cached=False, player=player), (seed, player)
                checked += 1
                with_candidates += bool(cached)
            moves = gaia_rules.search_moves_int(core)
            feds = [m for m in moves if _kind(m) == MV_FEDERATION]
            rest = [m for m in moves if _kind(m) != MV_PASS] or moves
            gaia_rules.apply_search_move(core, rng.choice(feds or rest))
    assert checked > 500 and with_candidates > 10, (checked, with_candidates)


def test_cached_federation_candidates_equal_fresh_ones_in_recorded_games(data_dir: Path) -> None:
    """The same over the sample's recorded games, where players build wide and federate: every player
    at every position between commands."""
    for rule, least in (("site", 200), ("exact", 300)):
        gaia_rules.set_federation_rule(rule)
        checked = with_candidates = 0
        try:
            for record in read_corpus(data_dir / "corpus-sample.jsonl.gz"):
                for state, where, _command in record_positions(record):
                    for player in range(record.num_players):
                        cached = gaia_rules.federation_labels(state._core, player=player)
                        fresh = gaia_rules.federation_labels(state._core, cached=False, player=player)
                        assert cached == fresh, (rule, where)
                        checked += 1
                        with_candidates += bool(cached)
        finally:
            gaia_rules.set_federation_rule("site")
        assert checked > 3000 and with_candidates > least, (rule, checked, with_candidates)


def _rollout_positions(data_dir: Path) -> list[Any]:
    """Cores along rollout-policy lines from the late-game positions and the 100-token repro position
    with 4, 20 and 100 tokens (the board changes, gaia-formers go down, budgets shrink), none of them
    asked for federation candidates yet."""
    import copy
    import json

    from gaia_ai.games.gaia.bench import LATE_POSITIONS
    from gaia_ai.games.gaia.structured import state_from_json

    datas = [json.loads(f.read_text()) for f in sorted(LATE_POSITIONS.glob("*.json"))]
    repro = json.loads((data_dir / "repro" / "state_area3_100.json").read_text())
    for tokens in (4, 20, 100):
        edited = copy.deepcopy(repro)
        edited["players"][repro["decision"]["player"]]["power"]["area3"] = tokens
        datas.append(edited)
    cores = []
    for i, data in enumerate(datas):
        start = state_from_json(data)._core
        for line in range(3):
            core, seed = start.copy(), 1000 * i + line
            while not core.finished and len(cores) < 60 * (3 * i + line + 1):
                cores.append(core.copy())
                move, seed = gaia_rules.rollout_move(core, seed)
                gaia_rules.apply_search_move(core, move)
    return cores


def test_federation_memo_equals_fresh_candidates(data_dir: Path) -> None:
    """The thread's federation memo (kept across states and games, keyed with the context's serial,
    reused for a smaller budget when it holds no candidate) gives what a fresh computation gives: each
    position is asked twice on copies whose own cache is empty, the second time answered by the memo."""
    cores = []
    for core in _rollout_positions(data_dir):
        raw = core.raw_state()
        core.load_raw_state(raw)   # empties the state's own cache
        cores.append((core, raw["num_players"]))
    gaia_rules.clear_federation_memo()
    checked = with_candidates = 0
    for _ in range(2):
        for core, players in cores:
            for player in range(players):
                cached = gaia_rules.federation_labels(core.copy(), player=player)
                assert cached == gaia_rules.federation_labels(core, cached=False, player=player)
                checked += 1
                with_candidates += bool(cached)
    assert checked > 1000 and with_candidates > 50, (checked, with_candidates)


def _late_corpus_positions(corpus: Path, every: int = 1) -> list[Any]:
    """Cores at the main-phase positions of rounds 5-6 of every `every`-th game of the corpus (the
    densest boards, where the exact federation search and its shortcuts work most)."""
    return [state._core for state in late_positions(corpus, every)]


def test_federation_fast_paths_give_the_plain_answers(data_dir: Path) -> None:
    """The exact shortcuts of the federation tests (fed_steiner's target pruning, link bound, pair and
    triple bound (fed_small_sets) and pair test of its hexes, the superfluous-building test skipped when
    no smaller set reaches the threshold, no recheck of a set fed_improve returned, the memo of one
    computation's checks, the superfluous-building test keeping the least-satellites test's single-group
    rows, the minimum tests answered by what an earlier check learned of the same building groups, the
    single-group rows of the least-satellites tests shared by a computation's checks) change no answer: the candidates (hence the legal federation moves) and the
    verdict on each candidate's hexes and on each candidate with a hex left out are those of the plain
    computation, along rollout lines from late-game positions and the 100-token repro position, where
    budgets reach MAX_FED_SATELLITES, and at the round 5-6 positions of the corpus sample. Each
    shortcut counted by federation_shortcut_counts fires there."""
    checked = with_candidates = 0
    gaia_rules.federation_shortcut_counts(reset=True)
    try:
        late = _late_corpus_positions(data_dir / "corpus-sample.jsonl.gz")
        for core in _rollout_positions(data_dir)[::2] + late:
            for player in range(core.raw_state()["num_players"]):
                answers = []
                for fast in (True, False):
                    gaia_rules.set_federation_fast_paths(fast)
                    labels = gaia_rules.federation_labels(core, cached=False, player=player)
                    verdicts = []
                    for fed in labels:
                        hexes = [core.hex_index[label] for label in fed.split(",")]
                        verdicts.append(gaia_rules.federation_problem_of(core, player, hexes))
                        for i in range(len(hexes)):
                            verdicts.append(
                                gaia_rules.federation_problem_of(core, player, hexes[:i] + hexes[i + 1 :])
                            )
                    answers.append((labels, verdicts))
                assert answers[0] == answers[1]
                checked += 1
                with_candidates += bool(answers[0][0])
    finally:
        gaia_rules.set_federation_fast_paths(True)
    fired = gaia_rules.federation_shortcut_counts(reset=True)
    assert all(n > 0 for n in fired.values()), fired
    assert checked > 1000 and with_candidates > 30, (checked, with_candidates)


def test_federation_fast_paths_on_the_full_corpus_late_game(shared_dir: Path) -> None:
    """Every player's federation candidates with the fast paths on and off are the same at the round 5-6
    main-phase positions of every 2nd game of the full corpus (when ../shared is beside the checkout;
    bench/late_movegen.py --check compares the listed moves at all of them)."""
    corpus = shared_dir / "corpus" / "gaia" / "games.jsonl.gz"
    if not corpus.exists():
        pytest.skip(f"{corpus} not available")
    checked = with_candidates = 0
    try:
        for core in _late_corpus_positions(corpus, every=2):
            for player in range(core.raw_state()["num_players"]):
                answers = []
                for fast in (True, False):
                    gaia_rules.set_federation_fast_paths(fast)
                    answers.append(gaia_rules.federation_labels(core, cached=False, player=player))
                assert answers[0] == answers[1], (core.round, player)
                checked += 1
                with_candidates += bool(answers[0])
    finally:
        gaia_rules.set_federation_fast_paths(True)
    assert checked > 5000 and with_candidates > 300, (checked, with_candidates)
