"""pages/play.py before a personal link: the code form, the join form and bad links."""

from __future__ import annotations

import pytest
from pagekit import LONG, home_hash, html_text, page, rendered, run, seat_lobby, tr
from streamlit.testing.v1 import AppTest

from engine import Engine
from ui.browser import COOKIE
from ui.text import isolate


def join(at, name: str):
    at.text_input(key="join_name").input(name)
    return run(at.button(key="join_submit").click())


def test_join_form_speaks_the_games_language(engine):
    table = seat_lobby(engine, ["Ana"], language="es")
    at = run(page("pages/play.py", code=table.code))
    assert at.text_input(key="join_name").label == tr("es", "ui.play.name_label")
    assert at.button(key="join_submit").label == tr("es", "ui.play.join_submit")
    # The face to pick, then the limit and Enter, said in Spanish (Streamlit's own English
    # words are hidden).
    assert [c.value for c in at.caption] == [
        tr("es", "ui.face.hint"),
        "Hasta 24 caracteres. Pulsa Intro o toca «Unirme».",
    ]
    assert at.title[0].value == tr("es", "ui.play.join_title")
    assert table.code in html_text(at)


@pytest.mark.parametrize(("game", "language"), [("canvas_critters", "es"), ("canvas_layers", "en")])
def test_the_join_form_behind_a_qr_code_names_its_game(engine, game, language):
    """A student who scans the QR code meets the game's name before typing theirs."""
    code = engine.create_game(game=game, language=language).code
    at = run(page("pages/play.py", code=code))
    said = tr(language, "ui.home.code_game", code=code, game=Engine.game_title(game, language))
    assert said in html_text(at)


def test_joining_puts_the_personal_link_in_the_address(engine):
    table = seat_lobby(engine, ["Ana"])
    at = run(page("pages/play.py", code=table.code.lower()))
    at = join(at, "  Ben  ")
    token = at.query_params.get("token")
    assert token, "after joining, the page's address must hold ?token=..."
    assert "code" not in at.query_params
    me = engine.player_view(token)
    assert me["name"] == "Ben"
    assert engine.public_view(table.code)["players"] == ["Ana", "Ben"]
    # The page is now the player's own page in the lobby.
    assert [s.value for s in at.success] == [tr("en", "ui.play.waiting_start")]
    assert "Ben" in html_text(at)
    assert not at.text_input  # no join form any more


@pytest.mark.parametrize(
    ("name", "key", "params"),
    [
        ("", "error.name_empty", {}),
        ("    ", "error.name_empty", {}),
        ("ANA", "error.name_taken", {"name": isolate("ANA")}),
        (" ana ", "error.name_taken", {"name": isolate("ana")}),
    ],
)
@pytest.mark.parametrize("language", ["en", "es"])
def test_name_rules_refused_with_a_clear_message(engine, language, name, key, params):
    table = seat_lobby(engine, ["Ana"], language=language)
    at = run(page("pages/play.py", code=table.code))
    at = join(at, name)
    assert [e.value for e in at.error] == [tr(language, key, **params)]
    assert "token" not in at.query_params
    assert at.query_params.get("code") == table.code
    assert engine.public_view(table.code)["players"] == ["Ana"]  # nothing changed
    assert at.text_input(key="join_name")  # the form is still there to try again


def test_a_removed_student_is_told_their_teacher_removed_them(engine):
    """The tab that showed the lobby says it in the game's language, and a reload (no
    language known but the browser's) says it too; neither names the game or anyone in it."""
    table = seat_lobby(engine, ["Ana", "Ben"], language="es")
    at = table.play("Ben")
    engine.remove_player(table.fac, "Ben")
    for shown, language in [(run(at), "es"), (table.play("Ben"), "en")]:
        assert [e.value for e in shown.error] == [tr(language, "error.player_removed")]
        everything = rendered(shown)
        assert table.code not in everything and "Ana" not in everything


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_pasted_long_name_is_refused_saying_the_limit_and_kept(engine, language):
    """A name of 25 characters or more is neither dropped by the text box nor cut: the page
    says the limit and keeps the text to shorten; 24 join."""
    table = seat_lobby(engine, ["Ana"], language=language)
    at = run(page("pages/play.py", code=table.code))
    pasted = "Alexandra Montserrat García"
    at = join(at, pasted)
    assert [e.value for e in at.error] == [tr(language, "error.name_too_long", max=24)]
    assert at.text_input(key="join_name").value == pasted
    assert "token" not in at.query_params
    at = join(at, "y" * 24)
    assert at.query_params.get("token")
    assert engine.public_view(table.code)["players"] == ["Ana", "y" * 24]


