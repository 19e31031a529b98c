"""Finding assets in a source checkout or a PyInstaller bundle (sys._MEIPASS)."""
from __future__ import annotations

import os
import sys
from pathlib import Path


def root() -> Path:
    """The folder holding ``assets/``: the PyInstaller bundle, the source
    checkout (or editable install), or ``<prefix>/share/crowntable`` for a wheel."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "assets").is_dir():
        return checkout
    for prefix in (sys.prefix, sys.base_prefix):
        shared = Path(prefix) / "share" / "crowntable"
        if (shared / "assets").is_dir():
            return shared
    return checkout


def asset(*parts: str) -> Path:
    return root().joinpath("assets", *parts)


APP_NAME = "crowntable"


def user_dir() -> Path:
    """Where settings and saves live: ``CROWNTABLE_HOME`` when set, else the
    platform's user data folder from platformdirs (``~/.local/share/crowntable``
    or ``$XDG_DATA_HOME/crowntable`` on Linux, ``~/Library/Application Support/
    crowntable`` on macOS, ``%APPDATA%\\crowntable`` on Windows)."""
    env = os.environ.get("CROWNTABLE_HOME")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False, roaming=True))
