"""What every command of the command line shares: the ruleset names and help, the one-line
error (exit 2) and the parser that uses it, checks of output paths and bounded numbers, the
map judged before a run, and whether a window can open here."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn

from engine.rulesets import DEFAULT
from engine.rulesets import NAMES as RULESET_NAMES
from game.cli_numbers import Bounded

RULESET_HELP = (f"the rules: {', '.join(RULESET_NAMES[:-1])} or {RULESET_NAMES[-1]} "
                f"(default: the map's ruleset property, else {DEFAULT})")
HEADLESS_HINT = ("headless commands: 'skirmish simulate', 'skirmish sweep PLAN', 'skirmish check-map PATH', "
                 "'skirmish new-map NAME', 'skirmish check-save PATH', 'skirmish duel'")


def _error(message: str) -> int:
    """Every error of the command line ends here: one bounded line on stderr, exit code 2."""
    from game.files import one_line

    print(one_line(f"error: {message}"), file=sys.stderr)
    return 2


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on stderr (and exit 2), not the usage;
    a numeric flag's range (a ``Bounded`` type, game/cli_numbers.py) is added to its help."""

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        kind = kwargs.get("type")
        if isinstance(kind, Bounded):
            kwargs["help"] = (kwargs["help"] + "; " if kwargs.get("help") else "") + kind.describe()
        return super().add_argument(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        if message.startswith("argument "):  # "--runs: must be at least 1", as everywhere else
            message = message.removeprefix("argument ")
        _error(f"{self.prog}: {message} (see '{self.prog} --help')")
        raise SystemExit(2)


def _writable(flag: str, path: str, *, make_folder: bool = False) -> str | None:
    """Why an output file cannot be written there, or None: checked before a long run. Only
    a regular file is written (a FIFO or a device given as an output is refused, not
    replaced); with ``make_folder`` a missing folder is made."""
    from game.files import FileProblem, check_output

    if make_folder:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        except (OSError, ValueError) as exc:
            return f"{flag}: {path}: cannot make its folder ({getattr(exc, 'strerror', None) or exc})"
    try:
        check_output(path)
    except FileProblem as exc:
        return f"{flag}: {exc}"
    return None


def _out_of_bounds(flag: str, value: int, low: int, high: int) -> str | None:
    """Why a whole number given on the command line is refused, or None."""
    if value < low:
        return f"{flag}: must be at least {low}, got {value:,}"
    if value > high:
        return f"{flag}: must be at most {high:,}, got {value:,}"
    return None


def display_available() -> tuple[bool, str]:
    """Can SDL open a window here? Never raises."""
    if os.environ.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen"):
        return True, ""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return False, "no display (DISPLAY and WAYLAND_DISPLAY are not set)"
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        pygame.display.init()
        pygame.display.quit()
    except Exception as exc:  # noqa: BLE001 - any SDL failure means no usable display
        return False, f"no display ({exc})"
    return True, ""


def _judge_or_warn(path: str, ruleset: str | None = None, size: int | None = None) -> str | None:
    """Judge a map before playing it (under `ruleset`, else the map's; `size` units a side,
    else the map's): None when it plays (missing art is a warning line on stderr), else the
    one-line refusal."""
    from engine.rulesets import UnknownRuleset
    from game.judge import judge_map
    from game.maps import MapError
    from game.squads import SquadError

    try:
        judged = judge_map(path, ruleset, size)
    except (MapError, SquadError) as exc:
        return str(exc)
    except UnknownRuleset as exc:
        return f"--ruleset: {exc}"
    from game.files import one_line

    for line in judged.warnings:
        print(one_line(f"warning: {line}"), file=sys.stderr)
    return None


def run_window(app: Any, args: Any) -> int:
    """Run the window `play` or `replay` opened: to the player's quit, or with --screenshot
    for --frames frames at 100 ms each, the window saved as PNG (one line if it cannot be)."""
    from game.files import FileProblem

    try:
        return app.run(frames=args.frames if args.screenshot else None, screenshot=args.screenshot,
                       ms_per_frame=100 if args.screenshot else None)
    except FileProblem as exc:
        return _error(f"--screenshot: {exc}")
