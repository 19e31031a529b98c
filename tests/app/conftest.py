"""Fixtures for the app tests: a windowless App (SDL dummy driver) in a temp home."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CROWNTABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def harness(home):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    yield h
    h.close()
