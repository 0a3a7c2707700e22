"""The architecture, checked: a layer above gaia_ai/games names no game. Only a game's own package (and
the generated stubs of its payload) may import it or its compiled core; the search reaches a game through
the C interface a state hands it, everything else through the registry and the protocol."""

from __future__ import annotations

import ast
from pathlib import Path

import gaia_ai

PACKAGE = Path(gaia_ai.__file__).parent
GENERIC_GAMES_MODULES = {"gaia_ai.games", "gaia_ai.games.api", "gaia_ai.games.registry"}
GENERIC_CORE_MODULES = {"gaia_ai._core", "gaia_ai._core.mcts"}


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            # "from gaia_ai._core import gaia_rules" names the module in the alias
            if node.module in ("gaia_ai._core", "gaia_ai.games"):
                found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _layer_modules() -> list[Path]:
    skip = (PACKAGE / "games", PACKAGE / "v1", PACKAGE / "_core")
    return [p for p in sorted(PACKAGE.rglob("*.py")) if not any(p.is_relative_to(s) for s in skip)]


def test_no_layer_above_games_imports_a_game() -> None:
    offences = []
    for path in _layer_modules():
        for line, module in _imports(path):
            game_module = module.startswith("gaia_ai.games.") and module not in GENERIC_GAMES_MODULES
            game_core = module.startswith("gaia_ai._core.") and module not in GENERIC_CORE_MODULES
            if game_module or game_core:
                offences.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    assert not offences, "\n".join(offences)


def test_the_check_sees_an_offending_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from gaia_ai._core import gaia_rules\nimport gaia_ai.games.gaia.engine\n")
    assert [m for _, m in _imports(bad)] == ["gaia_ai._core", "gaia_ai._core.gaia_rules", "gaia_ai.games.gaia.engine"]


def test_the_search_package_imports_no_game() -> None:
    for path in sorted((PACKAGE / "search").rglob("*.py")):
        for line, module in _imports(path):
            assert not module.startswith("gaia_ai.games"), f"{path.name}:{line} imports {module}"


def test_the_clis_option_and_player_help_comes_from_each_games_info() -> None:
    """gaia-ai match / tournament name each game's choosable variants and table sizes from its GameInfo (the
    registry joins them), not from a list kept above games/: a game added to the registry shows up."""
    from gaia_ai.games.registry import GAMES, load_game, options_help, player_counts_help

    options, counts = options_help(), player_counts_help()
    for name in GAMES:
        info = load_game(name).info
        assert f"{name} {min(info.player_counts)}-{max(info.player_counts)}" in counts
        for key, text in info.options.items():
            assert (f"{key} {text}" in options) == ("choose with" in text)
    assert "auction=choose-bid" in options and "colonies=on" in options
    assert "rules=rulebook" in options   # Eminent Domain's rule sets (issue 42): match --option names them
