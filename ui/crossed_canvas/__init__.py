"""Crossed Canvas's parts of the pages: the drawing canvas and its strokes, the composition
as PNG and SVG, the projector's parts, the gallery's files and the deck upload."""
