"""The structured game state: message GaiaGameState (proto/gaia_ai/games/gaia/v1/gaia_state.proto) as JSON.

    data = state_to_json(state)      # protobuf's JSON mapping of the message (json.dumps-able)
    state = state_from_json(data)    # validated; StateError names the offending field

state_schema.py holds the message's shape, state_export.py writes it from the engine's raw C state,
state_import.py checks it and loads it into the engine.
"""

from gaia_ai.games.gaia.errors import StateError
from gaia_ai.games.gaia.state_export import state_to_json
from gaia_ai.games.gaia.state_import import state_from_json

__all__ = ["StateError", "state_from_json", "state_to_json"]
