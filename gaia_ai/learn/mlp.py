"""A small multilayer perceptron in numpy: two ReLU layers and one linear output, the value networks'
shape (a game's C core evaluates the same numbers at the search's leaves). Game-agnostic: the caller
hands rows of inputs and one target each, and gets back the model document's numbers.

fit() standardizes inputs and target, initializes the weights (He) from its seed, and runs Adam on
shuffled mini-batches with a little L2 on the weights for a fixed number of epochs, so the same rows,
seed and settings give the same numbers (rounded to DIGITS significant digits, what the JSON holds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

BATCH = 256
LEARNING_RATE = 1e-3
L2 = 1e-4
DIGITS = 7                      # significant digits of the fitted numbers


PARAMETERS = ("input_mean", "input_scale", "w1", "b1", "w2", "b2", "w3", "b3", "y_mean", "y_scale")


def check_document(model: Any, where: str, inputs: Sequence[str], layers: Sequence[int], inputs_name: str,
                   game: str | None = None) -> dict[str, Any]:
    """The model document, if it is an MLP of these inputs and layers (and, given `game`, that game's);
    ValueError naming `where` and what does not fit if not (a game's loader adds its own checks)."""
    if not isinstance(model, dict) or model.get("kind") != "mlp":
        raise ValueError(f"{where}: not a value network (kind 'mlp')")
    if game is not None and model.get("game") != game:
        raise ValueError(f"{where}: a value network of {model.get('game') or 'another game'!r}, not of {game!r}")
    if list(model.get("inputs", [])) != list(inputs):
        raise ValueError(f"{where}: its inputs are not this build's {inputs_name} (retrain it)")
    if list(model.get("layers", [])) != list(layers):
        raise ValueError(f"{where}: layers {model.get('layers')} are not this build's {list(layers)}")
    missing = [k for k in PARAMETERS if k not in model]
    if missing:
        raise ValueError(f"{where}: no {', '.join(missing)}")
    return model


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0.0)


def hidden(params: dict[str, Any], inputs: np.ndarray) -> np.ndarray:
    """The network's last hidden layer (after its ReLU) at rows of inputs: the trunk a policy head reads."""
    z = (np.asarray(inputs, dtype=float) - np.array(params["input_mean"])) / np.array(params["input_scale"])
    h1 = relu(z @ np.array(params["w1"]) + np.array(params["b1"]))
    return relu(h1 @ np.array(params["w2"]) + np.array(params["b2"]))


def forward(params: dict[str, Any], inputs: np.ndarray) -> np.ndarray:
    """The network's output at rows of inputs: standardized, two ReLU layers, the linear output scaled
    back (out * y_scale + y_mean)."""
    return (hidden(params, inputs) @ np.array(params["w3"]) + params["b3"]) * params["y_scale"] + params["y_mean"]


def fit(x: np.ndarray, y: np.ndarray, seed: int, hidden: tuple[int, int], epochs: int, *, batch: int = BATCH,
        learning_rate: float = LEARNING_RATE, l2: float = L2,
        progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The parameters (input_mean, input_scale, w1, b1, w2, b2, w3, b3, y_mean, y_scale) of a network with
    `hidden` = (h1, h2) units fitted to targets y at rows x: standardized inputs and target, He
    initialization from `seed`, Adam on shuffled mini-batches of `batch` with L2 on the weights, mean
    squared error. progress(epoch) after each epoch. ValueError if x is not 2-D with one target a row."""
    h1, h2 = hidden
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim != 2 or len(x) != len(y) or len(x) < 2:
        raise ValueError("fit: expected 2 or more rows of inputs, one target each")
    if epochs < 1:
        raise ValueError("fit: at least 1 epoch")
    rng = np.random.default_rng(seed)
    mean = x.mean(0)
    scale = x.std(0)
    scale[scale < 1e-9] = 1.0      # an input that never varies: left as it is, centred
    y_mean, y_scale = float(y.mean()), float(y.std()) or 1.0
    z = (x - mean) / scale
    t = (y - y_mean) / y_scale
    n_in = x.shape[1]
    params = [rng.normal(0, (2 / n_in) ** 0.5, (n_in, h1)), np.zeros(h1),
              rng.normal(0, (2 / h1) ** 0.5, (h1, h2)), np.zeros(h2),
              rng.normal(0, (1 / h2) ** 0.5, h2), np.zeros(1)]
    first = [np.zeros_like(p) for p in params]
    second = [np.zeros_like(p) for p in params]
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(z))
        for start in range(0, len(z), batch):
            rows = order[start:start + batch]
            w1, b1, w2, b2, w3, b3 = params
            xb = z[rows]
            a1 = xb @ w1 + b1
            r1 = relu(a1)
            a2 = r1 @ w2 + b2
            r2 = relu(a2)
            g = (r2 @ w3 + b3 - t[rows]) * (2 / len(rows))      # d(mean squared error)/d(output)
            g2 = np.outer(g, w3) * (a2 > 0)
            g1 = (g2 @ w2.T) * (a1 > 0)
            grads = [xb.T @ g1 + l2 * w1, g1.sum(0), r1.T @ g2 + l2 * w2, g2.sum(0), r2.T @ g + l2 * w3,
                     np.array([g.sum()])]
            step += 1
            for i, grad in enumerate(grads):
                first[i] = 0.9 * first[i] + 0.1 * grad
                second[i] = 0.999 * second[i] + 0.001 * grad * grad
                params[i] = params[i] - learning_rate * (first[i] / (1 - 0.9 ** step)) / (
                    np.sqrt(second[i] / (1 - 0.999 ** step)) + 1e-8)
        if progress is not None:
            progress(epoch + 1)
    w1, b1, w2, b2, w3, b3 = params
    return {"input_mean": rounded(mean), "input_scale": rounded(scale), "w1": rounded(w1), "b1": rounded(b1),
            "w2": rounded(w2), "b2": rounded(b2), "w3": rounded(w3), "b3": float(f"{b3[0]:.{DIGITS}g}"),
            "y_mean": float(f"{y_mean:.{DIGITS}g}"), "y_scale": float(f"{y_scale:.{DIGITS}g}")}


def rounded(a: np.ndarray) -> Any:
    """a's numbers to DIGITS significant digits, as nested lists (what the JSON holds)."""
    return np.vectorize(lambda v: float(f"{v:.{DIGITS}g}"))(a).tolist()


def rmse(estimate: np.ndarray, truth: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.asarray(estimate) - np.asarray(truth)) ** 2)))
