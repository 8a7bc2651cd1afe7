"""What a whole class's pages share on screen: each table's state at a glance, and the class
podium. The teacher's page (pages/classroom.py) and the projector (pages/screen.py on a class
code) draw the same cards; the projector's are larger.

Everything here is built from the class's public view (each table's public view), so it may be
projected at any moment: no role, target, option, choice or vote before a table's reveal. What
a table shows is its game's (`ui/games.py`, `parts_of`): nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from engine import FINISHED, LOBBY, Engine, RuleError
from ui.faces import named_html
from ui.fullscreen import full_screen_button
from ui.games import parts_of
from ui.links import page_url, qr_png, shown_url
from ui.live import clock_html, follow_changes, page_top
from ui.parts import screen_part
from ui.projector import screen_body, screen_header
from ui.sound import cue_of, projector_sound
from ui.text import Translator, decimal_text, literal, url_html

# Read from the back of a classroom: three tables of ten side by side on 1280x720, every text
# at least 28 px (1.75rem); the teacher's laptop page keeps Streamlit's sizes.
CLASS_CSS = """
.cc-tables { display: grid; grid-template-columns: repeat(var(--cc-columns), minmax(0, 1fr));
  gap: .8rem; }
.cc-table-card { border: 2px solid #ccc; border-radius: .6rem; padding: .4rem .7rem;
  overflow-wrap: anywhere; }
.cc-table-card h3 { margin: 0; padding: 0; font-size: 1.3rem; }
.cc-card-top { display: flex; justify-content: space-between; align-items: baseline;
  gap: .5rem; }
.cc-table-card .cc-timer { font-size: 1.3rem; }
.cc-names { display: flex; flex-wrap: wrap; gap: 0 .8rem; }
.cc-class-podium h3 { margin: .6rem 0 .2rem; padding: 0; }
.cc-per-round { font-style: italic; margin-bottom: .2rem; }
"""
BIG_CSS = """
.cc-tables-big .cc-table-card { font-size: 1.75rem; line-height: 1.2; padding: .3rem .6rem; }
.cc-tables-big .cc-table-card h3 { font-size: 2rem; }
.cc-tables-big .cc-table-card .cc-timer { font-size: 2.4rem; }
/* A table waiting for players: its count says so, and twelve long names need the room. */
.cc-tables-big .cc-waiting .cc-table-phase { display: none; }
.cc-tables-big .cc-names { line-height: 1.05; }
/* Tight lines: two tables of twelve tied (every winner in their table's card) and three best
   totals of 24-character names still end within 720 px. */
.cc-class-podium-big { font-size: 1.75rem; line-height: 1.1; }
.cc-class-podium-big .cc-table-card { line-height: 1.1; }
.cc-join-line { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1.5rem; }
.cc-class-code { font-size: 4.5rem; line-height: 1.1; }
.cc-class-podium-big > h3 { font-size: 2rem; }
/* The other tables while one shows its reveal: after the clue, on its line while it fits. */
.cc-strip { display: flex; flex-wrap: wrap; gap: 0 1.2rem; flex: 0 1 auto; }
.cc-strip-table { white-space: nowrap; }
.cc-strip .cc-timer { font-size: 1em; }
/* Tables at play: the page below the class's heading, the join line and the latecomers'
   one-line cards first, then the playing tables' cards share the rest, each drawing taking
   what its card's lines leave (one row of cards up to three tables, then two). */
.cc-class-play { display: flex; flex-direction: column; gap: .4rem;
  height: calc(100vh - var(--cc-heading-px)); }
.cc-play-top { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem 1.2rem; }
.cc-class-play > .cc-tables { flex: 1 1 0; min-height: 0;
  grid-template-rows: repeat(var(--cc-rows), minmax(0, 1fr)); }
.cc-class-play .cc-table-card { display: flex; flex-direction: column; min-height: 0;
  overflow: hidden; }
.cc-class-play .cc-table-card .cc-board { flex: 1 1 0; min-height: 0; width: 100% !important;
  object-fit: contain; object-position: left top; }
.cc-play-top .cc-one-line { display: flex; flex-direction: row; gap: 0 .6rem;
  align-items: baseline; padding: 0 .5rem; }
.cc-play-top .cc-code { font-size: 1em; letter-spacing: .05em; }
/* One table at play: its drawing beside its lines, as high as the card (cqh: its height). */
.cc-class-play .cc-tables-single .cc-table-card { display: block; position: relative;
  container-type: size; }
.cc-class-play .cc-tables-single .cc-table-card > * { margin-left: calc(100cqh + 1rem); }
.cc-class-play .cc-tables-single .cc-table-card > .cc-board { position: absolute; margin: 0;
  top: .3rem; width: 100cqh !important; height: 100cqh; }
