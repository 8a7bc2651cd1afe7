"""Canvas Layers' parts of the pages: the phone with its painting composer, the projector,
the teacher's controls and the gallery, the cards drawn as HTML."""
