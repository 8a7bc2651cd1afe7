"""The reveal and the end of the game, on the play, screen and facilitator pages, and the
teacher's results CSV."""

from __future__ import annotations

import csv
import io
import re

import pytest
from pagekit import (
    Table,
    base_key,
    has_word,
    rendered,
    seat_lobby,
    shows_points,
    tr,
    visible,
    visible_text,
)

from tests.kit import rid
from ui.results import results_csv
from ui.text import translator


@pytest.fixture
def revealed(started: Table) -> dict:
    """Round 1 played to its reveal: the Curator finds the true object, the Distorter is
    caught by four votes to one. Returns the table and what happened."""
    table = started
    table.advance_to("choice")
    curator, distorter = table.who("curator"), table.who("distorter")
    loyal = table.with_role("loyal")
    true_target = table.view(loyal[0])["target"]
    false_target = table.view(distorter)["target"]
    table.engine.choose(table.tokens[curator], true_target["id"], rid())
    assert table.phase() == "accusation"
    sig_of = {name: table.view(name)["signature"] for name in table.tokens}
    for name in [curator, *loyal]:
        table.engine.accuse(table.tokens[name], sig_of[distorter], rid())
    table.engine.accuse(table.tokens[distorter], sig_of[loyal[0]], rid())
    assert table.phase() == "reveal"  # everyone voted: the accusation ended early
    return {
        "table": table,
        "curator": curator,
        "distorter": distorter,
        "loyal": loyal,
        "true": true_target,
        "false": false_target,
        "signatures": sig_of,
        "names": table.public()["signatures"],
    }


def check_reveal_text(shown: str, r: dict) -> None:
    """What R11 asks the reveal to show, read from the page's visible text."""
    assert has_word(shown, r["true"]["name"])
    assert has_word(shown, r["false"]["name"])
    assert tr("en", "ui.curator_was", name=r["curator"]) in shown
    assert tr("en", "ui.distorter_was", name=r["distorter"]) in shown
    assert tr("en", "ui.curator_chose", name=r["true"]["name"]) in shown
    assert tr("en", "ui.target_found") in shown
    assert tr("en", "ui.distorter_caught") in shown
    for name in [r["curator"], *r["loyal"]]:
        assert shows_points(shown, name, 200), name  # this round's award / running total
    assert shows_points(shown, r["distorter"], 0)
    assert not re.search(rf"{re.escape(r['distorter'])}\W{{0,12}}(\d+\W{{1,6}})?\+[1-9]", shown)
    # Every signature with its author.
    for author, sig in r["signatures"].items():
        if sig:
            assert re.search(
                rf"{re.escape(r['names'][sig]['name'])}\W.{{0,40}}{re.escape(author)}", shown
            ), (author, r["names"][sig]["name"])


def test_reveal_on_the_play_page(revealed):
    r = revealed
    table = r["table"]
    for name in (r["curator"], r["distorter"], r["loyal"][0]):
        at = table.play(name)
        check_reveal_text(visible_text(at), r)
        # The drawing everyone talks about is on every phone too.
        assert any('class="cc-board' in h.value for h in at.html), name


def test_reveal_on_the_screen_and_facilitator_pages(revealed):
    r = revealed
    check_reveal_text(visible_text(r["table"].screen()), r)
    check_reveal_text(visible_text(r["table"].facilitator_page()), r)


@pytest.fixture
def finished(revealed: dict) -> dict:
    """The same game played to the end with no more actions: in rounds 2 to 5 the Distorter
    scores alone, so the round-1 Distorter ends on 0 and the four others on 1000."""
    revealed["table"].finish()
    return revealed


def test_finished_on_the_play_page(finished):
    r = finished
    table = r["table"]
    totals = table.public()["totals"]
    assert totals[r["distorter"]] == 0
    assert {totals[n] for n in table.tokens if n != r["distorter"]} == {1000}

    for name in table.tokens:
        shown = visible_text(table.play(name))
        won = name != r["distorter"]
        assert (tr("en", "ui.play.you_won") in shown) is won, name
        assert (tr("en", "ui.play.game_over") in shown) is not won, name
        for other in table.tokens:
            assert shows_points(shown, other, totals[other]), (name, other)


