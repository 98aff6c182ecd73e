"""A sweep's variant: one combination of a plan's settings, its canonical form, its seeds and
its matches (game/lab/plan.py says how the seeds are derived), and how the table names it."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.limits import MAX_SEED
from game.maps.grid import GridMap
from game.sim import MatchSpec

# a variant's settings, in the order the table shows them, with their names
FIELDS = (("map", "map"), ("ruleset", "ruleset"), ("fog", "fog"), ("size", "size"),
          ("blue_ai", "blue AI"), ("blue_squad", "blue squad"), ("red_ai", "red AI"), ("red_squad", "red squad"),
          ("blue_deployment", "blue deployment"), ("red_deployment", "red deployment"),
          ("blue_tactic", "blue tactic"), ("red_tactic", "red tactic"), ("max_rounds", "max rounds"),
          ("blue_weights", "blue weights"), ("red_weights", "red weights"))
UNSAID_FACTS = ("objectives", "at_time", "objectives_all", "deployments", "routes")
"""Facts of a map (issue 30) that stay out of its digest while at their default, so that the
digest of a map that says nothing of them, and every store and seed made from it, stays."""


def map_digest(grid: GridMap) -> str:
    """16 hex digits of the sha256 of what the game makes of a map (its size, scale, terrain,
    spawns, units, max rounds, ruleset, fog, properties), not of its file: where its art is,
    its name and its briefing do not count, a retiled tileset that changes the terrain does."""
    skip = {"name", "path", "briefing", "art", "missing_art", "assumptions", "stacked_units"}
    facts = {f.name: getattr(grid, f.name) for f in dataclasses.fields(grid) if f.name not in skip
             and not (f.name in UNSAID_FACTS and getattr(grid, f.name) == f.default)}

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
    pairing: str = "none"  # "none": issue 21's seeds (not in the canonical form, so old ids stay)
    swap_sides: bool = False  # match k played twice: index 2k as set, 2k + 1 with the bundles' sides swapped
    blue_deployment: str | None = None  # a `deploy NAME` layer (issue 30); None: the units layer
    red_deployment: str | None = None
    deployment_places: tuple[tuple[str, str], ...] = ()
    """(team, the chosen deployment's places for that side as JSON): its content is part of
    the canonical form, so a moved unit object makes a new variant."""
    blue_tactic: tuple[str, str] | None = None  # (its path as the plan names it, its text); docs/tactics.md
    red_tactic: tuple[str, str] | None = None
    max_rounds: int | None = None  # None: the map's
    blue_weights: tuple[tuple[str, float], ...] = ()  # AI weights over the level's, by name
    red_weights: tuple[tuple[str, float], ...] = ()

    def canonical(self) -> str:
        form: dict[str, Any] = {
            "map": {"file": self.map, "facts": self.map_facts}, "ruleset": self.ruleset, "fog": self.fog,
            "size": self.size, "blue": {"ai": self.blue_ai, "squad": self.blue_squad},
            "red": {"ai": self.red_ai, "squad": self.red_squad}, "seed": self.seed}
        places = dict(self.deployment_places)
        for team, chosen in (("blue", self.blue_deployment), ("red", self.red_deployment)):
            if chosen:  # left out when not chosen: every earlier variant keeps its form and seeds
                form[team]["deployment"] = {"name": chosen, "places": places.get(team, "")}
        if self.max_rounds is not None:  # each left out when not set: earlier variants keep their form and seeds
            form["max_rounds"] = self.max_rounds
        for team, weights in (("blue", self.blue_weights), ("red", self.red_weights)):
            if weights:
                form[team]["ai_weights"] = dict(weights)
        for team, tactic in (("blue", self.blue_tactic), ("red", self.red_tactic)):
            if tactic:  # its content, not only its name (so a stored match replays exactly); left out when none
                form[team]["tactic"] = {"file": Path(tactic[0]).name, "text": tactic[1]}
        if self.pairing != "none":
            form["pairing"] = self.pairing
        if self.swap_sides:
            form["swap_sides"] = True
        return json.dumps(form, sort_keys=True, separators=(",", ":"))

    def stream(self) -> str:
        """What match i's seed is drawn from: the canonical form when unpaired; when paired,
        only what paired variants share (the map as the game makes it, the size, the plan's
        seed), so every variant on that map and size plays match i with the same seed."""
        if self.pairing == "none":
            return self.canonical()
        form = {"map": self.map_facts, "size": self.size, "seed": self.seed, "pairing": self.pairing}
        return json.dumps(form, sort_keys=True, separators=(",", ":"))

    @property
    def id(self) -> str:
        return hashlib.sha256(self.canonical().encode("utf-8")).hexdigest()[:16]

    def matches(self, runs: int) -> int:
        """How many matches `runs` asks of this variant (twice as many with the sides swapped)."""
        return 2 * runs if self.swap_sides else runs

    def swapped(self, index: int) -> bool:
        """Whether the [blue] bundle plays red's side in match `index`."""
        return self.swap_sides and index % 2 == 1

    def match_seed(self, index: int) -> int:
        k = index // 2 if self.swap_sides else index  # both ways round with one seed
        digest = hashlib.sha256(f"{self.stream()}#{k}".encode()).hexdigest()
        return int(digest[:16], 16) % (MAX_SEED + 1)

    def spec(self, index: int) -> MatchSpec:
        """Match `index` of this variant, as `simulate` would play it with its seed (the
        bundles' sides swapped in the second match of each pair when `swap_sides`)."""
        if self.swapped(index):
            return MatchSpec(self.map_path, self.match_seed(index), self.red_ai, self.blue_ai, "default", self.size,
                             self.red_squad, self.blue_squad, self.ruleset, self.fog,
                             blue_deployment=self.red_deployment, red_deployment=self.blue_deployment,
                             max_rounds=self.max_rounds, blue_weights=self.red_weights, red_weights=self.blue_weights)
        return MatchSpec(self.map_path, self.match_seed(index), self.blue_ai, self.red_ai, "default", self.size,
                         self.blue_squad, self.red_squad, self.ruleset, self.fog,
                         blue_deployment=self.blue_deployment, red_deployment=self.red_deployment,
                         blue_tactic=self.blue_tactic, red_tactic=self.red_tactic, max_rounds=self.max_rounds,
                         blue_weights=self.blue_weights, red_weights=self.red_weights)

    def value(self, field: str) -> str:
        """A setting as the table shows it."""
        v = getattr(self, field)
        if field == "map":
            return Path(v).stem
        if field == "fog":
            return "on" if v else "off"
        if field.endswith("_weights"):
            return ", ".join(f"{k} {x:g}" for k, x in v) if v else "level's"
        if field.endswith("_tactic"):
            return "none" if v is None else Path(v[0]).stem
        if v is None:
            return "map's"
        return str(v)


def varying(variants: list[Variant]) -> list[tuple[str, str]]:
    """The settings (field, name) that differ between variants, in table order."""
    return [(f, name) for f, name in FIELDS if len({getattr(v, f) for v in variants}) > 1]


def label(v: Variant, fields: list[tuple[str, str]]) -> str:
    """A variant named by the settings that vary in its plan."""
    if not fields:
        return f"{v.value('map')}, {v.blue_ai} blue against {v.red_ai} red"
    return ", ".join(f"{name} {v.value(f)}" if f != "map" else v.value(f) for f, name in fields)
