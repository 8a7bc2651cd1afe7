"""Screenshots of a rehearsal of each game, phase by phase, for looking at them by eye (not a
test; screenshots.py does a class's Crossed Canvas).

    .venv/bin/python tests/browser/tour.py OUTDIR [GAME ...] [--language en|es ...]

GAME is `crossed` (Crossed Canvas, five players), `judged` (Canvas Critters, four players),
`duel` (Canvas Critters for two) or `layers` (Canvas Layers, four players); all four when none
is named, in both languages when none is.
Starts the app on a free port with its own temporary database and quick robots, seats one
student with the widest name (tests/browser/worst_case.py) beside robots, and saves, at each
new phase (or turn): the projector at 1280x720, the student's phone at 360x740 (with
``-full.png`` when taller) and, the first time a phase is seen, the facilitator page. The
student then makes a move of its own view (the game's bot), and a phase the robots leave
waiting is ended by the facilitator. It prints, per shot, where a page is wider or taller
than its viewport and the projector's smallest font size.
"""

from __future__ import annotations

import functools
import random
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for path in (str(ROOT), str(HERE)):
    if path not in sys.path:
        sys.path.insert(0, path)

from gamekit import PROJECTOR, measure_layout, open_page, settle  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from screenshots import PHONE, Shooter, load_harness  # noqa: E402
from worst_case import WIDEST_NAMES  # noqa: E402

from engine import Engine  # noqa: E402
from engine.games import DECLARATIONS  # noqa: E402

GAMES = {
    "crossed": ("crossed_canvas", 5),
    "judged": ("canvas_critters", 4),
    "duel": ("canvas_critters", 2),
    "layers": ("canvas_layers", 4),
}
#: How long a phase may wait on robots that sat it out before the facilitator ends it.
PATIENCE_SECONDS = 12.0


def tour(outdir: Path, server, browser, which: str, language: str) -> list[str]:
    kind, players = GAMES[which]
    contexts: list = []
    new_page = functools.partial(open_page, browser, contexts)
    engine = Engine(server.database_url, seed=hash((which, language)) & 0xFFFF)
    game = engine.create_game(language=language, game=kind)
    student = WIDEST_NAMES[language][0]
    token = engine.join(game.code, student)
    engine.add_robots(game.facilitator_token, players - 1)
    screen, teacher, phone = new_page(**PROJECTOR), new_page(**PROJECTOR), new_page(**PHONE)
    screen.goto(f"{server.url}/screen?code={game.code}")
    teacher.goto(f"{server.url}/facilitator?key={game.facilitator_token}")
    phone.goto(f"{server.url}/play?token={token}")
    shooter = Shooter(outdir, None)  # type: ignore[arg-type]
    prefix = f"{which}-{language}"
    seen: set[str] = set()
    rng = random.Random(1)

    def shots(step: str) -> None:
        view = engine.public_view(game.code)
        shooter.shoot(f"{prefix}-{step}", "screen", screen, phone=False)
        layout = measure_layout(screen)
        small = layout["small"][:3]
        print(f"    projector's smallest text: {layout['smallest']} px; under 28 px: {small}")
        shooter.shoot(f"{prefix}-{step}", "phone", phone, phone=True)
        if view["phase"] not in seen:
            seen.add(view["phase"])
            shooter.shoot(f"{prefix}-{step}", "facilitator", teacher, phone=False)

    for page in (screen, teacher, phone):
        settle(page, images=True)
    shots("lobby")
    engine.start(game.facilitator_token)
    declaration = DECLARATIONS[kind]  # the duel plays with the same robot
    shown: tuple[int, str] | None = None
    waited_since = time.monotonic()
    while (view := engine.public_view(game.code))["phase"] != "finished":
        now = (view["round"], view["phase"])
        if now != shown:
            shown, waited_since = now, time.monotonic()
            # A guessed wait, in this hand-run script only: not every game's page marks the
            # stage it shows (`gamekit.shows_stage` needs a countdown), so the push is given
            # a second to reach the pages before they are photographed; no test reads these.
            time.sleep(1.0)
            shots(f"r{view['round']:02d}-{view['phase']}")
        mine = engine.player_view(token)
        moves = declaration.bot.legal_moves(mine, rng)
        if moves:
            meant = {"round": mine["round"], "phase": mine["phase"]}
            rng.choice(moves).on(engine, token, f"tour-{time.monotonic()}", **meant)
        elif time.monotonic() - waited_since > PATIENCE_SECONDS:
            engine.advance(game.facilitator_token, phase=view["phase"], round=view["round"])
        time.sleep(0.5)  # the student's pace between its own moves, not a wait for a state
    time.sleep(1.5)  # as above: the end's push given time to reach the pages (hand-run only)
    shots("end")
    for context in contexts:
        context.close()
    return shooter.problems


def main() -> int:
    arguments = sys.argv[1:]
    languages = [arguments[i + 1] for i, a in enumerate(arguments) if a == "--language"]
    for language in languages:
        arguments.remove("--language")
        arguments.remove(language)
    if not arguments or any(a not in GAMES for a in arguments[1:]):
        print(__doc__)
        return 2
    outdir = Path(arguments[0])
    outdir.mkdir(parents=True, exist_ok=True)
    harness = load_harness()
    workdir = Path(tempfile.mkdtemp(prefix="cc-tour-"))
    server = harness._start_server("app.py", workdir, None, {"ROBOT_SECONDS": "1,2"})
    problems: list[str] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=harness.CHROMIUM, headless=True, args=harness.CHROMIUM_ARGS
            )
            for which in arguments[1:] or list(GAMES):
                for language in languages or ["en", "es"]:
                    problems += tour(outdir, server, browser, which, language)
            browser.close()
    finally:
        server.stop()
    print("\n".join(["problems:", *problems]) if problems else "no page wider than its viewport")
    return 0


if __name__ == "__main__":
    sys.exit(main())
