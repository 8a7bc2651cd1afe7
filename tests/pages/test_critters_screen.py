"""pages/screen.py for Canvas Critters: what a class sees on the projector in each phase, and
nothing before its time (a theme card's other themes, titles before judging, ribbons before
the scores, the duel's secret themes before they are turned over)."""

from __future__ import annotations

import html
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pagekit import html_text, page, rendered, run, tr, visible, visible_text

from engine import FakeClock
from ui.faces import named_html

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from critters_kit import LONG, Critters, seat_critters

from tests.kit import rid

# Every giver places +3, +2, +1 on the next players in the roster; Ana adds her golden ribbon.
RECEIVED = {"Ana": [3, 3, 3], "Ben": [3, 2, 2], "Cy": [2, 2, 1], "Di": [5, 1, 1, 1]}
ROUND_POINTS = {"Ana": 9, "Ben": 7, "Cy": 5, "Di": 8}


def screen(table: Critters):
    return run(page("pages/screen.py", code=table.code))


class _Boxes(HTMLParser):
    """The inner HTML of every element of class cc-cr-cell (a mosaic's box)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.boxes: list[str] = []
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if self.depth:
            self.boxes[-1] += self.get_starttag_text()
            self.depth += tag not in VOID
        elif "cc-cr-cell" in (dict(attrs).get("class") or "").split():
            self.boxes.append("")
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1
            if self.depth:
                self.boxes[-1] += f"</{tag}>"

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.boxes[-1] += data

    def handle_entityref(self, name: str) -> None:
        self.handle_data(f"&{name};")

    def handle_charref(self, name: str) -> None:
        self.handle_data(f"&#{name};")


VOID = {"img", "br", "wbr", "input", "meta", "link", "hr"}


def cell_markup(at) -> dict[str, str]:
    """Each mosaic's box on the projector (HTML), by its maker (the box's first name)."""
    parser = _Boxes()
    parser.feed(html_text(at))
    return {
        html.unescape(re.search(r"<bdi>(.*?)</bdi>", box).group(1)): box for box in parser.boxes
    }


def cells(at) -> dict[str, str]:
    """What the class reads under each mosaic, by its maker."""
    return {name: visible(box) for name, box in cell_markup(at).items()}


def mosaics_shown(at) -> int:
    return html_text(at).count('class="cc-mosaic"')


def ribbons_in(markup: str) -> list[int]:
    """The ribbon badges in a mosaic's box, highest first."""
    found = re.findall(r'<span class="cc-ribbon [^"]*"[^>]*>\+(\d)</span>', markup)
    return sorted((int(value) for value in found), reverse=True)


@pytest.fixture
def judged(engine) -> Critters:
    return seat_critters(engine, FakeClock(), 4)


def test_a_critters_lobby_is_the_shared_one(engine):
    table = seat_critters(engine, FakeClock(), 3, start=False)
    at = screen(table)
    shown = visible_text(at)
    assert table.code in shown
    assert tr("en", "ui.screen.join_with") in shown
    assert tr("en", "ui.players_joined", count=3) in shown
    assert all(name in shown for name in ("Ana", "Ben", "Cy"))
    assert at.image  # the QR code


def test_the_theme_is_announced_only_once_chosen(judged):
    active = judged.public()["active"]
    card = judged.view(active)["card"]["themes"]
    at = screen(judged)
    shown = visible_text(at)
    assert tr("en", "ui.critters.screen.choosing", name=active) in shown
    assert tr("en", "ui.round_of", round=1, rounds=4) in shown
    page_text = rendered(at)
    assert not any(theme["text"] in page_text for theme in card)  # the card stays in hand

    judged.pick(active, 2)
    assert judged.phase() == "build"
    shown = visible_text(screen(judged))
    assert card[2]["text"] in shown
    assert not any(theme["text"] in shown for theme in card[:2] + card[3:])


def test_building_shows_the_pile_and_who_has_finished_not_the_mosaics(judged):
    judged.pick_all()
    judged.build("Ana", kinds=["whale"] * 3 + ["fox"] * 4)
    at = screen(judged)
    shown = visible_text(at)
    assert tr("en", "ui.critters.screen.finished", done=0, total=4) in shown
    assert mosaics_shown(at) == 0
    # Twelve kinds with what is left: Ana holds three of the five whales.
    assert html_text(at).count('class="cc-piece"') == 12
    assert re.search(r'alt="Whale"[^>]*>×\s?2<', html_text(at))
    assert re.search(r'alt="Fox"[^>]*>×\s?8<', html_text(at))

    judged.finish("Ana")
    assert judged.phase() == "last_minute"
    at = screen(judged)
    shown = visible_text(at)
    assert tr("en", "ui.critters.screen.finished", done=1, total=4) in shown
    assert tr("en", "ui.critters.screen.last_minute") in shown
    assert re.search(r"✔\s*Ana", shown) and re.search(r"…\s*Ben", shown)
    assert mosaics_shown(at) == 0


