"""Deadtable: ``python main.py --help`` says what it opens. The launcher is ``game/launch.py``: Python
keeps a module compiled between launches, but compiles a script again every time."""

import sys

from game.launch import main

if __name__ == "__main__":
    sys.exit(main())
