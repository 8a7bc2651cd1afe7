"""What a Canvas Critters palette button says to a screen reader or to voice control: the
count the button shows ("12", "1", "0") is part of its name, in every language (WCAG 2.5.3,
label in name: a student who says what they see must be understood)."""

from __future__ import annotations

import pytest

from engine.i18n import LANGUAGES, translate
from ui.critters.mosaic import TEXT_KEYS

# The palette's button names, one per count shown: several left, the last one, none left.
COUNTED = ("take", "take_last", "none_left")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_palette_button_names_the_count_it_shows(language):
    assert set(COUNTED) <= set(TEXT_KEYS)
    for key, count in zip(COUNTED, (12, 1, 0), strict=True):
        template = translate(language, f"ui.critters.mosaic.{key}")
        named = template.replace("{label}", "Giraffe").replace("{count}", str(count))
        assert str(count) in named, (language, key, template)
