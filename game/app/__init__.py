"""The pygame-ce application: scenes, input, sprites, tweens.  Only this package imports pygame."""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
