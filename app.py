"""Crossed Canvas: home page (pages land with the app issue)."""

import streamlit as st

st.title("Crossed Canvas")
st.write("Coming soon.")