def test_finished_on_the_screen(finished):
    r = finished
    at = r["table"].screen()
    shown = visible_text(at)
    assert tr("en", "ui.phase.finished") in shown
    for name in r["table"].tokens:
        assert shows_points(shown, name, 0 if name == r["distorter"] else 1000), name
    assert not at.button and not at.text_input  # nothing to act on from the projector


def test_finished_on_the_facilitator_page_with_results_csv(finished, recorded_files):
    r = finished
    table = r["table"]
    at = table.facilitator_page()
    winners = [n for n in table.tokens if n != r["distorter"]]
    banners = [
        visible(h.value)
        for h in at.html
        if all(has_word(visible(h.value), n) for n in winners)
        and not has_word(visible(h.value), r["distorter"])
    ]
    assert banners, "the facilitator page names the winners together, without the loser"
    shown = visible_text(at)
    for name in table.tokens:
        assert shows_points(shown, name, 0 if name == r["distorter"] else 1000), name
    assert not [b for b in at.button if base_key(b.key) in ("pause_game", "advance_phase")]

    downloads = {d.key: d for d in at.get("download_button")}
    assert set(downloads) == {"results_csv", "gallery_zip"}
    download = downloads["results_csv"]
    assert download.proto.label == tr("en", "ui.fac.results_csv")
    files = [f for store in recorded_files for f in store._files_by_id.values()]
    csv_files = [f for f in files if f.mimetype.startswith("text/csv")]
    assert csv_files, "the download button carries no CSV"
    expected = results_csv(table.engine.facilitator_view(table.fac), translator("en"))
    assert csv_files[-1].content == expected
    assert csv_files[-1].filename == f"crossed-canvas-{table.code}.csv"


def test_results_csv_content(finished):
    r = finished
    table = r["table"]
    t = translator("en")
    data = results_csv(table.engine.facilitator_view(table.fac), t)
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    header, body = rows[0], rows[1:]
    assert header[0] == t("ui.csv.round") and header[-1] == t("ui.csv.points")
    col = {
        name: header.index(t(f"ui.csv.{name}"))
        for name in (
            "round",
            "true_target",
            "false_target",
            "curator",
            "distorter",
            "curator_choice",
            "target_found",
            "accused_signature",
            "distorter_caught",
            "player",
            "signature",
            "voted_for",
            "points",
        )
    }
    round_rows = [row for row in body if row[0] != t("ui.csv.total")]
    total_rows = [row for row in body if row[0] == t("ui.csv.total")]
    assert len(round_rows) == 5 * 5  # a row per round and player
    assert sorted({row[col["round"]] for row in round_rows}) == ["1", "2", "3", "4", "5"]

    first = {row[col["player"]]: row for row in round_rows if row[col["round"]] == "1"}
    assert set(first) == set(table.tokens)
    names = r["names"]
    for player, row in first.items():
        assert row[col["true_target"]] == r["true"]["name"]
        assert row[col["false_target"]] == r["false"]["name"]
        assert row[col["curator"]] == r["curator"]
        assert row[col["distorter"]] == r["distorter"]
        assert row[col["curator_choice"]] == r["true"]["name"]
        assert row[col["target_found"]] == t("ui.yes")
        assert row[col["distorter_caught"]] == t("ui.yes")
        assert row[col["accused_signature"]] == names[r["signatures"][r["distorter"]]]["name"]
        sig = r["signatures"][player]
        assert row[col["signature"]] == (names[sig]["name"] if sig else "")
        expected_vote = r["signatures"][
            r["loyal"][0] if player == r["distorter"] else r["distorter"]
        ]
        assert row[col["voted_for"]] == names[expected_vote]["name"]
        assert row[col["points"]] == ("0" if player == r["distorter"] else "200")

    later = [row for row in round_rows if row[col["round"]] != "1"]
    for row in later:
        assert row[col["curator_choice"]] == "" and row[col["voted_for"]] == ""
        assert row[col["target_found"]] == t("ui.no")
        distorter = row[col["player"]] == row[col["distorter"]]
        assert row[col["points"]] == ("800" if distorter else "0")

    totals = {row[col["player"]]: row[col["points"]] for row in total_rows}
    assert totals == {name: ("0" if name == r["distorter"] else "1000") for name in table.tokens}


