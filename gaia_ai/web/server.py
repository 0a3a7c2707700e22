"""The page's HTTP server: werkzeug's threaded WSGI server over the Flask app (one process, local use)."""

from __future__ import annotations

from typing import Any

from gaia_ai.games.registry import DEFAULT_GAME


def make_server(host: str, port: int, server: str | None = None, client_options: dict[str, Any] | None = None,
                game: str = DEFAULT_GAME) -> Any:
    """A threaded WSGI server of the page, bound (port 0: a free one, see .server_port); OSError
    when the address cannot be used."""
    from werkzeug.serving import make_server as werkzeug_server

    from gaia_ai.web.app import create_app

    return werkzeug_server(host, port, create_app(game, server, client_options), threaded=True)
