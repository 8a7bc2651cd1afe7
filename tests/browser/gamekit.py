"""Drive whole Crossed Canvas games in a real Chromium, the way people do: clicks and strokes.

Shared by the browser tests (test_game, test_reconnect, test_touch and others) and by the
hand-run ``screenshots.py``. Nothing here imports pytest.

Every action is a click or a stroke in a page. The engine is only *read* (``Engine`` on the
server's own database file) to learn what a person on the other side of a screen would know:
roles, signatures and options, so a test can decide what to click and what to expect.
The exceptions play through the engine: ``projector_game`` only looks at the projector page,
and twelve students' clicks would take minutes; the long games' later rounds (test_game,
test_critters_game, test_own_deck, test_two_servers) make round 1's clicked moves again
through ``Table.engine`` with the students' tokens and the facilitator's key, so that only
what a browser proves is played by clicks, once.
"""

from __future__ import annotations

import re
import uuid
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, BrowserContext, Page, expect
from worst_case import WIDEST_NAMES

from engine import Engine
from engine.crossed_canvas.rules import ROUND_PHASES, STROKE_LIMITS
from engine.i18n import catalogue, translate
from tests.kit import eventually

LANGUAGE = "en"
PHASES = tuple(phase.value for phase in ROUND_PHASES)
UI_TIMEOUT_MS = 20_000
# Every `expect` waits as long as an explicit UI wait: Playwright's own 5 s was met by a
# projector's rerun on a busy 2-core CI machine while a killed process restarted beside it.
expect.set_options(timeout=UI_TIMEOUT_MS)

PageFactory = Callable[..., Page]


def open_page(
    browser: Browser,
    contexts: list[BrowserContext],
    width: int = 1280,
    height: int = 800,
    touch: bool = False,
    scale: float = 1,
) -> Page:
    """A page in a browser context of its own (one person, one session), kept in `contexts`
    so the caller can close them all."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=scale,
        has_touch=touch,
        is_mobile=touch,
    )
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def t(key: str, **params: Any) -> str:
    """A text as the pages of the test's game say it: in `LANGUAGE`, which a test of a game in
    Spanish sets (`monkeypatch.setattr(gamekit, "LANGUAGE", "es")`) so the helpers it shares
    with the English tests read its pages too."""
    return translate(LANGUAGE, key, **params)


def heading_text(
    phase: str, round_number: int = 0, rounds: int = 0, language: str | None = None
) -> str:
    """The page heading (class cc-phase) a page shows in a phase (in `LANGUAGE` unless
    `language` is given)."""
    language = language or LANGUAGE
    phase_name = translate(language, f"ui.phase.{phase}")
    if phase in ("lobby", "finished"):
        return phase_name
    round_text = translate(language, "ui.round_of", round=round_number, rounds=rounds)
    return f"{round_text} · {phase_name}"


def query(address: Page | str, name: str) -> str | None:
    """A query parameter of a page's address, or of an address."""
    url = address if isinstance(address, str) else address.url
    values = parse_qs(urlsplit(url).query).get(name)
    return values[0] if values else None


#: Not a stale element: while a page runs again, an element the run redraws differently stays on
#: the page (marked stale) beside its new self until the run ends.
FRESH = ':not([data-stale="true"])'


def keyed(page: Page, key: str):
    """The Streamlit element keyed ``key`` as the page draws it now (never its stale self)."""
    return page.locator(f".st-key-{key}{FRESH}")


def button(page: Page, key: str):
    """The button of the Streamlit element keyed ``key``, or of the timer button keyed
    ``key`` for the stage on screen (``key-<round>-<phase>``, ui/moderation.timer_key). Not a
    stale one: while the page runs again, the last stage's timer button stays on the page
    (marked stale) beside the new stage's, until the run ends."""
    return page.locator(f'.st-key-{key}{FRESH} button, [class*="st-key-{key}-"]{FRESH} button')


def wait_canvas(page: Page):
    """The artist's canvas, ready for strokes (toolbar fix in place)."""
    canvas = page.locator("canvas.upper-canvas")
    canvas.wait_for(state="visible", timeout=UI_TIMEOUT_MS)
    # The canvas's own component host (a phone page holds others: the sound's switch).
    fixed = page.locator('[data-testid="stBidiComponentIsolated"][data-cc-canvas-fix="1"]')
    fixed.filter(has=canvas).wait_for(state="attached", timeout=UI_TIMEOUT_MS)
    # Centred, as a student scrolls to draw: scrolled only "into view", its lower part can sit
    # under the sticky Submit bar (a student's card open on a 360 x 740 phone).
    canvas.evaluate("e => e.scrollIntoView({block: 'center'})")
    return canvas


def mouse_stroke(page: Page, locator, points: Sequence[tuple[float, float]], steps: int = 5):
    """One mouse stroke through ``points`` given as fractions of the locator's box."""
    box = locator.bounding_box()
    assert box is not None, "canvas not visible"
    absolute = [(box["x"] + fx * box["width"], box["y"] + fy * box["height"]) for fx, fy in points]
    page.mouse.move(*absolute[0])
    page.mouse.down()
    for x, y in absolute[1:]:
        page.mouse.move(x, y, steps=steps)
    page.mouse.up()


