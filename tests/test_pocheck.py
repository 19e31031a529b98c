"""game.core.pocheck, the catalogue checker (pofilter's checks that matter here): each check
catches its planted failure, a good translation passes them all (French no-break spaces,
Spanish ¿ ¡, a language's own quote marks, a one-form without {n}, a key the catalogue names in
its own words), and the command line says what it found."""
from __future__ import annotations

import pytest

pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402

from game.core import pocheck  # noqa: E402


def po(tmp_path, lang: str, entries, name: str = "crowntable.po"):
    """A .po in ``tmp_path``: entries are (msgid, msgstr) or ((singular, plural), (forms...))."""
    cat = Catalog(locale=lang, domain="crowntable")
    for msgid, msgstr in entries:
        cat.add(msgid, msgstr)
    path = tmp_path / lang / "LC_MESSAGES" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, cat)
    return path


def problems(tmp_path, lang, entries):
    return [(p.check, p.msgid) for p in pocheck.check_catalogue(pocheck.read(po(tmp_path, lang, entries)))]


GOOD = {
    "it": [("{name} stands", "{name} sta"), ("Quit", "Esci"), ("Enter", "Invio"),
           ("Enter plays {card}: it captures its stack (or drag it)",
            "Invio gioca {card}: cattura la sua pila (o trascinala)"),
           ("Answer first: Bluff! (B) or No bluff (N)", "Prima rispondi: Bluff! (B) o Niente bluff (N)"),
           ("Rules (F1)", "Regole (F1)"), ("Saved in {path}", "Salvato in {path}"),
           (" (a tie: {who} did not start last round)", " (pareggio: {who} non ha iniziato l'ultimo giro)"),
           ("Line one\nline two", "Riga uno\nriga due"), ("{n:,} points and {{braces}}", "{n:,} punti e {{graffe}}"),
           (("{n} card", "{n} cards"), ("una carta", "{n} carte", "{n} carte")),
           ("“Who is the Minister?” Claim it (M) or pass (Enter)",
            "«Chi è il Ministro?» Dichiaralo (M) o passa (Invio)"),
           ("Loading...", "Caricamento…")],
    "fr": [("Score: {n}", "Score\u00a0: {n}"), ("Bluff!", "Bluff\u202f!"), ("Who?", "Qui ?"),
           ("“Bluff!”", "«\u00a0Bluff\u00a0!\u00a0»")],
    "es": [("Who is the Minister?", "¿Quién es el Ministro?"), ("Bluff!", "¡Farol!")],
    "de": [("“Bluff!” she says", "„Bluff!“ sagt sie"), ("Press Esc", "Drücke Esc"),
           ("Press Continue.", "Drück „Weiter“."),                       # a button's name in its quotes
           ('opener must be "random"', "Eröffner muss „zufällig“ sein"),
           ("End of a round: the pile is empty.", "Rundenende: der Stapel ist leer."),   # "End" is no key here
           ("Delete it", "Löschen")],
}


@pytest.mark.parametrize("lang", sorted(GOOD))
def test_a_good_translation_passes_every_check(tmp_path, lang):
    assert problems(tmp_path, lang, GOOD[lang]) == []


