"""The big screen of a table with phone seats shows nothing a phone seat alone may know
(issue 28), proven by the screen transcript (``game/app/transcript.py``) as
tests/app/test_screen_transcript.py proves the hot-seat screens.

A **public table** (every person on a phone, maybe AIs): for each seat ``s``, a seeded game is
played from an explicit deal (run A) and again from a deal differing only in cards hidden from
``s`` (run B), with the same moves (legal in every deal); every frame of the big screen is a
shared screen, and the frames must be the same in both runs until the public events differ.
Over the seats, every seat's hidden cards are varied, so no seat's secret may reach the big
screen.  A **mixed table** (one person at the screen, phones, an AI): the person's screen is
compared as a lone human's is.  The phones' moves go through the table as the App sends them
(``TableScene.phone_submit`` when ``accepts_remote``, also while the table animates), without
the network here.
"""
from __future__ import annotations

import pytest

from game.app import transcript
from game.app.main import parse_seats
from game.core import registry
from game.match import Match
from tests.app.test_screen_transcript import LIMIT, PLAYERS, SEEDS, SIZE, Script, Shadow, same_screen, seat_transcript
from tests.hidden_deals import deals


def play(game: str, seats: str, seed: int, deck, script: Script, upto: int, home, last: bool = True) -> list:
    """As test_screen_transcript's ``play``, the phone seats' moves sent as the App sends them."""
    rec = transcript.start()
    first = len(rec.frames)
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=SIZE, speed="fast", home=str(home))
    try:
        h.app.settings.memory_aid = True
        m = Match(game, parse_seats(seats), seed=seed, deck=deck)
        h.app.start_table(match=m)            # (no phones opened: CROWNTABLE_PHONE_ADDRESS is loopback)
        h.step(0.0)
        t = h.table

        def ai_moves(dt, submit):
            for seat in m.to_act():
                if not m.is_human(seat):
                    submit(script.action(m, seat))
                    return
        t.pacer.update = ai_moves
        for _ in range(20 * LIMIT + 400):
            if h.scene is not t or len(m.log) > upto:
                break
            if len(m.log) == upto and last and not t.busy():
                break
            phone = next((s for s in m.to_act() if m.is_phone(s)), None)
            if t.curtain_for is not None and not t.busy():
                t.lift_curtain()
            elif t.steps.waiting():
                t.release_step()
            elif phone is not None and t.accepts_remote() and (not t.busy() or len(m.log) % 3 == 1):
                # a phone moves once the big screen showed the last move, as a person does, and
                # one move in three comes while it still plays (it is applied at once, and shown
                # after: ``TableScene.behind``)
                t.phone_submit(script.action(m, phone))
            elif not t.busy() and t.privacy.may_act(t.viewer) and t.viewer in m.to_act():
                t.submit(script.action(m, t.viewer))
            st = t.steps
            if st.step is not None:
                dt = 0.0 if st.waiting() else max(0.0, st.left) + 1e-3
            else:
                dt = 0.0 if st.queue else 1 / 60
            h.step(dt)
        else:
            raise AssertionError(f"{game}: the run did not finish ({len(m.log)} moves)")
        assert t.view_mismatches == []
        return rec.frames[first:]
    finally:
        h.close()


def check(game: str, kinds: list[str], tmp_path, seed: int | None = None) -> dict:
    n = len(kinds)
    seed = SEEDS[game] if seed is None else seed
    seats = ",".join(kinds)
    public = "human" not in kinds
    compared = list(range(n)) if public else [s for s in range(n) if kinds[s] == "human"]
    name = registry.get(game).deck_names[0]
    order, shadows = None, []
    for s in compared:
        order, others = deals(game, n, seed, s)
        for other in others:
            sh = Shadow(Match(game, parse_seats(seats), seed=seed, deck={name: other}).initial, s)
            sh.order = other
            shadows.append(sh)
    script = Script(registry.get(game), seed, shadows)
    frames_a = play(game, seats, seed, {name: order}, script, LIMIT, tmp_path / "a")
    if public:
        metas = [f.meta for f in frames_a if "log" in f.meta]
        assert metas and all(x["public"] and x["hidden"] and x["curtain"] is None for x in metas)
    moves = min(LIMIT, max(f.meta["log"] for f in frames_a if "log" in f.meta))
    script.recording = False

    def reach(sh):
        end = moves if sh.illegal is None else sh.illegal - 1
        return (min(end, moves if sh.stop is None else sh.stop),
                min(end, moves if sh.stop_public is None else sh.stop_public))
    best = {s: max((sh for sh in shadows if sh.seat == s), key=reach) for s in compared}
    report = {}
    for s, sh in best.items():
        stop, stop_public = reach(sh)
        upto = stop_public if public else stop
        frames_b = play(game, seats, seed, {name: sh.order}, script, upto, tmp_path / f"b{s}", last=upto == moves)
        if public:
            a = seat_transcript(frames_a, s, stop_public, shared_only=True)
            same_screen(a, seat_transcript(frames_b, s, stop_public, shared_only=True),
                        f"{game} public screen (deals differing in cards hidden from seat {s})")
            report[s] = (len(a), stop_public)
        else:
            a = seat_transcript(frames_a, s, stop)
            same_screen(a, seat_transcript(frames_b, s, stop), f"{game} seat {s}'s screen")
            report[s] = (len(a), stop)
    return report


