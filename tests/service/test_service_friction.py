"""Friction of the service's command line (issue 16): a port out of range, a busy port, a TLS server
called in plain text, a budget the server capped."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from service_helpers import running_server

from gaia_ai.cli import main


def test_serve_refuses_a_port_that_would_wrap(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--port", "99999"])
    assert "a port is between 0 and 65535, got 99999" in capsys.readouterr().err


def test_serve_on_a_busy_port_says_so_without_grpc_logs() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "gaia_ai", "serve", "--port", str(port)],
                              check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == (f"gaia-ai serve: port {port} is in use on 127.0.0.1: stop the program using "
                                   "it or choose another --port")


def test_a_capped_budget_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    with running_server(max_simulations=50) as server:
        code = main(["suggest", "--server", f"127.0.0.1:{server.port}", "--demo", "--simulations", "400"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "note from the server: simulations capped at 50 by the server" in out.err
    assert "50 simulations" in out.out


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is needed to make a test certificate")
def test_a_tls_server_called_without_its_ca_gets_a_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True)
    with running_server(host="localhost", tls_cert=cert, tls_key=key) as server:
        code = main(["suggest", "--server", f"localhost:{server.port}", "--demo", "--simulations", "10",
                     "--timeout", "10"])
    assert code == 1
    assert "the server may use TLS: pass --tls-ca" in capsys.readouterr().err