def test_back_to_the_code_page_mid_game_returns_to_the_same_link(engine):
    """A phone's Back from its seat to /play?code=... (the same tab): the page takes the
    student back to the link it had, which keeps working (Forward, a reload, other tabs)."""
    table = seat_lobby(engine, ["Ana", "Cai", "Dee", "Eli"])
    at = join(run(page("pages/play.py", code=table.code)), "Ben")
    token = at.query_params["token"]
    table.start()
    at.query_params.clear()
    at.query_params["code"] = table.code  # Back
    at = run(at)
    assert at.query_params.get("token") == token
    assert engine.player_view(token)["name"] == "Ben"  # the link still works
    assert not at.error


@pytest.mark.parametrize("language", ["en", "es"])
def test_back_to_the_join_form_in_the_lobby_says_you_are_in_and_keeps_the_link(engine, language):
    """A phone's Back from its seat to the join form, in the lobby (the same tab): no empty
    form to join again with (that would make a new link and retire this one), but "You are
    already in as Ben" and a button back to the phone, on the same link."""
    table = seat_lobby(engine, ["Ana"], language=language)
    at = join(run(page("pages/play.py", code=table.code)), "Ben")
    token = at.query_params["token"]
    at.query_params.clear()
    at.query_params["code"] = table.code  # Back
    at = run(at)
    assert "token" not in at.query_params
    assert not at.text_input and not at.error  # no join form
    said = tr(language, "ui.play.already_in", name="<bdi>Ben</bdi>")
    assert said in html_text(at)
    back = at.button(key="back_to_phone")
    assert back.label == tr(language, "ui.play.back_to_phone")
    at = run(back.click())
    assert at.query_params.get("token") == token
    assert [s.value for s in at.success] == [tr(language, "ui.play.waiting_start")]
    assert engine.player_view(token)["name"] == "Ben"  # the link still works
    assert engine.public_view(table.code)["players"] == ["Ana", "Ben"]


def another_tab(first: AppTest, **query: str) -> AppTest:
    """A new tab of the browser `first` ran in: nothing of its session, the same browser id
    (in the app, the cc_browser cookie; under AppTest the tab's id stands for it)."""
    at = page("pages/play.py", **query)
    at.session_state[COOKIE] = first.session_state[COOKIE]
    return at


@pytest.mark.parametrize("language", ["en", "es"])
def test_another_tab_of_a_seated_browser_says_you_are_in_and_keeps_the_link(engine, language):
    """A second tab of a seated student's browser, on the join form with no link: "You are
    already in as Ben" and a button to the phone on the SAME link, so the first tab's link
    keeps working (no new link retiring it). Another browser gets a join form, and no link."""
    table = seat_lobby(engine, ["Ana"], language=language)
    first = join(run(page("pages/play.py", code=table.code)), "Ben")
    token = first.query_params["token"]
    second = run(another_tab(first, code=table.code))
    assert not second.text_input and not second.error  # no join form
    assert tr(language, "ui.play.already_in", name="<bdi>Ben</bdi>") in html_text(second)
    second = run(second.button(key="back_to_phone").click())
    assert second.query_params.get("token") == token
    assert [s.value for s in second.success] == [tr(language, "ui.play.waiting_start")]
    assert [s.value for s in run(first).success] == [tr(language, "ui.play.waiting_start")]
    assert engine.public_view(table.code)["players"] == ["Ana", "Ben"]
    stranger = run(page("pages/play.py", code=table.code))
    assert stranger.text_input(key="join_name")
    assert token not in rendered(stranger) and "Ben" not in html_text(stranger)


def test_another_tab_of_a_seated_browser_mid_game_opens_the_same_link(engine):
    """Mid-game, the code page of a seated browser's other tab goes straight to its seat, on
    the link the first tab shows."""
    table = seat_lobby(engine, ["Ana", "Cai", "Dee", "Eli"])
    first = join(run(page("pages/play.py", code=table.code)), "Ben")
    token = first.query_params["token"]
    table.start()
    second = run(another_tab(first, code=table.code))
    assert second.query_params.get("token") == token
    assert engine.player_view(token)["name"] == "Ben"


