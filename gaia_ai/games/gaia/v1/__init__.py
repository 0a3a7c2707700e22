"""Generated protobuf stubs of Gaia Project's position payloads (package gaia_ai.games.gaia.v1,
proto/gaia_ai/games/gaia/v1/*.proto), written here by setup.py on every build and never committed."""