#: each check's planted failure: (check, language, msgid, msgstr)
PLANTED = [
    ("fields", "it", "{name} stands", "{nome} sta"),                             # a renamed field
    ("fields", "it", "{name} takes {n}", "{name} prende"),                       # a lost field
    ("fields", "it", "Quit", "Esci {now}"),                                      # an added field
    ("fields", "it", "{n:,} points", "{n} punti"),                               # its format lost
    ("fields", "it", "{{literal}} {name}", "{literal} {name}"),                  # a brace read as a field
    ("fields", "it", "{name} stands", "{name sta"),                              # braces that do not parse
    ("fields", "it", ("{n} card of {who}", "{n} cards of {who}"), ("una carta", "{n} carte di {who}",
                                                                    "{n} carte di {who}")),
    # French's first form serves 0 and 1: it must keep {n} ("0 carte"), Italian's serves 1 alone
    ("fields", "fr", ("{n} card", "{n} cards"), ("une carte", "{n} cartes", "{n} cartes")),
    ("plurals", "it", ("{n} card", "{n} cards"), ("{n} carta", "{n} carte")),   # Italian has 3 forms here
    ("plurals", "it", ("{n} card", "{n} cards"), ("{n} carta", "", "{n} carte")),
    ("doublespacing", "it", "Play a real game", "Gioca  una vera partita"),
    ("startwhitespace", "it", " (a tie)", "(pareggio)"),
    ("endwhitespace", "it", "Round: ", "Giro:"),
    ("startpunc", "it", "(or drag it)", "o trascinala)"),
    ("endpunc", "it", "Bluff!", "Bluff"),
    ("endpunc", "it", "Your turn.", "Tocca a te"),
    ("endpunc", "de", "Score:", "Punkte :"),                       # the no-break space is French only
    ("newlines", "it", "Line one\nline two", "Riga uno riga due"),
    ("keys", "it", "Rules (F1)", "Regole (F2)"),
    ("keys", "it", "Answer first: Bluff! (B) or No bluff (N)", "Prima rispondi: Bluff! (C) o Niente bluff (N)"),
    ("keys", "de", "Undo with Ctrl+Z", "Rückgängig mit Strg+Y"),
    ("keys", "it", "Press Esc to go back", "Premi Fuga per tornare"),
    ("keys", "it", "Read the lesson, then press Next (Space)", "Leggi la lezione, poi premi Avanti (Invio)"),
    ("keys", "it", "press L to look", "premi G per guardare"),
]


@pytest.mark.parametrize("check,lang,msgid,msgstr", PLANTED, ids=[f"{c}-{i}" for i, (c, *_r) in enumerate(PLANTED)])
def test_each_planted_failure_is_caught(tmp_path, check, lang, msgid, msgstr):
    got = problems(tmp_path, lang, [(msgid, msgstr)])
    assert (check, msgid[0] if isinstance(msgid, tuple) else msgid) in got, got


def test_every_check_has_a_planted_failure():
    assert {c for c, *_r in PLANTED} == set(pocheck.CHECKS)


def test_a_key_named_by_the_catalogue_counts_but_only_that_name(tmp_path):
    assert problems(tmp_path, "it", [("Space", "Spazio"), ("press Space", "premi Spazio")]) == []
    assert problems(tmp_path, "it", [("Space", "Spazio"), ("press Space", "premi Barra")]) == \
        [("keys", "press Space")]


def test_a_translator_comment_turns_a_check_off_for_its_message(tmp_path):
    path = po(tmp_path, "it", [("You saw {card} at {spot}", "Hai visto {card} ({spot})"),
                               ("{name} saw {card} at {spot}", "{name} ha visto {card} ({spot})")])
    text = path.read_text(encoding="utf-8").replace('msgid "You saw', '# pocheck: ignore endpunc\nmsgid "You saw')
    path.write_text(text, encoding="utf-8")
    got = [(p.check, p.msgid) for p in pocheck.check_catalogue(pocheck.read(path))]
    assert got == [("endpunc", "{name} saw {card} at {spot}")]          # only the one without the comment


def test_untranslated_messages_are_left_to_the_completeness_test(tmp_path):
    assert problems(tmp_path, "it", [("{name} stands", ""), (("{n} card", "{n} cards"), ("", "", ""))]) == []


def test_the_command_line(tmp_path, capsys):
    bad = po(tmp_path, "it", [("{name} stands", "{nome} sta"), ("Quit", "Esci")])
    good = po(tmp_path / "g", "it", [("Quit", "Esci")])
    assert pocheck.main([str(good)]) == 0
    assert pocheck.main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "fields" in out and "'{name} stands'" in out and "lost {name}" in out and "Quit" not in out
    assert pocheck.main(["--only", "newlines", str(bad)]) == 0
    assert pocheck.main(["--only", "nonsense", str(bad)]) == 2
    assert pocheck.main([str(tmp_path / "missing.po")]) == 1
    assert "cannot be read" in capsys.readouterr().err
