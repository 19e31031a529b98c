"""Drawing for the MasterBluff table (a mixin of TableScene).  No state changes here."""
from __future__ import annotations

import math
import random

import pygame

from game.rules.masterbluff import FAMILIES
from .. import theme as T
from ..cards import card_size
from ..sprites import HAND_W, OPP_W, TABLE_W, draw_card, fan
from ..widgets import panel, text

TONES = {"call": T.OKABE["orange"], "true": (120, 230, 180), "false": (255, 170, 90), "": T.TEXT}


def ellipsize(ctx, s: str, size: float, width: float, bold: bool = False) -> str:
    font = ctx.fonts.get(ctx.view.n(size), bold)
    maxw = ctx.view.n(width)
    if font.size(s)[0] <= maxw:
        return s
    while s and font.size(s + "…")[0] > maxw:
        s = s[:-1]
    return s + "…"


class TableDrawing:
    """Mixed into TableScene: renders ``self.shown`` and sprites."""

    # -------------------------------------------------------------- cached layers
    def _background(self, surf: pygame.Surface) -> pygame.Surface:
        """Felt plus static table marks (pile and deck spots), cached per window size."""
        key = (surf.get_size(), self.n)
        cache = getattr(self, "_bg_cache", None)
        if cache and cache[0] == key:
            return cache[1]
        bg = T.felt(surf.get_size()).copy()
        v = self.app.view
        ring = pygame.Surface(bg.get_size(), pygame.SRCALPHA)
        oval = v.rect((150, 90, 980, 460))
        pygame.draw.ellipse(ring, (255, 255, 255, 18), oval, max(1, v.n(3)))
        r = v.rect(self.layout.shared("pile"))                   # the pile's inset slot
        pygame.draw.rect(ring, (0, 0, 0, 48), r, border_radius=v.n(12))
        pygame.draw.rect(ring, (0, 0, 0, 40), r.inflate(-2, -2).move(1, 1), max(1, v.n(3)),
                         border_radius=v.n(12))
        pygame.draw.rect(ring, (255, 255, 255, 26), r, max(1, v.n(1)), border_radius=v.n(12))
        bg.blit(ring, (0, 0))
        self._bg_cache = (key, bg)
        return bg

    def _fan_surface(self, count: int, zone: pygame.Rect) -> pygame.Surface:
        """An opponent's fanned backs, cached per (count, size)."""
        v = self.app.view
        key = ("fan", count, zone.size, round(v.s, 4))
        art = self.app.cards

        def make():
            r = v.rect(zone)
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            local = pygame.Rect(0, 0, zone.w, zone.h)
            poses = fan(count, local, OPP_W, max_angle=10, arc=8, max_step=OPP_W * 0.4)
            size = card_size(v.s * OPP_W)
            for x, y, a in poses:
                img = art.rotated(("back", size), a)
                sh = art.shadow(img.get_size(), blur=2, alpha=60)
                c = (round(x * v.s), round(y * v.s))
                s.blit(sh, sh.get_rect(center=(c[0] + 2, c[1] + 2)))
                s.blit(img, img.get_rect(center=c))
            return s
        return art._get(key, make)

    def _pile_slot(self, tint=(255, 255, 255), alpha: int = 110) -> pygame.Surface:
        """The empty pile as a drop zone: a dashed card outline, a pale crown and its name
        (cached per scale and tint)."""
        v = self.app.view
        z = self.layout.shared("pile")
        art = self.app.cards

        def make():
            s = pygame.Surface(v.rect(z).size, pygame.SRCALPHA)
            col = (*tint, alpha)
            r = pygame.Rect(v.n(7), v.n(7), s.get_width() - 2 * v.n(7), s.get_height() - 2 * v.n(7))
            rad, wid, dash = v.n(9), max(1, v.n(2)), v.n(9)
            for corner, start in ((r.topleft, 90), (r.topright, 0), (r.bottomright, 270), (r.bottomleft, 180)):
                arc = pygame.Rect(0, 0, rad * 2, rad * 2)
                arc.center = (corner[0] + (rad if corner[0] == r.left else -rad),
                              corner[1] + (rad if corner[1] == r.top else -rad))
                pygame.draw.arc(s, col, arc, math.radians(start), math.radians(start + 90), wid)
            for (x0, y0), (x1, y1) in (((r.left + rad, r.top), (r.right - rad, r.top)),
                                       ((r.left + rad, r.bottom - wid), (r.right - rad, r.bottom - wid)),
                                       ((r.left, r.top + rad), (r.left, r.bottom - rad)),
                                       ((r.right - wid, r.top + rad), (r.right - wid, r.bottom - rad))):
                length = math.hypot(x1 - x0, y1 - y0)
                k = max(1, round(length / (dash * 1.7)))
                step = length / k
                for i in range(k):
                    a0 = (i * step + step * 0.2) / length
                    a1 = (i * step + step * 0.8) / length
                    pygame.draw.line(s, col, (x0 + (x1 - x0) * a0, y0 + (y1 - y0) * a0),
                                     (x0 + (x1 - x0) * a1, y0 + (y1 - y0) * a1), wid)
            # the crown (the card back's emblem), pale
            cx, cy, k = s.get_width() / 2, v.s * 58, v.s * 0.78
            crown = pygame.Surface(s.get_size(), pygame.SRCALPHA)
            body = [(-30, 14), (-34, -16), (-17, 0), (0, -26), (17, 0), (34, -16), (30, 14)]
            pygame.draw.polygon(crown, (*tint, 255), [(cx + x * k, cy + y * k) for x, y in body])
            pygame.draw.rect(crown, (*tint, 255), (cx - 31 * k, cy + 16 * k, 62 * k, 10 * k),
                             border_radius=max(1, round(2 * k)))
            for x, y, rr in ((-34, -18, 5), (0, -29, 5.5), (34, -18, 5)):
                pygame.draw.circle(crown, (*tint, 255), (cx + x * k, cy + y * k), rr * k)
            crown.set_alpha(round(alpha * 0.6))
            s.blit(crown, (0, 0))
            for word, y in (("Discard", 104), ("pile", 124)):
                img = art.fonts.render(word, v.n(16), (*tint, 255))
                img = img.copy()
                img.set_alpha(min(255, alpha + 110))
                s.blit(img, img.get_rect(center=(round(cx), v.n(y))))
            return s
        return art._get(("pileslot", tuple(tint), alpha, round(v.s, 4)), make)

    def _pile_surface(self, count: int) -> pygame.Surface:
        v = self.app.view
        art = self.app.cards
        k = min(count, 9)

        def make():
            w, h = card_size(v.s * TABLE_W)
            pad = round(w * 0.5)
            s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
            rnd = random.Random(11)
            for i in range(k):
                a = rnd.uniform(-9, 9)
                img = art.rotated(("back", (w, h)), a)
                c = (s.get_width() // 2 + round(rnd.uniform(-4, 4) * v.s),
                     s.get_height() // 2 + round(rnd.uniform(-4, 4) * v.s) - i)
                sh = art.shadow(img.get_size(), blur=3, alpha=50)
                s.blit(sh, sh.get_rect(center=(c[0] + 2, c[1] + 3)))
                s.blit(img, img.get_rect(center=c))
            return s
        return art._get(("pile", k, round(v.s, 4)), make)

    # -------------------------------------------------------------- main
    def draw(self, surf: pygame.Surface) -> None:
        surf.blit(self._background(surf), (0, 0))
        for seat in range(self.n):
            self.draw_seat(surf, seat)
        self.draw_deck(surf)
        self.draw_pile(surf)
        self.draw_banner(surf)
        self.draw_status(surf)
        self.draw_log(surf)
        self.draw_hand(surf)
        if self.reveal:
            self.draw_reveal(surf)
        for f in self.flyers:
            f.draw(surf, self.app)
        self.draw_drag(surf)
        self.draw_window_groups(surf)
        for b in self.window_buttons:
            b.draw(surf, self.app)
        for b in self.top_buttons:
            b.draw(surf, self.app)
        if self.picker is not None:
            self.draw_picker(surf)
        if self.celebrate_t >= 0:
            self.draw_celebration(surf)
        if self.curtain_for is not None:
            self.draw_curtain(surf)
        self.toast.draw(surf, self.app)

    # -------------------------------------------------------------- seats
    def draw_seat(self, surf: pygame.Surface, seat: int) -> None:
        a = self.app
        sh = self.shown
        pos = self.pos_of(seat)
        nz = self.zone(seat, "name")
        active = seat == sh.turn and sh.phase in ("discard", "respond") and seat not in sh.places
        flashing = self.flash is not None and not self.flash.done and self.flash_seat == seat
        if flashing:
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
        name = self.name(seat)
        kind = self.match.seats[seat]
        tag = "" if kind.kind == "human" else "AI"
        right = ""
        if seat in sh.places:
            place = sh.places.index(seat) + 1
            right = "winner" if place == 1 else f"out #{place}"
        elif pos == 0:
            right = f"{sh.hand_sizes[seat]} cards"
        label = ("▶ " if active else "") + name
        text(surf, a, ellipsize(a, label, 18, nz.w - 90, True), (nz.x + 12, nz.centery), 18,
             T.GOLD if active else T.TEXT, bold=True, anchor="midleft")
        if right:
            text(surf, a, right, (nz.right - 10, nz.centery), 16, T.TEXT_DIM, anchor="midright")
        elif tag:
            text(surf, a, tag, (nz.right - 10, nz.centery), 16, T.TEXT_DIM, anchor="midright")
        # exchange token
        tz = self.zone(seat, "token")
        if sh.tokens[seat] and not (pos == 0 and (self.token_mode or (self.drag and self.drag.kind == "token"
                                                                        and self.drag.active))):
            px = a.view.n(tz.w)
            img = a.cards.token(px)
            c = a.view.pt(*tz.center)
            if pos == 0 and self.token_hover and self.viewer_can_discard():
                pygame.draw.circle(surf, T.GOLD, c, px // 2 + a.view.n(4), max(1, a.view.n(3)))
            surf.blit(img, img.get_rect(center=c))
        elif not sh.tokens[seat]:
            pygame.draw.circle(surf, (255, 255, 255), a.view.pt(*tz.center), a.view.n(tz.w * 0.38), 1)
        if pos == 0:
            return
        # opponent hand: fanned backs + count badge
        hz = self.zone(seat, "hand")
        count = sh.hand_sizes[seat]
        if count:
            fs = self._fan_surface(count, hz)
            surf.blit(fs, a.view.pt(hz.x, hz.y))
        badge = pygame.Rect(0, 0, 64, 28)
        badge.midbottom = (hz.centerx, hz.bottom + 2)
        panel(surf, a, badge, (10, 22, 16, 230), radius=14, border=(255, 255, 255, 90))
        text(surf, a, f"{count}", badge.center, 18, T.TEXT, bold=True, anchor="center")

    # -------------------------------------------------------------- centre
    def draw_deck(self, surf: pygame.Surface) -> None:
        if self.shown.deck <= 0:
            return
        z = self.layout.shared("deck")
        s = self._pile_surface(min(self.shown.deck, 6))
        surf.blit(s, s.get_rect(center=self.app.view.pt(*z.center)))

    def draw_pile(self, surf: pygame.Surface) -> None:
        a = self.app
        z = self.layout.shared("pile")
        d = self.drag
        legal = d is not None and d.active and d.kind == "cards" and self.drop_reason() is None
        hover = legal and self.pile_drop_rect().collidepoint(d.pos)
        if legal:                           # a legal drop target glows; an illegal one stays dark
            pulse = 0.5 + 0.5 * math.sin(self.time * 6)
            grow = (22 if hover else 12) + 6 * pulse
            panel(surf, a, z.inflate(grow, grow), (*T.GOLD, 110 if hover else 55), radius=16,
                  border=(*T.GOLD, 255), width=3 if hover else 2)
            panel(surf, a, z, (6, 30, 18, 200), radius=12, border=None)     # the well stays dark
        if self.shown.pile:
            s = self._pile_surface(self.shown.pile)
            surf.blit(s, s.get_rect(center=a.view.pt(z.centerx, z.centery - 6)))
            pill = pygame.Rect(0, 0, 92, 26)
            pill.midbottom = (z.centerx, z.bottom + 6)
            panel(surf, a, pill, (10, 22, 16, 230), radius=13, border=(255, 255, 255, 80))
            n = self.shown.pile
            text(surf, a, f"{n} card{'s' * (n != 1)}", pill.center, 16, T.TEXT, anchor="center")
        else:
            slot = self._pile_slot((255, 236, 190), 210) if legal else self._pile_slot()
            surf.blit(slot, a.view.pt(z.x, z.y))

    def draw_banner(self, surf: pygame.Surface) -> None:
        if self.reveal:
            return  # the reveal panel tells the story now
        a = self.app
        z = self.layout.shared("banner")
        sh = self.shown
        token_drag = self.drag is not None and self.drag.active and self.drag.kind == "token"
        border, width = (*T.GOLD, 150), 2
        if token_drag and self._token_reason() is None:
            border, width = (*T.GOLD, 255), 4
        pop = self.banner_pop.value() if self.banner_pop is not None and not self.banner_pop.done else 1.0
        r = z.inflate(-(1 - pop) * 30, -(1 - pop) * 16)
        panel(surf, a, r, (12, 24, 18, 228), radius=14, border=border, width=width)
        last = sh.last
        if last is not None:
            fam = FAMILIES[last.family]
            em = a.cards.emblem(fam, a.view.n(62))
            surf.blit(em, em.get_rect(center=a.view.pt(z.x + 42, z.y + 44)))
            text(surf, a, f"{last.n} × {fam.capitalize()}", (z.x + 82, z.y + 14), 28, T.TEXT, bold=True,
                 max_w=z.w - 92)
            text(surf, a, f"by {self.who(last.seat)}", (z.x + 82, z.y + 52), 16, T.TEXT_DIM, max_w=z.w - 92)
            if last.token:
                t = a.cards.token(a.view.n(26))
                surf.blit(t, t.get_rect(midleft=a.view.pt(z.x + 14, z.y + 102)))
                text(surf, a, "exchange token used", (z.x + 46, z.y + 102), 16, T.GOLD, anchor="midleft")
            elif sh.in_force is not None and sh.phase == "discard":
                text(surf, a, f"{fam.capitalize()} in force", (z.x + 16, z.y + 102), 16, T.GOLD,
                     anchor="midleft")
            else:
                text(surf, a, "Bluff or not?", (z.x + 16, z.y + 102), 16, T.OKABE["orange"], anchor="midleft")
        else:
            text(surf, a, "Free turn", (z.centerx, z.y + 40), 28, T.TEXT, bold=True, anchor="center")
            text(surf, a, "declare any family", (z.centerx, z.y + 82), 16, T.TEXT_DIM, anchor="center")
        if self.token_mode:
            t = a.cards.token(a.view.n(44))
            surf.blit(t, t.get_rect(center=a.view.pt(z.right - 30, z.y + 30)))
            text(surf, a, "token ready", (z.right - 10, z.bottom - 16), 16, T.GOLD, anchor="midright")

    def draw_window_groups(self, surf: pygame.Surface) -> None:
        """Hot seat: each human still to answer gets a panel with their name by their buttons."""
        a = self.app
        for seat, g in self.window_groups:
            panel(surf, a, g, (8, 18, 13, 230), radius=10, border=(*T.OKABE["orange"], 170), width=2)
            text(surf, a, ellipsize(a, self.name(seat), 18, g.w - 212, True), (g.x + 12, g.centery), 18,
                 T.TEXT, bold=True, anchor="midleft")

    def status_text(self) -> tuple[str, str]:
        sh = self.shown
        if self.caption:
            return self.caption, self.caption_tone
        if sh.phase == "over":
            return "Game over", ""
        if sh.phase == "respond" and sh.last is not None:
            decl = f"{self.who(sh.last.seat)}: {sh.last.n} × {FAMILIES[sh.last.family].capitalize()}"
            waiting = self.pending_humans()
            if waiting:
                if len(waiting) == 1:
                    who = f"{self.name(waiting[0])}: c" if self.hotseat else "C"
                    return f"{decl}. {who}all Bluff! (B) or let it pass (N)", "call"
                return f"{decl}. Bluff? Each player answers with their own buttons", "call"
            return f"{decl}. Waiting for answers…", ""
        if sh.phase == "discard":
            if sh.turn == self.viewer and self.match.is_human(self.viewer):
                if sh.in_force is None:
                    return "Your turn: select cards, drag them onto the pile, name any family", "true"
                fam = FAMILIES[sh.in_force].capitalize()
                if self.token_mode:
                    return f"Your turn: token ready, name any family but {fam}", "true"
                if sh.tokens[self.viewer]:
                    return f"Your turn: discard as {fam} (Enter), or drag the token to change", "true"
                return f"Your turn: discard as {fam} (select cards, then Enter or drag)", "true"
            return f"{self.who(sh.turn)} is choosing cards…", ""
        return "", ""

    def draw_status(self, surf: pygame.Surface) -> None:
        a = self.app
        if self.reveal:
            return                      # the reveal panel carries the caption now
        z = self.layout.shared("status")
        msg, tone = self.status_text()
        if not msg or any(g.bottom > z.y for _, g in self.window_groups):
            return                      # a second row of answer groups covers the status line
        panel(surf, a, z, (8, 18, 13, 215), radius=z.h // 2, border=(255, 255, 255, 50))
        text(surf, a, msg, z.center, 18, TONES.get(tone, T.TEXT), bold=bool(tone), anchor="center",
             max_w=z.w - 24)

    def draw_log(self, surf: pygame.Surface) -> None:
        a = self.app
        z = self.layout.shared("log")
        panel(surf, a, z, (8, 18, 13, 190), radius=10, border=(255, 255, 255, 40))
        text(surf, a, "Table log", (z.x + 12, z.y + 8), 16, T.GOLD, bold=True)
        lines = self.log_lines[-6:]
        y = z.y + 34
        for line in lines:
            text(surf, a, ellipsize(a, line, 16, z.w - 24), (z.x + 12, y), 16, T.TEXT_DIM)
            y += 22

    # -------------------------------------------------------------- the viewer's hand
    def draw_hand(self, surf: pygame.Surface) -> None:
        a = self.app
        sh = self.shown
        hz = self.layout.seat(self.n, 0, "hand")
        flipping = self.hand_flip is not None and not self.hand_flip.done
        if not sh.faces_up or self.hand_hidden or flipping:
            count = sh.hand_sizes[self.viewer] if not flipping else sum(sh.hand)
            keys = self.hand_keys() if flipping else [(0, i) for i in range(count)]
            poses = self.hand_fan(keys) if flipping else fan(len(keys), hz, HAND_W)
            f = self.hand_flip.value() if flipping else 0.0
            for key, (x, y, ang) in zip(keys, poses):
                if flipping:
                    fam = FAMILIES[key[0]] if f >= 0.5 else None
                    draw_card(surf, a, (x, y), HAND_W, fam, squash=abs(math.cos(math.pi * f)))
                else:
                    draw_card(surf, a, (x, y), HAND_W, None, angle=ang)
            if self.hand_hidden and self.curtain_for is None and count:
                pill = pygame.Rect(0, 0, 260, 32)
                pill.center = (hz.centerx, hz.y + 60)
                panel(surf, a, pill, (10, 22, 16, 230), radius=16)
                text(surf, a, f"{self.name(self.viewer)}'s hand is hidden", pill.center, 16, T.TEXT,
                     anchor="center")
            return
        dragging = self.drag is not None and self.drag.active and self.drag.kind == "cards"
        for key in self.hand_keys():
            s = self.sprites.get(key)
            if s is None or (dragging and key in self.selected):
                continue
            if key in self.selected:
                self._draw_glow(surf, s.pos, s.angle)
            draw_card(surf, a, s.pos, HAND_W, s.family, angle=s.angle)
        if self.hover_key is not None and self.hover_key in self.sprites and self.drag is None \
                and self.picker is None:
            s = self.sprites[self.hover_key]
            tip = pygame.Rect(0, 0, 110, 26)
            tip.midbottom = (s.pos[0], 716)
            panel(surf, a, tip, (10, 22, 16, 230), radius=12)
            c = sh.hand[self.hover_key[0]]
            text(surf, a, f"{s.family.capitalize()} ×{c}", tip.center, 16, T.TEXT, anchor="center")

    def _draw_glow(self, surf: pygame.Surface, pos, angle: float) -> None:
        a = self.app
        w, h = card_size(a.view.s * HAND_W)
        pad = a.view.n(5)
        size = (w + pad * 2, h + pad * 2)

        def make():
            g = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(g, (*T.GOLD, 230), g.get_rect(), border_radius=round(w * 0.09))
            return g
        base = a.cards._get(("glow", size), make)
        ang = int(round(angle))
        img = a.cards._get(("glowrot", size, ang), lambda: pygame.transform.rotozoom(base, ang, 1.0)) if ang else base
        surf.blit(img, img.get_rect(center=a.view.pt(*pos)))

    def draw_drag(self, surf: pygame.Surface) -> None:
        d = self.drag
        if d is None or not d.active:
            return
        a = self.app
        if d.kind == "token":
            px = a.view.n(46 * 1.1)
            img = a.cards.token(px)
            surf.blit(img, img.get_rect(center=a.view.pt(*d.pos)))
            return
        keys = sorted(self.selected)
        x0 = d.pos[0] - d.grab[0] - (len(keys) - 1) * 9
        for i, key in enumerate(keys):
            fam = FAMILIES[key[0]]
            draw_card(surf, a, (x0 + i * 18, d.pos[1] - d.grab[1] - 6), HAND_W * 1.05, fam, shadow=2)
        badge = pygame.Rect(0, 0, 40, 30)
        badge.center = (x0 + (len(keys) - 1) * 18 + HAND_W * 0.5, d.pos[1] - d.grab[1] - HAND_W * 0.72)
        panel(surf, a, badge, (*T.GOLD, 245), radius=15, border=(0, 0, 0, 160))
        text(surf, a, str(len(keys)), badge.center, 18, T.TEXT_DARK, bold=True, anchor="center")

    # -------------------------------------------------------------- overlays
    def draw_reveal(self, surf: pygame.Surface) -> None:
        a = self.app
        z = self.layout.overlay("reveal")
        rv = self.reveal
        tone = TONES["true"] if rv["truthful"] else TONES["false"]
        panel(surf, a, z, (6, 14, 10, 250), radius=16, border=(*tone, 255), width=3)
        verdict = "TRUE" if rv["truthful"] else "FALSE"
        text(surf, a, f"Bluff! by {rv['by']} — the claim was {verdict}", (z.centerx, z.y + 26), 24, tone,
             bold=True, anchor="center", max_w=z.w - 30)
        text(surf, a, f"{self.who(rv['declarer'])} declared {rv['n']} × {rv['family'].capitalize()}",
             (z.centerx, z.y + 58), 18, T.TEXT_DIM, anchor="center")
        taker = rv["by"] if rv["truthful"] else self.who(rv["declarer"])
        text(surf, a, f"so {'you' if taker == 'You' else taker} must take the pile", (z.centerx, z.bottom - 20), 16,
             T.TEXT,
             anchor="center")

    def draw_picker(self, surf: pygame.Surface) -> None:
        a = self.app
        z = self.layout.overlay("picker")
        shade = T.panel_surface(surf.get_size(), 0, (0, 0, 0, 90))
        surf.blit(shade, (0, 0))
        panel(surf, a, z, (8, 20, 14, 245), radius=18, border=(*T.GOLD, 200), width=2)
        n = self.picker.n
        text(surf, a, f"Declare {n} card{'s' * (n != 1)} as…", (z.centerx, z.y + 24), 26, T.GOLD, bold=True,
             anchor="center")
        if self.shown.in_force is None:
            sub = "Free turn: any family"
        elif self.token_mode:
            sub = f"Exchange token: any family except {FAMILIES[self.shown.in_force].capitalize()}"
        else:
            sub = f"{FAMILIES[self.shown.in_force].capitalize()} is in force"
        text(surf, a, sub, (z.centerx, z.y + 54), 16, T.TEXT_DIM, anchor="center")
        for b in self.picker.buttons:
            fam = getattr(b, "family", None)
            if fam is None:
                b.draw(surf, a)
                continue
            if b.enabled:
                bg = (52, 96, 72, 250) if b.hover else (24, 44, 34, 250)
                border = (*T.GOLD, 255) if b.hover else (255, 255, 255, 90)
            else:
                bg, border = (20, 26, 23, 200), (255, 255, 255, 25)
            r = b.rect.move(0, -4 if (b.hover and b.enabled) else 0)
            panel(surf, a, r, bg, radius=10, border=border, width=2 if b.hover else 1)
            em = a.cards.emblem(fam, a.view.n(82))
            if not b.enabled:
                em = em.copy()
                em.set_alpha(60)
            surf.blit(em, em.get_rect(center=a.view.pt(r.centerx, r.y + 62)))
            col = T.TEXT if b.enabled else (120, 130, 124)
            text(surf, a, b.label, (r.centerx, r.y + 124), 18, col, bold=True, anchor="center", max_w=r.w - 8)
            text(surf, a, str(b.number), (r.centerx, r.y + 150), 16, T.GOLD if b.enabled else col, anchor="center")

    def draw_celebration(self, surf: pygame.Surface) -> None:
        a = self.app
        t = self.celebrate_t
        rnd = random.Random(5)
        for i in range(120):
            x0, vy, ph = rnd.uniform(80, 1200), rnd.uniform(90, 220), rnd.uniform(0, 6.28)
            y = -20 + vy * t - rnd.uniform(0, 200)
            if not -20 < y < 720:
                continue
            x = x0 + 20 * math.sin(ph + t * 3)
            r = a.view.rect((x, y, 10, 4 + 5 * abs(math.sin(ph + t * 5))))
            pygame.draw.rect(surf, T.CONFETTI[i % len(T.CONFETTI)], r)
        z = self.layout.overlay("celebration")
        k = min(1.0, t / 0.35)
        r = z.inflate(-(1 - k) * z.w * 0.4, -(1 - k) * z.h * 0.4)
        panel(surf, a, r, (40, 30, 6, 235), radius=20, border=(*T.GOLD, 255), width=3)
        text(surf, a, self.celebration, r.center, 40, T.GOLD, bold=True, anchor="center", shadow=True,
             max_w=r.w - 30)

    def draw_curtain(self, surf: pygame.Surface) -> None:
        a = self.app
        surf.blit(T.felt(surf.get_size()), (0, 0))       # opaque: covers the whole window
        shade = T.panel_surface(surf.get_size(), 0, (0, 0, 0, 170))
        surf.blit(shade, (0, 0))
        panel(surf, a, (340, 220, 600, 290), (10, 22, 16, 245), radius=18, border=(*T.GOLD, 200), width=2)
        text(surf, a, f"Pass the screen to {self.name(self.curtain_for)}", (640, 290), 30, T.GOLD, bold=True,
             anchor="center", max_w=560)
        text(surf, a, "Everyone else: please look away", (640, 350), 18, T.TEXT_DIM, anchor="center")
        self.curtain_button.draw(surf, a)
