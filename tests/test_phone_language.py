"""Each phone speaks its own language (issue 28, "Words"): "A phone shows the language its
browser asks for when the catalogue has it, else the table's."

The browser's languages come with the WebSocket handshake (``Accept-Language``; the page's
``navigator.languages`` in join/rejoin when the header is missing).  A seat's view (its log
lines, action labels, card names), its ``options`` answers and its refusal reasons are made in
that language (``i18n.speaking``), by the same functions as the table's words, while the table
keeps its own: its next frame is drawn in the table's language.  Every message expected here
is the catalogue's own msgstr, read with ``gettext`` apart from the code under test."""
from __future__ import annotations

import gettext
import json
import time
import queue
import re
import shutil

import pytest

from game.core import i18n
from game.core.actions import sentence_end
from game.match import Match, SeatSpec
from game.phones.host import PhoneHost
from game.phones.server import PhoneServer
from game.phones.view import seat_view
from phone_helpers import WAIT, Phone, served

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def catalogue(lang: str) -> gettext.NullTranslations:
    """The shipped catalogue of ``lang``, read apart from ``game.core.i18n``."""
    return gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[lang])


DE, IT = catalogue("de"), catalogue("it")


@pytest.fixture(autouse=True)
def english_table():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pattern(msgstr: str, **fields) -> re.Pattern:
    """A msgstr with the given fields filled and every other field any text."""
    parts = re.split(r"(\{\w+\})", msgstr)
    out = ""
    for p in parts:
        m = re.fullmatch(r"\{(\w+)\}", p)
        if m is None:
            out += re.escape(p)
        else:
            out += re.escape(str(fields[m.group(1)])) if m.group(1) in fields else ".+"
    return re.compile(out)


def views(phone: Phone) -> list[dict]:
    return [g for g in phone.got if g.get("t") == "view"]


# ------------------------------------------------------------------------------ i18n.speaking
def test_speaking_lends_a_language_and_gives_the_tables_back():
    i18n.set_language("it")
    i18n.set_language("en")                        # reword remembers Italian (the last switch)
    assert i18n._("No bluff") == "No bluff"
    with i18n.speaking("de") as spoken:
        assert spoken == "de" and i18n.current_language() == "de"
        assert i18n._("No bluff") == DE.gettext("No bluff") != "No bluff"
        with i18n.speaking("it"):                  # nested
            assert i18n._("No bluff") == IT.gettext("No bluff")
        assert i18n._("No bluff") == DE.gettext("No bluff")
        assert i18n.ngettext("{n} card", "{n} cards", 2) == DE.ngettext("{n} card", "{n} cards", 2)
    assert i18n.current_language() == "en" and i18n._("No bluff") == "No bluff"
    # what the table's last switch left for reword is not disturbed
    assert i18n.reword(IT.gettext("No bluff")) == "No bluff"
    with pytest.raises(RuntimeError):
        with i18n.speaking("de"):
            raise RuntimeError("inside")
    assert i18n.current_language() == "en" and i18n._("No bluff") == "No bluff"
    with i18n.speaking("ja") as spoken:            # no catalogue: English
        assert spoken == "en" and i18n._("No bluff") == "No bluff"


def test_speaking_the_tables_own_language_changes_nothing():
    i18n.set_language("de")
    try:
        table = i18n._translation
        with i18n.speaking("de") as spoken:
            assert spoken == "de" and i18n._translation is table
        assert i18n._translation is table
    finally:
        i18n.set_language("en")


