"""Measurements: the engine's own speed, a page run's cost, load on real app servers, and a
browser's check of what the tabs show (docs/performance.md)."""
