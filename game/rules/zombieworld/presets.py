"""Ready-made bands so a new player can start at once (our own, each within the 60 points)."""

from __future__ import annotations

from game.rules.zombieworld.band import Band, Member


def preset_bands() -> list[Band]:
    return [
        Band(name="Blue Line", band_type="police", members=(
            Member(name="Ana", rank="born", hand=("assault_rifle",), objects=("vest",)),
            Member(name="Bo", rank="hardened", hand=("pistol", "blade")),
            Member(name="Cy", rank="rookie", hand=("shotgun",), backpack=("baseball_bat",)),
            Member(name="Di", rank="frightened", hand=("baseball_bat",)),
        )),
        Band(name="Fire Crew", band_type="firefighters", members=(
            Member(name="Mara", rank="expert", hand=("long_blade",), objects=("medkit",)),
            Member(name="Jonas", rank="hardened", hand=("shotgun",)),
            Member(name="Lu", rank="rookie", hand=("pistol",), backpack=("blunt",)),
            Member(name="Pip", rank="rookie", hand=("crossbow",)),
        )),
        Band(name="Night Owls", band_type="citizens", members=(
            Member(name="Rosa", rank="hardened", hand=("hunting_rifle",)),
            Member(name="Teo", rank="rookie", hand=("baseball_bat",), objects=("flashlight",)),
            Member(name="Ines", rank="rookie", hand=("pistol", "blade")),
            Member(name="Sam", rank="frightened", hand=("blunt",)),
            Member(name="Rex", rank="dog"),
        )),
    ]
