"""User settings, persisted as JSON in user_dir()/settings.json (atomic writes).

A damaged file never crashes the app: defaults are used and ``message`` says
what happened, for the menu to show.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.i18n import LANGUAGES, SHIPPED, SOURCE, _, system_language
from game.core.quote import quoted
from game.match import RecordError, read_json, write_json_atomic
from .resources import user_dir

SPEEDS = ("off", "fast", "normal", "slow")
#: speed -> (animation time scale, seconds between AI actions)
PACING = {"off": (0.0, 0.0), "fast": (0.5, 0.25), "normal": (1.0, 0.6), "slow": (1.6, 1.2)}


def first_language() -> str:
    """The language of a first start: the system's (its locale), when it ships; else English."""
    return system_language(choices=SHIPPED)


def settings_path() -> Path:
    return user_dir() / "settings.json"


@dataclass
class Settings:
    speed: str = "normal"
    fullscreen: bool = False
    sound: bool = True
    memory_aid: bool = False     # King Thief Minister: mark what you saw (RULINGS.md section 2, "Memory")
    message: str | None = None   # set when the file could not be read
    explain_ai: bool = True      # the "why?" line after an AI seat's move (game.ai.why)
    #: the screens' language (one of ``game.core.i18n.SHIPPED``); a first start takes the system's
    language: str = SOURCE

    def to_json(self) -> dict:
        return {"speed": self.speed, "fullscreen": self.fullscreen, "sound": self.sound,
                "memory_aid": self.memory_aid, "explain_ai": self.explain_ai, "language": self.language}

    @staticmethod
    def load(path: Path | None = None) -> "Settings":
        path = path or settings_path()
        if not path.exists():
            return Settings(language=first_language())
        try:
            data = read_json(path)
            if not isinstance(data, dict):
                raise RecordError(_("settings.json must hold a JSON object"))
            speed = data.get("speed", "normal")
            if speed not in SPEEDS:
                raise RecordError(_("unknown speed {speed}").format(speed=quoted(speed)))
            full = data.get("fullscreen", False)
            if not isinstance(full, bool):
                raise RecordError(_("'fullscreen' must be true or false"))
            sound = data.get("sound", True)
            if not isinstance(sound, bool):
                raise RecordError(_("'sound' must be true or false"))
            aid = data.get("memory_aid", False)
            if not isinstance(aid, bool):
                raise RecordError(_("'memory_aid' must be true or false"))
            why = data.get("explain_ai", True)            # a file from before the setting: on
            if not isinstance(why, bool):
                raise RecordError(_("'explain_ai' must be true or false"))
        except RecordError as exc:
            return Settings(message=_("Settings were reset to defaults: {reason}").format(reason=exc))
        lang = data.get("language")
        if lang is None:                                  # a file from before the setting: the system's
            return Settings(speed, full, sound, aid, explain_ai=why, language=first_language())
        if isinstance(lang, str) and lang in SHIPPED:
            return Settings(speed, full, sound, aid, explain_ai=why, language=lang)
        # an unknown language (or one whose catalogue does not ship): English; the rest is kept
        shown = LANGUAGES.get(lang, lang) if isinstance(lang, str) else lang
        return Settings(speed, full, sound, aid, explain_ai=why, language=SOURCE,
                        message=_("The language {language} in the settings is not available here, so "
                                  "Crown Table speaks English.").format(language=quoted(shown)))

    def save(self, path: Path | None = None) -> str | None:
        """Write atomically; returns an error message instead of raising."""
        try:
            write_json_atomic(path or settings_path(), self.to_json())
        except OSError as exc:
            return _("Could not save the settings in {path}: {reason}").format(
                path=path or settings_path(), reason=exc.strerror or exc)
        return None

    def pacing(self) -> tuple[float, float]:
        return PACING.get(self.speed, PACING["normal"])
