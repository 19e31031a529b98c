#!/usr/bin/env bash
# Start Crown Table: creates and fills .venv on first use, then opens the main menu.
# Extra arguments go to the `crowntable` command (e.g. play masterbluff --seats human,ai,ai).
source "$(dirname "$0")/_env.sh" ""
exec .venv/bin/python -m game "$@"
