#!/usr/bin/env bash
# Run the whole test suite: installs Xvfb/xdotool (apt), .venv and the test extras first.
source "$(dirname "$0")/_env.sh" "[test]"
missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
export SDL_AUDIODRIVER=dummy
set +e
.venv/bin/python -m pytest -q "$@"
rc=$?
set -e
if [ $rc -eq 5 ]; then echo "test.sh: pytest collected no tests: that is a failure" >&2; exit 1; fi
exit $rc
