"""Canvas Critters, the second game: mosaics of animal pieces judged with secret ribbons.

`rules` holds the rulebook as pure functions, `themes` the deck of theme cards.
"""
