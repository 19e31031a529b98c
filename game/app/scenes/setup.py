"""Game setup: number of players, who sits where (human, AI level or phone), names, seed.

Any player range works: up to six seats get one wide row each; more seats are
laid out in columns of compact rows (20 seats fit at 1280x720 with 16 px text).
Every seat has a default name (``game.app.seating``): a lone human is "You",
several humans are "Player 1", "Player 2"...; names are made unique on Start.
"""
from __future__ import annotations

import math
import random

import pygame

from game.core import registry
from game.core.i18n import N_, _, ngettext
from game.match import SeatSpec
from .. import theme as T
from ..games import PLAYABLE, table_scene
from ..levels import level_line, level_name, table_level
from ..seating import NAME_MAX, default_names, name_char_refusal, name_seats
from ..widgets import Button, Choice, Segmented, TextField, text, wrap
from .base import WidgetScene

KINDS = (N_("Human"), N_("Easy"), N_("Normal"), N_("Hard"), N_("Phone"))
# the AI level (game.ai.LADDER) behind each seat kind; None = a person's seat
KIND_LEVELS = (None, "easy", "normal", "hard", None)
#: the seat kind (``SeatSpec.kind``) behind each: a person at this screen, the AI, a person on
#: their phone (issue 28; last, so the kinds before it keep their places)
KIND_SEATS = ("human", "ai", "ai", "ai", "phone")
PHONE_KIND = KIND_SEATS.index("phone")
DEFAULT_KIND = 2                                      # Normal
#: the seat kinds of the setup before the ladder (a remembered setup that still holds indices)
OLD_KIND_LEVELS = (None, "random", "heuristic", "search")
#: seats shown as one wide row each up to this many; more go into columns
WIDE_ROWS = 6
ROW_MIN_H = 30                 # a compact row (16 px text in a 26 px field)
LEVEL_SIZE = 18                # the level line's text (16 px where two lines of 18 do not fit)


