"""The art of a card, once, for both front ends (pygame-free): the name of its face under
``assets/cards/<game>/`` (without ``.svg``).  The pygame table draws these files at its own
sizes (``game.app.cards``), the phone page shows the same files (``/cards/<game>/<name>.svg``)."""
from __future__ import annotations

# the rules' spell ids (game/rules/bossquest.py SPELL_NAMES) -> the art's spell kinds (spell_<kind>.svg)
BQ_COLOURS = ("red", "blue", "green", "yellow", "purple")
BQ_SPELL_ART = {
    "power_up1": "plus_1", "power_up2": "plus_2", "power_down1": "minus_1", "power_down2": "minus_2",
    "swap": "swap", "exchange": "exchange", "boss_up1": "hp_plus_1", "boss_up2": "hp_plus_2",
    "boss_down1": "hp_minus_1", "boss_down2": "hp_minus_2", **{f"need_{c}": f"need_{c}" for c in BQ_COLOURS},
    "two_of_colour": "two_same", "no_heart_lost": "no_heart_lost", "cancel": "cancel", "extra_key": "extra_key",
    "second_wins": "second_closest", "last_turn": "last_turn",
}


def court_face(cid: int) -> str:
    """A Fireball Court card's face: coin_7, raven_3, king, castle, knight, fireball."""
    from game.rules.court import CARDS
    c = CARDS[cid]
    return f"{c.kind}_{c.number}" if c.kind in ("coin", "raven") else c.suit


def death_face(card: int) -> str:
    """A Death over the Kingdom character's face: king, thief, dragon..."""
    from game.rules.death import NAMES
    return NAMES[card]


def ktm_face(card: int) -> str:
    """A King Thief Minister character's face: king, minister..."""
    from game.rules.ktm import NAMES
    return NAMES[card]


def weapon_face(c: int) -> str:
    """A Boss Quest weapon's face: weapon_red_3."""
    from game.rules.bossquest import WEAPONS
    return f"weapon_{WEAPONS[c].colour}_{WEAPONS[c].value}"


def spell_face(c: int) -> str:
    """A Boss Quest spell's face: spell_plus_1 (the face-down mystery spell: back_mystery)."""
    from game.rules.bossquest import MYSTERY, SPELL_NAMES
    return "back_mystery" if c == MYSTERY else "spell_" + BQ_SPELL_ART[SPELL_NAMES[c]]


def boss_face(b: int) -> str:
    """A Boss Quest boss's face: boss_17 (its HP in the heart badge)."""
    from game.rules.bossquest import BOSS_HPS
    return f"boss_{BOSS_HPS[b]}"
