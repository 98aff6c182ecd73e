"""A sweep plan: the variants `skirmish sweep PLAN.toml` plays, and how each match is seeded.

A plan is a scenario (game/lab/scenario.py) whose settings may be lists; every combination
is a variant, and each variant plays `runs` matches:

    name = "Which squad holds the street?"   # optional: the report's title (default: the file's name)
    runs = 200                # matches per variant
    seed = 1                  # optional (default 1): part of every variant; change it for fresh numbers
    pairing = "paired"        # optional: "paired" (default: match i of every variant on a map and size
                              # has the same seed) or "none" (each variant its own seeds)
    map = ["../maps/street.tmx", "../maps/wood.tmx"]   # relative to the plan, or absolute
    ruleset = "yags"          # optional: yags, mythras, yags-sf, step (default: each map's property, else yags)
    fog = "off"               # optional: "on", "off" or ["off", "on"] (default off)
    size = 4                  # optional: units a side, or a list (default: the map's)
    [blue]
    ai = "normal"             # random, easy, normal, hard, or a list
    squad = ["rifleman", "gunner", "rifleman,swordsman"]   # a squad id, templates, "map" (the map's own), or a list
    [red]
    ai = ["easy", "hard"]

A listed subset instead of every combination: each `[[variant]]` table gives settings (single
values or lists) over the top level's, and only the combinations of those tables are played:

    [[variant]]
    blue = { squad = "gunner" }
    [[variant]]
    map = "../maps/wood.tmx"
    red = { ai = "hard" }

Seeds: a variant's canonical form is the JSON (sorted keys, no spaces) of everything that
decides its matches: the map's file name and a digest of what the game makes of it (size,
scale, terrain, spawns, units, max rounds: `map_digest`), the ruleset, fog, size, each side's
AI level and squad, the plan's seed, and the pairing unless it is "none". Match i (from 0)
has the seed ``int(sha256(stream + "#" + str(i))[:16 hex digits], 16) % 10**18``, where the
stream is the canonical form with `pairing = "none"` (issue 21's seeds, unchanged), and with
`pairing = "paired"` (the default) the JSON of the map's digest, the size, the plan's seed and
the pairing only: variants on the same map and size play match i with the same seed (common
random numbers). A rerun, an edited plan (other variants added or removed, more runs) or a
resumed sweep gives the same numbers for the same variant, and a variant's id (16 hex digits
of the sha256 of its canonical form) finds its results in the store; the pairing is part of
the id, so a store never mixes a variant's paired and unpaired matches.
"""

from __future__ import annotations

import itertools
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.files import BadData, FileProblem, one_line, parse_toml, read_bounded
from game.lab.planopts import KEYS, WEIGHT_AXIS, Options, expand, read_options, read_range
from game.lab.scenario import bound_problem
from game.lab.variant import FIELDS, Variant, label, map_digest, varying
from game.limits import (
    MAX_PATH_CHARS,
    MAX_SCENARIO_BYTES,
    MAX_SWEEP_MATCHES,
    MAX_VARIANTS,
)
from game.maps.grid import GridMap
from game.sim import FOG_AVAILABLE, FOG_UNAVAILABLE

TOP = ("name", "runs", "seed", "pairing", "map", "ruleset", "fog", "size", "max_rounds", "blue", "red", "variant",
       *KEYS)
AXES = ("map", "ruleset", "fog", "size", "max_rounds", "blue", "red")  # what a [[variant]] may set
SIDE = ("ai", "squad", "deployment", "tactic", "ai_weights")
NO_TACTIC = "none"  # a tactic value meaning the AI plays without one
NO_DEPLOYMENT = "map"  # a deployment value meaning the map's units layer (no deployment)
PAIRINGS = ("paired", "none")  # "paired": common random numbers (the default); "none": issue 21's seeds
MAP_SQUAD = "map"  # a squad value meaning the map's own units (or the default squad)