def settle(page: Page, images: bool = False, pause_ms: int = 0) -> None:
    """Wait for the page's rerun to finish: Streamlit marks the old elements
    ``data-stale="true"`` from the start of a run until its end (then they are replaced or
    removed). ``images``: also wait for every picture to load; ``pause_ms``: then check again
    after that pause (a polling rerun may start right after)."""
    check = "!document.querySelector('[data-stale=\"true\"]')"
    if images:
        check += " && Array.from(document.images).every(i => i.complete)"
    page.wait_for_function(check, timeout=UI_TIMEOUT_MS)
    if pause_ms:
        page.wait_for_timeout(pause_ms)
        page.wait_for_function(check, timeout=UI_TIMEOUT_MS)


def pumped(page: Page, read: Callable[[], Any]) -> Callable[[], Any]:
    """`read`, after a tenth of a second in Playwright: what a page sends (a websocket's
    frames, a route to answer) reaches a test's listeners only while Playwright is called,
    never during `eventually`'s own sleep."""

    def again() -> Any:
        page.wait_for_timeout(100)
        return read()

    return again


#: Whether each face on the page is drawn: its file came from the app (a wrong address, a
#: base path lost behind a proxy, leaves it empty).
FACES_DRAWN_JS = """() => [...document.querySelectorAll("img.cc-face")]
  .map((face) => face.complete && face.naturalWidth > 0)"""


#: A page drawn at the game's stage or later: its countdown says which version it shows.
SHOWS_STAGE_JS = """(stage) => [...document.querySelectorAll('[role=timer][data-version]')]
  .some((e) => !e.closest('[data-stale="true"]') && Number(e.dataset.version) >= stage)"""


def shows_stage(page: Page, stage: int) -> None:
    """Wait until `page` shows the game's stage `stage` (``engine.status(code)["stage"]``) or a
    later one, and has settled: after moves made through the engine, a page redraws once per
    move, and what it showed a move ago is not what a person now sees."""
    page.wait_for_function(SHOWS_STAGE_JS, arg=stage, timeout=UI_TIMEOUT_MS)
    settle(page, images=True)


