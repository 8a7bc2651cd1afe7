"""What a Canvas Critters palette button says to a screen reader or to voice control: the
count the button shows ("12", "1", "0") is part of its name, in every language (WCAG 2.5.3,
label in name: a student who says what they see must be understood).

Not in brackets: axe-core (4.14) drops a name's bracketed words before it looks for the
visible text there, as a note aside, and found "Giraffe: take one (12 left)" wanting on
every button of the palette (issue 41)."""

from __future__ import annotations

import re

import pytest

from engine.i18n import LANGUAGES, translate
from ui.critters.mosaic import TEXT_KEYS

# The palette's button names, one per count shown: several left, the last one, none left.
COUNTED = ("take", "take_last", "none_left")
BRACKETED = re.compile(r"\([^()]*\)")


def named_outside_brackets(name: str, shown: str) -> bool:
    """Whether `shown` is one of the words of `name` once its bracketed parts are gone."""
    return shown in re.findall(r"\w+", BRACKETED.sub(" ", name))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_palette_button_names_the_count_it_shows(language):
    assert set(COUNTED) <= set(TEXT_KEYS)
    for key, count in zip(COUNTED, (12, 1, 0), strict=True):
        template = translate(language, f"ui.critters.mosaic.{key}")
        named = template.replace("{label}", "Giraffe").replace("{count}", str(count))
        assert named_outside_brackets(named, str(count)), (language, key, template)