@pytest.mark.parametrize("language", ["en", "es"])
def test_building_lists_who_is_still_building_then_who_has_finished_by_name_only(engine, language):
    table = seat_critters(engine, FakeClock(), 4, language=language)
    table.pick_all()
    table.build("Ana", kinds=["whale"] * 3 + ["fox"] * 4)
    table.build("Cy", pieces=3)
    still = tr(language, "ui.critters.screen.still_building", count=4)
    finished = tr(language, "ui.critters.screen.finished", done=0, count=0, total=4)
    seats = table.public()["builders"]  # in seat order from the active player
    shown = visible_text(screen(table))
    assert f"{still} {' '.join(f'… {name}' for name in seats)} {finished}" in shown

    table.finish("Ana")
    at = screen(table)
    still = tr(language, "ui.critters.screen.still_building", count=3)
    finished = tr(language, "ui.critters.screen.finished", done=1, count=1, total=4)
    others = " ".join(f"… {name}" for name in seats if name != "Ana")
    assert f"{still} {others} {finished} ✔ Ana" in visible_text(at)
    # Nothing of a mosaic: no picture, no animal but the pile's twelve kinds, and no count
    # of anyone's animals.
    assert mosaics_shown(at) == 0
    assert html_text(at).count('class="cc-piece"') == 12
    assert not re.search(r"(Ana|Cy)\W{0,3}\d", visible_text(at))


def test_untimed_the_last_builders_are_not_promised_a_minute(engine):
    """An untimed pace runs no minute after the first mosaic is finished: the projector does
    not announce one; the teacher ends the phase."""
    table = seat_critters(engine, FakeClock(), 3, durations={"last_minute": None})
    table.pick_all()
    table.build("Ana", kinds=["whale"] * 3 + ["fox"] * 4)
    table.finish("Ana")
    assert table.phase() == "last_minute"
    shown = visible_text(screen(table))
    assert tr("en", "ui.critters.screen.finish_now") in shown
    assert tr("en", "ui.critters.screen.last_minute") not in shown


def test_titles_stay_hidden_until_judging_then_ribbons_until_the_scores(judged):
    judged.pick_all()
    judged.build_and_finish_all()
    judged.engine.title_mosaic(judged.tokens["Ben"], "Sundae <script>x</script>")
    at = screen(judged)
    assert mosaics_shown(at) == 4
    assert set(cells(at)) == {"Ana", "Ben", "Cy", "Di"}
    assert "Sundae" not in rendered(at)
    assert 'class="cc-face' not in html_text(at)  # no face beside a mosaic (issue 42)
    assert re.search(r"✔\s*Ben", cells(at)["Ben"]) and re.search(r"…\s*Ana", cells(at)["Ana"])

    judged.title_all()
    judged.engine.award_ribbons(judged.tokens["Ana"], {3: "Ben", 2: "Cy", 1: "Di"}, rid())
    at = screen(judged)
    assert judged.phase() == "judging"
    assert cells(at)["Ben"].startswith("“Sundae <script>x</script>” Ben")  # shown as typed
    shown = visible_text(at)
    assert tr("en", "ui.critters.screen.ready.judging", done=1, total=4) in shown
    assert re.search(r"✔\s*Ana", shown) and re.search(r"…\s*Ben", shown)
    assert 'class="cc-ribbon' not in html_text(at)
    assert not any(re.search(r"\+\d", text) for text in cells(at).values())


def test_the_scores_show_each_mosaics_ribbons_and_points(judged):
    judged.pick_all()
    judged.build_and_finish_all()
    judged.title_all()
    judged.award_all(golden={"Ana": "Di"})
    at = screen(judged)
    assert judged.phase() == "scores"
    boxes = cell_markup(at)
    assert set(boxes) == set(RECEIVED)
    for name, box in boxes.items():
        assert ribbons_in(box) == RECEIVED[name]
        points = tr(
            "en",
            "ui.critters.screen.points",
            points=f"+{ROUND_POINTS[name]}",
            total=ROUND_POINTS[name],
        )
        assert visible(box).endswith(points)
    assert "cc-ribbon-golden" in boxes["Di"]


def test_the_scores_keep_each_mosaics_title_on_the_projector_and_the_phone(judged):
    judged.pick_all()
    judged.build_and_finish_all()
    judged.title_all()
    judged.award_all()
    assert judged.phase() == "scores"
    for name, shown in cells(screen(judged)).items():
        title = tr("en", "ui.critters.screen.title_quoted", title=f"{name}'s zoo")
        assert shown.startswith(f"{title} {name}"), shown
    ben = visible_text(run(page("pages/play.py", token=judged.tokens["Ben"])))
    assert tr("en", "ui.critters.screen.title_quoted", title="Ben's zoo") in ben
    assert "Ana's zoo" not in ben  # the phone shows its own mosaic's title


