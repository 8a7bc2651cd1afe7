"""pages/facilitator.py: moderation (rename, the name filter and its exceptions, hiding a
drawing) and the finished game's gallery (stepping the projector, the ZIP)."""

from __future__ import annotations

import re

from pagekit import rendered, run, strokes, tr, visible_text

from tests.kit import rid


def alt_counts(at) -> list[str]:
    """The composition's alt text on a page: counts of fragments and signatures."""
    return re.findall(r'alt=\\?"(The drawing so far[^"\\]*)', rendered(at))


def at_merge(table) -> list[str]:
    """Round 1 at the merge, every artist's pulse-1 fragment shown; their signatures."""
    table.start()
    table.advance_to("pulse1")
    artists = [name for name in table.tokens if table.view(name)["signature"]]
    for name in artists:
        table.engine.submit_fragment(table.tokens[name], strokes(1), rid())
    assert table.phase() == "merge"
    return [table.view(name)["signature"] for name in artists]


def test_the_facilitator_renames_a_player_in_the_lobby(table):
    at = table.facilitator_page()
    assert tr("en", "ui.fac.names") in [e.label for e in at.expander]
    at = run(at.selectbox(key="rename_who").set_value("Ben"))  # a pick reruns the page
    at.text_input(key="rename_to").set_value("  Bea  ")
    at = run(at.button(key="rename_player").click())
    assert table.public()["players"] == ["Ana", "Bea", "Cai", "Dee", "Eli"]
    assert at.text_input(key="rename_to").value == ""  # ready for the next one
    assert "Bea" in visible_text(at)


def test_a_refused_rename_says_why_and_changes_nothing(table):
    at = table.facilitator_page()
    at = run(at.selectbox(key="rename_who").set_value("Ben"))  # a pick reruns the page
    at.text_input(key="rename_to").set_value("ANA")
    at = run(at.button(key="rename_player").click())
    # Said in the Names panel, beside the name typed, not at the top of the page.
    names = next(e for e in at.expander if e.label == tr("en", "ui.fac.names"))
    assert [e.value for e in names.error] == [tr("en", "error.name_taken", name="\u2068ANA\u2069")]
    assert len(at.error) == 1
    assert table.public()["players"] == ["Ana", "Ben", "Cai", "Dee", "Eli"]
    assert at.text_input(key="rename_to").value == "ANA"  # kept, to be corrected


def test_a_rename_mid_game(started):
    at = started.facilitator_page()
    at = run(at.selectbox(key="rename_who").set_value("Cai"))
    at.text_input(key="rename_to").set_value("Caitlin")
    at = run(at.button(key="rename_player").click())
    assert "Caitlin" in started.public()["players"]
    assert "Caitlin" in visible_text(at)


def test_the_name_filter_and_a_name_allowed_despite_it(table):
    at = table.facilitator_page()
    at.text_input(key="allow_name_text").set_value("Dick")
    at = run(at.button(key="allow_name").click())
    assert table.engine.facilitator_view(table.fac)["allowed_names"] == ["Dick"]
    assert "Dick" in rendered(at)
    table.engine.join(table.code, "Dick")
    at = run(at.toggle(key="name_filter_True").set_value(False))
    assert table.engine.facilitator_view(table.fac)["name_filter"] is False
    table.engine.join(table.code, "Idiota")
    at = run(at.toggle(key="name_filter_False").set_value(True))
    assert table.engine.facilitator_view(table.fac)["name_filter"] is True


def test_hiding_a_drawing_takes_it_off_the_projector_and_back(table):
    signatures = at_merge(table)
    hidden = signatures[0]
    screen = table.screen()
    assert alt_counts(screen) == ["The drawing so far: 4 fragments by 4 signatures"]
    at = table.facilitator_page()
    assert tr("en", "ui.fac.moderation") in [e.label for e in at.expander]
    toggle = at.button(key=f"fragment_1_1_{hidden}")
    assert toggle.label == tr("en", "ui.fac.hide")
    at = run(toggle.click())
    assert at.button(key=f"fragment_1_1_{hidden}").label == tr("en", "ui.fac.unhide")
    assert tr("en", "ui.fac.hidden") in visible_text(at)
    assert alt_counts(table.screen()) == ["The drawing so far: 3 fragments by 3 signatures"]
    # the facilitator page shows 3 of 4 thumbnails: the hidden one is not drawn there either
    thumbnails = [h for h in at.html if "cc-board" in h.value]
    assert len(thumbnails) == 1 + 3  # the composition, then one per fragment still shown
    at = run(at.button(key=f"fragment_1_1_{hidden}").click())
    assert alt_counts(table.screen()) == ["The drawing so far: 4 fragments by 4 signatures"]


def test_the_facilitator_steps_the_projector_through_the_gallery(table):
    table.start()
    table.finish()
    at = table.facilitator_page()
    assert {d.key for d in at.get("download_button")} == {"results_csv", "gallery_zip"}
    assert at.button(key="gallery_previous").disabled and at.button(key="gallery_podium").disabled
    at = run(at.button(key="gallery_next").click())
    assert table.public()["shown_round"] == 1
    screen = table.screen()
    assert tr("en", "ui.gallery.heading", round=1, rounds=5) in visible_text(screen)
    authors = table.public()["gallery"][0]["authors"].values()
    assert all(name in visible_text(screen) for name in authors)
    at = run(at.button(key="gallery_next").click())
    assert table.public()["shown_round"] == 2
    at = run(at.button(key="gallery_previous").click())
    assert table.public()["shown_round"] == 1
    at = run(at.button(key="gallery_podium").click())
    assert table.public()["shown_round"] is None
    assert tr("en", "ui.phase.finished") in visible_text(table.screen())
