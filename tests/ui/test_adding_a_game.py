"""docs/architecture.md's checklist for adding a game, held for every game a teacher may create
and for the tests' own fourth game (tests/fourth_game/): what can be checked without reading
prose is checked here, so a game missing a step fails a test that names the step, not a page a
class meets. Every game folder has the same modules in the same roles: the phase table in
`rules`, the declaration in `game`, the page parts exported by the ui folder's package."""

from __future__ import annotations

import importlib
import importlib.util
import inspect

import pytest

from engine import Engine
from engine.games import DECLARATIONS, OFFERED
from engine.i18n import LANGUAGES, catalogue
from tests.fourth_game import registry as fourth_game
from ui.games import PARTS
from ui.rulebook import RULEBOOKS

#: The modules step 1 and step 8 name in a game's two folders.
ENGINE_MODULES = ("rules", "game", "views", "moves", "commands", "bots")
UI_MODULES = ("play", "screen", "facilitator", "parts", "results", "how_to")
#: Every game checked: the product's, then the fourth game's, with its two registry lines.
GAMES = {**DECLARATIONS, fourth_game.ENGINE_LINE[0]: fourth_game.ENGINE_LINE[1]}
ALL_PARTS = {**PARTS, fourth_game.UI_LINE[0]: fourth_game.UI_LINE[1]}
CHECKED = [*OFFERED, fourth_game.ENGINE_LINE[0]]


def folders_of(game: str) -> tuple[str, str]:
    """The game's engine and ui packages (engine.critters and ui.critters): its engine folder
    is where its robot's moves are written, its ui folder the same name under ui."""
    (module,) = {play.__module__ for play in GAMES[game].bot.plays.values()}
    package, _, name = module.rpartition(".")
    assert name == "bots", module
    above, _, folder = package.rpartition(".")
    container, _, engine = above.rpartition(".")
    assert engine == "engine", package
    return package, ".".join(filter(None, (container, "ui", folder)))


@pytest.mark.parametrize("game", CHECKED)
def test_step_1_and_8_its_two_folders_hold_their_modules(game):
    engine_package, ui_package = folders_of(game)
    for name in ENGINE_MODULES:
        assert importlib.util.find_spec(f"{engine_package}.{name}"), f"{engine_package}.{name}"
    for name in UI_MODULES:
        assert importlib.util.find_spec(f"{ui_package}.{name}"), f"{ui_package}.{name}"


def holds(module: str, value: object) -> bool:
    """Whether `module` defines `value` under a name of its own."""
    return any(held is value for held in vars(importlib.import_module(module)).values())


@pytest.mark.parametrize("game", CHECKED)
def test_step_1_and_8_its_modules_hold_their_roles(game):
    """The phase table in rules.py, the declaration in game.py, the page parts exported by
    the ui folder's package (its `PARTS`, the registry's line)."""
    engine_package, ui_package = folders_of(game)
    declared = GAMES[game]
    assert holds(f"{engine_package}.rules", declared.table), "its phase table is not in rules.py"
    assert holds(f"{engine_package}.game", declared), "its declaration is not in game.py"
    assert ALL_PARTS[game] is importlib.import_module(ui_package).PARTS


@pytest.mark.parametrize("game", CHECKED)
def test_step_2_and_8_the_registries_name_it_and_the_engine_does_not(game):
    engine_package, ui_package = folders_of(game)
    bases = [base.__module__ for base in Engine.__mro__]
    assert not [base for base in bases if base.startswith(f"{engine_package}.")], bases
    for name, command in GAMES[game].commands.items():
        assert command.act.__module__ == f"{engine_package}.commands", name
    parts = ALL_PARTS[game]
    for field in ("phone", "screen", "facilitator", "parts", "results", "how_to"):
        module = inspect.getmodule(getattr(parts, field))
        assert module is not None and module.__name__.startswith(f"{ui_package}."), field
    assert (parts.decks is not None) == GAMES[game].takes_decks


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", OFFERED)
def test_step_4_and_6_its_texts_and_rules_in_every_language(game, language):
    strings = catalogue(language)
    keys = [f"ui.howto.{game}.{n}" for n in (1, 2, 3)]
    keys += [f"ui.howto.picture.{game}.{n}" for n in (1, 2, 3)]
    if DECLARATIONS[game].as_class:
        keys.append(f"ui.class.own_page_hint.{game}")
    assert [key for key in keys if not strings.get(key)] == []
    assert RULEBOOKS[(game, language)].is_file()
