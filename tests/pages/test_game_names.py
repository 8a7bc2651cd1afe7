"""Every page says which game it runs, in the page's language: the browser tab names the
game (and the page, for a teacher with several tabs open), a Spanish page names the game in
Spanish and offers no Streamlit English, and the class page offers only what the game's own
table page does."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import streamlit as st
from pagekit import page, run, tr, visible_text

from engine import Engine
from engine.games import OFFERED
from engine.i18n import catalogue

CLASS_GAMES = ("crossed_canvas", "canvas_critters", "canvas_layers")


@pytest.fixture
def tab_titles(monkeypatch) -> list[str]:
    """Every title a page gave its tab, in order: the browser shows the last."""
    titles: list[str] = []
    real = st.set_page_config

    def recording(*args, **kwargs):  # type: ignore[no-untyped-def]
        if kwargs.get("page_title"):
            titles.append(kwargs["page_title"])
        return real(*args, **kwargs)

    monkeypatch.setattr(st, "set_page_config", recording)
    return titles


def test_every_game_has_its_own_name_in_each_language():
    for language in ("en", "es"):
        names = [Engine.game_title(game, language) for game in OFFERED]
        assert len(set(names)) == len(names)
    # Spanish pages name every game in Spanish, as they always named Crossed Canvas.
    assert [Engine.game_title(game, "es") for game in CLASS_GAMES] == [
        "Lienzo cruzado",
        "Lienzo de bichos",
        "Lienzo en capas",
    ]
    spanish = " ".join(catalogue("es").values())
    assert "Canvas Critters" not in spanish and "Canvas Layers" not in spanish


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", CLASS_GAMES)
def test_each_page_names_its_game_in_the_browser_tab(
    engine: Engine, tab_titles: list[str], game: str, language: str
):
    name = Engine.game_title(game, language)
    new = engine.create_game(language, game=game)
    pages: dict[str, tuple[Callable[[], object], str]] = {
        "facilitator": (
            lambda: page("pages/facilitator.py", key=new.facilitator_token),
            f"{name} · {tr(language, 'ui.tab.facilitator')}",
        ),
        "screen": (
            lambda: page("pages/screen.py", code=new.code),
            f"{name} · {tr(language, 'ui.tab.screen')}",
        ),
        "join": (lambda: page("pages/play.py", code=new.code), name),
    }
    for which, (make, expected) in pages.items():
        tab_titles.clear()
        run(make())
        assert tab_titles[-1] == expected, which
    room = engine.create_class(language, game=game)
    tab_titles.clear()
    run(page("pages/classroom.py", key=room.facilitator_token))
    assert tab_titles[-1] == f"{name} · {tr(language, 'ui.tab.class')}"
    tab_titles.clear()
    run(page("pages/screen.py", code=room.code))
    assert tab_titles[-1] == f"{name} · {tr(language, 'ui.tab.screen')}"


def test_a_players_tab_names_the_game_once_seated(engine: Engine, tab_titles: list[str]):
    new = engine.create_game("es", game="canvas_layers")
    token = engine.join(new.code, "Ana")
    run(page("pages/play.py", token=token))
    assert tab_titles[-1] == "Lienzo en capas"


@pytest.mark.parametrize("game", CLASS_GAMES)
def test_the_class_page_offers_only_what_the_games_own_page_does(engine: Engine, game: str):
    room = engine.create_class("es", game=game)
    for index, name in enumerate(["Ana", "Bea", "Carla", "Dani", "Eva", "Fede"]):
        engine.join(room.code, name, browser=f"browser-{index:02d}-xxxxxxxxxxxx")
    at = run(page("pages/classroom.py", key=room.facilitator_token))
    hint = tr("es", f"ui.class.own_page_hint.{game}")
    assert hint in [caption.value for caption in at.caption]
    # Hiding a drawing is Crossed Canvas's moderation; no other game's page has it.
    assert ("ocultar un dibujo" in hint) == (game == "crossed_canvas")
    # Streamlit's own placeholders are English: the page gives its own.
    assert at.selectbox(key="move_who").placeholder == tr("es", "ui.class.move_who_pick")
    assert at.selectbox(key="move_to").placeholder == tr("es", "ui.class.move_to_none")
    assert "Choose an option" not in visible_text(at)


@pytest.mark.parametrize("game", CLASS_GAMES)
def test_the_lobby_names_the_game_on_the_projector_and_tells_it_on_the_phones(
    engine: Engine, game: str
):
    new = engine.create_game("es", game=game)
    token = engine.join(new.code, "Ana")
    name = Engine.game_title(game, "es")
    projector = visible_text(run(page("pages/screen.py", code=new.code)))
    assert name in projector
    for line in (1, 2, 3):  # the game told in three lines, one at a time
        assert tr("es", f"ui.howto.{game}.{line}") in projector
    phone = run(page("pages/play.py", token=token))
    assert name in [header.value for header in phone.subheader]
    (how_to,) = [e for e in phone.expander if e.label == tr("es", "ui.home.how_to_play")]
    told = visible_text(how_to)
    for line in (1, 2, 3):
        assert tr("es", f"ui.howto.{game}.{line}") in told
    # A lobby names no role: the Curator and the Distorter are said to their holders alone.
    for page_text in (projector, told):
        for role in ("Curator", "Distorter", "Curador", "Distorsionador"):
            assert role not in page_text
