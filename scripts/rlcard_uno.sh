#!/usr/bin/env bash
# RLCard's uno under random play, for the side-by-side throughput table (docs/PERFORMANCE.md).
# RLCard goes into its own throwaway virtual environment, never into the project's.
#   scripts/rlcard_uno.sh [SECONDS [ROUNDS [SEED]]]   create a venv, measure, delete the venv
#   scripts/rlcard_uno.sh --setup DIR                 only create the venv in DIR (the caller
#                                                     runs DIR/bin/python scripts/rlcard_uno.py
#                                                     and deletes DIR; `crowntable bench
#                                                     --only throughput` does this)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
setup() {
  python3 -m venv "$1"
  "$1/bin/python" -m pip install -q --disable-pip-version-check "rlcard==1.2.0" 2>&1 \
    | grep -v "is ignored: it is neither a file nor a directory" >&2 || true
  "$1/bin/python" -c "import rlcard" >/dev/null
}
if [ "${1:-}" = "--setup" ]; then
  setup "$2"
  exit 0
fi
venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
setup "$venv"
"$venv/bin/python" "$here/rlcard_uno.py" "$@"
