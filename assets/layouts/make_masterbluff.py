"""Writes masterbluff.tmx (a Tiled map, 80x45 tiles of 16 px = 1280x720).

The .tmx is the source of truth the app loads and it can be edited in Tiled;
this script only documents how the first version was laid out.  Run it from
anywhere: ``python assets/layouts/make_masterbluff.py``.

Layers: ``shared`` (table zones), ``seats_3``/``seats_4``/``seats_5`` (per seat:
hand_i, name_i, token_i; seat 0 = the viewing human, bottom centre, others
clockwise), ``public_5`` (the public table of five phone seats: positions 1..5, every seat
laid out as an opponent, the first at the bottom centre; three and four phone seats use
``seats_4`` and ``seats_5`` from position 1), ``public_shared`` (the shared zones the public
table moves: a taller ``log``) and ``overlays`` (transient panels that may cover
zones).
"""
from pathlib import Path

from tmx_writer import build_tmx

SHARED = {
    "deck": (420, 248, 100, 140),
    "pile": (585, 238, 110, 154),
    "banner": (710, 246, 240, 128),
    "buttons": (400, 416, 480, 52),
    "status": (300, 474, 680, 36),
    "log": (1016, 540, 248, 172),
    "topbar": (1040, 8, 232, 40),
}
BOTTOM = {"hand_0": (276, 514, 728, 200), "name_0": (16, 652, 200, 44), "token_0": (222, 650, 46, 46)}
SEATS = {
    3: {**BOTTOM,
        "hand_1": (50, 100, 280, 130), "name_1": (50, 236, 230, 42), "token_1": (286, 234, 46, 46),
        "hand_2": (950, 100, 280, 130), "name_2": (1000, 236, 230, 42), "token_2": (954, 234, 46, 46)},
    4: {**BOTTOM,
        "hand_1": (40, 250, 250, 120), "name_1": (40, 376, 230, 42), "token_1": (276, 374, 46, 46),
        "hand_2": (515, 40, 250, 120), "name_2": (525, 166, 230, 42), "token_2": (761, 164, 46, 46),
        "hand_3": (990, 250, 250, 120), "name_3": (1010, 376, 230, 42), "token_3": (958, 374, 46, 46)},
    5: {**BOTTOM,
        "hand_1": (30, 290, 240, 110), "name_1": (30, 406, 220, 42), "token_1": (256, 404, 46, 46),
        "hand_2": (250, 40, 240, 110), "name_2": (250, 156, 220, 42), "token_2": (496, 154, 46, 46),
        "hand_3": (790, 40, 240, 110), "name_3": (810, 156, 220, 42), "token_3": (758, 154, 46, 46),
        "hand_4": (1010, 290, 240, 110), "name_4": (1030, 406, 220, 42), "token_4": (960, 404, 46, 46)},
}
# the public table of five (no viewer's hand): seat 1 at the bottom centre, 2..5 as seats_5's 1..4
PUBLIC_5 = {"hand_1": (520, 540, 240, 110), "name_1": (530, 656, 220, 42), "token_1": (756, 654, 46, 46),
            **{f"{k.rsplit('_', 1)[0]}_{int(k.rsplit('_', 1)[1]) + 1}": v for k, v in SEATS[5].items()
               if not k.endswith("_0")}}
PUBLIC_SHARED = {"log": (1016, 462, 248, 250)}     # below the right-hand seat, where no hand is
OVERLAYS = {
    "reveal": (370, 214, 540, 252),
    "picker": (290, 130, 700, 340),
    "celebration": (340, 150, 600, 200),
}


def build() -> str:
    layers = [("shared", SHARED)] + [(f"seats_{n}", SEATS[n]) for n in (3, 4, 5)] + \
        [("public_5", PUBLIC_5), ("public_shared", PUBLIC_SHARED), ("overlays", OVERLAYS)]
    return build_tmx(layers, lambda layer, name: name.split("_")[0] if layer.startswith(("seats", "public"))
                     else "zone")


if __name__ == "__main__":
    Path(__file__).with_name("masterbluff.tmx").write_text(build(), encoding="utf-8")
