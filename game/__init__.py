"""Deadtable: a desktop digital tabletop for zombie board games."""
