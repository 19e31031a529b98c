"""The phone page in a real browser: Debian's headless Chromium (``apt-get install chromium
chromium-driver``, which .ci/run installs) at a phone's size opens the join link of a
MasterBluff table served on loopback, joins the seat to act, declares, and after a reload is
back on its seat without joining again.  The match is pumped on a thread of its own, as the
app's thread would."""
from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from phone_helpers import served

CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)),
                                reason="needs Debian's chromium and chromium-driver (apt-get install -y "
                                       "chromium chromium-driver; .ci/run installs them)")


class Pump(threading.Thread):
    """The app's thread: drains the phones' inbox every 10 ms until stopped."""

    def __init__(self, host):
        super().__init__(daemon=True)
        self.host, self.halt = host, threading.Event()
        self.lock = threading.Lock()

    def run(self):
        while not self.halt.wait(0.01):
            with self.lock:
                self.host.pump()


def browser(size=(360, 740), lang: str = "en-GB"):
    """Headless Chromium at a phone's size, asking for ``lang`` (its Accept-Language and
    navigator.languages)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    # a phone's screen: 360×740 CSS pixels (a desktop window may not be that narrow)
    opts.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": size[0], "height": size[1],
                                                                        "pixelRatio": 2}})
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={size[0]},{size[1]}", f"--lang={lang}", "--no-first-run",
                "--disable-extensions", "--disable-background-networking"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    return webdriver.Chrome(service=Service(DRIVER), options=opts)


def wait_for(fn, what: str, timeout: float = 15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = fn()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"the page did not {what} within {timeout} s")


def keep_shots(tmp_path: Path, pattern: str) -> None:
    """With CROWNTABLE_PHONE_SHOTS set: the test's screenshots copied there (docs/screenshots/phones)."""
    if os.environ.get("CROWNTABLE_PHONE_SHOTS"):
        out = Path(os.environ["CROWNTABLE_PHONE_SHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        for p in tmp_path.glob(pattern):
            (out / p.name).write_bytes(p.read_bytes())


@contextmanager
def phone_table(*args, **kwargs):
    """A served match (``served``'s arguments) pumped on its own thread, and a headless
    browser: (match, server, pump, driver); the browser quits and the pump stops after."""
    with served(*args, cards_dir=ROOT / "assets" / "cards", **kwargs) as (m, server, host):
        pump = Pump(host)
        pump.start()
        drv = browser()
        try:
            yield m, server, pump, drv
        finally:
            drv.quit()
            pump.halt.set()
            pump.join(5)


@pytest.mark.xdist_group("chromium")
def test_a_phone_joins_a_masterbluff_seat_declares_and_comes_back_after_a_reload(tmp_path):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    with phone_table() as (m, server, pump, drv):
        actor = m.to_act()[0]
        drv.get(server.join_url())
        wait_for(lambda: drv.find_element(By.ID, "room").get_attribute("value") == server.room,
                 "fill the room code (the page starts once its words are loaded)")
        drv.find_element(By.ID, "find").click()     # (the page asked once on its own too: the list may redraw)

        def seat_button():
            try:
                found = drv.find_elements(By.CSS_SELECTOR, f'#seats button[data-seat="{actor}"]')
                return found and found[0].text == m.seats[actor].name and found[0]
            except StaleElementReferenceException:
                return None
        for _ in range(5):
            try:
                wait_for(seat_button, "list the seats").click()
                break
            except StaleElementReferenceException:
                continue
        choices = wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, "#choices button"), "show the choices")
        assert drv.find_element(By.ID, "turn").text == "Your turn"
        cards = drv.find_elements(By.CSS_SELECTOR, "#hand .card img")
        assert len(cards) == sum(m.observe(actor).hand)
        wait_for(lambda: drv.execute_script(
            "return [...document.querySelectorAll('#hand img')].every(i => i.complete && i.naturalWidth > 0)"),
            "load the card art")
        drv.save_screenshot(str(tmp_path / "phone-join.png"))
        # a declaration is one of thousands: tap two cards of the hand, ask for their choices
        hand = m.observe(actor).hand
        kind = next(i for i, n in enumerate(hand) if n >= 2)
        first = sum(hand[:kind])
        faces = drv.find_elements(By.CSS_SELECTOR, "#hand .card")
        assert drv.find_element(By.ID, "narrow").is_displayed()
        def tap(el):                     # scrolled into the middle of the screen, then tapped
            drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
            el.click()
        tap(faces[first])
        tap(faces[first + 1])
        tap(drv.find_element(By.ID, "narrow"))
        want = [2 if i == kind else 0 for i in range(len(hand))]
        with pump.lock:
            exact = [a for a in m.legal(actor) if list(a["counts"]) == want]
        texts = "return [...document.querySelectorAll('#choices button')].map(b => b.textContent)"
        # the table's words for each declaration of exactly those two cards ("Declare 2 × Elf")
        wait_for(lambda: (lambda got: len(got) == len(exact) and all(t.startswith("Declare 2 × ") for t in got))(
            drv.execute_script(texts)), "list the choices for the cards tapped")
        choices = drv.find_elements(By.CSS_SELECTOR, "#choices button")
        assert drv.find_element(By.ID, "more").is_displayed() is False
        drv.execute_script("window.scrollTo(0, 0)")
        drv.save_screenshot(str(tmp_path / "phone-choices.png"))
        label = choices[-1].text
        tap(choices[-1])
        wait_for(lambda: len(m.log) == 1, "declare")
        with pump.lock:
            assert m.log[0].seat == actor and m.log[0].kind == "discard"
            assert list(m.log[0]["counts"]) == want
        wait_for(lambda: drv.find_element(By.ID, "turn").text == "Waiting for the others", "say it waits")
        # the log says what the big screen's log says to this seat
        fam = m.log[0]["family"]
        from game.rules.masterbluff import family_text
        assert label.startswith(f"Declare 2 × {family_text(fam)}")
        wait_for(lambda: f"You declare 2 × {family_text(fam)}" in drv.find_element(By.ID, "log").text,
                 "log the declaration in the table's words")
        # on the table: the two cards as they lie, face down, and the claim in words (never the
        # family declared drawn face up: the cards may be anything)
        pile = "return [...document.querySelectorAll('#public img')].map(i => i.getAttribute('src'))"
        wait_for(lambda: drv.execute_script(pile).count("/cards/masterbluff/back.svg") >= 3, "lay the cards face down")
        shown = drv.execute_script(pile)
        assert not [s for s in shown if not s.endswith("/back.svg")], shown
        assert drv.execute_script("return document.querySelectorAll('#public .backs .card').length") == 2
        assert f"declared 2 × {family_text(fam)}" in drv.find_element(By.ID, "public").text
        # kept by the table's address (a window opened again on the plain address finds it), with
        # its room code (issue 28: it was kept by the room code, which the plain address lacks)
        stored = drv.execute_script(f"return localStorage.getItem('crowntable-seat@127.0.0.1:{server.port}')")
        assert server.slots[actor].secret in stored and f'"room":"{server.room}"' in stored
        # a reload rejoins the same seat on its own, and nothing is applied again
        drv.refresh()
        wait_for(lambda: drv.find_element(By.ID, "seat").is_displayed(), "rejoin after a reload")
        wait_for(lambda: drv.find_element(By.ID, "turn").text == "Waiting for the others", "show its view again")
        time.sleep(0.3)
        assert len(m.log) == 1 and server.connected() == {actor}
        assert drv.find_element(By.ID, "who").text == m.seats[actor].name
        drv.execute_script("document.getElementById('log').scrollIntoView({block: 'end'})")
        drv.save_screenshot(str(tmp_path / "phone-after.png"))
        keep_shots(tmp_path, "phone-*.png")


