"""PyInstaller entry point: the same program as `crowntable`."""
import sys

from game.cli import main


def _attach_console() -> None:
    """The windowed Windows build has no console (sys.stdout is None), so `crowntable.exe
    --version` or `selfcheck` would print nothing: when given arguments, write to the console
    it was started from, if there is one.  (cmd.exe does not wait for a windowed program: the
    output comes after the next prompt; the exit code is the program's either way.)"""
    if sys.platform != "win32" or sys.stdout is not None or len(sys.argv) < 2:
        return
    try:
        import ctypes

        if ctypes.windll.kernel32.AttachConsole(-1):      # ATTACH_PARENT_PROCESS
            sys.stdout = sys.stderr = open("CONOUT$", "w", encoding="utf-8", errors="replace",
                                           buffering=1)
    except (OSError, AttributeError, ValueError):
        pass


if __name__ == "__main__":
    _attach_console()
    sys.exit(main())
