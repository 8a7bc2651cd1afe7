"""A fourth game built in the tests, as a new game would be added: Quick Pick, in an engine
folder and a ui folder shaped as the real games' are (engine/quick_pick/, ui/quick_pick/), and
one line for each registry (`registry.py`). Nothing of the product names it: the tests hand it
to an Engine (`Engine(games=...)`) and to the pages' registries, and it plays through the
conformance test, the robots and the pages' dispatch as the three real games do."""
