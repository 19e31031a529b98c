"""Settings: the language, AI / animation speed, fullscreen, sound, the memory aid and the AI's
"why?" line, saved to user_dir()/settings.json."""
from __future__ import annotations

import pygame

from game.core.i18n import LANGUAGES, N_, SHIPPED, _, current_language
from .. import theme as T
from ..settings import SPEEDS
from ..widgets import Button, Choice, Segmented, text, wrap
from .base import WidgetScene

SPEED_HELP = {"off": N_("no animations, AI moves at once"), "fast": N_("quick animations, short AI pauses"),
              "normal": N_("about 0.6 s between AI moves"), "slow": N_("relaxed animations and pauses")}
SPEED_LABELS = {"off": N_("Instant"), "fast": N_("Fast"), "normal": N_("Normal"), "slow": N_("Slow")}


#: the rows' tops (layout units): each row is a 44 px control, a help line, then a gap; the
#: first starts 30 px inside the frame, as far as the labels are from its left edge
ROW_Y = (130, 206, 282, 358, 434, 510)
#: a control's height, and from a row's top to its help line's top (under the control)
ROW_H = 44
HELP_DY = 50


def language_options() -> list[str]:
    """The languages Settings offers: the shipped ones, each named in its own language."""
    return [LANGUAGES[code] for code in SHIPPED]
#: the labels' column (left edge, width) and the controls' left edge: the longest English label
#: ("Explain AI moves", 193 px at 20 px bold) on one line; a longer translation takes two
LABEL_X, LABEL_W = 280, 206
CONTROL_X = LABEL_X + LABEL_W + 24


class SettingsScene(WidgetScene):
    title = N_("Settings")
    frame = (250, 100, 780, 590)

    def enter(self, **_kw) -> None:
        self.title = _(SettingsScene.title)
        s = self.app.settings
        y_lang, y_speed, y_full, y_sound, y_aid, y_why = ROW_Y
        x = CONTROL_X
        lang = current_language()
        self.language = Choice((x, y_lang, 300, ROW_H), language_options(),
                               SHIPPED.index(lang) if lang in SHIPPED else 0, self.set_language, size=18)
        self.speed = Segmented((x, y_speed, 480, ROW_H), [_(SPEED_LABELS[x]) for x in SPEEDS],
                               SPEEDS.index(s.speed), self.set_speed, size=18)
        self.full = Segmented((x, y_full, 300, ROW_H), [_("Window"), _("Fullscreen")],
                              1 if self.app.fullscreen else 0, self.set_full, size=18)
        self.sound = Segmented((x, y_sound, 300, ROW_H), [_("Sound on"), _("Sound off")], 0 if s.sound else 1,
                               self.set_sound, size=18)
        self.aid = Segmented((x, y_aid, 300, ROW_H), [_("Off"), _("On")], 1 if s.memory_aid else 0, self.set_aid,
                             size=18)
        self.why = Segmented((x, y_why, 300, ROW_H), [_("Off"), _("On")], 1 if s.explain_ai else 0, self.set_why,
                             size=18)
        self.widgets = [self.language, self.speed, self.full, self.sound, self.aid, self.why,
                        Button((540, 620, 200, 52), _("Done"), self.app.pop, keys=(pygame.K_ESCAPE,),
                               style="primary")]
        self.saved_in = _("Saved in {path}").format(path=self.app.settings_path_hint())   # once, not per frame
        self.focus_default()

    def default_focus(self):
        """The speed, the setting changed most (the language row is one Up away)."""
        return self.speed

    def set_language(self, i: int) -> None:
        """Every screen speaks the chosen language at once (``App.set_language``), saved."""
        self.app.set_language(SHIPPED[i])
        self.app.save_settings()

    def set_speed(self, i: int) -> None:
        self.app.settings.speed = SPEEDS[i]
        self.app.save_settings()

    def set_full(self, i: int) -> None:
        self.app.set_fullscreen(i == 1)
        self.app.settings.fullscreen = self.app.fullscreen
        self.full.index = 1 if self.app.fullscreen else 0
        self.full._sync()
        self.app.save_settings()

    def set_sound(self, i: int) -> None:
        self.app.settings.sound = i == 0
        self.app.sounds.enabled = self.app.settings.sound
        self.app.save_settings()
        self.app.sounds.play("token")

    def set_aid(self, i: int) -> None:
        self.app.settings.memory_aid = i == 1
        self.app.save_settings()

    def set_why(self, i: int) -> None:
        self.app.settings.explain_ai = i == 1
        self.app.save_settings()

    def label_lines(self, label: str) -> list[str]:
        """A row's label as drawn: one line at 20 px where it fits the column, else two at 18 px."""
        a = self.app
        if a.fonts.get(a.view.n(20), True).size(label)[0] <= a.view.n(LABEL_W):
            return [label]
        return wrap(a, label, 18, LABEL_W, bold=True)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        a = self.app
        rows = ((_("Language"), _("Menus, tables, rules and lessons change at once")),
                (_("Game speed"), _(SPEED_HELP[SPEEDS[self.speed.index]])),
                (_("Display"), _("F11 toggles fullscreen anywhere")),
                (_("Sound"), _("Card sounds and the fanfare at the end of a game")),
                (_("Memory aid"), _("King Thief Minister: marks the cards you have seen")),
                (_("Explain AI moves"), _("After an AI's move, a short line says why it played so")))
        for y, (label, help_line) in zip(ROW_Y, rows):
            lines = self.label_lines(label)
            if len(lines) == 1:
                text(surf, a, label, (LABEL_X, y + ROW_H // 2), 20, T.TEXT, bold=True, anchor="midleft", max_w=LABEL_W)
            else:                                   # a long translation: two lines, never below 16 px
                for k, part in enumerate(lines[:2]):
                    text(surf, a, part, (LABEL_X, y + ROW_H // 2 - 11 + k * 22), 18, T.TEXT, bold=True,
                         anchor="midleft", max_w=LABEL_W)
            text(surf, a, help_line, (CONTROL_X, y + HELP_DY), 16, T.TEXT_DIM, anchor="topleft",
                 max_w=self.frame[0] + self.frame[2] - 30 - CONTROL_X)
        text(surf, a, self.saved_in, (640, 597), 16, T.TEXT_DIM, anchor="center", max_w=640)
        self.draw_widgets(surf)
        self.draw_message(surf)
