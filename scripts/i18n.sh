#!/usr/bin/env bash
# The gettext catalogue (Babel).  Usage: scripts/i18n.sh [extract|update|compile|init LANG|all]
#   extract  game/**.py -> game/locale/crowntable.pot (strings in _(), ngettext(), N_())
#   update   merge the .pot into every game/locale/<lang>/LC_MESSAGES/crowntable.po
#   compile  .po -> .mo (what set_language() loads; committed), every language but English
#   init L   start a catalogue for language L (e.g. it)
#   all      extract, update, compile (the default)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYBABEL=".venv/bin/pybabel"
[ -x "$PYBABEL" ] || PYBABEL="pybabel"
POT="game/locale/crowntable.pot"
DOMAIN="crowntable"
VERSION="$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)"

extract() {
  "$PYBABEL" extract -F babel.cfg -o "$POT" --project="Crown Table" --version="$VERSION" \
    --copyright-holder="Crown Table contributors" --sort-output --add-location=file \
    -k "NC_:1c,2" -c "TRANSLATORS:" game assets/lessons
  # a stable file: no creation date, so an unchanged catalogue gives no diff
  sed -i '/^"POT-Creation-Date: /d' "$POT"
}
update() {
  [ -f game/locale/en/LC_MESSAGES/$DOMAIN.po ] || "$PYBABEL" init -D "$DOMAIN" -i "$POT" -d game/locale -l en
  "$PYBABEL" update -D "$DOMAIN" -i "$POT" -d game/locale --ignore-obsolete --no-fuzzy-matching
  sed -i '/^"POT-Creation-Date: /d' game/locale/*/LC_MESSAGES/$DOMAIN.po
}
# every translation but English (the source text needs no catalogue: set_language("en") uses none)
compile() {
  for po in game/locale/*/LC_MESSAGES/$DOMAIN.po; do
    lang="$(basename "$(dirname "$(dirname "$po")")")"
    [ "$lang" = en ] && continue
    "$PYBABEL" compile -D "$DOMAIN" -d game/locale -l "$lang" --statistics
  done
}

case "${1:-all}" in
  extract) extract ;;
  update) update ;;
  compile) compile ;;
  init) "$PYBABEL" init -D "$DOMAIN" -i "$POT" -d game/locale -l "${2:?language code}" ;;
  all) extract; update; compile ;;
  *) echo "usage: $0 [extract|update|compile|init LANG|all]" >&2; exit 2 ;;
esac