def copy_private_link(page: Page) -> str:
    """Press the facilitator page's "Copy my private link"; returns what the clipboard got."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    copy = page.locator(".st-key-private_link button")
    expect(copy).to_have_text(t("ui.fac.copy_link"), timeout=UI_TIMEOUT_MS)  # set up, ready
    copy.click()
    expect(copy).to_have_text(t("ui.fac.link_copied"))
    return page.evaluate("navigator.clipboard.readText()")


def no_traceback(page: Page) -> None:
    """No exception box and no Python stack text anywhere on the page."""
    assert page.locator('[data-testid="stException"]').count() == 0, page.inner_text("body")
    text = page.inner_text("body")
    assert "Traceback" not in text, text
    assert 'File "' not in text, text


def open_card(page: Page) -> str:
    """Open the secret card (the show_role toggle); returns the role line it shows."""
    toggle = page.locator(".st-key-show_role")
    toggle.wait_for(timeout=UI_TIMEOUT_MS)
    if not toggle.locator("input").is_checked():
        toggle.locator("label").click()
    role_line = page.locator(".cc-role").first
    role_line.wait_for(timeout=UI_TIMEOUT_MS)
    return role_line.inner_text().strip()


def join_with_code(page: Page, url: str, code: str, name: str) -> str:
    """Join through /play?code=... (a game's or a class's code), typing the name; the page
    ends up on ?token=..., in the lobby; returns that token."""
    page.goto(f"{url}/play?code={code}")
    field_ = page.locator(".st-key-join_name input")
    field_.wait_for(timeout=UI_TIMEOUT_MS)
    field_.fill(name)
    button(page, "join_submit").click()
    page.wait_for_url("**/play?token=*", timeout=UI_TIMEOUT_MS)
    expect(page.get_by_text(t("ui.play.waiting_start"))).to_be_visible(timeout=UI_TIMEOUT_MS)
    token = query(page, "token") or ""
    assert token
    return token


@dataclass
class Person:
    name: str
    page: Page
    token: str


@dataclass
class Table:
    """One game: the facilitator's page, the projector page and the players' pages."""

    server: Any  # conftest.StreamlitServer (url, database_url)
    new_page: PageFactory
    engine: Engine = field(init=False)
    facilitator: Page | None = None
    screen: Page | None = None
    key: str = ""
    code: str = ""
    players: dict[str, Person] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.engine = Engine(self.server.database_url)

    # -- setting up -------------------------------------------------------------------------

    def create_game(self, pace: str = "extra_relaxed", home: Page | None = None) -> None:
        """Create the game from the home page (`home`, already open there, e.g. with a deck
        just uploaded, or a new page); keep the facilitator page that opens."""
        page = home or self.new_page()
        if home is None:
            page.goto(f"{self.server.url}/")
        button(page, "create_game").wait_for(timeout=UI_TIMEOUT_MS)
        page.locator(".st-key-create_pace label").filter(has_text=t(f"ui.pace.{pace}")).click()
        expect(page.locator(".st-key-create_pace input:checked")).to_have_count(1)
        settle(page)  # a click during the pace's rerun could meet the old and the new button
        button(page, "create_game").click()
        # The page opens on ?key=..., then shows ?game=CODE: the key stays out of sight.
        page.wait_for_url("**/facilitator?game=*", timeout=UI_TIMEOUT_MS)
        self.code = query(page, "game") or ""
        expect(page.locator(".cc-code").first).to_have_text(self.code, timeout=UI_TIMEOUT_MS)
        self.key = query(copy_private_link(page), "key") or ""
        assert self.engine.game_code(self.key) == self.code
        self.facilitator = page

    def start_on_phones(self, game: str, names: Sequence[str], pace: str = "untimed") -> None:
        """The teacher picks `game` (ui.home.game.<game>) on the home page, one game rather
        than a class, at `pace`, and creates it; `names` join on 360 px touch phones; the
        teacher starts."""
        page = self.new_page()
        page.goto(f"{self.server.url}/")
        games = page.locator(".st-key-create_game_name label")
        games.filter(has_text=t(f"ui.home.game.{game}")).click()
        expect(keyed(page, "create_kind")).to_be_visible(timeout=UI_TIMEOUT_MS)
        settle(page)
        self.create_game(pace=pace, home=page)
        assert self.public()["game"] == game
        for name in names:
            self.join(name, width=360, height=740, touch=True)
        assert self.facilitator is not None
        start = button(self.facilitator, "start_game")
        expect(start).to_be_enabled(timeout=UI_TIMEOUT_MS)
        start.click()

    def open_screen(self, width: int = 1280, height: int = 720) -> Page:
        page = self.new_page(width=width, height=height)
        page.goto(f"{self.server.url}/screen?code={self.code}")
        expect(page.locator(".cc-phase").first).to_be_visible(timeout=UI_TIMEOUT_MS)
        self.screen = page
        return page

    def join(self, name: str, page: Page | None = None, **page_options: Any) -> Person:
        """Join through /play?code=..., typing the name; the page ends up on ?token=...

        A page reused for several students stands for several browsers: its cookies are
        cleared first, or the app would give each join the seat that browser already holds.
        """
        if page is None:
            page = self.new_page(**page_options)
        else:
            page.context.clear_cookies()
        person = Person(name, page, join_with_code(page, self.server.url, self.code, name))
        self.players[name] = person
        return person

    def start(self) -> None:
        assert self.facilitator is not None
        start = button(self.facilitator, "start_game")
        expect(start).to_be_enabled(timeout=UI_TIMEOUT_MS)
        start.click()
        self.wait_phase("roles", 1)

    # -- reading ------------------------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def stage(self) -> tuple[str, int]:
        """The phase the game is in, and its round."""
        view = self.public()
        return view["phase"], view["round"]

    def view(self, name: str) -> dict[str, Any]:
        return self.engine.player_view(self.players[name].token)

    def by_role(self) -> dict[str, list[str]]:
        """Names per role this round (read from each player's own view)."""
        roles: dict[str, list[str]] = {"curator": [], "loyal": [], "distorter": []}
        for name in self.players:
            roles[self.view(name)["role"]].append(name)
        return roles

    def pages(self) -> list[Page]:
        """The pages open on the game (not closed, not put away with `put_phones_away`)."""
        found = [self.facilitator, self.screen] + [p.page for p in self.players.values()]
        return [
            page
            for page in found
            if page is not None and not page.is_closed() and page.url != "about:blank"
        ]

    def put_phones_away(self) -> None:
        """Every phone leaves the game's page, as a student's phone goes to sleep: rounds
        played through the engine are not made to run five more pages at every move."""
        for person in self.players.values():
            person.page.goto("about:blank")

    def take_phones_out(self) -> None:
        """Every phone opens its player's page again."""
        for person in self.players.values():
            person.page.goto(f"{self.server.url}/play?token={person.token}")

    def wait_phase(
        self, phase: str, round_number: int | None = None, timeout: float = 30.0
    ) -> None:
        """Wait until the game is in ``phase`` (of that round, if given) and every open page
        shows it in its heading."""

        def reached() -> bool:
            now, number = self.stage()
            return now == phase and round_number in (None, number)

        eventually(reached, timeout=timeout, what=f"{phase} of round {round_number or 'any'}")
        view = self.public()
        heading = heading_text(phase, view["round"], view["rounds"])
        for page in self.pages():
            try:
                expect(page.locator(".cc-phase").first).to_have_text(heading, timeout=UI_TIMEOUT_MS)
            except AssertionError as stale:
                raise AssertionError(f"{page.url} did not show {heading!r}") from stale
            settle(page)

    # -- acting -------------------------------------------------------------------------------

    def advance(self, expected_phase: str, round_number: int) -> None:
        """The facilitator ends ``expected_phase`` early (checked first, to never skip two)."""
        assert self.facilitator is not None
        view = self.public()
        assert (view["phase"], view["round"]) == (expected_phase, round_number), view["phase"]
        end = self.stage_button("advance_phase")
        expect(end).to_have_count(1, timeout=UI_TIMEOUT_MS)
        settle(self.facilitator)
        end.click()
        eventually(
            lambda: self.stage() != (expected_phase, round_number),
            timeout=20,
            what=f"the end of {expected_phase} (advance_phase)",
        )

    def stage_button(self, base: str):
        """The facilitator's timer button `base` as drawn for the stage the game is in
        (ui/moderation.timer_key): the page may not yet have begun the run that replaces the
        last stage's button, so "not stale" alone can find both."""
        assert self.facilitator is not None
        view = self.public()
        return button(self.facilitator, f"{base}-{view['round']}-{view['phase']}")

    def artists(self) -> list[str]:
        """This round's artists (everyone but the Curator), in the order they joined."""
        return [name for name in self.players if self.view(name)["role"] != "curator"]

    def show_role(self, name: str) -> str:
        """Open this player's secret card; returns the role line it shows."""
        return open_card(self.players[name].page)

    def draw(self, name: str, strokes: Sequence[Sequence[tuple[float, float]]], pulse: int):
        """Draw ``strokes`` with the mouse on the artist's canvas, checking the counter."""
        page = self.players[name].page
        most = STROKE_LIMITS[pulse][1]
        canvas = wait_canvas(page)
        for count, stroke in enumerate(strokes, start=1):
            mouse_stroke(page, canvas, stroke)
            counter = t("ui.play.stroke_counter", count=count, most=most)
            expect(page.get_by_text(counter, exact=True)).to_be_visible(timeout=UI_TIMEOUT_MS)

    def submit(self, name: str) -> None:
        """Submit, confirm, and see the locked message."""
        page = self.players[name].page
        submit = button(page, "submit_fragment")
        expect(submit).to_be_enabled(timeout=UI_TIMEOUT_MS)
        settle(page)  # as a student does: tap once the page stands still
        submit.click()
        phase = self.public()["phase"]
        button(page, "confirm_submit").click(timeout=UI_TIMEOUT_MS)
        # The engine has the fragment; the page says it is locked (unless it was the last one
        # and the pulse already ended).
        pulse = 1 if phase == "pulse1" else 2

        def arrived() -> bool:
            view = self.view(name)
            return any(
                f["signature"] == view["signature"] and f["pulse"] == pulse
                for f in view["fragments"]
            )

        eventually(arrived, timeout=UI_TIMEOUT_MS / 1000, what=f"{name}'s fragment in the engine")
        if self.public()["phase"] == phase:
            expect(page.get_by_text(t("ui.play.locked"))).to_be_visible(timeout=UI_TIMEOUT_MS)

    def choose(self, curator: str, option_id: str) -> None:
        page = self.players[curator].page
        button(page, f"option_{option_id}").click(timeout=UI_TIMEOUT_MS)

    def accuse(self, name: str, signature: str) -> None:
        page = self.players[name].page
        target = button(page, f"accuse_{signature}")
        expect(target).to_be_enabled(timeout=UI_TIMEOUT_MS)
        settle(page)
        target.click()
        eventually(lambda: self.view(name)["my_vote"], signature, UI_TIMEOUT_MS / 1000)
        if self.public()["phase"] == "accusation":  # the last vote ends the phase at once
            expect(page.get_by_text(t("ui.play.you_accused"))).to_be_visible(timeout=UI_TIMEOUT_MS)

    def draw_round(self, round_number: int, clicked: Sequence[int] = (1, 2)) -> None:
        """From the roles to the Curator's choice: the facilitator ends the untimed phases and
        every artist draws and submits `stroke_set` in the `clicked` pulses; the other pulse's
        fragments go through the engine behind the open pages (`pulse_by_engine`)."""
        self.advance("roles", round_number)
        for pulse, after in ((1, "merge"), (2, "discussion")):
            self.wait_phase(f"pulse{pulse}", round_number)
            if pulse in clicked:
                self.play_pulse(pulse, lambda index, _name, pulse=pulse: stroke_set(index, pulse))
            else:
                self.pulse_by_engine(pulse)
            self.wait_phase(after, round_number)
            self.advance(after, round_number)
        self.wait_phase("choice", round_number)

    def pulse_by_engine(self, pulse: int) -> None:
        """Every artist submits `engine_strokes` through the engine (their tokens)."""
        for index, name in enumerate(self.artists()):
            strokes = engine_strokes(index, pulse)
            self.engine.submit_fragment(self.players[name].token, strokes, uuid.uuid4().hex)

    def to_the_choice_by_engine(self) -> None:
        """From the roles to the Curator's choice as `draw_round` plays it, through the engine
        behind the pages (the facilitator's key, the artists' tokens, `engine_strokes`)."""
        self.engine.advance(self.key)  # the roles
        for pulse in (1, 2):
            self.pulse_by_engine(pulse)
            self.engine.advance(self.key)  # the merge, then the discussion

    def play_pulse(self, pulse: int, strokes_for: Callable[[int, str], list]) -> None:
        """Every artist draws ``strokes_for(index, name)`` and submits; the pulse then ends."""
        artists = self.artists()
        for index, name in enumerate(artists):
            self.draw(name, strokes_for(index, name), pulse)
            self.submit(name)


def stroke_set(index: int, pulse: int) -> list[list[tuple[float, float]]]:
    """A few distinct, recognisable strokes for artist ``index`` in a pulse."""
    y = 0.15 + 0.18 * index
    if pulse == 1:
        return [
            [(0.10, y), (0.35, y + 0.05), (0.55, y)],
            [(0.60, y), (0.85, y + 0.08)],
        ]
    return [[(0.2 + 0.15 * index, 0.1), (0.25 + 0.15 * index, 0.9)]]


# -- a whole game played through the engine, for the projector ---------------------------------

#: No phase runs out while a test or a screenshot looks at it.
SLOW = {phase: 3600.0 for phase in PHASES}


def seeded_engine(server: Any, purpose: str) -> Engine:
    """An engine on the server's database whose games draw the same roles, signatures and
    options on every run: a seed of its own per `purpose` (not one shared with another test,
    whose game could take the same code first and shift every draw after it)."""
    return Engine(server.database_url, seed=zlib.crc32(purpose.encode()))


def seeded_server(start_streamlit: Callable[..., Any], purpose: str) -> Any:
    """An app server of its own (`start_streamlit`, the conftest's factory) whose engine is
    seeded for `purpose`: games a test makes on the home page deal the same every run, in the
    order its module makes them, as `seeded_engine`'s do (a layout verdict on a random deal
    says "fits" one run and not the next)."""
    seed = zlib.crc32(purpose.encode())
    return start_streamlit("tests/browser/seeded_app.py", CC_TEST_SEED=str(seed))


def projector_game(
    server: Any, page: Page, language: str, purpose: str = "projector", players: int = 12
) -> Iterator[str]:
    """Play a game of ``players`` (12) with the widest names through the engine, shown on ``page``
    opened on the projector; yields each phase once the page shows it: the lobby, the eight
    phases of round 1 (the reveal once more paused, "reveal-paused") and the end. Pulses and the
    accusation are looked at half answered (both readiness marks show); every round has a
    choice and a vote from everyone, so the reveal is as full as it gets and the final
    scores differ."""
    engine = seeded_engine(server, f"{purpose}-{language}")
    game = engine.create_game(language=language, durations=SLOW)
    tokens = {name: engine.join(game.code, name) for name in WIDEST_NAMES[language][:players]}
    page.goto(f"{server.url}/screen?code={game.code}")

    def shown(*texts: str) -> str:
        """The phase the game is in, once the page shows it (and `texts`) and has settled."""
        view = engine.public_view(game.code)
        heading = heading_text(view["phase"], view["round"], view["rounds"], language)
        expect(page.locator(".cc-phase").first).to_have_text(heading, timeout=UI_TIMEOUT_MS)
        for text in texts:
            expect(page.get_by_text(text).first).to_be_visible(timeout=UI_TIMEOUT_MS)
        # measured next: a push may rerun it right after (old elements beside new)
        settle(page, images=True, pause_ms=300)
        return view["phase"]

    def ready(done: int, total: int) -> str:
        return translate(language, "ui.ready_count", done=done, total=total)

    def act(name: str, command: Callable[..., Any], *args: Any) -> None:
        command(tokens[name], *args, uuid.uuid4().hex)

    yield shown(translate(language, "ui.players_joined", count=len(tokens)))
    engine.start(game.facilitator_token)
    for number in range(1, len(tokens) + 1):
        views = {name: engine.player_view(token) for name, token in tokens.items()}
        curator = next(name for name, view in views.items() if view["role"] == "curator")
        distorter = next(name for name, view in views.items() if view["role"] == "distorter")
        artists = [name for name in tokens if name != curator]
        signature = {name: views[name]["signature"] for name in artists}
        votes = round_votes(number, list(tokens), artists, distorter, signature)
        early_voters = list(tokens)[: len(tokens) // 2 - 1]
        for phase in PHASES:
            waited: tuple[str, ...] = ()
            if phase in ("pulse1", "pulse2"):
                pulse = int(phase[-1])
                done = artists[: len(artists) // 2 + pulse - 1]
                for index, name in enumerate(done):
                    act(name, engine.submit_fragment, engine_strokes(index, pulse))
                waited = (ready(len(done), len(artists)),)
            elif phase == "accusation":
                for voter in early_voters:
                    act(voter, engine.accuse, votes[voter])
                waited = (ready(len(early_voters), len(tokens)),)
            if number == 1:
                yield shown(*waited)
            if number == 1 and phase == "reveal":
                # Paused, the timer's place holds a word: the header's widest moment.
                engine.pause(game.facilitator_token)
                yield shown(translate(language, "ui.paused")) + "-paused"
                engine.resume(game.facilitator_token)
            if phase == "choice":
                options = engine.player_view(tokens[curator])["options"]
                act(curator, engine.choose, options[number % 4]["id"])
            elif phase == "accusation":
                for voter in [voter for voter in tokens if voter not in early_voters]:
                    act(voter, engine.accuse, votes[voter])
            else:
                engine.advance(game.facilitator_token)
    yield shown()


def round_votes(
    number: int, voters: list[str], artists: list[str], distorter: str, signature: dict[str, str]
) -> dict[str, str]:
    """Everyone's vote in round ``number``: in odd rounds two thirds of the class catch the
    Distorter; the others, and everyone in even rounds, accuse another artist (never
    themselves)."""
    votes = {}
    for index, voter in enumerate(voters):
        others = [artist for artist in artists if artist not in (voter, distorter)]
        catch = number % 2 and index % 3 and voter != distorter
        votes[voter] = signature[distorter if catch else others[(number + index) % len(others)]]
    return votes


def engine_strokes(index: int, pulse: int) -> list[list[tuple[float, float]]]:
    """One stroke for artist ``index`` of at most eleven: a stripe of its own, across the
    canvas in pulse 1, along it in pulse 2."""
    at = 0.06 + 0.08 * index
    if pulse == 1:
        return [[(0.05, at), (0.5, at + 0.04), (0.95, at)]]
    return [[(at, 0.05), (at + 0.04, 0.5), (at, 0.95)]]


# -- reading what pages show ------------------------------------------------------------------

#: The projector the issue was measured on (issue 7).
PROJECTOR = {"width": 1280, "height": 720}
#: What the back of a classroom can read on it.
SMALLEST_READABLE_PX = 28

# Every visible element (open shadow roots included) and every text in it, against the
# viewport: the smallest font size, texts below `least` px, whatever ends past the right edge
# or the bottom, and readiness marks (a text of only ✔ or …) not on the last line of the
# signature they follow (the nearest enclosing element that holds a .cc-sig). An element of
# 1 px or less is hidden for all but screen readers, and left out.
_LAYOUT_JS = r"""(least) => {
  const right = window.innerWidth + 0.5, bottom = window.innerHeight + 0.5;
  const found = {smallest: null, small: [], outside: [], apart: [], marks: 0};
  const said = (text) => text.replace(/\s+/g, " ").trim().slice(0, 50);
  function* elements(root) {
    for (const element of root.querySelectorAll("*")) {
      yield element;
      if (element.shadowRoot) yield* elements(element.shadowRoot);
    }
  }
  for (const element of elements(document)) {
    const box = element.getBoundingClientRect();
    const shown = element.checkVisibility({opacityProperty: true, visibilityProperty: true});
    // A box of 1 px or less is the screen-reader-only pattern ("Skip to main content").
    if (box.width <= 1 || box.height <= 1 || !shown) continue;
    const name = element.tagName.toLowerCase() + "." + [...element.classList].join(".");
    if (box.right > right || box.bottom > bottom) {
      found.outside.push(`${name} ends at ${Math.round(box.right)},${Math.round(box.bottom)}`);
    }
    const size = parseFloat(getComputedStyle(element).fontSize);
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (!rect.width) continue;
      found.smallest = Math.min(found.smallest ?? size, size);
      if (size < least) found.small.push(`${size}px: ${said(node.data)}`);
      if (rect.right > right || rect.bottom > bottom) {
        const end = `${Math.round(rect.right)},${Math.round(rect.bottom)}`;
        found.outside.push(`"${said(node.data)}" ends at ${end}`);
      }
      if (!/^[\s\u00a0\u2060]*[\u2714\u2026][\s\u00a0\u2060]*$/.test(node.data)) continue;
      found.marks += 1;
      let chip = element;
      while (chip && !chip.querySelector(".cc-sig")) chip = chip.parentElement;
      const lines = chip ? chip.querySelector(".cc-sig").getClientRects() : [];
      const line = lines[lines.length - 1];
      const middle = (rect.top + rect.bottom) / 2;
      if (!line || middle < line.top || middle > line.bottom) {
        found.apart.push(`"${said(node.data)}" after "${said(chip ? chip.textContent : "")}"`);
      }
    }
  }
  return found;
}"""


def measure_layout(page: Page) -> dict[str, Any]:
    """What a projected page shows against its viewport (see ``_LAYOUT_JS``): ``smallest``
    font size in px, and lists of ``small`` texts, texts and boxes ``outside`` the viewport,
    readiness marks ``apart`` from their signature, and the count of ``marks`` seen."""
    return page.evaluate(_LAYOUT_JS, SMALLEST_READABLE_PX)


def open_class_projector(
    server: Any, new_page: Callable[..., Page], code: str, tables: int
) -> Page:
    """Class `code`'s projector at 1280x720, once it shows `tables` tables' cards, settled."""
    screen = new_page(**PROJECTOR)
    screen.goto(f"{server.url}/screen?code={code}")
    expect(screen.locator(".cc-table-card")).to_have_count(tables, timeout=UI_TIMEOUT_MS)
    settle(screen, images=True)
    return screen


def start_class_on_its_page(
    server: Any, new_page: Callable[..., Page], code: str, key: str
) -> Page:
    """The teacher's class page, loaded, with "start every table" pressed."""
    teacher = new_page(width=1280, height=900)
    teacher.goto(f"{server.url}/classroom?key={key}")
    expect(teacher.get_by_text(code).first).to_be_visible(timeout=UI_TIMEOUT_MS)
    # clicked next: a push may rerun it right after, and a click in a run is lost
    settle(teacher, pause_ms=300)
    button(teacher, "start_all").click()
    return teacher


def projected_problems(screen: Page, moment: str) -> list[str]:
    """What breaks the projector's rules on `screen` now (text under 28 px, anything past
    1280x720), each line naming `moment`."""
    found = measure_layout(screen)
    return [f"{moment}: below {SMALLEST_READABLE_PX} px: {text}" for text in found["small"]] + [
        f"{moment}: outside 1280x720: {what}" for what in found["outside"]
    ]


def look(page: Page, phases: Iterator[str], shots: Path, stem: str) -> tuple[list, list]:
    """Every moment `phases` yields (its name) measured on the projector `page` and saved as
    `stem`-NN-name.png, to look at by eye; the moments seen, and what breaks the rules."""
    seen: list[str] = []
    problems: list[str] = []
    for number, phase in enumerate(phases, start=1):
        seen.append(phase)
        problems += projected_problems(page, phase)
        page.screenshot(path=str(shots / f"{stem}-{number:02d}-{phase}.png"))
    print(f"screenshots in {shots}")
    return seen, problems


TROPHIES = ("★", "🏆")
SCORE_CHIP = re.compile(r"^\s*(?P<name>.+?)\s+(?P<total>\d+)(?:\s*\(\+(?P<award>\d+)\))?\s*$")


def reveal_scores(page: Page) -> dict[str, tuple[int, int]]:
    """The reveal's scores: name -> (running total, this round). Phones and the facilitator
    page show chips ("Ana 300 (+200)"); the projector, a row per player (name, "300 (+200)")."""
    chips = page.locator(".cc-reveal .cc-score").all_inner_texts()
    chips += [
        f"{row.locator('.cc-who').inner_text()} {row.locator('.cc-score').inner_text()}"
        for row in page.locator(".cc-by-player tr:has(.cc-who)").all()
    ]
    scores = {}
    for chip in chips:
        match = SCORE_CHIP.match(chip.replace("\n", " "))
        assert match, chip
        scores[match["name"]] = (int(match["total"]), int(match["award"] or 0))
    return scores


def standings_table(page: Page) -> dict[str, tuple[int, bool]]:
    """The last standings table on a page: name -> (points, marked as a winner)."""
    rows = page.locator("table.cc-table").last.locator("tr")
    result = {}
    for index in range(1, rows.count()):
        name_cell, points_cell = rows.nth(index).locator("td").all_inner_texts()
        name_cell = name_cell.strip()
        trophy = name_cell.startswith(TROPHIES)
        for mark in TROPHIES:
            name_cell = name_cell.removeprefix(mark)
        result[name_cell.strip()] = (int(points_cell), trophy)
    return result


def podium(page: Page) -> tuple[dict[str, int], set[str]]:
    """The screen's final podium: everyone's total, and the names on the first step."""
    totals = {}
    for chip in page.locator(".cc-score").all_inner_texts():
        match = SCORE_CHIP.match(chip.replace("\n", " "))
        assert match, chip
        totals[match["name"]] = int(match["total"])
    first = page.locator(".cc-step-1 .cc-step-names").inner_text()
    return totals, {name.strip() for name in first.splitlines() if name.strip()}


# -- secrecy: what a page's DOM says, searched for secrets ----------------------------------

ROLE_WORDS = re.compile(r"\b(curator|distorter|loyal)\b", re.IGNORECASE)


# An encoded payload (a picture's PNG in a data URI) spells short names by chance: "/ox+".
BASE64 = re.compile(r"base64,[A-Za-z0-9+/=]+")
# A property in a script is code, not words: the "cookie" of ``document.cookie``.
PROPERTY = re.compile(r"(?<=[\w)\]])\.[A-Za-z_$][\w$]*")


class _Words(HTMLParser):
    """What a DOM says in words: text (also inside scripts) and attribute values.

    Left out, as code rather than words, so that a short object name ("key", "pen", "fly",
    "radio") does not match them: CSS (``<style>`` and ``style=``), ``class`` names, the
    addresses of the scripts Streamlit loads (its ``Radio.js``), properties in scripts, and
    base64 payloads. Pictures are searched for by file name in the raw HTML instead.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._inside: list[str] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        if tag in ("style", "script"):
            self._inside.append(tag)
        if tag in ("link", "script"):
            attrs = [(attr, value) for attr, value in attrs if attr not in ("href", "src")]
        for attr, value in attrs:
            if value and attr not in ("class", "style"):
                self.parts.append(BASE64.sub("base64,", value))

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if self._inside and self._inside[-1] == tag:
            self._inside.pop()

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        inside = self._inside[-1] if self._inside else None
        if inside == "script":
            data = PROPERTY.sub("", data)
        if inside != "style":
            self.parts.append(BASE64.sub("base64,", data))


def words_of(html: str) -> str:
    parser = _Words()
    parser.feed(html)
    return "\n".join(parser.parts)


def whole(name: str) -> re.Pattern:
    """A whole object name, case-insensitive ("cap" does not match "capture")."""
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)


def neutral_texts(language: str = LANGUAGE) -> list[str]:
    """UI strings that name a role generically, never anyone's role (hints, phases, rules)."""
    strings = catalogue(language)
    return sorted(
        (
            text
            for key, text in strings.items()
            if ".hint." in key or key.startswith(("ui.home.", "ui.phase.", "ui.fac.advance."))
        ),
        key=len,
        reverse=True,
    )


# -- a whole class's Crossed Canvas tables, played through the engine --------------------------


def class_tables(engine: Engine, key: str) -> dict[int, dict[str, Any]]:
    """A class's tables by number: each one's public view, as the class's view gives it."""
    return {table["table"]: table["view"] for table in engine.class_view(key)["tables"]}


def class_table_to_reveal(
    engine: Engine, key: str, tokens: dict[str, str], number: int
) -> dict[str, Any]:
    """Crossed Canvas table `number` of the class whose key is `key` played to its reveal
    through the engine: every artist draws, the Curator chooses, everyone votes (the
    Distorter for someone else); returns the table's view there."""
    for _ in range(12):
        view = class_tables(engine, key)[number]
        phase, players = view["phase"], view["players"]
        if phase == "reveal":
            return view
        mine = {name: engine.player_view(tokens[name]) for name in players}
        artists = [name for name in players if mine[name]["role"] != "curator"]
        if phase in ("pulse1", "pulse2"):
            for index, name in enumerate(artists):
                strokes = engine_strokes(index, int(phase[-1]))
                engine.submit_fragment(tokens[name], strokes, uuid.uuid4().hex)
        elif phase == "choice":
            (curator,) = [name for name in players if mine[name]["role"] == "curator"]
            option = mine[curator]["options"][0]["id"]
            engine.choose(tokens[curator], option, uuid.uuid4().hex)
        elif phase == "accusation":
            (distorter,) = [name for name in players if mine[name]["role"] == "distorter"]
            other = next(name for name in artists if name != distorter)
            for name in players:
                suspect = other if name == distorter else distorter
                engine.accuse(tokens[name], mine[suspect]["signature"], uuid.uuid4().hex)
        else:
            engine.advance_tables(key, number)
    raise AssertionError("no reveal")


# A reveal of up to ten replays the drawing at least this wide, where the rows per player leave
# it the width (issue 34: it was 395 px on a class's table, 430 on a game's, the height it was
# given); a larger table's rows, each signature a glyph, leave it at least
# LARGE_TABLE_REPLAY_PX (issue 40: twelve 24-character names and the signatures' names had
# shrunk it to 75 to 215 px) (ui/crossed_canvas/screen.py).
REPLAY_LEAST_PX = 480
REPLAY_BESIDE_MOST = 10
LARGE_TABLE_REPLAY_PX = 400
REPLAY_GAP_PX = 16  # the small gap between the replay and the rows


def element_width(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["width"]


def room_for_replay(screen: Page) -> float:
    """The width left of the rows per player for the replay: from the replay's left edge to
    the rows' (a small gap apart)."""
    replay = screen.locator("img.cc-replay").first.bounding_box()
    rows = screen.locator(".cc-by-player").first.bounding_box()
    assert replay is not None and rows is not None
    return rows["x"] - REPLAY_GAP_PX - replay["x"]


def replays_big_enough(screen: Page, players: int) -> None:
    """The reveal on `screen` replays the drawing, once the columns have their final widths,
    at least 480 px wide or all the width the rows leave (a table of up to ten), or at least
    400 px beside a larger table's rows."""
    if players > REPLAY_BESIDE_MOST:
        least = LARGE_TABLE_REPLAY_PX
    else:
        least = min(REPLAY_LEAST_PX, room_for_replay(screen))
    replay = eventually(lambda: element_width(screen, "img.cc-replay") >= least, True)
    shown = element_width(screen, "img.cc-replay")
    assert replay, f"the replay is {shown} px wide, under {least}"