# ------------------------------------------------------------------------------ over the wire
def test_phones_in_german_and_italian_at_an_english_table_hear_their_own_language():
    """Three phones at a MasterBluff table in English: de, it and ja (no catalogue: the
    table's English).  Their log lines, labels and refusal reasons are the catalogue's."""
    with served() as (m, server, host):
        declarer = m.to_act()[0]
        others = [s for s in range(3) if s != declarer]
        asks = {others[0]: "de-DE,de;q=0.9,en;q=0.5", others[1]: "it-IT", declarer: "ja,xx;q=0.5"}
        phones = {s: Phone(server, host, accept_language=a) for s, a in asks.items()}
        try:
            for s, p in phones.items():
                p.join(s)
                assert p.wait("view")["lang"] == {others[0]: "de", others[1]: "it", declarer: "en"}[s]
            decl = phones[declarer]
            action = views(decl)[-1]["legal"][0]["action"]
            decl.send({"t": "act", "seq": 1, "action": action})
            assert decl.wait("ack")["ok"] is True
            name, n = m.seats[declarer].name, sum(action["counts"])
            for s, tr in ((others[0], DE), (others[1], IT)):
                v = phones[s].wait("view")
                labels = [x["label"] for x in v["legal"]]
                assert tr.gettext("No bluff") in labels and "No bluff" not in labels
                line = next(e["line"] for e in v["events"] if e["line"])
                assert pattern(tr.gettext("{name} declares {n} × {family}"), name=name, n=n).fullmatch(line), line
            v = decl.wait("view")
            assert v["lang"] == "en"
            assert pattern("You declare {n} × {family}", n=n).fullmatch(next(e["line"] for e in v["events"] if e["line"]))

            # refusal reasons: the rules' own, in each phone's language
            discard = {"kind": "discard", **{k: v for k, v in action.items() if k not in ("kind", "seat")}}
            why = "a Bluff! window is open: call Bluff! or let it pass"
            for s, tr in ((others[0], DE), (others[1], IT)):
                phones[s].send({"t": "act", "seq": 1, "action": discard})
                ack = phones[s].wait("ack")
                assert ack["ok"] is False and ack["reason"] == sentence_end(tr.gettext(why)), ack
            decl.send({"t": "act", "seq": 2, "action": {"kind": "call"}})
            ack = decl.wait("ack")
            assert ack["ok"] is False and ack["reason"] == sentence_end(f"it is not {name}'s turn")

            # an options answer: labels in the phone's language
            phones[others[1]].send({"t": "options", "where": {"kind": "pass"}})
            opts = phones[others[1]].wait("options")
            assert [x["label"] for x in opts["legal"]] == [IT.gettext("No bluff")]
            assert i18n.current_language() == "en" and i18n._("No bluff") == "No bluff"
            assert len(m.log) == 1
        finally:
            for p in phones.values():
                p.close()


def test_a_malformed_action_is_refused_in_the_phones_language():
    class Wire:
        phone_seats = frozenset({0, 1})
        language = "en"

        def __init__(self):
            self.inbox, self.sent = queue.Queue(), []

        def held(self):
            return {0, 1}

        def push(self, seat, message):
            self.sent.append((seat, message))

    m = Match("masterbluff", [SeatSpec(f"P{i + 1}", "human") for i in range(3)], seed=3)
    wire = Wire()
    host = PhoneHost(m, wire)
    wire.inbox.put(("joined", 0, {"accept": "de"}))
    wire.inbox.put(("joined", 1, None))                       # no header: the table's
    wire.inbox.put(("act", 0, {"seq": 1, "action": {"kind": 5}}))
    wire.inbox.put(("act", 1, {"seq": 1, "action": {"kind": 5}}))
    host.pump()
    for _ in range(10):                      # the views' budget a pump may leave one for the next
        if not host.behind:
            break
        host.pump()
    acks = {s: msg["reason"] for s, msg in wire.sent if msg["t"] == "ack"}
    assert acks == {0: DE.gettext("That is not a move of this game."), 1: "That is not a move of this game."}
    langs = {s: msg["lang"] for s, msg in wire.sent if msg["t"] == "view"}
    assert langs == {0: "de", 1: "en"}


