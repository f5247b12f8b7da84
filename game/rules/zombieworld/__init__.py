"""Zombieworld Evolution: a miniatures skirmish on a free table, distances in cm."""
