"""No critical or serious accessibility violation on any page, in any phase, in Spanish, and
no English on a Spanish page.

axe-core runs in the page (WCAG 2.0, 2.1 and 2.2, levels A and AA) at each moment a person
meets: the home page, a game's rules, the privacy notice, the join form, a student's lobby, the
loyal artist's open card, both ink pulses, the merge, the discussion, the Curator's options,
the accusation, the reveal and the final standings, the facilitator's lobby and a round in
progress, and the projector; on each, nothing in English (tests/browser/audit.py). axe-core
is the copy bundled in the pinned `axe-playwright-python` wheel (test extra): no network and no
Node.js at test time. The same moments in English are audited on the pages of test_game.py's
whole game, played by clicks.

The pages of the other games at every moment, Critters' palette and Layers' composer
included: test_every_game_audit.py. And a Spanish page says none of Streamlit's own English: its
"Skip to main content" link and a file uploader's "file upload" (ui/aria_words.py).

The game is driven through the engine on the server's own database (joins, strokes, choice,
votes, ends of phases): clicks are tested elsewhere, and this keeps the test to one page load
per person. A run prints every violation found, of any impact, counted by rule and impact.
Every request of every one of those pages goes to the app's own host (tests/browser/audit.py).
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from audit import LAPTOP, PHONE, SAID_JS, Audit, People, audited
from gamekit import UI_TIMEOUT_MS, open_card, seeded_engine, settle, wait_canvas
from playwright.sync_api import Page, expect

from engine import Engine
from engine.crossed_canvas.rules import ROUND_PHASES
from engine.i18n import translate

pytestmark = pytest.mark.browser

NAMES = {
    "en": ["Amara", "Ben", "Chen Wei", "Dmitri", "Élodie"],
    "es": ["Lucía", "Mateo", "Sofía", "Hugo", "Valentina"],
}
# Long enough that no phase ends on its own while a page is being checked.
DURATIONS = {phase.value: 3600 for phase in ROUND_PHASES}


def heading(language: str, view: dict[str, Any]) -> str:
    """The heading (class cc-phase) every page shows for the game's current phase."""
    phase = view["phase"]
    if phase in ("lobby", "finished"):
        return translate(language, f"ui.phase.{phase}")
    round_of = translate(language, "ui.round_of", round=view["round"], rounds=view["rounds"])
    return f"{round_of} · {translate(language, f'ui.phase.{phase}')}"


def shows_phase(language: str, engine: Engine, code: str, *pages: Page) -> None:
    """Each page shows the phase the game is in now."""
    text = heading(language, engine.public_view(code))
    for page in pages:
        try:
            expect(page.locator(".cc-phase").first).to_have_text(text, timeout=UI_TIMEOUT_MS)
        except AssertionError as stale:
            raise AssertionError(f"{page.url} did not show {text!r}") from stale


def request() -> str:
    return uuid.uuid4().hex


def test_no_serious_accessibility_violation_in_a_whole_spanish_game(
    streamlit_server, browser
) -> None:
    engine = seeded_engine(streamlit_server, "accessibility-es")
    with audited(browser, streamlit_server.url, "es") as (people, audit):
        play_and_scan(engine, people, audit)


