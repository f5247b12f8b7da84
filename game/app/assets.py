"""Finding token and marker images. A missing or broken image is never an error: the renderer
draws a plain shape instead."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.table.setup import TokenInfo, TokenManifestError, load_token_manifest

REPO = Path(__file__).resolve().parents[2]
ASSETS_DIR = REPO / "assets"


def _manifest(assets_dir: Path) -> dict[str, TokenInfo]:
    """The token manifest; an unusable one leaves every token to be drawn as a plain disc."""
    try:
        return load_token_manifest(assets_dir / "tokens" / "tokens.json")
    except TokenManifestError:
        return {}


class ImageStore:
    """Loads each image once; ``None`` for a file that is missing or unreadable."""

    def __init__(self, assets_dir: Path = ASSETS_DIR):
        self.assets_dir = assets_dir
        self._images: dict[str, pygame.Surface | None] = {}
        self.tokens = _manifest(assets_dir)

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
        """A miniature's image from the manifest, or a flat token's marker image of that name."""
        info = self.tokens.get(name)
        if info is None:
            return self.load(self.assets_dir / "markers" / f"{name}.png") if name else None
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
