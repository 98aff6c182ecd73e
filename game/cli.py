"""The `skirmish` command line.

`skirmish duel` fights two fighters from the catalogue with the Yags rules core and prints
every roll; `skirmish play` (the default) opens the game window, or says in one line that
there is no display and which commands work headless.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from contextlib import nullcontext

from engine.rulesets import DEFAULT as DEFAULT_RULESET
from game.cli_common import (
    HEADLESS_HINT,
    RULESET_HELP,
    RULESET_NAMES,
    OneLineParser,
    _error,
    _judge_or_warn,
    _writable,
    display_available,
    run_window,  # noqa: F401 (imported from here by tests and tools)
)
from game.cli_lab import cmd_replay, cmd_simulate, cmd_sweep, progress_bar  # noqa: F401 (imported from here by tests)
from game.cli_lab_args import add_replay, add_simulate, add_sweep, add_sweep_log
from game.lab.cluster_events import quiet_dask


def cmd_play(args: argparse.Namespace) -> int:
    """Open the game window: the menu, or straight into a skirmish when a map, mode, AI or
    seed is given. With --screenshot, render --frames frames, save the window and exit (works
    headless: the dummy video driver is used when there is no display)."""
    from game.ai import LEVELS
    from game.limits import MIN_WINDOW

    if args.ai not in LEVELS:
        return _error(f"--ai: unknown AI level {args.ai!r}; expected one of {', '.join(LEVELS)}")
    problem = args.screenshot and _writable("--screenshot", args.screenshot, make_folder=True)
    if not problem and (args.window[0] < MIN_WINDOW[0] or args.window[1] < MIN_WINDOW[1]):
        problem = (f"--window: {args.window[0]} x {args.window[1]} is smaller than the smallest window the game is laid "
                   f"out for, {MIN_WINDOW[0]} x {MIN_WINDOW[1]}")
    if problem:
        return _error(problem)
    if getattr(args, "save_dir", None):
        os.environ["SKIRMISH_SAVE_DIR"] = os.path.abspath(os.path.expanduser(args.save_dir))
    ok, why = display_available()
    if not ok and args.screenshot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        ok = True
    if not ok:
        from game.files import one_line

        print(one_line(f"skirmish: cannot open a window: {why}; {HEADLESS_HINT}"), file=sys.stderr)
        return 1
    from game.maps import MapError
    from game.session import SessionConfig
    from game.sim import DEFAULT_MAP
    from game.squads import SquadError

    straight = args.map is not None or args.mode is not None or args.seed is not None or args.screenshot
    straight = straight or args.ruleset is not None or args.fog is not None
    straight = straight or bool(args.blue_deployment or args.red_deployment) or args.max_rounds is not None
    for side in ("blue_ai", "red_ai"):
        level = getattr(args, side, None)
        if level is not None and level not in LEVELS:
            return _error(f"--{side.replace('_', '-')}: unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    ais = {t: lv for t in ("blue", "red") if (lv := getattr(args, f"{t}_ai", None)) is not None}
    # a new game starts from a fresh seed (a screenshot from seed 1, so it is the same every time)
    seed = args.seed if args.seed is not None else 1 if args.screenshot else random.SystemRandom().randrange(1, 10**6)
    config = SessionConfig(args.map or str(DEFAULT_MAP), args.mode or "solo", args.ai, seed, args.max_rounds,
                           ruleset=args.ruleset,
                           ais=ais, fog=None if args.fog is None else args.fog == "on",
                           ai_sees_all=args.ai_sees_all, blue_deployment=args.blue_deployment or "",
                           red_deployment=args.red_deployment or "")
    from game.tactics import TacticError, load_tactic

    for team in ("blue", "red"):
        tactic_file = getattr(args, f"{team}_tactic", None)
        if not tactic_file:
            continue
        humans = {"solo": {config.human_team}, "hotseat": {"blue", "red"}}.get(config.mode, set())
        if team in humans:
            return _error(f"--{team}-tactic: {team} is played at the keyboard in {config.mode}; "
                          "a tactic is for a side the AI plays")
        try:
            config.tactics[team] = (tactic_file, load_tactic(tactic_file).text)
        except TacticError as exc:
            return _error(str(exc))
        straight = True
    session = None
    if args.load:
        from game.saves import SaveError, load_game

        try:
            session = load_game(args.load)
        except SaveError as exc:
            return _error(str(exc))
        config = session.config
    elif straight:
        from game.ui.app import new_session

        problem = _judge_or_warn(config.map_path, config.ruleset)
        if problem:
            return _error(problem)
        try:
            session = new_session(config)
        except (MapError, SquadError, TacticError) as exc:
            return _error(str(exc))
    from game.ui.app import App

    size = tuple(args.window)
    if args.screenshot:  # the same picture whatever the player's settings
        app = App(size, playback_ms=0, watch_ms=200)
    else:
        from game.ui.settings import load_settings

        app = App(size, watch_ms=600, settings=load_settings(), persist=True)
    if session is not None:
        app.battle(config, session)
    return run_window(app, args)


def cmd_rules(args: argparse.Namespace) -> int:
    """List a ruleset's catalogue: what a squad can carry."""
    from engine.rulesets import UnknownRuleset, make_ruleset
    from engine.yags.catalogue import CatalogueError

    try:
        rules = make_ruleset(args.ruleset)
        lines = rules.catalogue_lines(args.what)
    except UnknownRuleset as exc:
        return _error(f"--ruleset: {exc}")
    except CatalogueError as exc:
        return _error(str(exc))
    for line in lines:
        print(line)
    return 0


