"""A sweep plan: the variants `skirmish sweep PLAN.toml` plays, and how each match is seeded.

A plan is a scenario (game/lab/scenario.py) whose settings may be lists; every combination
is a variant, and each variant plays `runs` matches:

    name = "Which squad holds the street?"   # optional: the report's title (default: the file's name)
    runs = 200                # matches per variant
    seed = 1                  # optional (default 1): part of every variant; change it for fresh numbers
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
AI level and squad, and the plan's seed. Match i (from 0) of the variant has the seed
``int(sha256(canonical + "#" + str(i))[:16 hex digits], 16) % 10**18``. A rerun, an edited
plan (other variants added or removed, more runs) or a resumed sweep gives the same numbers
for the same variant, and a variant's id (16 hex digits of the sha256 of its canonical form)
finds its results in the store.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.files import BadData, FileProblem, one_line, parse_toml, read_bounded
from game.lab.scenario import bound_problem
from game.limits import (
    MAX_PATH_CHARS,
    MAX_SCENARIO_BYTES,
    MAX_SEED,
    MAX_SWEEP_MATCHES,
    MAX_VARIANTS,
)
from game.maps.grid import GridMap
from game.sim import FOG_AVAILABLE, FOG_UNAVAILABLE, MatchSpec

TOP = ("name", "runs", "seed", "map", "ruleset", "fog", "size", "blue", "red", "variant")
AXES = ("map", "ruleset", "fog", "size", "blue", "red")  # what a [[variant]] may set
SIDE = ("ai", "squad")
MAP_SQUAD = "map"  # a squad value meaning the map's own units (or the default squad)
# a variant's settings, in the order the table shows them, with their names
FIELDS = (("map", "map"), ("ruleset", "ruleset"), ("fog", "fog"), ("size", "size"),
          ("blue_ai", "blue AI"), ("blue_squad", "blue squad"), ("red_ai", "red AI"), ("red_squad", "red squad"))


class PlanError(ValueError):
    """A plan that cannot be played (one line naming the file and the field)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def map_digest(grid: GridMap) -> str:
    """16 hex digits of the sha256 of what the game makes of a map (its size, scale, terrain,
    spawns, units, max rounds, ruleset, fog, properties), not of its file: where its art is,
    its name and its briefing do not count, a retiled tileset that changes the terrain does."""
    skip = {"name", "path", "briefing", "art", "missing_art", "assumptions"}
    facts = {f.name: getattr(grid, f.name) for f in dataclasses.fields(grid) if f.name not in skip}

    def plain(value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return plain(dataclasses.asdict(value))
        if isinstance(value, bytes | bytearray):
            return value.hex()
        if isinstance(value, dict):
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    text = json.dumps(plain(facts), sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Variant:
    """One combination of a plan's settings; its matches are seeded from its canonical form."""

    map_path: str  # where it is loaded from (not part of the canonical form)
    map: str  # the map file's name
    map_facts: str  # map_digest of the loaded map
    ruleset: str
    fog: bool
    size: int | None  # None: the map's
    blue_ai: str
    blue_squad: str | None  # None: the map's own units
    red_ai: str
    red_squad: str | None
    seed: int  # the plan's

    def canonical(self) -> str:
        form = {"map": {"file": self.map, "facts": self.map_facts}, "ruleset": self.ruleset, "fog": self.fog,
                "size": self.size, "blue": {"ai": self.blue_ai, "squad": self.blue_squad},
                "red": {"ai": self.red_ai, "squad": self.red_squad}, "seed": self.seed}
        return json.dumps(form, sort_keys=True, separators=(",", ":"))

    @property
    def id(self) -> str:
        return hashlib.sha256(self.canonical().encode("utf-8")).hexdigest()[:16]

    def match_seed(self, index: int) -> int:
        digest = hashlib.sha256(f"{self.canonical()}#{index}".encode()).hexdigest()
        return int(digest[:16], 16) % (MAX_SEED + 1)

    def spec(self, index: int) -> MatchSpec:
        """Match `index` of this variant, as `simulate` would play it with its seed."""
        return MatchSpec(self.map_path, self.match_seed(index), self.blue_ai, self.red_ai, "default", self.size,
                         self.blue_squad, self.red_squad, self.ruleset, self.fog)

    def value(self, field: str) -> str:
        """A setting as the table shows it."""
        v = getattr(self, field)
        if field == "map":
            return Path(v).stem
        if field == "fog":
            return "on" if v else "off"
        if v is None:
            return "map's"
        return str(v)


@dataclass(frozen=True)
class Plan:
    path: Path
    name: str
    runs: int
    seed: int
    entries: tuple[dict[str, list[Any]], ...]  # per [[variant]] (or the top level): each axis's values
    variants: int  # how many combinations (before maps are read and duplicates dropped)


def _strings(where: str, value: Any) -> list[Any]:
    values = value if isinstance(value, list) else [value]
    if not values:
        raise PlanError(f"{where}: an empty list")
    return values


def _axis(path: Path, where: str, key: str, value: Any) -> list[Any]:
    """The values of one setting, checked."""
    from game.ai import LEVELS

    values = _strings(f"{path}: {where}", value)
    out: list[Any] = []
    for v in values:
        at = f"{path}: {where}"
        if key == "size":
            if v == MAP_SQUAD:
                out.append(None)
                continue
            if not isinstance(v, int) or isinstance(v, bool):
                raise PlanError(f"{at}: must be a whole number (or \"map\"), not {v!r}")
            if problem := bound_problem("size", v):
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
            if not v.strip():
                raise PlanError(f"{at}: an empty squad")
            out.append(None if v == MAP_SQUAD else v)
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


def _settings(path: Path, table: dict[str, Any], keys: tuple[str, ...], prefix: str = "") -> dict[str, list[Any]]:
    """The axes a table sets: map, ruleset, fog, size, blue_ai, blue_squad, red_ai, red_squad."""
    out: dict[str, list[Any]] = {}
    for key, value in table.items():
        where = f"{prefix}{key}"
        if key not in keys:
            raise PlanError(f"{path}: {where}: unknown field (expected {', '.join(keys)})")
        if key in ("blue", "red"):
            if not isinstance(value, dict):
                raise PlanError(f"{path}: {where}: must be a table (ai, squad), not {value!r}")
            for k, v in value.items():
                if k not in SIDE:
                    raise PlanError(f"{path}: {where}.{k}: unknown field (expected ai, squad)")
                out[f"{key}_{k}"] = _axis(path, f"{where}.{k}", k, v)
        elif key in AXES:
            out[key] = _axis(path, where, key, value)
    return out


DEFAULTS: dict[str, list[Any]] = {"ruleset": [None], "fog": [False], "size": [None], "blue_ai": ["normal"],
                                  "blue_squad": [None], "red_ai": ["normal"], "red_squad": [None]}
ORDER = ("map", "ruleset", "fog", "size", "blue_ai", "blue_squad", "red_ai", "red_squad")


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
    for key, kind in (("name", str), ("runs", int), ("seed", int)):
        if key in data:
            v = data[key]
            if not isinstance(v, kind) or isinstance(v, bool):
                raise PlanError(f"{path}: {key}: must be {'a string' if kind is str else 'a whole number'}, not {v!r}")
            if isinstance(v, int) and (problem := bound_problem(key, v)):  # runs, seed
                raise PlanError(f"{path}: {key}: {problem}")
    top = _settings(path, data, TOP)
    listed = data.get("variant")
    if listed is not None and (not isinstance(listed, list) or not all(isinstance(t, dict) for t in listed)):
        raise PlanError(f"{path}: variant: must be tables ([[variant]]), not {listed!r}")
    if listed is not None and not listed:
        raise PlanError(f"{path}: variant: an empty list")
    entries = []
    for n, table in enumerate(listed or [{}]):
        own = _settings(path, table, AXES, f"variant[{n + 1}]." if listed else "")
        entry = {**DEFAULTS, **top, **own}
        if "map" not in entry:
            raise PlanError(f"{path}: map: missing (which map or maps to play)")
        entries.append({k: entry[k] for k in ORDER})
    count = sum(math.prod(len(v) for v in e.values()) for e in entries)
    if count > MAX_VARIANTS:
        raise PlanError(f"{path}: {count:,} variants, more than the {MAX_VARIANTS:,} a sweep may have")
    runs = data.get("runs", 10)
    if count * runs > MAX_SWEEP_MATCHES:
        raise PlanError(f"{path}: {count:,} variants x {runs:,} runs is {count * runs:,} matches, more than "
                        f"the {MAX_SWEEP_MATCHES:,} a sweep may play")
    return Plan(path, data.get("name") or path.stem, runs, data.get("seed", 1), tuple(entries), count)


def combinations(entry: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """Every combination of an entry's values, the last setting changing fastest."""
    return [dict(zip(ORDER, values, strict=True)) for values in itertools.product(*(entry[k] for k in ORDER))]


def resolve(plan: Plan) -> tuple[list[Variant], dict[str, GridMap]]:
    """The plan's variants (duplicates dropped, in the plan's order) and their maps, each
    map loaded and judged, each variant's squads checked under its ruleset (MapError,
    SquadError: one line naming the map and the problem)."""
    from engine.rulesets import choose_ruleset, make_ruleset
    from game.judge import judge_map
    from game.sim import spec_squads
    from game.squads import check_size, check_squads

    grids: dict[str, GridMap] = {}
    digests: dict[str, str] = {}
    variants: list[Variant] = []
    seen: set[str] = set()
    for entry in plan.entries:
        for c in combinations(entry):
            m = c["map"]
            if m not in grids:
                grids[m] = judge_map(m).grid
                digests[m] = map_digest(grids[m])
            grid = grids[m]
            v = Variant(m, Path(m).name, digests[m], choose_ruleset(c["ruleset"], None, grid.ruleset), c["fog"],
                        c["size"], c["blue_ai"], c["blue_squad"], c["red_ai"], c["red_squad"], plan.seed)
            if v.id in seen:
                continue
            seen.add(v.id)
            if v.size is not None:
                check_size(grid, v.size)
            check_squads(grid, spec_squads(grid, v.spec(0)), make_ruleset(v.ruleset))
            variants.append(v)
    return variants, grids


def varying(variants: list[Variant]) -> list[tuple[str, str]]:
    """The settings (field, name) that differ between variants, in table order."""
    return [(f, name) for f, name in FIELDS if len({getattr(v, f) for v in variants}) > 1]


def label(v: Variant, fields: list[tuple[str, str]]) -> str:
    """A variant named by the settings that vary in its plan."""
    if not fields:
        return f"{v.value('map')}, {v.blue_ai} blue against {v.red_ai} red"
    return ", ".join(f"{name} {v.value(f)}" if f != "map" else v.value(f) for f, name in fields)