__all__ = ["FIELDS", "Plan", "PlanError", "Variant", "label", "load_plan", "map_digest", "resolve", "varying"]


MAX_ERRORS = 20  # lines of a plan's problems shown at most


class PlanError(ValueError):
    """A plan that cannot be played: one line naming the file and the field, a line for
    each problem when there are several (`lines`)."""

    def __init__(self, message: str, more: list[str] | tuple[str, ...] = ()) -> None:
        self.lines = [one_line(m) for m in (message, *more)]
        if len(self.lines) > MAX_ERRORS:
            self.lines = self.lines[:MAX_ERRORS - 1] + [f"... and {len(self.lines) - MAX_ERRORS + 1} more problems"]
        super().__init__("\n".join(self.lines))


@dataclass(frozen=True)
class Plan:
    path: Path
    name: str
    runs: int
    seed: int
    pairing: str
    options: Options
    entries: tuple[dict[str, list[Any]], ...]  # per [[variant]] (or the top level): each axis's values
    variants: int  # how many combinations (before maps are read and duplicates dropped)


def _strings(where: str, value: Any) -> list[Any]:
    values = value if isinstance(value, list) else [value]
    if not values:
        raise PlanError(f"{where}: an empty list")
    return values


def _tactic(path: Path, at: str, value: str) -> tuple[str, str]:
    """A tactic file named by a plan (relative to the plan's folder): (its path as written, its
    text); the text is part of the variant's canonical form (docs/tactics.md)."""
    from game.tactics import TacticError, load_tactic

    if not value.strip() or len(value) > MAX_PATH_CHARS:
        raise PlanError(f"{at}: a tactic is the path of a .toml file (docs/tactics.md)")
    file = Path(value) if Path(value).is_absolute() else path.parent / value
    try:
        return str(file), load_tactic(file).text
    except TacticError as exc:
        raise PlanError(f"{at}: {exc}") from None


def _weights(path: Path, where: str, team: str, table: Any, errors: list[str]) -> dict[str, list[Any]]:
    """`[blue.ai_weights] cover = [0.5, 1.0, 2.0]`: an axis per weight (TEAM_w_NAME), each a
    number, a list of them, or a range { from, to } for design = "lhs"."""
    from game.ai.levels import WEIGHTS

    if not isinstance(table, dict) or not table:
        errors.append(f"{path}: {where}: must be a table of AI weights ({', '.join(WEIGHTS)})")
        return {}
    out: dict[str, list[Any]] = {}
    for name, value in table.items():
        at = f"{path}: {where}.{name}"
        if name not in WEIGHTS:
            errors.append(f"{at}: not an AI weight (one of {', '.join(WEIGHTS)})")
            continue
        values: list[Any] = []
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, dict):
                try:
                    values.append(read_range(at, f"{team}{WEIGHT_AXIS}{name}", v))
                except ValueError as exc:
                    errors.append(str(exc))
            elif isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or abs(v) > 1000:
                errors.append(f"{at}: must be a number from -1000 to 1000 (or a list, or a range), not {v!r}")
            else:
                values.append(float(v))
        if values:
            out[f"{team}{WEIGHT_AXIS}{name}"] = values
    return out