def cmd_duel(args: argparse.Namespace) -> int:
    from game.duel import DuelError, run_duel

    try:
        lines, winner = run_duel(args.a, args.b, distance_m=args.distance, seed=args.seed,
                                 max_rounds=args.rounds, skill=args.skill, ruleset=args.ruleset)
    except DuelError as exc:
        return _error(str(exc))
    for line in lines:
        print(line)
    return 0


def cmd_check_map(args: argparse.Namespace) -> int:
    """Judge a map as every command and the menu do, then print its summary; missing art is
    a refusal here (the author's check), a warning when the map is played."""
    from engine.rulesets import UnknownRuleset
    from game.judge import judge_map, missing_art_error, stacked_units_error
    from game.maps import MapError
    from game.maps.check import summarise
    from game.squads import SquadError

    try:
        judged = judge_map(args.path, args.ruleset)
    except (MapError, SquadError) as exc:
        return _error(str(exc))
    except UnknownRuleset as exc:
        return _error(f"--ruleset: {exc}")
    grid, squads = judged.grid, judged.squads
    problem = stacked_units_error(grid) or missing_art_error(grid)
    if problem:
        return _error(problem)
    print(summarise(grid))
    print(f"ruleset: {judged.ruleset}" + ("" if args.ruleset else " (the map's)" if grid.ruleset != DEFAULT_RULESET else " (the default)"))
    if not grid.units:
        print("squads: the map places no units, so each side gets the default squad of 8 from "
              "game/data/squads.toml; add unit objects to choose your own")
    for team, specs in squads.items():
        kit = ", ".join(sorted({s.get("weapon", "fist") for s in specs}))
        print(f"{team} squad: {len(specs)} units; weapons: {kit}")
    return 0


def cmd_new_map(args: argparse.Namespace) -> int:
    """Make a map folder in the current folder: the map, its tilesets and art, the Tiled
    project; it plays at once and keeps its art wherever it is moved."""
    from game.maps import MapError
    from game.newmap import NewMapError, new_map, parse_tiles
    from game.squads import SquadError

    try:
        tiles = parse_tiles(args.tiles) if args.tiles is not None else None
        made = new_map(args.name, source=args.source, tiles=tiles)
    except (NewMapError, MapError, SquadError) as exc:
        return _error(str(exc))
    except OSError as exc:
        return _error(f"{args.name}: cannot write the folder ({exc.strerror or exc})")
    from game.files import one_line

    for note in made.notes:
        print(one_line(f"warning: {note}"), file=sys.stderr)
    rel = os.path.join(args.name, made.map_path.name)
    print(f"made {args.name}/: {', '.join(made.files)}")
    print(f"open {rel} in Tiled (File > Open Project: {args.name}/skirmish.tiled-project gives "
          "the drop-downs), check it with: skirmish check-map " + rel)
    print(f"play it: skirmish simulate --map {rel}   or   skirmish play --map {rel}")
    return 0


