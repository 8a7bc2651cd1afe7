"""Canvas Critters on the projector (pages/screen.py) and, smaller, on the teacher's page.

Built from the public view alone (the facilitator view adds nothing secret), so it may be
shown at any moment: the theme once picked (the duel's only when turned over), who is done
and never what, mosaics once building is over, titles once judging starts, ribbons at the
scores. `big` is the projector: every text at least 28 px, six mosaics and 24-character names
on 1280x720 without scrolling (tests/browser/test_critters_projector.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from string import ascii_uppercase
from typing import Any

import streamlit as st

from engine.critters.rules import GOLDEN, PILE
from ui.critters.mosaic_svg import mosaic_img, piece_img
from ui.critters.ribbons import givers, golden_kept, received
from ui.look import COUNT_MARK, counted_words, podium_html, winners_banner
from ui.text import Translator, literal, name_html

CRITTERS_CSS = """
<style>
.cc-cr { line-height: 1.2; }
.cc-cr-big { font-size: 1.75rem; }
.cc-cr-lead { font-size: 1.3em; font-weight: 700; margin: .2em 0 .4em; }
.cc-cr-hint { font-weight: 700; margin: 0 0 .2em; }
.cc-cr-theme { font-size: 2.4em; font-weight: 800; line-height: 1.1; word-break: normal;
  overflow-wrap: break-word; }
