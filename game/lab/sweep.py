"""`skirmish sweep PLAN.toml`: play every variant of a plan into the results store, then
compare the variants (a table on the terminal, a chart with --report).

Matches are handed out a round at a time over the variants (match 0 of every variant, then
match 1, ...), so a sweep stopped early has as many matches of each. Only the matches the
store lacks are played: run the same command again to resume, or after adding variants or
raising `runs`. Ctrl-C keeps every stored result.
"""

from __future__ import annotations

import dataclasses
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

from game.lab.plan import Plan, Variant
from game.lab.report import draw_report


def default_db(plan: Path) -> Path:
    """The store beside the plan: PLAN.sqlite."""
    return plan.with_suffix(".sqlite")


def window_command(db: Path, variant_id: str, index: int | str) -> str:
    """The command that opens a stored match in the window (game/lab/replay.py)."""
    return f"skirmish replay {shlex.quote(str(db))} {variant_id} {index}"


def replay_command(v: Variant, seed: int | str, index: int = 0) -> str:
    """The command that plays one match of `v` alone (as match `index`: with swap_sides an
    odd one has the sides swapped), with its seed from the store."""
    from game.lab.command import replay_command as command

    return command(v.spec(index), seed)


def schedule(plan: Plan, variants: list[Variant], done: dict[str, tuple[int, set[int]]],
             stopped: Callable[[], set[str]] | None = None) -> Iterator[tuple[Variant, int]]:
    """The matches the store lacks (`done`: Store.finished of each variant), a round at a
    time over the variants (both ways round in turn with swap_sides), leaving out the
    variants `stopped()` names (asked again each round: their sequential tests ended)."""
    per = max((v.matches(plan.runs) for v in variants), default=0)
    for k in range(min((done[v.id][0] for v in variants), default=0), per):
        off = stopped() if stopped is not None else set()
        for v in variants:
            below, more = done[v.id]
            if k < v.matches(plan.runs) and k >= below and k not in more and v.id not in off:
                yield v, k


def find_baseline(plan: Plan, variants: list[Variant], names: list[str]) -> Variant:
    """The variant the plan's `baseline` names, by its id or its name in the table."""
    from game.lab.plan import PlanError

    want = plan.options.baseline
    found = [v for v, n in zip(variants, names, strict=True) if want in (v.id, n)]
    if len(found) != 1:
        shown = "; ".join(names[:12]) + ("; ..." if len(names) > 12 else "")
        raise PlanError(f"{plan.path}: baseline: {want!r} names {'no' if not found else 'more than one'} variant "
                        f"(give an id or one of: {shown})")
    return found[0]