def test_results_csv_in_spanish():
    t = translator("es")
    view = {"game": "crossed_canvas", "history": [], "totals": {"Ana": 5}, "robots": []}
    rows = list(csv.reader(io.StringIO(results_csv(view, t).decode("utf-8-sig"))))
    assert rows[0][0] == t("ui.csv.round") != translator("en")("ui.csv.round")
    assert rows[1][0] == t("ui.csv.total") and rows[1][-1] == "5"


def test_reveal_names_absent_before_reveal_on_every_page(started):
    """Sanity for the reveal tests above: the same names are not on the pages earlier."""
    table = started
    table.advance_to("accusation")
    true_name = table.view(table.with_role("loyal")[0])["target"]["name"]
    for at in (table.screen(), table.facilitator_page()):
        assert not has_word(rendered(at), true_name)


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_phone_says_why_it_got_its_points(engine, language):
    """R8 to R10 in one line per phone: here the Curator misses and nobody votes (a tie)."""
    table = seat_lobby(engine, language=language)
    table.start()
    table.advance_to("reveal")
    reveal = table.public()["reveal"]
    distorter = reveal["distorter"]
    loyal = next(n for n in table.tokens if n not in (distorter, reveal["curator"]))
    expected = {
        distorter: tr(
            language,
            "ui.points.line",
            points=800,
            reasons=tr(language, "ui.points.missed.distorter", points=400)
            + "; "
            + tr(language, "ui.points.nobody.distorter", points=400),
        ),
        loyal: tr(
            language,
            "ui.points.line",
            points=0,
            reasons=tr(language, "ui.points.missed.others", points=0)
            + "; "
            + tr(language, "ui.points.nobody.others", points=0),
        ),
    }
    for name, line in expected.items():
        assert line in visible_text(table.play(name)), name


def test_a_tie_says_nobody_was_accused_on_every_page(engine):
    table = seat_lobby(engine)
    table.start()
    table.advance_to("reveal")  # nobody voted
    said = tr("en", "ui.distorter_escaped_nobody")
    for at in (table.screen(), table.facilitator_page(), table.play("Ana")):
        assert said in visible_text(at)


LONG_NAMES = [
    "Maximiliano Bartholomew",
    "Anastasia Konstantinova",
    "Guadalupe de Villanueva",
    "Christopher Montgomery",
    "Supercalifragilisticexp",
]


def test_long_names_in_the_phones_reveal_table_break_between_words(engine):
    """The phone's reveal table sizes its columns to their words (a fixed layout cut three
    equal columns and broke "Konstantinova" mid-word at 360 px): a name breaks between its
    words; only a single word too long for a column may break inside (cc-long-word)."""
    table = seat_lobby(engine, LONG_NAMES)
    table.start()
    table.advance_to("reveal")
    at = table.play(LONG_NAMES[0])
    [reveal] = [h.value for h in at.html if 'class="cc-table"' in h.value]
    assert '<span class="cc-long-word"><bdi>Supercalifragilisticexp</bdi></span>' in reveal
    curator = table.who("curator")
    for name in LONG_NAMES[:4]:  # whole words: no "anywhere" for them
        assert f'<span class="cc-long-word"><bdi>{name}' not in reveal
        assert name == curator or f"<td><bdi>{name}</bdi></td>" in reveal
    styles = "\n".join(h.value for h in at.html if "<style>" in h.value)
    assert "table-layout: fixed" not in styles
    assert ".cc-table { table-layout: auto; width: 100%; }" in styles
    assert ".cc-table td { word-break: normal; overflow-wrap: break-word; }" in styles
    assert ".cc-long-word { overflow-wrap: anywhere; }" in styles
    assert ".cc-head { overflow-wrap: anywhere" not in styles
