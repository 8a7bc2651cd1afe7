"""Streamlit's own words on a page, in the page's language.

Streamlit 1.67 puts English words of its own on selects and multiselects, which no option of
its changes: the button that opens the list ("Open", which also names the open list), "Clear
all", "Clear value", "Remove <option>", "Selected values", the placeholder "Choose an option"
where a page passes none, and in the open list "Select all", "No results" and the like; on
every page the link a keyboard meets first, "Skip to main content"; on a file uploader its
hidden file field's name, "file upload" (ui/crossed_canvas/deck_upload.py says its visible
words); and its page says `<html lang="en">`. A screen reader reads a Spanish class those
words in English, and the page's Spanish with an English voice. `speak_the_page_language`
mounts a component with no look (ui/aria_words.js) that sets the document's language and, on
a page not in English, puts the catalogue's words (`ui.aria.<name>`) in place of exactly
those English strings, on exactly the elements Streamlit puts them on: text from the project
or a player is never touched, and a "Remove <option>" keeps its option as it was.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from engine.i18n import catalogue

#: The words, by name: `ui.aria.<name>` in each catalogue. The English value is Streamlit's
#: own, word for word, since that is what the page looks for; `{name}` and `{count}` stand for
#: what Streamlit puts there (an option, a number), kept as it is.
WORDS = (
    "open",
    "clear_all",
    "clear_value",
    "remove",
    "selected_values",
    "choose_option",
    "choose_options",
    "no_options",
    "select_all",
    "select_matches",
    "no_results",
    "max_selections",
    "max_selections_one",
    "dismiss",
    "skip_to_content",
    "file_upload",
)

_speak = st.components.v2.component(
    "crossed_canvas_aria_words",
    js=Path(__file__).with_name("aria_words.js").read_text(encoding="utf-8"),
    # The component has no look: neither it nor the gap before it takes room on the page.
    # (On two lines: Streamlit takes a one-line string with "[" or "*" for a file's name.)
    css="""div:has(> [class*="st-key-cc_aria_words"]),
[class*="st-key-cc_aria_words"] { display: none; }""",
    isolate_styles=False,
)


def page_words(language: str) -> dict[str, list[str]]:
    """{name: [Streamlit's English, the page's words]} for each word `language` says
    otherwise (none on an English page)."""
    english, own = catalogue("en"), catalogue(language)
    return {
        name: [english[key], own[key]]
        for name in WORDS
        if english[key := f"ui.aria.{name}"] != own[key]
    }


def speak_the_page_language(language: str) -> None:
    """Once the page knows its language (ui/tab.py `name_the_tab`, which every game and class
    page calls; the home page, on its language switch): the document says it, and so do
    Streamlit's own words."""
    with st.container(key="cc_aria_words"):
        _speak(
            key="cc_aria_words_component", data={"lang": language, "words": page_words(language)}
        )
