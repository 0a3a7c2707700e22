"""gaia_ai.learn.mlp, the game-agnostic trainer of the value networks: Gaia's value_net fits through it
and gives the numbers it gave before the trainer moved out of it (pinned by their hash), and a fit
reduces the error on a problem of any width."""

import hashlib
import json

import numpy as np
import pytest

from gaia_ai.learn import mlp

# sha256 of json.dumps(value_net.fit(...), sort_keys=True) below, computed with the trainer still inside
# gaia_ai/games/gaia/value_net.py (commit d8c1363): the move changed no number
BEFORE_THE_MOVE = "56c288c38507f2e2ecdc48ee10be1fffa591ad95719d683c703cab071184fa0c"


def _fixed_rows(width: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(5)
    x = rng.normal(size=(600, width))
    x[:, 3] = 2.0                  # an input that never varies
    y = x[:, 0] * 3 - x[:, 1] ** 2 + rng.normal(size=600)
    return x, y


def test_gaia_value_net_fits_as_before_the_move() -> None:
    from gaia_ai._core import gaia_rules
    from gaia_ai.games.gaia import value_net

    x, y = _fixed_rows(len(gaia_rules.NET_INPUTS))
    model = value_net.fit(x, y, seed=11, epochs=3)
    assert hashlib.sha256(json.dumps(model, sort_keys=True).encode()).hexdigest() == BEFORE_THE_MOVE


def test_fit_learns_and_forward_reads_its_numbers() -> None:
    x, y = _fixed_rows(9)
    model = mlp.fit(x, y, seed=1, hidden=(16, 8), epochs=60, learning_rate=1e-2)
    assert np.array(model["w1"]).shape == (9, 16) and np.array(model["w2"]).shape == (16, 8)
    assert model["input_scale"][3] == 1.0          # the constant input is left unscaled
    assert mlp.rmse(mlp.forward(model, x), y) < 0.6 * float(np.std(y))
    assert mlp.fit(x, y, seed=1, hidden=(16, 8), epochs=2) == mlp.fit(x, y, seed=1, hidden=(16, 8), epochs=2)


def test_fit_refuses_rows_without_targets() -> None:
    x, y = _fixed_rows(4)
    with pytest.raises(ValueError, match="one target each"):
        mlp.fit(x, y[:-1], seed=0, hidden=(4, 4), epochs=1)
    with pytest.raises(ValueError, match="at least 1 epoch"):
        mlp.fit(x, y, seed=0, hidden=(4, 4), epochs=0)