def test_the_game_ends_on_a_podium_of_totals(judged):
    for number in range(4):
        judged.play_judged_round(golden={"Ana": "Di"} if number == 0 else None)
        if number == 3:  # the last scores: a golden ribbon never given costs 5, in words
            boxes = cell_markup(screen(judged))
            said = tr("en", "ui.critters.screen.golden_kept", points=5)
            assert said == "Golden ribbon kept: −5"
            kept = [name for name, box in boxes.items() if said in visible(box)]
            assert kept == ["Ben", "Cy", "Di"]
            scored = judged.public()["turned_over"]["scores"]["Ben"]
            points = tr("en", "ui.critters.screen.points", points=f"{scored:+d}", total="")
            assert points.startswith("This round: ") and points in visible(boxes["Ben"])
        judged.engine.advance(judged.fac)
    view = judged.public()
    assert view["phase"] == "finished"
    at = screen(judged)
    shown = visible_text(at)
    assert tr("en", "ui.phase.finished") in shown
    assert view["winners"] == ["Ana"]
    # Who won, large above the podium.
    markup = html_text(at)
    banner = markup.index(f'<div class="cc-huge">★ {named_html("Ana", view["avatars"])}</div>')
    assert banner < markup.index('<div class="cc-podium">')
    for name, points in view["totals"].items():
        assert re.search(rf"{name} {points}(?!\d)", shown)
    [first] = re.findall(r'cc-step-1.*?cc-step-names">(.*?)</div></div>', html_text(at), re.S)
    assert [html.unescape(n) for n in re.findall(r"<bdi>(.*?)</bdi>", first)] == view["winners"]


def test_a_tie_break_is_named_and_only_the_others_judge(engine):
    table = seat_critters(engine, FakeClock(), 3)
    for number in range(6):  # Ana and Ben end level, Cy behind: a tie-break between them
        table.pick_all()
        table.build_and_finish_all()
        table.title_all()
        swing = ("Ana", "Ben") if number % 2 else ("Ben", "Ana")
        for giver, ribbons in (
            ("Ana", {3: "Ben", 1: "Cy"}),
            ("Ben", {3: "Ana", 1: "Cy"}),
            ("Cy", dict(zip((3, 1), swing, strict=True))),
        ):
            table.engine.award_ribbons(table.tokens[giver], ribbons, rid())
        table.engine.advance(table.fac)
    view = table.public()
    assert (view["round"], sorted(view["builders"])) == (7, ["Ana", "Ben"])
    at = screen(table)
    tie_break = tr("en", "ui.critters.screen.tie_break")
    assert tie_break in visible_text(at)
    assert tr("en", "ui.round_of", round=7, rounds=7) not in visible_text(at)
    ana = visible_text(run(page("pages/play.py", token=table.tokens["Ana"])))  # her phone too
    assert tie_break in ana and tr("en", "ui.round_of", round=7, rounds=7) not in ana
    table.pick_all()
    table.build_and_finish_all()
    table.title_all()
    at = screen(table)
    assert table.phase() == "judging"
    assert set(cells(at)) == {"Ana", "Ben"}
    [ready] = re.findall(r'<div class="cc-cr-chips">(.*?)</div>', html_text(at))
    count = tr("en", "ui.critters.screen.ready.judging", done=0, total=1)
    hint = tr("en", "ui.critters.screen.hint.judging")
    assert visible(ready).replace("\u00a0", " ") == f"{hint} {count} … Cy"  # only Cy judges


@pytest.fixture
def duel(engine) -> Critters:
    return seat_critters(engine, FakeClock(), 2)


def secrets_of(duel: Critters) -> dict[str, str]:
    """Each duel player's secret theme's text."""
    found = {}
    for name in duel.tokens:
        card = duel.view(name)["card"]
        found[name] = next(t["text"] for t in card["themes"] if t["id"] == card["chosen"])
    return found


def test_the_duel_keeps_both_themes_secret_until_the_scores(duel):
    at = screen(duel)
    assert tr("en", "ui.critters.screen.duel_choosing") in visible_text(at)
    duel.pick("Ana", 1)
    assert re.search(r"✔\s*Ana", visible_text(screen(duel)))
    duel.pick("Ben", 0)
    secret = secrets_of(duel)
    assert duel.phase() == "build"
    at = screen(duel)
    assert not any(text in rendered(at) for text in secret.values())
    duel.build_and_finish_all()
    assert duel.phase() == "guess"
    at = screen(duel)
    assert mosaics_shown(at) == 2
    # The four cards lie face up, every theme readable, none marked as anyone's.
    for card in duel.public()["face_up"]:
        for theme in card["themes"]:
            assert theme["text"] in visible_text(at)
    assert 'class="cc-cr-secret' not in html_text(at)
    said = tr("en", "ui.critters.screen.secret_theme", theme="")
    assert said not in rendered(at)


