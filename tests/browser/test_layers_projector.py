"""Canvas Layers on the projector at 1280x720, read from the back of a classroom.

A table of five with the widest names (tests/browser/worst_case.py), played through the
engine in English and in Spanish, is looked at in the lobby, at its first turn, with tokens
lying on the row, with a painting just completed (the longest title its hand can make), at
its end and on the gallery's page whose captions are tallest (most ribbons and a bonus under
one painting, then the longest titles): every text is at
least 28 px and nothing ends past the right edge or the bottom.
Each look is saved as a screenshot (the test's temporary folder, printed) to look at by eye.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gamekit import PROJECTOR, UI_TIMEOUT_MS, look, seeded_engine, settle
from playwright.sync_api import Page, expect
from worst_case import WIDEST_NAMES

from engine.canvas_layers.cards import scoring_by_id
from engine.canvas_layers.rules import HAND_LIMIT, title
from engine.i18n import translate
from tests.kit import rid

pytestmark = pytest.mark.browser

SEEN = [
    "lobby",
    "first-turn",
    "tokens-on-the-row",
    "painting-completed",
    "finished",
    "a-painters-paintings",
]
# The row read from the back (issue 41): each card's slots under its own card, a gap between
# cards, nothing of the row under the scoring cards beside it, every slot's glyph 32 px.
ROW_JS = """(least) => {
  const problems = [];
  const cards = [...document.querySelectorAll('.cl-row-card')]
    .map((c) => [c, c.getBoundingClientRect()]);
  cards.forEach(([card, box], i) => {
    const strip = card.querySelector('.cl-slots').getBoundingClientRect();
    if (strip.left < box.left - 0.5 || strip.right > box.right + 0.5)
      problems.push(`card ${i + 1}: its slots run past its card`);
    if (i > 0 && box.left - cards[i - 1][1].right < 8)
      problems.push(`cards ${i} and ${i + 1}: less than 8 px apart`);
    for (const glyph of card.querySelectorAll('.cl-slot > span')) {
      const size = parseFloat(getComputedStyle(glyph).fontSize);
      if (size < least) problems.push(`card ${i + 1}: a glyph of ${size} px`);
    }
  });
  const side = document.querySelector('.cl-area-side');
  const last = cards.length ? cards[cards.length - 1][1] : null;
  if (side && last && side.getBoundingClientRect().left < last.right - 0.5)
    problems.push('the row runs under the side');
  return problems;
}"""
GLYPH_PX = 32
# The heading on one line, whoever's turn it is: a second line pushed a late turn's band past
# the bottom (a rehearsal in Spanish at turn 33 ended at 735 of 720 px).
HEADING_LINES_JS = """() => [...document.querySelectorAll('.cc-phase')].map((h) =>
  h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight))"""


class Table:
    """Five painters of Canvas Layers, every move through the engine; its projector on `page`."""

    def __init__(self, server: Any, page: Page, language: str) -> None:
        self.engine = seeded_engine(server, f"layers-projector-{language}")
        self.language = language
        game = self.engine.create_game(language, durations={"turn": 3600}, game="canvas_layers")
        self.code, self.fac = game.code, game.facilitator_token
        self.tokens = {
            name: self.engine.join(self.code, name) for name in WIDEST_NAMES[language][:5]
        }
        self.page = page
        self.band_problems: list[str] = []  # what the row and the band must show, missing
        page.goto(f"{server.url}/screen?code={self.code}")

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def shown(self, moment: str, text: str) -> str:
        """`moment`, once the projector shows `text` and has settled."""
        expect(self.page.get_by_text(text).first).to_be_visible(timeout=UI_TIMEOUT_MS)
        # measured next: a push may rerun it right after (old elements beside new)
        settle(self.page, images=True, pause_ms=300)
        for problem in self.page.evaluate(ROW_JS, GLYPH_PX):
            self.band_problems.append(f"{moment}: {problem}")
        for lines in self.page.evaluate(HEADING_LINES_JS):
            if lines > 1.5:
                self.band_problems.append(f"{moment}: a heading of {lines:.1f} lines")
        if self.public()["phase"] == "turn":
            self.band_problems += [f"{moment}: {missing}" for missing in self.rules_missing()]
        return moment

    def rules_missing(self) -> list[str]:
        """What each of the four scoring cards asks, all game long, and in the first round
        what each icon means: what the projector does not show."""
        view = self.public()
        band, side = self.page.locator(".cl-band"), self.page.locator(".cl-area-side")
        shown = band.inner_text() if band.count() else ""
        missing = [
            f"no rule of {card}"
            for card in view["scoring"]
            if scoring_by_id()[card].gist.text(self.language) not in shown
        ]
        legend = translate(self.language, "ui.layers.bonus_legend")
        told = legend in (side.inner_text() if side.count() else "")
        if (view["round"] <= len(view["painters"])) != told:
            missing.append(f"the icons' legend shown at turn {view['round']}: {told}")
        return missing

    def turn_shown(self, moment: str) -> str:
        turn = translate(self.language, "ui.layers.turn_number", turn=self.public()["round"])
        return self.shown(moment, turn)

    def acting(self) -> tuple[str, dict[str, Any]]:
        name = self.public()["turn"]
        return name, self.engine.player_view(self.tokens[name])

    def take_dearest(self) -> None:
        """The acting painter takes the dearest card they can pay for: tokens pile up on the
        row's first cards."""
        name, view = self.acting()
        offer = max(view["actions"]["take"], key=lambda take: take["cost"])
        self.engine.take_card(self.tokens[name], offer["position"], offer["card"], rid())

    def paint_longest_title(self) -> None:
        """The acting painter completes the painting whose title is longest in the game's
        language (every order of three cards is listed)."""
        name, view = self.acting()
        best = max(
            view["actions"]["complete"], key=lambda offer: len(title(offer["cards"], self.language))
        )
        self.engine.complete_painting(self.tokens[name], best["cards"], best["background"], rid())

    def play_to_the_end(self) -> None:
        """Each turn: paint when the hand holds three or more, else take the free card."""
        while self.public()["phase"] != "finished":
            if self.public()["turn"] is None:  # a tie's pick
                picker = self.public()["picker"]
                tied = self.engine.player_view(self.tokens[picker])["actions"]["pick"]
                self.engine.pick_winner(self.tokens[picker], tied[0], rid())
                continue
            name, view = self.acting()
            if "complete" in view["actions"] and (
                len(view["hand"]) >= HAND_LIMIT or "take" not in view["actions"]
            ):
                offer = view["actions"]["complete"][0]
                self.engine.complete_painting(
                    self.tokens[name], offer["cards"], offer["background"], rid()
                )
            else:
                offer = view["actions"]["take"][0]
                self.engine.take_card(self.tokens[name], offer["position"], offer["card"], rid())

    def moments(self) -> Iterator[str]:
        t = lambda key, **params: translate(self.language, key, **params)  # noqa: E731
        yield self.shown("lobby", t("ui.players_joined", count=5))
        self.engine.start(self.fac)
        yield self.turn_shown("first-turn")
        for _turn in range(5):
            self.take_dearest()
        yield self.turn_shown("tokens-on-the-row")
        for _turn in range(10):  # three cards each
            self.take_dearest()
        self.paint_longest_title()
        last = self.public()["last_painting"]
        yield self.shown("painting-completed", t("ui.layers.title_quoted", title=last["title"]))
        self.play_to_the_end()
        yield self.shown("finished", t("ui.layers.phase.finished"))
        # The gallery's page whose captions are tallest, as the teacher steps: the painting
        # with the most chips under it (a ribbon's card each, and a bonus), then the longest
        # titles (issue 41: a bonus chip ended past the bottom).
        painters = self.public()["painters"]

        def chips(painting: dict[str, Any]) -> int:
            return sum(1 for count in painting["ribbons"].values() if count) + (
                painting["bonus"] > 0
            )

        seat = max(
            range(len(painters)),
            key=lambda s: (
                max(chips(p) for p in painters[s]["paintings"]),
                sum(len(p["title"]) for p in painters[s]["paintings"]),
            ),
        )
        self.engine.show_round(self.fac, seat + 1)
        name = painters[seat]["name"]
        yield self.shown("a-painters-paintings", t("ui.layers.end.paintings_of", name=name))


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_moment_of_a_table_of_five_is_big_enough_and_fits(
    streamlit_server, new_page, language, tmp_path
):
    page = new_page(**PROJECTOR)
    table = Table(streamlit_server, page, language)
    seen, problems = look(page, table.moments(), tmp_path, f"layers-{language}")
    problems += table.band_problems
    assert seen == SEEN
    assert not problems, "\n".join(problems)