def test_the_page_may_name_its_languages_when_the_header_is_missing():
    with served() as (m, server, host):
        p = Phone(server, host)                                # no Accept-Language
        q = Phone(server, host, accept_language="it")
        try:
            p.send({"t": "join", "room": server.room, "seat": 0, "langs": ["fr-FR", "en"]})
            assert p.wait("view")["lang"] == "fr"
            # the header wins over the page's list (it is what /words.json reads too)
            q.send({"t": "join", "room": server.room, "seat": 1, "langs": ["de"]})
            assert q.wait("view")["lang"] == "it"
        finally:
            p.close()
            q.close()


@pytest.mark.parametrize("langs", [[1, 2], "de", ["x" * 36], ["de"] * 21, [""]])
def test_a_bad_list_of_languages_closes_the_connection_and_changes_nothing(langs):
    with served() as (m, server, host):
        p = Phone(server, host)
        try:
            p.send({"t": "join", "room": server.room, "seat": 0, "langs": langs})
            code, reason = p.closed_with()
            assert code == 1008 and reason == "'langs' must be a short list of language tags"
            assert server.held() == set() and server.inbox.empty()
        finally:
            p.close()


def test_a_rejoin_may_ask_for_another_language_and_gets_its_whole_log_in_it():
    with served() as (m, server, host):
        actor = m.to_act()[0]
        p = Phone(server, host, accept_language="de")
        try:
            p.join(actor)
            v = p.wait("view")
            assert v["lang"] == "de"
            p.send({"t": "act", "seq": 1, "action": v["legal"][0]["action"]})
            p.wait("ack")
            p.wait("view")
            p.close()
            back = Phone(server, host, accept_language="it")
            back.rejoin(actor, p.secret)
            for _ in range(3):                        # the kept view first, then the new one
                v = back.wait("view")
                if v["lang"] == "it":
                    break
            assert v["lang"] == "it" and v["log"]
            assert pattern(IT.gettext("You declare {n} × {family}")).fullmatch(
                next(e["line"] for e in v["log"] if e["line"]))
            back.close()
        finally:
            p.close()


def test_a_phone_that_follows_the_table_follows_its_language_switch():
    """A phone asking for no shipped language hears the table's: when the table switches (Settings
    -> Language), its next view is whole again, in the new language; a German phone stays German."""
    with served() as (m, server, host):
        actor = m.to_act()[0]
        ja = Phone(server, host, accept_language="ja")
        de = Phone(server, host, accept_language="de")
        try:
            ja.join(actor)
            de.join((actor + 1) % 3)
            assert ja.wait("view")["lang"] == "en" and de.wait("view")["lang"] == "de"
            i18n.set_language("it")
            host.pump()
            v = ja.wait("view")
            assert v["lang"] == "it" and server.language == "it"
            labels = [x["label"] for x in v["legal"]]
            assert labels and all(pattern(IT.gettext("Declare {n} × {family}")).match(x) for x in labels), labels
            assert not de.quiet(0.2)                       # nothing new for the German phone
        finally:
            i18n.set_language("en")
            ja.close()
            de.close()


def test_the_words_json_fallback_follows_the_tables_language():
    import urllib.request

    with served() as (m, server, host):
        i18n.set_language("de")
        host.pump()
        req = urllib.request.Request(f"http://127.0.0.1:{server.port}/words.json",
                                     headers={"Accept-Language": "ja", "Host": f"127.0.0.1:{server.port}"})
        with urllib.request.urlopen(req, timeout=WAIT) as r:
            words = json.loads(r.read())
        assert words["lang"] == "de" and words["join_title"] == DE.gettext("Join the table")


# ------------------------------------------------------------------------------ no words cached
@pytest.mark.parametrize("game,players,seed", [("masterbluff", 3, 7), ("court", 2, 3), ("death", 3, 5),
                                               ("ktm", 3, 21), ("bossquest", 3, 7)])
