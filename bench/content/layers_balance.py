"""Canvas Layers' deck balance: how often each scoring card scores.

Run: .venv/bin/python -m bench.content.layers_balance [--paintings 20000] [--games 300] [--seed 1]

Three views of the same deck (data/canvas_layers/cards.json):
- random paintings: three different art cards in a random order, as a painting shows them;
  how many meet each scoring card at least once, and its mean ribbons (at most its most per
  painting);
- random legal games: every move drawn from `rules.legal_actions`, four scoring cards drawn
  for each game, 2 to 5 players; the share of paintings that took a ribbon of each card in play;
- greedy games: players who complete the painting worth most in points at once (and take a
  random card otherwise), which is closer to how a class plays.
The deck is meant to let every card be met, and no card be met by every painting
(tests/engine/test_layers_cards.py checks both on a seeded sample of `painting_rates`, from
tests/engine/layers_paintings.py: the bench reads the tests' kits, never the other way).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict

from engine.canvas_layers import rules
from engine.canvas_layers.cards import SCORING_IDS
from tests.engine.layers_paintings import painting_rates


def _greedy(state: rules.State, player: int, rng: random.Random) -> rules.Action:
    """Complete the painting worth most now (ribbon points gained plus bonus points) when it is
    worth 4 or more, or the hand is full; otherwise take a random affordable card."""
    moves = rules.legal_actions(state, player)
    painter = state.painters[player]
    completes = [m for m in moves if isinstance(m, rules.Complete)]
    if completes:
        before = rules.ribbon_points(painter)

        def worth(move: rules.Complete) -> int:
            after = rules.apply(state, player, move).painters[player]
            gained = rules.ribbon_points(after) - before
            return gained + rules.bonus_points(rules.shown(move.cards))

        best = max(completes, key=worth)
        if len(painter.hand) >= rules.HAND_LIMIT or worth(best) >= 4:
            return best
    takes = [m for m in moves if isinstance(m, rules.Take)]
    return rng.choice(takes or moves)


def play(seed: int, greedy: bool) -> rules.State:
    """One whole game of legal moves from `seed`: random, or greedy as `_greedy` says."""
    rng = random.Random(seed)
    players = rng.randint(rules.MIN_PLAYERS, rules.MAX_PLAYERS)
    scoring = rng.sample(SCORING_IDS, rules.SCORING_IN_PLAY)
    state = rules.setup(players, rng, scoring)
    while not state.over:
        player = state.turn
        assert player is not None
        if greedy:
            move = _greedy(state, player, rng)
        else:
            move = rng.choice(rules.legal_actions(state, player))
        state = rules.apply(state, player, move)
    return state


def game_rates(games: int, seed: int, greedy: bool) -> tuple[dict[str, float], float]:
    """Per scoring card, the share of paintings that took a ribbon of it (in games where it
    was in play); and the mean final score."""
    took: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    totals = []
    for game in range(games):
        state = play(seed * 100_003 + game, greedy)
        for painter in state.painters:
            for painting in painter.paintings:
                for card, count in painting.ribbons:
                    seen[card] += 1
                    took[card] += count > 0
        totals.extend(rules.scores(state).values())
    rates = {card: took[card] / seen[card] if seen[card] else 0.0 for card in SCORING_IDS}
    return rates, sum(totals) / len(totals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paintings", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    paintings = painting_rates(arguments.paintings, arguments.seed)
    random_games, random_mean = game_rates(arguments.games, arguments.seed, greedy=False)
    greedy_games, greedy_mean = game_rates(arguments.games // 3 or 1, arguments.seed, greedy=True)
    by_card: dict[str, list[str]] = defaultdict(list)
    for card in SCORING_IDS:
        met, ribbons = paintings[card]
        by_card[card] = [
            f"{met:8.1%}",
            f"{ribbons:8.2f}",
            f"{random_games[card]:8.1%}",
            f"{greedy_games[card]:8.1%}",
        ]
    print(f"{arguments.paintings} random paintings, {arguments.games} random games, ")
    print(f"{arguments.games // 3 or 1} greedy games (seed {arguments.seed})\n")
    print(f"{'card':<12} {'met':>8} {'ribbons':>8} {'random':>8} {'greedy':>8}")
    for card, row in by_card.items():
        print(f"{card:<12} {' '.join(row)}")
    print(f"\nmean final score: random games {random_mean:.1f}, greedy games {greedy_mean:.1f}")


if __name__ == "__main__":
    main()
