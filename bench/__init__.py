"""The project's tools beside the app, by purpose: measuring (bench.measure), the soak
(bench.soak) and Canvas Layers' content generators (bench.content). Each script runs from the
repository's root as `python -m bench.<purpose>.<script>`; they play through the engine's
bots and share the test kits (tests.engine, tests.browser) by import, never by sys.path. No
test imports the bench: what both read is kept in tests/."""
