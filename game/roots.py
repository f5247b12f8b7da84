"""The folders a file may name: every path read from a file resolves inside its allowed roots.

- Content (maps, missions, tilesets, tileset images, a save's board): the repository's ``maps/``
  and ``assets/`` (our tilesets live in ``assets/tiles/``), and the user maps folder ``saves/maps/``.
- Save links (a game's campaign): the folder of the save that holds the link, or ``saves/``.

Anything else (an absolute path elsewhere, ``../`` leading out, a symbolic link pointing out, a
NUL byte) is refused with its reason. The file a player opens by hand (``--map``, ``--save``, the
Load dialog) may lie anywhere; only the paths written inside files are confined.

More content roots are added explicitly, never by loosening the rule: ``main.py --allow-root DIR``,
the ``DEADTABLE_EXTRA_ROOTS`` environment variable (folders joined by ``os.pathsep``), or
``with allowed(folder):`` in code (tests use it for their fixture folders).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from game.limits import MAX_PATH_CHARS

REPO_ROOT = Path(__file__).resolve().parents[1]
SHIPPED_MAPS = REPO_ROOT / "maps"
SHIPPED_ASSETS = REPO_ROOT / "assets"
DEFAULT_SAVE_DIR = REPO_ROOT / "saves"
USER_MAPS = DEFAULT_SAVE_DIR / "maps"  # the player's own maps and missions
EXTRA_ROOTS_ENV = "DEADTABLE_EXTRA_ROOTS"

_extra: list[Path] = []


class OutsideRootsError(ValueError):
    """A path written in a file that leads outside the folders it may name; ``what`` says why."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


def _real(folder: str | os.PathLike[str]) -> Path:
    return Path(os.path.realpath(folder))


def extra_roots() -> tuple[Path, ...]:
    """Content roots added by ``--allow-root``, the environment or ``allowed``."""
    from_env = [Path(part) for part in os.environ.get(EXTRA_ROOTS_ENV, "").split(os.pathsep) if part.strip()]
    return tuple(dict.fromkeys(_real(folder) for folder in (*from_env, *_extra)))


def content_roots() -> tuple[Path, ...]:
    """Where maps, missions, tilesets and images may be read from."""
    return tuple(dict.fromkeys((_real(SHIPPED_MAPS), _real(SHIPPED_ASSETS), _real(USER_MAPS), *extra_roots())))


def save_roots(save_file: str | os.PathLike[str]) -> tuple[Path, ...]:
    """Where a link written in ``save_file`` may point: its own folder, or the save folder."""
    return tuple(dict.fromkeys((_real(Path(save_file).parent), _real(DEFAULT_SAVE_DIR))))


def add_root(folder: str | os.PathLike[str]) -> None:
    """Allow content from ``folder`` for the rest of this process (``main.py --allow-root``)."""
    _extra.append(_real(folder))


@contextmanager
def allowed(*folders: str | os.PathLike[str]) -> Iterator[None]:
    """Allow content from ``folders`` inside the ``with`` block."""
    added = [_real(folder) for folder in folders]
    _extra.extend(added)
    try:
        yield
    finally:
        for folder in added:
            _extra.remove(folder)


def shown(root: Path) -> str:
    """A root as messages show it: relative to the repository when inside it."""
    try:
        return root.relative_to(_real(REPO_ROOT)).as_posix() + "/"
    except ValueError:
        return str(root)


def check_text(text: str, what: str) -> None:
    """A path as written in a file: not empty, no NUL byte, not absurdly long."""
    if not text:
        raise OutsideRootsError(f"{what} is empty")
    if "\x00" in text:
        raise OutsideRootsError(f"{what} holds a NUL character")
    if len(text) > MAX_PATH_CHARS:
        raise OutsideRootsError(f"{what} is {len(text)} characters long (at most {MAX_PATH_CHARS})")


def confine(text: str, base: str | os.PathLike[str], roots: Sequence[Path], what: str) -> Path:
    """The real path ``text`` (relative to ``base`` unless absolute) names, when it lies inside one
    of ``roots``; raises OutsideRootsError naming the path and the allowed folders otherwise."""
    check_text(text, what)
    try:
        resolved = Path(os.path.realpath(Path(base) / text))
    except (OSError, ValueError) as error:
        raise OutsideRootsError(f"{what} '{text}' cannot be used ({error})") from None
    if any(resolved == root or resolved.is_relative_to(root) for root in roots):
        return resolved
    allowed_text = ", ".join(shown(root) for root in roots)
    raise OutsideRootsError(f"{what} '{text}' lies outside the folders it may name ({allowed_text})")


def confine_content(text: str, base: str | os.PathLike[str], what: str) -> Path:
    """A map, mission, tileset or image path written in a file (see ``content_roots``)."""
    return confine(text, base, content_roots(), what)


def locate_beside(text: str, owner: str | os.PathLike[str], what: str) -> Path | None:
    """The file ``text`` names in ``owner`` (a scenario file): beside the owner, else from the
    repository's top; None when neither exists. Either way it must lie in the content roots or the
    owner's own folder, else OutsideRootsError."""
    folder = Path(owner).parent
    roots = (*content_roots(), _real(folder))
    candidates = [confine(text, base, roots, what) for base in (folder, REPO_ROOT)]
    return next((path for path in candidates if path.exists()), None)
