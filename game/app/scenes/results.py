"""Results: places, the winner celebrated, Rematch (same seats, new seed) or menu."""
from __future__ import annotations

import math
import random

import pygame

from game.core.i18n import N_, names_list, _
from game.match import Match
from game.words.seats import SeatWords
from .. import input as inp
from .. import theme as T
from ..games import table_scene
from ..widgets import Button, confetti, fit_text, panel, text
from .base import WidgetScene

#: seconds the confetti falls (the scene needs frames only meanwhile)
CONFETTI_TIME = 18.0
#: pieces of confetti (across the window; those behind the panel are not drawn)
CONFETTI_PIECES = 150


def ordinal(rank: int) -> str:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(rank, _("{n}th").format(n=rank))


HEADLINE = (306, 104, 668, 100)  # the headline's box in the panel (above the first row at 206)
GUARD = 0.6                 # seconds before keys act on the results (Enter ending the table)
ROW_STEP = 0.25             # seconds between standings rows appearing (times the animation speed)

class ResultsScene(WidgetScene):
    title = N_("Game over")
    frame = (290, 100, 700, 560)

    def enter(self, match: Match | None = None, viewer: int = 0, **_kw) -> None:
        assert match is not None
        self.title = _(ResultsScene.title)
        self.match = match
        self.viewer = viewer
        out = match.outcome()
        self.winners = list(out.winners) if out else []
        obs = match.observe(None)    # the spectator view: public facts only (places, hand sizes)
        self.rows = []
        table = table_scene(match.game)
        # the places as the game tells them: the rules' outcome, or the table's results hook
        # (from the spectator view only: MasterBluff's losers by the cards they have left)
        ranks = list(table.result_ranks(out, obs)) if out else [0] * len(match.seats)
        # every seat, by place; seats sharing a place as the game orders them (fewest cards left...)
        order = (lambda s: table.result_order(out, obs, s)) if out else (lambda s: 0)
        for seat in sorted(range(len(match.seats)), key=lambda s: (ranks[s], order(s), s)):
            notes = (table.result_note(out, obs, seat, True), table.result_note(out, obs, seat, False)) if out \
                else ("", "")
            self.rows.append((ranks[seat], match.seats[seat].name, notes, seat))
        # "You win!" only for the lone person at this screen, with no one on a phone watching it too
        people = [s for s, seat in enumerate(match.seats) if seat.kind in ("human", "phone")]
        humans = [s for s in people if match.seats[s].kind == "human"]
        you = humans[0] if people == humans and len(humans) == 1 and humans[0] in self.winners else None
        # why the places are as they are, where the game says (Boss Quest: who lost their last
        # heart), in the headline's words: "You" only for that lone person at the screen
        lone = people == humans and len(humans) == 1
        w = SeatWords(match, humans[0] if lone else viewer, hotseat=not lone)
        self.lines = list(table.result_lines(out, obs, w)) if out else []
        if you is not None and len(self.winners) == 1:
            self.headline = _("You win!")
        elif you is not None:
            self.headline = _("You and {names} share the win!").format(
                names=names_list([match.seats[w].name for w in self.winners if w != you]))
        elif len(self.winners) == 2:
            self.headline = _("{first} and {second} share the win!").format(
                first=match.seats[self.winners[0]].name, second=match.seats[self.winners[1]].name)
        elif len(self.winners) > 2:
            self.headline = _("{names} share the win!").format(
                names=names_list([match.seats[w].name for w in self.winners]))
        elif self.winners:
            self.headline = _("{name} wins!").format(name=match.seats[self.winners[0]].name)
        else:
            self.headline = _("Nobody wins!")
        self.t = 0.0
        rnd = random.Random(match.record.seed or 1)
        # confetti for a person's win (or an all-AI table): never over the only people's loss
        celebrate = bool(self.winners) and (not people or any(w in people for w in self.winners))
        # (x across the window, 0..1: it falls on the felt beside the panel too, never over it)
        self.confetti = [(rnd.random(), rnd.uniform(-300, 0), rnd.uniform(60, 160), rnd.uniform(0, 6.28),
                          rnd.choice(T.CONFETTI)) for _ in range(CONFETTI_PIECES if celebrate else 0)]
        # the standings appear row by row; Enter or Space meanwhile shows them all at once.  Then
        # Enter presses the focused button: Rematch at first, the default a player expects after a
        # game (the ring shows on it for a keyboard player); Esc or M is the menu.  A key still
        # held from the table is no Rematch (``GUARD``)
        scale = self.app.settings.pacing()[0]
        self.row_step = min(ROW_STEP, 2.0 / max(1, len(self.rows))) * scale     # all in 2 s at most
        self.all_shown = self.row_step <= 0
        self.rematch_button = Button((330, 590, 300, 56), _("Rematch"), self.rematch, style="primary", size=22,
                                     keys=(pygame.K_r,))
        self.menu_button = Button((650, 590, 300, 56), _("Back to menu"), self.menu,
                                  keys=(pygame.K_ESCAPE, pygame.K_m))
        self.widgets = [self.rematch_button, self.menu_button]
        self.focus_default()

    def default_focus(self):
        return self.rematch_button

    def rows_shown(self) -> int:
        """How many standings rows are drawn now (all of them once shown in full)."""
        if self.all_shown:
            return len(self.rows)
        return max(0, min(len(self.rows), int((self.t - GUARD / 2) / self.row_step) + 1))

    def rematch(self) -> None:
        # the phones stay: the same room, port and seat secrets (each phone rejoins by itself)
        self.app.start_table(self.match.game, list(self.match.seats), random.randrange(1 << 31),
                             options=dict(self.match.record.options), phones=self.match.record.phones)

    def menu(self) -> None:
        self.app.open_menu()

    def on_back(self) -> None:
        self.menu()

    def handle(self, ev) -> None:
        if self.t < GUARD and ev.kind == inp.KEY:
            return                  # a key still held from the table (Enter on Continue) is no Rematch
        if not self.all_shown and ev.is_key(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.all_shown = True   # the first Enter shows every row, it presses nothing
            return
        super().handle(ev)

    def update(self, dt: float) -> None:
        self.t += dt
        if not self.all_shown and self.rows_shown() >= len(self.rows):
            self.all_shown = True

    def animating(self) -> bool:
        return self.t < CONFETTI_TIME or super().animating()

    def probe_state(self) -> dict:
        return {"results": {"winners": self.winners, "headline": self.headline}}

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)          # the felt, the confetti (draw_under), the panel, the title
        a = self.app
        # a long name shrinks (to 28 px on one line), then wraps (never below 20 px): it never
        # leaves the panel
        fit_text(surf, a, self.headline, HEADLINE, 40, 20, T.GOLD, bold=True, shadow=True, line_floor=28)
        n = len(self.rows)
        shown = self.rows_shown()
        if n <= 6:                                     # one wide row per seat
            for k, row in enumerate(self.rows[:shown]):
                self.draw_row(surf, pygame.Rect(340, 210 + 62 * k, 600, 52), row, 22)
            bottom = 210 + 62 * n - 10
        else:                                          # two columns of compact rows
            per_col = math.ceil(n / 2)
            step = min(52.0, 364 / per_col)
            for k, row in enumerate(self.rows[:shown]):
                c, r = divmod(k, per_col)
                self.draw_row(surf, pygame.Rect(310 + c * 335, round(206 + r * step), 325, round(step) - 4),
                              row, 17)
            bottom = round(206 + per_col * step) - 4
        if self.lines and shown >= n:                  # under the standings, once they are all there
            fit_text(surf, a, " ".join(self.lines), self.lines_box(bottom), 18, 12, T.TEXT, align="center",
                     line_floor=16)
        self.draw_widgets(surf)

    @staticmethod
    def lines_box(bottom: float) -> pygame.Rect:
        """Where the game's lines under the standings go: under the last row (room for three
        lines), never down to the buttons."""
        top = bottom + 6
        return pygame.Rect(310, round(top), 660, round(max(24.0, min(66.0, 584 - top))))

    def keep_clear(self) -> list[pygame.Rect]:
        """Where no confetti falls (window pixels): the panel (the headline, the standings, the
        buttons) and the title.  Nothing a player must read is covered."""
        clear = [self.app.view.rect(self.frame)]
        title = self.title_rect()
        return clear + [title] if title is not None else clear

    def confetti_rects(self) -> list[tuple[pygame.Rect, tuple]]:
        """The confetti's pieces now (window pixels): a pure function of time (drawing has no
        side effects)."""
        if not self.confetti:
            return []
        v = self.app.view
        (left, _top), (right, bottom) = v.logical((0, 0)), v.logical(v.size)   # the window, in layout units
        out = []
        for f, y0, vy, ph, col in self.confetti:
            y = y0 + vy * self.t
            if y > bottom:
                continue
            x = left + f * (right - left) + 18 * math.sin(ph + self.t * 3)
            r = v.rect((x, y, 9, 5 + 4 * abs(math.sin(ph + self.t * 5))))
            out.append((r, col))
        return out

    def draw_under(self, surf: pygame.Surface) -> None:
        confetti(surf, self.confetti_rects(), self.keep_clear())

    def transcript_meta(self) -> dict:
        """The regions that must stay readable, in window pixels (``Frame.covered``)."""
        return {"readable": {f"clear:{k}": tuple(r) for k, r in enumerate(self.keep_clear())}}

    def draw_row(self, surf: pygame.Surface, r: pygame.Rect, row, size: float) -> None:
        a = self.app
        rank, name, notes, seat = row
        win = seat in self.winners
        panel(surf, a, r, (60, 48, 12, 230) if win else (8, 20, 14, 220), radius=10,
              border=(*T.GOLD, 220) if win else (255, 255, 255, 50), width=2 if win else 1)
        wide = r.width > 400
        text(surf, a, ordinal(rank), (r.x + 16, r.centery), size, T.GOLD if win else T.TEXT, bold=True,
             anchor="midleft")
        name_x = r.x + (100 if wide else 74)
        info = notes[0] if wide else notes[1]
        info_r = text(surf, a, info, (r.right - 14, r.centery), 18 if wide else 16, T.TEXT_DIM, anchor="midright")
        # the name gets the rest of the row: smaller for a long one (never below 14 px, 12 in a
        # compact row), then two lines, never cut
        room = (info_r.x / a.view.s - a.view.ox / a.view.s if info else r.right - 14) - 12 - name_x
        fit_text(surf, a, name, (name_x, r.y + 2, max(40, room), r.h - 4), size, 14 if wide else 12, T.TEXT,
                 bold=win, align="left")
