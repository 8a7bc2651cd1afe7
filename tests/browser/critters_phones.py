"""A Canvas Critters student's taps on a 360 px phone, shared by the browser tests that
play the game (test_critters_game.py, and test_rehearsal.py's teacher among robots). Texts
are read in `gamekit.LANGUAGE` (a Spanish game's test sets it)."""

from __future__ import annotations

from gamekit import UI_TIMEOUT_MS, Table, settle, t
from playwright.sync_api import Page, expect

from tests.kit import eventually

FEWEST = 7  # pieces a mosaic needs (rule 3)


def critters_heading(view: dict, tie_break: bool = False) -> str:
    """A phone's heading: "Round 2 of 4 · Build your mosaic", "Tie-break · ..."."""
    phase = t(f"ui.critters.phase.{view['phase']}")
    if view["phase"] in ("lobby", "finished"):
        return phase
    if tie_break:
        return f"{t('ui.critters.screen.tie_break')} · {phase}"
    return f"{t('ui.round_of', round=view['round'], rounds=view['rounds'])} · {phase}"


def wait_all(
    table: Table, phase: str, round_number: int, tie_break: bool = False, phones: bool = True
) -> dict:
    """The game reached `phase` of `round_number`, and (unless `phones` is False) every
    phone's heading says so."""

    def reached() -> tuple[str, int]:
        view = table.public()
        return view["phase"], view["round"]

    eventually(reached, (phase, round_number), 30)
    view = table.public()
    for person in table.players.values() if phones else ():
        heading = person.page.locator(".cc-phase").first
        expect(heading).to_contain_text(critters_heading(view, tie_break), timeout=UI_TIMEOUT_MS)
        settle(person.page)
    return view


def pick_themes(table: Table) -> None:
    """Whoever holds a theme card (the active player; both in the duel) taps a theme."""
    for name, person in table.players.items():
        if "pick_theme" in table.view(name)["actions"]:
            theme = table.view(name)["card"]["themes"][1]["text"]
            person.page.get_by_role("button", name=theme, exact=True).click()


def take(page: Page, kind: str, left: int):
    """The palette's button that takes a `kind`, saying `left` are left in the pile."""
    label = t(f"ui.critters.screen.kind.{kind}")
    return page.get_by_role(
        "button", name=t("ui.critters.mosaic.take", label=label, count=left), exact=True
    )


def taking(kind: str) -> str:
    """How the palette's button that takes a `kind` begins its name, whatever is left."""
    label = t(f"ui.critters.screen.kind.{kind}")
    return t("ui.critters.mosaic.take", label=label, count="\0").split("\0")[0]


def build_mosaics(table: Table, kinds: dict[str, str], check_pile: bool = False) -> None:
    """Every builder taps seven pieces of their kind in quick succession (the mosaic queues
    taps) and sees the count reach seven, one phone after the other; then each taps
    "finished". Not all phones at once: while the component's data changes faster than
    Streamlit loads its module, the mosaic.js can be disposed under a live canvas, which then
    shows twice and keeps its taps "on its way" for good (reported, not ours to change).
    `check_pile`: every phone's palette then shows what another took from the pile."""
    pages = {name: table.players[name].page for name in kinds}
    counted = t("ui.critters.play.count", count=FEWEST, fewest=FEWEST)
    for name, page in pages.items():
        button_ = page.locator(f"[aria-label^='{taking(kinds[name])}']")
        for _tap in range(FEWEST):
            button_.tap()
        expect(page.get_by_text(counted)).to_be_visible(timeout=UI_TIMEOUT_MS)
    if check_pile:
        builders = list(kinds)
        for index, page in enumerate(pages.values()):
            other = kinds[builders[(index + 1) % len(builders)]]
            expect(take(page, other, 12 - FEWEST)).to_be_visible(timeout=UI_TIMEOUT_MS)
    finished = t("ui.critters.play.wait.last_minute")
    for index, page in enumerate(pages.values()):
        settle(page)
        page.get_by_role("button", name=t("ui.critters.play.finish")).click()
        if index < len(pages) - 1:  # the last to finish ends the building at once
            expect(page.get_by_text(finished)).to_be_visible(timeout=UI_TIMEOUT_MS)


def tap_radio(page: Page, key: str, label: str) -> None:
    """Tap the option `label` of the radio keyed `key`, once the page has drawn it."""
    settle(page)
    option = page.locator(f".st-key-{key}").get_by_text(label, exact=True)
    option.tap()
    expect(page.locator(f".st-key-{key}").get_by_role("radio", name=label)).to_be_checked(
        timeout=UI_TIMEOUT_MS
    )
