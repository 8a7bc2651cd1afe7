"""UI strings per language (data/i18n), and small formatting helpers built on them."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from typing import Any, NoReturn

import streamlit as st

from engine.errors import RuleError
from engine.i18n import translate

Translator = Callable[..., str]

_MARKDOWN_SPECIALS = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:=])")

#: The robots among the names this page run draws, and the word that marks them (`mark_robots`).
_ROBOTS: ContextVar[tuple[frozenset[str], str]] = ContextVar("robots", default=(frozenset(), ""))
# A robot's mark: the name's own size (projected text stays >= 28 px), set apart by a frame,
# its box one line high, so the frames of two robots on adjacent tight lines never touch.
ROBOT_MARK_STYLE = (
    "display:inline-block;line-height:1;font-style:italic;font-weight:normal;"
    "border:1px solid currentColor;border-radius:.3em;padding:0 .2em;margin-left:.25em;"
    "white-space:nowrap"
)


def translator(language: str) -> Translator:
    """`t("ui.key", **params)` in one language."""
    return lambda key, **params: translate(language, key, **params)


def decimal_text(value: float, t: Translator) -> str:
    """A number to one decimal, with the language's decimal mark ("2.5", "2,5")."""
    return f"{value:.1f}".replace(".", t("ui.decimal_mark"))


def browser_language() -> str:
    """Spanish when the browser asks for it, else English (used before a game is chosen)."""
    locale = (st.context.locale or "en").lower()
    return "es" if locale.startswith("es") else "en"


def show_error(error: RuleError, language: str) -> None:
    """A refused command, in the page's language."""
    st.error(error_markdown(error, language), icon=":material/warning:")


def error_markdown(error: RuleError, language: str) -> str:
    """A refusal's message as Markdown: a typed name or code in it stays literal, and a name is
    isolated so right-to-left text cannot reorder the sentence."""
    params = {k: plain_label(v) if isinstance(v, str) else v for k, v in error.params.items()}
    if isinstance(params.get("name"), str):
        params["name"] = isolate(params["name"])
    return translate(language, error.key, **params)


def dead_end(language: str, error: RuleError | None = None, message_key: str = "") -> NoReturn:
    """A page that cannot go on (no code, a wrong link): say why, offer the way home, stop."""
    t = translator(language)
    if error is not None:
        show_error(error, language)
    else:
        st.warning(t(message_key), icon=":material/info:")
    st.page_link("app.py", label=t("ui.go_home"))
    st.stop()


def literal(text: str) -> str:
    """Text made safe for HTML snippets: a name like <b>x</b> stays literal."""
    return html.escape(text, quote=True)


def url_html(url: str) -> str:
    """An address for HTML, escaped, with a place to wrap after each "/", "?" and "&": a long
    address behind a proxy wraps at its parts instead of running out of its box."""
    return "<wbr>".join(literal(part) for part in re.split(r"(?<=[/?&])", url))


def plain_label(text: str) -> str:
    """Text made safe for a widget label, where Streamlit reads Markdown: **x** stays literal."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", text)


def robots_in(view: Mapping[str, Any]) -> list[str]:
    """The robots a game's view lists, or every table's of a class's view."""
    tables = view.get("tables") or []
    return [*view.get("robots", []), *(n for table in tables for n in table["view"]["robots"])]


def mark_robots(names: Iterable[str], t: Translator) -> None:
    """From now on in this page run, a robot's name (one of `names`: robot seats are public,
    every view lists them) is drawn with "robot" beside it, wherever `name_html` or `isolate`
    draws it: a page calls this once it has its view, before drawing a name."""
    _ROBOTS.set((frozenset(names), t("ui.robot_mark")))


def _robot_word(name: str) -> str | None:
    """The word marking `name` as a robot's, or None for a student's."""
    robots, word = _ROBOTS.get()
    return word if name in robots else None


def name_html(name: str) -> str:
    """A player's name for HTML: escaped, and in its own <bdi>, so a right-to-left name keeps
    its order and cannot pull the punctuation or the next name in a list into it; a robot's
    is marked (`mark_robots`)."""
    word = _robot_word(name)
    mark = (
        ""
        if word is None
        else f'<span class="cc-robot" style="{ROBOT_MARK_STYLE}">{literal(word)}</span>'
    )
    return f"<bdi>{literal(name)}</bdi>{mark}"


def isolate(name: str) -> str:
    """A player's name for plain text (widget labels and options, where HTML is not read):
    between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, the plain-text <bdi>; a robot's
    is marked (`mark_robots`)."""
    word = _robot_word(name)
    return f"\u2068{name}\u2069" + ("" if word is None else f" ({word})")


def sentence_html(t: Translator, key: str, name: str) -> str:
    """A translated sentence naming a player, as HTML: the sentence escaped, the name in <bdi>."""
    before, _, after = t(key, name="\x00").partition("\x00")
    return f"{literal(before)}{name_html(name)}{literal(after)}"


def seconds_text(seconds: float | None) -> str:
    """A countdown as m:ss, rounded up so 0:00 means the phase is over."""
    if seconds is None:
        return ""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"
