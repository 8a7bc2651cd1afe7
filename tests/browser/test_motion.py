"""Motion that tells what changed, on the projector at 1280x720 (issue 42): a student joining
the lobby lights up in its roster, the reveal's totals count up from the round before, and the
podium is built from third place to first, its points counting up.

Moving changes nothing the page says: each moment is measured for the projector's rules (text
at 28 px or more, nothing past 1280x720) in the middle of its motion and at rest, and its
end is what the page holds. With the browser set to reduce motion, the end shows at once: no
motion runs at all. No look depends on the clock: before each change the test holds the
page's motions (a style pausing them), so each stands at its start as it appears; it is then
set to a time in its middle, looked at, and let go. Each look is saved as a screenshot, in
English and Spanish (the test's temporary folder, printed).

A Crossed Canvas game of five with the widest names is played through the engine behind the
projector: the teacher ends the phases, the Curator chooses and everyone accuses (gamekit's
`round_votes`), so totals differ and the podium has its three steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gamekit import (
    PROJECTOR,
    SLOW,
    UI_TIMEOUT_MS,
    heading_text,
    projected_problems,
    round_votes,
    seeded_engine,
    settle,
)
from playwright.sync_api import Page, expect
from worst_case import WIDEST_NAMES

from engine.i18n import translate
from tests.kit import rid

pytestmark = pytest.mark.browser

#: A seed whose game, with the Curator right in these rounds, ends on three steps in both
#: languages (1500, 1000, then three players on 500).
PURPOSE, CURATOR_RIGHT = "motion7", {1, 2, 3, 5}

#: The motions of ui/look.py, and what they move.
MOTIONS = ["cc-arrive", "cc-count-up", "cc-count-hidden", "cc-build"]
MOVED = ".cc-roster-big > span, .cc-count > span, .cc-count::after, .cc-podium .cc-step"
_MOTIONS_JS = "(names) => document.getAnimations().filter((a) => names.includes(a.animationName))"
_AT_REST_JS = f"(names) => ({_MOTIONS_JS})(names).every((a) => a.playState === 'finished')"
_HOLD_JS = """(moved) => {
  const style = document.createElement("style");
  style.id = "held-motion";
  style.textContent = `${moved} { animation-play-state: paused !important; }`;
  document.head.append(style);
}"""
_SET_AT_JS = f"""([names, ms]) => {{
  for (const a of ({_MOTIONS_JS})(names)) a.currentTime = ms;
}}"""
_LET_GO_JS = f"""(names) => {{
  document.getElementById("held-motion").remove();
  for (const a of ({_MOTIONS_JS})(names)) a.play();
}}"""
#: What the end of every motion shows: the newest name opaque on no colour, each count's
#: number in its colour and the counter over it gone, every podium step whole.
_END_JS = """() => {
  const style = (selector, pseudo) =>
    [...document.querySelectorAll(selector)].map((e) => getComputedStyle(e, pseudo));
  return {
    arrived: style(".cc-roster-big > span:last-child").map((s) => [s.opacity, s.backgroundColor]),
    numbers: style(".cc-count > span").map((s) => s.color),
    counters: style(".cc-count", "::after").map((s) => s.visibility),
    steps: style(".cc-podium .cc-step").map((s) => s.clipPath),
  };
}"""


class Game:
    """Crossed Canvas at a table of five in `language`, four seated, on the server's database."""

    def __init__(self, server: Any, language: str, purpose: str) -> None:
        self.engine = seeded_engine(server, f"{purpose}-{language}")
        self.language = language
        self.game = self.engine.create_game(language=language, durations=SLOW)
        self.code, self.key = self.game.code, self.game.facilitator_token
        self.names = WIDEST_NAMES[language][:5]
        self.tokens = {name: self.engine.join(self.code, name) for name in self.names[:4]}
        self.url = f"{server.url}/screen?code={self.code}"

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def join_last(self) -> None:
        self.tokens[self.names[4]] = self.engine.join(self.code, self.names[4])

    def play_round(self) -> None:
        """The round under way played to its reveal: the Curator picks, everyone accuses."""
        number = self.public()["round"]
        views = {name: self.engine.player_view(token) for name, token in self.tokens.items()}
        role = {view["role"]: name for name, view in views.items()}
        # The true object (a loyal artist's picture) in some rounds, else the decoy.
        right = number in CURATOR_RIGHT
        picked = views[role["loyal" if right else "distorter"]]["target"]["id"]
        artists = [name for name in self.tokens if name != role["curator"]]
        signature = {name: views[name]["signature"] for name in artists}
        votes = round_votes(number, list(self.tokens), artists, role["distorter"], signature)
        while (phase := self.public()["phase"]) != "reveal":
            if phase == "choice":
                self.engine.choose(self.tokens[role["curator"]], picked, rid())
            elif phase == "accusation":
                for name, token in self.tokens.items():
                    self.engine.accuse(token, votes[name], rid())
            else:
                self.engine.advance(self.key)

    def play_to_the_end(self) -> None:
        while self.public()["phase"] != "finished":
            if self.public()["phase"] == "reveal":
                self.engine.advance(self.key)
            else:
                self.play_round()


