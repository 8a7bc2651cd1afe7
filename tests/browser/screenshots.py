"""Screenshots of whole games, for looking at the layout by eye (not a test).

    .venv/bin/python tests/browser/screenshots.py OUTDIR [--projector-only]

Starts the app on a free port with its own temporary database and, in Debian's Chromium
(never a downloaded browser):

Plays a 12-player game with 24-character names through the engine, in English and in
Spanish, and saves the projector page at 1280x720 in every phase,
``projector-<en|es>-NN-<phase>.png``, printing each phase's smallest font size and what breaks
the projector's rules (text under 28 px, anything past the viewport, a readiness mark away
from its signature).

Unless ``--projector-only``, plays a 5-player game with clicks and strokes and saves, for
every phase of round 1 and the end:
- ``NN-<phase>-screen.png``: the projector page, 1280x720 viewport (what the class sees);
- ``NN-<phase>-facilitator.png``: the facilitator page, 1280x720 viewport;
- ``NN-<phase>-<loyal|distorter|curator>.png``: the role pages at 360x740, first screen;
  ``-full.png`` beside it: the whole page when it is taller than the phone.
Rounds 2 to N are skipped through with the facilitator's "end this phase now".
It prints, per shot, where the page is wider or taller than its viewport.
"""

from __future__ import annotations

