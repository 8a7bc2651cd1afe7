"""Helpers for the AppTest page tests: a seated game driven through the engine, page runs,
and ways to read everything a page rendered.

The pages run their own engine (``ui.runtime.get_engine``, real clock) on the same database
URL as the test's engine, so every phase lasts 600 s and the tests move phases with
``engine.advance(facilitator_token)``: nothing depends on wall-clock timing.
"""

from __future__ import annotations

import base64
import functools
import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.protobuf import text_format
from streamlit.testing.v1 import AppTest

from engine import Engine
from engine.crossed_canvas.rules import ROUND_PHASES
from engine.i18n import translate
from tests.engine.cc_support import Table as CrossedCanvasTable
from tests.engine.seated import seat_game

ROOT = Path(__file__).resolve().parents[2]
LONG = {phase.value: 600.0 for phase in ROUND_PHASES}
NAMES = ["Ana", "Ben", "Cai", "Dee", "Eli"]
TIMEOUT = 30


def page(path: str, **query: str) -> AppTest:
    """An AppTest for one page file (``app.py`` or ``pages/x.py``) with query parameters.

    Always built on the entrypoint ``app.py`` and switched to the page, as ``streamlit run
    app.py`` serves it: then a page's ``st.page_link("app.py")`` resolves as in the app.
    """
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    if path != "app.py":
        at.switch_page(path)
    for name, value in query.items():
        at.query_params[name] = value
    return at


def base_key(key: str | None) -> str | None:
    """A timer button's key without the stage it was drawn for (ui/moderation.timer_key)."""
    return key.split("-")[0] if key else key


def timer(at: AppTest, base: str) -> Any:
    """The timer button keyed `base` (pause_game, advance_table_2, ...) as drawn now."""
    (found,) = [b for b in at.button if base_key(b.key) == base]
    return found


def run(at: Any) -> AppTest:
    """Run the page (or the page of a widget just set or clicked); fail on any exception."""
    result = at.run()
    assert not result.exception, [e.value for e in result.exception]
    return result


@functools.cache
def home_hash() -> str:
    """The page script hash of app.py, as a page link to the home page carries it."""
    at = page("app.py")
    at.run()
    return at._finished_page_script_hash


def tr(language: str, key: str, **params: Any) -> str:
    return translate(language, key, **params)


def walk(node: Any) -> Iterator[Any]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from walk(child)


def rendered(at: AppTest) -> str:
    """Every element's and block's full message as the browser would receive it (UTF-8).

    This is more than the visible text: labels, options, HTML bodies, help texts, expander
    labels, code blocks. A secret is absent from the page only if it is absent from here.
    """
    return "\n".join(filter(None, map(element_text, walk(at._tree))))


def element_text(node: Any) -> str:
    """One element's or block's message as the browser would receive it (empty if none)."""
    proto = getattr(node, "proto", None)
    if proto is None or not hasattr(proto, "DESCRIPTOR"):
        return ""
    return text_format.MessageToString(proto, as_utf8=True)


def private_link_element(at: AppTest) -> Any:
    """The facilitator page's "Copy my private link" button (a custom component)."""
    [element] = [node for node in walk(at._tree) if getattr(node, "key", None) == "private_link"]
    return element


def private_link(at: AppTest) -> str:
    """The link "Copy my private link" puts on the clipboard (the component's data)."""
    return json.loads(private_link_element(at).proto.json)["link"]


def html_text(at: AppTest) -> str:
    return "\n".join(h.value for h in at.html)


def visible(markup: str) -> str:
    """The text a reader sees in an HTML snippet: no styles or scripts, tags as spaces (but a
    name's <bdi>, inside a sentence or beside its punctuation, and an address's <wbr>, a place
    to wrap, as nothing)."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r"</?bdi>|<wbr>", "", markup)
    text = html.unescape(re.sub(r"<[^>]+>", " ", markup))
    return re.sub(r"\s+", " ", text).strip()


def visible_text(at: AppTest) -> str:
    """All st.html snippets' visible text, one per line."""
    return "\n".join(visible(h.value) for h in at.html)


def shows_points(text: str, name: str, points: int) -> bool:
    """`name` closely followed by `points` ("Ana 200", "Ana +200", "★ Ana 1000",
    "Ana 1000 (+200)")."""
    pattern = rf"(?<!\w){re.escape(name)}(?!\w)\W{{0,12}}(?:\d+\W{{1,6}})?\+?{points}(?!\d)"
    return re.search(pattern, text) is not None


def served_media(at_text: str, stores: list[Any]) -> list[bytes]:
    """Every picture a page sent: inline data URIs (st.image inlines SVG) and media files."""
    inline = [
        base64.b64decode(data)
        for data in re.findall(r"data:image/[\w.+-]+;base64,([A-Za-z0-9+/=]+)", at_text)
    ]
    return inline + [f.content for store in stores for f in store._files_by_id.values()]


def picture_in(path: str, served: list[bytes]) -> bool:
    """Whether the deck picture at `path` is among `served` (its body, past the <svg> tag)."""
    content = Path(path).read_bytes()
    body = content.split(b">", 1)[1].strip() if content.lstrip().startswith(b"<") else content
    return any(body in item for item in served)


def unescaped(label: str) -> str:
    """A widget label as shown: Markdown backslash escapes removed."""
    return re.sub(r"\\(.)", r"\1", label)


def has_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE) is not None


def canvases(at: AppTest) -> list[str]:
    """Keys of the drawing canvases on the page (AppTest shows them as UnknownElement)."""
    return [
        node.key
        for node in walk(at._tree)
        if type(node).__name__ == "UnknownElement" and (node.key or "").startswith("draw_")
    ]


def keys(at: AppTest, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def drawing_state(*paths: list[list[Any]]) -> dict[str, Any]:
    """A canvas widget value as streamlit-drawable-canvas 0.13 reports it: fabric Paths."""
    objects = [{"type": "Path", "path": path} for path in paths]
    return {"drawing": {"raw": {"version": "7.4.0", "objects": objects}, "data": None}}


def a_path(y: float = 40.0) -> list[list[Any]]:
    """One freedraw stroke in canvas pixels (the play page's canvas is 320 px)."""
    return [["M", 20, y], ["Q", 60, y + 10, 100, y + 20], ["L", 260, y + 60]]


def strokes(count: int = 1) -> list[list[tuple[float, float]]]:
    return [
        [(0.1, 0.1 + 0.1 * i), (0.5, 0.2 + 0.1 * i), (0.9, 0.3 + 0.1 * i)] for i in range(count)
    ]


@dataclass
class Table(CrossedCanvasTable):
    """A seated game (of any game; the role helpers are Crossed Canvas's), driven through the
    test's engine, with its pages run in AppTest by the page's own engine."""

    def play(self, name: str, **query: str) -> AppTest:
        return run(page("pages/play.py", token=self.tokens[name], **query))

    def screen(self) -> AppTest:
        return run(page("pages/screen.py", code=self.code))

    def facilitator_page(self) -> AppTest:
        return run(page("pages/facilitator.py", key=self.fac))


def seat_lobby(
    engine: Engine,
    names: list[str] = NAMES,
    language: str = "en",
    *,
    game: str = "crossed_canvas",
    durations: dict[str, float | None] = LONG,
) -> Table:
    """`names` joined, in the lobby of a new game whose phases last as `durations` say."""
    return seat_game(
        Table,
        engine,
        None,
        names,
        game=game,
        language=language,
        durations=durations,
        start=False,
    )