def shows(page: Page, game: Game) -> None:
    """Until the projector shows the game's phase as it is now, its run over."""
    view = game.public()
    heading = heading_text(view["phase"], view["round"], view["rounds"], game.language)
    expect(page.locator(".cc-phase").first).to_have_text(heading, timeout=UI_TIMEOUT_MS)
    if view["phase"] == "lobby":
        joined = translate(game.language, "ui.players_joined", count=len(view["players"]))
        expect(page.get_by_text(joined)).to_be_visible(timeout=UI_TIMEOUT_MS)
    settle(page, images=True)


def motion_names(page: Page) -> set[str]:
    """The motions on the page that have not ended (held ones stay until let go)."""
    return set(
        page.evaluate(f"(names) => ({_MOTIONS_JS})(names).map((a) => a.animationName)", MOTIONS)
    )


def hold_motion(page: Page) -> None:
    """What appears next stands at the start of its motion until `look_mid_and_at_rest`."""
    page.evaluate(_HOLD_JS, MOVED)


def look_mid_and_at_rest(
    page: Page, moment: str, moving: set[str], at_ms: int, shots: Path
) -> list[str]:
    """`moment`'s motions (held since before it appeared: `moving`, exactly) set to `at_ms`
    and looked at, then let go to their end and looked at again: what breaks the
    projector's rules in either."""
    assert motion_names(page) == moving, moment
    page.evaluate(_SET_AT_JS, [MOTIONS, at_ms])
    page.screenshot(path=str(shots / f"{moment}-mid.png"))
    problems = projected_problems(page, f"{moment} (moving)")
    page.evaluate(_LET_GO_JS, MOTIONS)
    page.wait_for_function(_AT_REST_JS, arg=MOTIONS, timeout=UI_TIMEOUT_MS)
    page.screenshot(path=str(shots / f"{moment}-rest.png"))
    return problems + projected_problems(page, f"{moment} (at rest)")


def assert_at_the_end(page: Page, *, counts: bool = False, podium: bool = False) -> None:
    """Every motion's end state (`_END_JS`) on the page."""
    end = page.evaluate(_END_JS)
    assert all(opacity == "1" for opacity, _ in end["arrived"]), end
    assert all(colour == "rgba(0, 0, 0, 0)" for _, colour in end["arrived"]), end
    assert "rgba(0, 0, 0, 0)" not in end["numbers"], end
    assert set(end["counters"]) <= {"hidden"}, end
    assert not counts or end["numbers"], "no count on the page"
    assert set(end["steps"]) <= {"none"} and (not podium or end["steps"]), end


@pytest.mark.parametrize("language", ["en", "es"])
def test_what_changed_moves_into_place_and_rests_there(
    streamlit_server, new_page, language, tmp_path
):
    game = Game(streamlit_server, language, PURPOSE)
    page = new_page(**PROJECTOR)
    page.goto(game.url)
    shows(page, game)
    hold_motion(page)
    game.join_last()
    shows(page, game)
    problems = look_mid_and_at_rest(page, f"{language}-lobby", {"cc-arrive"}, 300, tmp_path)
    assert_at_the_end(page)
    hold_motion(page)  # held across the page's runs: the reveal's counts appear held
    game.engine.start(game.key)
    game.play_round()
    shows(page, game)
    counting = {"cc-count-up", "cc-count-hidden"}
    problems += look_mid_and_at_rest(page, f"{language}-reveal", counting, 700, tmp_path)
    assert_at_the_end(page, counts=True)
    totals = game.public()["totals"]
    scored = page.locator(".cc-by-player .cc-score")
    expect(scored).to_have_count(len(totals))
    assert {cell.split()[0] for cell in scored.all_text_contents()} == {
        str(points) for points in totals.values()
    }
    hold_motion(page)
    game.play_to_the_end()
    shows(page, game)
    building = counting | {"cc-build"}
    problems += look_mid_and_at_rest(page, f"{language}-podium", building, 1500, tmp_path)
    assert_at_the_end(page, counts=True, podium=True)
    expect(page.locator(".cc-podium .cc-step")).to_have_count(3)
    print(f"screenshots in {tmp_path}")
    assert problems == []


def test_with_motion_reduced_the_end_shows_at_once(streamlit_server, new_page):
    game = Game(streamlit_server, "en", "motion-reduced")
    page = new_page(**PROJECTOR)
    page.emulate_media(reduced_motion="reduce")
    page.goto(game.url)
    shows(page, game)
    hold_motion(page)  # a motion that started would stay, held at its start
    game.join_last()
    shows(page, game)
    assert motion_names(page) == set()
    assert_at_the_end(page)
    game.engine.start(game.key)
    game.play_to_the_end()
    shows(page, game)
    assert motion_names(page) == set()
    assert_at_the_end(page, counts=True, podium=True)
