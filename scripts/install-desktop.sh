#!/usr/bin/env bash
# Install Crown Table for the current user, so that it appears in the applications menu and
# starts with a click (Linux: freedesktop.org desktop entry and hicolor icons).
#
#   scripts/install-desktop.sh [--prefix DIR] [BINARY]     install BINARY (default dist/crowntable)
#   scripts/install-desktop.sh [--prefix DIR] --uninstall  remove exactly what was installed
#
# Where things go (nothing needs root):
#   the program       ~/.local/bin/crowntable                       (DIR/bin with --prefix)
#   the menu entry    $XDG_DATA_HOME/applications/crowntable.desktop (DIR/share/... with --prefix)
#   the icons         $XDG_DATA_HOME/icons/hicolor/<n>x<n>/apps/crowntable.png
#   the manifest      $XDG_DATA_HOME/crowntable/install-manifest.txt
# $XDG_DATA_HOME defaults to ~/.local/share. The manifest lists every file written and every
# folder created; --uninstall deletes those files and removes those folders when they are empty
# (the saves in $XDG_DATA_HOME/crowntable stay), and touches nothing else. Installing again
# first removes what the previous install listed; a file already at one of the places above
# is replaced (and then listed).
# update-desktop-database and gtk-update-icon-cache refresh their caches where those exist and
# the tools are installed (neither is needed).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SIZES="16 24 32 48 64 128 256 512"

usage() { sed -n '5,6p' "$0" | sed 's/^# *//' >&2; exit 2; }
die() { echo "install-desktop: $*" >&2; exit 1; }

prefix="" uninstall=0 binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || usage; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) usage ;;
    -*) echo "install-desktop: unknown option $1" >&2; usage ;;
    *) [ -z "$binary" ] || usage; binary="$1"; shift ;;
  esac
done

if [ -n "$prefix" ]; then
  mkdir -p "$prefix"
  prefix="$(cd "$prefix" && pwd)"
  BIN="$prefix/bin" DATA="$prefix/share"
else
  [ -n "${HOME:-}" ] || die "HOME is not set"
  BIN="$HOME/.local/bin" DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
fi
case "$BIN$DATA" in *$'\n'*) die "a folder name with a line break is not supported" ;; esac
case "$DATA" in /*) ;; *) die "XDG_DATA_HOME must be an absolute path" ;; esac
APPS="$DATA/applications"
ICONS="$DATA/icons/hicolor"
MANIFEST="$DATA/crowntable/install-manifest.txt"
PROGRAM="$BIN/crowntable"

# The menu and icon caches are shared indexes, not part of Crown Table: a user folder needs
# neither (the entry has no MIME types; icons are found without a cache), so they are refreshed
# only where one already exists, and never created (an install leaves nothing unlisted behind).
refresh_caches() {
  if command -v update-desktop-database >/dev/null 2>&1 && [ -f "$APPS/mimeinfo.cache" ]; then
    update-desktop-database -q "$APPS" 2>/dev/null || true
  fi
  if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$ICONS/icon-theme.cache" ]; then
    gtk-update-icon-cache -q -f -t "$ICONS" 2>/dev/null || true
  fi
}

# --uninstall: the files the manifest lists (only the names this script writes), then its
# folders, deepest first, where they are empty
remove_installed() {
  local kind path dirs=()
  while IFS= read -r line || [ -n "$line" ]; do
    kind="${line%% *}" path="${line#* }"
    case "$path" in /*) ;; *) continue ;; esac
    case "$kind" in
      file)
        case "${path##*/}" in crowntable|crowntable.desktop|crowntable.png) ;; *) continue ;; esac
        if [ -f "$path" ] || [ -L "$path" ]; then rm -f -- "$path"; echo "removed $path"; fi ;;
      dir) dirs+=("$path") ;;
    esac
  done < "$MANIFEST"
  rm -f -- "$MANIFEST"
  local i
  for ((i = ${#dirs[@]} - 1; i >= 0; i--)); do
    rmdir -- "${dirs[$i]}" 2>/dev/null && echo "removed ${dirs[$i]}/" || true
  done
}

if [ "$uninstall" = 1 ]; then
  [ -f "$MANIFEST" ] || { echo "install-desktop: nothing to uninstall (no $MANIFEST)"; exit 0; }
  remove_installed
  refresh_caches
  echo "Crown Table is uninstalled."
  exit 0
fi

binary="${binary:-$ROOT/dist/crowntable}"
[ -f "$binary" ] && [ -x "$binary" ] ||
  die "no program at $binary: build it first (./build_scripts/build.sh) or give its path"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
for n in $SIZES; do
  [ -f "$ROOT/assets/icons/crowntable-$n.png" ] || die "missing icon assets/icons/crowntable-$n.png"
done

# a new install replaces the previous one, whose manifest says what it was
if [ -f "$MANIFEST" ]; then remove_installed >/dev/null; fi

listed=()
make_dir() {   # mkdir -p that remembers each folder it creates, outermost first
  [ -d "$1" ] && return 0
  make_dir "$(dirname "$1")"
  mkdir -- "$1"
  listed+=("dir $1")
}
put() {        # put MODE SOURCE TARGET
  make_dir "$(dirname "$3")"
  install -m "$1" -- "$2" "$3"
  listed+=("file $3")
  echo "installed $3"
}

# Exec: the absolute path, quoted per the desktop entry spec when it has reserved characters,
# then escaped as a string value (\ doubled) and for field codes (% doubled)
exec_value() {
  local v="$1"
  case "$v" in
    *[[:space:]\"\'\\\>\<~\|\&\;\$\*\?\#\(\)\`]*)
      v="${v//\\/\\\\}" v="${v//\"/\\\"}" v="${v//\`/\\\`}" v="${v//\$/\\\$}" v="\"$v\"" ;;
  esac
  v="${v//\\/\\\\}"
  printf '%s' "${v//%/%%}"
}
try_exec="${PROGRAM//\\/\\\\}"

put 755 "$binary" "$PROGRAM"
entry="$(mktemp)"
trap 'rm -f "$entry"' EXIT
exec_line="Exec=$(exec_value "$PROGRAM")"
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    Exec=*) printf '%s\n' "$exec_line" ;;
    TryExec=*) printf 'TryExec=%s\n' "$try_exec" ;;
    \#\ scripts/install-desktop.sh*) ;;
    *) printf '%s\n' "$line" ;;
  esac
done < "$ROOT/build_scripts/linux/crowntable.desktop" > "$entry"
put 644 "$entry" "$APPS/crowntable.desktop"
for n in $SIZES; do
  put 644 "$ROOT/assets/icons/crowntable-$n.png" "$ICONS/${n}x${n}/apps/crowntable.png"
done

make_dir "$(dirname "$MANIFEST")"
printf '%s\n' "# Crown Table: what scripts/install-desktop.sh installed (--uninstall removes it)" \
  "${listed[@]}" > "$MANIFEST.tmp"
mv -f -- "$MANIFEST.tmp" "$MANIFEST"
refresh_caches
echo "Crown Table is installed: find it in the applications menu, or run $PROGRAM"
echo "(the list of installed files is $MANIFEST; remove them with $0 --uninstall)"
