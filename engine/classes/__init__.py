"""A whole class on one code: seating students at tables (seating), the class's commands and
its views."""
