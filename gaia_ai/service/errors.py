"""Errors the service turns into gRPC status codes (server.py maps them)."""

from __future__ import annotations


class RequestError(ValueError):
    """The request is wrong (answered INVALID_ARGUMENT): the message names the field or move at fault."""


class NoTimeError(Exception):
    """The call's deadline leaves no time to search (answered DEADLINE_EXCEEDED)."""
