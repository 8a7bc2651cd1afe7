"""Streamlit's own words on selects and multiselects speak the page's language (issue 34).

Streamlit 1.67 names the button that opens a list "Open" (which names the open list too),
a multiselect's chips "Remove <option>", and so on, in English whatever the page's language
(ui/aria_words.py). A Spanish class page (its "Move a student" selects, a student picked, the
list open) and a Spanish Canvas Layers teacher page (its scoring cards' multiselect, full, the
list open) must hold none of those English strings in an accessible name, a placeholder, a
title or the open list, and say them in Spanish, while every option (a student's name, a
card's) reads as the page drew it; an English page keeps Streamlit's English. The browser's
own language is English throughout, as on a school's laptop with a Spanish game.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from gamekit import SLOW, UI_TIMEOUT_MS, seeded_engine, settle, t
from playwright.sync_api import Locator, Page, expect

from engine.i18n import translate
from ui.canvas_layers.cards_html import scoring_option
from ui.text import isolate, translator

pytestmark = pytest.mark.browser

#: Every string Streamlit 1.67's frontend itself puts on a select or multiselect, as read in
#: its bundles (Selectbox, Multiselect, utils: the default placeholders) and in the live DOM.
STREAMLIT_ENGLISH = re.compile(
    r"Open|Clear all|Clear value|Remove .+|Selected values|Choose an option|Choose options"
    r"|No options to select|Select all|Select \d+ matches|No results|Dismiss"
    r"|You can only select up to \d+ options?\. Remove an option first\."
)
TALL = {"width": 1280, "height": 1400}  # a teacher's page whole, with no scrolling
STUDENTS = ["Open", "Lucía Ñúñez", "Mateo"]  # a name that is one of Streamlit's words, kept

#: What a screen reader can read on the page: every accessible name, placeholder and title
#: (`labels`), and the texts of an open list (`options`: its options, or what it says when it
#: offers none).
WORDS_JS = """() => {
  const labels = [];
  for (const element of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
    for (const attribute of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(attribute);
      if (value) labels.push(value);
    }
  }
  const options = Array.from(
    document.querySelectorAll('[role="listbox"] [role="option"]'), (option) => option.textContent
  );
  return {lang: document.documentElement.lang, labels, options};
}"""


def words_on(page: Page) -> dict[str, Any]:
    """The document's language (`lang`), and the `labels` and `options` of `WORDS_JS`."""
    return page.evaluate(WORDS_JS)


def english_left(words: dict[str, Any]) -> list[str]:
    """Streamlit's English strings among the labels and options of `words_on`."""
    return [w for w in words["labels"] + words["options"] if STREAMLIT_ENGLISH.fullmatch(w)]


def es(key: str, **params: object) -> str:
    """Word `key` of ui/aria_words.py in Spanish."""
    return translate("es", f"ui.aria.{key}", **params)


def open_list(page: Page, widget: Locator) -> None:
    """Open a select's list, as a click on its field does, and wait until the list shows. The
    page is tall enough to need no scrolling and settled first: a scroll of the page (a run's
    or a picture's change of height) closes the list."""
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(page, images=True, pause_ms=300)
    widget.locator('input[role="combobox"]').click()
    expect(page.locator('[role="listbox"]')).to_be_visible(timeout=UI_TIMEOUT_MS)


def test_a_spanish_class_page_says_streamlit_s_words_in_spanish(streamlit_server, new_page):
    engine = seeded_engine(streamlit_server, "streamlit-words-class")
    room = engine.create_class(language="es", durations=SLOW)
    for index, name in enumerate(STUDENTS):
        engine.join(room.code, name, browser=f"streamlit-words-{index}")
    teacher = new_page(**TALL)
    teacher.goto(f"{streamlit_server.url}/classroom?key={room.facilitator_token}")
    teacher.get_by_text(translate("es", "ui.class.move"), exact=True).click()
    who = teacher.locator('[data-testid="stSelectbox"]').filter(
        has_text=translate("es", "ui.class.move_who")
    )
    opener = who.locator('button[aria-haspopup="listbox"]')
    expect(opener).to_have_attribute("aria-label", es("open"), timeout=UI_TIMEOUT_MS)
    open_list(teacher, who)
    listed = words_on(teacher)
    # A student picked: Streamlit adds its "Clear value" button.
    teacher.locator('[role="option"]').filter(has_text="Mateo").click()
    expect(who.locator('[role="group"] > button:not([aria-haspopup])')).to_have_attribute(
        "aria-label", es("clear_value"), timeout=UI_TIMEOUT_MS
    )
    picked = words_on(teacher)

    assert listed["lang"] == picked["lang"] == "es"
    assert english_left(listed) == english_left(picked) == []
    assert {es("open"), es("dismiss")} <= set(listed["labels"])
    assert es("clear_value") in picked["labels"]
    # Every student in the list as the page wrote them, "Open" included.
    seated = {
        name: table["table"]
        for table in engine.class_view(room.facilitator_token)["tables"]
        for name in table["players"]
    }
    assert sorted(listed["options"]) == sorted(
        translate("es", "ui.class.student_at", name=isolate(name), number=seated[name])
        for name in STUDENTS
    )


