#!/usr/bin/env bash
# Build dist/crowntable, a single-file executable, with PyInstaller.
source "$(dirname "$0")/../scripts/_env.sh" "[build]"
.venv/bin/python -m PyInstaller --noconfirm --clean \
  --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" \
  "$ROOT/build_scripts/crowntable.spec"
ls -l "$ROOT/dist/crowntable"