def test_a_class_student_back_on_the_join_form_or_in_another_tab_keeps_the_link(engine):
    """The class's join form (the class code) in the tab a student joined from (Back) or in
    another tab of its browser: "already in" and the same link, not a second join."""
    room = engine.create_class(durations=LONG)
    for name in ["Ana", "Cai", "Dee", "Eli"]:
        engine.join(room.code, name)
    first = join(run(page("pages/play.py", code=room.code)), "Ben")
    token = first.query_params["token"]
    first.query_params.clear()
    first.query_params["code"] = room.code  # Back
    for tab in (run(first), run(another_tab(first, code=room.code))):
        assert not tab.text_input and not tab.error
        assert tr("en", "ui.play.already_in", name="<bdi>Ben</bdi>") in html_text(tab)
        assert run(tab.button(key="back_to_phone").click()).query_params.get("token") == token
    assert engine.player_view(token)["name"] == "Ben"


def test_joining_a_started_game_is_refused(engine):
    table = seat_lobby(engine, ["Ana", "Ben", "Cai", "Dee", "Eli"], language="es")
    at = run(page("pages/play.py", code=table.code))  # form opened in the lobby
    table.start()
    at = join(at, "Fay")
    assert [e.value for e in at.error] == [tr("es", "error.already_started")]
    assert "token" not in at.query_params
    assert engine.public_view(table.code)["players"] == ["Ana", "Ben", "Cai", "Dee", "Eli"]


def test_no_parameters_offers_the_code_form(engine):
    table = seat_lobby(engine, ["Ana"])
    at = run(page("pages/play.py"))
    assert [i.value for i in at.info] == [tr("en", "ui.play.no_link")]
    at.text_input(key="join_code").input(f" {table.code.lower()} ")
    at = run(at.button(key="join_go").click())
    assert at.query_params.get("code") == table.code
    assert at.text_input(key="join_name")


def test_unknown_code_says_so_and_offers_the_code_form(engine):
    at = run(page("pages/play.py", code="QQQQQQ"))
    assert [e.value for e in at.error] == [tr("en", "error.unknown_code", code="QQQQQQ")]
    assert at.text_input(key="join_code")


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_bad_token_says_so_and_links_home(engine, locale):
    language = locale[:2]
    at = page("pages/play.py", token="not-a-real-token")
    at.context = {"locale": locale}
    run(at)
    assert [e.value for e in at.error] == [tr(language, "error.bad_player_token")]
    links = at.get("page_link")
    assert len(links) == 1
    assert links[0].proto.label == tr(language, "ui.go_home")
    assert links[0].proto.page_script_hash == home_hash()
    assert not at.button  # nothing else to do on this page


@pytest.mark.parametrize("name", ["<b>x</b>", "**x**", "<img src=q>"])
def test_names_with_markup_are_shown_literally(engine, name):
    table = seat_lobby(engine, ["Ana"])
    at = join(run(page("pages/play.py", code=table.code)), name)
    token = at.query_params.get("token")
    assert engine.player_view(token)["name"] == name
    shown = html_text(at)
    escaped = name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert escaped in shown  # in HTML snippets, escaped: shown as typed
    if "<" in name:
        assert name not in shown  # never as raw HTML
    for element in [*at.markdown, *at.success, *at.info, *at.error, *at.caption]:
        assert name not in element.value  # no Markdown element carries it unescaped


@pytest.mark.parametrize("name", ["**Bo**", "_Bo_"])
def test_duplicate_markup_name_error_shows_the_name_literally(engine, name):
    """The name_taken message repeats the typed name inside st.error, which reads Markdown.

    Bug while this fails: pages/play.py join_form passes RuleError("error.name_taken",
    name=...) to ui.text.show_error -> st.error(body) unescaped, so "**Bo**" shows as bold
    "Bo" (RULINGS: a name never becomes markup anywhere).
    """
    table = seat_lobby(engine, [name])
    at = join(run(page("pages/play.py", code=table.code)), name.upper())
    [error] = at.error
    assert "BO" in error.value
    assert name.upper() not in error.value  # Markdown specials must arrive escaped
    assert "token" not in at.query_params


def test_markup_names_literal_in_other_players_lists(engine):
    table = seat_lobby(engine, ["<b>x</b>", "**y**", "Cai"])
    at = run(page("pages/play.py", token=table.tokens["Cai"]))
    shown = html_text(at)
    assert "&lt;b&gt;x&lt;/b&gt;" in shown
    assert "<b>x</b>" not in rendered(at)
    assert "**y**" in shown