@pytest.fixture(autouse=True)
def _recorder(monkeypatch):
    monkeypatch.setenv("CROWNTABLE_PHONE_ADDRESS", "127.0.0.1")
    monkeypatch.setattr("game.app.main.App.open_phones", lambda self, match: None)   # no server here
    yield
    transcript.stop()


PUBLIC = {"masterbluff": ["phone"] * 3, "court": ["phone"] * 2, "death": ["phone", "phone", "ai"],
          "ktm": ["phone", "ai", "phone"], "bossquest": ["phone"] * 3}


@pytest.mark.parametrize("game", sorted(PUBLIC))
def test_the_public_table_shows_nothing_of_any_seats_hidden_cards(game, tmp_path):
    report = check(game, PUBLIC[game], tmp_path)
    for seat, (frames, moves) in report.items():
        assert frames >= 5 and moves >= 2, f"{game} seat {seat}: only {frames} frames / {moves} moves compared"


@pytest.mark.parametrize("game", ["masterbluff", "death"])
def test_a_person_at_the_screen_beside_phones_sees_only_their_own(game, tmp_path):
    kinds = ["human", "phone", "ai"][:PLAYERS[game]]
    report = check(game, kinds, tmp_path)
    assert report[0][0] >= 5 and report[0][1] >= 2


def test_a_planted_leak_on_the_public_table_fails_the_check(tmp_path, monkeypatch):
    """The phone line names the cards of the seat choosing: the check must see it."""
    from game.app.table.phone_status import PhoneStatus
    from game.rules.masterbluff import FAMILIES

    honest = PhoneStatus.line

    def leaky(self):
        got = honest(self)
        if got is None:
            return got
        match = self.ctx.match
        seat = match.to_act()[0]
        hand = match.state.hands[seat]                    # the plant peeks at the state
        return got + " " + " ".join(f"{FAMILIES[f]} {hand[f]}" for f in range(len(hand)) if hand[f])
    monkeypatch.setattr(PhoneStatus, "line", leaky)
    with pytest.raises(AssertionError, match="public screen .* differs"):
        check("masterbluff", PUBLIC["masterbluff"], tmp_path)


# ---------------------------------------------------------------------------- the "why?" line
def everything_explainer(seat, before, after):
    """A stand-in explainer: a line that depends on everything the observations it is given
    hold (at the public table: the spectator's)."""
    return f"why {seat}: {hash((before, after)) % 99991}"


@pytest.mark.parametrize("game", ["masterbluff", "death", "bossquest"])
def test_the_public_tables_why_line_shows_nothing_hidden(game, tmp_path, monkeypatch):
    """At the public table an AI's move gets its "why?" line from what anyone at the table may
    know (the spectator's observations): the big screen is still the same whatever any seat's
    hidden cards."""
    import game.ai.why as why
    from game.app.table.scene import TableScene

    monkeypatch.setitem(why.EXPLAINERS, game, everything_explainer)
    shown = []
    honest = TableScene.draw_why
    monkeypatch.setattr(TableScene, "draw_why", lambda self, surf, *plan: (
        shown.append(self.shown_why()), honest(self, surf, *plan)))
    kinds = {"masterbluff": ["phone", "ai", "ai"], "death": ["phone", "ai", "phone"],
             "bossquest": ["ai", "phone", "ai"]}[game]
    report = check(game, kinds, tmp_path)
    assert [w for w in shown if w is not None], f"{game}: no why-line was shown at the public table"
    for seat, (frames, moves) in report.items():
        assert frames >= 5 and moves >= 2


def test_a_why_line_made_from_a_seats_own_cards_leaks_on_the_public_table(tmp_path, monkeypatch):
    """A planted leak: the public table's line made from an AI seat's own observation."""
    import game.ai.why as why
    from game.app.table.why import WhyLines

    monkeypatch.setitem(why.EXPLAINERS, "masterbluff", everything_explainer)
    honest = WhyLines.before

    def leaky(self, seat):
        got = honest(self, seat)
        return {None: self.ctx.observe(1)} if got is not None and None in got else got
    monkeypatch.setattr(WhyLines, "before", leaky)
    with pytest.raises(AssertionError, match="public screen .* differs"):
        check("masterbluff", ["phone", "ai", "ai"], tmp_path)
