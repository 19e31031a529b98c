"""Card and piece art: SVGs rasterised at on-screen size, cached per (name, size, language).

Faces get their corner labels drawn with the shipped font (SVG text is ignored):
the top-left label, and upside down in the bottom-right the same one, or what
the game says goes there (Death over the Kingdom: the turned value).  Each game's
art is one :class:`ArtSpec` (its faces, corner labels, emblem, token and pieces),
named by its entry in ``game.app.games.GAMES``.  A missing or broken SVG raises
:class:`game.app.resources.AssetError` naming the file: the app shows it on a
plain screen (``App.asset_failed``) instead of drawing wrong cards.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.core.i18n import NC_, current_language, pgettext
from game.core.registry import resolve

from . import theme as T
from . import transcript
from .games import GAMES as APP_GAMES
from .resources import AssetError, asset, load_svg

log = logging.getLogger(__name__)

VIEWBOX = (250, 350)
# The calm parchment corner tab of the artist's frame (top-left; the bottom-right one is the
# same turned half a turn), in viewBox units: the name goes in its top band, left-aligned so
# it shows whole in the visible strip of a fanned hand; the small emblem sits beneath it.
NAME_X, NAME_Y, NAME_H = 10, 8, 50
# right edge of each family's band (keep in step with the SVGs)
NAME_BAND_R = {"wizard": 92, "witch": 92, "elf": 92, "ogre": 106, "fairy": 108, "jester": 92}
NAME_PX = 0.13             # label size as a fraction of the card's pixel width: 15 px on a 116 px card
# what the corner says: short enough to show whole in a fanned hand's strip, and never
# ambiguous (Wizard and Witch both start with W); translated where drawn (``CARD`` context)
#: the gettext context of every word printed on a card (a corner's room is small: translators
#: may shorten, and "Cancel" on a card need not be the button's "Cancel")
CARD = "card corner"
CORNER_LABELS = {
    # TRANSLATORS: MasterBluff card corners, short for the six families (Wizard, Witch, Elf, Ogre,
    # Fairy, Jester): at most about 5 letters, and no two alike (Wizard and Witch differ)
    "wizard": NC_("card corner", "Wiz"), "witch": NC_("card corner", "Wit"),
    "elf": NC_("card corner", "Elf"), "ogre": NC_("card corner", "Ogre"),
    "fairy": NC_("card corner", "Fairy"), "jester": NC_("card corner", "Jest")}


def card_word(word: str) -> str:
    """A word printed on a card face (its corner), in the language in force."""
    return pgettext(CARD, word)


def corner_label(family: str) -> str:
    return card_word(CORNER_LABELS[family]) if family in CORNER_LABELS else family[:4].capitalize()


# Fireball Court (game="court") faces: coin_1..coin_9, raven_1..raven_9, king, castle, knight,
# fireball (and back).  A number card's corner says its value, large and centred in the narrow
# tab above the SVG's coin or raven glyph; a senior's or the Fireball's says its name, left-aligned
# in the wider top band of its tab (keep in step with assets/cards/court/make_court_cards.py).
COURT_WORDS = {
    # TRANSLATORS: Fireball Court card corners (the senior cards and the Fireball), as the glossary names them
    "king": NC_("card corner", "King"), "castle": NC_("card corner", "Castle"),
    "knight": NC_("card corner", "Knight"), "fireball": NC_("card corner", "Fireball")}
COURT_INK = {"coin": (0, 82, 60), "raven": (32, 35, 42), "king": (122, 30, 86), "castle": (0, 76, 126),
             "knight": (122, 70, 0), "fireball": (160, 36, 0)}
COURT_NUM_BOX = (8, 10, 64, 72)      # x0, y0, x1, y1 in viewBox units: the value, centred
COURT_WORD_BOX = (12, 8, 146, 52)    # the name, left-aligned
COURT_NUM_PX = 0.24                  # 28 px on a 116 px card, 17 px on a 70 px card
COURT_WORD_PX = 0.13
# Death over the Kingdom (game="death") faces: the 13 character ids of game/rules/death.py NAMES
# ("death" .. "king"), plus back and token.  The printed value sits in the top-left tab; the
# bottom-right tab holds, upside down, the TURNED value on a character that can turn (a dark tab
# with a turn arrow, bone figures), else the printed value again (keep in step with
# assets/cards/death/make_death_cards.py).  Rotated 180 degrees, a turned card reads upright.
DEATH_NUM_BOX = (8, 8, 82, 66)       # x0, y0, x1, y1 in viewBox units: the value, centred
DEATH_NUM_PX = 0.2                   # 23 px on a 116 px card ("12" fits), 14 px on a 70 px card
DEATH_TURNED_INK = (243, 234, 214)   # bone, on the dark turned tab
DEATH_INK = {"death": (24, 23, 27), "innkeeper": (122, 70, 0), "trader": (0, 82, 60), "thief": (36, 44, 56),
             "clown": (122, 40, 92), "bard": (0, 76, 126), "monk": (87, 58, 31), "magician": (0, 61, 99),
             "dragon": (143, 58, 0), "knight": (92, 82, 0), "princess": (84, 62, 160), "queen": (74, 31, 112),
             "king": (122, 16, 36)}


def death_values(name: str) -> tuple[int, int, bool]:
    """(printed value, value at the bottom-right, whether the character can turn) for a Death over
    the Kingdom face, from the rules data (game/rules/death.py; RULINGS.md section 1)."""
    from game.rules import death as D    # here, so that the other games never load it

    c = D.CARD_INDEX[name]
    turns = c in D.TURNS_IF_IN_PLAY or c in D.TURNS_OTHERS.values()
    return D.VALUES[c], (D.TURNED[c] if turns else D.VALUES[c]), turns


# King Thief Minister (game="ktm") faces: king, thief, minister, executioner, sheriff, peasant
# (and back; pieces below).  A memory game: the name, in words, centred in the parchment ribbon
# across the top, and again upside down at the bottom (keep in step with
# assets/cards/ktm/make_ktm_cards.py).
KTM_WORDS = {
    # TRANSLATORS: King Thief Minister card names, printed across the card's top (long names shrink)
    "king": NC_("card corner", "King"), "thief": NC_("card corner", "Thief"),
    "minister": NC_("card corner", "Minister"), "executioner": NC_("card corner", "Executioner"),
    "sheriff": NC_("card corner", "Sheriff"), "peasant": NC_("card corner", "Peasant")}
KTM_INK = {"king": (122, 70, 0), "thief": (110, 40, 90), "minister": (0, 61, 99), "executioner": (24, 23, 27),
           "sheriff": (0, 82, 60), "peasant": (92, 82, 0)}
KTM_NAME_BOX = (14, 10, 236, 50)     # x0, y0, x1, y1 in viewBox units: the name, centred
KTM_NAME_PX = 0.16                   # 19 px on a 116 px card; "Executioner" shrinks to fit
# Boss Quest (game="bossquest") faces, by a stable id scheme (assets/cards/bossquest/
# make_bossquest_cards.py lists every file): weapon_<colour>_<value> (value 1-7 large in the narrow
# tab, as Fireball Court's numbers), boss_<hp> (the HP in the heart badge), spell_<kind> (a short
# word in the wide band: bone on the dark spells' dark tab, ink on the light spells' parchment).
BQ_COLOURS = ("red", "blue", "green", "yellow", "purple")
BQ_INK = {"red": (140, 16, 24), "blue": (0, 76, 126), "green": (0, 92, 66), "yellow": (92, 82, 0),
          "purple": (84, 40, 140)}
BQ_SPELLS = {   # kind: (family, corner word)
    # TRANSLATORS: Boss Quest spell cards' corner words: at most about 6 letters (a card's corner)
    "plus_1": ("dark", "+1"), "plus_2": ("dark", "+2"), "minus_1": ("dark", "\u22121"),
    "minus_2": ("dark", "\u22122"), "swap": ("dark", NC_("card corner", "Swap")),
    "exchange": ("dark", NC_("card corner", "Trade")),
    # TRANSLATORS: HP is the boss's hit points, as the rules screen calls them
    "hp_plus_1": ("light", NC_("card corner", "HP+1")), "hp_plus_2": ("light", NC_("card corner", "HP+2")),
    "hp_minus_1": ("light", NC_("card corner", "HP\u22121")), "hp_minus_2": ("light", NC_("card corner", "HP\u22122")),
    "need_red": ("light", NC_("card corner", "Red")), "need_blue": ("light", NC_("card corner", "Blue")),
    "need_green": ("light", NC_("card corner", "Green")), "need_yellow": ("light", NC_("card corner", "Yellow")),
    "need_purple": ("light", NC_("card corner", "Purple")), "two_same": ("light", NC_("card corner", "Pair")),
    "no_heart_lost": ("light", NC_("card corner", "Safe")), "cancel": ("light", NC_("card corner", "Cancel")),
    "extra_key": ("light", NC_("card corner", "+Key")),
    # TRANSLATORS: short for "second closest wins" (a Boss Quest spell)
    "second_closest": ("light", NC_("card corner", "2nd")),
    "last_turn": ("light", NC_("card corner", "Last!")),
}
# the rules' spell ids -> the art's spell kinds: one table for both front ends (game/words/faces.py)
from game.words.faces import BQ_SPELL_ART  # noqa: E402
BQ_BOSS_HP = (14, 15, 16, 17, 18, 19, 20, 21, 22, 24)   # RULINGS.md section 4: boss_14 .. boss_24
BQ_NUM_BOX = (8, 10, 64, 72)         # a weapon's value, centred (the tab of Fireball Court's numbers)
BQ_HP_BOX = (12, 16, 80, 58)         # a boss's HP, centred in the heart badge
BQ_WORD_BOX = (14, 8, 148, 52)       # a spell's word, left-aligned
BQ_DARK_INK, BQ_LIGHT_INK, BQ_HP_INK = (243, 234, 214), (40, 30, 60), (255, 255, 255)


def bossquest_corner_label(name: str) -> str:
    """What a Boss Quest face says in its corner: "3" (weapon_red_3), "17" (boss_17), "+1"."""
    kind, _, rest = name.partition("_")
    if kind == "weapon":
        return rest.rpartition("_")[2]
    if kind == "boss":
        return rest
    if rest in BQ_SPELLS:
        return card_word(BQ_SPELLS[rest][1])
    return rest[:5].capitalize()


@dataclass(frozen=True)
class ArtSpec:
    """One game's card art, beyond its files in ``assets/cards/<id>/``: what the corners say
    and the game's own marks.  The defaults are MasterBluff's (short family names, the
    exchange token)."""

    faces: tuple[str, ...] = ()     # every face's file name (without .svg): selfcheck loads them all
    #: (art, name, card width) -> (the top-left label, its rect); None: the short family name
    corner: Callable | None = None
    #: (art, name, card width) -> the bottom-right label before its half turn; None: the top one again
    turned: Callable | None = None
    emblem_cy: float = 0.47         # where the central medallion sits, as a fraction of the card's height
    token: tuple[str, ...] = ("pieces", "exchange_token.svg")     # the game's token piece, under assets/
    #: the game's other pieces, assets/cards/<game>/<name>.svg: name -> (width, height) per unit of
    #: ``piece(name, px)`` (px is the height)
    pieces: dict = field(default_factory=dict)


def art_spec(game: str) -> ArtSpec:
    """``game``'s art, as its entry in ``game.app.games.GAMES`` names it (a game with no entry:
    the defaults, MasterBluff's plain labels with no faces of its own)."""
    s = APP_GAMES.get(game)
    return resolve(s.art) if s is not None else ArtSpec()


