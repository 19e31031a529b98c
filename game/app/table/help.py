"""Help at the table: what a card, spell, character or piece does, in one line with its picture.

Hover a thing for ``HOVER_SECONDS`` of table time (or press H: the hand's keyboard focus, else
the thing under the pointer) and a tip shows near it, kept on the screen and clear of the thing
itself.  A mixin of :class:`~game.app.table.scene.TableScene`; the kit calls ``help_update`` in
``update``, ``help_handle`` in ``handle`` and ``draw_help`` in ``draw`` (which only paints).

A game gives two hooks, usually from its ``<game>_help`` data module:

* ``help_line(face)``: the line for a card face the viewer sees (their hand, a face-up card);
* ``help_spots()``: the things on the table it can explain now, topmost first, as
  :class:`HelpSpot` values (a face-down card the viewer may not see gets "a face-down card" at
  most, never its face; a private one is marked ``private`` and shows only while ``may_see()``).

Privacy is kept twice: the spots never name what the viewer may not see, and the kit shows
nothing behind the hot-seat curtain, nothing private on a hidden screen, and no hand card
while the hand is face down.
"""
from __future__ import annotations

from typing import Hashable, NamedTuple

import pygame

from game.core.i18n import _, ngettext
from .. import input as inp
from .. import theme as T
from .. import transcript
from ..cards import card_size
from ..widgets import panel, text, wrap

#: seconds the pointer rests on a thing before its tip shows (table time)
HOVER_SECONDS = 0.6
#: while the pointer rests, what is under it is looked up again this often (table seconds): the
#: hit tests of a 20-seat table cost ~0.17 ms, too much for every idle frame
RECHECK_SECONDS = 0.1
TIP_TEXT = 16          # the tip's words, in layout px (never smaller: a long translation takes two lines)
TIP_ART = 44           # a card's picture in the tip, its width in layout px
TIP_MAX_W = 820        # the widest tip (layout px); every English line fits on one line (tests check)
#: a tip with no clear room for its one wide line: its words alone, (width, lines at most)
TIP_COMPACT = ((440, 2), (300, 3))
SCREEN = pygame.Rect(6, 50, 1268, 664)     # where a tip may go (below the top bar)


class HelpSpot(NamedTuple):
    """One thing the pointer can ask about: ``key`` names it (the timer restarts when the key
    under the pointer changes), ``rect`` is where it is (layout units: the hit test, and where
    the tip must not go), ``art`` its picture (``("face", name)``, ``("back", kind)``,
    ``("token",)``, ``("piece", name)`` or None) and ``line`` the one line that says what it does;
    ``private``: the viewer's own knowledge (shown only while ``may_see()``)."""
    key: Hashable
    rect: pygame.Rect
    art: tuple | None
    line: str
    private: bool = False


def card_rect(center, width: float) -> pygame.Rect:
    """The layout rect of an upright card of ``width`` centred at ``center``."""
    w, h = width, width * 1.4
    return pygame.Rect(round(center[0] - w / 2), round(center[1] - h / 2), round(w), round(h))


def face_down() -> str:
    """The most a tip says of a card the viewer may not see."""
    return _("A face-down card.")


