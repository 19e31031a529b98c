"""PyInstaller entry point: the same program as `crowntable`."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