def court_corner_label(name: str) -> str:
    """What a Fireball Court face says in its corner: "7" for coin_7 / raven_7, else the name."""
    kind, _, value = name.partition("_")
    if kind in ("coin", "raven") and value:
        return value
    return card_word(COURT_WORDS[name]) if name in COURT_WORDS else name[:4].capitalize()


def required_art(game: str) -> list:
    """Every SVG file the table of ``game`` may draw (faces, backs, token, pieces), as paths:
    ``selfcheck`` loads them all, and a table checks that they are there before it opens."""
    art = art_spec(game)
    names = ["back", *art.faces, *art.pieces]
    return [asset("cards", game, f"{n}.svg") for n in dict.fromkeys(names)] + [asset(*art.token)]


def check_art_present(game: str) -> None:
    """:class:`AssetError` for the first of ``game``'s SVG files that is missing (a quick look,
    nothing is drawn: a damaged file is found when it is drawn)."""
    for path in required_art(game):
        if not path.is_file():
            raise AssetError(path, missing=True)


def card_size(width: float) -> tuple[int, int]:
    w = max(8, round(width))
    return w, round(w * 7 / 5)


class CardArt:
    def __init__(self, game: str = "masterbluff", fonts: T.Fonts | None = None):
        self.game = game
        self.art = art_spec(game)
        self.fonts = fonts or T.Fonts()
        self._cache = T.LruCache(900)
        self.failures: list[str] = []

    # -- cache
    def _get(self, key, make):
        """A cached surface: keyed by the language too, since faces carry words (a language
        switch draws new faces; the old ones age out of the cache)."""
        return self._cache.get((current_language(), key), make)

    def clear(self) -> None:
        self._cache.clear()

    # -- loading
    def _svg(self, path, size: tuple[int, int]) -> pygame.Surface:
        """``path`` at ``size``; :class:`AssetError` when it is missing or damaged."""
        try:
            img = load_svg(path, size)
        except AssetError as exc:
            if str(path) not in self.failures:
                self.failures.append(str(path))
                log.error("cannot load %s", exc)
            raise
        if img.get_size() != size:
            img = pygame.transform.smoothscale(img, size)  # once per size, then cached
        return img.convert_alpha() if pygame.display.get_surface() is not None else img

    def face(self, family: str, size: tuple[int, int]) -> pygame.Surface:
        return self._get(("face", family, size), lambda: self._make_face(family, size))

    def back(self, size: tuple[int, int], kind: str = "") -> pygame.Surface:
        """The game's card back; ``kind`` picks another deck's back (Boss Quest: "boss",
        "spell", "mystery": back_<kind>.svg)."""
        name = f"back_{kind}.svg" if kind else "back.svg"
        key = ("back", size, kind) if kind else ("back", size)
        return self._get(key, lambda: transcript.mark(self._svg(asset("cards", self.game, name), size),
                                                      f"back:{kind}"))

    def piece(self, name: str, px: int) -> pygame.Surface:
        """One of the game's pieces (its ``ArtSpec.pieces``), ``px`` high, in its own proportions."""
        aw, ah = self.art.pieces.get(name, (1, 1))
        size = (max(1, round(px * aw)), max(1, round(px * ah)))
        return self._get(("piece", name, size), lambda: transcript.mark(
            self._svg(asset("cards", self.game, f"{name}.svg"), size), f"piece:{name}"))

    def token(self, px: int) -> pygame.Surface:
        size = (px, px)
        path = asset(*self.art.token)
        return self._get(("token", size), lambda: transcript.mark(self._svg(path, size), "piece:token"))

    def emblem(self, family: str, px: int) -> pygame.Surface:
        """The card's central medallion, cropped from the face (for banners and buttons)."""
        def make():
            w = round(px / 0.62)
            full = self._svg(asset("cards", self.game, f"{family}.svg"), card_size(w))
            fw, fh = full.get_size()
            r = pygame.Rect(0, 0, round(fw * 0.62), round(fw * 0.62))
            r.center = (fw // 2, round(fh * self.art.emblem_cy))
            out = pygame.Surface(r.size, pygame.SRCALPHA)
            out.blit(full, (0, 0), r)
            mask = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.circle(mask, (255, 255, 255, 255), (r.w // 2, r.h // 2), r.w // 2)
            out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            return transcript.mark(out, f"emblem:{family}")
        return self._get(("emblem", family, px), make)

    def rotated(self, surf_key: tuple, angle: float) -> pygame.Surface:
        """A cached rotation of face/back (angle quantised to 1 degree)."""
        a = int(round(angle)) % 360
        base_kind = surf_key[0]
        if a == 0:
            return self.face(*surf_key[1:]) if base_kind == "face" else self.back(*surf_key[1:])

        def make():
            src = self.face(*surf_key[1:]) if base_kind == "face" else self.back(*surf_key[1:])
            return pygame.transform.rotozoom(src, a, 1.0)
        return self._get(("rot", surf_key, a), make)

    def shadow(self, size: tuple[int, int], blur: int = 0, alpha: int = 90) -> pygame.Surface:
        def make():
            w, h = size
            pad = max(2, blur)
            s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
            pygame.draw.rect(s, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=max(2, round(w * 0.06)))
            if hasattr(pygame.transform, "gaussian_blur") and pad > 2:
                s = pygame.transform.gaussian_blur(s, max(1, pad // 2))
            return s
        return self._get(("shadow", size, blur, alpha), make)

    # -- faces
    def _make_face(self, family: str, size: tuple[int, int]) -> pygame.Surface:
        img = self._svg(asset("cards", self.game, f"{family}.svg"), size)     # a fresh surface
        self._draw_corner_names(img, family)
        return transcript.mark(img, f"face:{family}")

    def _corner_label(self, family: str, w: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The corner label for a card ``w`` px wide and where it goes (top-left)."""
        return (self.art.corner or CardArt._plain_corner_label)(self, family, w)

    def _bottom_label(self, family: str, w: int, top: pygame.Surface) -> pygame.Surface:
        """What the bottom-right corner shows (before its half turn): the top label, unless the
        game says otherwise (Death over the Kingdom: the turned value)."""
        other = self.art.turned
        return top if other is None else other(self, family, w)

    def _plain_corner_label(self, family: str, w: int) -> tuple[pygame.Surface, pygame.Rect]:
        """MasterBluff: the short family name, left-aligned in the tab's top band."""
        sx = w / VIEWBOX[0]
        box = pygame.Rect(round(NAME_X * sx), round(NAME_Y * sx), 0, max(1, round(NAME_H * sx)))
        box.w = max(1, round((NAME_BAND_R.get(family, 92) - NAME_X - 4) * sx))
        name = corner_label(family)
        px = self.fonts.fit(name, max(6, round(w * NAME_PX)), box.w, bold=True)
        label = self.fonts.render(name, px, T.FAMILY_INK.get(family, T.TEXT_DARK), bold=True)
        return label, label.get_rect(midleft=(box.x, box.centery))

    def _court_corner_label(self, name: str, w: int) -> tuple[pygame.Surface, pygame.Rect]:
        sx = w / VIEWBOX[0]
        kind = name.partition("_")[0]
        number = kind in ("coin", "raven")
        x0, y0, x1, y1 = COURT_NUM_BOX if number else COURT_WORD_BOX
        box = pygame.Rect(round(x0 * sx), round(y0 * sx), max(1, round((x1 - x0) * sx)),
                          max(1, round((y1 - y0) * sx)))
        text = court_corner_label(name)
        px = self.fonts.fit(text, max(6, round(w * (COURT_NUM_PX if number else COURT_WORD_PX))), box.w, bold=True)
        label = self.fonts.render(text, px, COURT_INK.get(kind, T.TEXT_DARK), bold=True)
        if number:
            return label, label.get_rect(center=box.center)
        return label, label.get_rect(midleft=(box.x, box.centery))

    def box_label(self, text: str, box, px_frac: float, ink, w: int, centred: bool = True,
                  sizing: str | None = None) -> tuple[pygame.Surface, pygame.Rect]:
        """``text`` in bold, as large as ``px_frac`` of the card width allows within ``box``
        (viewBox units), centred or left-aligned; ``sizing`` sizes it as that text would be."""
        sx = w / VIEWBOX[0]
        x0, y0, x1, y1 = box
        r = pygame.Rect(round(x0 * sx), round(y0 * sx), max(1, round((x1 - x0) * sx)), max(1, round((y1 - y0) * sx)))
        px = self.fonts.fit(sizing or text, max(6, round(w * px_frac)), r.w, bold=True)
        label = self.fonts.render(text, px, ink, bold=True)
        return label, (label.get_rect(center=r.center) if centred else label.get_rect(midleft=(r.x, r.centery)))

    def _ktm_corner_label(self, name: str, w: int) -> tuple[pygame.Surface, pygame.Rect]:
        word = card_word(KTM_WORDS[name]) if name in KTM_WORDS else name.capitalize()
        return self.box_label(word, KTM_NAME_BOX, KTM_NAME_PX, KTM_INK.get(name, T.TEXT_DARK), w)

    def _bossquest_corner_label(self, name: str, w: int) -> tuple[pygame.Surface, pygame.Rect]:
        kind, _, rest = name.partition("_")
        text = bossquest_corner_label(name)
        if kind == "weapon":
            ink = BQ_INK.get(rest.rpartition("_")[0], T.TEXT_DARK)
            return self.box_label(text, BQ_NUM_BOX, COURT_NUM_PX, ink, w, sizing="7")
        if kind == "boss":
            return self.box_label(text, BQ_HP_BOX, 0.2, BQ_HP_INK, w, sizing="24")
        dark = BQ_SPELLS.get(rest, ("light",))[0] == "dark"
        return self.box_label(text, BQ_WORD_BOX, 0.15, BQ_DARK_INK if dark else BQ_LIGHT_INK, w, centred=False)

    def _death_value_label(self, value: int, ink, w: int) -> tuple[pygame.Surface, pygame.Rect]:
        sx = w / VIEWBOX[0]
        x0, y0, x1, y1 = DEATH_NUM_BOX
        box = pygame.Rect(round(x0 * sx), round(y0 * sx), max(1, round((x1 - x0) * sx)),
                          max(1, round((y1 - y0) * sx)))
        # one size for every value on a card of this width (sized so "12" fits), so 3 and 12 match
        px = self.fonts.fit("12", max(6, round(w * DEATH_NUM_PX)), box.w - max(1, round(4 * sx)), bold=True)
        label = self.fonts.render(str(value), px, ink, bold=True)
        if value in (6, 9):        # underlined, as on printed cards: a 6 upside down is not a 9
            under = pygame.Surface((label.get_width(), label.get_height() + 2), pygame.SRCALPHA)
            under.blit(label, (0, 0))
            t = max(1, round(px / 12))
            pygame.draw.rect(under, ink, (round(label.get_width() * 0.18), label.get_height() - t,
                                          round(label.get_width() * 0.64), t))
            label = under
        return label, label.get_rect(center=box.center)

    def _death_corner_label(self, name: str, w: int) -> tuple[pygame.Surface, pygame.Rect]:
        return self._death_value_label(death_values(name)[0], DEATH_INK.get(name, T.TEXT_DARK), w)

    def _death_turned_label(self, name: str, w: int) -> pygame.Surface:
        _, turned, turns = death_values(name)
        ink = DEATH_TURNED_INK if turns else DEATH_INK.get(name, T.TEXT_DARK)
        return self._death_value_label(turned, ink, w)[0]

    def label_extent(self, family: str, w: int) -> int:
        """Pixels from a face's left edge to the right end of its corner label (for fans)."""
        def make():
            return self._corner_label(family, w)[1].right
        return self._get(("label_extent", family, w), make)

    def _draw_corner_names(self, img: pygame.Surface, family: str) -> None:
        """A short bold name in the corner tab (15 px on hand-size cards at 1280x720; it
        shrinks only on small cards) and the same upside down in the bottom-right."""
        w, h = img.get_size()
        label, r = self._corner_label(family, w)
        img.blit(label, r)
        flipped = pygame.transform.rotate(self._bottom_label(family, w, label), 180)
        # centred where the top label's rect lands after a half turn of the card
        mirror = pygame.Rect(w - r.right, h - r.bottom, r.w, r.h)
        img.blit(flipped, flipped.get_rect(center=mirror.center))


# -- each game's art (named by its entry in game.app.games.GAMES) ----------------------------
MASTERBLUFF_ART = ArtSpec(faces=tuple(CORNER_LABELS))
COURT_ART = ArtSpec(faces=tuple([f"{k}_{v}" for k in ("coin", "raven") for v in range(1, 10)] + list(COURT_WORDS)),
                    corner=CardArt._court_corner_label, emblem_cy=178 / 350)
DEATH_ART = ArtSpec(faces=tuple(DEATH_INK), corner=CardArt._death_corner_label, turned=CardArt._death_turned_label,
                    emblem_cy=175 / 350, token=("cards", "death", "token.svg"))
KTM_ART = ArtSpec(faces=tuple(KTM_WORDS), corner=CardArt._ktm_corner_label, emblem_cy=177 / 350,
                  token=("cards", "ktm", "coin.svg"),
                  pieces={"coin": (1, 1), "coin_edge": (100 / 28, 1), "treasury": (1, 1)})
BOSSQUEST_ART = ArtSpec(
    faces=tuple([f"weapon_{c}_{v}" for c in BQ_COLOURS for v in range(1, 8)] + [f"boss_{hp}" for hp in BQ_BOSS_HP]
                + [f"spell_{k}" for k in BQ_SPELLS] + ["back_boss", "back_spell", "back_mystery"]),
    corner=CardArt._bossquest_corner_label, emblem_cy=180 / 350, token=("cards", "bossquest", "key.svg"),
    pieces={"heart": (1, 1), "key": (1, 1), "pawn": (0.7, 1), **{f"pawn_{i}": (0.7, 1) for i in range(5)}})
