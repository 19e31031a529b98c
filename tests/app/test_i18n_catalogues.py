"""The shipped catalogues (game.core.i18n.SHIPPED, the one list): each complete, clean and
compiled; Settings offers exactly them; every character they use has a glyph; the rules screen
names the same numbers in each; selfcheck loads each and plays every lesson in it.

Until the translations land SHIPPED is English alone: the per-language tests then have nothing
to check but their planted failures, which run on catalogues made in a temp folder."""
from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from game.core import i18n, pocheck  # noqa: E402
from tests.i18n_helpers import POT, pseudo_locale  # noqa: E402

LOCALE = Path(i18n.LOCALE_DIR)
TRANSLATED = [lang for lang in i18n.SHIPPED if lang != i18n.SOURCE]


def po_path(lang: str, base: Path = LOCALE) -> Path:
    return base / lang / "LC_MESSAGES" / "crowntable.po"


def read(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f)


def key(m) -> tuple:
    return (m.context, m.id)


# -- completeness ------------------------------------------------------------------------------
def completeness(path: Path, pot_path: Path = POT) -> list[str]:
    """What keeps the catalogue at ``path`` from shipping: a message of the template missing or
    untranslated (any plural form empty), a fuzzy one, an obsolete entry, one the template lacks."""
    pot, cat = read(pot_path), read(path)
    want = {key(m) for m in pot if m.id}
    have = {key(m): m for m in cat if m.id}
    out = [f"missing: {k[1]!r}" for k in sorted(want - set(have), key=str)]
    out += [f"not in the template: {k[1]!r}" for k in sorted(set(have) - want, key=str)]
    for k, m in have.items():
        forms = m.string if isinstance(m.string, (tuple, list)) else [m.string]
        if not all(forms):
            out.append(f"untranslated: {m.id!r}")
        if m.fuzzy:
            out.append(f"fuzzy: {m.id!r}")
    out += [f"obsolete: {m.id!r}" for m in cat.obsolete.values()]
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_shipped_catalogue_is_complete(lang):
    assert completeness(po_path(lang)) == []


def planted_catalogue(tmp_path, lang="it"):
    """A complete catalogue of the template (every message marked), written as a .po."""
    pot = read(POT)
    cat = Catalog(locale=lang, domain="crowntable")
    for m in pot:
        if m.id:
            s = tuple(f"x{m.id[min(i, 1)]}" for i in range(cat.num_plurals)) if isinstance(m.id, tuple) \
                else f"x{m.id}"
            cat.add(m.id, s, context=m.context)
    return cat


def write(cat, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, cat, include_previous=True)
    return path


def test_completeness_catches_each_planted_failure(tmp_path):
    cat = planted_catalogue(tmp_path)
    assert completeness(write(cat, tmp_path / "ok.po")) == []
    ids = [m.id for m in cat if m.id and not isinstance(m.id, tuple) and not m.context]
    plural = next(m.id for m in cat if isinstance(m.id, tuple))
    gone = read(write(cat, tmp_path / "a.po"))
    del gone[ids[0]]
    assert completeness(write(gone, tmp_path / "gone.po")) == [f"missing: {ids[0]!r}"]
    empty = read(write(cat, tmp_path / "b.po"))
    empty[ids[1]].string = ""
    assert completeness(write(empty, tmp_path / "empty.po")) == [f"untranslated: {ids[1]!r}"]
    form = read(write(cat, tmp_path / "c.po"))
    form[plural].string = (form[plural].string[0], "") + tuple(form[plural].string[2:])
    assert completeness(write(form, tmp_path / "form.po")) == [f"untranslated: {plural!r}"]
    fuzzy = read(write(cat, tmp_path / "d.po"))
    fuzzy[ids[2]].flags.add("fuzzy")
    assert completeness(write(fuzzy, tmp_path / "fuzzy.po")) == [f"fuzzy: {ids[2]!r}"]
    write(cat, tmp_path / "e.po")
    text = (tmp_path / "e.po").read_text(encoding="utf-8") + '\n#~ msgid "Gone for good"\n#~ msgstr "Via"\n'
    (tmp_path / "obsolete.po").write_text(text, encoding="utf-8")
    assert completeness(tmp_path / "obsolete.po") == ["obsolete: 'Gone for good'"]
    extra = read(write(cat, tmp_path / "f.po"))
    extra.add("A string the code no longer has", "x")
    assert completeness(write(extra, tmp_path / "extra.po")) == ["not in the template: 'A string the code no longer has'"]


