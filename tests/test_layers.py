"""The layers of docs/design.md hold: every import inside tavola points down the table (a game
imports only the core; the core imports no game, agent or front end)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "tavola"
LAYERS = [
    {"cli", "__main__", "tui"},
    {"web"},
    {"session", "store"},
    {"testing"},
    {"sim"},
    {"agents"},
    {"interop"},
    {"games"},
    {"core", "__init__"},
]
"""Top to bottom, as docs/design.md's table (games sit on the core alone); a module may import
from its own layer and those below."""


def layer(package: str) -> int:
    return next(i for i, names in enumerate(LAYERS) if package in names)


def _package(name: str) -> str:
    """What ``from tavola import name`` imports from: a subpackage, or the package itself."""
    return name if (SRC / name).is_dir() or (SRC / f"{name}.py").exists() else "__init__"


def imported(path: Path) -> set[str]:
    """The top-level tavola packages a module imports."""
    parts = path.relative_to(SRC).with_suffix("").parts
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = parts[: len(parts) - node.level]
                target = [*base, *node.module.split(".")] if node.module else list(base)
                out.update(target[:1] or [_package(alias.name) for alias in node.names])
            elif node.module and node.module.split(".")[0] == "tavola":
                out.update(node.module.split(".")[1:2] or [_package(a.name) for a in node.names])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "tavola":
                    out.update(alias.name.split(".")[1:2])
    return out


MODULES = sorted(p for p in SRC.rglob("*.py") if "migrations" not in p.parts)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_down_the_layers(path: Path) -> None:
    own = path.relative_to(SRC).with_suffix("").parts[0]
    for target in imported(path) - {own}:
        assert layer(target) >= layer(own), f"{own} imports {target}, a layer above it"


@pytest.mark.parametrize(
    "path", [p for p in MODULES if p.relative_to(SRC).parts[0] != "games"], ids=str
)
def test_nothing_above_the_games_imports_a_game_package(path: Path) -> None:
    """Agents, the simulator, the adapters and the front ends find games through the registry
    (entry points), so a plug-in game is served as a built-in one."""
    assert "games" not in imported(path), f"{path.relative_to(SRC)} imports a game package"
