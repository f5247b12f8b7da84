"""Reading a JSON document from disk, every failure told in words a player understands."""

from __future__ import annotations

import json
import os
from pathlib import Path


class JsonReadError(Exception):
    """A JSON file that cannot be read or parsed; ``what`` says why (the caller names the file)."""

    def __init__(self, what: str):
        self.what = what
        super().__init__(what)


def read_json(path: str | os.PathLike[str], document: str) -> object:
    """The parsed content of ``path``; ``document`` names it in messages ("save file", "token manifest")."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise JsonReadError(f"no such {document}") from error
    except UnicodeDecodeError as error:
        raise JsonReadError(f"not a Deadtable {document} (the file is not UTF-8 text)") from error
    except OSError as error:
        raise JsonReadError(f"could not read the file ({error.strerror or error})") from error
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonReadError(
            f"corrupt {document}: invalid JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from error
