"""Canvas Critters' parts of the pages: the phone, the projector, the teacher's controls,
the touch mosaic and its pictures, the ribbons worked out from a view."""
