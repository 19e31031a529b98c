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
def harness_at(home):
    """A maker of headless apps at 1280x720 in the test's home folder: ``harness_at("normal")``
    for a test that needs the animations' timing; each is closed after the test."""
    from game.app.headless import HeadlessApp

    made = []

    def make(speed: str = "off"):
        made.append(HeadlessApp(size=(1280, 720), speed=speed, home=str(home)))
        return made[-1]
    yield make
    for h in made:
        h.close()


@pytest.fixture
def harness(harness_at):
    return harness_at("off")


@pytest.fixture
def rec():
    """The screen transcript (game/app/transcript.py) for the test: every drawn frame's items."""
    from game.app import transcript

    r = transcript.start()
    yield r
    transcript.stop()
