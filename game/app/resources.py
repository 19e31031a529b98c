"""Finding assets in a source checkout or a PyInstaller bundle (sys._MEIPASS)."""
from __future__ import annotations

import os
import sys
from pathlib import Path


def root() -> Path:
    """The folder holding ``assets/``: ``CROWNTABLE_ASSETS_ROOT`` when set (tests use it to run
    the app on a damaged copy of the assets), else the PyInstaller bundle, the source checkout
    (or editable install), or ``<prefix>/share/crowntable`` for a wheel."""
    override = os.environ.get("CROWNTABLE_ASSETS_ROOT")
    if override:
        return Path(override)
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


class AssetError(Exception):
    """A shipped file (font, card art, layout) is missing or cannot be read.  ``name`` is its
    path inside the install ("assets/cards/death/king.svg"); ``missing`` tells a missing file
    from a damaged one; ``detail`` is the loader's own words (untranslated, for the log and the
    message's small print).  Every loader raises this one type, so the app can say which file
    is broken instead of showing a traceback."""

    def __init__(self, path, detail: str = "", missing: bool = False):
        self.path = Path(path)
        self.name = asset_name(path)
        self.missing = missing
        self.detail = detail
        super().__init__(f"{self.name}: {'missing' if missing else 'damaged'}" + (f" ({detail})" if detail else ""))

    def message(self) -> str:
        """One sentence naming the file, in the user's language."""
        from game.core.i18n import _

        if self.missing:
            return _("The file {name} is missing.").format(name=self.name)
        return _("The file {name} is damaged and cannot be read.").format(name=self.name)


def asset_name(path) -> str:
    """``path`` relative to the install (``root()``), with forward slashes, for messages."""
    p = Path(path)
    try:
        return p.resolve().relative_to(root().resolve()).as_posix()
    except (ValueError, OSError):
        return p.as_posix()


def asset_error(path, exc: BaseException) -> AssetError:
    """The :class:`AssetError` for a loader's exception ``exc`` on ``path``."""
    if isinstance(exc, FileNotFoundError) or not Path(path).is_file():
        return AssetError(path, missing=True)
    return AssetError(path, str(exc) or type(exc).__name__)


def load_svg(path, size: tuple[int, int]):
    """``path`` rasterised at ``size`` (pygame.image.load_sized_svg), or :class:`AssetError`.
    A damaged SVG may come back as an empty (all transparent) surface instead of an error:
    that counts as damaged too, since every shipped SVG draws something."""
    import pygame

    try:
        img = pygame.image.load_sized_svg(str(path), size)
    except (pygame.error, OSError, ValueError) as exc:
        raise asset_error(path, exc) from None
    if img.get_width() == 0 or img.get_height() == 0 or img.get_bounding_rect().width == 0:
        raise AssetError(path, "it draws nothing: cut short or empty")
    return img


def load_font(path, px: int):
    """The font file ``path`` at ``px`` pixels (pygame.font.Font), or :class:`AssetError` (a
    missing file, or one that does not measure text)."""
    import pygame

    try:
        font = pygame.font.Font(str(path), px)
        font.size("Ag")              # a damaged file may open and fail only when it is used
    except (pygame.error, OSError, ValueError) as exc:
        raise asset_error(path, exc) from None
    return font


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
