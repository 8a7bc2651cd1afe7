"""Streamlit-facing helpers (canvas) and pure drawing helpers (strokes, composition)."""
