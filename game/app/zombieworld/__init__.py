"""Zombieworld Evolution screens: band builder, set-up, the game and the victory screen."""
