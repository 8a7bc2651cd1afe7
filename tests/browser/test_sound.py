"""The room's sound on the projector (issue 42), heard through an instrumented AudioContext.

Each page's AudioContext is replaced before the page loads by a recorder that plays nothing
and keeps the frequency of every note started; each cue's first note (ui/sound.py `CUES`, no
frequency in two cues) names it. A short game of Crossed Canvas is played through the engine
in front of the projector: with the sound switched on there, it plays a join, each phase, the
last seconds of a pulse, the reveal and the podium, one at a time as they come; with the
sound left off (as it starts), nothing; reloaded, nothing of what it played before, and the
switch is still on; two projector tabs of one browser play each cue once. A whole game of
Canvas Critters and of Canvas Layers, played by robots, plays its joins, its phases, its
scores' reveal (Critters) and its podium the same way.

A student's phone has its own cue, off until the student turns it on: at Canvas Layers it
plays (and vibrates, through a recorded `navigator.vibrate`) as the student's turn comes, once,
and never as another's does, nor again after a reload. Which moments call which student, in
every game and for every role, is tests/ui/test_phone_cue.py's. A class's projector plays as
a game's does: the tables starting, a table's reveal taking the screen (which cue each thing
it shows has: tests/ui/test_class_showcase.py).

A test waits for what the page shows and for what the sound's part says it has taken in
(`data-heard-stage`, `data-heard-joined`, `data-decided` on its switch) before it says that
nothing played.
"""

from __future__ import annotations

from typing import Any

import pytest
from audit import SOUND_SWITCH
from gamekit import (
    PROJECTOR,
    SLOW,
    UI_TIMEOUT_MS,
    class_table_to_reveal,
    heading_text,
    seeded_engine,
    settle,
)
from playwright.sync_api import Page, expect

from engine import Engine
from engine.i18n import translate
from tests.kit import rid
from ui.sound import CUES

pytestmark = pytest.mark.browser

RECORDER = """
window.__played = [];
class Param {
  constructor(value) { this.value = value; }
  setValueAtTime() { return this; }
  linearRampToValueAtTime() { return this; }
  exponentialRampToValueAtTime() { return this; }
}
class Node { connect(next) { return next; } disconnect() {} }
class Oscillator extends Node {
  constructor() { super(); this.type = "sine"; this.frequency = new Param(440); }
  start() { window.__played.push(this.frequency.value); }
  stop() {}
}
class Gain extends Node { constructor() { super(); this.gain = new Param(1); } }
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = new Node(); }
  createOscillator() { return new Oscillator(); }
  createGain() { return new Gain(); }
  resume() { return Promise.resolve(); }
};
"""
#: A phone's vibrations, recorded.
VIBRATOR = """
window.__vibrated = [];
navigator.vibrate = (pattern) => { window.__vibrated.push(pattern); return true; };
"""
#: A cue by its first note.
FIRST_NOTES = {cue["notes"][0][0]: name for name, cue in CUES.items()}
NAMES = ["Amara", "Benjamín", "Chen Wei", "Dmitri", "Élodie"]
#: A pulse long enough for its last seconds to come after the projector saw it with time to
#: spare (ui/sound.js plays them in a phase it saw with more than twice their length).
PULSE_SECONDS = 26.0


def played(page: Page) -> list[str]:
    """The cues page has played, in order."""
    notes = page.evaluate("window.__played")
    return [FIRST_NOTES[note] for note in notes if note in FIRST_NOTES]


_HEARD_JS = """([firsts, count, last]) => {
  const names = new Map(firsts);
  const heard = window.__played.filter((note) => names.has(note)).map((note) => names.get(note));
  return heard.length >= count && (!last || heard[heard.length - 1] === last);
}"""


def wait_for_cues(page: Page, count: int, last: str | None = None) -> list[str]:
    """The cues page has played, once it has played `count` of them (the last one `last`)."""
    firsts = list(FIRST_NOTES.items())
    page.wait_for_function(
        _HEARD_JS, arg=[firsts, count, last], timeout=UI_TIMEOUT_MS + PULSE_SECONDS * 1000
    )
    return played(page)


