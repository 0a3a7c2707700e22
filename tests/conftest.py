"""Shared pytest fixtures."""

from __future__ import annotations

from pathlib import Path

import hypothesis_budget  # noqa: F401  (loads the hypothesis profile before any test module is read)
import pytest

DATA_DIR = Path(__file__).resolve().parent / "data"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that read ../shared (the full corpora) carry the ``corpus`` marker: ``pytest -m "not corpus"``
    runs what a fresh clone can run, quickly."""
    for item in items:
        if "shared_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.corpus)


@pytest.fixture
def data_dir() -> Path:
    """tests/data: the corpus sample and the three boardgamers.space exports."""
    return DATA_DIR


@pytest.fixture
def shared_dir() -> Path:
    """The ``shared`` folder beside the project root (full corpus); skip when absent."""
    path = Path(__file__).resolve().parents[1].parent / "shared"
    if not path.is_dir():
        pytest.skip(f"{path} not available")
    return path