def play_and_scan(engine: Engine, people: People, audit: Audit) -> None:
    language = people.language
    game = engine.create_game(language=language, durations=DURATIONS)
    code, key = game.code, game.facilitator_token

    visitor = people.open("/", LAPTOP)
    visitor.locator(".st-key-create_game button").wait_for()
    audit.scan("home", visitor)
    for moment, path in (
        ("rules", f"/rules?game=crossed_canvas&lang={language}"),
        ("privacy", f"/privacy?lang={language}"),
    ):
        visitor.goto(people.base_url + path)
        visitor.locator('[data-testid="stMarkdown"] h1').first.wait_for()
        audit.scan(moment, visitor)
    visitor.goto(f"{people.base_url}/play?code={code}")
    visitor.locator(".st-key-join_name input").wait_for()
    audit.scan("play join form", visitor)

    tokens = {name: engine.join(code, name) for name in NAMES[language]}
    facilitator = people.open(f"/facilitator?key={key}", LAPTOP)
    screen = people.open(f"/screen?code={code}", LAPTOP)
    first = next(iter(tokens))
    phone = people.open(f"/play?token={tokens[first]}", PHONE)
    shows_phase(language, engine, code, facilitator, screen, phone)
    players = translate(language, "ui.players_joined", count=len(tokens))
    for page in (facilitator, screen):
        expect(page.get_by_text(players)).to_be_visible(timeout=UI_TIMEOUT_MS)
    audit.scan("facilitator lobby", facilitator)
    audit.scan("projector lobby", screen)
    audit.scan("player lobby", phone)

    engine.start(key)
    views = {name: engine.player_view(token) for name, token in tokens.items()}
    roles = {view["role"]: name for name, view in views.items()}
    loyal = next(name for name, view in views.items() if view["role"] == "loyal")
    if loyal != first:  # the phone becomes a loyal artist's: one reload
        phone.goto(f"{people.base_url}/play?token={tokens[loyal]}")
    curator = people.open(f"/play?token={tokens[roles['curator']]}", PHONE)
    shows_phase(language, engine, code, phone, curator, facilitator)
    open_card(phone)
    audit.scan("role card (loyal artist)", phone)

    artists = [name for name, view in views.items() if view["role"] != "curator"]
    for pulse, after in ((1, "merge"), (2, "discussion")):
        engine.advance(key)
        shows_phase(language, engine, code, phone)
        wait_canvas(phone)
        audit.scan(f"ink pulse {pulse} canvas", phone)
        for index, name in enumerate(artists):
            y = 0.2 + 0.15 * index
            strokes = [[(0.1, y), (0.5, y + 0.05), (0.9, y)]]
            engine.submit_fragment(tokens[name], strokes, request())
        assert engine.public_view(code)["phase"] == after
        shows_phase(language, engine, code, phone)
        audit.scan(after, phone)
    shows_phase(language, engine, code, facilitator, screen)
    audit.scan("facilitator mid-round", facilitator)
    audit.scan("projector mid-round", screen)

    engine.advance(key)
    shows_phase(language, engine, code, curator)
    curator.locator('[class*="st-key-option_"] button').first.wait_for()
    audit.scan("Curator's options", curator)
    options = engine.player_view(tokens[roles["curator"]])["options"]
    engine.choose(tokens[roles["curator"]], options[0]["id"], request())

    shows_phase(language, engine, code, phone)
    phone.locator('[class*="st-key-accuse_"] button').first.wait_for()
    audit.scan("accusation", phone)
    signature = {name: engine.player_view(tokens[name])["signature"] for name in artists}
    for name, token in tokens.items():
        accused = roles["distorter"] if name != roles["distorter"] else loyal
        engine.accuse(token, signature[accused], request())

    shows_phase(language, engine, code, phone, screen)
    audit.scan("reveal (player)", phone)
    audit.scan("reveal (projector)", screen)

    while engine.public_view(code)["phase"] != "finished":
        engine.advance(key)
    shows_phase(language, engine, code, phone, screen, facilitator)
    audit.scan("finished (player)", phone)
    audit.scan("finished (projector)", screen)
    audit.scan("finished (facilitator)", facilitator)


def test_a_spanish_page_says_none_of_streamlit_s_english(streamlit_server, browser) -> None:
    """The home page in Spanish with a teacher's own deck form open (its two file
    uploaders): the link a keyboard meets first and the uploaders' file fields are named in
    Spanish, and neither English string is anywhere a person reads or hears."""
    people = People(browser, streamlit_server.url, "es")
    try:
        home = people.open("/", LAPTOP)
        home.get_by_text(translate("es", "ui.deck.own_title")).click()
        fields = home.locator('[data-testid="stFileUploader"] input[type="file"]')
        expect(fields).to_have_count(2, timeout=UI_TIMEOUT_MS)
        for field in fields.all():
            expect(field).to_have_attribute("aria-label", translate("es", "ui.aria.file_upload"))
        skip = home.get_by_test_id("stSkipToContent")
        expect(skip).to_have_text(translate("es", "ui.aria.skip_to_content"))
        settle(home)
        said = home.evaluate(SAID_JS) + home.evaluate("document.body.textContent")
        for english in ("Skip to main content", "file upload"):
            assert english not in said, f"the Spanish home page says {english!r}"
    finally:
        people.close()
