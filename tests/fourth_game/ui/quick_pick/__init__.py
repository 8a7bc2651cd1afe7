"""Quick Pick's parts of the pages: the phone's colour buttons, the projector's tally, the
teacher's lobby choice of rounds, the results rows and the lobby lines' pictures."""
