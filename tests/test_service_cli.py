"""`gaia-ai serve` as a process (graceful SIGTERM, JSON log lines) and `gaia-ai suggest --server`
(the same output as the local search, status codes on errors)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from service_helpers import DATA_DIR, running_server, wait_until

from gaia_ai.cli import main
from gaia_ai.games.gaia.requests import demo_position
from gaia_ai.service.client import ServiceError, SuggestClient
from gaia_ai.service.server import SuggestionServer
from gaia_ai.v1 import suggest_pb2 as pb

try:
    from gaia_ai.games.gaia import structured
except ImportError:  # the structured-state importer comes with its own helper's work (issue 4)
    structured = None


@pytest.fixture(scope="module")
def server() -> Iterator[SuggestionServer]:
    with running_server(max_concurrent=2) as s:
        yield s


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["suggest", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_remote_suggest_prints_what_the_local_search_prints(
    server: SuggestionServer, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--demo", "--simulations", "200", "--seed", "4", "--top", "3"]
    remote = ["--server", f"127.0.0.1:{server.port}"]
    local_json, remote_json = (json.loads(_run(capsys, *args, *extra, "--json")[1]) for extra in ([], remote))
    assert remote_json["suggestions"] == local_json["suggestions"]
    assert remote_json["player"] == local_json["player"] and remote_json["faction"] == local_json["faction"]
    assert remote_json["stats"]["simulations"] == local_json["stats"]["simulations"] == 200
    local_table, remote_table = (_run(capsys, *args, *extra)[1].splitlines() for extra in ([], remote))
    assert remote_table[:-1] == local_table[:-1]   # the last line holds the timing
    assert remote_table[-1].startswith("200 simulations, ")


def test_remote_suggest_on_an_export_and_a_corpus_game(server: SuggestionServer, capsys: pytest.CaptureFixture[str]) -> None:
    remote = ["--server", f"127.0.0.1:{server.port}", "--simulations", "60", "--json"]
    code, out, _ = _run(capsys, "--bgs", str(DATA_DIR / "exports" / "bot-000-at-60.json"), *remote)
    assert code == 0 and json.loads(out)["player"] == 1
    code, out, _ = _run(capsys, "--corpus", str(DATA_DIR / "corpus-sample.jsonl.gz"), "--game-id", "bot-001",
                        "--move", "40", *remote)
    assert code == 0 and json.loads(out)["suggestions"]


def test_remote_suggest_reads_an_export_from_standard_input(
    server: SuggestionServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO((DATA_DIR / "exports" / "bot-000-at-60.json").read_text()))
    code, out, err = _run(capsys, "--bgs", "-", "--server", f"127.0.0.1:{server.port}", "--simulations", "30",
                          "--json")
    assert code == 0, err
    assert json.loads(out)["player"] == 1


def test_remote_errors_print_the_status_code_and_the_servers_message(
    server: SuggestionServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = _run(capsys, "--bgs", str(DATA_DIR / "exports" / "bot-001.json"),
                        "--server", f"127.0.0.1:{server.port}")
    assert code == 1 and err.startswith("gaia-ai suggest: INVALID_ARGUMENT: position: the game is over")
    broken = tmp_path / "broken.json"
    broken.write_text('{"options": {}}')
    code, _, err = _run(capsys, "--bgs", str(broken), "--server", f"127.0.0.1:{server.port}")
    assert code == 1 and "INVALID_ARGUMENT: position.bgs_export_json: missing key moveHistory" in err
    with running_server() as gone:
        port = gone.port
    code, _, err = _run(capsys, "--demo", "--server", f"127.0.0.1:{port}", "--timeout", "3")
    assert code == 1 and err.startswith("gaia-ai suggest: UNAVAILABLE: ")


def test_remote_suggest_with_a_token_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("let-me-in\n")
    with running_server(auth_token="let-me-in") as server:
        target = ["--server", f"127.0.0.1:{server.port}", "--demo", "--simulations", "30"]
        assert _run(capsys, *target, "--token-file", str(token))[0] == 0
        code, _, err = _run(capsys, *target)
        assert code == 1 and "UNAUTHENTICATED" in err


def test_state_file_that_is_not_a_game_state_fails_before_sending(
    server: SuggestionServer, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "state.json"
    bad.write_text('{"bogus": 1}')
    code, _, err = _run(capsys, "--state", str(bad), "--server", f"127.0.0.1:{server.port}")
    assert code == 2 and "not a GaiaGameState" in err and "bogus" in err


@pytest.mark.skipif(structured is None, reason="gaia_ai.games.gaia.structured is not in this build")
def test_remote_suggest_on_a_state_file(server: SuggestionServer, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from google.protobuf import json_format

    with SuggestClient(f"127.0.0.1:{server.port}") as client:
        state = client.validate(demo_position()).gaia_state
    path = tmp_path / "state.json"
    path.write_text(json_format.MessageToJson(state))
    args = ["--simulations", "100", "--seed", "2", "--json", "--server", f"127.0.0.1:{server.port}"]
    code, out, _ = _run(capsys, "--state", str(path), *args)
    assert code == 0
    assert json.loads(out)["suggestions"] == json.loads(_run(capsys, "--demo", *args)[1])["suggestions"]


# ---------------------------------------------------------------------------------------- gaia-ai serve

def _start_serve(*args: str) -> tuple[subprocess.Popen[str], int, list[str]]:
    """The server process, its port, and its stderr lines (read as they come: a full pipe would block
    the server's logging)."""
    process = subprocess.Popen([sys.executable, "-m", "gaia_ai", "serve", "--port", "0", *args],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    line = process.stderr.readline()
    started = json.loads(line)
    assert started["msg"] == "serving", line
    lines = [line]
    threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True).start()  # type: ignore[arg-type]
    return process, int(started["address"].rsplit(":", 1)[1]), lines


def test_serve_stops_gracefully_on_sigterm_and_logs_json_lines() -> None:
    process, port, stderr = _start_serve("--max-concurrent", "1", "--grace", "20")
    try:
        target = f"127.0.0.1:{port}"
        with SuggestClient(target, timeout=30) as client:
            assert client.health() == "SERVING"
            answer: dict[str, object] = {}

            def long_call() -> None:   # retried while a probe below holds the only slot for an instant
                while "reply" not in answer:
                    try:
                        answer["reply"] = client.suggest(demo_position(), time_ms=1500)
                    except ServiceError as e:
                        assert e.code == grpc.StatusCode.RESOURCE_EXHAUSTED

            call = threading.Thread(target=long_call)
            call.start()

            def busy() -> bool:   # the long search holds the only slot (a probe's empty position fails at once)
                try:
                    client.suggest(pb.Position(), simulations=1)
                except ServiceError as e:
                    return e.code == grpc.StatusCode.RESOURCE_EXHAUSTED
                return False

            assert wait_until(busy)
            process.send_signal(signal.SIGTERM)
            call.join(30)
        assert answer["reply"].suggestions    # type: ignore[attr-defined]  # the call in flight finished
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert wait_until(lambda: stderr[-1].startswith('{"ts"') and '"stopped"' in stderr[-1])
    lines = [json.loads(line) for line in stderr]   # every line is JSON
    calls = [line for line in lines if line["msg"] == "call"]
    finished = [c for c in calls if c["method"].endswith("SuggestMoves") and c["status"] == "OK"]
    assert len(finished) == 1 and finished[0]["budget"]["time_ms"] == 1500 >= finished[0]["search"]["time_ms"]
    assert {"method", "game", "budget", "latency_ms", "status", "peer"} <= set(finished[0])
    assert any(c["status"] == "RESOURCE_EXHAUSTED" for c in calls)
    # stop began while the long call ran, and ended after it
    order = [line["msg"] for line in lines]
    assert order.index("stopping") < lines.index(finished[0]) < order.index("stopped") == len(lines) - 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tls-cert", "setup.py"], "TLS needs both a certificate and its key"),
        (["--auth-token-file", "EMPTY"], "the token file is empty"),
        (["--tls-cert", "nope.pem", "--tls-key", "nope.key"], "nope.pem: no such file"),
    ],
)
def test_serve_rejects_bad_options(args: list[str], message: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.write_text("  \n")
    args = [str(empty) if a == "EMPTY" else a for a in args]
    assert main(["serve", "--port", "0", *args]) == 2
    assert message in capsys.readouterr().err