def test_the_observation_and_its_cache_hold_no_words(game, players, seed):
    """The host's ``cache`` (observations' records as JSON) is shared by every phone whatever
    its language: the same in every language, so it holds no words."""
    m = Match(game, [SeatSpec(f"P{i + 1}", "human") for i in range(players)], seed=seed)
    import random

    rng = random.Random(seed)
    for _ in range(6):
        if m.outcome() is not None:
            break
        m.submit(rng.choice(list(m.legal(m.to_act()[0]))))
    seen = {}
    for lang in ("en", "de", "it"):
        cache: dict = {}
        with i18n.speaking(lang):
            got = [seat_view(m, s, (), (), cache) for s in range(players)]
        seen[lang] = (json.dumps([g["observation"] for g in got], sort_keys=True),
                      json.dumps(sorted(json.dumps(v[1], sort_keys=True) for v in cache.values())),
                      [g["lang"] for g in got], [[x["label"] for x in g["legal"]] for g in got])
    assert seen["en"][0] == seen["de"][0] == seen["it"][0]
    assert seen["en"][1] == seen["de"][1] == seen["it"][1]
    assert [seen[k][2][0] for k in seen] == ["en", "de", "it"]
    labels = [seen[k][3] for k in seen]
    assert any(labels[0]) and labels[0] != labels[1] and labels[0] != labels[2]   # the words do change


# ------------------------------------------------------------------------------ the table's frame
def test_the_tables_next_frame_is_in_the_tables_language(tmp_path, monkeypatch):
    """A table in a pseudo-language (every message marked ⟦…⟧) with a German phone at it: the
    phone gets its views, an options answer and a refusal in German between two frames, and the
    table's next frame shows no word outside the marks (nothing German leaked onto it)."""
    pytest.importorskip("babel")
    from game.app import transcript
    from game.app.headless import HeadlessApp
    from tests.i18n_helpers import pseudo_locale, unmarked, use

    pseudo_locale(tmp_path, "it")
    real_de = i18n.LOCALE_DIR / "de" / "LC_MESSAGES" / "crowntable.mo"
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(real_de, tmp_path / "de" / "LC_MESSAGES" / "crowntable.mo")
    use(monkeypatch, tmp_path, shipped=("en", "it", "de"))
    home = tmp_path / "home"
    monkeypatch.setenv("CROWNTABLE_HOME", str(home))
    rec = transcript.start()
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    server = None
    try:
        h.app.set_language("it")
        h.start("masterbluff", seats="human,ai,ai", seed=7)
        t, m = h.table, h.table.match
        for _ in range(400):                           # a few moves, then still
            if len(m.log) >= 2 and not t.busy():
                break
            if t.steps.waiting():
                t.release_step()
            elif not t.busy() and t.viewer in m.to_act():
                t.submit(next(iter(m.legal(t.viewer))))
            h.step()
        h.step()
        names = [s.name for s in m.seats] + list(i18n.LANGUAGES.values())
        before = [x[5:] for x in rec.frames[-1].items if x.startswith("text:")]
        assert before and unmarked(before, names) == []
        server = PhoneServer("masterbluff", [(s.name, None) for s in m.seats], [1], host="127.0.0.1",
                             language="it").start()
        host = PhoneHost(m, server)
        phone = Phone(server, None, accept_language="de")
        phone.join(1)
        host.pump()                                    # between two frames, as the App does
        v = phone.wait("view")
        assert v["lang"] == "de" and not any("⟦" in (e["line"] or "") for e in v["log"])
        assert any(e["line"] for e in v["log"])
        phone.send({"t": "options", "where": {"kind": "pass"}})
        phone.send({"t": "act", "seq": 1, "action": {"kind": "call"}})
        end = time.monotonic() + 15                    # bounded; generous on a loaded machine
        while time.monotonic() < end and not any(g["t"] == "ack" for g in phone.got):
            host.pump()
            phone.quiet(0.05)
        ack = next(g for g in phone.got if g["t"] == "ack")
        assert ack["ok"] is False and 1 not in m.to_act()
        assert ack["reason"] == sentence_end(DE.gettext("it is not {name}'s turn").format(name=m.seats[1].name))
        assert i18n.current_language() == "it"
        h.step()
        after = [x[5:] for x in rec.frames[-1].items if x.startswith("text:")]
        assert after and unmarked(after, names) == [], unmarked(after, names)
        assert all("⟦" in line for line in t.table_log.lines if line)
        phone.close()
    finally:
        if server is not None:
            server.stop()
        h.close()
        transcript.stop()
        i18n.set_language("en")


