"""Crossed Canvas: drawing and deduction, its phase table and rules (rules), its hooks and
declaration (game), its views, and its decks (decks, deck_csv)."""