import functools
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (str(ROOT), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

from gamekit import (  # noqa: E402
    PHASES,
    PROJECTOR,
    Table,
    measure_layout,
    open_card,
    open_page,
    projector_game,
    settle,
    stroke_set,
)
from playwright.sync_api import sync_playwright  # noqa: E402

PHONE = {"width": 360, "height": 740}
NAMES = ["Amara", "Benjamín", "Chen Wei", "Dmitri", "Élodie"]


def load_harness():
    """tests/browser/conftest.py, for its server starter and Chromium settings."""
    import conftest

    return conftest


class Shooter:
    def __init__(self, outdir: Path, table: Table) -> None:
        self.outdir = outdir
        self.table = table
        self.count = 0
        self.problems: list[str] = []

    def shoot(self, phase: str, who: str, page, *, phone: bool) -> None:
        # measured next: a push may rerun it right after (old elements beside new)
        settle(page, images=True, pause_ms=300)
        self.count += 1
        stem = f"{self.count:02d}-{phase}-{who}"
        # Streamlit scrolls inside <main data-testid="stMain">, not the document.
        size = page.evaluate(
            """() => {
              const main = document.querySelector('[data-testid="stMain"]')
                || document.documentElement;
              return {w: Math.max(main.scrollWidth, document.documentElement.scrollWidth),
                      h: main.scrollHeight, vw: window.innerWidth, vh: window.innerHeight};
            }"""
        )
        page.screenshot(path=str(self.outdir / f"{stem}.png"))
        if size["h"] > size["vh"]:
            # The whole page: a viewport as tall as the content, then back to the phone's.
            viewport = page.viewport_size
            page.set_viewport_size({"width": viewport["width"], "height": size["h"]})
            # measured next: a push may rerun it right after (old elements beside new)
            settle(page, images=True, pause_ms=300)
            page.screenshot(path=str(self.outdir / f"{stem}-full.png"))
            page.set_viewport_size(viewport)
        notes = []
        if size["w"] > size["vw"]:
            notes.append(f"wider than the viewport: {size['w']} > {size['vw']} px")
        if size["h"] > size["vh"]:
            notes.append(f"taller than the viewport: {size['h']} > {size['vh']} px")
        print(f"{stem}.png" + (f"  ({'; '.join(notes)})" if notes else ""))
        if notes and (not phone or size["w"] > size["vw"]):
            self.problems.append(f"{stem}: {'; '.join(notes)}")

    def everyone(self, phase: str, roles: dict[str, str]) -> None:
        table = self.table
        self.shoot(phase, "screen", table.screen, phone=False)
        self.shoot(phase, "facilitator", table.facilitator, phone=False)
        for role, name in roles.items():
            self.shoot(phase, role, table.players[name].page, phone=True)


def play(outdir: Path, server, browser) -> None:
    contexts: list = []
    new_page = functools.partial(open_page, browser, contexts)

    table = Table(server, new_page)
    shooter = Shooter(outdir, table)
    table.create_game(pace="extra_relaxed")
    table.facilitator.set_viewport_size(PROJECTOR)
    table.open_screen(**PROJECTOR)
    for name in NAMES:
        table.join(name, **PHONE)
    table.wait_phase("lobby")
    shooter.shoot("lobby", "screen", table.screen, phone=False)
    shooter.shoot("lobby", "facilitator", table.facilitator, phone=False)
    shooter.shoot("lobby", "player", table.players[NAMES[0]].page, phone=True)

    table.start()
    by_role = table.by_role()
    loyal, others = by_role["loyal"][0], by_role["loyal"][1:]
    roles = {"loyal": loyal, "distorter": by_role["distorter"][0], "curator": by_role["curator"][0]}
    artists = [loyal, roles["distorter"], *others]
    for name in NAMES:
        open_card(table.players[name].page)
    shooter.everyone("roles", roles)
    table.advance("roles", 1)

    for pulse, after in ((1, "merge"), (2, "discussion")):
        table.wait_phase(f"pulse{pulse}", 1)
        for index, name in enumerate(artists[:2]):  # a stroke drawn (counted), not submitted
            table.draw(name, stroke_set(index, pulse)[:1], pulse)
        shooter.everyone(f"pulse{pulse}", roles)
        for index, name in enumerate(artists):
            if index >= 2:
                table.draw(name, stroke_set(index, pulse)[:1], pulse)
            table.submit(name)
        table.wait_phase(after, 1)
        shooter.everyone(after, roles)
        table.advance(after, 1)

    table.wait_phase("choice", 1)
    shooter.everyone("choice", roles)
    options = table.view(roles["curator"])["options"]
    table.choose(roles["curator"], options[0]["id"])
    table.wait_phase("accusation", 1)
    shooter.everyone("accusation", roles)
    sig = {name: table.view(name)["signature"] for name in artists}
    for name in NAMES:
        table.accuse(name, sig[roles["distorter"]] if name != roles["distorter"] else sig[loyal])
    table.wait_phase("reveal", 1)
    shooter.everyone("reveal", roles)
    table.advance("reveal", 1)

    rounds = table.public()["rounds"]
    for number in range(2, rounds + 1):
        for phase in PHASES:
            table.wait_phase(phase, number)
            table.advance(phase, number)
    table.wait_phase("finished")
    shooter.everyone("finished", roles)

    for context in contexts:
        context.close()
    if shooter.problems:
        print("\nPages larger than their viewport:")
        for problem in shooter.problems:
            print("  " + problem)


def projector(outdir: Path, server, browser) -> None:
    """Every phase of a 12-player game on the projector, in both languages, with figures."""
    for language in ("en", "es"):
        context = browser.new_context(viewport=PROJECTOR)
        page = context.new_page()
        for number, phase in enumerate(projector_game(server, page, language), start=1):
            found = measure_layout(page)
            name = f"projector-{language}-{number:02d}-{phase}.png"
            page.screenshot(path=str(outdir / name))
            broken = [f"{len(found[k])} {k}" for k in ("small", "outside", "apart") if found[k]]
            print(f"{name}  smallest font {found['smallest']:g} px  {', '.join(broken)}")
            for what in found["small"] + found["outside"] + found["apart"]:
                print(f"    {what}")
        context.close()


def main() -> int:
    arguments = sys.argv[1:]
    projector_only = "--projector-only" in arguments
    if projector_only:
        arguments.remove("--projector-only")
    if len(arguments) != 1:
        print(__doc__)
        return 2
    outdir = Path(arguments[0]).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    harness = load_harness()
    server = harness._start_server("app.py", Path(tempfile.mkdtemp(prefix="cc-shots-")), None, {})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=harness.CHROMIUM, headless=True, args=harness.CHROMIUM_ARGS
            )
            try:
                projector(outdir, server, browser)
                if not projector_only:
                    play(outdir, server, browser)
            finally:
                browser.close()
    finally:
        server.stop()
    print(f"\nScreenshots in {outdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
