#!/usr/bin/env bash
# Run the whole test suite on every core: installs Xvfb/xdotool (apt), .venv and the test
# extras (pytest-xdist among them) first.
#   scripts/test.sh                 the whole suite (what CI runs)
#   scripts/test.sh --fast          the fast subset for the inner loop: every test not marked
#                                   slow (tests/conftest.py's SLOW), under a minute
#   scripts/test.sh [--fast] ARGS   more pytest arguments: files, -k, -x, -n 1 (one process) ...
# CROWNTABLE_TEST_WORKERS sets the number of processes (default: auto, one per core).
source "$(dirname "$0")/_env.sh" "[test]"
missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
export SDL_AUDIODRIVER=dummy
subset=()
if [ "${1:-}" = "--fast" ]; then shift; subset=(-m "not slow"); fi
set +e
# --dist loadgroup: tests spread one at a time over the workers, except those marked
# xdist_group(name), which one worker runs together
.venv/bin/python -m pytest -q -n "${CROWNTABLE_TEST_WORKERS:-auto}" --dist loadgroup ${subset[@]+"${subset[@]}"} "$@"
rc=$?
set -e
if [ $rc -eq 5 ]; then echo "test.sh: pytest collected no tests: that is a failure" >&2; exit 1; fi
exit $rc
