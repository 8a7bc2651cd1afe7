"""Canvas Critters on the projector at 1280x720, read from the back of a classroom.

A judged game of six players and a duel, with the widest names, 40-character titles, the
theme deck's longest cards on top and each card's longest theme picked (tests/browser/
worst_case.py), are played through the engine in English and in Spanish and looked at in
every phase: every
text is at least 28 px and nothing ends past the right edge or the bottom (no scrolling).
Each look is saved as a screenshot (the test's temporary folder, printed) to look at by eye.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gamekit import PROJECTOR, UI_TIMEOUT_MS, look, projected_problems, seeded_engine, settle
from playwright.sync_api import Page, expect
from worst_case import WIDEST_NAMES, longest_theme, longest_themes_first

from engine.critters.rules import PILE
from engine.i18n import translate
from tests.kit import rid

pytestmark = pytest.mark.browser

LONG = dict.fromkeys(
    ["theme", "build", "last_minute", "titles", "judging", "scores", "guess"], 3600
)
KINDS = list(PILE)
TITLES = {
    "en": "A Very Long Title for a Mosaic of Beasts",
    "es": "Título larguísimo de un mosaico de focas",
}
JUDGED_SEEN = [
    "lobby",
    "theme",
    "build",
    "last_minute",
    "titles",
    "judging",
    "scores",
    "theme-again",
    "finished",
    "finished-gallery",
]
DUEL_SEEN = ["lobby", "theme", "build", "guess", "scores", "finished", "finished-gallery"]


def heading(view: dict[str, Any], language: str) -> str:
    """The projector's heading in a phase (ui/critters_screen.critters_heading)."""
    phase = view["phase"]
    if phase == "finished" and view["shown_round"]:
        return translate(language, "ui.critters.end.round", round=view["shown_round"])
    if phase in ("lobby", "finished"):
        return translate(language, f"ui.phase.{phase}")
    if phase == "theme" and view["duel"]:
        phase = "secret_themes"
    round_text = translate(language, "ui.round_of", round=view["round"], rounds=view["rounds"])
    return f"{round_text} · {translate(language, f'ui.critters.screen.phase.{phase}')}"