# ------------------------------------------------------------------------------ a real browser
def click_seat(tpb, drv, seat: int) -> None:
    """Tap ``seat``'s button on the join page (again when the list redrew under the tap)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(5):
        buttons = tpb.wait_for(lambda: drv.find_elements(By.CSS_SELECTOR, f'#seats button[data-seat="{seat}"]'),
                               "list the seats")
        try:
            buttons[0].click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError("the seat's button kept being redrawn")


def choice_texts(drv) -> list[str]:
    """The choice buttons' words, read at once (the list is redrawn with each view)."""
    return drv.execute_script("return [...document.querySelectorAll('#choices button')].map((b) => b.textContent)")


def test_a_german_browser_gets_the_page_and_the_game_in_german():
    """Debian's headless Chromium asking for German joins a MasterBluff seat of an English
    table: the handshake carries its Accept-Language, and the page's own words (``/words.json``)
    and the game's (the view's labels) are both the German catalogue's."""
    tpb = pytest.importorskip("test_phone_browser")
    if not (tpb.os.path.exists(tpb.CHROMIUM) and tpb.os.path.exists(tpb.DRIVER)):
        pytest.skip("needs Debian's chromium and chromium-driver")
    from selenium.webdriver.common.by import By

    with served(cards_dir=tpb.ROOT / "assets" / "cards") as (m, server, host):
        pump = tpb.Pump(host)
        pump.start()
        drv = tpb.browser(lang="de-DE")
        try:
            actor = m.to_act()[0]
            drv.get(server.join_url())
            tpb.wait_for(lambda: drv.execute_script("return document.documentElement.lang") == "de", "speak German")
            click_seat(tpb, drv, actor)
            tpb.wait_for(lambda: choice_texts(drv), "show the choices")
            assert drv.find_element(By.ID, "turn").text == DE.gettext("Your turn")
            label = pattern(DE.gettext("Declare {n} × {family}"))
            texts = choice_texts(drv)
            assert texts and all(label.match(t) for t in texts), texts[:3]
            assert host.accept[actor].startswith("de")
        finally:
            drv.quit()
            pump.halt.set()
            pump.join(5)


def test_a_browser_following_the_table_rewords_its_page_when_the_table_switches():
    """A browser asking for Japanese (no catalogue) hears the table's English; the table
    switches to Italian: the next view is in Italian, and the page fetches its own words in
    Italian too (``lang`` of the view), so the page and the game never speak two languages."""
    tpb = pytest.importorskip("test_phone_browser")
    if not (tpb.os.path.exists(tpb.CHROMIUM) and tpb.os.path.exists(tpb.DRIVER)):
        pytest.skip("needs Debian's chromium and chromium-driver")
    from selenium.webdriver.common.by import By

    with served(cards_dir=tpb.ROOT / "assets" / "cards") as (m, server, host):
        pump = tpb.Pump(host)
        pump.start()
        drv = tpb.browser(lang="ja")
        try:
            actor = m.to_act()[0]
            drv.get(server.join_url())
            click_seat(tpb, drv, actor)
            tpb.wait_for(lambda: drv.find_element(By.ID, "turn").text == "Your turn", "say it is the seat's turn")
            assert drv.execute_script("return document.documentElement.lang") == "en"
            with pump.lock:                             # the app's thread switches the table's language
                i18n.set_language("it")
            tpb.wait_for(lambda: drv.find_element(By.ID, "turn").text == IT.gettext("Your turn"), "speak Italian")
            assert drv.execute_script("return document.documentElement.lang") == "it"
            assert drv.find_element(By.CSS_SELECTOR, "[data-w=choices]").get_attribute("textContent") == IT.gettext("Your choices")
            label = pattern(IT.gettext("Declare {n} × {family}"))
            texts = choice_texts(drv)
            assert texts and all(label.match(t) for t in texts), texts[:3]
        finally:
            with pump.lock:
                i18n.set_language("en")
            drv.quit()
            pump.halt.set()
            pump.join(5)


