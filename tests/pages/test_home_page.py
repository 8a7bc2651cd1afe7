"""app.py: a teacher creates a game, a student joins one by its code."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from pagekit import page, private_link, rendered, run, seat_lobby, tr, visible_text

from engine import Engine
from engine.crossed_canvas.rules import DEFAULT_DURATIONS
from engine.i18n import catalogue


@pytest.mark.parametrize(
    ("language", "pace", "factor"),
    [
        ("es", "relaxed", 1.5),
        ("en", "extra_relaxed", 2.0),
        ("en", "standard", 1.0),
        ("es", "untimed", None),
    ],
)
def test_create_game_opens_the_facilitator_page_of_a_new_game(engine, language, pace, factor):
    at = run(page("app.py"))
    at.selectbox(key="create_language").set_value(language)
    at.radio(key="create_pace").set_value(pace)
    run(at.button(key="create_game").click())

    # The facilitator page opened, and its private link holds the new game's key.
    [key] = parse_qs(urlsplit(private_link(at)).query)["key"]
    view = engine.facilitator_view(key)  # the key is a real facilitator token
    assert at.query_params == {"game": view["code"]}  # the key left the address bar
    assert view["phase"] == "lobby"
    assert view["language"] == language
    assert view["durations"] == {
        phase.value: None if factor is None else seconds * factor
        for phase, seconds in DEFAULT_DURATIONS.items()
    }
    # The run followed the switch: this is the facilitator page, in the game's language.
    start = at.button(key="start_game")
    assert start.label == tr(language, "ui.fac.start")
    assert view["code"] in rendered(at)


def test_join_with_a_code_opens_the_join_form(engine):
    table = seat_lobby(engine, ["Ana"])
    at = run(page("app.py"))
    at.text_input(key="join_code").input(table.code.lower())  # typed in lower case
    run(at.button(key="join_go").click())
    assert at.query_params.get("code") == table.code
    assert at.text_input(key="join_name").label == tr("en", "ui.play.name_label")
    assert not at.error


@pytest.mark.parametrize("language", ["en", "es"])
def test_unknown_code_is_a_translated_error_and_stays_home(engine, language):
    at = page("app.py")
    at.context = {"locale": "es-ES" if language == "es" else "en-GB"}
    run(at)
    at.text_input(key="join_code").input("ZZZZZZ")
    run(at.button(key="join_go").click())
    assert [e.value for e in at.error] == [tr(language, "error.unknown_code", code="ZZZZZZ")]
    assert "code" not in at.query_params
    assert at.button(key="create_game")  # still the home page


def test_spanish_ui_when_chosen(engine):
    at = run(page("app.py"))
    assert at.button(key="join_go").label == tr("en", "ui.home.join_go")
    assert at.text_input(key="join_code").label == tr("en", "ui.home.code_label")
    at.segmented_control(key="home_language").set_value("es")
    run(at)
    assert at.text_input(key="join_code").label == tr("es", "ui.home.code_label")
    assert at.button(key="create_game").label == tr("es", "ui.home.create_go")
    assert at.radio(key="create_pace").label == tr("es", "ui.home.pace")
    assert [e.label for e in at.expander] == [
        tr("es", "ui.deck.own_title"),
        tr("es", "ui.home.how_to_play"),
    ]


def test_spanish_browser_gets_spanish_home(engine):
    at = page("app.py")
    at.context = {"locale": "es-MX"}
    run(at)
    assert at.button(key="create_game").label == tr("es", "ui.home.create_go")


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_student_meets_join_first_and_the_teachers_creation_below(engine, language):
    """The bare address is what a class opens: its title and first field are the join's; the
    creation comes after, naming the game picked (not the page's title)."""
    at = run(page("app.py"))
    at.segmented_control(key="home_language").set_value(language)
    run(at)
    assert [h.value for h in at.title] == [tr(language, "ui.home.join_title")]
    order = [
        getattr(node, "key", None) or getattr(node, "value", None) for node in at.main
    ]  # the page's elements, top to bottom
    join, create = order.index("join_code"), order.index(tr(language, "ui.home.create_title"))
    assert join < create < order.index("create_game_name")
    run(at.radio(key="create_game_name").set_value("canvas_critters"))
    assert Engine.game_title("canvas_critters", language) in [h.value for h in at.subheader]
    assert tr(language, "ui.home.tagline.canvas_critters") in [m.value for m in at.markdown]


@pytest.mark.parametrize("page_language", ["en", "es"])
@pytest.mark.parametrize(
    ("kind", "game", "language"),
    [("game", "canvas_critters", "es"), ("class", "crossed_canvas", "en")],
)
def test_a_typed_code_names_its_game_in_the_games_language(
    engine, page_language, kind, game, language
):
    """A Spanish Canvas Critters game's code says "Lienzo de bichos" on an English page; a
    class's code names its game too. Only the game's name: the projector shows as much."""
    create = engine.create_class if kind == "class" else engine.create_game
    code = create(game=game, language=language).code
    at = run(page("app.py"))
    at.segmented_control(key="home_language").set_value(page_language)
    run(at)
    run(at.text_input(key="join_code").input(f" {code.lower()} "))
    said = tr(language, "ui.home.code_game", code=code, game=Engine.game_title(game, language))
    assert said in visible_text(at).splitlines()
    assert not at.error
    run(at.button(key="join_go").click())
    assert at.query_params.get("code") == code


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_typed_wrong_code_is_said_before_join_and_names_no_game(engine, language):
    at = page("app.py")
    at.context = {"locale": "es-ES" if language == "es" else "en-GB"}
    run(at)
    run(at.text_input(key="join_code").input("ZZZZZZ"))
    assert [e.value for e in at.error] == [tr(language, "error.unknown_code", code="ZZZZZZ")]
    assert "ZZZZZZ" not in visible_text(at)


def test_a_wrong_code_counts_one_guess_however_often_the_page_runs(engine, monkeypatch):
    """The teacher switching the creation's choices below a wrong code reruns the page: the code
    is looked up when typed, not on every run (each lookup counts as a guess)."""
    looked: list[str] = []
    status = Engine.status
    monkeypatch.setattr(
        Engine, "status", lambda self, code: looked.append(code) or status(self, code)
    )
    at = run(page("app.py"))
    run(at.text_input(key="join_code").input("ZZZZZZ"))
    for game in ("canvas_critters", "canvas_layers", "crossed_canvas"):
        run(at.radio(key="create_game_name").set_value(game))
    assert looked == ["ZZZZZZ"]
    assert len(at.error) == 1


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_game_picked_is_said_in_a_sentence_of_the_pages_language(engine, language):
    """Each game's line under the title, never the raw key of a missing text."""
    at = run(page("app.py"))
    at.segmented_control(key="home_language").set_value(language)
    run(at)
    for game in Engine.offered_games():
        run(at.radio(key="create_game_name").set_value(game))
        key = f"ui.home.tagline.{game}"
        assert key in catalogue(language), key
        assert tr(language, key) in [m.value for m in at.markdown]


def test_the_deck_choice_is_offered_only_for_a_game_that_takes_decks(engine):
    """The deck menu and the own-deck form are the chosen game's part: a teacher creating
    Canvas Critters or Canvas Layers sees neither, and a Crossed Canvas game gets the deck."""
    at = run(page("app.py"))
    assert at.selectbox(key="create_deck").value == "default"
    for game_name in ("canvas_critters", "canvas_layers"):
        run(at.radio(key="create_game_name").set_value(game_name))
        assert "create_deck" not in [box.key for box in at.selectbox]
        assert "deck_form" not in [exp.key for exp in at.expander if exp.key]
    run(at.radio(key="create_game_name").set_value("crossed_canvas"))
    assert at.selectbox(key="create_deck").options[0] == tr("en", "ui.deck.built_in", count=206)
