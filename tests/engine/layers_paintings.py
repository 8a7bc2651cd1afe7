"""Random paintings of Canvas Layers' deck, and how often each scoring card is met by them.

Both the deck's balance test (tests/engine/test_layers_cards.py) and its report
(bench.content.layers_balance) read it; it is the tests' so that the bench imports the tests'
kits and never the other way round."""

from __future__ import annotations

import random
from collections import Counter

from engine.canvas_layers import rules
from engine.canvas_layers.cards import SCORING_IDS, load_cards


def painting_rates(samples: int, seed: int) -> dict[str, tuple[float, float]]:
    """Per scoring card: the share of random paintings that meet it, and their mean ribbons."""
    rng = random.Random(seed)
    art = load_cards().art
    met: Counter[str] = Counter()
    ribbons: Counter[str] = Counter()
    for _ in range(samples):
        shown = rules.visible([card.slots for card in rng.sample(art, rules.LAYERS)])
        for card in SCORING_IDS:
            taken = rules.ribbons_met(card, shown)
            met[card] += taken > 0
            ribbons[card] += taken
    return {card: (met[card] / samples, ribbons[card] / samples) for card in SCORING_IDS}
