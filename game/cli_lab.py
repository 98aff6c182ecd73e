"""The lab's commands: `skirmish simulate` (many AI matches on one map, streamed to worker
processes or a Dask cluster, summarised, charted and written as JSON), `skirmish sweep
PLAN.toml` (game/lab/), `skirmish replay STORE VARIANT INDEX` (a stored match in the window) and
`skirmish sweep-log STORE VARIANT INDEX` (a stored match's event log)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from game.cli_common import (
    HEADLESS_HINT,
    _error,
    _judge_or_warn,
    _out_of_bounds,
    _writable,
    display_available,
    run_window,
)


def cmd_simulate(args: argparse.Namespace) -> int:
    """AI-against-AI matches (the tactics lab): a summary with confidence intervals, the full
    record with --json, a picture of where units fought and fell with --report."""
    from game.ai import LEVELS
    from game.files import FileProblem
    from game.lab.scenario import ScenarioError, load_scenario
    from game.lab.simulate import simulate
    from game.lab.summary import summary_lines
    from game.limits import MAX_JOBS, MAX_RUNS, MAX_SEED, MAX_SIZE
    from game.maps import MapError
    from game.sim import DEFAULT_MAP
    from game.squads import SquadError, squad_problem

    settings = {"map": args.map, "runs": args.runs, "seed": args.seed, "size": args.size,
                "blue_ai": args.blue_ai, "red_ai": args.red_ai,
                "blue_squad": args.blue_squad, "red_squad": args.red_squad, "ruleset": args.ruleset,
                "fog": args.fog, "blue_deployment": args.blue_deployment, "red_deployment": args.red_deployment,
                "max_rounds": args.max_rounds, "blue_tactic": None, "red_tactic": None}
    if args.scenario:
        try:
            scenario = load_scenario(args.scenario)
        except ScenarioError as exc:
            return _error(str(exc))
        flags = {"--map": "map", "--runs": "runs", "--seed": "seed", "--size": "size", "--blue-ai": "blue_ai",
                 "--red-ai": "red_ai", "--blue-squad": "blue_squad", "--red-squad": "red_squad",
                 "--ruleset": "ruleset", "--fog": "fog", "--blue-deployment": "blue_deployment",
                 "--red-deployment": "red_deployment", "--max-rounds": "max_rounds", "--blue-tactic": "blue_tactic",
                 "--red-tactic": "red_tactic"}
        given = {key for flag, key in flags.items()
                 if any(a == flag or a.startswith(flag + "=") for a in getattr(args, "argv", ()))}
        for key, value in scenario.items():
            if key not in given:  # the command line wins over the file
                settings[key] = value
    for flag, level in (("--blue-ai", settings["blue_ai"]), ("--red-ai", settings["red_ai"])):
        if level not in LEVELS:
            return _error(f"{flag}: unknown AI level {level!r}; expected one of {', '.join(LEVELS)}")
    for flag, squad in (("--blue-squad", settings["blue_squad"]), ("--red-squad", settings["red_squad"])):
        if squad is not None and (problem := squad_problem(squad)):  # a scenario's was checked as it was read
            return _error(f"{flag}: {problem}")
    jobs = args.jobs if args.jobs is not None else min(os.cpu_count() or 1, MAX_JOBS)
    runs, seed, size = settings["runs"], settings["seed"], settings["size"]
    problem = (_out_of_bounds("--runs", runs, 1, MAX_RUNS) or _out_of_bounds("--seed", seed, 0, MAX_SEED)
               or (size is not None and _out_of_bounds("--size", size, 1, MAX_SIZE))
               or _out_of_bounds("--jobs", jobs, 1, MAX_JOBS))
    if not problem and seed + runs - 1 > MAX_SEED:  # match i has seed + i
        problem = f"--seed: {seed:,} and {runs:,} runs go past the highest seed, {MAX_SEED:,}"
    if problem:
        return _error(problem)
    path = settings["map"] or str(DEFAULT_MAP)
    if args.report == "-":
        return _error("--report: a picture cannot go to standard output; give a .png path")
    if getattr(args, "log", False) and args.json == "-":
        return _error("--log: the event logs and --json - cannot both go to standard output; give --json a path")
    for flag, out in (("--report", args.report), ("--json", args.json)):
        problem = out and out != "-" and _writable(flag, out)
        if problem:
            return _error(problem)
    problem = _judge_or_warn(path, settings["ruleset"], settings["size"])
    if problem:
        return _error(problem)
    from game.tactics import TacticError, load_tactic

    weights: dict[str, tuple[tuple[str, float], ...]] = {}
    for team in ("blue", "red"):
        try:
            weights[team] = parse_weights(getattr(args, f"{team}_ai_weights", None))
        except ValueError as exc:
            return _error(f"--{team}-ai-weights: {exc}")
        if weights[team] and settings[f"{team}_ai"] == "random":
            return _error(f"--{team}-ai-weights: the random AI level has no weights to set")
    tactics: dict[str, tuple[str, str] | None] = {}
    for team in ("blue", "red"):
        tactic_file: str | None = getattr(args, f"{team}_tactic", None)
        try:
            tactics[team] = (tactic_file, load_tactic(tactic_file).text) if tactic_file else settings[f"{team}_tactic"]
        except TacticError as exc:
            return _error(str(exc))
    cluster = None
    if args.cluster:
        if args.jobs is not None:
            return _error("--cluster: give --jobs or --cluster, not both (the cluster's workers play the matches)")
        from game.lab.cluster import ClusterError, connect

        try:
            cluster = connect(args.cluster)
        except ClusterError as exc:
            return _error(f"--cluster: {exc}")
    from game.lab.recordjson import RecordJson
    from game.lab.roles import RoleTally, role_lines
    from game.lab.simulate import Interrupted
    from game.lab.summary import Tally

    tally = Tally()
    roles = RoleTally()
    try:
        out = RecordJson(args.json) if args.json else None
    except FileProblem as exc:
        return _error(f"--json: {exc}")

    class JsonFailed(Exception):
        """--json could not be written as the battles came (the disk filled): the run stops."""

    def on_battle(b: dict) -> None:
        if "event_log" in b:  # --log: the match's event log, as `sweep-log` prints a stored one
            from game.world.logcodec import decode, lines

            print_log(b["seed"], lines(decode(b.pop("event_log")["blob"])))
        tally.add(b)
        roles.add(b.get("units") or [])
        if out is not None:
            try:
                out.battle(b)
            except FileProblem as exc:  # the temporary is gone already; PATH is as it was
                raise JsonFailed(str(exc)) from None

    stopped = False
    try:
        record = simulate(path, settings["runs"], settings["seed"], jobs=jobs, blue_ai=settings["blue_ai"],
                          red_ai=settings["red_ai"], size=settings["size"], blue_squad=settings["blue_squad"],
                          red_squad=settings["red_squad"], ruleset=settings["ruleset"], cluster=cluster,
                          blue_deployment=settings["blue_deployment"], red_deployment=settings["red_deployment"],
                          fog=None if settings["fog"] is None else settings["fog"] == "on", ai_sees_all=args.ai_sees_all,
                          progress=progress_bar(), on_battle=on_battle, keep_battles=False,
                          blue_tactic=tactics["blue"], red_tactic=tactics["red"], max_rounds=settings["max_rounds"],
                          blue_weights=weights["blue"], red_weights=weights["red"],
                          keep_log=bool(getattr(args, "log", False)))
    except Interrupted as exc:  # Ctrl-C: what finished is summarised and written
        record, stopped = exc.record, True
        if sys.stderr.isatty():
            print(file=sys.stderr)
    except (MapError, SquadError, TacticError) as exc:
        if out is not None:
            out.discard()
        return _error(str(exc))
    except JsonFailed as exc:
        return _error(f"--json: {exc}")
    except KeyError as exc:
        if out is not None:
            out.discard()
        return _error(f"{path}: {exc.args[0]}")
    except ValueError as exc:
        from game.lab.cluster import ClusterError

        if out is not None:
            out.discard()
        if isinstance(exc, ClusterError):
            return _error(f"--cluster: {exc}")
        raise
    except BaseException:
        if out is not None:
            out.discard()
        raise
    finally:
        if cluster is not None:
            cluster.close()
    record["command"] = "skirmish " + " ".join(args.argv)
    record["summary"] = tally.summary(record["wins"])
    record["summary"]["roles"] = roles.as_dict()
    if args.report:
        from game.lab.report import draw_report
        from game.maps import load_map

        try:
            record["report"] = draw_report(load_map(path), record, args.report, counts=(tally.fought, tally.fell))
        except FileProblem as exc:
            if out is not None:
                out.discard()
            return _error(f"--report: {exc}")
    if out is not None:
        try:
            out.finish(record)
        except FileProblem as exc:
            return _error(f"--json: {exc}")
        if args.json == "-":
            return 130 if stopped else 0
    for line in summary_lines(record) + role_lines(roles, "per role"):
        print(line)
    if args.report:
        print(f"  report: {args.report}")
    if args.json:
        import shlex

        print(f"  record: {args.json}")
        print(f"  a battle in the window: skirmish replay {shlex.quote(args.json)} N (N: its index, from 0)")
    return 130 if stopped else 0


def cmd_sweep(args: argparse.Namespace) -> int:
    """Play every variant of a sweep plan into the results store and compare them
    (game/lab/sweep.py)."""
    from game.lab.sweep import run
    from game.limits import MAX_JOBS

    if args.cluster and args.jobs is not None:
        return _error("--cluster: give --jobs or --cluster, not both (the cluster's workers play the matches)")
    args.jobs = args.jobs if args.jobs is not None else min(os.cpu_count() or 1, MAX_JOBS)
    problem = _out_of_bounds("--jobs", args.jobs, 1, MAX_JOBS)
    if problem:
        return _error(problem)
    return run(args, _error, progress_bar())


def progress_bar() -> Callable[[int, int], None] | None:
    """A progress bar on standard error when it is a terminal (none when piped)."""
    if not sys.stderr.isatty():
        return None

    def progress(done: int, total: int) -> None:
        filled = int(30 * done / total)
        end = "\n" if done == total else ""
        print(f"\r[{'#' * filled}{'.' * (30 - filled)}] {done:,}/{total:,}", end=end, file=sys.stderr, flush=True)

    return progress


def parse_weights(text: str | None) -> tuple[tuple[str, float], ...]:
    """`cover=2,distance=0.5` as AI weights by name (ValueError: the one line's problem)."""
    import math

    from game.ai.levels import WEIGHTS

    if not text:
        return ()
    out: dict[str, float] = {}
    for part in text.split(","):
        name, eq, value = part.partition("=")
        name = name.strip()
        if not eq or name not in WEIGHTS:
            raise ValueError(f"{part.strip()!r} is not NAME=NUMBER with NAME an AI weight ({', '.join(WEIGHTS)})")
        try:
            x = float(value)
        except ValueError:
            raise ValueError(f"{name}: {value.strip()!r} is not a number") from None
        if not math.isfinite(x) or abs(x) > 1000:
            raise ValueError(f"{name}: must be from -1000 to 1000, not {value.strip()}")
        out[name] = x
    return tuple(sorted(out.items()))


def cmd_replay(args: argparse.Namespace) -> int:
    """Open a match in the window as a watched battle (issue 31), with every setting it was played
    with, to step round by round (game/ui/replay_steps.py): a sweep's stored match, a saved game
    or a battle of a simulate --json record; say first what differs from when it was played."""
    from game.lab.replay import ReplayError
    from game.lab.replay_files import open_replay
    from game.maps import MapError
    from game.saves import SaveError
    from game.tactics import TacticError

    problem = args.screenshot and _writable("--screenshot", args.screenshot, make_folder=True)
    if problem:
        return _error(problem)
    try:
        source = open_replay(args.source, args.which, args.index)
        session = source.session_at(0)
    except (ReplayError, MapError, TacticError, SaveError) as exc:
        return _error(str(exc))
    print(source.title)
    fell = f"the first casualty in round {source.first_casualty}" if source.first_casualty else "nobody falls"
    print(f"  {source.rounds} rounds, {source.ending}; {fell}")
    for note in source.notes:
        print(f"note: {note}")
    ok, why = display_available()
    if not ok and args.screenshot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    elif not ok:
        from game.files import one_line

        session.match.close()
        print(one_line(f"skirmish: cannot open a window: {why}; {HEADLESS_HINT}"), file=sys.stderr)
        return 1
    from game.ui.app import App
    from game.ui.replay_steps import ReplaySteps

    app = App((1280, 720), playback_ms=0 if args.screenshot else None, watch_ms=200 if args.screenshot else 600)
    screen = app.battle(session.config, session)
    screen.steps = ReplaySteps(screen, source)
    return run_window(app, args)


def cmd_sweep_log(args: argparse.Namespace) -> int:
    """Print a stored match's event log, a line an event, as the match wrote it (and as
    `skirmish simulate --runs 1 --seed S --log` prints it for the same settings)."""
    from game.lab.logread import LogReadError, stored_log

    try:
        stored = stored_log(args.store, args.variant, args.index)
    except LogReadError as exc:
        return _error(str(exc))
    print_log(stored.seed, stored.lines)
    return 0


def print_log(seed: int, lines: list[str]) -> None:
    """A match's event log as `sweep-log` and `simulate --log` print it: a heading with its
    seed, then a line an event (Event.line's text)."""
    print(f"# seed {seed}")
    for line in lines:
        print(line)