def scoring_page(server, new_page, language: str) -> tuple[Page, list[str]]:
    """A Canvas Layers teacher's lobby in `language`, its four scoring cards' list open (full:
    Streamlit says no more may be picked); the cards as the list names them (name and gist)."""
    engine = seeded_engine(server, f"streamlit-words-layers-{language}")
    new = engine.create_game(language, game="canvas_layers")
    cards = engine.facilitator_view(new.facilitator_token)["scoring"]
    teacher = new_page(**TALL)
    teacher.goto(f"{server.url}/facilitator?key={new.facilitator_token}")
    scoring = teacher.locator('[data-testid="stMultiSelect"]')
    expect(scoring.locator("[data-tag]")).to_have_count(len(cards), timeout=UI_TIMEOUT_MS)
    open_list(teacher, scoring)
    return teacher, [scoring_option(card, translator(language), language) for card in cards]


def test_a_spanish_teacher_page_says_a_multiselect_s_words_in_spanish(streamlit_server, new_page):
    teacher, names = scoring_page(streamlit_server, new_page, "es")
    expect(teacher.locator("[data-tag] > button").first).to_have_attribute(
        "aria-label", es("remove", name=names[0]), timeout=UI_TIMEOUT_MS
    )
    expect(teacher.locator('[role="listbox"] > [role="option"] > span')).to_have_text(
        es("max_selections", count=len(names)), timeout=UI_TIMEOUT_MS
    )
    words = words_on(teacher)
    assert words["lang"] == "es"
    assert english_left(words) == []
    labels = set(words["labels"])
    assert {es("open"), es("clear_all"), es("selected_values"), es("dismiss")} <= labels
    assert {es("remove", name=name) for name in names} <= labels


def test_an_english_page_keeps_streamlit_s_english(streamlit_server, new_page):
    teacher, names = scoring_page(streamlit_server, new_page, "en")
    words = words_on(teacher)
    assert words["lang"] == "en"
    labels = set(words["labels"])
    assert {"Open", "Clear all", "Selected values", "Dismiss"} <= labels
    assert {f"Remove {name}" for name in names} <= labels
    full = f"You can only select up to {len(names)} options. Remove an option first."
    assert words["options"] == [full]


def test_the_home_page_speaks_the_language_picked_on_it(streamlit_server, new_page):
    """Switched to Spanish, then back to English on the same page: Streamlit's words follow,
    and come back as Streamlit put them."""
    home = new_page(**TALL)
    home.goto(streamlit_server.url)
    opener = home.locator('[data-testid="stSelectbox"] button[aria-haspopup="listbox"]').first
    expect(opener).to_have_attribute("aria-label", "Open", timeout=UI_TIMEOUT_MS)
    # A first run marks nothing stale, so settle() cannot tell it is still drawing: wait for
    # the page's last link, drawn after every select (the game's language, the deck).
    expect(home.get_by_role("link", name=t("ui.home.privacy"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(home)
    first = english_left(words_on(home))
    assert "Open" in first

    home.get_by_role("radio", name="Español").click()
    expect(opener).to_have_attribute("aria-label", es("open"), timeout=UI_TIMEOUT_MS)
    settle(home)
    spanish = words_on(home)
    assert spanish["lang"] == "es"
    assert english_left(spanish) == []

    home.get_by_role("radio", name="English").click()
    expect(opener).to_have_attribute("aria-label", "Open", timeout=UI_TIMEOUT_MS)
    settle(home)
    english = words_on(home)
    assert english["lang"] == "en"
    assert sorted(english_left(english)) == sorted(first)
