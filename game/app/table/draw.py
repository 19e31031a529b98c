"""The kit's drawing (a mixin of TableScene).  ``draw`` only paints: no state changes.

Layers: the cached background (felt, the table ring and the game's static
marks), seat plates with opponents' fanned backs, the game's centre, the
status line and the log, the viewer's hand, the celebration's confetti (off the
readable regions, under everything after it), the game's overlays, flyers, the
dragged cards or piece, answer buttons, the top bar, a choice panel, the
celebration, and the hot-seat curtain (opaque) on top of everything.
"""
from __future__ import annotations

import math
import random

import pygame

from game.core.i18n import _, ngettext
from .. import theme as T
from .. import transcript
from ..cards import card_size
from ..seating import has_rtl
from ..sprites import OPP_W, TABLE_W, draw_card, fan
from ..widgets import confetti, fit_text, message_box, panel, text, wrap

TONES = {"call": T.OKABE["orange"], "true": (120, 230, 180), "false": (255, 170, 90), "": T.TEXT}
LOG_ROW = 22
PUBLIC_STATUS = 22       # the status line's size at the public table, read from across the room
PUBLIC_LOG = (18, 25)    # the table log's words and rows at the public table


def ellipsize(ctx, s: str, size: float, width: float, bold: bool = False, keep_tail: bool = False) -> str:
    """``s`` cut with "…" to fit ``width``.  ``keep_tail`` cuts in the middle and keeps the end
    of a name ("Player 12" -> "Pl…12"): names that differ only in their end (the numbered
    "Player 2", "Player 3" of a hot-seat table) stay told apart."""
    font = ctx.fonts.get(ctx.view.n(size), bold)
    maxw = ctx.view.n(width)
    if font.size(s)[0] <= maxw:
        return s
    tail = ""
    if keep_tail and not has_rtl(s):          # right to left (drawn in stored order): cut at the logical end
        last = s.split()[-1] if len(s.split()) > 1 else ""
        tail = last if 0 < len(last) <= 3 else s[-2:].strip()
        s = s[:len(s) - len(tail)].rstrip()
    while s and font.size(s + "…" + tail)[0] > maxw:
        s = s[:-1]
    if transcript.RECORDER is not None:
        transcript.CUT.add(s + "…" + tail)
    return s + "…" + tail