class TableHelp:
    # (the game's hooks, ``help_line``, ``help_spots`` and ``help_focused``, are its table object's)
    # -------------------------------------------------------------- what is pointed at
    def help_blocked(self) -> bool:
        """No tip now: the curtain, a drag, a score sheet, the celebration or a game's modal panel
        (``aid_open``: Death's aid) is up.  (A choice panel only narrows what has a tip:
        ``choice_spots``, and the hand outside the panel.)"""
        d = self.drag
        return (self.curtain_for is not None or (d is not None and d.active)
                or self.sheet is not None or self.celebrate_t >= 0 or getattr(self.table, "aid_open", False))

    def choice_spots(self) -> list[HelpSpot]:
        """While a choice panel is up: its tiles that stand for a card face (a tile with a
        ``help_face``, MasterBluff's families), each with that face's line."""
        ch = self.choice
        out = []
        for b in (ch.buttons if ch is not None else ()):
            face = getattr(b, "help_face", None)
            line = self.table.help_line(face) if face else None
            if line:
                out.append(HelpSpot(("tile", face), pygame.Rect(b.rect), ("face", face), line))
        return out

    def hand_spot(self, key) -> HelpSpot | None:
        """The tip of the viewer's hand card ``key`` (never while the hand is face down or hidden)."""
        if key is None or not self.hand.faces_up or not self.may_see() or key not in self.hand.keys():
            return None
        face = self.hand.face(key)
        line = self.table.help_line(face)
        s = self.hand.sprites.get(key)
        if not line or s is None:
            return None
        w, h = self.hand.width, self.hand.width * 1.4
        r = pygame.Rect(0, 0, round(w * 1.1), round(h * 1.1))      # room for the fan's slant
        r.center = (round(s.pos[0]), round(s.pos[1]))
        return HelpSpot(("hand", key, face), r, ("face", face), line, private=True)

    def flyer_spots(self) -> list[HelpSpot]:
        """Cards lying face up as landed flyers (a bluff's revealed cards): what is drawn, no more."""
        out = []
        for k, f in enumerate(self.flyers):
            if f.kind != "card" or not f.persist or not f.landed or not f.done:
                continue
            (x, y), w, squash, fam, alpha = f.pose()
            line = self.table.help_line(fam) if fam and squash > 0.9 and alpha > 200 else None
            if line:
                out.append(HelpSpot(("flyer", k, fam), card_rect((x, y), w), ("face", fam), line))
        return out[::-1]

    def hand_back_spots(self) -> list[HelpSpot]:
        """Each opponent's fanned hand of backs: how many cards, never which."""
        out = []
        for seat in range(self.n):
            count = self.table.seat_cards(seat)
            if self.pos_of(seat) != self.big_pos and count:
                words = ngettext("{name} holds {n} card, face down.", "{name} holds {n} cards, face down.",
                                 count).format(name=self.name(seat), n=count)
                out.append(HelpSpot(("backs", seat, count), self.zone(seat, "hand"), ("back",), words))
        return out

    def help_spot_at(self, p) -> HelpSpot | None:
        """The thing under the layout point ``p`` that has a tip now, or None."""
        if self.help_blocked():
            return None
        if self.choice is not None:           # a choice panel: its card tiles, and the hand outside it
            spot = next((s for s in self.choice_spots() if s.rect.collidepoint(p)), None)
            if spot is not None or self.layout.overlay("picker").collidepoint(p):
                return spot
            return self.hand_spot(self.hand.card_at(p))
        if any(r.collidepoint(p) for r in self.help_covers()):
            return None
        spot = self.hand_spot(self.hand.card_at(p))
        if spot is not None:
            return spot
        games = list(self.table.help_spots())
        zoom = getattr(self, "zoom", None)
        if zoom is not None:                   # the public table's larger middle, where it is drawn
            games = [s._replace(rect=zoom.rect(s.rect)) for s in games]
        for s in self.flyer_spots() + games + self.hand_back_spots():
            if s.rect.collidepoint(p) and (not s.private or self.may_see()):
                return s
        return None

    def help_covers(self) -> list[pygame.Rect]:
        """Where no tip is looked up: what a person may press (``widget_rects``), but not a
        lesson's lit targets as such (a lesson says "point at a spell to read it" while it
        lights the spells; a lit button stays a button)."""
        rects = list(self.widget_rects())
        lesson = getattr(self, "lesson", None)
        if lesson is not None and not lesson.released and not lesson.recap_open:
            for r in lesson.lit_rects():
                if r in rects:
                    rects.remove(r)              # one copy: a lit answer button is still listed
        return rects

    def help_focus_spot(self) -> HelpSpot | None:
        """H: the hand's keyboard focus (or the game's own), else the thing under the pointer."""
        if self.help_blocked():
            return None
        return self.keyboard_spot() or self.help_spot_at(self.mouse)

    def keyboard_spot(self) -> HelpSpot | None:
        if self.choice is not None:
            return None                       # a choice panel: H explains what the pointer is on
        key = self.hand.focused()
        if key is None and len(self.hand.cards) == 1:
            key = self.hand.cards[0][0]           # a lone card is the focused one (Death's hand)
        spot = self.hand_spot(key) or self.table.help_focused()
        return spot if spot is None or not spot.private or self.may_see() else None

    # -------------------------------------------------------------- timer and keys (never in draw)
    def _help_state(self) -> dict:
        st = self.__dict__.get("_help")
        if st is None:
            st = self.__dict__["_help"] = {"key": None, "since": 0.0, "spot": None, "pinned": None,
                                           "under": None, "at": None, "checked": -1e9, "clicked": None,
                                           "pointer_last": False}
        return st

    def help_update(self, dt: float) -> None:
        """Advance the hover timer: the tip shows once the same thing has been under the pointer
        for ``HOVER_SECONDS``; an H tip stays until it no longer applies."""
        st = self._help_state()
        pinned = st["pinned"]
        if pinned is not None:
            now = self.help_focus_spot() if pinned == "focus" else self.help_spot_at(self.mouse)
            if now is not None and (pinned == "focus" or now.key == st["spot"].key):
                st["spot"] = now
                return
            st["pinned"] = st["spot"] = None          # it no longer applies: back to hovering
        if self.mouse != st["at"] or self.time - st["checked"] >= RECHECK_SECONDS - 1e-9:
            st["under"], st["at"], st["checked"] = self.help_spot_at(self.mouse), self.mouse, self.time
        spot = st["under"]
        key = None if spot is None else spot.key
        if key != st["key"]:
            st["key"], st["since"] = key, self.time
        if st["clicked"] is not None and st["clicked"] != key:
            st["clicked"] = None                          # the pointer moved on to something else
        st["spot"] = spot if spot is not None and key != st["clicked"] \
            and self.time - st["since"] >= HOVER_SECONDS - 1e-9 else None

    def help_handle(self, ev: inp.InputEvent) -> bool:
        """H shows at once the tip of the thing pointed at when the pointer moved last (after
        the last key), else of the focused card (or, without one, the thing pointed at); a
        press, a key or the pointer moving on hides a tip.  True when the event was H."""
        st = self._help_state()
        if ev.is_key(pygame.K_h) and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META) \
                and not self.help_blocked():
            if st["pinned"] is not None:
                st["pinned"] = st["spot"] = None         # H again: hide it
                return True
            pointed = self.help_spot_at(self.mouse) if st["pointer_last"] else None
            focused = None if pointed is not None else self.keyboard_spot()
            spot = pointed or focused or self.help_focus_spot()
            if spot is not None:
                st["pinned"], st["spot"] = ("focus" if focused is not None else "pointer"), spot
            return True
        if ev.kind == inp.MOVE:
            st["pointer_last"] = True                    # H: what the pointer is on, if anything
        elif ev.kind == inp.KEY:
            st["pointer_last"] = False                   # H: the keyboard's focus first
        if ev.kind in (inp.DOWN, inp.KEY, inp.WHEEL):
            st["pinned"] = st["spot"] = None
            st["since"], st["at"] = self.time, None      # a click restarts the wait (and looks again)
            if ev.kind == inp.DOWN:
                st["clicked"] = st["key"]                # what was clicked shows no tip until left
        elif ev.kind == inp.MOVE and st["pinned"] == "focus":
            st["pinned"] = st["spot"] = None
        return False

    def help_shown(self) -> HelpSpot | None:
        """The tip on show now (what ``draw_help`` paints), or None."""
        st = self._help_state()
        spot = st["spot"]
        if spot is None or self.curtain_for is not None or (spot.private and not self.may_see()):
            return None
        if st["pinned"] is None:
            # a hover tip says what is under the pointer as drawn now: when that changed since
            # it was looked up (a card landed in a hand of backs), it is gone until the pointer
            # rests again, never "Ana holds 5 cards" over a fan of 4 (issue 28, the public table)
            now = self.help_spot_at(self.mouse)
            if now is None or now.key != spot.key:
                return None
        return spot

    # -------------------------------------------------------------- drawing (only paints)
    def help_art(self, art: tuple | None) -> pygame.Surface | None:
        a = self.app
        if art is None:
            return None
        kind = art[0]
        if kind == "face":
            return a.cards.face(art[1], card_size(a.view.s * TIP_ART))
        if kind == "back":
            return a.cards.back(card_size(a.view.s * TIP_ART), art[1] if len(art) > 1 else "")
        if kind == "token":
            return a.cards.token(a.view.n(TIP_ART))
        if kind == "piece":
            return a.cards.piece(art[1], a.view.n(TIP_ART))
        return None

    def help_lines(self, spot: HelpSpot, compact: int = 0) -> list[str]:
        """The tip's words: one line (a translation too long for it wraps to two, never smaller);
        ``compact`` (no room for the wide tip anywhere clear): 1 or 2, a ``TIP_COMPACT`` shape."""
        if compact:
            width, most = TIP_COMPACT[int(compact) - 1]
            return wrap(self.app, spot.line, TIP_TEXT, width - 28)[:most]
        room = TIP_MAX_W - 28 - (TIP_ART + 12 if spot.art is not None else 0)
        return wrap(self.app, spot.line, TIP_TEXT, room)[:2]

    def help_size(self, spot: HelpSpot, compact: int = 0) -> tuple[int, int]:
        """The tip's size (layout units): its words, and its picture when it has one (a compact
        tip: the words alone)."""
        lines = self.help_lines(spot, compact)
        has_art = spot.art is not None and not compact
        tw = max(self._text_w(ln, TIP_TEXT) for ln in lines)
        w = round(tw + 28 + (TIP_ART + 12 if has_art else 0))
        h = max(round(TIP_ART * 1.4 + 16) if has_art else 0, len(lines) * 22 + 18)
        return w, h

    def help_rect(self, spot: HelpSpot) -> pygame.Rect | None:
        """Where the tip of ``spot`` goes (layout units): above the thing, else below, right or
        left of it, on the screen, clear of the thing itself, of what may be pressed and of
        every readable region (the kit's rule, ``overlay.py``); else the nearest clear place,
        then the same with its words alone on narrower lines; None where nothing is clear (the
        tip waits rather than cover what the player reads)."""
        regions, press, placed = self.overlay_base()
        return self._tip_plan(spot, regions, press, placed)[0]

    def draw_help(self, surf: pygame.Surface, plan=None) -> None:
        plan = plan or self.overlay_plan()
        if plan.tip is None or plan.tip[1] is None:
            return
        spot, r, compact = plan.tip
        a = self.app
        with transcript.layer(surf, "tooltip", [a.view.rect(r)], [a.view.rect(spot.rect)]):
            panel(surf, a, r, (10, 22, 16, 255), radius=10, border=(*T.GOLD, 220), width=2)
            x = r.x + 14
            img = None if compact else self.help_art(spot.art)
            if img is not None:
                surf.blit(img, img.get_rect(center=a.view.pt(x + TIP_ART / 2, r.centery)))
                x += TIP_ART + 12
            lines = self.help_lines(spot, compact)
            for k, ln in enumerate(lines):
                text(surf, a, ln, (x, r.centery + (k - (len(lines) - 1) / 2) * 22), TIP_TEXT, T.TEXT,
                     anchor="midleft")
