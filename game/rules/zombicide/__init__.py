"""Zombicide rules: the core shared by every box, with each box's own rules under ``boxes``."""