class Game:
    """A game of five on the server's database, played through the engine."""

    def __init__(self, server: Any, purpose: str, durations: dict[str, float] = SLOW) -> None:
        self.engine = seeded_engine(server, purpose)
        self.game = self.engine.create_game(language="en", durations=durations)
        self.code = self.game.code
        self.url = f"{server.url}/screen?code={self.code}"
        self.joined = 0

    def join(self, count: int = 1) -> None:
        for name in NAMES[self.joined : self.joined + count]:
            self.engine.join(self.code, name)
        self.joined += count

    def start(self) -> None:
        self.engine.start(self.game.facilitator_token)

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def advance_to(self, phase: str) -> None:
        """The teacher ends each phase at once until `phase` (or the end)."""
        while self.public()["phase"] not in (phase, "finished"):
            self.engine.advance(self.game.facilitator_token)


def open_projector(page: Page, game: Game) -> None:
    """The projector, its AudioContext a recorder, once it shows the game."""
    page.context.add_init_script(RECORDER)
    page.goto(game.url)
    shows(page, game)


def shows(page: Page, game: Game) -> None:
    """Until the projector shows the game as it is now, and its sound has taken that in."""
    view = game.public()
    heading = heading_text(view["phase"], view["round"], view["rounds"])
    expect(page.locator(".cc-phase").first).to_have_text(heading, timeout=UI_TIMEOUT_MS)
    settle(page)  # the run's old elements gone (the sound's switch too, for a moment twice)
    heard = page.locator("[data-heard-stage]")
    expect(heard).to_have_attribute("data-heard-stage", str(view["stage"]), timeout=UI_TIMEOUT_MS)
    if view["phase"] == "lobby":
        joined = translate("en", "ui.players_joined", count=len(view["players"]))
        expect(page.get_by_text(joined)).to_be_visible(timeout=UI_TIMEOUT_MS)
        expect(heard).to_have_attribute("data-heard-joined", str(len(view["players"])))


def switch(page: Page):
    return page.locator(SOUND_SWITCH)


def switch_on(page: Page) -> None:
    """The teacher opens the corner's sound panel, turns the sound on and closes it."""
    expect(switch(page)).to_have_attribute("aria-label", "Sound in the room: off")
    switch(page).click()
    page.get_by_role("checkbox", name="Sound in the room").check()
    expect(switch(page)).to_have_attribute("aria-label", "Sound in the room: on")
    switch(page).click()
    expect(page.get_by_role("checkbox", name="Sound in the room")).to_be_hidden()


@pytest.mark.whole_game
def test_once_switched_on_the_projector_plays_each_moment_as_it_comes(streamlit_server, new_page):
    game = Game(streamlit_server, "sound-on", {**SLOW, "pulse1": PULSE_SECONDS})
    game.join(3)
    page = new_page(**PROJECTOR)
    open_projector(page, game)
    switch_on(page)
    assert wait_for_cues(page, 1) == ["sample"]  # how loud the room will hear it
    game.join()
    assert wait_for_cues(page, 2) == ["sample", "join"]
    game.join()
    assert wait_for_cues(page, 3) == ["sample", "join", "join"]
    game.start()
    assert wait_for_cues(page, 4) == ["sample", "join", "join", "phase"]  # the roles
    game.advance_to("pulse1")
    shows(page, game)
    assert wait_for_cues(page, 5)[4:] == ["phase"]
    # Ten seconds before the pulse's end (the countdown says 0:10), by the clock.
    assert wait_for_cues(page, 6)[5:] == ["last"]
    game.advance_to("reveal")
    heard = wait_for_cues(page, 7, last="reveal")
    # A phase the projector caught on the way (the teacher ended each at once) has its cue.
    assert set(heard[6:-1]) <= {"phase"}, heard
    game.advance_to("finished")
    heard = wait_for_cues(page, len(heard) + 1, last="podium")
    assert heard.count("podium") == 1 and set(heard[6:-1]) <= {"phase", "reveal"}, heard


def test_with_the_sound_left_off_nothing_plays(streamlit_server, new_page):
    game = Game(streamlit_server, "sound-off")
    game.join(4)
    page = new_page(**PROJECTOR)
    open_projector(page, game)
    expect(switch(page)).to_have_attribute("aria-label", "Sound in the room: off")
    game.join()
    shows(page, game)
    game.start()
    shows(page, game)
    game.advance_to("reveal")
    shows(page, game)
    assert played(page) == []


