"""Issue 25: Death at 20 players defaults to 60 rounds; the setup says about how long that
takes, beside the rounds, and the line follows the player count, the rounds and the mode."""
from __future__ import annotations

from game.app.games import death_lines


def test_the_estimate_follows_the_measured_pace():
    # 5 and 20 players measured at Normal speed: 12.4 s and 38.0 s a round (the human's turns at once)
    assert abs(death_lines.duration_minutes(5, 1, humans=0) * 60 - 12.4) < 0.6
    assert abs(death_lines.duration_minutes(20, 1, humans=0) * 60 - 38.0) < 0.6
    assert death_lines.duration_text(20, 60) == "About 40 minutes"
    assert death_lines.duration_text(2, 4) == "About 1 minute"
    assert death_lines.duration_text(20, 120) == "About 80 minutes"


def test_setup_says_how_long_beside_the_rounds_and_follows_the_choices(harness):
    h = harness
    s = h.setup("death")
    s.set_players(20 - s.rules.min_players)
    h.step()
    assert s.setup_note() == "60 rounds · About 40 minutes"
    drawn = []
    from game.app.scenes import setup as setup_mod

    real = setup_mod.text
    setup_mod.text = lambda surf, ctx, t, pos, *a, **k: (drawn.append((t, pos)), real(surf, ctx, t, pos, *a, **k))[1]
    try:
        s.draw(h.app.screen)
    finally:
        setup_mod.text = real
    spot = next(pos for t, pos in drawn if t == "60 rounds · About 40 minutes")
    rounds = s.opt_widgets["multiplier"].rect
    assert spot[0] >= rounds.right and abs(spot[1] - rounds.centery) <= 4      # beside the rounds option
    s.set_option("multiplier", 0)                                   # players x 2
    assert s.setup_note() == "40 rounds · About 25 minutes"
    s.set_players(4 - s.rules.min_players)
    assert s.setup_note().startswith("8 rounds · About ")
    s.set_option("mode", 2)                                         # Only one: no round count
    assert s.setup_note() == ""
