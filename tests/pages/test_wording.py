"""Words a class reads: said at the right moment, in the game's language, in the right number."""

from __future__ import annotations

import re

import pytest
from pagekit import a_path, drawing_state, has_word, page, run, seat_lobby, tr, visible_text

from engine.crossed_canvas.decks import load_deck
from engine.i18n import catalogue
from tests.kit import rid


def canvas_key(view) -> str:
    return f"draw_r{view['round']}_p1-gen0"


def test_a_late_student_is_told_before_typing_a_name(started):
    at = run(page("pages/play.py", code=started.code))
    assert [e.value for e in at.error] == [tr("en", "error.already_started")]
    assert not at.text_input  # no name to type in vain


def test_a_locked_lobby_is_said_before_typing_a_name(table):
    table.engine.lock_lobby(table.fac)
    at = run(page("pages/play.py", code=table.code))
    assert [e.value for e in at.error] == [tr("en", "error.lobby_locked")]
    assert not at.text_input


def test_one_stroke_is_asked_about_in_the_singular(started):
    table = started
    table.advance_to("pulse1")
    artist = table.with_role("loyal")[0]
    at = table.play(artist)
    at.session_state[canvas_key(table.view(artist))] = drawing_state(a_path())
    at = run(run(at).button(key="submit_fragment").click())
    assert [w.value for w in at.warning] == [tr("en", "ui.play.confirm_question_one")]


def test_a_pulse_with_the_card_hidden_says_what_to_do(started):
    table = started
    table.advance_to("pulse1")
    at = table.play(table.with_role("loyal")[0])
    assert tr("en", "ui.play.hint.draw", fewest=1, most=3) in [c.value for c in at.caption]


@pytest.mark.parametrize("language", ["en", "es"])
def test_name_pickers_ask_in_the_games_language(engine, language):
    at = seat_lobby(engine, language=language).facilitator_page()
    assert at.selectbox(key="remove_name").placeholder == tr(language, "ui.choose_player")


# Words shown where no Crossed Canvas target exists yet or at all: Canvas Critters' own pieces,
# the home page's help and refusals for a deck being uploaded, and the faces' animals, named
# only on the join form and the phone's lobby (a face itself is a picture without words).
NOT_BESIDE_A_TARGET = ("ui.critters.", "ui.deck.", "error.deck.", "avatar.")


@pytest.mark.parametrize("language", ["en", "es"])
def test_no_words_of_the_app_name_an_object_of_the_deck(language):
    """A projected page that said "computer" in a round whose target is the computer leaks it."""
    objects = [obj.names[language] for obj in load_deck().objects.values()]
    naming = [
        (key, name)
        for key, text in catalogue(language).items()
        if not key.startswith(NOT_BESIDE_A_TARGET)
        for name in objects
        if has_word(text, name)
    ]
    assert naming == []


# Spanish words that would make a student of the reveal a boy: an adjective agreeing with the
# Distorter ("¡Atrapado!" beside the name), or "you, the Distorter" with a masculine article.
MASCULINE_ABOUT_A_STUDENT = re.compile(r"¡Atrapado!|\bdescubierto\b|\bpara ti, el\b")


def test_a_spanish_reveal_speaks_of_the_distorter_whoever_they_are(engine):
    """The Curator misses and the Distorter is caught: on every phone, the projector and the
    teacher's page, the reveal and the points lines fit a girl as well as a boy."""
    table = seat_lobby(engine, language="es")
    table.start()
    table.advance_to("choice")
    curator, distorter = table.who("curator"), table.who("distorter")
    true_id = table.view(table.with_role("loyal")[0])["target"]["id"]
    wrong = next(o["id"] for o in table.view(curator)["options"] if o["id"] != true_id)
    engine.choose(table.tokens[curator], wrong, rid())
    suspect = table.view(distorter)["signature"]
    for name in table.tokens:
        if name != distorter:
            engine.accuse(table.tokens[name], suspect, rid())
    table.advance_to("reveal")
    pages = {name: table.play(name) for name in (curator, distorter, *table.with_role("loyal"))}
    pages.update(screen=table.screen(), teacher=table.facilitator_page())
    for who, at in pages.items():
        shown = visible_text(at)
        assert tr("es", "ui.distorter_caught") in shown, who
        assert not MASCULINE_ABOUT_A_STUDENT.search(shown), (who, shown)


#: Spanish that says "you" in the masculine only ("estás sentado", "como mejor situado"): what
#: a student reads must fit a girl as well as a boy.
MASCULINE_YOU = re.compile(
    r"\b(estás|eres|quedas|como)\s+(el\s+|mejor\s+)?(sentado|situado|listo|preparado|nuevo)\b",
    re.IGNORECASE,
)


def test_no_spanish_text_calls_the_student_you_in_the_masculine():
    said = {key: text for key, text in catalogue("es").items() if MASCULINE_YOU.search(text)}
    assert said == {}


# "Vosotros" and its forms: a word of them in a text read by one student.
PLURAL_YOU = re.compile(r"\b(vosotr|vuestr|os\b)", re.IGNORECASE)


def test_spanish_speaks_to_each_student_as_tu():
    """A phone, the home page and the lobby's lines (shown on the phones too) say "tú"; only
    the projector, which speaks to the whole class at once, may say "vosotros"."""
    said = {
        key: text
        for key, text in catalogue("es").items()
        if not key.startswith("ui.screen.") and PLURAL_YOU.search(text)
    }
    assert said == {}