def test_a_reloaded_projector_plays_nothing_it_played_before(streamlit_server, new_page):
    game = Game(streamlit_server, "sound-reload")
    game.join(4)
    page = new_page(**PROJECTOR)
    open_projector(page, game)
    switch_on(page)
    game.join()
    assert wait_for_cues(page, 2) == ["sample", "join"]
    game.start()
    assert wait_for_cues(page, 3) == ["sample", "join", "phase"]
    page.reload()  # a new recorder: it hears only what the reloaded page plays
    shows(page, game)
    expect(switch(page)).to_have_attribute("aria-label", "Sound in the room: on")  # kept
    assert played(page) == []
    game.advance_to("pulse1")  # what comes next still plays
    assert wait_for_cues(page, 1) == ["phase"]


def test_two_projector_tabs_of_one_browser_play_each_cue_once(streamlit_server, new_page):
    game = Game(streamlit_server, "sound-tabs")
    game.join(4)
    first = new_page(**PROJECTOR)
    open_projector(first, game)
    switch_on(first)
    second = first.context.new_page()
    second.goto(game.url)
    shows(second, game)
    expect(switch(second)).to_have_attribute("aria-label", "Sound in the room: on")
    game.join()
    for tab in (first, second):
        shows(tab, game)
    game.start()
    for tab in (first, second):
        shows(tab, game)
        # Each tab has decided on the join and on the roles: played, or claimed by the other.
        expect(tab.locator("[data-decided]")).to_have_attribute("data-decided", "2")
    assert sorted(played(first)[1:] + played(second)) == ["join", "phase"]


class Painters:
    """Canvas Layers at a table of two through the engine: each turn takes the first card
    offered."""

    def __init__(self, server: Any) -> None:
        self.engine = seeded_engine(server, "phone-cue")
        game = self.engine.create_game("en", durations={"turn": 3600}, game="canvas_layers")
        self.code, self.key = game.code, game.facilitator_token
        self.tokens = {name: self.engine.join(self.code, name) for name in NAMES[:2]}
        self.url = f"{server.url}/play?token={self.tokens[NAMES[0]]}"

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def play_until(self, name: str) -> None:
        """Turns are taken until it is `name`'s (the next one of theirs if it is now)."""
        while True:
            turn = self.public()["turn"]
            offer = self.engine.player_view(self.tokens[turn])["actions"]["take"][0]
            self.engine.take_card(self.tokens[turn], offer["position"], offer["card"], rid())
            if self.public()["turn"] == name:
                return


def phone_shows(page: Page, painters: Painters) -> None:
    """Until the student's phone shows the turn the game is at, and its cue has taken it in."""
    view = painters.public()
    turn = translate("en", "ui.layers.turn_number", turn=view["round"])
    expect(page.locator(".cc-phase").first).to_have_text(turn, timeout=UI_TIMEOUT_MS)
    settle(page)
    expect(page.locator("[data-heard-stage]")).to_have_attribute(
        "data-heard-stage", str(view["stage"]), timeout=UI_TIMEOUT_MS
    )


def vibrated(page: Page) -> int:
    return len(page.evaluate("window.__vibrated"))


def test_a_phone_cues_its_student_on_their_own_turn_once_and_only_if_switched_on(
    streamlit_server, new_page
):
    painters = Painters(streamlit_server)
    student, other = NAMES[:2]
    page = new_page(width=360, height=740, touch=True)
    page.context.add_init_script(RECORDER + VIBRATOR)
    page.goto(painters.url)
    cue = page.get_by_role("checkbox", name="Sound and vibration when it is my move")
    expect(cue).not_to_be_checked(timeout=UI_TIMEOUT_MS)  # off until the student turns it on
    painters.engine.start(painters.key)
    if painters.public()["turn"] != student:
        painters.play_until(student)
    phone_shows(page, painters)
    expect(page.get_by_text("Your turn").first).to_be_visible()  # what the cue stands for
    assert played(page) == [] and vibrated(page) == 0
    cue.check()  # how it sounds, and the tap lets the page play
    assert wait_for_cues(page, 1) == ["turn"] and vibrated(page) == 1
    painters.play_until(other)
    phone_shows(page, painters)
    assert played(page) == ["turn"]  # another's turn: nothing
    painters.play_until(student)
    assert wait_for_cues(page, 2) == ["turn", "turn"]
    assert vibrated(page) == 2
    page.reload()  # a new recorder: it hears only what the reloaded page plays
    phone_shows(page, painters)
    expect(cue).to_be_checked()  # kept on this phone
    assert played(page) == [] and vibrated(page) == 0
    painters.play_until(student)  # their next turn still calls them
    assert wait_for_cues(page, 1) == ["turn"] and vibrated(page) == 1