# -- the compiled catalogue is the compile of the .po --------------------------------------------
def compiled_messages(po: Path) -> dict:
    """What ``pybabel compile`` (scripts/i18n.sh) puts in the .mo for ``po``: Babel's own
    compile of it, read back (no fuzzy message)."""
    import io

    buf = io.BytesIO()
    write_mo(buf, read(po), use_fuzzy=False)
    buf.seek(0)
    return {k: v for k, v in gettext.GNUTranslations(buf)._catalog.items() if k != ""}


def mo_messages(mo: Path) -> dict:
    with open(mo, "rb") as f:
        cat = gettext.GNUTranslations(f)._catalog
    return {k: v for k, v in cat.items() if k != ""}


def mo_problems(base: Path = LOCALE) -> list[str]:
    """Every translation's .mo missing or not the compile of its .po (English, the source
    text, has none: ``set_language("en")`` uses no catalogue)."""
    out = []
    for po in sorted(base.glob("*/LC_MESSAGES/crowntable.po")):
        if po.parts[-3] == i18n.SOURCE:
            continue
        mo = po.with_suffix(".mo")
        if not mo.is_file():
            out.append(f"{mo}: missing (run scripts/i18n.sh compile)")
        elif mo_messages(mo) != compiled_messages(po):
            out.append(f"{mo}: not the compile of its .po (run scripts/i18n.sh compile)")
    return out


def test_every_mo_is_the_compile_of_its_po():
    assert mo_problems() == []
    assert all(po_path(lang).with_suffix(".mo").is_file() for lang in TRANSLATED)


def test_a_stale_mo_is_caught(tmp_path):
    cat = planted_catalogue(tmp_path, "de")
    po = write(cat, po_path("de", tmp_path))
    with open(po.with_suffix(".mo"), "wb") as f:
        write_mo(f, cat)
    assert mo_problems(tmp_path) == []
    first = next(m for m in cat if m.id and not isinstance(m.id, tuple) and not m.context)
    first.string = "a newer word"
    write(cat, po)                                     # the .po changed, the .mo did not
    assert mo_problems(tmp_path) == [f"{po.with_suffix('.mo')}: not the compile of its .po (run scripts/i18n.sh compile)"]
    po.with_suffix(".mo").unlink()
    assert "missing" in mo_problems(tmp_path)[0]


# -- the checker over every shipped catalogue ---------------------------------------------------
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_shipped_catalogue_passes_the_checks(lang):
    problems = pocheck.check_catalogue(pocheck.read(po_path(lang)))
    assert [str(p) for p in problems] == []


# -- Settings offers the shipped list ----------------------------------------------------------
def test_settings_offers_exactly_the_shipped_languages(harness):
    from game.app.scenes.settings import language_options

    assert language_options() == [i18n.LANGUAGES[c] for c in i18n.SHIPPED]
    harness.menu()
    harness.app.open_settings()
    harness.step()
    assert harness.scene.language.options == [i18n.LANGUAGES[c] for c in i18n.SHIPPED]
    assert len(set(i18n.SHIPPED)) == len(i18n.SHIPPED)
    for lang in TRANSLATED:                            # each ships its catalogue
        assert po_path(lang).is_file() and i18n.has_catalogue(lang)


# -- fonts ---------------------------------------------------------------------------------------
TYPOGRAPHY = "«»„“”‚‘’ß ñçõœ…ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜàâäçéèêëîïôöùûüÁÍÑÓÚáíóúãÃõÕ¡¿ªº€"


def characters(paths) -> set[str]:
    out = set(TYPOGRAPHY)
    for p in paths:
        for m in read(p):
            for s in ([m.id] if isinstance(m.id, str) else list(m.id)) + \
                     ([m.string] if isinstance(m.string, str) else list(m.string)):
                out |= set(s or "")
    return {c for c in out if not c.isspace() and c.isprintable()}


