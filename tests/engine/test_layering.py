"""The layering's module lists (pyproject.toml's import-linter contracts) hold every module and
package of engine/, each once: a new one is placed on purpose (shared, a game's, or neither),
never left outside the contracts unseen. A package counts as one
(engine.classes, a game's folder): its contract covers everything inside."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
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
PLATFORM = CONTRACTS["A game imports nothing of another game, of classes or of the registries"][
    "not_games"
]
# A game is every folder of engine/ that is not the platform's: what the "games" contracts find.
GAMES = [
    f"engine.{path.name}"
    for path in sorted((ROOT / "engine").iterdir())
    if (path / "__init__.py").is_file() and path.name not in PLATFORM
]
PLATFORM_PACKAGES = [f"engine.{name}" for name in PLATFORM if f"engine.{name}" not in CLASSES]
# Neither shared nor a game's: the public API, the registry (it imports every game), the
# contract (the games' commands by DESIGN.md's names), the service (the Engine composed from
# everything) and the Engine's parts that hand a class's code to the classes part (its lobby,
# host and views).
NEITHER = [
    "engine",
    "engine.contract",
    "engine.games",
    "engine.hosting",
    "engine.lobby",
    "engine.queries",
    "engine.service",
]
LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))


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
    assert set(PLATFORM_PACKAGES) <= set(SHARED), "a platform folder outside the shared list"
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


def lint_imports(tree: Path, modules: dict[str, str]) -> str:
    """What `lint-imports` says of package `pkg` (its modules' sources by dotted name) under the
    project's "games" contract type, a game importing another and a shared module a game."""
    for name, source in modules.items():
        path = tree / Path(*name.split("."))
        path.mkdir(parents=True, exist_ok=True)
        (path / "__init__.py").write_text(source)
    games = 'type = "games"\ncontainers = ["pkg"]\nnot_games = ["classes"]\n'
    (tree / "contracts.toml").write_text(
        '[tool.importlinter]\nroot_packages = ["pkg"]\n'
        'contract_types = ["games: tests.import_contracts.GamesContract"]\n'
        f'[[tool.importlinter.contracts]]\nname = "Games apart"\n{games}'
        'forbidden_modules = ["pkg.classes"]\nallow_indirect_imports = true\n'
        f'[[tool.importlinter.contracts]]\nname = "Shared imports no game"\n{games}'
        'source_modules = ["pkg.shared"]\n'
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [LINT_IMPORTS, "--config", "contracts.toml", "--no-cache", "--no-logo"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout + done.stderr


def test_a_new_game_is_held_apart_with_no_contract_edited(tmp_path: Path):
    """The "games" contract type (tests/import_contracts.py) finds the games itself: a game
    added later, named nowhere in the contracts, is refused another game's modules, and a
    shared module is refused it."""
    modules = {
        "pkg": "",
        "pkg.shared": "",
        "pkg.classes": "",
        "pkg.alpha": "",
        "pkg.alpha.rules": "import pkg.shared\n",
    }
    assert "Contracts: 2 kept, 0 broken." in lint_imports(tmp_path / "a", modules)
    modules |= {"pkg.gamma": "", "pkg.gamma.rules": "import pkg.alpha.rules\n"}
    said = lint_imports(tmp_path / "b", modules)
    assert "pkg.gamma is not allowed to import pkg.alpha" in said
    assert "Contracts: 1 kept, 1 broken." in said
    modules |= {"pkg.gamma.rules": "", "pkg.shared": "import pkg.gamma.rules\n"}
    said = lint_imports(tmp_path / "c", modules)
    assert "pkg.shared is not allowed to import pkg.gamma" in said
    assert "Contracts: 1 kept, 1 broken." in said