def _axis(path: Path, where: str, key: str, value: Any) -> list[Any]:
    """The values of one setting, checked."""
    from game.ai import LEVELS

    values = _strings(f"{path}: {where}", value)
    out: list[Any] = []
    for v in values:
        at = f"{path}: {where}"
        if key in ("size", "max_rounds") and isinstance(v, dict):
            try:
                out.append(read_range(at, key, v))
            except ValueError as exc:
                raise PlanError(str(exc)) from None
            continue
        if key in ("size", "max_rounds"):
            if v == MAP_SQUAD:
                out.append(None)
                continue
            if not isinstance(v, int) or isinstance(v, bool):
                raise PlanError(f"{at}: must be a whole number (or \"map\": the map's), not {v!r}")
            if problem := bound_problem(key, v):
                raise PlanError(f"{at}: {problem}")
            out.append(v)
            continue
        if key == "fog":
            if isinstance(v, bool):
                v = "on" if v else "off"
            if v not in ("on", "off"):
                raise PlanError(f"{at}: must be \"on\" or \"off\", not {v!r}")
            if v == "on" and not FOG_AVAILABLE:
                raise PlanError(f"{at}: {FOG_UNAVAILABLE}")
            out.append(v == "on")
            continue
        if not isinstance(v, str):
            raise PlanError(f"{at}: must be a string, not {v!r}")
        if key == "ruleset":
            from engine.rulesets import UnknownRuleset, check_name

            try:
                out.append(check_name(v))
            except UnknownRuleset as exc:
                raise PlanError(f"{at}: {exc}") from None
        elif key == "ai":
            if v not in LEVELS:
                raise PlanError(f"{at}: unknown AI level {v!r}; expected one of {', '.join(LEVELS)}")
            out.append(v)
        elif key == "squad":
            from game.squads import squad_problem

            if not v.strip():
                raise PlanError(f"{at}: an empty squad")
            if v != MAP_SQUAD and (problem := squad_problem(v)):
                raise PlanError(f"{at}: {problem}")
            out.append(None if v == MAP_SQUAD else v)
        elif key == "tactic":
            out.append(None if v == NO_TACTIC else _tactic(path, at, v))
        elif key == "deployment":
            if not v.strip():
                raise PlanError(f"{at}: an empty deployment name")
            out.append(None if v == NO_DEPLOYMENT else v.strip().lower())
        elif key == "map":
            if len(v) > MAX_PATH_CHARS:
                raise PlanError(f"{at}: a path of {len(v):,} characters is too long (at most {MAX_PATH_CHARS:,})")
            m = Path(v)
            m = m if m.is_absolute() else path.parent / m
            if not os.path.exists(m):
                raise PlanError(f"{at}: no such file {str(m)!r}")
            out.append(str(m))
    if len(set(out)) != len(out):
        raise PlanError(f"{path}: {where}: a value is given twice")
    return out


def _settings(path: Path, table: dict[str, Any], keys: tuple[str, ...], errors: list[str],
              prefix: str = "") -> dict[str, list[Any]]:
    """The axes a table sets: map, ruleset, fog, size, blue_ai, blue_squad, red_ai, red_squad;
    each bad one a line in `errors`."""
    out: dict[str, list[Any]] = {}
    for key, value in table.items():
        where = f"{prefix}{key}"
        if key not in keys:
            errors.append(f"{path}: {where}: unknown field (expected {', '.join(keys)})")
            continue
        try:
            if key in ("blue", "red"):
                if not isinstance(value, dict):
                    raise PlanError(f"{path}: {where}: must be a table ({', '.join(SIDE)}), not {value!r}")
                for k, v in value.items():
                    if k not in SIDE:
                        errors.append(f"{path}: {where}.{k}: unknown field (expected {', '.join(SIDE)})")
                        continue
                    if k == "ai_weights":
                        out.update(_weights(path, f"{where}.{k}", key, v, errors))
                        continue
                    try:
                        out[f"{key}_{k}"] = _axis(path, f"{where}.{k}", k, v)
                    except PlanError as exc:
                        errors.extend(exc.lines)
            elif key in AXES:
                out[key] = _axis(path, where, key, value)
        except PlanError as exc:
            errors.extend(exc.lines)
    return out


DEFAULTS: dict[str, list[Any]] = {"ruleset": [None], "fog": [False], "size": [None], "blue_ai": ["normal"],
                                  "blue_squad": [None], "red_ai": ["normal"], "red_squad": [None],
                                  "blue_deployment": [None], "red_deployment": [None], "blue_tactic": [None],
                                  "red_tactic": [None], "max_rounds": [None]}
