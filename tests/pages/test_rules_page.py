"""pages/rules.py and the README: every game's full rules are in the project, in English and
Spanish, reached from the home page's "How to play" in the page's language and linked from the
README (issue 24). And pages/privacy.py: the privacy notice (docs/privacy.md, issue 44), linked
from the home page in its language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pagekit import ROOT, home_hash, page, run, tr

from engine import Engine
from engine.games import OFFERED
from engine.i18n import LANGUAGES
from engine.paths import RULES
from ui.rulebook import PRIVACY, RULEBOOKS

# What each rulebook must say in either language: the scoring's numbers.
KEY_FACTS = {
    "crossed_canvas": ["**100 ", "**(N − 1) × 100 ", "2 × (N − 1) × 100"],
    "canvas_critters": ["**+3**", "**+2**", "**+1**", "(+5)**", "**5 "],
    # Both languages: a card's cost, and the glyphs of the four elements as the pages draw them.
    "canvas_layers": ["p - 1", "(●)", "(▲)", "(▦)", "(◐)"],
}
PAIRS = [(game, language) for game in OFFERED for language in LANGUAGES]


def rules_text(game: str, language: str) -> str:
    """A rulebook as st.markdown shows it (trailing blank lines dropped)."""
    return RULEBOOKS[game, language].read_text(encoding="utf-8").rstrip()


@pytest.fixture
def rulebook_reads(monkeypatch) -> list[Path]:
    """Every file under docs/rules that anything reads during the test."""
    reads: list[Path] = []
    read_text = Path.read_text

    def recording(self: Path, *args, **kwargs) -> str:
        if self.resolve().is_relative_to(RULES):
            reads.append(self)
        return read_text(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", recording)
    return reads


@pytest.mark.parametrize(("game", "language"), PAIRS)
def test_the_rules_page_shows_a_games_rules_in_a_language(engine, game, language):
    at = run(page("pages/rules.py", game=game, lang=language))
    [shown] = [m.value for m in at.markdown]
    assert shown == rules_text(game, language)
    assert shown.splitlines()[0].startswith(f"# {Engine.game_title(game, language)}")
    assert all(fact in shown for fact in KEY_FACTS[game])
    [home] = at.get("page_link")
    assert (home.proto.label, home.proto.page_script_hash) == (
        tr(language, "ui.go_home"),
        home_hash(),
    )


@pytest.mark.parametrize(
    "query",
    [
        {"game": "chess", "lang": "en"},
        {"game": "crossed_canvas", "lang": "fr"},
        {"game": "../../README", "lang": "en"},
        {"game": "crossed_canvas", "lang": "en/../../../etc/passwd"},
        {"game": "crossed_canvas\x00", "lang": "es"},
        {"lang": "es"},
        {},
    ],
)
def test_an_unknown_game_or_language_is_refused_and_reads_no_file(engine, rulebook_reads, query):
    at = page("pages/rules.py", **query)
    at.context = {"locale": "es-ES"}
    run(at)
    # In the language asked for, if the app has it; else in the browser's.
    language = query.get("lang") if query.get("lang") in LANGUAGES else "es"
    assert [w.value for w in at.warning] == [tr(language, "ui.rules.unknown")]
    assert not at.markdown
    assert rulebook_reads == []
    [home] = at.get("page_link")
    assert home.proto.page_script_hash == home_hash()


def test_without_a_language_the_rules_follow_the_browser(engine):
    at = page("pages/rules.py", game="canvas_critters")
    at.context = {"locale": "es-MX"}
    run(at)
    assert [m.value for m in at.markdown] == [rules_text("canvas_critters", "es")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_how_to_play_links_to_each_games_rules_in_the_pages_language(engine, language):
    at = run(page("app.py"))
    run(at.segmented_control(key="home_language").set_value(language))
    [how_to_play] = [e for e in at.expander if e.label == tr(language, "ui.home.how_to_play")]
    links = [link.proto for link in how_to_play.get("page_link")]
    game_names = {game: Engine.game_title(game, language) for game in OFFERED}
    assert [(link.label, link.query_string) for link in links] == [
        (tr(language, "ui.rules.full", game=name), f"game={game}&lang={language}")
        for game, name in game_names.items()
    ]
    assert {link.page for link in links} == {"rules"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page_links_to_the_privacy_notice_in_its_language(engine, language):
    at = run(page("app.py"))
    run(at.segmented_control(key="home_language").set_value(language))
    [link] = [e.proto for e in at.get("page_link") if e.proto.page == "privacy"]
    assert (link.label, link.query_string) == (tr(language, "ui.home.privacy"), f"lang={language}")

    notice = run(page("pages/privacy.py", lang=language))
    [shown] = [m.value for m in notice.markdown]
    other = next(o for o in LANGUAGES if o != language)
    assert shown.startswith(PRIVACY[language].read_text(encoding="utf-8").splitlines()[0])
    # The other language's notice at the app's own address, not the file's name.
    assert f"](privacy?lang={other})" in shown and ".md)" not in shown
    for said in ("RETENTION_DAYS", "cc_browser", tr(language, "ui.fac.delete")):
        assert said in shown


def test_the_readme_links_only_to_files_in_the_repository():
    """A fresh clone has everything the README points to: no path leaves the repository."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme
    targets = re.findall(r"\]\(([^)\s]+)\)", readme)
    local = [t for t in targets if not re.match(r"[a-z]+:", t) and not t.startswith("#")]
    assert {f"docs/rules/{path.name}" for path in RULEBOOKS.values()} <= set(local)
    assert [t for t in local if not (ROOT / t.split("#")[0]).is_file()] == []