class Game:
    """A Canvas Critters game played through the engine, its projector open on `page`."""

    def __init__(self, server: Any, page: Page, language: str, players: int) -> None:
        self.engine = seeded_engine(server, f"critters-projector-{language}-{players}")
        self.language = language
        game = self.engine.create_game(language=language, durations=LONG, game="canvas_critters")
        self.code, self.fac = game.code, game.facilitator_token
        self.tokens = {
            name: self.engine.join(self.code, name) for name in WIDEST_NAMES[language][:players]
        }
        self.page = page
        page.goto(f"{server.url}/screen?code={self.code}")

    def public(self) -> dict[str, Any]:
        return self.engine.public_view(self.code)

    def shown(self, *texts: str) -> str:
        """The phase the game is in, once the page shows it (and `texts`) and has settled."""
        view = self.public()
        expect(self.page.locator(".cc-phase").first).to_have_text(
            heading(view, self.language), timeout=UI_TIMEOUT_MS
        )
        for text in texts:
            expect(self.page.get_by_text(text).first).to_be_visible(timeout=UI_TIMEOUT_MS)
        # measured next: a push may rerun it right after (old elements beside new)
        settle(self.page, images=True, pause_ms=300)
        return view["phase"]

    def t(self, key: str, **params: Any) -> str:
        return translate(self.language, key, **params)

    def pick(self, names: list[str]) -> None:
        """Each picks their card's longest theme."""
        for name in names:
            themes = self.engine.player_view(self.tokens[name])["card"]["themes"]
            self.engine.pick_theme(self.tokens[name], longest_theme(themes)["id"])

    def build(self, names: list[str]) -> None:
        """Eight pieces each, turned and mirrored every way, on both sides of the canvas; each
        player draws from kinds of their own, so no kind runs out."""
        for index, name in enumerate(names):
            token = self.tokens[name]
            if index % 2:
                self.engine.flip_canvas(token, "black")
            for k in range(8):
                kind = KINDS[(2 * index + k) % len(KINDS)]
                x, y = 0.2 + 0.3 * (k % 3), 0.2 + 0.3 * (k // 3)
                self.engine.take_piece(
                    token,
                    kind,
                    x,
                    y,
                    rid(),
                    rotation=(45 * k + 30 * index) % 360,
                    mirrored=bool(k % 2),
                )

    def finish(self, names: list[str]) -> None:
        for name in names:
            self.engine.finish_mosaic(self.tokens[name])

    def title(self, names: list[str]) -> None:
        for name in names:
            self.engine.title_mosaic(self.tokens[name], TITLES[self.language])

    def award(self, names: list[str], golden: bool = False) -> None:
        for name in names:
            offer = self.engine.player_view(self.tokens[name])["actions"]["award"]
            ribbons = dict(zip(offer["ribbons"], offer["receivers"], strict=False))
            gold = offer["receivers"][-1] if golden and offer["golden"] else None
            self.engine.award_ribbons(self.tokens[name], ribbons, rid(), golden=gold)

    def judged_round(self, look: bool) -> Iterator[str]:
        """One judged round; with `look`, every phase is looked at half answered."""
        names = list(self.tokens)
        half = names[: len(names) // 2]
        view = self.public()
        if look:
            yield self.shown(self.t("ui.critters.screen.choosing", name=view["active"]))
        self.pick([view["active"]])
        self.build(names)
        if look:
            yield self.shown(
                self.t("ui.critters.screen.finished", done=0, count=0, total=len(names))
            )
        self.finish(half)
        if look:
            yield self.shown(
                self.t(
                    "ui.critters.screen.finished", done=len(half), count=len(half), total=len(names)
                )
            )
        self.finish(names[len(half) :])
        self.title(half)
        if look:
            yield self.shown(self.t("ui.critters.screen.hint.titles"))
        self.title(names[len(half) :])
        self.award(half, golden=True)
        if look:
            ready = self.t(
                "ui.critters.screen.ready.judging",
                done=len(half),
                count=len(half),
                total=len(names),
            )
            yield self.shown(ready)
        self.award(names[len(half) :], golden=look)
        if look:
            yield self.shown("+5")
        self.engine.advance(self.fac)

    def judged(self) -> Iterator[str]:
        yield self.shown(self.t("ui.players_joined", count=len(self.tokens)))
        self.engine.start(self.fac)
        yield from self.judged_round(look=True)
        active = self.public()["active"]
        yield self.shown(self.t("ui.critters.screen.choosing", name=active)) + "-again"
        while self.public()["phase"] != "finished":
            yield from self.judged_round(look=False)
        yield self.shown()
        yield from self.gallery()

    def gallery(self) -> Iterator[str]:
        """The teacher puts the first round back on the projector."""
        self.engine.show_round(self.fac, 1)
        yield self.shown() + "-gallery"

    def duel(self) -> Iterator[str]:
        ana, ben = self.tokens
        yield self.shown(self.t("ui.players_joined", count=2))
        self.engine.start(self.fac)
        self.engine.set_tie_rule(self.fac, "share")
        while self.public()["phase"] != "finished":
            first = self.public()["round"] == 1
            self.pick([ana])
            if first:
                yield self.shown(self.t("ui.critters.screen.ready.theme", done=1, count=1, total=2))
            self.pick([ben])
            self.build([ana, ben])
            if first:
                yield self.shown(self.t("ui.critters.screen.duel_building"))
            self.finish([ana, ben])
            secret = self.engine.player_view(self.tokens[ben])["card"]
            self.engine.guess_theme(
                self.tokens[ana], 3, secret["id"], rid(), theme=secret["chosen"]
            )
            if first:
                yield self.shown(self.t("ui.critters.screen.ready.guess", done=1, count=1, total=2))
            offer = self.engine.player_view(self.tokens[ben])["actions"]["guess"]
            self.engine.guess_theme(self.tokens[ben], 1, offer["cards"][-1], rid())
            if first:
                yield self.shown(self.t("ui.critters.screen.right"))
            self.engine.advance(self.fac)
        yield self.shown()
        yield from self.gallery()


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_judged_phase_is_big_enough_and_fits(
    streamlit_server, new_page, language, tmp_path, monkeypatch
):
    longest_themes_first(monkeypatch, language)
    page = new_page(**PROJECTOR)
    game = Game(streamlit_server, page, language, players=6)
    seen, problems = look(page, game.judged(), tmp_path, f"judged-{language}")
    assert seen == JUDGED_SEEN
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_duel_phase_is_big_enough_and_fits(
    streamlit_server, new_page, language, tmp_path, monkeypatch
):
    longest_themes_first(monkeypatch, language)
    page = new_page(**PROJECTOR)
    game = Game(streamlit_server, page, language, players=2)
    seen, problems = look(page, game.duel(), tmp_path, f"duel-{language}")
    assert seen == DUEL_SEEN
    assert not problems, "\n".join(problems)


#: The least a mosaic is on the projector when three or fewer are shown at once (issue 41:
#: the back row talks about them).
BIG_MOSAIC_PX = 400


def mosaic_sizes(page: Page) -> list[tuple[float, float]]:
    """Every mosaic's width and height on the page, in CSS pixels."""
    boxes = [img.bounding_box() for img in page.locator("img.cc-mosaic").all()]
    return [(box["width"], box["height"]) for box in boxes if box is not None]


def unfinished_problems(page: Page, moment: str) -> list[str]:
    """An unfinished mosaic's mark is said quietly: inside its picture's corner, never above
    its maker's name, and not in alarm red."""
    problems = []
    for mark in page.locator(".cc-cr-cell .cc-cr-unfinished").all():
        picture = mark.locator("xpath=preceding-sibling::img[1]").bounding_box()
        box = mark.bounding_box()
        assert picture is not None and box is not None
        inside = (
            picture["x"] <= box["x"]
            and box["x"] + box["width"] <= picture["x"] + picture["width"]
            and picture["y"] <= box["y"]
            and box["y"] + box["height"] <= picture["y"] + picture["height"]
        )
        colour = mark.evaluate("element => getComputedStyle(element).color")
        if not inside or colour == "rgb(176, 0, 32)":
            problems.append(f"{moment}: the unfinished mark at {box} in {colour}")
    return problems


def few_mosaics(game: Game) -> Iterator[str]:
    """Three players' judging and scores, or the duel's guess and scores."""
    names = list(game.tokens)
    game.engine.start(game.fac)
    if len(names) == 2:
        game.pick(names)
        game.build(names)
        game.finish(names)
        yield game.shown(game.t("ui.critters.screen.hint.guess"))
        ana, ben = (game.tokens[name] for name in names)
        secret = game.engine.player_view(ben)["card"]
        game.engine.guess_theme(ana, 3, secret["id"], rid(), theme=secret["chosen"])
        offer = game.engine.player_view(ben)["actions"]["guess"]
        game.engine.guess_theme(ben, 1, offer["cards"][-1], rid())
        yield game.shown(game.t("ui.critters.screen.right"))
        return
    game.pick([game.public()["active"]])
    *builders, short = names
    game.build(builders)
    for k in range(3):  # the last student's mosaic stays short of seven: unfinished
        game.engine.take_piece(game.tokens[short], "whale", 0.2 + 0.3 * k, 0.5, rid())
    game.finish(builders)
    game.engine.advance(game.fac)  # the teacher ends the last minute
    game.title(names)
    yield game.shown(game.t("ui.critters.screen.hint.judging"))
    game.award(names, golden=True)
    yield game.shown("+5")


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("language", ["en", "es"])
def test_up_to_three_mosaics_are_each_at_least_400_px_and_fit(
    streamlit_server, new_page, language, players, tmp_path, monkeypatch
):
    longest_themes_first(monkeypatch, language)
    page = new_page(**PROJECTOR)
    game = Game(streamlit_server, page, language, players=players)
    problems = []
    for number, moment in enumerate(few_mosaics(game), start=1):
        if players == 3:
            expect(page.locator(".cc-cr-unfinished")).to_have_count(1)
        sizes = mosaic_sizes(page)
        assert len(sizes) == players, moment
        problems += [
            f"{moment}: a mosaic of {width:.0f}x{height:.0f} px"
            for width, height in sizes
            if min(width, height) < BIG_MOSAIC_PX
        ]
        problems += projected_problems(page, moment) + unfinished_problems(page, moment)
        page.screenshot(path=str(tmp_path / f"few-{players}-{language}-{number}-{moment}.png"))
    print(f"screenshots in {tmp_path}")
    assert not problems, "\n".join(problems)
