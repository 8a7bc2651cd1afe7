"""What every page of every game is held to, in each language, at each moment a person meets
it: axe-core finds no critical or serious violation, a Spanish page says nothing in English
(none of the project's English texts, none of Streamlit's own words), and no page asks any
other host than the app's for anything (a font, a script, a picture, telemetry: docs/privacy.md).

`Audit.scan` looks at one page at one moment and keeps what it found, so a run lists every
finding at once; `People` opens each person's page in a browser context of their own, in the
game's language. axe-core is the copy bundled in the pinned `axe-playwright-python` wheel
(test extra): no network and no Node.js at test time.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from urllib.parse import urlsplit

from axe_playwright_python.base import AXE_SCRIPT
from gamekit import UI_TIMEOUT_MS, settle
from playwright.sync_api import Browser, BrowserContext, Page

from engine.i18n import catalogue

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING = ("critical", "serious")
LOCALES = {"en": "en-GB", "es": "es-ES"}
PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 720}

# Label in name (WCAG 2.5.3) is one of the tags' rules from axe-core 4.14 on; the bundled
# 4.12.1 holds it back as experimental unless it is asked for by name.
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": TAGS},
    "rules": {"label-content-name-mismatch": {"enabled": True}},
    "resultTypes": ["violations"],
}
MAIN_HEIGHT = "document.querySelector('[data-testid=\"stMain\"]').scrollHeight"
# What a person reads or hears: the page's text, and the names pictures and controls give.
SAID_JS = """() => [document.body.innerText, ...[...document.querySelectorAll(
  '[alt], [aria-label], [title], [placeholder]')].flatMap((e) =>
  ['alt', 'aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) || ''))]
  .join('\\n')"""
# Streamlit's own English a page shows where the project gave no words of its own.
STREAMLIT_ENGLISH = (
    "Choose an option",
    "No options to select",
    "No results",
    "Press Enter to apply",
    "Press Enter to submit form",
    "Skip to main content",
    "file upload",
)
# A piece of an English text long enough to be English on its own, not a name or a number.
MIN_FRAGMENT = 14
MARKUP = re.compile(r"\{[^}]*\}|\*\*|`|\[|\]\([^)]*\)|\n")


@cache
def english_fragments() -> tuple[str, ...]:
    """The pieces (between placeholders and markup) of every English text whose Spanish
    differs, that no Spanish text holds: any of them on a Spanish page is English left."""
    english, spanish = catalogue("en"), catalogue("es")
    every_spanish = "\n".join(spanish.values())
    found = {
        piece.strip(" .,:;!?()·-–")
        for key, text in english.items()
        if text != spanish.get(key)
        for piece in MARKUP.split(text)
    }
    return tuple(
        sorted(
            piece
            for piece in found
            if len(piece) >= MIN_FRAGMENT and " " in piece and piece not in every_spanish
        )
    )


def english_on(said: str) -> list[str]:
    """The English a Spanish page says (`said`: its text and its pictures' and controls'
    names)."""
    return [piece for piece in (*english_fragments(), *STREAMLIT_ENGLISH) if piece in said]


@dataclass
class Finding:
    moment: str
    id: str
    impact: str
    targets: list[str]
    html: str
    summary: str

    def __str__(self) -> str:
        where = "; ".join(self.targets)
        return (
            f"[{self.impact}] {self.id} at {self.moment}: {where}\n"
            f"    {self.html}\n    {self.summary}"
        )


@dataclass
class Audit:
    """axe-core (and, on a Spanish page, the English check) run on each moment; findings are
    kept, so one run lists all of them."""

    language: str
    findings: list[Finding] = field(default_factory=list)
    english: list[str] = field(default_factory=list)
    moments: list[str] = field(default_factory=list)
    axe_version: str = ""

    def scan(self, moment: str, page: Page, *, as_seen: bool = False) -> None:
        """Check the whole page: axe-core skips the contrast of text outside the viewport,
        and Streamlit scrolls inside its main block, so the viewport grows to hold it all.
        `as_seen`: the page at the size and scroll it has, where what stays in sight (a
        phone's sticky Confirm) lies over what scrolls under it."""
        # measured next: a push may rerun it right after (old elements beside new)
        settle(page, images=True, pause_ms=300)
        viewport = page.viewport_size
        assert viewport is not None
        height = page.evaluate(MAIN_HEIGHT)
        if height > viewport["height"] and not as_seen:
            page.set_viewport_size({"width": viewport["width"], "height": height})
            settle(page, images=True)
        if not page.evaluate("typeof axe !== 'undefined'"):  # once per page load
            page.evaluate(AXE_SCRIPT)
        results = page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)
        if self.language != "en":
            # Once the page says its language (ui/aria_words.js, which then puts Streamlit's
            # own words in it): a page still loading its scripts is not yet what a person hears.
            page.wait_for_function(
                "lang => document.documentElement.lang === lang", arg=self.language
            )
            found = english_on(page.evaluate(SAID_JS))
            self.english.extend(f"{self.language} {moment}: {piece!r}" for piece in found)
        page.set_viewport_size(viewport)
        self.axe_version = results["testEngine"]["version"]
        self.moments.append(moment)
        for violation in results["violations"]:
            for node in violation["nodes"]:
                self.findings.append(
                    Finding(
                        moment=f"{self.language} {moment}",
                        id=violation["id"],
                        impact=node.get("impact") or violation["impact"] or "",
                        targets=[str(target) for target in node["target"]],
                        html=node["html"][:200],
                        summary=(node.get("failureSummary") or violation["help"]).replace(
                            "\n", " "
                        ),
                    )
                )

    def report(self) -> str:
        counts = Counter((f.id, f.impact) for f in self.findings)
        lines = [
            f"axe-core {self.axe_version}: {len(self.moments)} moments checked in "
            f"{self.language}; nodes by rule:"
        ]
        rows = [f"  {rule} ({impact}): {n}" for (rule, impact), n in sorted(counts.items())]
        return "\n".join(lines + (rows or ["  none"]))

    def assert_clean(self) -> None:
        """Every finding printed; none blocking, and no English on a Spanish page. An audit
        that scanned nothing is no verdict, so it fails too."""
        print(self.report())
        assert self.moments, "the audit scanned no page"
        for finding in self.findings:
            print(finding)
        blocking = [f for f in self.findings if f.impact in BLOCKING]
        assert not blocking, f"{len(blocking)} critical or serious:\n" + "\n".join(
            map(str, blocking)
        )
        assert not self.english, "English on a Spanish page:\n" + "\n".join(self.english)


#: The room's sound and a phone's own cue switched on in every person's browser before its
#: pages load (ui/sound.js keeps them in localStorage): the audits read each page as it is with
#: sound on, as with motion (Chromium's default) and faces (always shown).
SOUND_ON = """
try {
  localStorage.setItem("cc-sound", JSON.stringify({ on: true, volume: 60 }));
  localStorage.setItem("cc-phone-cue", JSON.stringify({ on: true }));
} catch (error) {}  // a page with no storage of its own (about:blank)
"""
#: The projector's corner button of the room's sound, labelled with its state.
SOUND_SWITCH = '[aria-controls="cc-sound-panel"]'


class People:
    """One browser context per person, in the game's language (the home page follows it),
    with sound on (`SOUND_ON`). Every request their pages make, websockets and components'
    frames included, is kept."""

    def __init__(self, browser: Browser, base_url: str, language: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.language = language
        self.contexts: list[BrowserContext] = []
        self.requested: list[str] = []

    def open(self, path: str, viewport: dict[str, int]) -> Page:
        page = self.new_page(**viewport)
        page.goto(self.base_url + path)
        return page

    def new_page(
        self, width: int = 1280, height: int = 800, touch: bool = False, scale: float = 1
    ) -> Page:
        """A blank page for one more person, its requests kept: `gamekit.Table`'s page
        factory, so a game played by clicks is audited on the pages it plays on."""
        context = self.browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=scale,
            has_touch=touch,
            is_mobile=touch,
            locale=LOCALES[self.language],
        )
        context.add_init_script(SOUND_ON)
        self.contexts.append(context)
        context.on("request", lambda request: self.requested.append(request.url))
        page = context.new_page()
        page.on("websocket", lambda socket: self.requested.append(socket.url))
        page.set_default_timeout(UI_TIMEOUT_MS)
        return page

    def elsewhere(self) -> list[str]:
        """The requests to any host but the app's (an address of the page's own, data: or
        blob:, names none)."""
        app = urlsplit(self.base_url).netloc
        return sorted({url for url in self.requested if urlsplit(url).netloc not in ("", app)})

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@contextmanager
def audited(browser: Browser, base_url: str, language: str) -> Iterator[tuple[People, Audit]]:
    """The people of a test and its audit: their pages closed at the end, then every finding
    printed and none blocking (`Audit.assert_clean`), and no request to another host, unless
    the test failed first."""
    people = People(browser, base_url, language)
    audit = Audit(language)
    try:
        yield people, audit
    finally:
        people.close()
    audit.assert_clean()
    assert people.requested and not people.elsewhere(), f"other hosts: {people.elsewhere()}"