def test_a_class_projector_plays_as_its_tables_start_and_a_reveal_takes_the_screen(
    streamlit_server, new_page
):
    engine = seeded_engine(streamlit_server, "sound-class")
    room = engine.create_class(language="en", durations=SLOW)
    tokens = {
        f"Student {number}": engine.join(room.code, f"Student {number}", browser=f"b{number}")
        for number in range(10)
    }
    engine.set_table_count(room.facilitator_token, 2)
    page = new_page(**PROJECTOR)
    page.context.add_init_script(RECORDER)
    page.goto(f"{streamlit_server.url}/screen?code={room.code}")
    expect(page.locator(".cc-table-card")).to_have_count(2, timeout=UI_TIMEOUT_MS)
    switch_on(page)
    assert wait_for_cues(page, 1) == ["sample"]
    engine.start_tables(room.facilitator_token)
    assert wait_for_cues(page, 2) == ["sample", "phase"]
    class_table_to_reveal(engine, room.facilitator_token, tokens, 2)
    assert wait_for_cues(page, 3, last="reveal") == ["sample", "phase", "reveal"]
    page.reload()  # a new recorder: nothing of what it played before
    stage = str(engine.status(room.code)["stage"])
    heard = page.locator("[data-heard-stage]")
    expect(heard).to_have_attribute("data-heard-stage", stage, timeout=UI_TIMEOUT_MS)
    assert played(page) == []


#: Each game besides Crossed Canvas (a whole game of it is the first test's), at a table of
#: its robots: the moments its projector turns over with "reveal" (ui/<game>/screen.py's
#: SHOWCASE: Canvas Critters' scores; Canvas Layers has none).
ROBOT_TABLES = [("canvas_critters", 3, {"scores"}), ("canvas_layers", 2, set())]


@pytest.mark.whole_game
@pytest.mark.parametrize(("kind", "robots", "showcase"), ROBOT_TABLES)
def test_a_whole_game_of_robots_plays_its_moments_on_the_projector(
    streamlit_server, new_page, kind, robots, showcase
):
    """Robots seated, then played to the podium at once behind the projector, which is waited
    for at each of the game's showcases (the teacher ends those): the sound switched on, it
    plays a join for each robot seated, a phase as the game starts, "reveal" once per showcase, a
    phase or nothing between (a turn the projector caught or not), and the podium once, last."""
    engine = Engine(streamlit_server.database_url, seed=len(kind), robot_seconds=(0.0, 0.0))
    game = engine.create_game(language="en", game=kind)
    page = new_page(**PROJECTOR)
    page.context.add_init_script(RECORDER)
    page.goto(f"{streamlit_server.url}/screen?code={game.code}")
    switch_on(page)
    for seated in range(1, robots + 1):  # one at a time, as students come
        engine.add_robots(game.facilitator_token, 1)
        assert wait_for_cues(page, 1 + seated)[1:] == ["join"] * seated
    engine.start(game.facilitator_token)
    assert wait_for_cues(page, 2 + robots)[-1] == "phase"
    showcases = 0
    for _ in range(MOST_STEPS):
        public = engine.public_view(game.code)
        if public["phase"] == "finished":
            break
        if public["phase"] in showcase:
            showcases += 1
            heard(page, public["stage"])
        if engine.play_robots() is None and engine.status(game.code)["stage"] == public["stage"]:
            engine.advance(game.facilitator_token)  # a phase only the teacher ends
    else:
        raise AssertionError(f"{kind}'s robots did not end the game")
    between = wait_for_cues(page, 3 + robots + showcases, last="podium")[2 + robots :]
    assert between.count("reveal") == showcases and between.count("podium") == 1, between
    assert set(between) <= {"phase", "reveal", "podium"}, between
    assert (showcases > 0) == bool(showcase)


#: Far more beats than a game of robots takes: a game that does not end fails, never hangs.
MOST_STEPS = 3000


def heard(page: Page, stage: int) -> None:
    """Until the projector's sound has taken in `stage` (its cue played, if it has one)."""
    expect(page.locator("[data-heard-stage]")).to_have_attribute(
        "data-heard-stage", str(stage), timeout=UI_TIMEOUT_MS
    )
