"""The `skirmish` command line.

`skirmish duel` fights two fighters from the catalogue with the Yags rules core and prints
every roll; `skirmish play` (the default) opens the game window, or says in one line that
there is no display and which commands work headless.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

HEADLESS_HINT = "headless commands: 'skirmish duel', 'skirmish rules'"


def _error(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


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


def cmd_play(args: argparse.Namespace) -> int:
    ok, why = display_available()
    if not ok:
        print(f"skirmish: cannot open a window: {why}; {HEADLESS_HINT}", file=sys.stderr)
        return 1
    print("skirmish: the battle screen is not built yet (issue 4); "
          f"meanwhile try the rules core: {HEADLESS_HINT}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """List the catalogue: what a squad can carry."""
    from engine.yags.catalogue import CatalogueError, default_catalogue

    try:
        cat = default_catalogue()
    except CatalogueError as exc:
        return _error(str(exc))
    if args.what in ("weapons", "all"):
        print("weapons:")
        for w in sorted(cat.weapons.values(), key=lambda w: (w.kind, w.skill, w.id)):
            extra = f" range {w.short:g}/{w.medium:g}/{w.long:g} m" if w.is_missile and w.long else ""
            dmg = f"+{w.damage}" if w.muscle else f"{w.damage}"
            print(f"  {w.id:28} {w.kind:9} {w.skill:10} atk {w.attack:+d} def {w.defence:+d} dmg {dmg} "
                  f"{w.damage_type} reach {w.reach}{extra}")
    if args.what in ("armour", "all"):
        print("armour:")
        for a in sorted(cat.armour.values(), key=lambda a: a.id):
            props = ",".join(sorted(a.properties)) or "-"
            print(f"  {a.id:28} +{a.protection} load {a.load:g} {props}")
    return 0


def cmd_duel(args: argparse.Namespace) -> int:
    from game.duel import DuelError, run_duel

    try:
        lines, winner = run_duel(args.a, args.b, distance_m=args.distance, seed=args.seed,
                                 max_rounds=args.rounds, skill=args.skill)
    except DuelError as exc:
        return _error(str(exc))
    for line in lines:
        print(line)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="skirmish", description="Tactical grid skirmishes under the Yags rules.")
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help="open the game window (default)")
    play.set_defaults(func=cmd_play)
    rules = sub.add_parser("rules", help="list the weapon and armour catalogue")
    rules.add_argument("what", nargs="?", choices=("weapons", "armour", "all"), default="all")
    rules.set_defaults(func=cmd_rules)
    duel = sub.add_parser("duel", help="two fighters fight with the Yags rules core; every roll printed")
    duel.add_argument("--a", default="broad_sword", help="weapon id of the first fighter")
    duel.add_argument("--b", default="broad_sword", help="weapon id of the second fighter")
    duel.add_argument("--distance", type=float, default=1.0, help="metres apart (missile weapons)")
    duel.add_argument("--seed", type=int, default=1)
    duel.add_argument("--rounds", type=int, default=20)
    duel.add_argument("--skill", type=int, default=5, help="both fighters' weapon skill")
    duel.set_defaults(func=cmd_duel)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