def cmd_check_save(args: argparse.Namespace) -> int:
    """Read a saved game and replay it headless: what it holds, or one line saying why it
    cannot be loaded (exit 2). The file is only read."""
    from game.saves import SaveError, load_game

    try:
        session = load_game(args.path)
    except SaveError as exc:
        return _error(str(exc))
    m, cfg = session.match, session.config
    try:
        print(f"save: {args.path}")
        print(f"map: {m.grid.name} ({cfg.map_path}); mode {cfg.mode}, AI {cfg.ai}, seed {cfg.seed}"
              + ("; fog of war" + (" (the AI sees all)" if cfg.ai_sees_all else "") if m.fog else ""))
        alive = {t: len(m.units(t, living=True)) for t in m.teams}
        gone = {t: len(m.exited(t)) for t in m.teams}
        print(f"round {m.round} of {m.max_rounds}; standing: " + ", ".join(f"{t} {n}" for t, n in alive.items())
              + ("; exited: " + ", ".join(f"{t} {n}" for t, n in gone.items()) if any(gone.values()) else ""))
        for i in range(len(m.objectives.all)):
            print(f"objective {m.objectives.all[i].name!r} ({m.objectives.all[i].team}): "
                  f"{m.objectives.status(i, None).text}")
        if m.over:
            by, which = m.decided_by
            print(f"over: {m.winner}" + (f" by {by}" + (" " + ", ".join(repr(n) for n in which) if which else "")
                                         if m.objectives or by != "elimination" else ""))
        else:
            nxt = m.declaring()
            print("next to declare: " + (m.name(nxt) if nxt is not None else "nobody (the round resolves next)"))
        print(f"log: {len(m.log.lines())} lines, replayed and checked against the save")
    finally:
        m.close()
    return 0


