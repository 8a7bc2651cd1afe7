"""The floor's app, served as app.py serves ours (without Nagle's 40 ms waits, ui/listener.py:
a fix of how Streamlit listens, not part of our pages' cost); its one page is pages/play.py.
Its home page draws nothing."""

import streamlit as st

if __name__ != "__main__":
    from ui.listener import nodelay_lifespan

    app = st.App(__file__, lifespan=nodelay_lifespan)
