"""Quick Pick, a small fourth game: every round each player picks a colour in secret, then
the picks are shown and each player scores a point for every other player who picked as they
did. Its phase table (rules), hooks and declaration (game), views, moves, commands and robot."""
