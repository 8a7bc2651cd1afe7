"""Canvas Layers, the third game: painters draft art cards from a market row and layer three at a
time into paintings scored against the elements of design.

`cards` loads the game's own cards (data/canvas_layers/), `rules` holds the rules as pure
functions, `pictures` stacks a painting's layers into one SVG.
"""