def test_the_duel_scores_reveal_each_theme_and_guess(duel):
    duel.pick_all()
    duel.build_and_finish_all()
    face_up = duel.public()["face_up"]
    ben_card = duel.view("Ben")["card"]
    ana_card = duel.view("Ana")["card"]
    duel.engine.guess_theme(duel.tokens["Ana"], 3, ben_card["id"], rid(), theme=ben_card["chosen"])
    mine = (ana_card["id"], ben_card["id"])
    wrong = next(i for i, c in enumerate(face_up) if c["id"] not in mine)
    duel.engine.guess_theme(duel.tokens["Ben"], 1, face_up[wrong]["id"], rid())
    assert duel.phase() == "scores"
    secret = secrets_of(duel)
    at = screen(duel)
    shown = cells(at)
    assert tr("en", "ui.critters.screen.secret_theme", theme=secret["Ana"]) in shown["Ana"]
    assert tr("en", "ui.critters.screen.secret_theme", theme=secret["Ben"]) in shown["Ben"]
    letter = "ABCD"[wrong]
    assert tr("en", "ui.critters.screen.guess_card", card=letter) in shown["Ana"]
    assert tr("en", "ui.critters.screen.wrong") in shown["Ana"]
    assert tr("en", "ui.critters.screen.guess_theme", theme=secret["Ben"]) in (shown["Ben"])
    assert tr("en", "ui.critters.screen.right") in shown["Ben"]
    turned = duel.public()["turned_over"]["scores"]
    for name in ("Ana", "Ben"):
        points = turned[name]
        said = tr("en", "ui.critters.screen.points", points=f"+{points}", total=points)
        assert said in shown[name]  # under their own mosaic
    # Each secret theme is marked on its card, with its maker's name.
    marked = re.findall(r'<div class="cc-cr-secret">(.*?)</div>', html_text(at))
    assert sorted(visible(m) for m in marked) == sorted(
        f"{secret[name]} ← {name}" for name in ("Ana", "Ben")
    )


def test_mosaics_short_of_seven_are_marked_unfinished_and_an_empty_canvas_shown(engine):
    table = seat_critters(engine, FakeClock(), 3)
    table.pick_all()
    table.build("Ana")
    table.build("Ben", pieces=3)
    table.engine.advance(table.fac)  # the teacher ends the building early: Cy has no piece
    table.engine.advance(table.fac)
    table.title_all()
    assert table.phase() == "judging"
    at = screen(table)
    assert mosaics_shown(at) == 3  # Cy's empty canvas too
    unfinished = tr("en", "ui.critters.screen.unfinished", fewest=7)
    shown = cells(at)
    assert unfinished not in shown["Ana"]
    assert unfinished in shown["Ben"] and unfinished in shown["Cy"]
    ana = visible_text(run(page("pages/play.py", token=table.tokens["Ana"])))
    assert ana.count(unfinished) == 2  # the phone she judges on says so too


@pytest.mark.parametrize(("language", "minute"), [("en", "minute"), ("es", "minuto")])
def test_the_last_builders_are_told_no_time_the_timer_does_not_show(engine, language, minute):
    """The Relaxed pace gives the last builders 1:26: neither the projector nor a phone
    promises "one minute" beside that timer."""
    new = engine.create_game(
        game="canvas_critters", durations=LONG | {"last_minute": 86}, language=language
    )
    table = Critters(engine, None, new.code, new.facilitator_token)
    for name in ("Ana", "Ben", "Cy"):
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    table.pick_all()
    table.build("Ana")
    table.finish("Ana")
    assert table.phase() == "last_minute"
    shown = visible_text(screen(table))
    assert tr(language, "ui.critters.screen.last_minute") in shown
    assert minute not in shown.casefold()
    phone = visible_text(run(page("pages/play.py", token=table.tokens["Ben"])))
    assert minute not in phone.casefold()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_lobby_of_exactly_two_says_a_duel_will_be_played(engine, language):
    new = engine.create_game(game="canvas_critters", language=language)
    table = Critters(engine, None, new.code, new.facilitator_token)
    duel = tr(language, "ui.critters.lobby.duel")
    for name in ("Ana", "Ben"):
        table.tokens[name] = engine.join(new.code, name)
    assert duel in visible_text(screen(table))
    assert duel in visible_text(run(page("pages/play.py", token=table.tokens["Ana"])))
    table.tokens["Cy"] = engine.join(new.code, "Cy")
    assert duel not in visible_text(screen(table))
    assert duel not in visible_text(run(page("pages/play.py", token=table.tokens["Cy"])))