def run(args: Any, error: Callable[[str], int], progress: Callable[[int, int], None] | None) -> int:
    """The sweep command (args: plan, db, jobs, cluster, report); `error` prints a one-line
    refusal and gives the exit code."""
    from engine.rulesets import UnknownRuleset
    from game.files import FileProblem, check_output
    from game.lab.chart import draw_chart
    from game.lab.cluster import ClusterError, connect
    from game.lab.compare import compare, rows_of, table_lines
    from game.lab.factorchart import draw_factor_chart
    from game.lab.plan import PlanError, label, load_plan, resolve, varying
    from game.lab.rolechart import draw_role_chart
    from game.lab.roles import variant_role_lines
    from game.lab.runner import HoldCtrlC, play_all
    from game.lab.store import Store, StoreError
    from game.lab.verdicts import (
        Sequential,
        factor_lines,
        factor_points,
        pair_lines,
        rating_lines,
        ratings,
    )
    from game.lab.version import code_version
    from game.maps import MapError
    from game.squads import SquadError

    try:
        plan = load_plan(args.plan)
        variants, grids = resolve(plan)
        fields = varying(variants)
        names = [label(v, fields) for v in variants]
        baseline = find_baseline(plan, variants, names) if plan.options.baseline is not None else None
    except PlanError as exc:
        for line in exc.lines[:-1]:
            error(line)
        return error(exc.lines[-1])
    except (MapError, SquadError) as exc:
        return error(str(exc))
    except UnknownRuleset as exc:
        return error(f"{args.plan}: ruleset: {exc}")
    if args.report:
        if args.report == "-":
            return error("--report: a picture cannot go to standard output; give a .png path")
        try:
            check_output(args.report)
        except FileProblem as exc:
            return error(f"--report: {exc}")
    db = Path(args.db) if args.db else default_db(plan.path)
    try:
        store = Store(db)
    except StoreError as exc:
        return error(f"--db: {exc}" if args.db else str(exc))
    if store.migrated:
        print(f"{db}: migrated to this skirmish's schema (a copy as it was: {store.migrated})", flush=True)
    cluster = None
    try:
        if args.cluster:
            try:
                cluster = connect(args.cluster)
            except ClusterError as exc:
                return error(f"--cluster: {exc}")
        version = code_version()
        sweep = store.begin(plan, variants, version)
        done = {v.id: store.finished(v.id, v.matches(plan.runs)) for v in variants}
        seq = None
        if plan.options.sequential and baseline is not None:
            seq = Sequential(plan.options.sprt, baseline, variants, plan.runs)
            seq.advance(store)
        off = seq.stopped() if seq is not None else set()
        todo = sum(v.matches(plan.runs) - done[v.id][0] - len(done[v.id][1]) for v in variants if v.id not in off)
        stored = sum(done[v.id][0] + len(done[v.id][1]) for v in variants)
        where = (f"on the cluster at {args.cluster}" if cluster is not None
                 else f"with {args.jobs} worker processes" if args.jobs > 1 else "in this process")
        each = f"{plan.runs:,} matches" + (" both ways round" if plan.options.swap_sides else "")
        print(f"{plan.name}: {len(variants)} variant{'s' if len(variants) != 1 else ''} x {each}; "
              f"{stored:,} in {db} already, {todo:,} to play {where}"
              + (" (at most: sequential tests may stop variants sooner)" if seq is not None else ""), flush=True)
        if plan.pairing != "none":
            unpaired = store.stored(dataclasses.replace(v, pairing="none").id for v in variants)
            if unpaired:
                print(f"  note: {unpaired:,} stored matches of these settings were played unpaired (other seeds); "
                      "they are kept apart: add pairing = \"none\" to the plan to use them", flush=True)
        other = store.other_versions((v.id for v in variants), version)
        if other:
            print(f"  note: {other:,} stored matches of this plan were played by other code (this is {version}); "
                  "they are kept and counted", flush=True)
        played, stopped = 0, False
        if todo:
            keys: dict[int, tuple[Variant, int]] = {}

            def specs() -> Iterator[Any]:
                for n, (v, k) in enumerate(schedule(plan, variants, done, seq.stopped if seq else None)):
                    keys[n] = (v, k)
                    # the first event_logs matches of each variant bring their event log back to be stored
                    yield dataclasses.replace(v.spec(k), keep_log=k < plan.options.event_logs)

            # a store that fails (a full disk, say) ends the worker processes at once: closing()
            with HoldCtrlC() as guard, closing(play_all(specs(), jobs=args.jobs, cluster=cluster, grids=grids,
                                                        total=todo)) as results:
                try:
                    for i, battle in results:
                        v, k = keys.pop(i)
                        if battle["seed"] != v.match_seed(k):
                            raise RuntimeError(f"match {k} of variant {v.id} came back with seed {battle['seed']}")
                        with guard.hold():  # a result is stored whole, or not at all
                            store.add(v.id, k, battle, version, sweep)
                            played += 1
                        if seq is not None:
                            seq.advance(store, (v.id,))
                        if progress is not None:
                            progress(played, todo)
                except KeyboardInterrupt:
                    stopped = True
                    if progress is not None:
                        print(file=sys.stderr)
        rows = rows_of(store, variants, names, plan.runs)
        comparisons = compare(rows, lambda a, b: store.paired_sums(a.id, b.id, a.matches(plan.runs), a.swap_sides))
        extra = seq.lines(dict(zip((v.id for v in variants), names, strict=True))) if seq is not None else []
        if plan.options.swap_sides:
            extra += pair_lines(store, variants, names, plan.runs)
        factors = ranged_factors(plan) if plan.options.design == "lhs" else []
        for factor in factors:
            extra += factor_lines(rows, factor)
        extra += rating_lines(ratings(store, variants, plan.runs))
        extra += variant_role_lines(store, variants, names, plan.runs)
        heat: list[tuple[Counter, Counter]] = [store.places(v.id, v.matches(plan.runs)) for v in variants[:MAX_HEAT_MAPS]] if args.report else []
        roles = [store.roles(v.id, v.matches(plan.runs), v.swap_sides) for v in variants[:MAX_HEAT_MAPS]] if args.report else []
    except ClusterError as exc:
        return error(f"--cluster: {exc}")
    except StoreError as exc:  # every result stored before it is kept
        return error(f"--db: {exc}" if args.db else str(exc))
    finally:
        if cluster is not None:
            cluster.close()
        store.close()
    if stopped:
        print(f"stopped by Ctrl-C: {played:,} of {todo:,} played and stored; the same command resumes")
    stored = sum(r.n for r in rows)
    print(f"results ({stored:,} matches in the store for this plan):")
    for line in table_lines(rows, comparisons) + extra:
        print(line)
    print(f"  store: {db} (SQL: sqlite3 {shlex.quote(str(db))} 'SELECT * FROM results LIMIT 5'; docs/sweeps.md)")
    print(f"  replay one match (S: its seed in the store): {replay_command(variants[0], 'S')}")
    print(f"  watch one in the window (I: its idx in the store): {window_command(db, variants[0].id, 'I')}")
    if plan.options.event_logs:
        print(f"  read the event log of one of the first {plan.options.event_logs} of each variant (I below "
              f"{plan.options.event_logs}): skirmish sweep-log {shlex.quote(str(db))} {variants[0].id} I")
    if plan.options.swap_sides:
        print(f"  (a match of odd idx, the sides swapped: {replay_command(variants[0], 'S', 1)})")
    if args.report:
        subtitle = (f"{len(variants)} variants, {stored:,} matches; each bar: how the matches ended; "
                    f"dot and whisker: blue's score (a draw half) and its 95% Wilson interval")
        grouped = len(fields) > 1  # a heading per value of the first setting, the rows named by the rest
        try:
            draw_chart(plan.name, rows, comparisons, args.report, fields[0][0] if grouped else None, subtitle,
                       [label(v, fields[1:]) for v in variants] if grouped else None)
        except FileProblem as exc:
            return error(f"--report: {exc}")
        print(f"  report: {args.report}")
        for n, (v, name, row, counts) in enumerate(zip(variants, names, rows, heat, strict=False)):
            path = heat_map_path(args.report, n)
            record = {"map_name": f"{name or v.map}", "runs": row.n, "seed": plan.seed, "blue_ai": v.blue_ai,
                      "red_ai": v.red_ai, "wins": {"blue": row.blue, "red": row.red, "draw": row.draw},
                      "mean_rounds": row.rounds}
            try:
                draw_report(grids[v.map_path], record, path, counts=counts,
                            rings="hit from (ring size: how often an attack that hurt came from there):")
            except FileProblem as exc:
                return error(f"--report: {exc}")
            print(f"  where {name or v.id}: {path}")
            path = heat_map_path(args.report, n, "roles")
            try:
                draw_role_chart(name or v.id, roles[n], path)
            except FileProblem as exc:
                return error(f"--report: {exc}")
            print(f"  per role {name or v.id}: {path}")
        for factor in factors:
            path = str(Path(args.report).with_name(f"{Path(args.report).stem}-{factor}.png"))
            try:
                draw_factor_chart(plan.name, factor, factor_points(rows, factor), path)
            except FileProblem as exc:
                return error(f"--report: {exc}")
            print(f"  score against {factor}: {path}")
        if len(variants) > MAX_HEAT_MAPS:
            print(f"  (heat maps of the first {MAX_HEAT_MAPS} variants only)")
    return 130 if stopped else 0


MAX_HEAT_MAPS = 24  # a report's heat maps at most, one a variant


def ranged_factors(plan: Plan) -> list[str]:
    """The numeric factors the plan's design varies (size, max_rounds, AI weights): with
    design = "lhs" the ranges were already turned into the design's points."""
    from game.lab.planopts import WEIGHT_AXIS

    keys = {k for e in plan.entries for k in e if k in ("size", "max_rounds") or WEIGHT_AXIS in k}
    return sorted(k for k in keys if len({v for e in plan.entries for v in e.get(k, ())}) > 1)


def heat_map_path(report: str, n: int, what: str = "where") -> str:
    """Variant n's heat map (or its per-role picture, `what` "roles") beside the chart:
    chart.png -> chart-where-1.png, chart-roles-1.png."""
    p = Path(report)
    return str(p.with_name(f"{p.stem}-{what}-{n + 1}{p.suffix or '.png'}"))
