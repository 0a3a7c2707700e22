"""argparse ``type=`` converters shared by the subcommands: a bad value names what is wrong."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """A whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_float(text: str) -> float:
    """A number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def player_counts(text: str) -> list[int]:
    """Seats per game, comma-separated: '2,3,4' -> [2, 3, 4] (each 2 to 4)."""
    counts = []
    for item in text.split(","):
        try:
            counts.append(int(item))
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a list of player counts such as 2,3,4: {text!r}") from None
        if not 2 <= counts[-1] <= 4:
            raise argparse.ArgumentTypeError(f"a game has 2 to 4 players, got {counts[-1]} in {text!r}")
    return counts


def port(text: str) -> int:
    """A TCP port, 0 (a free one) to 65535: a larger number would wrap to another port."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is between 0 and 65535, got {value}")
    return value
