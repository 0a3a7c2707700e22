"""The learned models a game ships in its package (data/<prefix><letter>N.json: Gaia's values v1, v2, ...,
networks n1, n2, ... and policies p1, p2, ...; Terraforming Mars' networks tm-value-n1, ...), each version
loaded once per process into a C slot of its own, so that a match of one generation against its parent
holds both. A version not in the package may come from the folder GAIA_AI_MODELS names (a candidate)."""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from gaia_ai.games.api import MODELS_ENV


class ShippedModels:
    """One kind of model of one game: its files in the package `package` (data/<prefix><version>.json)
    and the C slots of the versions loaded so far; `letter` starts every version (v, n, p), `label` names
    the kind in messages.

    install(document, file name, slot) checks a document and writes its weights into the C slot (it raises
    ValueError naming the file if the document does not fit this build)."""

    def __init__(self, package: str, prefix: str, letter: str, label: str, slot_count: int,
                 install: Callable[[dict[str, Any], str, int], None]) -> None:
        self.package, self.prefix, self.letter, self.label = package, prefix, letter, label
        self.slot_count = slot_count
        self._install = install
        self.slots: dict[str, int] = {}               # version -> its C slot, in the order loaded
        self._models: dict[str, dict[str, Any]] = {}  # version -> its document
        self._loading = threading.Lock()   # two first searches at once (a server's threads) take one slot

    def file_name(self, version: str) -> str:
        return f"{self.prefix}{version}.json"

    def path(self, version: str) -> Path:
        """The version's file: the package's, else one in the folder MODELS_ENV names (a candidate not
        shipped), else the package's (which load() reports missing)."""
        shipped = Path(str(resources.files(self.package) / "data" / self.file_name(version)))
        folder = os.environ.get(MODELS_ENV)
        if not shipped.is_file() and folder:
            candidate = Path(folder) / shipped.name
            if candidate.is_file():
                return candidate
        return shipped

    def versions(self) -> list[str]:
        """The shipped versions, oldest first."""
        names = (p.name for p in resources.files(self.package).joinpath("data").iterdir())
        pattern = rf"{re.escape(self.prefix)}({self.letter}[1-9]\d*)\.json"
        return sorted((m.group(1) for n in names if (m := re.fullmatch(pattern, n))), key=lambda v: int(v[1:]))

    def load(self, version: str) -> dict[str, Any]:
        """Load that version into a slot of its own (once per process) and return its document."""
        with self._loading:
            if version not in self._models:   # each search asks: the file is read (and looked for) once
                path = self.path(version)
                if not path.is_file():
                    extra = os.environ.get(MODELS_ENV)
                    raise ValueError(f"no {self.label} {version!r} ({path.name}) in the package "
                                     f"(shipped: {', '.join(self.versions()) or 'none'})"
                                     + (f" nor in {MODELS_ENV}={extra}" if extra else ""))
                if len(self.slots) >= self.slot_count:
                    raise ValueError(f"at most {self.slot_count} {self.label}s in one process "
                                     f"(loaded: {', '.join(self.slots)})")
                try:
                    model = json.loads(path.read_text(encoding="utf-8"))
                except json.JSONDecodeError as e:
                    raise ValueError(f"{path.name}: not JSON ({e})") from None
                self._install(model, path.name, len(self.slots))
                self.slots[version] = len(self.slots)
                self._models[version] = model
            return self._models[version]

    def slot(self, version: str) -> int:
        """The C slot of that version (loading it first)."""
        self.load(version)
        return self.slots[version]


class ValueNetworks(ShippedModels):
    """A game's value networks that correct its heuristic (Terraforming Mars', Eminent Domain's:
    data/<prefix>nN.json), MLPs its C module `rules` evaluates (NET_INPUTS, NET_LAYERS, NET_SLOT_COUNT,
    set_net_weights; core/mlp.pxi): a document must have this build's inputs and layers and be `game`'s
    (another game's is refused by name), and a version is named n1, n2, ..."""

    def __init__(self, package: str, prefix: str, label: str, rules: Any, game: str, default: str) -> None:
        super().__init__(package, prefix, "n", label, rules.NET_SLOT_COUNT, self.install)
        self.rules, self.game, self.default = rules, game, default   # default: the version load() takes

    def check(self, model: Any, where: str) -> dict[str, Any]:
        """The document, if it is a network of this game this build evaluates; ValueError naming `where`."""
        from gaia_ai.learn import mlp

        name = f"{self.rules.__name__.rsplit('.', 1)[-1]}.NET_INPUTS"
        return mlp.check_document(model, where, self.rules.NET_INPUTS, self.rules.NET_LAYERS, name, game=self.game)

    def install(self, model: dict[str, Any], where: str, slot: int) -> None:
        """Check the document and write its weights into the C slot (ValueError naming `where` if they do
        not fit: nothing is written then)."""
        m = self.check(model, where)
        try:
            self.rules.set_net_weights(m["input_mean"], m["input_scale"], m["w1"], m["b1"], m["w2"], m["b2"],
                                       m["w3"], m["b3"], m["y_mean"], m["y_scale"], slot)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{where}: {e}") from None

    def load(self, version: str | None = None) -> dict[str, Any]:
        """Load that version (default: the game's) into a C slot of its own (once per process) and return
        its document."""
        from gaia_ai.search.config import NET_VERSION

        version = self.default if version is None else version
        if not NET_VERSION.fullmatch(version):
            raise ValueError(f"a value network is named n1, n2, ..., got {version!r}")
        return super().load(version)

    def slot(self, version: str | None = None) -> int:
        """The C slot of that version (default: the game's), loading it first."""
        return super().slot(self.default if version is None else version)
