"""The gRPC move-suggestion service (proto/gaia_ai/v1/suggest.proto) and its client.

    gaia-ai serve --port 50051                      # server.py: MoveSuggestionService, health, reflection
    from gaia_ai.service.client import SuggestClient
    with SuggestClient("localhost:50051") as client:
        client.suggest(position, simulations=800).suggestions[0].move

Modules: server (the servicer, limits, serve()), budget (search budget from a request and the
server's limits), games (the registry of games, one adapter per game), gaia (the Gaia Project
adapter), errors (what maps to INVALID_ARGUMENT / DEADLINE_EXCEEDED), auth (token interceptor), calllog
(one JSON log line per call), client (SuggestClient and position builders), cli (`gaia-ai serve`, the
remote half of `gaia-ai suggest`).
"""
