"""Checks of a translated gettext catalogue (.po), the ones of translate-toolkit's ``pofilter``
that matter here, written out so that they run with Babel alone:

- ``fields``: the named fields (``{name}``, ``{n:,}``; ``{{`` is a brace, not a field) are the
  msgid's, none lost, none added (plural forms: the singular's or the plural's); a brace that
  does not parse is a problem too (``str.format`` would raise on the screen);
- ``plurals``: a plural message has every form the catalogue's ``Plural-Forms`` asks for
  (``nplurals``), none empty;
- ``doublespacing``: no doubled space the msgid does not have;
- ``startwhitespace`` / ``endwhitespace``: the msgid's leading and trailing whitespace, kept;
- ``startpunc`` / ``endpunc``: the msgid's leading and trailing punctuation, kept ("..." and "…"
  are one; quote marks are the language's own typography and do not count: German may write
  „Weiter“. where English has Continue.; French may put a space or a no-break space before
  : ; ! ?; Spanish may open a question or an exclamation with ¿ ¡);
- ``newlines``: as many line breaks as the msgid;
- ``keys``: the keys the msgid names (Enter, Esc, Tab, Space, Backspace, PageUp, PageDown,
  F1..F12, Ctrl+Z, Shift+Tab, the arrows, and a single letter where the msgid names a key:
  "(B)", "the N key", "press L") are
  named in the translation: as they are, or as the catalogue itself translates the key's name
  (its msgid "Enter" -> "Invio" lets "Invio" stand for Enter in every sentence).

Untranslated messages are not checked here (completeness is its own test).  A translation that
departs from the msgid on purpose (a button's name put in brackets at the end) carries a
translator comment ``# pocheck: ignore endpunc`` (checks separated by commas) in the .po: that
message is not held to those checks.  Usable from the
command line: ``python -m game.core.pocheck [--only fields,keys] FILE.po ...`` prints one line
per problem and exits 1 when there is any.  Reading a .po needs Babel (a test/dev dependency);
the checks themselves take plain strings.
"""
from __future__ import annotations

import re
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path

CHECKS = ("fields", "plurals", "doublespacing", "startwhitespace", "endwhitespace", "startpunc", "endpunc",
          "newlines", "keys")

PUNCT = set(string.punctuation) - {"{", "}", "_", "<", ">", "@", "#", "&", "*", "+", "=", "|", "~", "^", "$",
                                   "%", "/", "\\"}
QUOTES = set("\"'«»„“”‚‘’")
PUNCT |= QUOTES | set("…¡¿")
NBSP = "\u00a0\u202f"
#: key names a msgid may use (a whole word)
KEY_WORDS = r"Enter|Esc|Tab|Space|Backspace|PageUp|PageDown"
KEY_RE = re.compile(rf"(?<![\w+])(?:(?:Ctrl|Shift|Alt)\+\w+|F1[0-2]|F[1-9]|{KEY_WORDS})(?![\w+])|[←→↑↓]")
#: a single letter the msgid names as a key: "(B)", "(A or Esc", "the N key", "press L"
LETTER_RE = re.compile(r"\(([A-Z0-9])\)|\(([A-Z0-9]) or\b|\bthe ([A-Z0-9]) key\b|\bpress ([A-Z0-9])\b"
                       r"|\bor ([A-Z0-9])\)")


#: the count of a plural message: the one field a first form serving n = 1 alone may leave out
COUNT_FIELDS = {"{n}", "{count}"}


@dataclass
class Message:
    id: str
    strings: list[str]                        # one for a plain message, one per form for a plural
    plural: str | None = None                 # the msgid_plural
    context: str | None = None
    fuzzy: bool = False
    lineno: int = 0
    ignore: frozenset = frozenset()           # checks a translator comment turns off for it


@dataclass
class Problem:
    check: str
    msgid: str
    detail: str
    lineno: int = 0

    def __str__(self) -> str:
        return f"{self.lineno}: {self.check}: {self.msgid!r}: {self.detail}"


@dataclass
class Catalogue:
    language: str
    nplurals: int
    messages: list[Message] = field(default_factory=list)

    plural_expr: str | None = None             # the Plural-Forms' plural= expression

    def first_form_is_one(self) -> bool:
        """Whether the first plural form serves n = 1 alone (it may then say "one card" with no
        {n}); French's first form serves 0 and 1 both."""
        if not self.plural_expr:
            return False
        import gettext

        try:
            rule = gettext.c2py(self.plural_expr)
        except (ValueError, SyntaxError):
            return False
        return [n for n in range(0, 1001) if rule(n) == 0] == [1]

    def key_names(self) -> dict[str, str]:
        """The catalogue's own name of each key it translates (msgid "Enter" -> "Invio")."""
        out = {}
        for m in self.messages:
            if m.plural is None and m.context is None and m.strings and m.strings[0] and KEY_RE.fullmatch(m.id):
                out[m.id] = m.strings[0]
        return out


