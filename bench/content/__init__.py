"""Canvas Layers' content tools: the generators that write its cards and pictures, and the
balance check of its scoring (engine/canvas_layers/cards.py reads what they wrote)."""
