"""A whole class's parts of the pages: each table at a glance and the class podium."""
