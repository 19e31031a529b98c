"""Phones as private hands (issue 28): a small local server the app owns while a table has
phone seats, the page it serves, the join code and QR matrix, and the one seat view.

Layering: this package sits beside ``game.ai``, below ``game.app``: it reads ``game.core`` and
``game.match`` only, never pygame and never the app.  Nothing here is imported at start-up;
the app imports :mod:`game.phones.host` only when a phone seat is chosen.  Importing this
package itself imports nothing (the server needs the ``websockets`` package, the QR code
``segno``; each is imported by the module that needs it)."""
