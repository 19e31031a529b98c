"""Boss Quest's table on the kit: the boss with its live HP, the Magician's row of spells,
the weapon deck, each knight's row of weapons (the hidden one first) with hearts, keys,
pawn and the spells laid on them; combat resolves row by row into a score sheet.  This
module maps the model, zones, drops and choices; the event handlers are
``bossquest_events``, the drawing ``bossquest_draw``, the words ``bossquest_lines``.

Input: Take 1-4 (buttons or keys 1-4); the pawn dragged onto the Magician (or Enter /
M: the Magician's choice rows); a spell dragged onto a knight's row, the boss or the
discard.  Every drop is resolved against ``legal_actions`` by the kit."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pygame

from game.core.i18n import _, ngettext
from game.rules.bossquest import BOSS, MYSTERY, SPELLS, WEAPONS, activate, discard, spell_text, strength_of
from game.words import bossquest as bq_words
from ..cards import card_size
from ..sprites import draw_card
from ..table import Drag, DropZone
from ..table.game_table import GameTable
from ..tween import ease_out_cubic
from . import bossquest_draw, bossquest_lines
from .bossquest_draw import SPELL_W, sface
from .bossquest_events import BossQuestEvents
from . import bossquest_help

#: the round's score sheet rows a lesson's ``keys:`` and ``hearts:`` light while it shows, from
#: its strength down (``bossquest_lines.round_sheet``: Strength, Against, Keys won,
#: Hearts lost, Keys, Hearts): "20, PERFECT, +2", "22, bust, -, -1"
SHEET_ROWS = {"keys": (0, 2), "hearts": (0, 3)}


@dataclass
class BQShown:
    round: int
    armorer: int
    turn: int | None
    phase: str
    hearts: list
    keys: list
    boss: int
    boss_hp: int
    boss_left: int
    face_up: list                   # per seat: its face-up weapons
    hidden: list                    # per seat: the hidden weapon this viewer knows, else None
    hidden_public: list
    seat: int | None                # the viewer (None: the spectator)
    over: list
    status: list
    magician: list                  # spell ids; None: taken; MYSTERY: face down
    active: tuple
    aim: tuple | None
    spell_top: int | None
    deck: int
    deck_top: list                  # weapons put back on top, as far as this viewer knows
    top_public: list
    fight: dict = field(default_factory=dict, compare=False)      # seat -> the fight event's data
    turned: int | None = field(default=None, compare=False)       # a turned-up mystery spell on show

    @property
    def strength(self) -> int | None:
        """The viewer's strength as the rules compute it from the cards and spells shown on
        their row, so it changes in the very step that lands a card or a spell."""
        v = self.seat
        if v is None or self.hidden[v] is None:
            return None
        return strength_of((self.hidden[v], *self.face_up[v]), self.active, v)


class BossQuestTable(BossQuestEvents, GameTable):
    help_line, help_spots = bossquest_help.line, bossquest_help.spots     # help at the table
    game = "bossquest"
    multi_select = False
    show_empty_count = False
    ring_mark = False
    owed_secrets = True              # hot seat: the actor sees a swap's or an exchange's result, then "remember it"

    def owes(self, e, seat: int) -> bool:
        """Only the actor's own news waits for them: any other secret (a dealt hidden weapon, a
        weapon swapped onto your row) is in your observation when you next sit down."""
        return e.kind in ("swapped", "exchanged") and seat == e.data["seat"]

    # ------------------------------------------------------------------ model
    def setup(self) -> None:
        self.visiting = False            # the viewer's pawn stands at the Magician (before a spell)
        self.hp_tween = None
        self.banner = ""
        self.fights: dict = {}
        self.keys_to_win = self.kit.obs().keys_to_win
        self.drawn_faces: set[str] = set()
        self.drawn_strength: int | None = None

    def view_from(self, obs) -> BQShown:
        return BQShown(obs.round, obs.armorer, obs.turn, obs.phase, list(obs.hearts), list(obs.keys), obs.boss,
                      obs.boss_hp, obs.boss_deck_size, [tuple(f) for f in obs.face_up], list(obs.hidden),
                      list(obs.hidden_public), obs.seat, list(obs.over), list(obs.status), list(obs.magician),
                      tuple(obs.active), obs.aim, obs.spell_discard[-1] if obs.spell_discard else None,
                      obs.deck_size, list(obs.deck_top), list(obs.top_public))

    @property
    def visiting(self) -> bool:
        return getattr(self, "_visiting", False)

    @visiting.setter
    def visiting(self, value: bool) -> None:
        if value != self.visiting:
            self.kit.renew_answers()     # the buttons change with the pawn (no Take at the Magician)
        self._visiting = value

    def reset_ui(self) -> None:
        self.visiting = False
        self.focus_key, self.focus_index = None, 0     # the keyboard's focused card (Left/Right, Tab)

    def continue_rect(self) -> tuple[int, int, int, int]:
        """Under the score sheet while it shows; else in the answer buttons' band (empty while
        a step waits): mid-table it would cover the Magician's row (a hot-seat "remember it")."""
        if self.kit.sheet is not None:
            return super().continue_rect()
        z = self.kit.layout.shared("buttons")
        return (z.centerx - 110, z.y, 220, z.h)

    def is_active(self, seat: int) -> bool:
        return seat == self.shown.turn and self.shown.phase in ("play", "aim") and not self.shown.fight

    def game_readable(self) -> dict:
        """Beside the kit's: each knight's weapons (face up) and the PERFECT! banner while it is up."""
        out = {f"weapons:{s}": self.zone(s, "hand") for s in range(self.kit.n)}
        if self.banner and self.kit.curtain_for is None:
            out["perfect"] = self.kit.layout.overlay("celebration")
        return out

    def plate_note(self, seat: int) -> str:
        f = self.shown.fight.get(seat)
        if f is not None:                # the fight's verdict (drawn again in colour over the plate)
            return self.verdict(f)
        # the Armorer's plate says so; an AI seat's says its level; a person's, nothing
        note = _("Armorer") if seat == self.shown.armorer else super().plate_note(seat)
        if not note:
            return ""
        nz, a = self.zone(seat, "name"), self.kit.app
        size = 18 if nz.h >= 40 else 16                 # as the kit draws the plate
        name_w = a.fonts.get(a.view.n(size), True).size("▶ " + self.kit.name(seat))[0] / a.view.s
        note_w = a.fonts.get(a.view.n(16)).size(note)[0] / a.view.s
        return note if name_w + note_w + 34 <= nz.w else ""     # the name first (the top bar says the Armorer)

    def verdict(self, f: dict) -> str:
        """A fight's verdict on the knight's plate; the name first: where the whole name and the
        verdict's words do not fit side by side (a longer language), the strength alone (the
        pill's colour still says in or out, the round sheet says it in words)."""
        words = bossquest_lines.verdict(f)
        if f["perfect"] or f.get("seat") is None:
            return words
        nz, a = self.zone(f["seat"], "name"), self.kit.app
        name_w = a.fonts.get(a.view.n(16), True).size(self.kit.name(f["seat"]))[0] / a.view.s
        note_w = a.fonts.get(a.view.n(16)).size(words)[0] / a.view.s
        return words if name_w + note_w + 34 <= nz.w else str(f["strength"])

    def can_play(self) -> bool:
        return self.kit.can_play() and self.shown.turn == self.kit.viewer

    @classmethod
    def result_note(cls, outcome, obs, seat: int, wide: bool) -> str:
        k, h = obs.keys[seat], obs.hearts[seat]
        if wide:
            return _("{keys}, {hearts}").format(keys=ngettext("{n} key", "{n} keys", k).format(n=k),
                                                hearts=ngettext("{n} heart", "{n} hearts", h).format(n=h))
        return ngettext("{k} key · {h} ♥", "{k} keys · {h} ♥", k).format(k=k, h=h)

    @classmethod
    def result_lines(cls, outcome, obs, w) -> list[str]:
        """Who lost their last heart: they stand below every player with a heart left, whatever
        their keys (a trial saw 2 keys win over 3 and nothing said why)."""
        line = bq_words.out_of_running(w, obs.hearts)
        return [line] if line else []

    # ------------------------------------------------------------------ geometry
    def row_w(self, seat: int) -> float:
        return 84.0 if self.pos_of(seat) == 0 else 56.0

    def row_poses(self, seat: int, count: int) -> list[tuple[float, float]]:
        z, w = self.zone(seat, "hand"), self.row_w(seat)
        step = min(w + 6, (z.w - w) / max(1, count - 1))
        return [(z.x + w / 2 + k * step, z.centery) for k in range(count)]

    def row_count(self, seat: int) -> int:
        return 1 + len(self.shown.face_up[seat])

    def spell_spot(self, target: int, k: int, count: int) -> tuple[tuple[float, float], float]:
        """Where the k-th active spell on ``target`` (a seat or BOSS) lies, and its width."""
        if target == BOSS:
            z = self.kit.layout.shared("boss_spells")
            w = 60.0
            r, c = divmod(k, 3)
            return (z.x + 10 + w / 2 + c * (w + 10), z.y + 34 + w * 0.7 + r * (w * 1.4 + 6)), w
        z = self.zone(target, "spells")
        w = 46.0 if self.pos_of(target) == 0 else 44.0
        step = min(w + 4, (z.w - w) / max(1, count - 1))
        return (z.x + w / 2 + k * step, z.centery), w

    def slot_pt(self, k: int) -> tuple[float, float]:
        z = self.kit.layout.shared(f"spell_{k}")
        return z.centerx, z.y + 4 + SPELL_W * 0.7

    def pawn_pt(self, seat: int) -> tuple[float, float]:
        if self.shown.status[seat] != "equip" or (seat == self.kit.viewer and self.visiting):
            z = self.kit.layout.shared("magician")
            at = [s for s in range(self.kit.n) if self.shown.status[s] != "equip" or (s == self.kit.viewer and self.visiting)]
            return z.x + 18 + at.index(seat) * 23, z.bottom - 26
        return self.zone(seat, "pawn").center

    def pawn_h(self, seat: int) -> int:
        far = self.shown.status[seat] != "equip" or (seat == self.kit.viewer and self.visiting)
        return 34 if far else (64 if self.pos_of(seat) == 0 else 44)

    def row_rect(self, seat: int) -> pygame.Rect:
        return self.zone(seat, "name").union(self.zone(seat, "hand")).union(self.zone(seat, "spells"))

    # ------------------------------------------------------------------ acting
    def _legal(self) -> list:
        if self.kit.busy() or self.kit.viewer not in self.kit.match.to_act() or not self.kit.privacy.may_act(self.kit.viewer):
            return []
        return list(self.kit.match.legal(self.kit.viewer))

    def _visits(self) -> list:
        return [a for a in self._legal() if a.kind in ("activate", "discard", "wait", "aim")]

    def piece_at(self, p):
        if not self.can_play() or not self._visits():
            return None
        sh = self.shown
        if sh.aim is not None and self._hit_card(p, self.slot_pt(0), SPELL_W):
            return ("spell", "aim")
        if sh.aim is None:
            for k, c in enumerate(sh.magician):
                if c is not None and self._hit_card(p, self.slot_pt(k), SPELL_W):
                    return ("spell", k)
            px, py = self.pawn_pt(self.kit.viewer)
            if abs(p[0] - px) < 26 and abs(p[1] - py) < self.pawn_h(self.kit.viewer) / 2 + 4:
                return "pawn"
        return None

    @staticmethod
    def _hit_card(p, c, w) -> bool:
        return abs(p[0] - c[0]) <= w / 2 and abs(p[1] - c[1]) <= w * 0.7

    def piece_clicked(self, piece):
        if piece == "pawn":
            self.open_magician()
        elif isinstance(piece, tuple):      # a spell: held, its targets light up (click one; Enter: a list)
            card = self.drag_card(Drag("spell", (0, 0), (0, 0), piece[1]))
            name = spell_text(card) if card not in (None, MYSTERY) else _("The mystery spell")
            return _("{spell}: click its target (a row, the boss or the discard) · Enter: a list").format(spell=name)
        return None

    def drag_card(self, drag) -> int | None:
        if drag.key == "aim":
            return self.shown.aim[1] if self.shown.aim else None
        return self.shown.magician[drag.key] if isinstance(drag.key, int) else None

    def _aims_at(self, a, target) -> bool:
        if a.get("target") is not None:
            return a["target"] == target
        if a.get("weapon") is not None:
            return target == self.kit.viewer
        if a.get("cancel") is not None:
            return self.shown.active[a["cancel"]].target == target
        return target == BOSS or (a.get("slot") == 0 and target == self.kit.viewer)

    def spell_cands(self, drag, target) -> list:
        v, slot, card = self.kit.viewer, drag.key, self.drag_card(drag)
        if card is None:
            return []
        if target == "discard":
            return [discard(v, slot)] if slot != "aim" else []
        mine = [a for a in self._legal() if (a.kind == "aim") == (slot == "aim")
                and (slot == "aim" or (a.kind == "activate" and a["slot"] == slot))]
        hit = [a for a in mine if self._aims_at(a, target)]
        if hit or slot == "aim" or card == MYSTERY:
            return hit
        eff = SPELLS[card].effect                     # a candidate of the right shape: the engine says why not
        if target != BOSS and eff in ("strength", "swap"):
            return [activate(v, slot, target=target)]
        if target == v and eff == "exchange" and self.shown.face_up[v]:
            return [activate(v, slot, weapon=WEAPONS[self.shown.face_up[v][0]].name)]
        if target == BOSS and not SPELLS[card].dark and eff != "cancel":
            return [activate(v, slot)]
        return []

    def spell_why(self, drag, target) -> str:
        return bossquest_lines.spell_why(self.drag_card(drag), target)

    def drop_zones(self) -> list[DropZone]:
        zones = [DropZone("magician", self.kit.layout.shared("magician"), "pawn", lambda d: self._visits(),
                          hint=_("Drop your pawn on the Magician"))]
        for seat in range(self.kit.n):
            zones.append(DropZone(f"row{seat}", self.row_rect(seat), "spell",
                                  lambda d, s=seat: self.spell_cands(d, s), explain=lambda d, s=seat: self.spell_why(d, s)))
        boss = self.kit.layout.shared("boss").union(self.kit.layout.shared("boss_spells"))
        zones.append(DropZone("boss", boss, "spell", lambda d: self.spell_cands(d, BOSS),
                              explain=lambda d: self.spell_why(d, BOSS)))
        zones.append(DropZone("discard", self.kit.layout.shared("discard"), "spell",
                              lambda d: self.spell_cands(d, "discard"), explain=lambda d: self.spell_why(d, "discard"),
                              hint=_("Drop the spell on a target or on the discard")))
        return zones

    def submit(self, action):
        done = self.kit.submit(action)
        if done is False:               # not played (a lesson's other move): the pawn comes home, Take is back
            self.visiting = False
        return done

    def on_drop(self, zone, actions, drag) -> None:
        if drag.kind == "pawn":
            if self.kit.lesson_refuses(actions):     # a lesson's Take step: refused as the pawn lands (as Enter
                return                           # on the Magician is); not visiting: the pawn stands at home
            if [a.kind for a in actions] == ["wait"]:
                self.submit(actions[0])
            else:
                self.visiting = True
            return
        if len(actions) > 1:             # Exchange a weapon dropped on one of my weapons: that one
            actions = self.weapon_under(drag.pos, actions) or actions
        if len(actions) == 1:
            self.submit(actions[0])
        else:            # e.g. Exchange a weapon dropped beside the weapons: which of them goes back
            card = self.drag_card(drag)
            self._pick(spell_text(card) if card not in (None, MYSTERY) else _("The mystery spell"),
                       _("Choose one"), [(self.action_label(a), a, None) for a in actions])

    def weapon_under(self, p, actions) -> list:
        """The actions among ``actions`` that give back the weapon of the viewer's row under the
        point ``p`` (the topmost card there), or [] when no weapon of theirs is under it."""
        v, sh = self.kit.viewer, self.shown
        if v is None or sh.hidden[v] is None:
            return []
        cards = (sh.hidden[v], *sh.face_up[v])
        w = self.row_w(v)
        for k in reversed(range(len(cards))):       # the later card lies on top
            if self._hit_card(p, self.row_poses(v, len(cards))[k], w):
                name = WEAPONS[cards[k]].name
                return [a for a in actions if a.get("weapon") == name]
        return []

    def spring_piece(self, drag, p) -> None:
        if drag.kind == "spell":
            card = self.drag_card(drag)
            home = self.slot_pt(0 if drag.key == "aim" else drag.key)
            face = sface(card) if card not in (None, MYSTERY) else None
            self.kit.fly(p, home, SPELL_W, SPELL_W, face, duration=0.2, ease=ease_out_cubic)

    def action_label(self, a) -> str:
        return bossquest_lines.action_label(self, a)

    def _pick(self, title: str, subtitle: str, options: list) -> None:
        """A choice row; Enter takes the first tile (keyboard play: Enter, Enter, Enter)."""
        ch = self.kit.choice_row(title, subtitle, options)
        first = next((b for b in ch.buttons if b.enabled), None)
        if first is not None:
            first.keys = tuple(first.keys) + (pygame.K_RETURN, pygame.K_KP_ENTER)

    def _icon(self, card):
        art = self.kit.app.cards
        if card == MYSTERY:
            return lambda px: art.back(card_size(px * 5 / 7), "mystery")
        return lambda px: art.face(sface(card), card_size(px * 5 / 7))

    def open_magician(self) -> None:
        acts = self._visits()
        if not acts:
            return
        if self.kit.lesson_refuses(acts):
            return                               # a lesson's Take step: the Magician is refused at once,
                                                 # not after a spell and a target were chosen
        if self.shown.aim is not None:
            return self.open_targets("aim")
        if [a.kind for a in acts] == ["wait"]:
            self.submit(acts[0])
            return
        self.visiting = True
        opts = [(spell_text(c) if c != MYSTERY else _("Mystery"), ("slot", k), self._icon(c))
                for k, c in enumerate(self.shown.magician) if c is not None]
        self._pick(_("The Magician"), _("Choose a spell (or drag one onto its target)"), opts)
        self.kit.choice.too_far = lambda n: ngettext("There is only {n} spell: press 1",
                                                 "There are only {n} spells: press 1 to {n}", n).format(n=n)

    def open_targets(self, slot) -> None:
        if slot == "aim":
            acts = [a for a in self._visits() if a.kind == "aim"]
            title = _("{spell}: choose").format(spell=spell_text(self.shown.aim[1]))
        else:
            acts = [a for a in self._visits() if a.kind in ("activate", "discard") and a["slot"] == slot]
            c = self.shown.magician[slot]
            title = spell_text(c) if c != MYSTERY else _("The mystery spell")
        if acts:
            self._pick(title, _("Choose its target, or drag the spell onto it."), [(self.action_label(a), a, None) for a in acts])

    def cancel_choice(self) -> None:
        """Cancel in the Magician's choices: the pawn goes home.  Before a spell is chosen the
        visit is not a move yet (the engine's visit is the spell itself), so Take is back."""
        self.kit.cancel_choice()
        self.pawn_home()

    def pawn_home(self) -> None:
        if self.visiting and self.shown.phase != "aim":
            self.visiting = False

    def handle_key(self, ev) -> None:
        if ev.key == pygame.K_ESCAPE and self.visiting and self.kit.held is None and not self.kit.selected \
                and self.shown.phase != "aim":
            self.pawn_home()                 # Esc: the pawn dropped on the Magician goes home (no move was made)
            return
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.cycle_focus(-1 if ev.key == pygame.K_LEFT else 1):
            return
        self.kit.handle_key(ev)

    # -- the keyboard's focus: the cards H explains (no hand here: the spells, the weapons, the boss)
    FOCUS_KINDS = ("spell", "boss", "active", "hidden", "weapon")

    def focus_spots(self) -> list:
        """What the keyboard can focus, in reading order: the Magician's spells left to right,
        the boss and the spells on it, then each knight's row (the viewer's first) left to
        right, as far as the viewer may see them (the help's own spots: nothing private on a
        hidden screen)."""
        spots = [s for s in bossquest_help.spots(self)
                 if s.key[0] in self.FOCUS_KINDS and (not s.private or self.kit.may_see())]
        order = {k: i for i, k in enumerate(self.FOCUS_KINDS)}

        def rank(s):
            kind = s.key[0]
            if kind == "spell":
                return (0, 0, s.key[1])
            if kind == "boss":
                return (1, 0, 0)
            if kind == "active" and s.key[1] == BOSS:
                return (1, 1, s.key[2])
            seat = s.key[1]
            k = 0 if kind == "hidden" else (s.key[2] + 1 if kind == "active" else s.key[2])
            return (2, self.pos_of(seat), order[kind] if kind == "active" else 0, k)
        return sorted(spots, key=rank)

    def cycle_focus(self, step: int) -> bool:
        spots = self.focus_spots()
        if not spots:
            self.focus_key = None
            return False
        keys = [s.key for s in spots]
        cur = getattr(self, "focus_key", None)
        if cur in keys:
            i = (keys.index(cur) + step) % len(keys)
        else:
            i = min(getattr(self, "focus_index", 0), len(keys) - 1) if cur is not None else \
                (0 if step > 0 else len(keys) - 1)
        self.focus_key, self.focus_index = keys[i], i
        return True

    def focused_spot(self):
        """The spot the keyboard focus is on (re-found by place when the thing changed)."""
        cur = getattr(self, "focus_key", None)
        if cur is None or self.kit.curtain_for is not None:
            return None
        spots = self.focus_spots()
        hit = next((s for s in spots if s.key == cur), None)
        if hit is None and spots:
            hit = spots[min(getattr(self, "focus_index", 0), len(spots) - 1)]
            self.focus_key = hit.key
        return hit

    def help_focused(self):
        return self.focused_spot()

    def draw_overlays(self, surf) -> None:
        spot = self.focused_spot() if self.kit.app.keyboard_focus else None
        if spot is not None and self.kit.choice is None:
            from .. import theme as T
            v = self.kit.app.view
            pygame.draw.rect(surf, T.GOLD, v.rect(spot.rect.inflate(10, 10)), max(2, v.n(3)),
                             border_radius=v.n(10))

    def choose(self, action) -> None:
        if isinstance(action, tuple):
            self.kit.choice = None
            return self.open_targets(action[1])
        self.kit.choose(action)

    def answer_buttons(self, seat, legal):
        acts = list(legal)
        if not acts or self.shown.turn != seat:
            return []
        if self.shown.phase == "aim":
            return [(("aim",), _("Choose…"), "primary", (pygame.K_RETURN, pygame.K_KP_ENTER))]
        specs = [(a, bossquest_lines.action_label(self, a), "normal", (pygame.K_1 + a["n"] - 1, pygame.K_KP1 + a["n"] - 1))
                 for a in acts if a.kind == "equip" and not self.visiting]    # the pawn is at the Magician: no more weapons
        wait = [a for a in acts if a.kind == "wait"]
        specs.append((wait[0] if wait else ("magician",), _("Wait") if wait else _("Magician…"), "primary",
                      (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_m)))
        return specs

    def answer(self, action) -> None:
        if isinstance(action, tuple):
            return self.open_magician()
        self.kit.answer(action)

    def play_selection(self) -> None:
        held, self.kit.held = self.kit.held, None
        if held is not None and held.kind == "spell" and self.can_play():
            self.open_targets(held.key)              # a spell held after a click: its targets as a list
        elif self.can_play():
            self.open_magician()

    def autoplay_turn(self, h) -> bool:
        if self.kit.choice is not None:
            h.key(pygame.K_RETURN)
            return True
        return False

    # ------------------------------------------------------------------ lessons
    def lesson_target(self, spec: str) -> pygame.Rect | None:
        """A lesson's Boss Quest names: ``hidden:<seat>`` (a knight's hidden weapon),
        ``hearts:<seat>``, ``keys:<seat>`` (while the round's score sheet covers the table: that
        seat's column on the sheet, from its strength down to "Keys won" or "Hearts lost"),
        ``sheet:<row>`` or ``sheet:<row>:<seat>`` (a row of the score sheet, or one seat's value
        on it), ``active:<i>`` (the i-th spell in play, where it lies), ``take:<n>`` (the Take n
        button)."""
        kind, _sep, arg = spec.partition(":")
        k = int(arg) if arg.isdigit() else -1
        if kind == "sheet":
            row, _sep, col = arg.partition(":")
            return self.kit.sheet_rect(int(row), int(col) if col else None) if row.isdigit() and \
                (not col or col.isdigit()) else None
        if kind in ("keys", "hearts") and self.kit.sheet is not None:
            first, last = SHEET_ROWS[kind]
            top, bottom = self.kit.sheet_rect(first, k) if 0 <= k < self.kit.n else None, self.kit.sheet_rect(last, k)
            return top.union(bottom) if top is not None and bottom is not None else None
        if kind == "take":
            b = next((b for b in self.kit.answers if getattr(b.action, "kind", "") == "equip" and b.action["n"] == k), None)
            return pygame.Rect(b.rect) if b is not None else None
        if kind == "active" and 0 <= k < len(self.shown.active):
            on = self.shown.active[k].target
            same = [i for i, a in enumerate(self.shown.active) if a.target == on]
            (x, y), w = self.spell_spot(on, same.index(k), len(same))
        elif kind == "hidden" and 0 <= k < self.kit.n:
            (x, y), w = self.row_poses(k, self.row_count(k))[0], self.row_w(k)
        elif kind in ("hearts", "keys") and 0 <= k < self.kit.n:
            return bossquest_draw.token_rect(self.game_view(), k, kind)
        else:
            return None
        return pygame.Rect(round(x - w / 2), round(y - w * 0.7), round(w), round(w * 1.4))

    def lesson_buttons(self) -> list:
        """The Magician's tile of the spell a lesson's step plays (Enter / M: the spell tiles
        lead to the target tiles, which carry their moves): lit and pressed as that move."""
        step = self.kit.lesson.run.step if self.kit.lesson is not None else None
        want = step.expect if step is not None and step.kind == "you" else None
        if self.kit.choice is None or want is None or want.kind not in ("activate", "discard"):
            return []
        tile = next((b for b in self.kit.choice.buttons if getattr(b, "action", None) == ("slot", want["slot"])), None)
        return [SimpleNamespace(rect=tile.rect, enabled=tile.enabled, action=want)] if tile is not None else []

    # ------------------------------------------------------------------ drawing
    def status_text(self) -> tuple[str, str]:
        return bossquest_lines.status(self)

    def draw_view(self) -> bossquest_draw.BossQuestView:
        """What the drawing reads of the table now (``bossquest_draw``)."""
        flip, hp, rv = getattr(self, "boss_flip", None), self.hp_tween, getattr(self, "reveal_t", None)
        return bossquest_draw.BossQuestView(
            self.kit.draw_kit(), self.shown, self.kit.viewer, self.kit.n, self.kit.hotseat, self.kit.may_see(),
            self.kit.curtain_for is not None, self.banner, self.drop_zones(), bossquest_lines.score_bar(self),
            abs(1 - 2 * flip.value()) if flip is not None and not flip.done else 1.0,
            self.shown.boss_hp if hp is None or hp.done else round(hp.value()),
            abs(1 - 2 * rv.value()) if rv is not None and not rv.done else 1.0,
            self.visiting, self.kit.drag, self.keys_to_win, self.card, self.back, self.kit.half_covered, self.spell_spot,
            self.slot_pt, self.pawn_pt, self.pawn_h, self.row_w, self.row_poses, self.row_count, self.verdict,
            self.drag_card)

    def draw(self, surf) -> None:
        self.drawn_faces = set()
        self.drawn_strength = None
        self.kit.draw(surf)
        bossquest_draw.banner(self.game_view(), surf)

    def card(self, surf, pos, w, face, squash: float = 1.0) -> None:
        if face:
            self.drawn_faces.add(face)
        draw_card(surf, self.kit.app, pos, w, face, squash=squash)

    def back(self, surf, pos, w, kind: str) -> None:
        img = self.kit.app.cards.back(card_size(self.kit.app.view.s * w), kind)
        surf.blit(img, img.get_rect(center=self.kit.app.view.pt(*pos)))

    def draw_centre(self, surf) -> None:
        self.drawn_strength = bossquest_draw.centre(self.game_view(), surf)

    def draw_seat_extras(self, surf, seat: int) -> None:
        bossquest_draw.seat(self.game_view(), surf, seat)

    def draw_piece_drag(self, surf, drag) -> None:
        bossquest_draw.dragged(self.game_view(), surf, drag)


TABLE = BossQuestTable