# -- pieces ---------------------------------------------------------------------------------------
def fields(text: str) -> set[str] | None:
    """The replacement fields of ``text`` as written ("{name}", "{n:,}"); None when its braces do
    not parse (``str.format`` would raise)."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    out = set()
    for _lit, name, spec, conv in parsed:
        if name is not None:
            out.add("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return out


def _ends(text: str, lang: str, start: bool) -> str:
    """The punctuation run at the start (or the end) of ``text``, normalised: fields count as
    letters, quote marks are skipped (the language's own typography), "..." is "…", a French
    space or no-break space before : ; ! ? » and after « is dropped, and Spanish ¿ ¡ at the start
    are not counted; a space between the words and the run is part of it ("Score :")."""
    t = re.sub(r"\{[^{}]*\}", "X", text).strip()
    t = t.replace("...", "…")
    if lang.startswith("fr"):
        t = re.sub(rf"[ {NBSP}]+(?=[:;!?»])", "", t)
        t = re.sub(rf"(?<=«)[ {NBSP}]+", "", t)
    run = []
    seq = t if start else t[::-1]
    k = 0
    for k, ch in enumerate(seq):
        if ch in QUOTES:
            continue                         # the language's own quote marks
        if ch not in PUNCT:
            break
        run.append(ch)
    else:
        k = len(seq)
    if run and k < len(seq) and seq[k].isspace():
        run.append(" ")                      # a space between the words and the mark ("Score :")
    if not start:
        run.reverse()
    out = "".join(run)
    if start and lang.startswith("es"):
        out = out.replace("¿", "").replace("¡", "")
    return out


def _lead(text: str) -> str:
    return text[:len(text) - len(text.lstrip())]


def _trail(text: str) -> str:
    return text[len(text.rstrip()):]


def keys_named(text: str) -> list[str]:
    return KEY_RE.findall(text) + ["".join(g) for g in LETTER_RE.findall(text)]


# -- the checks -------------------------------------------------------------------------------------
def check_pair(source: str, target: str, lang: str, key_names: dict[str, str] | None = None,
               only=CHECKS) -> list[tuple[str, str]]:
    """The problems of one translation ``target`` of ``source``: (check, detail) each."""
    out: list[tuple[str, str]] = []
    if "fields" in only:
        want, got = fields(source), fields(target)
        if got is None:
            out.append(("fields", "its braces do not parse (write a brace as {{ or }})"))
        elif want is not None and want != got:
            lost, added = sorted(want - got), sorted(got - want)
            out.append(("fields", "; ".join(filter(None, [f"lost {', '.join(lost)}" if lost else "",
                                                         f"added {', '.join(added)}" if added else ""]))))
    if "doublespacing" in only and "  " in target and "  " not in source:
        out.append(("doublespacing", "a doubled space"))
    if "startwhitespace" in only and _lead(source) != _lead(target):
        out.append(("startwhitespace", f"starts with {_lead(target)!r}, the msgid with {_lead(source)!r}"))
    if "endwhitespace" in only and _trail(source) != _trail(target):
        out.append(("endwhitespace", f"ends with {_trail(target)!r}, the msgid with {_trail(source)!r}"))
    if "startpunc" in only and _ends(source, lang, True) != _ends(target, lang, True):
        out.append(("startpunc", f"starts with {_ends(target, lang, True)!r}, the msgid with "
                                 f"{_ends(source, lang, True)!r}"))
    if "endpunc" in only and _ends(source, lang, False) != _ends(target, lang, False):
        out.append(("endpunc", f"ends with {_ends(target, lang, False)!r}, the msgid with "
                               f"{_ends(source, lang, False)!r}"))
    if "newlines" in only and source.count("\n") != target.count("\n"):
        out.append(("newlines", f"{target.count(chr(10))} line breaks, the msgid {source.count(chr(10))}"))
    if "keys" in only:
        names = key_names or {}
        missing = [k for k in dict.fromkeys(keys_named(source))
                   if not _names_key(target, k) and not (k in names and names[k] in target)]
        if missing:
            out.append(("keys", f"does not name the key {', '.join(missing)}"))
    return out


def _names_key(text: str, key: str) -> bool:
    if len(key) == 1 and key.isalnum():
        return re.search(rf"(?<![\w]){re.escape(key)}(?![\w])", text) is not None
    return key in text


def check_message(m: Message, cat: Catalogue, only=CHECKS) -> list[Problem]:
    if not any(m.strings):
        return []                                    # untranslated: completeness says so
    only = tuple(c for c in only if c not in m.ignore)
    names = cat.key_names() if "keys" in only else {}
    out: list[Problem] = []

    def add(problems, form: str = "") -> None:
        out.extend(Problem(c, m.id, f"{form}{d}", m.lineno) for c, d in problems)

    if m.plural is None:
        add(check_pair(m.id, m.strings[0], cat.language, names, only))
        return out
    if "plurals" in only:
        if len(m.strings) != cat.nplurals:
            out.append(Problem("plurals", m.id, f"{len(m.strings)} forms, the catalogue's Plural-Forms asks "
                                                f"for {cat.nplurals}", m.lineno))
        empty = [i for i, s in enumerate(m.strings) if not s]
        if empty:
            out.append(Problem("plurals", m.id, f"form {', '.join(map(str, empty))} is empty", m.lineno))
    for i, s in enumerate(m.strings):
        if not s:
            continue
        rest = [c for c in only if c != "fields"]
        probs = check_pair(m.plural if i else m.id, s, cat.language, names, rest)
        if "fields" in only:
            got, one, many = fields(s), fields(m.id), fields(m.plural)
            if got is None:
                probs.append(("fields", "its braces do not parse (write a brace as {{ or }})"))
            elif got != many and not (i == 0 and (got == one or (cat.first_form_is_one() and one is not None
                                                                   and got == one - COUNT_FIELDS))):
                lost, added = sorted((many or set()) - got), sorted(got - ((many or set()) | (one or set())))
                probs.append(("fields", "; ".join(filter(None, [f"lost {', '.join(lost)}" if lost else "",
                                                                f"added {', '.join(added)}" if added else ""]))
                              or "not the msgid's fields"))
        add(probs, f"form {i}: ")
    return out


def check_catalogue(cat: Catalogue, only=CHECKS) -> list[Problem]:
    return [p for m in cat.messages for p in check_message(m, cat, only)]


# -- reading a .po (Babel) -----------------------------------------------------------------------
def read(path: str | Path) -> Catalogue:
    from babel.messages.pofile import read_po

    with open(path, "rb") as f:
        po = read_po(f)
    lang = str(po.locale) if po.locale is not None else Path(path).parts[-3]
    nplurals, expr = _plural_forms(po.mime_headers)
    cat = Catalogue(lang, nplurals or po.num_plurals, plural_expr=expr or po.plural_expr)
    for m in po:
        if not m.id:
            continue
        if isinstance(m.id, (tuple, list)):
            strings = list(m.string) if isinstance(m.string, (tuple, list)) else [m.string]
            cat.messages.append(Message(m.id[0], strings, m.id[1], m.context, m.fuzzy, m.lineno,
                                        _ignored(m.user_comments)))
        else:
            cat.messages.append(Message(m.id, [m.string or ""], None, m.context, m.fuzzy, m.lineno,
                                        _ignored(m.user_comments)))
    return cat


def _ignored(comments) -> frozenset:
    """The checks a translator comment "pocheck: ignore endpunc, keys" turns off."""
    out = set()
    for c in comments:
        c = c.strip()
        if c.startswith("pocheck: ignore"):
            out |= {w.strip() for w in c[len("pocheck: ignore"):].split(",") if w.strip()}
    return frozenset(out)


def _plural_forms(headers) -> tuple[int | None, str | None]:
    """(nplurals, the plural= expression) of the Plural-Forms header."""
    for key, value in headers:
        if key.lower() == "plural-forms":
            n = re.search(r"nplurals\s*=\s*(\d+)", value)
            expr = re.search(r"plural\s*=\s*([^;]+)", value)
            return (int(n.group(1)) if n else None), (expr.group(1).strip() if expr else None)
    return None, None


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    only = CHECKS
    if args[:1] == ["--only"] and len(args) > 1:
        only = tuple(c for c in args[1].split(",") if c)
        unknown = [c for c in only if c not in CHECKS]
        if unknown:
            print(f"pocheck: unknown check {', '.join(unknown)}; checks: {', '.join(CHECKS)}", file=sys.stderr)
            return 2
        args = args[2:]
    if not args:
        print("usage: python -m game.core.pocheck [--only CHECK,...] FILE.po ...", file=sys.stderr)
        return 2
    bad = 0
    for path in args:
        try:
            cat = read(path)
        except (OSError, ValueError) as exc:
            print(f"{path}: cannot be read: {exc}", file=sys.stderr)
            bad += 1
            continue
        for p in check_catalogue(cat, only):
            print(f"{path}:{p}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