def test_a_seat_rejoined_from_a_browser_in_another_language_ends_in_that_language():
    """A German browser holds a seat; the same seat is opened again (its secret in the page's
    storage) from an Italian one, as a phone whose language was changed reloads: the kept German view comes first, then the Italian one, and
    the page ends with its words and the game's in Italian (a late answer for the German page
    words is not applied over them)."""
    tpb = pytest.importorskip("test_phone_browser")
    if not (tpb.os.path.exists(tpb.CHROMIUM) and tpb.os.path.exists(tpb.DRIVER)):
        pytest.skip("needs Debian's chromium and chromium-driver")
    import time

    from selenium.webdriver.common.by import By

    with served(cards_dir=tpb.ROOT / "assets" / "cards") as (m, server, host):
        pump = tpb.Pump(host)
        pump.start()
        drivers = []
        try:
            actor = m.to_act()[0]
            de = tpb.browser(lang="de")
            drivers.append(de)
            de.get(server.join_url())
            click_seat(tpb, de, actor)
            tpb.wait_for(lambda: de.find_element(By.ID, "turn").text == DE.gettext("Your turn"), "speak German")
            key = f"crowntable-seat@127.0.0.1:{server.port}"         # kept by the table's address (issue 28)
            kept = de.execute_script("return localStorage.getItem(arguments[0])", key)
            assert kept and json.loads(kept)["seat"] == actor
            de.quit()                                             # the phone's page is gone (a page still
            drivers.remove(de)                                    # open would take its seat back)
            it = tpb.browser(lang="it")
            drivers.append(it)
            it.get(f"{server.origin}/words.json")                 # the page's origin, to set its storage
            it.execute_script("localStorage.setItem(arguments[0], arguments[1])", key, kept)
            it.get(server.join_url())
            tpb.wait_for(lambda: it.find_element(By.ID, "turn").text == IT.gettext("Your turn"), "speak Italian")
            time.sleep(0.5)                                       # any late answer has come by now
            assert it.find_element(By.ID, "turn").text == IT.gettext("Your turn")
            assert it.execute_script("return document.documentElement.lang") == "it"
            label = pattern(IT.gettext("Declare {n} × {family}"))
            texts = choice_texts(it)
            assert texts and all(label.match(t) for t in texts), texts[:3]
            assert host.language(actor) == "it"
        finally:
            for d in drivers:
                d.quit()
            pump.halt.set()
            pump.join(5)


def test_a_refused_undo_is_refused_in_the_phones_language():
    """A phone's undo the table's rule refuses ("no move of yours to take back") is answered in
    the phone's language, the rule asked again in it (``Match.undo_refusal``), and nothing changes."""
    with served("masterbluff", players=3, seed=3) as (m, server, host):
        p = Phone(server, host, accept_language="de")
        try:
            assert p.join(1)["t"] == "joined"
            p.send({"t": "undo", "seq": 1})
            ack = p.wait("ack")
            assert ack["ok"] is False and m.log == []
            want = DE.gettext("There is no move of yours to take back.")
            assert want != "There is no move of yours to take back."
            assert ack["reason"] in (want, sentence_end(want))
            assert i18n.current_language() == "en"
        finally:
            p.close()