ORDER = ("map", "ruleset", "fog", "size", "max_rounds", "blue_ai", "blue_squad", "red_ai", "red_squad",
         "blue_deployment", "red_deployment", "blue_tactic", "red_tactic")


def order(entry: dict[str, Any]) -> tuple[str, ...]:
    """An entry's settings in the table's order: ORDER, then its AI weights by name."""
    return ORDER + tuple(sorted(k for k in entry if k not in ORDER))


def load_plan(path: str | Path) -> Plan:
    """Read and check a plan (as a scenario is read: a regular file of at most
    MAX_SCENARIO_BYTES, nesting checked before parsing); PlanError names the file and field."""
    path = Path(path)
    try:
        data = parse_toml(read_bounded(path, MAX_SCENARIO_BYTES))
    except FileProblem as exc:
        raise PlanError(str(exc)) from None
    except BadData as exc:
        raise PlanError(f"{path}: {exc}") from None
    errors: list[str] = []
    for key, kind in (("name", str), ("runs", int), ("seed", int)):
        if key in data:
            v = data[key]
            if not isinstance(v, kind) or isinstance(v, bool):
                errors.append(f"{path}: {key}: must be {'a string' if kind is str else 'a whole number'}, not {v!r}")
            elif isinstance(v, int) and (problem := bound_problem(key, v)):  # runs, seed
                errors.append(f"{path}: {key}: {problem}")
    pairing = data.get("pairing", "paired")
    if pairing not in PAIRINGS:
        errors.append(f"{path}: pairing: must be {' or '.join(repr(p) for p in PAIRINGS)}, not {pairing!r}")
    options = read_options(path, data, errors)
    top = _settings(path, data, TOP, errors)
    listed = data.get("variant")
    if listed is not None and (not isinstance(listed, list) or not all(isinstance(t, dict) for t in listed)):
        errors.append(f"{path}: variant: must be tables ([[variant]]), not {listed!r}")
        listed = None
    elif listed is not None and not listed:
        errors.append(f"{path}: variant: an empty list")
        listed = None
    entries = []
    for n, table in enumerate(listed or [{}]):
        own = _settings(path, table, AXES, errors, f"variant[{n + 1}]." if listed else "")
        entry = {**DEFAULTS, **top, **own}
        if "map" not in entry:
            if n == 0 and "map" not in data and "map" not in table:
                errors.append(f"{path}: map: missing (which map or maps to play)")
            continue
        entries.append({k: entry[k] for k in order(entry)})
    entries = expand(entries, options, data.get("seed", 1) if isinstance(data.get("seed", 1), int) else 1,
                     path, errors)
    if errors:
        raise PlanError(errors[0], errors[1:])
    count = sum(math.prod(len(v) for v in e.values()) for e in entries)
    if count > MAX_VARIANTS:
        raise PlanError(f"{path}: {count:,} variants, more than the {MAX_VARIANTS:,} a sweep may have")
    runs = data.get("runs", 10)
    matches = runs * (2 if options.swap_sides else 1)
    if count * matches > MAX_SWEEP_MATCHES:
        what = f"{runs:,} runs" + (" both ways round" if options.swap_sides else "")
        raise PlanError(f"{path}: {count:,} variants x {what} is {count * matches:,} matches, more than "
                        f"the {MAX_SWEEP_MATCHES:,} a sweep may play")
    return Plan(path, data.get("name") or path.stem, runs, data.get("seed", 1), pairing, options, tuple(entries),
                count)


def _weights_of(c: dict[str, Any], team: str) -> tuple[tuple[str, float], ...]:
    """A combination's AI weights for `team`, by name."""
    lead = f"{team}{WEIGHT_AXIS}"
    return tuple(sorted((k[len(lead):], float(v)) for k, v in c.items() if k.startswith(lead)))


