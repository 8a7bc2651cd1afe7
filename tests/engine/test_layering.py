"""The layering's module lists (pyproject.toml's import-linter contracts) hold every module and
package of engine/, each once: a new one is placed on purpose (shared, a game's, or neither),
never left outside the contracts unseen. A package counts as one
(engine.classes, a game's folder): its contract covers everything inside."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONTRACTS = {
    contract["name"]: contract
    for contract in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
}
SHARED = CONTRACTS["Shared modules import no game and no class"]["source_modules"]
CLASSES = CONTRACTS["Classes import no game"]["source_modules"]
GAMES = [
    module
    for name, contract in CONTRACTS.items()
    if name.endswith("imports nothing of another game, of classes or of the registry")
    for module in contract["source_modules"]
]
# Neither shared nor a game's: the public API, the registry (it imports every game) and the
# service (the Engine composed from everything).
NEITHER = ["engine", "engine.games", "engine.service"]


def engine_modules() -> list[str]:
    """Every module and package directly under engine/ (a package counts as one: a contract on
    it covers everything inside)."""
    found = ["engine"]
    for path in sorted((ROOT / "engine").iterdir()):
        if path.suffix == ".py" and path.stem != "__init__":
            found.append(f"engine.{path.stem}")
        elif (path / "__init__.py").is_file():
            found.append(f"engine.{path.name}")
    return found


def test_every_module_of_the_engine_is_in_exactly_one_list():
    placed = SHARED + CLASSES + GAMES + NEITHER
    assert len(placed) == len(set(placed)), "a module is listed twice"
    assert sorted(placed) == sorted(engine_modules())


def test_the_pages_use_only_the_engines_public_api():
    """app.py and pages/ are scripts, outside import-linter's packages: read their imports.
    They reach the engine through `engine` (Engine, its errors) and its catalogues alone."""
    public = {"engine", "engine.i18n"}
    for script in [ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py"))]:
        imported = {
            node.module
            for node in ast.walk(ast.parse(script.read_text()))
            if isinstance(node, ast.ImportFrom) and node.module
        } | {
            alias.name
            for node in ast.walk(ast.parse(script.read_text()))
            if isinstance(node, ast.Import)
            for alias in node.names
        }
        internal = {name for name in imported if name.split(".")[0] == "engine"} - public
        assert not internal, f"{script.name} imports {sorted(internal)}"