def build_parser() -> argparse.ArgumentParser:
    from game import limits as lim
    from game.cli_numbers import number, whole

    p = OneLineParser(prog="skirmish", description="Tactical grid skirmishes under tabletop combat rules (Yags, Mythras Imperative, Yags SF, step dice).")
    sub = p.add_subparsers(dest="command", parser_class=OneLineParser)
    play = sub.add_parser("play", help="open the game window (default)")
    play.add_argument("--map", help="a .tmx map: go straight into a skirmish on it")
    play.add_argument("--mode", choices=("solo", "hotseat", "watch"), default=None,
                      help="solo (you play blue), hotseat (two players), watch (AI against AI)")
    play.add_argument("--ai", default="normal", help="AI level: random, easy, normal, hard")
    play.add_argument("--blue-ai", default=None, help="blue's AI level when it differs (watch mode)")
    play.add_argument("--red-ai", default=None, help="red's AI level when it differs")
    play.add_argument("--seed", type=whole(0, lim.MAX_SEED), default=None,
                      help="the match's seed (default: a fresh one)")
    play.add_argument("--blue-tactic", metavar="FILE.toml",
                      help="standing orders for blue when the AI plays it (watch; docs/tactics.md)")
    play.add_argument("--red-tactic", metavar="FILE.toml",
                      help="standing orders for red when the AI plays it (solo, watch; docs/tactics.md)")
    play.add_argument("--max-rounds", type=whole(1, lim.MAX_ROUNDS_LIMIT), default=None,
                      help="most rounds the battle lasts (default: the map's max_rounds)")
    play.add_argument("--ruleset", default=None, help=RULESET_HELP)
    play.add_argument("--fog", choices=("on", "off"), default=None,
                      help="fog of war (default: the map's fog property, else on for solo and hot-seat, off for watch)")
    for team in ("blue", "red"):
        play.add_argument(f"--{team}-deployment", metavar="NAME", default=None,
                          help=f"place {team}'s units by the map's 'deploy NAME' layer")
    play.add_argument("--ai-sees-all", action="store_true",
                      help="the AI decides from the whole board, as without fog")
    play.add_argument("--screenshot", metavar="PATH", help="render --frames frames, save the window as PNG, exit")
    play.add_argument("--frames", type=whole(1, lim.MAX_FRAMES), default=3,
                      help="frames drawn before --screenshot saves the window (default 3)")
    play.add_argument("--window", "--size", dest="window", type=whole(lim.MIN_WINDOW[1], lim.MAX_WINDOW), nargs=2,
                      default=(1280, 720), metavar=("W", "H"),
                      help="the window's width and height in pixels (default 1280 720; --size is its old name: the "
                           "lab's --size is units a side)")
    play.add_argument("--save-dir", metavar="DIR",
                      help="where the Esc menu saves and loads (default $SKIRMISH_SAVE_DIR or ~/.local/share/skirmish/saves)")
    play.add_argument("--load", metavar="SAVE", help="open a saved game (a .json save from the Esc menu)")
    play.set_defaults(func=cmd_play)
    rules = sub.add_parser("rules", help="list the weapon and armour catalogue")
    rules.add_argument("what", nargs="?", choices=("weapons", "armour", "all"), default="all")
    rules.add_argument("--ruleset", default=DEFAULT_RULESET,
                       help=f"whose catalogue (default {DEFAULT_RULESET}): " + ", ".join(RULESET_NAMES))
    rules.set_defaults(func=cmd_rules)
    check = sub.add_parser("check-map", help="summarise a Tiled map for its author, or say what is wrong")
    check.add_argument("path")
    check.add_argument("--ruleset", default=None, help=RULESET_HELP)
    check.set_defaults(func=cmd_check_map)
    newmap = sub.add_parser("new-map", help="make a map folder (map, tileset, art) that keeps its art wherever it goes")
    newmap.add_argument("name", help="the folder to make in the current folder (the map is NAME/NAME.tmx)")
    newmap.add_argument("--from", dest="source", metavar="MAP", help="copy this map, its tilesets and art")
    newmap.add_argument("--tiles", metavar="WxH",
                        help=f"a fresh map's size in tiles (default 40x30): {lim.MIN_SIDE:,} to {lim.MAX_SIDE:,} "
                             f"a side, {lim.MAX_TILES:,} in all")
    newmap.set_defaults(func=cmd_new_map)
    add_replay(sub)
    add_sweep_log(sub)
    csave = sub.add_parser("check-save", help="replay a saved game headless and say what it holds, or what is wrong")
    csave.add_argument("path")
    csave.set_defaults(func=cmd_check_save)
    add_simulate(sub)
    add_sweep(sub)
    duel = sub.add_parser("duel", help="two fighters fight it out on an open strip; every roll printed")
    duel.add_argument("--a", default="broad_sword", help="weapon id of the first fighter")
    duel.add_argument("--b", default="broad_sword", help="weapon id of the second fighter")
    duel.add_argument("--distance", type=number(0, lim.MAX_DUEL_METRES, above=True), default=1.0,
                      help="metres apart (missile weapons; default 1)")
    duel.add_argument("--seed", type=whole(0, lim.MAX_SEED), default=1, help="the duel's seed (default 1)")
    duel.add_argument("--max-rounds", "--rounds", dest="rounds", type=whole(1, lim.MAX_ROUNDS_LIMIT), default=20,
                      help="most rounds fought (default 20; --rounds is the old name)")
    duel.add_argument("--skill", type=whole(0, lim.MAX_SCORE), default=5, help="both fighters' weapon skill (default 5)")
    duel.add_argument("--ruleset", default=DEFAULT_RULESET, help=", ".join(
        f"{n} (default)" if n == DEFAULT_RULESET else n for n in RULESET_NAMES))
    duel.set_defaults(func=cmd_duel)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    from game.cli_output import StdoutFailed, guarded_stdout, silence

    real_stdout = sys.stdout
    try:
        with guarded_stdout():
            return _run(argv)
    except StdoutFailed as exc:  # `skirmish check-map M > /dev/full`
        silence(real_stdout)
        return _error(str(exc))
    except BrokenPipeError:  # `skirmish simulate ... | head`: the reader has gone; so are we
        silence(real_stdout)
        return 0


def _run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:  # a bad command line (a number out of its range) is one line, exit 2, as any refusal
        args = parser.parse_args(argv)
        if args.command is None:
            args = parser.parse_args(["play", *argv])
    except SystemExit as exc:  # --help is exit 0
        return exc.code if isinstance(exc.code, int) else 2
    args.argv = argv
    from engine.yags.catalogue import CatalogueError
    from game.ai.levels import LevelError
    from game.lab.scenario import ScenarioError
    from game.maps import MapError
    from game.saves import SaveError
    from game.squads import SquadError

    try:
        # with --cluster, Dask's own log lines stay off the terminal: the command says what matters
        with quiet_dask() if getattr(args, "cluster", None) else nullcontext():
            code = int(args.func(args))
        sys.stdout.flush()  # inside the try: a reader that has gone, or a full device, shows here
        return code
    except (CatalogueError, LevelError, SquadError, ScenarioError, MapError, SaveError) as exc:
        # a data file (catalogue, AI levels, squads) that does not load, wherever it is read:
        # its one line names the file, the entry and the field
        return _error(str(exc))
    except KeyboardInterrupt:
        return 130
