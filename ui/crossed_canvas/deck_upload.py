"""The home page's deck choice and the form that uploads a teacher's own deck.

The upload runs in the button's callback, before the page is drawn again, so a deck just
accepted is already chosen in the deck list above the form.
"""

from __future__ import annotations

from functools import cache

import streamlit as st

from engine import DeckRefused, Engine, RuleError
from engine.crossed_canvas.deck_csv import deck_as_csv, deck_pictures_zip, template_csv
from engine.crossed_canvas.decks import load_deck
from engine.i18n import translate
from engine.uploads import MAX_CSV_BYTES, MAX_PICTURE_BYTES, MAX_UPLOAD_BYTES, MEGABYTE
from ui.browser import deck_owner_id, known_deck_owner_id
from ui.text import Translator, error_markdown, plain_label

DEFAULT = "default"
PICTURE_TYPES = ["png", "jpg", "jpeg", "svg", "zip"]
CSV_MB = MAX_CSV_BYTES // MEGABYTE


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
    uploader_texts("deck_csv", t("ui.deck.choose_file"), t("ui.deck.csv_limit", most=CSV_MB))
    st.file_uploader(
        t("ui.deck.pictures"), type=PICTURE_TYPES, accept_multiple_files=True, key="deck_pictures"
    )
    pictures_limit = t(
        "ui.deck.pictures_limit",
        picture=MAX_PICTURE_BYTES // 1024,
        most=MAX_UPLOAD_BYTES // MEGABYTE,
    )
    uploader_texts("deck_pictures", t("ui.deck.choose_files"), pictures_limit)
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


# Streamlit's own texts in an uploader, each (its box, the element of the text in it, size):
# its button's, and the line under it.
UPLOADER_TEXTS = (
    ("button [data-testid=stMarkdownContainer]", "p", "1rem"),
    ("[data-testid=stFileUploaderDropzoneInstructions] > div", "span", ".875rem"),
)


def uploader_texts(key: str, button: str, limit: str) -> None:
    """Streamlit 1.67's file uploader says "Upload" and "<server.maxUploadSize>MB per file" in
    English whatever the page's language, and that cap is Streamlit's, set above ours so the
    engine refuses a larger file in the page's language. The uploader keyed `key` shows
    `button` and `limit` instead, drawn by CSS in the texts' boxes: the old texts are gone,
    the new ones are seen and read aloud (the button is named by it). Streamlit offers no
    option for these texts."""
    rules = "".join(
        f".st-key-{key} {box} > {old}{{display:none}}"
        f".st-key-{key} {box}::after{{content:{css_string(text)};font-size:{size};"
        "white-space:normal}"
        for (box, old, size), text in zip(UPLOADER_TEXTS, (button, limit), strict=True)
    )
    st.html(f"<style>{rules}</style>")


def css_string(text: str) -> str:
    """`text` as a quoted CSS string that cannot end its rule or the <style> element."""
    escaped = "".join(c if c.isalnum() or c in " ,.()" else f"\\{ord(c):x} " for c in text)
    return f'"{escaped}"'


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