class TableDraw:
    # (the game's drawing hooks, ``draw_marks``, ``draw_centre``, ``draw_seat_extras``,
    # ``draw_overlays``, ``draw_piece_drag``, are its table object's: ``game_table.GameTable``)
    #: the table log's words and rows (the public table's are larger: ``TableScene._seating``)
    log_px, log_row = 16, LOG_ROW
    # -------------------------------------------------------------- cached layers
    def _background(self, surf: pygame.Surface) -> pygame.Surface:
        key = (surf.get_size(), self.n)
        cache = getattr(self, "_bg_cache", None)
        if cache and cache[0] == key:
            return cache[1]
        bg = T.felt(surf.get_size()).copy()
        v = self.app.view
        ring = pygame.Surface(bg.get_size(), pygame.SRCALPHA)
        if self.table.ring_mark:
            pygame.draw.ellipse(ring, (255, 255, 255, 18), v.rect((150, 90, 980, 460)), max(1, v.n(3)))
        self.table.draw_marks(ring)
        bg.blit(ring, (0, 0))
        self._bg_cache = (key, bg)
        return bg

    def _fan_surface(self, count: int, zone: pygame.Rect) -> pygame.Surface:
        """An opponent's fanned backs, cached per (count, size)."""
        v = self.app.view
        art = self.app.cards
        width = min(OPP_W, zone.h / 1.4 * 0.95)

        def make():
            r = v.rect(zone)
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            local = pygame.Rect(0, 0, zone.w, zone.h)
            poses = fan(count, local, width, max_angle=10, arc=8, max_step=width * 0.4)
            size = card_size(v.s * width)
            for x, y, a in poses:
                img = art.rotated(("back", size), a)
                sh = art.shadow(img.get_size(), blur=2, alpha=60)
                c = (round(x * v.s), round(y * v.s))
                s.blit(sh, sh.get_rect(center=(c[0] + 2, c[1] + 2)))
                s.blit(img, img.get_rect(center=c))
            return s
        return art._get(("fan", count, zone.size, round(v.s, 4)), make)

    def stack_surface(self, count: int, width: float = TABLE_W) -> pygame.Surface:
        """A small untidy stack of card backs (a deck or a face-down pile), cached."""
        v, art, k = self.app.view, self.app.cards, min(count, 9)

        def make():
            w, h = card_size(v.s * width)
            pad = round(w * 0.5)
            s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
            rnd = random.Random(11)
            for i in range(k):
                img = art.rotated(("back", (w, h)), rnd.uniform(-9, 9))
                c = (s.get_width() // 2 + round(rnd.uniform(-4, 4) * v.s),
                     s.get_height() // 2 + round(rnd.uniform(-4, 4) * v.s) - i)
                sh = art.shadow(img.get_size(), blur=3, alpha=50)
                s.blit(sh, sh.get_rect(center=(c[0] + 2, c[1] + 3)))
                s.blit(img, img.get_rect(center=c))
            return s
        return art._get(("stack", k, round(width), round(v.s, 4)), make)

    def draw_stack(self, surf: pygame.Surface, count: int, center, label: str | None = None,
                   width: float = TABLE_W) -> None:
        """A stack of ``count`` backs at ``center`` with an optional count pill under it."""
        a = self.app
        if count > 0:
            s = self.stack_surface(count, width)
            surf.blit(s, s.get_rect(center=a.view.pt(*center)))
        if label:
            pill = pygame.Rect(0, 0, 92, 26)
            pill.midtop = (center[0], center[1] + width * 0.7 - 14)
            panel(surf, a, pill, (10, 22, 16, 230), radius=13, border=(255, 255, 255, 80))
            text(surf, a, label, pill.center, 16, T.TEXT, anchor="center")

    # -------------------------------------------------------------- main
    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(self._background(surf), (0, 0))
        for seat in range(self.n):
            self.draw_seat(surf, seat)
        if self.privacy.public:
            self.draw_seat_colours(surf)
        thinking = getattr(self.pacer, "thinking", None)
        if thinking is not None:                  # over every plate's own pieces
            self.draw_thinking(surf, self.zone(thinking, "name"))
        self.table.draw_centre(surf)
        self.draw_status(surf)
        self.draw_log(surf)
        self.draw_hand(surf)
        if self.reveal is not None:
            self.draw_reveal(surf)
        if self.sheet is not None:
            self.draw_sheet(surf)
        if self.celebrate_t >= 0:                 # under every overlay and button, off the readable regions
            self.draw_confetti(surf)
        self.table.draw_overlays(surf)
        plan = self.overlay_plan()                # every overlay placed by the kit's rule (overlay.py)
        self.draw_why(surf, plan)
        self.draw_plate_tip(surf, plan)
        for f in self.flyers:
            f.draw(surf, self.app)
        if self.flyers_meet(self.layout.shared("status")):
            self.draw_status(surf)                # flights pass under the status line's words
        self.draw_drag(surf)
        for b in self.answers:
            b.draw(surf, self.app)
        for b in self.top_buttons:
            b.draw(surf, self.app)
        if self.undo_shown():
            self.undo_button.draw(surf, self.app)
        if self.continue_shown():
            self.continue_button.draw(surf, self.app)
        if self.choice is not None:
            self.draw_choice(surf)
            self.draw_choice_focus(surf)
        if self.celebrate_t >= 0:
            self.draw_celebration(surf)
        if self.lesson is not None:               # over the celebration: a lesson's last words and recap
            self.lesson.draw(surf, plan)
        self.draw_help(surf, plan)
        if self.curtain_for is not None:
            self.draw_curtain(surf)
        if plan.toast is not None:
            r, width = plan.toast
            with transcript.layer(surf, "banner" if self.toast.error else "toast", [self.app.view.rect(r)]):
                message_box(surf, self.app, self.toast.msg, r.center, self.toast.error, bold=True, max_w=width)

    def widget_rects(self) -> list[pygame.Rect]:
        """What a person may press on the table now (layout rects): a toast never covers them."""
        out = [b.rect for b in self.answers + self.top_buttons]
        if self.undo_shown():
            out.append(self.undo_button.rect)
        if self.continue_shown():
            out.append(self.continue_button.rect)
        if self.curtain_for is not None:
            out.append(self.curtain_button.rect)
        if self.choice is not None:
            out += [b.rect for b in self.choice.buttons]
        if self.lesson is not None:
            out += self.lesson.widget_rects()
        return out

    def toast_rect(self) -> pygame.Rect | None:
        """Where the table's toast shows now (layout units): placed by the kit's rule, clear of
        ``widget_rects``, the readable regions and the other overlays (``overlay_plan``)."""
        toast = self.overlay_plan().toast
        return None if toast is None else toast[0]

    # -------------------------------------------------------------- seats
    def draw_seat(self, surf: pygame.Surface, seat: int) -> None:
        a = self.app
        nz = self.zone(seat, "name")
        active = self.table.is_active(seat)
        flash = getattr(self.table, "flash", None)
        if flash is not None and not flash.done and getattr(self.table, "flash_seat", None) == seat:
            border, width = (*T.OKABE["vermillion"], 255), 3
        elif active:
            border, width = (*T.GOLD, 255), 3
        else:
            border, width = (255, 255, 255, 50), 1
        if active:
            pulse = 0.5 + 0.5 * math.sin(self.time * 4)
            glow = nz.inflate(10 + 6 * pulse, 10 + 6 * pulse)
            panel(surf, a, glow, (*T.GOLD, int(50 + 40 * pulse)), radius=14, border=None)
        panel(surf, a, nz, (10, 22, 16, 215), radius=10, border=border, width=width)
        note = self.table.plate_note(seat)
        label, size = self.plate_label(seat)
        text(surf, a, label, (nz.x + 10, nz.centery), size, T.GOLD if active else T.TEXT, bold=True,
             anchor="midleft")
        if note:
            text(surf, a, note, (nz.right - 8, nz.centery), 16, T.TEXT_DIM, anchor="midright")
        self.table.draw_seat_extras(surf, seat)
        if self.pos_of(seat) == self.big_pos:          # the viewer's own hand: ``draw_hand``
            return
        hz = self.zone(seat, "hand")
        count = self.table.seat_cards(seat)
        if count:
            fs = self._fan_surface(count, hz)
            surf.blit(fs, a.view.pt(hz.x, hz.y))
        if not count and not self.table.show_empty_count:
            return
        badge = pygame.Rect(0, 0, 52, 26)
        badge.midbottom = (hz.centerx, hz.bottom + 2)
        panel(surf, a, badge, (10, 22, 16, 230), radius=13, border=(255, 255, 255, 90))
        text(surf, a, f"{count}", badge.center, 16, T.TEXT, bold=True, anchor="center")

    def draw_seat_colours(self, surf: pygame.Surface) -> None:
        """The public table: each phone seat's colour (the one on its phone and the join card) as
        a bar along the foot of its plate, under the name, so a player finds their seat."""
        a = self.app
        for seat, value in self.phone_status.colours().items():
            nz = self.zone(seat, "name")
            h = 4 if nz.h >= 40 else 2                  # (a low plate: a thin bar, clear of the name)
            bar = pygame.Rect(nz.x + 10, nz.bottom - h - (3 if nz.h >= 40 else 2), nz.w - 20, h)
            try:
                colour = pygame.Color(value)
            except (ValueError, TypeError):
                continue
            pygame.draw.rect(surf, colour, a.view.rect(bar), border_radius=a.view.n(2))

    def draw_thinking(self, surf: pygame.Surface, nz: pygame.Rect) -> None:
        """An AI seat that is taking its time: three dots pulsing in turn in a small pill on
        the top edge of its plate, at the right (the table's clock drives them)."""
        a = self.app
        pill = pygame.Rect(0, 0, 52, 22)
        pill.center = (nz.right - 32, nz.y if nz.y >= 14 else nz.bottom)    # on the top edge, or the bottom
        panel(surf, a, pill, (10, 22, 16, 240), radius=10, border=(*T.GOLD, 200))
        for k in range(3):
            phase = (self.time * 2.4 - k * 0.28) % 1.0           # a wave running left to right
            lift = max(0.0, math.sin(phase * math.pi * 2)) if phase < 0.5 else 0.0
            r = 3.0 + 1.5 * lift
            c = a.view.pt(pill.x + 13 + k * 13, pill.centery - 2.5 * lift)
            col = tuple(int(d + (g - d) * lift) for d, g in zip(T.TEXT_DIM[:3], T.GOLD[:3]))
            pygame.draw.circle(surf, col, c, max(1, a.view.n(r)))

    def why_place(self, w) -> tuple[list[str], pygame.Rect, str]:
        """Where the "why?" line ``w`` goes: (its lines, its rect in layout units, the side).
        At the plate of the seat that moved, on the side away from its cards ("below" or
        "above" the plate), when that place is on the screen and clear of every readable
        region (``readable_regions``: plates, counts, the status line, the reveal, the score
        sheet...), of what may be pressed and of the lesson's marks; else the nearest clear
        place to the plate, with the seat's name in front ("caption"), on narrower lines where
        need be (``overlay.py``); where nothing is clear, the place that covers least, and
        ``overlay_plan`` draws none (the line waits rather than cover words)."""
        regions, press, placed = self.overlay_base()
        return self._why_plan(w, regions, press, placed)[:3]

    def plate_tip(self) -> tuple[int, str] | None:
        """(seat, words) for the AI seat plate under the pointer: its level ("Bram: AI, Hard"),
        in every game, also where the plate itself has no room to say it; None otherwise."""
        if self.drag is not None or self.choice is not None or self.curtain_for is not None:
            return None
        for seat in range(self.n):
            if not self.match.is_human(seat) and self.zone(seat, "name").collidepoint(self.mouse):
                return seat, _("{name}: AI, {level}").format(name=self.name(seat), level=self.level_name(seat))
        return None

    def draw_plate_tip(self, surf: pygame.Surface, plan=None) -> None:
        plan = plan or self.overlay_plan()
        if plan.plate_tip is None:
            return
        _seat, words, r = plan.plate_tip
        a = self.app
        with transcript.layer(surf, "tooltip", [a.view.rect(r)], [a.view.rect(self.zone(_seat, "name"))]):
            panel(surf, a, r, (10, 22, 16, 255), radius=8, border=(255, 255, 255, 120))
            text(surf, a, words, r.center, 16, T.TEXT, anchor="center")

    def draw_why(self, surf: pygame.Surface, plan=None) -> None:
        """The "why?" line of the last AI move, in a bubble pointing at the plate of the seat
        that moved (at most two lines of 16 px), or the nearest clear place (``why_place``)."""
        plan = plan or self.overlay_plan()
        w = self.shown_why()
        if w is None or plan.why is None:
            return
        a = self.app
        lines, r, side = plan.why
        sky = T.OKABE["sky"]
        nz = self.zone(w.seat, "name")
        box = r.copy()                                                # with its tip
        if side != "caption":
            tip_x = max(r.x + 16, min(nz.centerx, r.right - 16))
            box.union_ip(pygame.Rect(tip_x - 8, r.y - 9 if side == "below" else r.bottom, 16, 9))
        with transcript.layer(surf, "bubble", [a.view.rect(box)], [a.view.rect(nz)]):
            panel(surf, a, r, (12, 28, 22, 255), radius=10, border=(*sky, 230), width=2)
            if side != "caption":
                tip_x = max(r.x + 16, min(nz.centerx, r.right - 16))
                tip = [(tip_x - 8, r.y + 1), (tip_x + 8, r.y + 1), (tip_x, r.y - 9)] if side == "below" else \
                    [(tip_x - 8, r.bottom - 1), (tip_x + 8, r.bottom - 1), (tip_x, r.bottom + 9)]
                pygame.draw.polygon(surf, sky, [a.view.pt(*p) for p in tip])
            for k, ln in enumerate(lines):
                text(surf, a, ln, (r.x + 14, r.y + 7 + k * 20), 16, T.TEXT)

    def plate_label(self, seat: int) -> tuple[str, int]:
        """The name on a seat's plate and its size: the whole name first (the gold frame marks
        the turn, so the "▶ " goes where there is room to spare, and 16 px before any cut)."""
        nz = self.zone(seat, "name")
        note = self.table.plate_note(seat)
        room = nz.w - 20 - ((self._text_w(note, 16) + 14) if note else 0)
        name = self.name(seat)
        for size in ((18, 16) if nz.h >= 40 else (16,)):
            if self.table.is_active(seat) and nz.w >= 120 and self._text_w("▶ " + name, size, True) <= room:
                return "▶ " + name, size
            if self._text_w(name, size, True) <= room:
                return name, size
        return ellipsize(self.app, name, 16, room, True, keep_tail=True), 16

    # -------------------------------------------------------------- status and log
    def draw_status(self, surf: pygame.Surface) -> None:
        if self.sheet is not None:
            return
        if self.reveal is not None:
            return                      # the reveal panel carries the caption now
        a = self.app
        z = self.layout.shared("status")
        if self.caption:
            msg, tone = self.caption, self.steps.tone
        elif self.held is not None:                      # a piece picked up by a click: where it goes
            msg, tone = self.held_hint, "true"
        elif self.lesson is not None and self.lesson.status():
            msg, tone = self.lesson.status(), "true"     # a lesson's text to read: not the table's "click..."
        elif self.phone_status.line():                   # phone seats must act, nobody here
            msg, tone = self.phone_status.line(), self.phone_status.tone()
        else:
            msg, tone = self.table.status_text()
        if not msg:
            return
        color, bold = TONES.get(tone, T.TEXT), bool(tone)
        if self.privacy.public and self._text_w(msg, PUBLIC_STATUS, bold) <= z.w - 24:
            # the public table is read from across the room: larger words where one line holds them
            panel(surf, a, z, (8, 18, 13, 215), radius=z.h // 2, border=(255, 255, 255, 50))
            text(surf, a, msg, z.center, PUBLIC_STATUS, color, bold=bold, anchor="center", max_w=z.w - 24)
            return
        if self._text_w(msg, 16, bold) <= z.w - 24:
            panel(surf, a, z, (8, 18, 13, 215), radius=z.h // 2, border=(255, 255, 255, 50))
            text(surf, a, msg, z.center, 18, color, bold=bold, anchor="center", max_w=z.w - 24)
            return
        words = msg.split(" ")                              # never below 16 px: two even lines
        cut = min(range(1, max(2, len(words))), key=lambda k: max(
            self._text_w(" ".join(words[:k]), 16, bold), self._text_w(" ".join(words[k:]), 16, bold)))
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        tall = z.inflate(0, max(0, 2 * 19 + 6 - z.h))
        panel(surf, a, tall, (8, 18, 13, 215), radius=min(tall.h // 2, 16), border=(255, 255, 255, 50))
        for i, part in enumerate(lines):
            text(surf, a, part, (z.centerx, tall.centery + (i - 0.5) * 19), 16, color, bold=bold,
                 anchor="center", max_w=z.w - 24)

    def log_rows(self) -> int:
        z = self.layout.shared("log")
        return max(1, (z.h - 40) // self.log_row)

    def log_view(self) -> list[tuple[str, bool]]:
        """The display rows the log panel shows now, (text, indented): whole entries, wrapped,
        the newest (or, scrolled up, the entry at the scroll) at the bottom."""
        lg, width = self.table_log, self.layout.shared("log").w - 24
        rows = self.log_rows() - (1 if lg.scroll else 0)          # scrolled up: a row for the hint
        shown: list[tuple[str, bool]] = []
        for i in range(len(lg.lines) - lg.scroll - 1, -1, -1):
            parts = self._log_rows_of(lg.lines[i], width)
            if shown and len(shown) + len(parts) > rows:
                break                                    # whole entries only
            shown[:0] = [(p, k > 0) for k, p in enumerate(parts)]
        return shown[:rows]

    def log_entries_shown(self) -> int:
        """How many entries the panel shows now (the oldest of them may be cut if it alone is
        taller than the panel)."""
        lg, width = self.table_log, self.layout.shared("log").w - 24
        rows, used, n = self.log_rows() - (1 if lg.scroll else 0), 0, 0
        for i in range(len(lg.lines) - lg.scroll - 1, -1, -1):
            used += len(self._log_rows_of(lg.lines[i], width))
            if n and used > rows:
                break
            n += 1
        return n

    def log_scroll_most(self) -> int:
        """The farthest the log scrolls up: the very first entry at the top of the panel."""
        lg, width = self.table_log, self.layout.shared("log").w - 24
        rows, used, n = self.log_rows() - 1, 0, 0
        for line in lg.lines:
            used += len(self._log_rows_of(line, width))
            if n and used > rows:
                break
            n += 1
        return max(0, len(lg.lines) - n)

    def log_hint_rect(self) -> pygame.Rect | None:
        """The "new below" hint at the foot of the log while it is scrolled up (click: the newest)."""
        if not self.table_log.scroll:
            return None
        z = self.layout.shared("log")
        return pygame.Rect(z.x + 8, z.y + 34 + (self.log_rows() - 1) * self.log_row - 2, z.w - 16, self.log_row + 2)

    def draw_log(self, surf: pygame.Surface) -> None:
        if self.log_hidden():                     # under a panel that meets it: not half covered
            return
        a = self.app
        z = self.layout.shared("log")
        panel(surf, a, z, (8, 18, 13, 190), radius=10, border=(255, 255, 255, 40))
        text(surf, a, _("Table log"), (z.x + 12, z.y + 8), 16, T.GOLD, bold=True)
        lg = self.table_log
        earlier = len(lg.lines) - lg.scroll - self.log_entries_shown()
        if earlier > 0:
            text(surf, a, ngettext("▲ {n} earlier", "▲ {n} earlier", earlier).format(n=earlier),
                 (z.right - 10, z.y + 8), 16, T.TEXT_DIM, anchor="topright")
        # a long entry wraps whole onto indented rows; the newest entries fill the panel from the bottom up
        y = z.y + 34
        for part, more in self.log_view():
            text(surf, a, part, (z.x + (24 if more else 12), y), self.log_px, T.TEXT_DIM)
            y += self.log_row
        hint = self.log_hint_rect()
        if hint is not None:
            msg = ngettext("▼ {n} new entry below · End", "▼ {n} new entries below · End", lg.unseen).format(
                n=lg.unseen) if lg.unseen else _("▼ Back to the newest · End")
            panel(surf, a, hint, (*T.GOLD, 230) if lg.unseen else (20, 40, 30, 230), radius=hint.h // 2,
                  border=(0, 0, 0, 120))
            text(surf, a, msg, hint.center, 16, T.TEXT_DARK if lg.unseen else T.TEXT, bold=bool(lg.unseen),
                 anchor="center", max_w=hint.w - 12)

    def _log_rows_of(self, line: str, width: float) -> list[str]:
        """A log entry as display rows, wrapped whole (memoized per entry and window size)."""
        a = self.app
        memo = self.__dict__.setdefault("_log_wrap_memo", {})
        key = (line, width, a.view.size, self.log_px)
        if key not in memo:
            if len(memo) > 400:
                memo.clear()
            first = wrap(a, line, self.log_px, width)
            rows = first[:1]
            if len(first) > 1:                      # the rest indented
                rows += wrap(a, " ".join(first[1:]), self.log_px, width - 12)
            memo[key] = rows
        return memo[key]

    # -------------------------------------------------------------- the viewer's hand
    def draw_hand(self, surf: pygame.Surface) -> None:
        """The viewer's hand, large at the bottom; none at the public table, where the viewer's
        seat is one more seat with its compact fan and count (``draw_seat``)."""
        a = self.app
        hand = self.hand
        hz = hand.zone
        if self.privacy.public:
            return
        if not hand.faces_up:
            count = len(hand.cards) if hand.cards else self.table.seat_cards(self.viewer)
            for x, y, ang in fan(count, hz, self.table.hand_width):
                draw_card(surf, a, (x, y), self.table.hand_width, None, angle=ang)
            if self.hand_hidden and self.curtain_for is None and count:
                pill = pygame.Rect(0, 0, 300, 32)
                pill.center = (hz.centerx, hz.y + 60)
                panel(surf, a, pill, (10, 22, 16, 230), radius=16)
                text(surf, a, _("{name}'s hand is hidden").format(name=self.name(self.viewer)), pill.center, 16,
                     T.TEXT, anchor="center", max_w=290)
            return
        flip = self.hand_flip
        if flip is not None and not flip.done:
            f = flip.value()
            for (_key, face, _g), (x, y, _ang) in zip(hand.cards, hand.fan()):
                draw_card(surf, a, (x, y), self.table.hand_width, face if f >= 0.5 else None,
                          squash=abs(math.cos(math.pi * f)))
            return
        dragging = self.drag is not None and self.drag.active and self.drag.kind == "cards"
        focus = hand.focused()
        for key in hand.keys():
            s = hand.sprites.get(key)
            if s is None or (dragging and key in hand.selected):
                continue
            if key in hand.selected:
                self._draw_glow(surf, s.pos, s.angle, T.GOLD)
            elif key == focus:
                self._draw_glow(surf, s.pos, s.angle, T.OKABE["sky"])
            draw_card(surf, a, s.pos, self.table.hand_width, s.family, angle=s.angle)
            mark = self.table.hand_mark(key)
            if mark:
                pill = self.hand_mark_rect(s.pos, s.angle, mark)
                panel(surf, a, pill, (*T.GOLD, 235), radius=12, border=(0, 0, 0, 150))
                text(surf, a, mark, pill.center, 16, T.TEXT_DARK, bold=True, anchor="center", max_w=pill.w - 4)
        if focus is not None and focus in hand.sprites and self.drag is None:
            s = hand.sprites[focus]
            pygame.draw.circle(surf, T.OKABE["sky"], a.view.pt(s.pos[0], hz.bottom - 8), a.view.n(5))

    def flyers_meet(self, r: pygame.Rect) -> bool:
        """Whether a card or token in flight now meets ``r`` (layout units)."""
        for f in self.flyers:
            if not f.started or f.done:
                continue
            (x, y), w, _sq, _fam, _al = f.pose()
            cw, ch = card_size(w)
            if pygame.Rect(round(x - cw / 2), round(y - ch / 2), cw, ch).colliderect(r):
                return True
        return False

    def hand_mark_rect(self, pos, angle: float, mark: str) -> pygame.Rect:
        """Where a hand card's mark ("captures", "sweeps") goes: on the card's own lower half,
        above its bottom edge (the top's name and index stay clear, and so does the status line
        just above the hand: a pill over the card's top covered both)."""
        w, h = card_size(self.table.hand_width)
        pill = pygame.Rect(0, 0, min(round(w * 0.8), round(self._text_w(mark, 16, True)) + 18), 24)
        d = h / 2 - 36
        t = math.radians(angle)
        pill.center = (round(pos[0] + d * math.sin(t)), round(pos[1] + d * math.cos(t)))
        return pill

    def _draw_glow(self, surf: pygame.Surface, pos, angle: float, colour) -> None:
        a = self.app
        w, h = card_size(a.view.s * self.table.hand_width)
        pad = a.view.n(5)
        size = (w + pad * 2, h + pad * 2)
        colour = tuple(colour[:3])

        def make():
            g = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(g, (*colour, 230), g.get_rect(), border_radius=round(w * 0.09))
            return g
        base = a.cards._get(("glow", size, colour), make)
        ang = int(round(angle))
        img = a.cards._get(("glowrot", size, colour, ang),
                           lambda: pygame.transform.rotozoom(base, ang, 1.0)) if ang else base
        surf.blit(img, img.get_rect(center=a.view.pt(*pos)))

    def dragged_cards(self) -> tuple[list[tuple], pygame.Rect | None]:
        """The cards a drag carries as drawn: ([(key, centre, width)], the count's badge or
        None), layout units; nothing when no card drag is under way (``draw_drag`` draws these,
        ``readable_regions`` keeps every overlay off them)."""
        d = self.drag
        if d is None or not d.active or d.kind != "cards":
            return [], None
        keys = [k for k in self.hand.keys() if k in self.hand.selected]
        x0 = d.pos[0] - d.grab[0] - (len(keys) - 1) * 9
        y = d.pos[1] - d.grab[1] - 6
        cards = [(key, (x0 + i * 18, y), self.table.hand_width * 1.05) for i, key in enumerate(keys)]
        badge = None
        if len(keys) > 1:
            badge = pygame.Rect(0, 0, 40, 30)
            badge.center = (x0 + (len(keys) - 1) * 18 + self.table.hand_width * 0.5,
                            d.pos[1] - d.grab[1] - self.table.hand_width * 0.72)
        return cards, badge

    def draw_drag(self, surf: pygame.Surface) -> None:
        d = self.drag
        if d is None or not d.active:
            return
        a = self.app
        if d.kind != "cards":
            self.table.draw_piece_drag(surf, d)
            return
        cards, badge = self.dragged_cards()
        for key, centre, width in cards:
            draw_card(surf, a, centre, width, self.hand.face(key), shadow=2)
        if badge is not None:
            keys = [c[0] for c in cards]
            panel(surf, a, badge, (*T.GOLD, 245), radius=15, border=(0, 0, 0, 160))
            text(surf, a, str(len(keys)), badge.center, 18, T.TEXT_DARK, bold=True, anchor="center")

    def drop_glow(self, surf: pygame.Surface, zone) -> bool:
        """Light ``zone`` while a drag (or a piece held after a click) that it would accept as
        legal is on; True if lit."""
        d = self.drag if self.drag is not None and self.drag.active else self.held
        if d is None or d.kind != zone.accepts:
            return False
        actions, _why = self.resolve(zone, d)
        if not actions:
            return False
        a = self.app
        r = zone.glow or zone.rect
        hover = zone.hit(d.pos if d is self.drag else self.mouse)
        pulse = 0.5 + 0.5 * math.sin(self.time * 6)
        grow = (22 if hover else 12) + 6 * pulse
        panel(surf, a, r.inflate(grow, grow), (*T.GOLD, 110 if hover else 55), radius=16,
              border=(*T.GOLD, 255), width=3 if hover else 2)
        return True

    # -------------------------------------------------------------- overlays
    def draw_reveal(self, surf: pygame.Surface) -> None:
        a = self.app
        z = self.layout.overlay("reveal")
        rv = self.reveal
        tone = TONES.get(rv.tone, T.TEXT)
        panel(surf, a, z, (6, 14, 10, 255), radius=16, border=(*tone, 255), width=3)
        text(surf, a, rv.title, (z.centerx, z.y + 26), 24, tone, bold=True, anchor="center", max_w=z.w - 30)
        if rv.subtitle:
            text(surf, a, rv.subtitle, (z.centerx, z.y + 58), 18, T.TEXT_DIM, anchor="center", max_w=z.w - 30)
        if rv.footer:
            text(surf, a, rv.footer, (z.centerx, z.bottom - 20), 16, T.TEXT, anchor="center", max_w=z.w - 30)

    def draw_sheet(self, surf: pygame.Surface) -> None:
        """The score sheet in the ``summary`` overlay: rows appear as they are built."""
        a, z, sh = self.app, self.layout.overlay("summary"), self.sheet
        panel(surf, a, z, (6, 14, 10, 255), radius=16, border=(*T.GOLD, 220), width=3)
        text(surf, a, sh.title, (z.centerx, z.y + 28), 26, T.GOLD, bold=True, anchor="center", max_w=z.w - 30)
        strong = len(sh.rows) - sh.strong
        label_w, col_w, cols = self._sheet_columns()
        room = col_w - 8
        for x, head in zip(cols, sh.heads):
            if self._text_w(head, 16, True) <= room:      # a name on one line, 18 px or at least 16
                size = 18 if self._text_w(head, 18, True) <= room else 16
                text(surf, a, head, (x, z.y + 70), size, T.TEXT, bold=True, anchor="center")
                continue
            lines = wrap(a, head, 16, room, bold=True)     # a long name: two lines, never below 16 px
            lines = lines[:1] + [" ".join(lines[1:])]
            for i, part in enumerate(lines):
                text(surf, a, part, (x, z.y + 61 + i * 18), 16, T.TEXT, bold=True, anchor="center", max_w=room)
        for r, (label, vals) in enumerate(sh.rows[:sh.lines]):
            y = z.y + 110 + r * 34
            bold = r >= strong
            text(surf, a, label, (z.x + 24, y), 18, T.GOLD if bold else T.TEXT_DIM, bold=bold, anchor="midleft",
                 max_w=label_w - 30)
            for x, v in zip(cols, vals):
                text(surf, a, v, (x, y), 18, T.TEXT, bold=bold, anchor="center", max_w=col_w - 8)

    def _sheet_columns(self) -> tuple[float, float, list[float]]:
        """The score sheet's label column width, value column width and value column centres
        (layout units)."""
        z, sh = self.layout.overlay("summary"), self.sheet
        strong = len(sh.rows) - sh.strong
        # the label column only as wide as its labels (at most 200): the rest goes to the names
        label_w = min(200, max([120] + [self._text_w(lab, 18, r >= strong) + 48
                                        for r, (lab, _v) in enumerate(sh.rows)]))
        col_w = (z.w - label_w - 24) / max(1, len(sh.heads))
        return label_w, col_w, [z.x + label_w + col_w * (k + 0.5) for k in range(len(sh.heads))]

    def sheet_rect(self, row: int, col: int | None = None) -> pygame.Rect | None:
        """Where the score sheet shows its ``row`` (layout units): the whole row, or its value in
        column ``col``; None while no sheet is up or that row is not out yet (a lesson lights
        the sheet's words, not the things it covers)."""
        sh = getattr(self, "sheet", None)
        if sh is None or not 0 <= row < sh.lines or (col is not None and not 0 <= col < len(sh.heads)):
            return None
        z = self.layout.overlay("summary")
        y = z.y + 110 + row * 34
        if col is None:
            return pygame.Rect(z.x + 12, round(y - 16), z.w - 24, 32)
        _label_w, col_w, cols = self._sheet_columns()
        return pygame.Rect(round(cols[col] - col_w / 2 + 4), round(y - 16), round(col_w - 8), 32)

    def sheet_words(self) -> dict[str, pygame.Rect]:
        """The score sheet's words by row, each a region of its own (layout units): every row's
        label and each of its values, as tall as their line (``draw_sheet``'s places); nothing
        while no sheet is up.  (The sheet as one region let a lesson's glow on one row reach the
        words of the next: a region the lit thing lies in does not bound the glow.)"""
        sh = getattr(self, "sheet", None)
        if sh is None:
            return {}
        z = self.layout.overlay("summary")
        label_w, col_w, cols = self._sheet_columns()
        out = {}
        for r in range(min(sh.lines, len(sh.rows))):
            y = z.y + 110 + r * 34
            out[f"sheet:{r}"] = pygame.Rect(z.x + 20, round(y - 12), round(label_w - 22), 24)
            for k in range(len(sh.heads)):
                out[f"sheet:{r}:{k}"] = pygame.Rect(round(cols[k] - col_w / 2 + 4), round(y - 12), round(col_w - 8), 24)
        return out

    def draw_choice_focus(self, surf: pygame.Surface) -> None:
        """The outline of the choice panel's focused tile (the one Enter presses)."""
        ch = self.choice
        if ch is not None and ch.focus is not None and 0 <= ch.focus < len(ch.buttons):
            r = self.app.view.rect(ch.buttons[ch.focus].rect.inflate(8, 8))
            pygame.draw.rect(surf, T.GOLD, r, max(2, self.app.view.n(3)), border_radius=self.app.view.n(12))

    def _draw_choice(self, surf: pygame.Surface) -> None:
        a = self.app
        z = self.layout.overlay("picker")
        surf.blit(T.panel_surface(surf.get_size(), 0, (0, 0, 0, 90)), (0, 0))
        panel(surf, a, z, (8, 20, 14, 255), radius=18, border=(*T.GOLD, 200), width=2)
        ch = self.choice
        text(surf, a, ch.title, (z.centerx, z.y + 24), 26, T.GOLD, bold=True, anchor="center")
        text(surf, a, ch.subtitle, (z.centerx, z.y + 54), 16, T.TEXT_DIM, anchor="center")
        for b in ch.buttons:
            icon = getattr(b, "icon", None)
            if icon is None:
                if getattr(b, "tile", False):
                    self._choice_text_tile(surf, b)   # the key hint apart from the label (never "yellow 1 2")
                else:
                    b.draw(surf, a)
                continue
            if b.enabled:
                bg = (52, 96, 72, 250) if b.hover else (24, 44, 34, 250)
                border = (*T.GOLD, 255) if b.hover else (255, 255, 255, 90)
            else:
                bg, border = (20, 26, 23, 200), (255, 255, 255, 25)
            r = b.rect.move(0, -4 if (b.hover and b.enabled) else 0)
            panel(surf, a, r, bg, radius=10, border=border, width=2 if b.hover else 1)
            em = icon(a.view.n(82))
            if not b.enabled:
                em = em.copy()
                em.set_alpha(60)
            surf.blit(em, em.get_rect(center=a.view.pt(r.centerx, r.y + 62)))
            col = T.TEXT if b.enabled else (120, 130, 124)
            if self._choice_fits(b.label, 16, r.w - 8):
                text(surf, a, b.label, (r.centerx, r.y + 124), 18, col, bold=True, anchor="center", max_w=r.w - 8)
                hy = r.y + 150
            else:                                     # never below 16 px: two lines
                lines = wrap(a, b.label, 16, r.w - 8, bold=True)[:2]
                for k, ln in enumerate(lines):
                    text(surf, a, ln, (r.centerx, r.y + 116 + k * 19), 16, col, bold=True, anchor="center",
                         max_w=r.w - 4)
                hy = r.y + 116 + len(lines) * 19 + 8
            if b.hint:
                text(surf, a, b.hint, (r.centerx, hy), 16, T.GOLD if b.enabled else col, anchor="center")

    def _text_w(self, s: str, size: float, bold: bool = False) -> float:
        """The width of ``s`` at ``size`` px in layout units."""
        v = self.app.view
        return self.app.fonts.get(v.n(size), bold).size(s)[0] / v.s

    def _choice_fits(self, label: str, size: float, width: float) -> bool:
        """Whether ``label`` fits ``width`` layout units at ``size`` px, bold."""
        v = self.app.view
        return self.app.fonts.get(v.n(size), True).size(label)[0] <= v.n(width)

    def _choice_text_tile(self, surf: pygame.Surface, b) -> None:
        """A choice tile without an icon: its label wrapped (never below 16 px), and its key
        hint kept apart from it, as on an icon tile: in gold under the label on a tall tile, in
        a key cap at the right on a short one (issue 25: "yellow 1" with the hint 2 beside it
        read "yellow 1 2", twelve).  The hints of one row line up whatever their labels."""
        a = self.app
        bg, fg = b.colours()
        border = (255, 255, 255, 150) if (b.hover and b.enabled) else (0, 0, 0, 90)
        r = b.rect.move(0, 2 if b.pressed else 0)
        panel(surf, a, r, (*bg, 245), radius=8, border=border, width=2 if b.hover else 1)
        hint_w = 0.0
        gold = T.GOLD if b.enabled else fg
        if b.hint and r.h >= 80:                     # a tall tile: the hint at its foot
            text(surf, a, b.hint, (r.centerx, r.bottom - 20), 16, gold, anchor="center")
            r = pygame.Rect(r.x, r.y, r.w, r.h - 30)
        elif b.hint:                                 # a short one: a key cap at the right
            cap = pygame.Rect(0, 0, max(22, self._text_w(b.hint, 16) + 10), 24)
            cap.midright = (r.right - 6, r.centery)
            panel(surf, a, cap, (0, 0, 0, 90), radius=5, border=(*gold, 200), width=1)
            text(surf, a, b.hint, cap.center, 16, gold, anchor="center")
            hint_w = cap.w + 8
        size = max(16, min(b.size, 18))
        room = r.w - 10 - hint_w
        lines = wrap(a, b.label, size, room, bold=True)[:3]
        lh = size + 4
        top = r.centery - len(lines) * lh / 2 + lh / 2
        for k, ln in enumerate(lines):
            text(surf, a, ln, (r.centerx - hint_w / 2, top + k * lh), size, fg, bold=True, anchor="center",
                 max_w=room + 4)

    def draw_confetti(self, surf: pygame.Surface) -> None:
        """The celebration's confetti: on the table, under the overlays and the buttons, never
        over what a player must read at the end (the plates, the scores, the status line, the
        log)."""
        a = self.app
        t = self.celebrate_t
        rnd = random.Random(5)
        pieces = []
        for i in range(120):
            x0, vy, ph = rnd.uniform(80, 1200), rnd.uniform(90, 220), rnd.uniform(0, 6.28)
            y = -20 + vy * t - rnd.uniform(0, 200)
            if not -20 < y < 720:
                continue
            x = x0 + 20 * math.sin(ph + t * 3)
            pieces.append((a.view.rect((x, y, 10, 4 + 5 * abs(math.sin(ph + t * 5)))),
                           T.CONFETTI[i % len(T.CONFETTI)]))
        clear = list(self.readable_regions().values())
        if not self.log_hidden():
            clear.append(self.layout.shared("log"))       # the log's last lines say how it ended
        # with a margin: a card of a fan (a readable face) may stand a little out of its region
        confetti(surf, pieces, [a.view.rect(pygame.Rect(r).inflate(16, 16)) for r in clear])

    def draw_celebration(self, surf: pygame.Surface) -> None:
        a = self.app
        t = self.celebrate_t
        z = self.layout.overlay("celebration")
        k = min(1.0, t / 0.35)
        r = z.inflate(-(1 - k) * z.w * 0.4, -(1 - k) * z.h * 0.4)
        panel(surf, a, r, (40, 30, 6, 255), radius=20, border=(*T.GOLD, 255), width=3)    # opaque
        transcript.boxmark(surf, a.view.rect(r), "cover")     # over the table on purpose (the fit checks)
        # a long name: smaller (to 28 px on one line), then two lines, never below 20 px nor cut
        fit_text(surf, a, self.celebration, r.inflate(-30, -16), 40, 20, T.GOLD, bold=True, shadow=True,
                 line_floor=28)

    def draw_curtain(self, surf: pygame.Surface) -> None:
        a = self.app
        surf.blit(T.felt(surf.get_size()), (0, 0))       # opaque: covers the whole window
        surf.blit(T.panel_surface(surf.get_size(), 0, (0, 0, 0, 170)), (0, 0))
        panel(surf, a, (340, 220, 600, 290), (10, 22, 16, 245), radius=18, border=(*T.GOLD, 200), width=2)
        text(surf, a, _("Pass the screen to {name}").format(name=self.name(self.curtain_for)), (640, 290), 30,
             T.GOLD, bold=True, anchor="center", max_w=560)
        text(surf, a, _("Everyone else: please look away"), (640, 350), 18, T.TEXT_DIM, anchor="center")
        if getattr(self, "privacy", None) is not None and self.privacy.owed.get(self.curtain_for):
            text(surf, a, _("Something only you may see waits behind this"), (640, 385), 18, T.GOLD,
                 anchor="center", max_w=560)
        self.curtain_button.draw(surf, a)
