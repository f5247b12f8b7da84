"""Finding token and marker images. A missing or broken image is never an error: the renderer
draws a plain shape instead."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pygame

REPO = Path(__file__).resolve().parents[2]
ASSETS_DIR = REPO / "assets"


@dataclass(frozen=True, slots=True)
class TokenInfo:
    name: str
    file: str
    label: str
    side: str
    base_cm: float


def load_token_manifest(assets_dir: Path = ASSETS_DIR) -> dict[str, TokenInfo]:
    path = assets_dir / "tokens" / "tokens.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    tokens: dict[str, TokenInfo] = {}
    if not isinstance(raw, dict):
        return tokens
    for name, entry in raw.items():
        if not isinstance(entry, dict):
            continue
        try:
            tokens[name] = TokenInfo(name, str(entry.get("file", "")), str(entry.get("label", name)),
                                     str(entry.get("side", "")), float(entry.get("base_cm", 2.5)))
        except (TypeError, ValueError):
            continue
    return tokens


class ImageStore:
    """Loads each image once; ``None`` for a file that is missing or unreadable."""

    def __init__(self, assets_dir: Path = ASSETS_DIR):
        self.assets_dir = assets_dir
        self._images: dict[str, pygame.Surface | None] = {}
        self.tokens = load_token_manifest(assets_dir)

    def load(self, path: str | Path) -> pygame.Surface | None:
        key = str(path)
        if key not in self._images:
            full = Path(path)
            if not full.is_absolute():
                full = REPO / full
            try:
                image = pygame.image.load(str(full))
                if pygame.display.get_surface() is not None:
                    image = image.convert_alpha()
                self._images[key] = image
            except (pygame.error, OSError, FileNotFoundError):
                self._images[key] = None
        return self._images[key]

    def token(self, name: str) -> pygame.Surface | None:
        info = self.tokens.get(name)
        if info is None or not info.file:
            return None
        return self.load(self.assets_dir / "tokens" / info.file)

    def marker(self, kind: str, color: str = "") -> pygame.Surface | None:
        folder = self.assets_dir / "markers"
        if color:
            image = self.load(folder / f"{kind}_{color}.png")
            if image is not None:
                return image
        return self.load(folder / f"{kind}.png")

    def door(self, color: str, is_open: bool) -> pygame.Surface | None:
        state = "open" if is_open else "closed"
        image = self.load(self.assets_dir / "markers" / f"door_{color or 'neutral'}_{state}.png")
        if image is None and color not in ("", "neutral"):
            image = self.load(self.assets_dir / "markers" / f"door_neutral_{state}.png")
        return image
