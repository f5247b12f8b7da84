"""Invader's tests use the Zombicide tests' helpers (``playouts``) one folder up."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:
    sys.path.insert(0, str(HERE.parent))
