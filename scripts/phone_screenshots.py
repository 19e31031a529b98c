"""Screenshots of each game's phone layout: a seeded game of each is played on loopback to a
moment where one seat has a choice, and Debian's headless Chromium (``apt-get install chromium
chromium-driver``) joins that seat at a phone's size (360×740) and a tablet's (768×1024).

    python scripts/phone_screenshots.py [--out DIR] [--lang de] [--full DIR] [--only GAME]

Saves ``<game>-360x740.png`` and ``<game>-768x1024.png`` in ``--out`` (docs/screenshots/phones),
``<game>-<size>-<lang>.png`` for another language, and with ``--full`` the whole page (not
only the screen) there too, to look at what is below the fold.  pngquant shrinks them when
it is installed."""
from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from game.core.i18n import set_language  # noqa: E402
from game.match import Match, SeatSpec  # noqa: E402
from game.phones.host import PhoneHost  # noqa: E402
from game.phones.server import PhoneServer  # noqa: E402

SIZES = ((360, 740), (768, 1024))
NAMES = ("Ada", "Bram", "Cleo", "Dmitri", "Esther", "Farid")
#: game -> (players, seed, random moves before the shot, what the phone does first)
SCENES = {
    "death": (5, 4, 2, None),
    "court": (2, 5, 3, None),
    "ktm": (4, 5, 6, None),            # a challenge window after the opening look
    "bossquest": (4, 5, 6, None),
    "masterbluff": (4, 5, 0, "pick"),  # its turn: two cards tapped and their declarations shown
}


# the headless phone and the app's pump thread: the browser tests' own (one copy)
from test_phone_browser import Pump, browser  # noqa: E402


def wait_for(fn, what: str, timeout: float = 15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            got = fn()
        except Exception:                 # a list redrawn under us: look again
            got = None
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(f"the page did not {what} within {timeout} s")


def play_to(game: str, players: int, seed: int, steps: int) -> Match:
    """A seeded match after ``steps`` seeded random legal moves."""
    m = Match(game, [SeatSpec(NAMES[i], "human") for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s = m.to_act()[0]
        m.submit(rng.choice(list(m.legal(s))))
    return m


def join(drv, server: PhoneServer, seat: int) -> None:
    from selenium.webdriver.common.by import By

    drv.get(server.join_url())
    drv.find_element(By.ID, "find").click()
    wait_for(lambda: drv.find_element(By.CSS_SELECTOR, f'#seats button[data-seat="{seat}"]').click() or True,
             "list the seats")
    wait_for(lambda: drv.find_element(By.ID, "seat").is_displayed(), "show the seat")


def settle(drv) -> None:
    """Until the game's layout is drawn and every picture is loaded."""
    wait_for(lambda: drv.execute_script(
        "return document.body.dataset.game && window.CT.games[document.body.dataset.game] && "
        "[...document.images].every(i => i.complete && i.naturalWidth > 0)"), "draw its layout")
    time.sleep(0.2)


def shoot(drv, path: Path, full: Path | None) -> None:
    drv.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.1)
    drv.save_screenshot(str(path))
    if full is not None:
        import base64
        w, h = drv.execute_script("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        shot = drv.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "clip": {
            "x": 0, "y": 0, "width": w, "height": h, "scale": 1}})
        (full / path.name).write_bytes(base64.b64decode(shot["data"]))


def shots(out: Path, lang: str, full: Path | None, only: str | None) -> list[Path]:
    from selenium.webdriver.common.by import By

    set_language(lang)
    made = []
    for size in SIZES:
        drv = browser(size, lang)
        try:
            for game, (players, seed, steps, first) in SCENES.items():
                if only and game != only:
                    continue
                m = play_to(game, players, seed, steps)
                seat = m.to_act()[0]
                server = PhoneServer(game, [(s.name, None) for s in m.seats], host="127.0.0.1", language=lang,
                                     cards_dir=ROOT / "assets" / "cards").start()
                pump = Pump(PhoneHost(m, server))
                pump.start()
                try:
                    join(drv, server, seat)
                    wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, "#choices button"), "show the choices")
                    settle(drv)
                    if first == "pick":
                        hand = m.observe(seat).hand
                        kind = next(i for i, n in enumerate(hand) if n >= 2)
                        faces = drv.find_elements(By.CSS_SELECTOR, "#hand .card")
                        for el in faces[sum(hand[:kind]):sum(hand[:kind]) + 2]:
                            drv.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
                            el.click()
                        drv.find_element(By.ID, "narrow").click()
                        wait_for(lambda: drv.find_element(By.ID, "all").is_displayed(),
                                 "list the choices of the cards tapped")
                    tail = "" if lang == "en" else f"-{lang}"
                    path = out / f"{game}-{size[0]}x{size[1]}{tail}.png"
                    shoot(drv, path, full)
                    made.append(path)
                    print(path)
                finally:
                    pump.halt.set()
                    pump.join(5)
                    server.stop()
        finally:
            drv.quit()
    return made


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "phones")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--full", type=Path, default=None, help="also save whole pages here")
    ap.add_argument("--only", default=None)
    ap.add_argument("--no-pngquant", action="store_true")
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    if a.full:
        a.full.mkdir(parents=True, exist_ok=True)
    made = shots(a.out, a.lang, a.full, a.only)
    if made and shutil.which("pngquant") and not a.no_pngquant:
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--ext", ".png", "--quality", "60-90",
                        *map(str, made)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
