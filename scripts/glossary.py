"""Regenerate docs/GLOSSARY.md from its sources, docs/glossary/<lang>.tsv (one per translated
language, header ``id<TAB>English<TAB><lang>``, the same ids in the same order in each).

    python scripts/glossary.py          # rewrite docs/GLOSSARY.md
    python scripts/glossary.py --check  # exit 1 if docs/GLOSSARY.md is not what the sources give

``tests/test_glossary.py`` checks the table against the catalogues and the games' own names."""
from __future__ import annotations

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("it", "fr", "es", "de", "pt")
NAMES = {"it": "Italiano", "fr": "Français", "es": "Español", "de": "Deutsch", "pt": "Português"}
HEADER = """# Glossary

One name per card, spell, character and token in each of the six languages, kept everywhere
(rules, lessons, help, log). MasterBluff's words are its rulebook's own in each language
(`../shared/seeds/004_*.txt`). A note in parentheses after a word says where another form is
used. Rows listing several words (separated by " / " or ", ") keep the English order.
The per-language sources are `docs/glossary/<lang>.tsv`; `scripts/glossary.py` regenerates this
file from them, and `tests/test_glossary.py` checks that each catalogue uses these words.
"""


def read_tsv(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    return rows


def load(root: Path = ROOT) -> list[list[str]]:
    """Rows ``[id, English, it, fr, es, de, pt]`` from the per-language sources."""
    table: list[list[str]] | None = None
    for i, lang in enumerate(LANGS):
        rows = read_tsv(root / "docs" / "glossary" / f"{lang}.tsv")
        if rows[0] != ["id", "English", lang]:
            raise SystemExit(f"{lang}.tsv: the header must be id, English, {lang}")
        body = rows[1:]
        if table is None:
            table = [[r[0], r[1]] for r in body]
        if [(r[0], r[1]) for r in body] != [(t[0], t[1]) for t in table]:
            raise SystemExit(f"{lang}.tsv: its ids and English words differ from {LANGS[0]}.tsv")
        for t, r in zip(table, body):
            t.append(r[2] if len(r) > 2 else "")
    return table or []


def render(table: list[list[str]]) -> str:
    out = [HEADER, "| term | English | " + " | ".join(NAMES[lang] for lang in LANGS) + " |",
           "|---|---|" + "---|" * len(LANGS)]
    out += [f"| `{r[0]}` | " + " | ".join(r[1:]) + " |" for r in table]
    return "\n".join(out) + "\n"


def parse_markdown(text: str) -> list[list[str]]:
    """The table rows of GLOSSARY.md: ``[id, English, it, fr, es, de, pt]``."""
    rows = []
    for line in text.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows.append([cells[0].strip("`")] + cells[1:])
    return rows


def main(argv: list[str]) -> int:
    text = render(load())
    target = ROOT / "docs" / "GLOSSARY.md"
    if "--check" in argv:
        same = target.read_text(encoding="utf-8") == text
        print("GLOSSARY.md is up to date" if same else "GLOSSARY.md differs from docs/glossary/*.tsv")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    print(f"{target.relative_to(ROOT)}: {text.count(chr(10) + '| `')} rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