/* Two rows of cards: the clue gives way to the drawing (each phone shows its table's clue). */
.cc-class-play .cc-tables-rows .cc-table-card .cc-muted { display: none; }
"""
# The class's heading line above `.cc-class-play` (its 2.4rem line, the page's top padding and
# Streamlit's gap) and the page's bottom padding: the height the playing tables may not take.
HEADING_PX = 94
# Up to this many tables sit in one row of cards; more take two rows.
ONE_ROW_MOST = 3
# Before the start, the cards list their students up to this many tables (two of twelve
# 24-character names fit beside the QR code).
LOBBY_NAMES_MOST = 2


# The class podium names this many students with one best total; a larger tie says how many more.
BEST_NAMES = 6


def is_class(status: Mapping[str, Any]) -> bool:
    """Whether `Engine.status` answered for a class's code (it tells its sitting), not a
    game's."""
    return "sitting" in status


def view_of_code(
    engine: Engine, code: str, browser: str | None
) -> tuple[Mapping[str, Any], dict[str, Any]]:
    """The public view of a game's code or of a class's (`is_class` tells which), and the
    status read before it. An unknown code is refused by the view's lookup, which counts it
    as this browser's guess, as a game's code always was."""
    try:
        status = engine.status(code)
    except RuleError:
        status = {}  # unknown: the lookup below refuses it, and counts the guess
    if is_class(status):
        return engine.class_public_view(code, browser=browser), status
    return engine.public_view(code, browser=browser), status


def class_heading(view: Mapping[str, Any], t: Translator) -> str:
    """ "The whole class: 28 students at 3 tables", escaped: its students are those seated at
    the class's current tables, robots aside."""
    seated = sum(
        len(table["view"]["players"]) - len(table["view"]["robots"]) for table in view["tables"]
    )
    return literal(
        t(
            "ui.class.heading",
            students=t("ui.class.students", count=seated),
            tables=t("ui.class.tables", count=len(view["tables"])),
        )
    )


def table_title(number: int, t: Translator) -> str:
    """ "Table 2" as HTML."""
    return literal(t("ui.class.table", number=number))


# Each table's colour, dark enough for white text: its card's border and name tag on the class
# projector and the class page, and the name tag in its phones' header (tables beyond cycle).
TABLE_COLOURS = ("#1f5fbf", "#b03a2e", "#1e7b3a", "#7b3fa0", "#a35200", "#0f6e73")


def table_colour(number: int) -> str:
    return TABLE_COLOURS[(number - 1) % len(TABLE_COLOURS)]


def table_tag_html(number: int, t: Translator) -> str:
    """ "Table 2" in its table's colour: the same on the projector's card and on each phone at
    that table, so a student finds their table's card (and their table) at a glance."""
    return (
        f'<span class="cc-table-tag" style="background:{table_colour(number)};color:#fff;'
        f'border-radius:.4em;padding:0 .35em;white-space:nowrap">{table_title(number, t)}</span>'
    )