class SetupScene(WidgetScene):
    subtitle = N_("Who is at the table?")
    frame = (200, 100, 880, 580)

    def enter(self, game: str = "masterbluff", rules=None, **_kw) -> None:
        """``rules``: a rules object to set up instead of the registered ``game`` (tests)."""
        self.game = game
        self.rules = rules or registry.get(game)
        self.title = _("New game: {game}").format(game=_(self.rules.title))
        self.subtitle = _(SetupScene.subtitle)
        self.players = max(self.rules.min_players, min(3, self.rules.max_players))
        n = self.rules.max_players
        from game.ai import levels_for

        have = levels_for(game)
        # the seat kinds this game offers (an AI level it does not have yet is greyed out)
        self.kind_ok = [lv is None or lv in have for lv in KIND_LEVELS]
        # Normal, else the nearest level the game has (Hard, then Easy); a game with none keeps
        # Normal, greyed out (Start then says the game has no such AI yet)
        default = next((k for k in (DEFAULT_KIND, 3, 1) if self.kind_ok[k]), DEFAULT_KIND)
        self.kinds = [0 if i == 0 else default for i in range(n)]
        self.typed: list[str | None] = [None] * n            # None: the seat keeps its default name
        too_long = ngettext("A name has at most {n} character.", "A name has at most {n} characters.",
                            NAME_MAX).format(n=NAME_MAX)
        self.names = [TextField((0, 0, 10, 10), "", max_len=NAME_MAX, on_edit=(lambda v, i=i: self.edited(i, v)),
                                check=self.name_char_refusal, too_long=too_long, on_refuse=self.name_refused,
                                count=True)
                      for i in range(n)]
        self.name_message: str | None = None      # the last refusal said while typing a name
        # the game's own options (its table module's SETUP_OPTIONS), each at the rules' default
        self.opt_specs = table_scene(game).SETUP_OPTIONS if game in PLAYABLE else ()
        self.opt_when = table_scene(game).SETUP_OPTION_WHEN if game in PLAYABLE else {}
        defaults = self.rules.default_options
        self.opt_index = {key: next((i for i, (v, _l) in enumerate(ch) if v == defaults.get(key)), 0)
                          for key, _label, ch, _w in self.opt_specs}
        self.opt_widgets: dict = {}
        self.help_from = "kind"                  # what the level line speaks of: "kind" or "option" (changed last)
        self.last_kind: int | None = None        # the seat whose kind changed last
        self.recall()
        self.seed = TextField((0, 0, 10, 10), "", max_len=10, allowed=str.isdigit, placeholder=_("random"))
        self.refresh_names()
        self.build()
        self.focus.set(self.start_button, self.widgets)
        if self.game not in PLAYABLE:
            self.message = _("{game} has no table yet.").format(game=_(self.rules.title))

    # -- layout
    @property
    def has_ending(self) -> bool:
        return bool(self.opt_specs)

    def grid(self) -> tuple[int, int, float]:
        """(columns, rows, row height) for the seat rows."""
        area = self.seats_bottom - self.seats_top
        n = self.players
        if n <= WIDE_ROWS and n * 50 <= area:
            return 1, n, 50.0
        per_col = max(1, int(area // ROW_MIN_H))
        cols = max(2, math.ceil(n / per_col))
        rows = math.ceil(n / cols)
        return cols, rows, min(46.0, area / rows)

    def build(self) -> None:
        self.seats_top = 186
        self.seats_bottom = 490 if self.has_ending else 540
        # the chosen option's line (e.g. Death's mode): under the options
        self.help_y = 542
        cols, rows, row_h = self.grid()
        self.cols = cols
        # one frame per game, whatever the count: a game that can seat more than WIDE_ROWS gets the
        # wide one from the start, so the count's arrows, Back and Start never move under the mouse
        wide = cols > 1 or self.rules.max_players > WIDE_ROWS
        self.frame = (60, 100, 1160, 580) if wide else (200, 100, 880, 580)
        fx = self.frame[0]
        counts = list(range(self.rules.min_players, self.rules.max_players + 1))
        self.widgets = []
        if len(counts) <= 6:
            self.count_choice = Segmented((fx + 240, 128, 60 * len(counts), 44), [str(c) for c in counts],
                                          counts.index(self.players), self.set_players, size=18)
        else:
            labels = [ngettext("{n} player", "{n} players", c).format(n=c) for c in counts]
            self.count_choice = Choice((fx + 240, 128, 240, 44), labels, counts.index(self.players),
                                       self.set_players, size=18, wrap=False)
        self.count_choice.role = "count"
        self.widgets.append(self.count_choice)
        self.rows = []
        kinds = [_(k) for k in KINDS]
        if cols == 1:
            for i in range(self.players):
                y = self.seats_top + i * row_h
                f = self.names[i]
                f.rect = pygame.Rect(fx + 130, y, 236, 42)
                f.size = 18
                seg = Segmented((fx + 382, y, self.frame[2] - 422, 42), kinds, self.kinds[i],
                                (lambda k, i=i: self.set_kind(i, k)), size=16, enabled=self.kind_ok)
                f.role, seg.role = ("name", i), ("kind", i)
                self.rows.append((i, f, seg))
                self.widgets += [f, seg]
        else:
            inner_x, inner_w, gap = fx + 36, self.frame[2] - 72, 36
            col_w = (inner_w - gap * (cols - 1)) / cols
            fh = round(row_h) - 4
            for i in range(self.players):
                c, r = divmod(i, rows)
                x = inner_x + c * (col_w + gap)
                y = self.seats_top + r * row_h
                f = self.names[i]
                name_w = min(240, round(col_w - 284))         # room for a 16-character name and its count
                f.rect = pygame.Rect(round(x + 34), round(y), name_w, fh)
                f.size = 16
                ch = Choice((round(x + 44 + name_w), round(y), round(col_w - 44 - name_w), fh), kinds, self.kinds[i],
                            (lambda k, i=i: self.set_kind(i, k)), size=16)
                f.role, ch.role = ("name", i), ("kind", i)
                self.rows.append((i, f, ch))
                self.widgets += [f, ch]
        x = fx + 130
        self.opt_labels = []                          # (label, x) drawn before each option's control
        for n, (key, label, choices, w) in enumerate(self.opt_specs):
            if n:
                self.opt_labels.append((label, x + 4))
                x += 84
            else:
                self.opt_labels.append((label, fx + 40))
            if len(choices) <= 3:
                wdg = Segmented((x, 494, w, 36), [_(lbl) for _v, lbl in choices], self.opt_index[key],
                                (lambda k, key=key: self.set_option(key, k)), size=16)
            else:
                wdg = Choice((x, 494, w, 36), [_(lbl) for _v, lbl in choices], self.opt_index[key],
                             (lambda k, key=key: self.set_option(key, k)), size=16, wrap=False)
            wdg.role = ("option", key)
            self.opt_widgets[key] = wdg
            self.widgets.append(wdg)
            x += w + 16
        self.note_x = x                               # the game's note (Death: how long), after the options
        self.refresh_options()
        self.level_spot = self._level_spot()
        self.seed.rect = pygame.Rect(fx + 130, 552, 180, 44)
        self.widgets.append(self.seed)
        rnd = Button((fx + 322, 552, 120, 44), _("Random"), self.random_seed, size=16)
        fr = pygame.Rect(self.frame)
        back = Button((fr.x + 40, 612, 240, 52), _("Back"), self.app.pop, keys=(pygame.K_ESCAPE,))
        learn = Button((fr.centerx - 110, 612, 220, 52), _("Learn to play"),
                       lambda: self.app.start_lesson(self.game), enabled=self.game in PLAYABLE, size=18)
        rnd.role, back.role, learn.role = "random", "back", "learn"
        self.widgets += [rnd, back, learn]
        self.start_button = Button((fr.right - 280, 612, 240, 52), _("Start"), self.start, style="primary",
                                   size=22, keys=(pygame.K_RETURN, pygame.K_KP_ENTER),
                                   enabled=self.game in PLAYABLE)
        self.start_button.role = "start"
        self.widgets.append(self.start_button)

    def _level_spot(self) -> tuple[int, int, int, str]:
        """Where the level line goes: (x, y, width, "under" or "beside").  Under the seat rows,
        in line with the names, where there is room before the options (or the seed); where
        the rows fill that room (Death's 6 to 20 seats), beside the player count, just above
        the rows.  Never in the place of the option's own line."""
        fx, fw = self.frame[0], self.frame[2]
        bottom = max(f.rect.bottom for _i, f, _w in self.rows)
        limit = 494 if self.has_ending else 552
        if self.cols == 1 and limit - bottom >= 34:
            return fx + 130, bottom + 8, fw - 170, "under"
        x = self.count_choice.rect.right + 24
        return x, self.count_choice.rect.centery, fx + fw - 40 - x, "beside"

    def level_lines(self, line: str) -> tuple[list[str], int]:
        """The level line as drawn at ``level_spot``: (its lines, their size): one line of 18 px,
        else two of 18 px, else two of 16 px."""
        w = self.level_spot[2]
        for size in (LEVEL_SIZE, 16):
            lines = wrap(self.app, line, size, w)
            if len(lines) <= 2:
                return lines, size
        return lines[:2], 16

    def default_focus(self):
        return self.start_button

    # -- changes
    def set_players(self, idx: int) -> None:
        self.players = self.rules.min_players + idx
        self.refresh_names()
        self.build()
        self.remember()

    def set_kind(self, seat: int, k: int) -> None:
        self.kinds[seat] = k
        self.last_kind, self.help_from = seat, "kind"
        self.refresh_names()
        self.remember()

    def set_option(self, key: str, k: int) -> None:
        self.opt_index[key] = k
        self.help_from = "option"
        self.refresh_options()
        self.remember()

    def exit(self) -> None:
        self.remember()                          # Back, Esc, Learn to play: the choices are kept too

    def option_applies(self, key: str) -> bool:
        """Whether option ``key`` means anything with the other options as chosen."""
        if key not in self.opt_when:
            return True
        other, values = self.opt_when[key]
        choices = next(ch for k, _l, ch, _w in self.opt_specs if k == other)
        return choices[self.opt_index[other]][0] in values

    def option_help(self) -> str:
        """One line saying what the chosen value of an option means (the table's
        ``SETUP_OPTION_HELP``), e.g. Death's mode."""
        helps = table_scene(self.game).SETUP_OPTION_HELP if self.game in PLAYABLE else {}
        pointed = self.pointed_option()
        for key, _label, choices, _w in self.opt_specs:
            if key in helps and self.option_applies(key):
                i = pointed[1] if pointed is not None and pointed[0] == key else self.opt_index[key]
                line = helps[key].get(choices[i][0])
                if line:
                    return _(line)
        return ""

    def setup_note(self) -> str:
        """The table's note beside its options for the setup as chosen (``setup_note(players,
        options, humans)``: Death's "About 40 minutes"), or ""."""
        fn = getattr(table_scene(self.game), "setup_note", None) if self.game in PLAYABLE else None
        if fn is None:
            return ""
        opts = {key: choices[self.opt_index[key]][0] for key, _l, choices, _w in self.opt_specs}
        return fn(self.players, opts, sum(1 for k in self.kinds[:self.players] if KIND_SEATS[k] != "ai"))

    def pointed_option(self) -> tuple[str, int] | None:
        """(option, choice) under the pointer, before it is chosen: its line shows while choosing."""
        for key, w in self.opt_widgets.items():
            hit = next((k for k, b in enumerate(getattr(w, "buttons", ())) if b.hover), None)
            if hit is not None:
                return key, hit
        return None

    def pointed_kind(self) -> tuple[int, int] | None:
        """(seat, kind) the level line speaks of: the seat kind under the pointer (a level button
        pointed at, before it is chosen), else the focused seat's, else the last one changed."""
        for i, _f, w in self.rows:
            if isinstance(w, Segmented):
                hit = next((k for k, b in enumerate(w.buttons) if b.hover), None)
                if hit is not None:
                    return i, hit
            elif getattr(w, "hover", False):
                return i, w.index
        cur = self.focus.current
        role = getattr(cur, "role", None)
        if isinstance(role, tuple) and role[0] == "kind" and role[1] < self.players:
            return role[1], self.kinds[role[1]]
        if self.last_kind is not None and self.last_kind < self.players and self.help_from == "kind" \
                and self.kinds[self.last_kind]:       # (a seat made human: the default line below)
            return self.last_kind, self.kinds[self.last_kind]
        return None

    def level_help(self) -> str:
        """The line on an AI level or on a phone seat, drawn at ``level_spot`` (pointed, focused
        or last changed; by default the first AI or phone seat's), or "" (a human seat, or
        nothing to say).  It has its
        own place: the game's option line (``option_help``) shows beside it."""
        pointed = self.pointed_kind()
        if pointed is None:
            pointed = next(((i, k) for i, k in enumerate(self.kinds[:self.players]) if k), None)
            if pointed is None:
                return ""
        _seat, k = pointed
        if k == PHONE_KIND:
            return _("Phone: this player uses their own phone on the same Wi-Fi as this computer; "
                     "the table shows a code to scan.")
        level = KIND_LEVELS[k]
        if level is None:
            return ""
        if not self.kind_ok[k]:
            return _("{level}: not in this game yet.").format(level=level_name(level))
        return level_line(level)

    def refresh_options(self) -> None:
        """Grey out the options that do not apply (a greyed one keeps its choice)."""
        for key, wdg in self.opt_widgets.items():
            on = self.option_applies(key)
            if isinstance(wdg, Segmented):
                for b in wdg.buttons:
                    b.enabled = on
            else:
                wdg.enabled = on

    # -- memory: the last setup of each game, for this run of the app: kept at every change
    # (it used to be kept only by Start, so Back or "Learn to play" forgot the choices)
    def remember(self) -> None:
        """Kept by level name ("human", "easy", "normal", "hard"), not by button index."""
        self.app.setup_memory[self.game] = {
            "players": self.players, "levels": [KIND_LEVELS[k] or KIND_SEATS[k] for k in self.kinds],
            "typed": list(self.typed), "options": dict(self.opt_index)}
        # the names go with the family to the next game's setup (a trial retyped them per game)
        more = self.app.typed_names[len(self.typed):]
        self.app.typed_names = list(self.typed) + more

    @staticmethod
    def kind_of(level: str | None) -> int:
        """The seat kind (index in KINDS) for a remembered level, old names included (random ->
        Easy, heuristic -> Normal, search or expert -> Hard)."""
        if level in (None, "human"):
            return 0
        if level == "phone":
            return PHONE_KIND
        return KIND_LEVELS.index(table_level(level))

    def recall(self) -> None:
        last = self.app.setup_memory.get(self.game)
        if not last:
            # a game set up for the first time: the names typed in another game's setup
            self.typed = [(self.app.typed_names[i] if i < len(self.app.typed_names) else None)
                          for i in range(len(self.typed))]
            for f, typed in zip(self.names, self.typed):
                if typed is not None:
                    f.value = typed
            return
        self.players = last["players"]
        if "levels" in last:
            levels = list(last["levels"])
        else:                                 # a memory from before the ladder: button indices
            levels = [OLD_KIND_LEVELS[k] if 0 <= k < len(OLD_KIND_LEVELS) else "normal" for k in last["kinds"]]
        wanted = [self.kind_of(lv) for lv in levels]
        self.kinds = [k if self.kind_ok[k] else self.kinds[i] for i, k in enumerate(wanted)]
        self.typed = list(last["typed"])
        for f, typed in zip(self.names, self.typed):
            if typed is not None:
                f.value = typed
        self.opt_index.update({k: v for k, v in last["options"].items() if k in self.opt_index})

    def edited(self, seat: int, value: str) -> None:
        self.typed[seat] = value
        if self.name_message is not None and self.message == self.name_message:
            self.message = None                  # typing went on: the last refusal is old news
        self.name_message = None
        self.remember()

    def name_char_refusal(self, ch: str) -> str | None:
        """Why ``ch`` cannot be in a name: right-to-left letters (``seating``), or a character
        the shipped font has no glyph for (it would show as a box, e.g. most emoji)."""
        why = name_char_refusal(ch)
        if why is None and self.app.fonts.missing(ch) is not None:
            why = _("That character cannot be drawn by the game's font (it would show as a box), so it was left out.")
        return why

    def name_refused(self, reason: str) -> None:
        self.message, self.message_error, self.name_message = reason, True, reason

    def seat_kinds(self) -> list[str]:
        return [KIND_SEATS[self.kinds[i]] for i in range(self.players)]

    def refresh_names(self) -> None:
        """Seats whose name was not typed show the default for the current seating, in the
        placeholder's colour: it follows the seat's kind ("You" is "Player 1" once a phone sits
        down), where a typed name stays whatever kind the seat becomes (a phone trial took the
        defaults You/Bram/Cleo, drawn like typed names, for names the user had given)."""
        defaults = default_names(self.seat_kinds())
        for i, name in enumerate(defaults):
            self.names[i].placeholder = name
            self.names[i].suggested = self.typed[i] is None
            if self.typed[i] is None:
                self.names[i].value = name

    def options(self) -> dict:
        """The chosen options that differ from the rules' defaults."""
        defaults = self.rules.default_options
        out = {}
        for key, _label, choices, _w in self.opt_specs:
            if not self.option_applies(key):
                continue
            value = choices[self.opt_index[key]][0]
            if value != defaults.get(key):
                out[key] = value
        return out

    def random_seed(self) -> None:
        self.seed.value = str(random.randrange(1, 10 ** 9))

    def seat_specs(self) -> list[SeatSpec]:
        kinds = self.seat_kinds()
        names = name_seats(kinds, [self.names[i].value for i in range(self.players)])
        return [SeatSpec(names[i], kinds[i], KIND_LEVELS[self.kinds[i]] or "normal")
                for i in range(self.players)]

    def start(self) -> None:
        if self.game not in PLAYABLE:
            return
        missing = [i for i in range(self.players) if not self.kind_ok[self.kinds[i]]]
        if missing:
            self.message = _("{game} has no {kind} yet: choose another for seat {n}").format(
                game=_(self.rules.title), kind=_(KINDS[self.kinds[missing[0]]]), n=missing[0] + 1)
            return
        specs = self.seat_specs()
        for i, s in enumerate(specs):                  # show the names the table will use
            self.names[i].value = s.name
        seed = int(self.seed.value) if self.seed.value else None
        self.remember()
        self.app.start_table(self.game, specs, seed, options=self.options())

    def probe_state(self) -> dict:
        """For black-box tests (CROWNTABLE_TEST_PROBE): the seats and where the focus is."""
        cur = self.focus.current
        return {"setup": {"players": self.players, "names": [self.names[i].value for i in range(self.players)],
                          "kinds": [KINDS[self.kinds[i]] for i in range(self.players)],
                          "focus": repr(getattr(cur, "role", None)) if cur is not None else None}}

    # -- drawing
    def draw(self, surf: pygame.Surface) -> None:
        self.draw_background(surf)
        a = self.app
        fx = self.frame[0]
        text(surf, a, _("Players"), (fx + 40, 150), 18, T.TEXT, bold=True, anchor="midleft")
        for i, f, _w in self.rows:
            if self.cols == 1:
                text(surf, a, _("Seat {n}").format(n=i + 1), (fx + 40, f.rect.centery), 16, T.TEXT_DIM,
                     anchor="midleft", max_w=86)
            else:
                text(surf, a, str(i + 1), (f.rect.x - 8, f.rect.centery), 16, T.TEXT_DIM, anchor="midright")
        if self.has_ending:
            for label, x in self.opt_labels:
                text(surf, a, _(label), (x, 512), 18, T.TEXT, bold=True, anchor="midleft", max_w=80)
            note = self.setup_note()
            if note:
                text(surf, a, note, (self.note_x, 512), 16, T.TEXT, anchor="midleft",
                     max_w=self.frame[0] + self.frame[2] - 30 - self.note_x)
        # the AI level pointed at (or focused, or last changed), by the seat rows
        level = self.level_help()
        if level:
            x, y, w, where = self.level_spot
            lines, size = self.level_lines(level)
            step = size + 4
            if where == "beside":
                y -= step * (len(lines) - 1) / 2
            else:
                y += size / 2 + 2
            for k, ln in enumerate(lines):
                text(surf, a, ln, (x, y + k * step), size, T.TEXT, anchor="midleft", max_w=w)
        # what the game's chosen option means (its own words), under the options
        mode = self.option_help()
        if mode:
            text(surf, a, mode, (fx + 130, self.help_y), 16, T.TEXT_DIM, anchor="midleft",
                 max_w=self.frame[2] - 170)
        text(surf, a, _("Seed"), (fx + 40, 574), 18, T.TEXT, bold=True, anchor="midleft", max_w=82)
        text(surf, a, _("same seed + same moves = same game"), (fx + 460, 574), 16, T.TEXT_DIM,
             anchor="midleft", max_w=self.frame[2] - 490)
        self.draw_widgets(surf)
        self.draw_message(surf)
