"""The player's settings, kept between sessions in ``saves/settings.json``.

Language (empty: the system's), animation speed, window or full screen, and which hand the
action bar sits under. The file is written atomically (the previous one is kept as ``.bak``);
a broken file never stops the game: the defaults are used and ``load_settings`` says why.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.atomic import atomic_write_text
from game.i18n import N_
from game.jsonfile import JsonReadError, read_json
from game.roots import DEFAULT_SAVE_DIR

SETTINGS_PATH = DEFAULT_SAVE_DIR / "settings.json"
MAX_SETTINGS_BYTES = 64 * 1024
ANIMATION_SPEEDS = (0.5, 1.0, 2.0, 4.0, float("inf"))  # inf: no animation


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    language: str = Field(default="", max_length=16)  # "" follows the system locale
    animation_speed: float = Field(default=1.0, gt=0)
    fullscreen: bool = False
    handedness: Literal["right", "left"] = "right"


def load_settings(path: str | os.PathLike[str] = SETTINGS_PATH) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and one line saying why the file was not used."""
    source = Path(path)
    if not source.exists():
        return Settings(), None
    try:
        data = read_json(source, N_("settings file"), max_bytes=MAX_SETTINGS_BYTES)
        return Settings.model_validate(data), None
    except JsonReadError as error:
        return Settings(), f"{source.name}: {error.what}; the default settings are used"
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(part) for part in first["loc"]) or "the top level"
        return Settings(), f"{source.name}: {place}: {first['msg']}; the default settings are used"


def save_settings(settings: Settings, path: str | os.PathLike[str] = SETTINGS_PATH) -> None:
    """Write ``settings`` atomically (raises ``OSError`` when the folder cannot be written)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = settings.model_dump()
    if data["animation_speed"] == float("inf"):
        data["animation_speed"] = 1e9  # JSON has no infinity; any speed this high skips animation
    atomic_write_text(target, json.dumps(data, indent=2) + "\n")