def combinations(entry: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every combination of an entry's values, the last setting changing fastest."""
    keys = order(entry)
    return [dict(zip(keys, values, strict=True)) for values in itertools.product(*(entry[k] for k in keys))]


def resolve(plan: Plan) -> tuple[list[Variant], dict[str, GridMap]]:
    """The plan's variants (duplicates dropped, in the plan's order) and their maps, each
    map loaded and judged, each variant's squads checked under its ruleset (MapError,
    SquadError: one line naming the map and the problem)."""
    from engine.rulesets import choose_ruleset, make_ruleset
    from game.judge import judge_map
    from game.sim import check_spec_tactics, spec_squads
    from game.squads import check_size, check_squads
    from game.tactics import TacticError

    grids: dict[str, GridMap] = {}
    digests: dict[str, str] = {}
    variants: list[Variant] = []
    seen: set[str] = set()
    sizes: dict[str, set[int | None]] = {}  # a map's sizes: judged for the smallest squads played on it
    for entry in plan.entries:
        for m in entry["map"]:
            sizes.setdefault(m, set()).update(entry["size"])
    for entry in plan.entries:
        for c in combinations(entry):
            m = c["map"]
            if m not in grids:
                smallest = None if None in sizes[m] else min(s for s in sizes[m] if s is not None)
                grids[m] = judge_map(m, size=smallest).grid
                digests[m] = map_digest(grids[m])
            grid = grids[m]
            v = Variant(m, Path(m).name, digests[m], choose_ruleset(c["ruleset"], None, grid.ruleset), c["fog"],
                        c["size"], c["blue_ai"], c["blue_squad"], c["red_ai"], c["red_squad"], plan.seed, plan.pairing,
                        plan.options.swap_sides, c["blue_deployment"], c["red_deployment"],
                        deployment_places(grid, {"blue": c["blue_deployment"], "red": c["red_deployment"]}),
                        c["blue_tactic"], c["red_tactic"], c["max_rounds"], _weights_of(c, "blue"), _weights_of(c, "red"))
            if v.id in seen:
                continue
            seen.add(v.id)
            if v.swap_sides and (v.blue_squad is None or v.red_squad is None):
                side = "blue" if v.blue_squad is None else "red"
                raise PlanError(f"{plan.path}: swap_sides: {side} plays the map's own units, which belong to "
                                f"{side}'s side and cannot swap; give both sides a squad")
            for team, weights, level in (("blue", v.blue_weights, v.blue_ai), ("red", v.red_weights, v.red_ai)):
                if weights and level == "random":
                    raise PlanError(f"{plan.path}: {team}.ai_weights: the random AI level has no weights to set")
            if v.swap_sides and (v.blue_deployment or v.red_deployment or v.blue_tactic or v.red_tactic):
                raise PlanError(f"{plan.path}: swap_sides: a deployment or a tactic names one side's layers, units "
                                "and routes, so it cannot play the other side; leave swap_sides out")
            if v.size is not None:
                check_size(grid, v.size)
            check_squads(grid, spec_squads(grid, v.spec(0)), make_ruleset(v.ruleset))
            try:
                check_spec_tactics(grid, v.spec(0))
            except TacticError as exc:
                raise PlanError(f"{plan.path}: {exc}") from None
            variants.append(v)
    return variants, grids


def deployment_places(grid: GridMap, chosen: dict[str, str | None]) -> tuple[tuple[str, str], ...]:
    """Each chosen deployment's places for its side, as JSON (the canonical form holds them);
    SquadError (one line) for a deployment the map lacks."""
    from game.maps.deployments import DeploymentError, find
    from game.squads import SquadError

    out = []
    for team, name in chosen.items():
        if name:
            try:
                d = find(grid.deployments, name, grid.path)
            except DeploymentError as exc:
                raise SquadError(str(exc)) from None
            places = [[u.name, u.x, u.y] for u in d.of(team)]
            out.append((team, json.dumps(places, separators=(",", ":"))))
    return tuple(out)

