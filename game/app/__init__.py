"""The pygame-ce application: scenes, input, sprites, tweens.  Only this package imports pygame."""
