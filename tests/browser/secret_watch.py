"""Nothing secret reaches the projector or the facilitator's page before the reveal (R11).

`SecretWatch` keeps the whole DOM of the screen page and of the facilitator page (it may be
projected) at each moment a test names, then searches every kept page for the round's secrets:
the true object's and the decoy's names and pictures, the Curator's four options' names, role
words, every personal token and the facilitator's key. `test_game.py`'s whole game keeps them
at every phase of round 1 before the reveal, the pulses and the accusation also mid-way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamekit import ROLE_WORDS, neutral_texts, t, whole, words_of
from playwright.sync_api import Page

from engine.crossed_canvas.decks import load_deck
from engine.i18n import catalogue
from ui.crossed_canvas.how_to import OPTIONS as EXAMPLE_OBJECTS


@dataclass
class SecretWatch:
    """The projected pages' DOM at each moment `keep` is called."""

    screen: Page
    facilitator: Page
    kept: list[tuple[str, str, str]] = field(default_factory=list)  # (moment, page, html)

    def keep(self, moment: str) -> None:
        for label, page in (("screen", self.screen), ("facilitator", self.facilitator)):
            self.kept.append((moment, label, page.content()))

    def moments(self) -> set[str]:
        """The phases kept ("pulse1 (2 of 4 submitted)" counts as pulse1)."""
        return {moment.split(" ")[0] for moment, _, _ in self.kept}

    def assert_kept(
        self,
        options: list[dict[str, Any]],
        target: dict[str, Any],
        decoy: dict[str, Any],
        tokens: dict[str, str],
        key: str,
        control: str,
    ) -> None:
        """No kept page names a secret; and the same search finds them on `control`, a loyal
        artist's own open card (so a search that finds nothing anywhere fails)."""
        secrets = {o["name"] for o in options} | {target["name"], decoy["name"]}
        pictures = {Path(o["image"]).name for o in [*options, target, decoy]}
        role_texts = [text for k, text in catalogue("en").items() if k.startswith("ui.role.")]
        neutral = neutral_texts()
        # The lobby's how-to-play names its example's objects, the same in every game and
        # shown before any round is dealt: a round dealt one of them is no leak there.
        deck = load_deck()
        example = [deck.objects[object_id] for object_id in EXAMPLE_OBJECTS]
        example_names = {item.names["en"] for item in example}
        example_pictures = {Path(str(item.image)).name for item in example}
        for moment, label, html in self.kept:
            where = f"{label} page, {moment}"
            words = words_of(html)
            lobby = moment == "lobby"
            for name in secrets - (example_names if lobby else set()):
                assert not whole(name).search(words), f"{where}: shows the object name {name!r}"
            for picture in pictures - (example_pictures if lobby else set()):
                assert picture not in html, f"{where}: holds the picture {picture}"
            for player, token in tokens.items():
                assert token not in html, f"{where}: holds {player}'s personal token"
            assert key not in html, f"{where}: facilitator key"
            for text in role_texts:
                assert text not in words, f"{where}: shows the role text {text!r}"
            for text in neutral:
                words = words.replace(text, "")
            found = ROLE_WORDS.findall(words)
            assert not found, f"{where}: names a role: {found}"
        assert whole(target["name"]).search(words_of(control))
        assert t("ui.role.loyal") in words_of(control)
