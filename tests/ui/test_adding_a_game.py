"""docs/architecture.md's checklist for adding a game, held for every game a teacher may create:
what can be checked without reading prose is checked here, so a game missing a step fails a
test that names the step, not a page a class meets."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from engine import Engine
from engine.games import DECLARATIONS, OFFERED
from engine.i18n import LANGUAGES, catalogue
from ui.games import PARTS
from ui.rulebook import RULEBOOKS

ROOT = Path(__file__).resolve().parents[2]
#: The modules step 1 and step 8 name in a game's two folders.
ENGINE_MODULES = ("rules", "game", "views", "moves", "commands", "bots")
UI_MODULES = ("play", "screen", "facilitator", "parts", "results", "how_to")


def folder_of(game: str) -> str:
    """The game's folder under engine/ and ui/: where its robot's moves are written."""
    (module,) = {play.__module__ for play in DECLARATIONS[game].bot.plays.values()}
    package, _, name = module.rpartition(".")
    assert name == "bots" and package.startswith("engine."), module
    return package.removeprefix("engine.")


@pytest.mark.parametrize("game", OFFERED)
def test_step_1_and_8_its_two_folders_hold_their_modules(game):
    folder = folder_of(game)
    for name in ENGINE_MODULES:
        assert (ROOT / "engine" / folder / f"{name}.py").is_file(), f"engine/{folder}/{name}.py"
    for name in UI_MODULES:
        assert (ROOT / "ui" / folder / f"{name}.py").is_file(), f"ui/{folder}/{name}.py"


@pytest.mark.parametrize("game", OFFERED)
def test_step_2_and_8_the_registries_name_it_and_the_engine_does_not(game):
    folder = folder_of(game)
    bases = [base.__module__ for base in Engine.__mro__]
    assert not [base for base in bases if base.startswith(f"engine.{folder}.")], bases
    for name, command in DECLARATIONS[game].commands.items():
        assert command.act.__module__ == f"engine.{folder}.commands", name
    parts = PARTS[game]
    for field in ("phone", "screen", "facilitator", "parts", "results", "how_to"):
        module = inspect.getmodule(getattr(parts, field))
        assert module is not None and module.__name__.startswith(f"ui.{folder}."), field
    assert (parts.decks is not None) == DECLARATIONS[game].takes_decks


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
