"""The floor's app, served as app.py serves ours (ui/server_start.py: no Nagle's 40 ms waits,
each run's theme built once; fixes of how Streamlit serves, not part of our pages' cost); its
one page is pages/play.py. Its home page draws nothing."""

import streamlit as st

if __name__ != "__main__":
    from ui.server_start import server_lifespan

    app = st.App(__file__, lifespan=server_lifespan)
