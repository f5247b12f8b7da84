"""Rules engines: pure Python, no pygame, pymunk or pytmx, no global random."""
