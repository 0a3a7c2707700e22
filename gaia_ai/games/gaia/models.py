"""The learned models shipped in the package (data/<kind>-<letter>N.json: the values v1, v2, ..., the value
networks n1, n2, ... and the policies p1, p2, ...), each version loaded once per process into a C slot of its own, so that a match of
one generation against its parent holds both."""

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
    """One kind of model: its files in the package and the C slots of the versions loaded so far.

    install(document, file name, slot) checks a document and writes its weights into the C slot (it raises
    ValueError naming the file if the document does not fit this build)."""

    def __init__(self, kind: str, letter: str, label: str, slot_count: int,
                 install: Callable[[dict[str, Any], str, int], None]) -> None:
        self.kind, self.letter, self.label = kind, letter, label
        self.slot_count = slot_count
        self._install = install
        self.slots: dict[str, int] = {}               # version -> its C slot, in the order loaded
        self._models: dict[str, dict[str, Any]] = {}  # version -> its document
        self._loading = threading.Lock()   # two first searches at once (a server's threads) take one slot

    def path(self, version: str) -> Path:
        """The version's file: the package's, else one in the folder MODELS_ENV names (a candidate not
        shipped), else the package's (which load() reports missing)."""
        shipped = Path(str(resources.files("gaia_ai.games.gaia") / "data" / f"{self.kind}-{version}.json"))
        folder = os.environ.get(MODELS_ENV)
        if not shipped.is_file() and folder:
            candidate = Path(folder) / shipped.name
            if candidate.is_file():
                return candidate
        return shipped

    def versions(self) -> list[str]:
        """The shipped versions, oldest first."""
        names = (p.name for p in resources.files("gaia_ai.games.gaia").joinpath("data").iterdir())
        pattern = rf"{self.kind}-({self.letter}\d+)\.json"
        return sorted((m.group(1) for n in names if (m := re.fullmatch(pattern, n))), key=lambda v: int(v[1:]))

    def load(self, version: str) -> dict[str, Any]:
        """Load that version into a slot of its own (once per process) and return its document."""
        with self._loading:
            if version not in self._models:   # each search asks: the file is read (and looked for) once
                path = self.path(version)
                if not path.is_file():
                    extra = os.environ.get(MODELS_ENV)
                    raise ValueError(f"no {self.label} {version!r} in the package "
                                     f"(shipped: {', '.join(self.versions())})"
                                     + (f" nor {path.name} in {MODELS_ENV}={extra}" if extra else ""))
                if len(self.slots) >= self.slot_count:
                    raise ValueError(f"at most {self.slot_count} {self.label}s in one process "
                                     f"(loaded: {', '.join(self.slots)})")
                model = json.loads(path.read_text())
                self._install(model, path.name, len(self.slots))
                self.slots[version] = len(self.slots)
                self._models[version] = model
            return self._models[version]

    def slot(self, version: str) -> int:
        """The C slot of that version (loading it first)."""
        self.load(version)
        return self.slots[version]
