"""The user data folder: CROWNTABLE_HOME, else platformdirs."""
from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

from game.app.resources import user_dir


def test_crowntable_home_overrides(monkeypatch, tmp_path):
    monkeypatch.setenv("CROWNTABLE_HOME", str(tmp_path / "h"))
    assert user_dir() == tmp_path / "h"


def test_platformdirs_gives_the_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("CROWNTABLE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    expected = Path(platformdirs.user_data_dir("crowntable", appauthor=False, roaming=True))
    assert user_dir() == expected
    if sys.platform.startswith("linux"):                                    # XDG honoured, as before
        assert expected == tmp_path / "xdg" / "crowntable"
    from game.app.settings import settings_path

    assert settings_path().parent == expected
