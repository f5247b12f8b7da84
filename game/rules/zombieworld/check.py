"""``main.py check FILE...``: read Zombieworld campaign and band files as the game reads them and
say, one line each, whether they can be used (and if not, the file, the place and why). Exit status
1 when any file cannot be used, 2 on bad usage."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from game.i18n import N_
from game.jsonfile import JsonReadError, read_json
from game.rules.zombieworld.band import load_band
from game.rules.zombieworld.campaign import CampaignError, load_campaign
from game.rules.zombieworld.catalog import load_catalog

USAGE = "usage: main.py check CAMPAIGN_OR_BAND.json..."


def kind_of(path: str | Path) -> str:
    """"campaign", "band" or "" for a file that is neither (read as little as the limits allow)."""
    target = Path(path)
    if target.suffix.lower() != ".json" or not target.is_file():
        return ""
    try:
        data = read_json(target, N_("file"))
    except JsonReadError:
        parent = target.parent.name
        return "campaign" if parent == "campaigns" else "band" if parent == "bands" else ""
    if isinstance(data, dict) and "bands" in data and "games" in data:
        return "campaign"
    if isinstance(data, dict) and "members" in data:
        return "band"
    return ""


def claims(path: str | Path) -> bool:
    """A campaign or band file (by its content, or by the folder it sits in when it cannot be read)."""
    return bool(kind_of(path))


def run_cli(argv: Sequence[str], out: Callable[[str], None] | None = None,
            err: Callable[[str], None] | None = None) -> int:
    """What each file is (on ``out``), or why it cannot be used (one line on ``err``)."""
    write = out or (lambda line: print(line, file=sys.stdout))
    problem = err or (lambda line: print(line, file=sys.stderr))
    paths = [arg for arg in argv if not arg.startswith("-")]
    if not paths or len(paths) != len(argv):
        write(USAGE)
        return 2
    catalog = load_catalog()
    status = 0
    for name in paths:
        path = Path(name)
        if not path.is_file():
            problem(f"{path}: no such file")
            status = 1
            continue
        kind = kind_of(path) or ("campaign" if "campaign" in path.name else "band")
        try:
            if kind == "campaign":
                campaign = load_campaign(path, catalog)
                games = f"{campaign.games} game{'s' if campaign.games != 1 else ''}"
                write(f"{path}: a campaign, {campaign.name!r}, {games}, {len(campaign.bands)} bands")
            else:
                band = load_band(path, catalog)
                write(f"{path}: a band, {band.name!r}, {len(band.members)} members")
        except (CampaignError, ValueError) as error:
            problem(str(error))
            status = 1
    return status