@pytest.mark.xdist_group("chromium")
def test_a_phone_at_a_death_table_shows_the_tables_words_and_plays_them(tmp_path):
    """A Death seat's phone lists its moves in the table's words ("Stand", "Thief: P2"), plays
    one, and logs it as the big screen does ("You stand")."""
    from selenium.webdriver.common.by import By

    from game.phones.view import seat_words
    from game.words import death as words

    with phone_table("death", players=5, seed=4) as (m, server, pump, drv):
        actor = m.to_act()[0]
        drv.get(server.join_url())
        drv.find_element(By.ID, "find").click()
        seat = wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, f'#seats button[data-seat="{actor}"]'),
                        "list the seats")
        for _ in range(5):
            try:
                seat[0].click()
                break
            except Exception:                  # the list redrew: find the button again
                seat = drv.find_elements(By.CSS_SELECTOR, f'#seats button[data-seat="{actor}"]')
        with pump.lock:
            w = seat_words(m, actor)
            want = [words.action_label(w, a) for a in m.legal(actor)]
        texts = "return [...document.querySelectorAll('#choices button')].map(b => b.textContent)"
        got = wait_for(lambda: drv.execute_script(texts), "show the choices")
        assert got == want and "Stand" in got and not any("·" in t for t in got)
        drv.save_screenshot(str(tmp_path / "death-360x740-turn.png"))
        stand = next(b for b in drv.find_elements(By.CSS_SELECTOR, "#choices button") if b.text == "Stand")
        drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", stand)
        stand.click()
        wait_for(lambda: len(m.log) == 1, "stand")
        wait_for(lambda: "You stand" in drv.find_element(By.ID, "log").text, "log the move in the table's words")
        drv.execute_script("window.scrollTo(0, 0)")
        drv.save_screenshot(str(tmp_path / "death-360x740-after.png"))
        keep_shots(tmp_path, "death-*.png")