def ticking(tables: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """The countdowns the page's live part ticks: {table code: seconds left}, running ones."""
    return {
        table["code"]: table["view"]["seconds_left"]
        for table in tables
        if table["view"]["seconds_left"] is not None and not table["view"]["paused"]
    }


def table_card_html(
    table: Mapping[str, Any], t: Translator, version: int, extra: str = "", names: bool = True
) -> str:
    """One table (an entry of a class view: its number and its view) at a glance: phase,
    countdown, and who sits there (the lobby), how many are ready (a round) or who won (the
    end); `extra` below that (a picture). Without `names`, a lobby's card is one line."""
    view = table["view"]
    phase, players = view["phase"], view["players"]
    # Beside the table's number: its countdown in a round, how many sit there in the lobby.
    corner = ""
    if phase == LOBBY:
        corner = f"<b>{literal(t('ui.class.students', count=len(players)))}</b>"
    elif phase != FINISHED:
        corner = clock_html(table["code"], view["seconds_left"], view["paused"], version, t)
    lines = [
        f'<div class="cc-card-top"><h3>{table_tag_html(table["table"], t)}</h3>{corner}</div>',
        f'<div class="cc-table-phase">{parts_of(view).screen.heading(view, t)[0]}</div>',
    ]
    if phase == LOBBY and names:
        listed = "".join(f"<span>{named_html(name, view['avatars'])}</span>" for name in players)
        lines.append(f'<div class="cc-names">{listed}</div>')
    elif phase == FINISHED:
        lines.append(winners_html(view["winners"], view["avatars"]))
    elif (ready := view["ready"]) and ready["total"] > 1:
        # One student's turn (a theme, a Curator's choice): "0 of 1" tells the room nothing
        # the clock does not; the game's card says whose turn it is where that is public.
        done = t("ui.ready_count", done=ready["done"], total=ready["total"])
        lines.append(f"<div>{literal(done)}</div>")
    card = "cc-table-card cc-waiting" if phase == LOBBY else "cc-table-card"
    colour = f"border-color:{table_colour(table['table'])}"
    return f'<div class="{card}" style="{colour}">{"".join(lines)}{extra}</div>'


def winners_html(names: Sequence[str], faces: Mapping[str, str]) -> str:
    """A table's winners, starred (ties share the victory), each with their face."""
    return f"<div>★ {', '.join(named_html(name, faces) for name in names)}</div>"


def tables_html(cards: Sequence[str], big: bool = False, rows: int = 1) -> str:
    """The cards side by side, one column per table (in `rows` rows)."""
    size = " cc-tables-big" if big else ""
    columns = max(1, -(-len(cards) // rows))
    shape = " cc-tables-single" if len(cards) == 1 else " cc-tables-rows" if rows > 1 else ""
    return (
        f'<div class="cc-tables{size}{shape}" style="--cc-columns:{columns};--cc-rows:{rows}">'
        f"{''.join(cards)}</div>"
    )


def one_line_card_html(table: Mapping[str, Any], t: Translator) -> str:
    """A table still in its lobby while others play (the latecomers'), in one line: its name
    tag and how many sit there (their phones name the table; the playing tables need the
    screen)."""
    count = literal(t("ui.class.students", count=len(table["view"]["players"])))
    return (
        f'<div class="cc-table-card cc-waiting cc-one-line" style="border-color:'
        f'{table_colour(table["table"])}">{table_tag_html(table["table"], t)}'
        f"<b>{count}</b> {literal(t('ui.phase.lobby'))}</div>"
    )


def class_podium_html(podium: Mapping[str, Any], t: Translator, big: bool = False) -> str:
    """The end of a class's game: each table's winners (ties share the victory) in its card,
    then the class's best totals, a line each, best first: who has it, table by table. A tie
    of many shows the first BEST_NAMES names and how many more, so it stays on one screen.

    A podium celebrates, so it lists only totals above zero: a total of 0 or less (at Canvas
    Critters a kept golden ribbon costs 5) earned nothing to applaud, and "−5 points" under
    "Best scores" would read as a loss. Every table keeps its winners in its card, whatever
    their totals, so a table whose players all scored below the others' still has its
    winners on the screen, and none of its players is named for coming last. When no total
    is above zero, the winners are the whole podium."""
    cards = [
        # In its colours, as all game long: a student finds their table's card at a glance.
        f'<div class="cc-table-card" style="border-color:{table_colour(table["table"])}">'
        f"<h3>{table_tag_html(table['table'], t)}</h3>"
        f"{winners_html(table['winners'], table['avatars'])}</div>"
        for table in podium["tables"]
    ]
    # Names are unique in a whole class: one map of faces for its best scores.
    faces = {name: face for table in podium["tables"] for name, face in table["avatars"].items()}
    size = " cc-class-podium-big" if big else ""
    winners = (
        f'<div class="cc-class-podium{size}"><h3>{literal(t("ui.class.winners"))}</h3>'
        f"{tables_html(cards, big)}"
    )
    # Tables of unequal rounds: the class ranks points per round (engine/classes/views.py).
    measure = "per_round" if podium.get("by_round") else "total"
    by_score: dict[float, list[Mapping[str, Any]]] = {}
    for row in podium["best"]:
        if row["total"] > 0:
            by_score.setdefault(row[measure], []).append(row)
    if not by_score:
        return f"{winners}</div>"
    lines = []
    if measure == "per_round":
        lines.append(f'<div class="cc-per-round">{literal(t("ui.class.ranks_per_round"))}</div>')
    for score, rows in sorted(by_score.items(), reverse=True):
        shown = [
            f"{named_html(row['name'], faces)} ({table_title(row['table'], t)})"
            for row in rows[:BEST_NAMES]
        ]
        if len(rows) > BEST_NAMES:
            shown.append(literal(t("ui.class.more", count=len(rows) - BEST_NAMES)))
        lines.append(
            f"<div><b>{literal(_score_text(score, measure, t))}</b>: {', '.join(shown)}</div>"
        )
    return f"{winners}<h3>{literal(t('ui.class.best_scores'))}</h3>{''.join(lines)}</div>"


def _score_text(score: float, measure: str, t: Translator) -> str:
    """ "12 points", or "2.5 points per round" when the class ranks points per round."""
    if measure == "per_round":
        return t("ui.class.points_per_round", points=decimal_text(score, t))
    return t("ui.points_value", points=int(score), count=int(score))


# The class's join QR code while its tables wait for players: as large as a game's lobby's.
CLASS_QR_PX = 300


def projected_card(table: Mapping[str, Any], t: Translator, version: int) -> str:
    """A table on the projector: its card, and in a round what its game shows in a card (the
    public clue and composition at Crossed Canvas)."""
    view = table["view"]
    screen = parts_of(view).screen
    if view["phase"] in (LOBBY, FINISHED) or view["phase"] in screen.SHOWCASE:
        return table_card_html(table, t, version)
    return table_card_html(table, t, version, screen.card_html(view, t))


def in_showcase(table: Mapping[str, Any]) -> bool:
    """Whether a table is in the phase its game shows on the big screen (its reveal, its
    scores)."""
    return table["view"]["phase"] in parts_of(table["view"]).screen.SHOWCASE


def showcase_turn(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The table whose showcase takes the class projector when one is in it: the class view
    says which (`projector`, engine/classes/showcase.py: the first there, each in turn for
    its whole length). The others say in the strip that they wait in theirs."""
    return next((t for t in view["tables"] if t["table"] == view["projector"]), None)


def class_screen(view: Mapping[str, Any], status: Mapping[str, Any], t: Translator) -> None:
    """The projector for a whole class. A class of one table is a game's projector (joined
    with the class code). With more: a table in its reveal takes the screen as a game's reveal
    would, the other tables shrinking to a strip under its heading; otherwise the code to join
    while a table waits for players, every table side by side, and the class podium once all
    have finished. The page follows the class's stream, every change redrawing it."""
    page_top(view["code"], status["version"])
    tables = view["tables"]
    if len(tables) <= 1:
        one_table(view, status, t)
    elif focus := showcase_turn(view):
        table_reveal(view, focus, status, t)
    else:
        every_table(view, status["version"], t)
    class_sound(view, status, t)
    follow_changes(view["code"], status, view["language"], big=True, clocks=ticking(view["tables"]))


def class_sound(view: Mapping[str, Any], status: Mapping[str, Any], t: Translator) -> None:
    """The class projector's sound, as a game's projector's (`class_moment`)."""
    moment, cue, timer = class_moment(view)
    projector_sound(view["code"], status, t, moment=moment, cue=cue, timer=timer)


def class_moment(view: Mapping[str, Any]) -> tuple[str, str | None, str]:
    """What the class projector shows, the cue it plays as it first shows it, and whose
    countdown's last seconds it plays. With one table, that table's, as on a game's
    projector; with more, a cue as the tables start (or come back after a reveal), as a
    table's reveal takes the screen, and at the class podium, but no last seconds: each
    table has its own, which its card tells."""
    tables = view["tables"]
    if len(tables) <= 1:
        shown = tables[0]["view"] if tables else _empty_lobby(view)
        return f"{shown['round']}:{shown['phase']}", cue_of(shown), shown["code"]
    if focus := showcase_turn(view):
        return f"{focus['table']}:{focus['view']['round']}:reveal", "reveal", ""
    if view["podium"] is not None:
        return "podium", "podium", ""
    if all(table["view"]["phase"] == LOBBY for table in tables):
        return LOBBY, None, ""
    return "tables", "phase", ""


def table_status(table_view: Mapping[str, Any], status: Mapping[str, Any]) -> dict[str, Any]:
    """A table's countdown as the class page shows it: the table's clock, drawn at the class's
    version (the class's stream ticks it, `ticking`)."""
    return {
        "seconds_left": table_view["seconds_left"],
        "paused": table_view["paused"],
        "phase": table_view["phase"],
        "version": status["version"],
    }


def one_table(view: Mapping[str, Any], status: Mapping[str, Any], t: Translator) -> None:
    """A class of one table (or none yet): exactly a game's projector, its code the class's."""
    tables = view["tables"]
    shown = tables[0]["view"] if tables else _empty_lobby(view)
    screen_header(shown, table_status(shown, status), t)

    def part() -> None:
        st.html(screen_part(shown, t))

    screen_body(shown, t, join_code=view["code"], part=part)


def _empty_lobby(view: Mapping[str, Any]) -> dict[str, Any]:
    """What a game's lobby shows of a class nobody has joined yet."""
    return {
        "game": view["game"],
        "code": view["code"],
        "language": view["language"],
        "phase": LOBBY,
        "round": 0,
        "rounds": 0,
        "seconds_left": None,
        "paused": False,
        "category": None,
        "players": [],
    }


def table_reveal(
    view: Mapping[str, Any],
    focus: Mapping[str, Any],
    status: Mapping[str, Any],
    t: Translator,
) -> None:
    """A table's reveal (its game's showcase) takes the screen, as a game's projector shows
    it; the other tables wait in a strip after its clue (`showcase_turn` says which goes
    first)."""
    others = [table for table in view["tables"] if table is not focus]
    shown = focus["view"]
    screen_header(
        shown,
        table_status(shown, status),
        t,
        title=table_title(focus["table"], t),
        aside=strip_html(others, t, status["version"]),
        # A table of 12 fills the screen; a smaller one leaves the strip a line of its own.
        aside_wraps=len(shown["players"]) < view["most_per_table"],
    )
    parts_of(shown).screen.showcase_body(shown, t)


def strip_html(tables: Sequence[Mapping[str, Any]], t: Translator, version: int) -> str:
    """The other tables, after the clue: each one's number and countdown (the teacher's page
    tells their phases; one in its own reveal says so, waiting for the screen), or that it
    waits for players or has finished."""
    entries = []
    for table in tables:
        view = table["view"]
        phase = view["phase"]
        if phase in (LOBBY, FINISHED):
            after = literal(t(f"ui.phase.{phase}"))
        else:
            after = clock_html(table["code"], view["seconds_left"], view["paused"], version, t)
            if in_showcase(table):
                after = f"{parts_of(view).screen.heading(view, t)[0]} {after}"
        entries.append(
            f'<span class="cc-strip-table"><b>{table_title(table["table"], t)}</b> {after}</span>'
        )
    return f'<div class="cc-strip">{"".join(entries)}</div>'


def latecomers_html(view: Mapping[str, Any], t: Translator) -> str:
    """The join line and each latecomers' table as a one-line card, while other tables play:
    the words with the code, the address and each card wrap as wholes (two lines at most)."""
    join_url = page_url("play", code=view["code"])
    lobbies = [
        one_line_card_html(table, t) for table in view["tables"] if table["view"]["phase"] == LOBBY
    ]
    return (
        f'<div class="cc-play-top cc-tables-big"><div class="cc-big">'
        f'{literal(t("ui.screen.join_with"))}: <b class="cc-code">{literal(view["code"])}</b>'
        f'</div><div class="cc-big cc-url">{url_html(shown_url(join_url))}</div>'
        f"{''.join(lobbies)}</div>"
    )


def every_table(view: Mapping[str, Any], version: int, t: Translator) -> None:
    """Every table side by side under the class's heading, the code to join while a table
    waits for players, and the class podium once all have finished."""
    with st.container(horizontal=True, gap="medium", wrap=False, vertical_alignment="center"):
        st.html(f'<div class="cc-phase">{class_heading(view, t)}</div>')
        full_screen_button(t)
    tables = view["tables"]
    waiting = [table["view"]["phase"] == LOBBY for table in tables]
    join_url = page_url("play", code=view["code"])
    if all(waiting):
        # Who sits where while it fits beside the QR code; beyond, each card is one line (and
        # each phone names its table).
        listed = len(tables) <= LOBBY_NAMES_MOST
        cards = [table_card_html(table, t, version, names=listed) for table in tables]
        rows = 1 if len(cards) <= ONE_ROW_MOST else 2
        with st.container(horizontal=True, gap="medium", wrap=False):
            with st.container():
                # The code and the address on one line: the rosters below need the height.
                st.html(
                    f'<div class="cc-huge">{literal(t("ui.screen.join_with"))}</div>'
                    f'<div class="cc-join-line"><span class="cc-code cc-class-code">'
                    f"{literal(view['code'])}</span>"
                    f'<span class="cc-big cc-url">{url_html(shown_url(join_url))}</span></div>'
                )
                st.html(tables_html(cards, True, rows))
            st.image(qr_png(join_url), width=CLASS_QR_PX, alt=t("ui.qr.join"))
        return
    # Latecomers: the join line and their one-line cards on top, the rest plays (or cheers).
    top = latecomers_html(view, t) if any(waiting) else ""
    if view["podium"] is not None:
        st.html(top + class_podium_html(view["podium"], t, big=True))
        return
    playing = [
        projected_card(table, t, version) for table in tables if table["view"]["phase"] != LOBBY
    ]
    rows = 1 if len(playing) <= ONE_ROW_MOST else 2
    st.html(
        f'<div class="cc-class-play" style="--cc-heading-px:{HEADING_PX}px">{top}'
        f"{tables_html(playing, big=True, rows=rows)}</div>"
    )