def test_every_character_of_every_catalogue_has_a_glyph(harness):
    fonts = harness.app.fonts
    chars = characters([POT, *[po_path(lang) for lang in TRANSLATED]])
    missing = [c for c in sorted(chars) if fonts.missing(c) is not None]
    assert missing == []
    assert fonts.missing("漢") == "漢"                   # the planted failure: a glyph DejaVu lacks


# -- rules screen parity -------------------------------------------------------------------------
def numbers_per_paragraph(text: str) -> list[list[str]]:
    return [sorted(re.findall(r"\d+", p)) for p in re.split(r"\n\s*\n", text.strip())]


def parity_problems(translate) -> list[str]:
    from game.app.games import PLAYABLE, rules_text

    out = []
    for game in PLAYABLE:
        english = rules_text(game)
        want, got = numbers_per_paragraph(english), numbers_per_paragraph(translate(english))
        if len(want) != len(got):
            out.append(f"{game}: {len(got)} paragraphs, English has {len(want)}")
            continue
        out += [f"{game}, paragraph {i + 1}: numbers {g}, English {w}" for i, (w, g) in enumerate(zip(want, got))
                if w != g]
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_rules_name_the_same_numbers_in_every_language(lang):
    t = gettext.translation("crowntable", LOCALE, languages=[lang])
    assert parity_problems(t.gettext) == []


def test_rules_parity_catches_a_changed_number_and_a_lost_paragraph():
    assert parity_problems(lambda s: s) == []
    assert any("paragraph" in p and "numbers" in p for p in parity_problems(lambda s: s.replace("101", "100")))
    assert any("paragraphs" in p for p in parity_problems(lambda s: s.replace("\n\n", "\n", 1)))


# -- selfcheck ------------------------------------------------------------------------------------
def test_selfcheck_loads_every_shipped_catalogue_and_plays_every_lesson_in_it(tmp_path, monkeypatch):
    from game.app import selfcheck

    langs, problems = selfcheck.language_problems()
    assert langs == list(i18n.SHIPPED) and problems == []
    pseudo_locale(tmp_path, "it")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "SHIPPED", ("en", "it", "de"))            # de: no catalogue
    langs, problems = selfcheck.language_problems()
    assert langs == ["en", "it"] and problems == [f"de: no catalogue in {tmp_path}"]
    assert i18n.current_language() == "en"


def test_selfcheck_catches_a_lesson_text_a_language_breaks(tmp_path, monkeypatch):
    from game.app import selfcheck
    from game.match.lesson import load
    from game.app.resources import asset

    text = next(t for t in load(asset("lessons", "masterbluff.toml")).texts() if "{" in t)
    cat = Catalog(locale="it", domain="crowntable")
    cat.add(text, text.replace("{", "{nope_", 1))
    mo = tmp_path / "it" / "LC_MESSAGES" / "crowntable.mo"
    mo.parent.mkdir(parents=True)
    with open(mo, "wb") as f:
        write_mo(f, cat)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "SHIPPED", ("en", "it"))
    _langs, problems = selfcheck.language_problems()
    assert len(problems) == 1 and problems[0].startswith("it: ") and "masterbluff.toml" in problems[0]


# -- the wheel and the one-file build carry every catalogue --------------------------------------
def test_the_wheel_and_the_one_file_build_carry_every_catalogue():
    """pyproject's package-data names every .mo (and .po) under game/locale, and the one-file
    build's spec takes the folder whole; CI's ``selfcheck`` of both builds loads each shipped
    catalogue (``language_problems``), so a catalogue left out fails there too."""
    import fnmatch
    import tomllib

    root = LOCALE.parents[1]
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    globs = data["tool"]["setuptools"]["package-data"]["game"]
    carried = lambda rel: any(fnmatch.fnmatch(rel, g) for g in globs)          # noqa: E731
    for path in [*LOCALE.glob("*/LC_MESSAGES/*.mo"), *LOCALE.glob("*/LC_MESSAGES/*.po")]:
        assert carried(path.relative_to(root / "game").as_posix()), path
    assert carried("locale/it/LC_MESSAGES/crowntable.mo") and not carried("locale/it/crowntable.mo")
    spec = (root / "build_scripts" / "crowntable.spec").read_text(encoding="utf-8")
    assert '(os.path.join(ROOT, "game", "locale"), "game/locale")' in spec
    assert i18n.LOCALE_DIR == Path(i18n.__file__).resolve().parents[1] / "locale"     # beside the package