.cc-cr-small .cc-cr-theme { font-size: 1.6em; }
.cc-cr-parade { display: flex; flex-wrap: wrap; gap: .5rem; margin: .6em 0; }
.cc-cr-alert { font-weight: 800; color: #b00020; }
.cc-cr-row { display: flex; gap: 1rem; align-items: flex-start; }
.cc-cr-cells { display: flex; gap: 1rem; flex-wrap: wrap; }
.cc-cr-big .cc-cr-cells { flex-wrap: nowrap; justify-content: center; }
/* Tight lines: six mosaics of 40-character titles by 24-character names, with the list of
   who gave their ribbons under them, stay within the projector's 720 px. A cell has a fixed
   width: names and titles break between words, only a word wider than the cell inside it. */
.cc-cr-cell { text-align: center; word-break: normal; overflow-wrap: break-word; flex: 0 0 auto;
  line-height: 1.1; }
.cc-cr-cell .cc-mosaic { display: block; margin: 0 auto .2em; max-width: 100%; height: auto; }
.cc-cr-title { font-weight: 800; font-style: italic; }
/* An unfinished mosaic's word sits in its picture's corner: said, not shouted. */
.cc-cr-pic { position: relative; width: fit-content; margin: 0 auto; }
.cc-cr-pic .cc-cr-unfinished { position: absolute; right: .35em; bottom: .35em;
  padding: 0 .3em; border-radius: .3em; background: #fff; color: #333; line-height: 1.2; }
.cc-cr-points, .cc-cr-name { font-weight: 800; }
.cc-cr-chips { display: flex; flex-wrap: wrap; gap: 0 .8em; margin: 0 0 .2em; }
.cc-cr-list { display: grid; gap: 0 1.2em; }
.cc-cr-then:not(:first-child) { margin-top: .4em; }
.cc-cr-done { font-weight: 600; }
.cc-cr-waiting { opacity: .75; }
.cc-cr-pile { display: grid; grid-template-columns: repeat(6, auto); gap: .2em 1em;
  align-items: center; justify-content: start; }
.cc-cr-small .cc-cr-pile { grid-template-columns: repeat(4, auto); }
.cc-cr-kind { display: flex; align-items: center; gap: .3em; white-space: nowrap; }
.cc-cr-kind.cc-cr-gone { opacity: .45; }
.cc-cr-ribbons { display: flex; flex-wrap: wrap; justify-content: center; gap: .2em;
  margin: .2em 0; }
/* Ribbons as rosettes: blue, red, green, then gold; white text on the first three (4.5:1). */
.cc-ribbon { display: inline-block; min-width: 2em; padding: .15em .25em; border-radius: 50%;
  font-weight: 800; line-height: 1.3; text-align: center; color: #fff;
  border: .12em double #fff; box-shadow: 0 0 0 .08em #333; }
.cc-ribbon-3 { background: #1c4fa1; }
.cc-ribbon-2 { background: #b3202a; }
.cc-ribbon-1 { background: #2b6b35; }
.cc-ribbon-golden { background: #f2c230; color: #222; box-shadow: 0 0 0 .08em #8a6300; }
.cc-cr-kept { font-weight: 700; color: #b00020; }
.cc-cr-cards { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .5rem;
  flex: 1 1 0; min-width: 0; }
/* Tight lines: a face-up card of four long themes, one with its creator's name, stays within
   the projector's 720 px (the duel's scores). */
.cc-cr-card { border: 3px solid #555; border-radius: .5rem; padding: .1em .5em;
  word-break: normal; overflow-wrap: break-word; line-height: 1.1; }
.cc-cr-card b { font-size: 1.1em; }
/* Divs, not a list: Streamlit gives a snippet's list items and paragraphs a small size. */
.cc-cr-card div::before { content: "• "; }
/* On the projector the cards stand in one column beside the duel's two large mosaics, each
   card's themes in one flowing line: "Card A: a cactus · a museum · ...". */
.cc-cr-big .cc-cr-cards { grid-template-columns: minmax(0, 1fr); gap: .3rem; }
.cc-cr-big .cc-cr-card b::after { content: " "; }
.cc-cr-big .cc-cr-card div { display: inline; }
.cc-cr-big .cc-cr-card div::before { content: none; }
.cc-cr-big .cc-cr-card div + div::before { content: " · "; font-weight: 400; }
.cc-cr-secret { font-weight: 800; background: #fff3bf; outline: 3px solid #8a6300;
  -webkit-box-decoration-break: clone; box-decoration-break: clone; }
</style>
"""

# Horizontal room for the mosaics on the projector: 1280 px less the page's margins.
SCREEN_WIDTH = 1232
CELL_GAP = 16
# The largest mosaic on the projector: three of them side by side fill its width, and each
# leaves room under it for its captions within 720 px. More players share the width.
MOSAIC_PX = 400
# The duel's two mosaics at MOSAIC_PX, the four face-up cards in the column beside them.
DUEL_SHARE = (2 * MOSAIC_PX + CELL_GAP) / SCREEN_WIDTH
SMALL_MOSAIC_PX = 120
SCREEN_PIECE_PX = 72
SMALL_PIECE_PX = 32
RIBBON_CLASSES = {3: "cc-ribbon-3", 2: "cc-ribbon-2", 1: "cc-ribbon-1"}


def critters_heading(view: Mapping[str, Any], t: Translator) -> str:
    """ "Round 2 of 4 · Building" (a tie-break says so) as HTML."""
    phase = view["phase"]
    if phase in ("lobby", "finished"):
        return literal(t(f"ui.phase.{phase}"))
    if phase == "theme" and view["duel"]:
        phase = "secret_themes"
    return literal(f"{round_text(view, t)} · {t(f'ui.critters.screen.phase.{phase}')}")


def round_text(view: Mapping[str, Any], t: Translator) -> str:
    """ "Round 2 of 4", or "Tie-break" (not "Round 7 of 7") while the tied play off."""
    if view["tie_break"]:
        return t("ui.critters.screen.tie_break")
    return t("ui.round_of", round=view["round"], rounds=view["rounds"])


def critters_clue(view: Mapping[str, Any], t: Translator) -> str:
    """The line under the heading: the round's theme once the mosaics are shown (before,
    the page shows it large)."""
    theme = view.get("theme")
    if theme is None or view["phase"] not in ("titles", "judging", "scores"):
        return ""
    return literal(t("ui.critters.screen.theme_is", theme=theme["text"]))


# The phase in which a table of a class takes the class projector: its scores, when the
# ribbons are turned over in front of everyone.
SHOWCASE = frozenset({"scores"})


def showcase_body(view: Mapping[str, Any], t: Translator) -> None:
    """A class's table at its scores, on the class projector: as a game's projector shows it."""
    show_critters(view, t, big=True)


def card_html(view: Mapping[str, Any], t: Translator) -> str:
    """A class's table in a round, in its card on the class projector: while a theme is
    chosen, who chooses and the table's standing (`theme_card_html`); later the round's theme
    once it is public (the mosaics need a screen of their own)."""
    if view["phase"] == "theme" and not view["duel"]:
        return theme_card_html(view, t)
    clue = critters_clue(view, t)
    return f'<div class="cc-muted">{clue}</div>' if clue else ""


# The animals in a table's card while its theme is chosen: one line of eight in half a screen.
CARD_PIECE_PX = 40


def theme_card_html(view: Mapping[str, Any], t: Translator) -> str:
    """A table while its active player chooses the theme, for a room that waits: who chooses,
    the animals they will build with, and who sits there, with their points from the second
    round on, best first. Nothing of the card: its themes are the chooser's until one is
    chosen, and then building starts."""
    parade = "".join(piece_img(kind, CARD_PIECE_PX, "") for kind in PILE)
    chooser = _sentence(t, "ui.critters.screen.choosing", view["active"])
    if view["round"] > 1:
        ranked = sorted(view["totals"].items(), key=lambda item: (-item[1], item[0].casefold()))
        seats = [f"{name_html(name)}\u00a0<b>{points}</b>" for name, points in ranked]
        label = f"<b>{literal(t('ui.critters.screen.so_far'))}</b> "
    else:
        seats, label = [name_html(name) for name in view["players"]], ""
    names = "".join(f"<span>{seat}</span>" for seat in seats)
    return (
        f"<div><b>{chooser}</b></div>"
        f'<div class="cc-names" style="gap:.3rem;margin:.2rem 0">{parade}</div>'
        f'<div class="cc-names">{label}{names}</div>'
    )


def heading(view: Mapping[str, Any], t: Translator) -> tuple[str, str]:
    """A page's heading and the line under it, as HTML: at the end, the round the teacher
    put on the projector and its theme."""
    shown = gallery_round(view)
    if shown is not None:
        theme = shown["theme"]
        clue = literal(t("ui.critters.screen.theme_is", theme=theme["text"])) if theme else ""
        return literal(t("ui.critters.end.round", round=shown["round"])), clue
    return critters_heading(view, t), critters_clue(view, t)


def gallery_round(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The round the teacher put on the projector once the game is over, if any."""
    shown = view.get("shown_round")
    if not shown or view["phase"] != "finished":
        return None
    return next((entry for entry in view["gallery"] if entry["round"] == shown), None)


def round_body(
    view: Mapping[str, Any],
    t: Translator,
    *,
    big: bool,
    part: Callable[[], None] | None = None,
) -> None:
    """The projector after the lobby (`big`) or its copy on the teacher's page; every change
    redraws the page, so `part` has no place of its own."""
    show_critters(view, t, big=big)


def show_critters(view: Mapping[str, Any], t: Translator, *, big: bool) -> None:
    """The running game's phase, from the lobby's end to the podium."""
    phase = view["phase"]
    size = "cc-cr-big" if big else "cc-cr-small"
    if phase == "finished":
        shown = gallery_round(view)
        if shown is None:
            faces = view["avatars"]
            st.html(winners_banner(view["winners"], faces) + podium_html(view["totals"], faces, t))
        else:
            body = _gallery_round_html(view, shown, t, big)
            st.html(f'{CRITTERS_CSS}<div class="cc-cr {size}">{body}</div>')
        return
    body = {
        "theme": _theme_phase,
        "build": _build_phase,
        "last_minute": _build_phase,
        "titles": _titles_phase,
        "judging": _judging_phase,
        "guess": _guess_phase,
        "scores": _duel_scores if view["duel"] else _scores_phase,
    }[phase](view, t, big)
    st.html(f'{CRITTERS_CSS}<div class="cc-cr {size}">{body}</div>')


# ---------------------------------------------------------------- phases


def _theme_phase(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    """Who is choosing (the theme shows as soon as it is chosen: building starts then)."""
    parade = "".join(
        piece_img(kind, SCREEN_PIECE_PX if big else SMALL_PIECE_PX, "") for kind in PILE
    )
    if view["duel"]:
        lead = f'<div class="cc-cr-theme">{literal(t("ui.critters.screen.duel_choosing"))}</div>'
        after = _ready_chips(view, view["players"], t)
    else:
        choosing = _sentence(t, "ui.critters.screen.choosing", view["active"])
        lead = f'<div class="cc-cr-theme">{choosing}</div>'
        after = _totals_chips(view, t) if view["round"] > 1 else ""
    return f'{lead}<div class="cc-cr-parade">{parade}</div>{after}'


def _build_phase(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    if view["duel"]:
        lead = f'<div class="cc-cr-lead">{literal(t("ui.critters.screen.duel_building"))}</div>'
    else:
        lead = _theme_html(view, t)
    if view["phase"] == "last_minute":
        # Untimed, no minute runs: the teacher ends the phase.
        timed = view["seconds_left"] is not None
        said = "ui.critters.screen.last_minute" if timed else "ui.critters.screen.finish_now"
        lead += f'<div class="cc-cr-alert">{literal(t(said))}</div>'
    return f'{lead}<div class="cc-cr-row">{_builders_html(view, t)}{_pile_html(view, t, big)}</div>'


def _titles_phase(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    done = set(view["ready_players"])
    cells = [
        (mosaic, _mark(mosaic["name"] in done, t) + name_html(mosaic["name"]))
        for mosaic in view["mosaics"]
    ]
    hint = _hint(t, "ui.critters.screen.hint.titles")
    return hint + _cells(cells, t, big)


def _judging_phase(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    """What to do and who has done it in one line that wraps, above the mosaics: under
    three large mosaics and their titles there is no room for two more lines."""
    cells = [(mosaic, _title_and_name(mosaic, t)) for mosaic in view["mosaics"]]
    hint = f"<b>{literal(t('ui.critters.screen.hint.judging'))}</b>"
    return _ready_chips(view, givers(view), t, lead=hint) + _cells(cells, t, big)


def _scores_phase(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    turned = view["turned_over"]
    cells = []
    for mosaic in view["mosaics"]:
        name = mosaic["name"]
        # The title stays under its mosaic when the ribbons are turned over.
        cells.append(
            (
                mosaic,
                _title_and_name(mosaic, t)
                + _ribbons_html(turned, name, t)
                + _points_html(turned["scores"].get(name, 0), view["totals"][name], t),
            )
        )
    # Every score 0 would read as a fault without its reason.
    nobody = literal(t("ui.critters.nobody_gave"))
    lead = "" if turned["ribbons"] else f'<div class="cc-cr-lead">{nobody}</div>'
    return lead + _cells(cells, t, big)


def _gallery_round_html(
    view: Mapping[str, Any], shown: Mapping[str, Any], t: Translator, big: bool
) -> str:
    """A round of the finished game, as its scores showed it: each mosaic with its title, the
    ribbons it received (in the duel, its secret theme: the points tell the guesses) and the
    round's points beside the total the player then had."""
    rounds = [entry for entry in view["gallery"] if entry["round"] <= shown["round"]]
    cells = []
    for mosaic in shown["mosaics"]:
        name = mosaic["name"]
        then = sum(entry["scores"].get(name, 0) for entry in rounds)
        ribbons = _ribbons_html(shown, name, t)
        if view["duel"]:
            theme = shown["themes"].get(name)
            said = t("ui.critters.screen.secret_theme", theme=theme["text"] if theme else "—")
            ribbons = f"<div>{literal(said)}</div>"
        points = _points_html(shown["scores"].get(name, 0), then, t)
        cells.append((mosaic, _title_and_name(mosaic, t) + ribbons + points))
    return _cells(cells, t, big)


def _guess_phase(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    cells = [(mosaic, name_html(mosaic["name"])) for mosaic in view["mosaics"]]
    hint = _hint(t, "ui.critters.screen.hint.guess")
    return (
        f'{hint}<div class="cc-cr-row">{_cells(cells, t, big, share=DUEL_SHARE)}'
        f"{_cards_html(view, t)}</div>{_ready_chips(view, view['players'], t)}"
    )


def _duel_scores(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    """Each secret theme turned over on its card and under its mosaic, with the other
    player's guess at it and the player's points. The points stand in each caption, not in a
    row below: the captions' column has room to spare, and a row below took the projector
    past 720 px with two wide names and the deck's longest cards face up."""
    turned = view["turned_over"]
    cells = []
    for mosaic in view["mosaics"]:
        name = mosaic["name"]
        guesser = next((p for p in view["players"] if p != name), name)
        theme = turned["themes"].get(name)
        shown = theme["text"] if theme else "—"
        secret = literal(t("ui.critters.screen.secret_theme", theme=shown))
        caption = (
            f'<div class="cc-cr-name">{name_html(name)}</div><div>{secret}</div>'
            f"<div>{_guess_html(view, guesser, theme, t)}</div>"
            + _points_html(turned["scores"].get(name, 0), view["totals"][name], t)
        )
        cells.append((mosaic, caption))
    return (
        f'<div class="cc-cr-row">{_cells(cells, t, big, share=DUEL_SHARE)}'
        f"{_cards_html(view, t)}</div>"
    )


# ---------------------------------------------------------------- parts


def _theme_html(view: Mapping[str, Any], t: Translator) -> str:
    label = literal(t("ui.critters.screen.theme"))
    theme = literal(view["theme"]["text"])
    return f'<div class="cc-cr-lead">{label}</div><div class="cc-cr-theme">{theme}</div>'


def _hint(t: Translator, key: str) -> str:
    """What the class does now on their devices: one line of the projector's own size, so
    the large mosaics under it keep their room."""
    return f'<div class="cc-cr-hint">{literal(t(key))}</div>'


def _mark(done: bool, t: Translator) -> str:
    """✔ or …, with words for a screen reader; a no-break space keeps it on its name's line."""
    said = literal(t("ui.critters.screen.done" if done else "ui.critters.screen.waiting"))
    return f'<span role="img" aria-label="{said}">{"✔" if done else "…"}</span>\u00a0'


def _named_marks(view: Mapping[str, Any], names: Sequence[str], t: Translator) -> str:
    done = set(view["ready_players"])
    return "".join(
        f'<span class="{"cc-cr-done" if name in done else "cc-cr-waiting"}">'
        f"{_mark(name in done, t)}{name_html(name)}</span>"
        for name in names
    )


def _ready_count(view: Mapping[str, Any], key: str, t: Translator) -> str:
    ready = view["ready"] or {"done": 0, "total": 0}
    said = t(key, done=ready["done"], total=ready["total"], count=ready["done"])
    return f"<b>{literal(said)}</b>"


def _ready_chips(
    view: Mapping[str, Any], names: Sequence[str], t: Translator, *, lead: str = ""
) -> str:
    """Who is done with what the phase asks, on one line that wraps: a count and names,
    after `lead` (HTML) if given."""
    count = _ready_count(view, f"ui.critters.screen.ready.{view['phase']}", t)
    return f'<div class="cc-cr-chips">{lead}{count}{_named_marks(view, names, t)}</div>'


def _builders_html(view: Mapping[str, Any], t: Translator) -> str:
    """Who is still building, then who has finished, a name a line (the build phase has the
    room): by name only, nothing of a mosaic before building ends."""
    done = set(view["ready_players"])
    building = [name for name in view["builders"] if name not in done]
    still = ""
    if building:
        said = t("ui.critters.screen.still_building", count=len(building))
        still = f"<b>{literal(said)}</b>{_named_marks(view, building, t)}"
    finished = _ready_count(view, "ui.critters.screen.finished", t)
    names = _named_marks(view, view["ready_players"], t)
    return f'<div class="cc-cr-list">{still}<span class="cc-cr-then">{finished}</span>{names}</div>'


def _pile_html(view: Mapping[str, Any], t: Translator, big: bool) -> str:
    """What is left in the pile, kind by kind, with the piece's picture."""
    px = SCREEN_PIECE_PX if big else SMALL_PIECE_PX
    pile = view["pile"] or {}
    kinds = "".join(
        f'<span class="cc-cr-kind{" cc-cr-gone" if not pile.get(kind) else ""}">'
        f"{piece_img(kind, px, t(f'ui.critters.screen.kind.{kind}'))}"
        f"×\u00a0{pile.get(kind, 0)}</span>"
        for kind in PILE
    )
    label = literal(t("ui.critters.screen.pile"))
    return f'<div><b>{label}</b><div class="cc-cr-pile">{kinds}</div></div>'


def mosaic_alt(mosaic: Mapping[str, Any], t: Translator) -> str:
    """A mosaic's alt text: its title once shown, its maker, how many animals."""
    params = {"name": mosaic["name"], "count": len(mosaic["pieces"])}
    if mosaic.get("title"):
        return t("ui.critters.screen.mosaic_titled", title=mosaic["title"], **params)
    return t("ui.critters.screen.mosaic", **params)


def unfinished_html(mosaic: Mapping[str, Any], t: Translator) -> str:
    """A mosaic short of seven pieces when building ended is judged as it stands, marked so
    (the ruling): a quiet word in its corner, never a red line above its maker's name."""
    if not mosaic["unfinished"]:
        return ""
    return f'<span class="cc-cr-unfinished">{literal(t("ui.critters.screen.unfinished"))}</span>'


def _cells(
    cells: Sequence[tuple[Mapping[str, Any], str]],
    t: Translator,
    big: bool,
    *,
    share: float = 1.0,
) -> str:
    """Mosaics side by side, each with its caption (HTML) under it: on the projector in one
    row however many there are, `share` of its width, each mosaic as large as that leaves
    it, up to MOSAIC_PX."""
    if big:
        count = max(len(cells), 1)
        width = round(SCREEN_WIDTH * share - CELL_GAP * (count - 1)) // count
        px = min(width, MOSAIC_PX)
    else:
        px = width = SMALL_MOSAIC_PX
    return (
        '<div class="cc-cr-cells">'
        + "".join(
            f'<div class="cc-cr-cell" style="width:{width}px"><div class="cc-cr-pic">'
            f"{mosaic_img(mosaic, px, mosaic_alt(mosaic, t))}{unfinished_html(mosaic, t)}</div>"
            f"{caption}</div>"
            for mosaic, caption in cells
        )
        + "</div>"
    )


def _sentence(t: Translator, key: str, name: str, **params: Any) -> str:
    """A translated sentence naming a player, as HTML: the name in <bdi>, the rest escaped."""
    before, _, after = t(key, name="\x00", **params).partition("\x00")
    return f"{literal(before)}{name_html(name)}{literal(after)}"


def _title_and_name(mosaic: Mapping[str, Any], t: Translator) -> str:
    title = mosaic["title"]
    quoted = literal(t("ui.critters.screen.title_quoted", title=title)) if title else ""
    return f'<div class="cc-cr-title">{quoted}</div><div>{name_html(mosaic["name"])}</div>'


def _ribbons_html(turned: Mapping[str, Any], name: str, t: Translator) -> str:
    """The ribbons `name`'s mosaic received, highest first, then any golden one; in the last
    round, in words, the 5 points a golden ribbon never given cost (what the round's points
    lack)."""
    values, golden = received(turned, name)
    badges = [f'<span class="cc-ribbon {RIBBON_CLASSES[v]}">+{v}</span>' for v in values]
    said = literal(t("ui.critters.screen.golden"))
    badges += [
        f'<span class="cc-ribbon cc-ribbon-golden" role="img" aria-label="{said} +{GOLDEN}">'
        f"+{GOLDEN}</span>"
    ] * golden
    shown = f'<div class="cc-cr-ribbons">{"".join(badges) or "—"}</div>'
    kept = golden_kept(turned, name)
    if kept:  # in words: a bare "−5" beside "+0" says nothing to a class
        said = literal(t("ui.critters.screen.golden_kept", points=kept))
        shown += f'<div class="cc-cr-kept">{said}</div>'
    return shown


def _points_text(points: int, total: int, t: Translator) -> str:
    """ "This round: +9 · Total: 23" (a true minus sign when a kept golden ribbon cost more),
    escaped; the total counting up from the one before as it appears."""
    signed = f"{points:+d}".replace("-", "−")
    # The dot stays with the round's points when the line wraps before the total.
    said = t("ui.critters.screen.points", points=signed, total=COUNT_MARK)
    return counted_words(said.replace(" · ", "\u00a0· "), total, total - points)


def _points_html(points: int, total: int, t: Translator) -> str:
    return f'<div class="cc-cr-points">{_points_text(points, total, t)}</div>'


def _totals_chips(view: Mapping[str, Any], t: Translator) -> str:
    """Everyone's points so far, best first (between rounds)."""
    ranked = sorted(view["totals"].items(), key=lambda item: (-item[1], item[0].casefold()))
    chips = "".join(f"<span>{name_html(name)} <b>{points}</b></span>" for name, points in ranked)
    label = literal(t("ui.critters.screen.so_far"))
    return f'<div class="cc-cr-chips"><b>{label}</b>{chips}</div>'


def card_letters(view: Mapping[str, Any]) -> dict[str, str]:
    """The face-up cards named A to D, in the order they lie on the table."""
    return {
        card["id"]: letter for letter, card in zip(ascii_uppercase, view["face_up"], strict=False)
    }


def _cards_html(view: Mapping[str, Any], t: Translator) -> str:
    """The duel's four face-up cards and their themes; once turned over, each player's
    secret theme marked on its card."""
    turned = view["turned_over"] or {}
    secrets = {
        (theme["card"], theme["id"]): name
        for name, theme in (turned.get("themes") or {}).items()
        if theme
    }
    letters = card_letters(view)
    cards = []
    for card in view["face_up"]:
        items = []
        for theme in card["themes"]:
            owner = secrets.get((card["id"], theme["id"]))
            mark = f" ← {name_html(owner)}" if owner else ""
            css = ' class="cc-cr-secret"' if owner else ""
            items.append(f"<div{css}>{literal(theme['text'])}{mark}</div>")
        label = literal(t("ui.critters.screen.card", letter=letters[card["id"]]))
        cards.append(f'<div class="cc-cr-card"><b>{label}</b>{"".join(items)}</div>')
    return f'<div class="cc-cr-cards">{"".join(cards)}</div>'


def _guess_html(
    view: Mapping[str, Any], guesser: str, theme: Mapping[str, str] | None, t: Translator
) -> str:
    """`guesser`'s guess at the other player's secret `theme`, and whether it was right. It
    stands under that player's mosaic: in a duel the guesser is the other one, unnamed, so
    the caption keeps a line less under the large mosaic."""
    guess = (view["turned_over"]["guesses"] or {}).get(guesser)
    if guess is None:
        return literal(t("ui.critters.screen.no_guess"))
    if guess["ribbon"] == 1:
        letter = card_letters(view).get(guess["card"], "?")
        said = t("ui.critters.screen.guess_card", card=letter)
        right = theme is not None and guess["card"] == theme["card"]
    else:
        texts = {th["id"]: th["text"] for card in view["face_up"] for th in card["themes"]}
        said = t("ui.critters.screen.guess_theme", theme=texts.get(guess["theme"], "?"))
        right = theme is not None and guess["theme"] == theme["id"]
    verdict = literal(t("ui.critters.screen.right" if right else "ui.critters.screen.wrong"))
    return f"{literal(said)} <b>{verdict}</b>"
