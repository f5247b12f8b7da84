"""Rules that belong to one Zombicide box."""
