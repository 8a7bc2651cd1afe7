"""The home page's deck choice and the form that uploads a teacher's own deck.

The upload runs in the button's callback, before the page is drawn again, so a deck just
accepted is already chosen in the deck list above the form.
"""

from __future__ import annotations

from functools import cache

import streamlit as st

from engine import DeckRefused, Engine, RuleError
from engine.deck_csv import deck_as_csv, deck_pictures_zip, template_csv
from engine.decks import load_deck
from engine.i18n import translate
from engine.uploads import MAX_UPLOAD_BYTES, MEGABYTE
from ui.browser import deck_owner_id, known_deck_owner_id
from ui.text import Translator, error_markdown, plain_label

DEFAULT = "default"
PICTURE_TYPES = ["png", "jpg", "jpeg", "svg", "zip"]


def deck_choice(engine: Engine, t: Translator) -> tuple[str, str | None]:
    """The deck the teacher picks for a new game (the built-in one, or one this browser
    uploaded) and the browser's deck key that proves it may use it."""
    owner = known_deck_owner_id()
    own = {deck["id"]: deck for deck in engine.decks(owner)} if owner else {}
    st.session_state.setdefault("create_deck", DEFAULT)
    if st.session_state["create_deck"] not in {DEFAULT, *own}:
        st.session_state["create_deck"] = DEFAULT

    def label(deck_id: str) -> str:
        if deck_id == DEFAULT:
            return t("ui.deck.built_in", count=len(load_deck().objects))
        deck = own[deck_id]
        kind = "ui.deck.own_pictures" if deck["pictures"] else "ui.deck.own_names"
        return t(kind, title=deck["title"], count=deck["objects"])

    deck = st.selectbox(t("ui.deck.choose"), [DEFAULT, *own], format_func=label, key="create_deck")
    return deck, owner


def upload_form(engine: Engine, t: Translator, language: str) -> None:
    """Examples to start from, the upload, and what came of the last one."""
    st.markdown(t("ui.deck.format", most=MAX_UPLOAD_BYTES // MEGABYTE))
    with st.container(horizontal=True):
        st.download_button(
            t("ui.deck.template"), template_csv(), "deck-template.csv", "text/csv", key="deck_tpl"
        )
        st.download_button(
            t("ui.deck.example_csv"), example_csv(), "example-deck.csv", "text/csv", key="deck_ex"
        )
        st.download_button(
            t("ui.deck.example_zip"),
            example_pictures(),
            "example-pictures.zip",
            "application/zip",
            key="deck_ex_zip",
        )
    st.text_input(t("ui.deck.title"), key="deck_title")
    st.file_uploader(t("ui.deck.csv"), type=["csv"], key="deck_csv")
    st.file_uploader(
        t("ui.deck.pictures"), type=PICTURE_TYPES, accept_multiple_files=True, key="deck_pictures"
    )
    st.button(
        t("ui.deck.upload"),
        key="deck_upload",
        on_click=upload,
        args=(engine, language),
        type="primary",
    )
    outcome = st.session_state.pop("deck_outcome", None)
    if outcome is not None:
        kind, text = outcome
        if kind == "ok":
            st.success(text, icon=":material/check_circle:")
        else:
            st.error(text, icon=":material/warning:")


def upload(engine: Engine, language: str) -> None:
    """Send the form's files to the engine; on success the new deck becomes the choice."""
    csv_file = st.session_state.get("deck_csv")
    if csv_file is None:
        st.session_state["deck_outcome"] = ("error", translate(language, "ui.deck.no_csv"))
        return
    pictures = st.session_state.get("deck_pictures") or []
    title = st.session_state.get("deck_title") or csv_file.name.rsplit(".", 1)[0]
    try:
        files = [(f.name, f.getvalue()) for f in pictures]
        ref = engine.upload_deck(deck_owner_id(), title, csv_file.getvalue(), files)
    except DeckRefused as refused:
        st.session_state["deck_outcome"] = ("error", refusal_markdown(refused, language))
        return
    except RuleError as error:
        st.session_state["deck_outcome"] = ("error", error_markdown(error, language))
        return
    st.session_state["create_deck"] = ref
    saved = translate(language, "ui.deck.saved", title=plain_label(title.strip()))
    st.session_state["deck_outcome"] = ("ok", saved)


def refusal_markdown(refused: DeckRefused, language: str) -> str:
    """The summary, then one bullet per problem (typed names kept literal)."""
    lines = [error_markdown(problem, language) for problem in refused.problems]
    if refused.more:
        lines.append(translate(language, "error.deck.more", count=refused.more))
    summary = error_markdown(refused, language)
    return summary + "\n\n" + "\n".join(f"- {line}" for line in lines)


@cache
def example_csv() -> str:
    return deck_as_csv(load_deck())


@cache
def example_pictures() -> bytes:
    return deck_pictures_zip(load_deck())
