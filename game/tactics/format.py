"""A tactic file (TOML, docs/tactics.md) as typed values; every fault is one line naming the
file and the field (TacticError)."""

from __future__ import annotations

import hashlib
import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from game.ai.levels import WEIGHTS
from game.limits import MAX_TACTIC_CHARS

Tile = tuple[int, int]

# The orders and what each takes: `route` (a route's name), `at`/`to` (a place: [x, y] or a
# route's name, meaning its last point), `zone` ([x, y] or [x, y, width, height] in tiles).
ORDERS: dict[str, tuple[str, ...]] = {
    "advance": ("route",),
    "hold": ("at",),
    "overwatch": ("at", "toward"),
    "suppress": ("zone",),
    "assault": (),
    "withdraw": ("to",),
    "free": (),
}
REQUIRED = {"advance": "route", "suppress": "zone", "withdraw": "to"}
GAITS = ("free", "run", "sprint")
CONDITIONS = ("round", "route_end", "contact", "casualties", "signal", "zone", "objective")
MAX_ORDERS = 50
MAX_GROUPS = 50


class TacticError(ValueError):
    """A tactic file that cannot be played: `str()` is the one line to show."""


@dataclass(frozen=True)
class Condition:
    """When a group moves on to its next order: any one of these that is set (issue 30)."""

    round: int | None = None  # from the start of this round on
    route_end: bool = False  # the group has reached the end of its route
    contact: bool = False  # a unit of the group sees an enemy or is attacked
    casualties: int | None = None  # this many of the group are down or out
    signal: tuple[str, str] | None = None  # (group, order name): that group has reached that order
    zone: str | None = None  # a unit of the group stands in this objective's zone
    objective: str | None = None  # this objective is met (or, a protect, failed) as the side knows it

    def describe(self) -> str:
        parts = []
        if self.round is not None:
            parts.append(f"round {self.round}")
        if self.route_end:
            parts.append("route's end")
        if self.contact:
            parts.append("contact")
        if self.casualties is not None:
            parts.append(f"{self.casualties} down")
        if self.signal is not None:
            parts.append(f"signal {self.signal[0]}.{self.signal[1]}")
        if self.zone is not None:
            parts.append(f"in {self.zone}")
        if self.objective is not None:
            parts.append(f"{self.objective} decided")
        return " or ".join(parts)


@dataclass(frozen=True)
class Order:
    do: str
    name: str = ""
    route: str | None = None
    at: Tile | str | None = None  # a tile, or a route's name (its end)
    toward: Tile | str | None = None
    zone: tuple[int, int, int, int] | None = None  # x, y, width, height
    gait: str = "run"
    until: Condition | None = None  # None: the group's last order

    def describe(self) -> str:
        what = {"advance": f"advance along {self.route}", "hold": f"hold {_place(self.at) or 'here'}",
                "overwatch": f"overwatch {_place(self.toward) or 'ahead'}",
                "suppress": f"suppress {_zone(self.zone)}", "assault": "assault",
                "withdraw": f"withdraw to {_place(self.at)}", "free": "free"}[self.do]
        return what + (f" until {self.until.describe()}" if self.until else "")


@dataclass(frozen=True)
class Group:
    name: str
    units: tuple[str, ...] = ()  # unit names
    role: str | None = None
    everyone: bool = False  # units = "all": every unit in no other group
    weights: dict[str, float] = field(default_factory=dict)
    orders: tuple[Order, ...] = ()


@dataclass(frozen=True)
class Tactic:
    name: str
    path: str
    text: str  # the file's text: embedded in saves and stored matches, so a replay is exact
    groups: tuple[Group, ...]
    weights: dict[str, float] = field(default_factory=dict)

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()[:16]


def _place(p: Tile | str | None) -> str:
    return "" if p is None else p if isinstance(p, str) else f"({p[0]}, {p[1]})"


def _zone(z: tuple[int, int, int, int] | None) -> str:
    if z is None:
        return ""
    x, y, w, h = z
    return f"({x}, {y})" if w == h == 1 else f"({x}, {y}) {w}x{h}"


def load_tactic(path: str | Path) -> Tactic:
    """Read and parse a tactic file (TacticError for a file that cannot be read)."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_TACTIC_CHARS:
            raise TacticError(f"{p}: a tactic file is at most {MAX_TACTIC_CHARS // 1024} KiB")
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise TacticError(f"{p}: cannot read: {getattr(err, 'strerror', None) or err}") from None
    return parse_tactic(text, str(p))


def parse_tactic(text: str, path: str = "<tactic>") -> Tactic:
    """A tactic from its TOML text; `path` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TacticError(f"{path}: not valid TOML: {err}") from None
    r = _Reader(path)
    r.keys(data, ("name", "weights", "group"), "")
    name = data.get("name", Path(path).stem)
    if not isinstance(name, str) or not name.strip():
        r.fail("name", "must be a non-empty string")
    weights = r.weights(data.get("weights", {}), "weights")
    groups_raw = data.get("group")
    if not isinstance(groups_raw, list) or not groups_raw:
        r.fail("group", "give at least one [[group]] with its orders")
    if len(groups_raw) > MAX_GROUPS:
        r.fail("group", f"at most {MAX_GROUPS} groups")
    groups = tuple(r.group(g, i) for i, g in enumerate(groups_raw))
    seen: set[str] = set()
    for g in groups:
        if g.name in seen:
            r.fail(f"group '{g.name}'", "a second group of that name")
        seen.add(g.name)
    if sum(g.everyone for g in groups) > 1:
        r.fail("group", 'only one group may take units = "all"')
    for g in groups:
        for k, o in enumerate(g.orders):
            if o.until and o.until.signal:
                other, stage = o.until.signal
                target = next((h for h in groups if h.name == other), None)
                if target is None:
                    r.fail(f"group '{g.name}' order {k + 1} until.signal", f"no group named {other!r}")
                if not any(q.name == stage for q in target.orders):
                    r.fail(f"group '{g.name}' order {k + 1} until.signal",
                           f"group {other!r} has no order named {stage!r}")
    return Tactic(name.strip(), path, text, groups, weights)


class _Reader:
    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, message: str) -> NoReturn:
        raise TacticError(f"{self.path}: {where}: {message}")

    def keys(self, table: Any, allowed: tuple[str, ...], where: str) -> None:
        if not isinstance(table, dict):
            self.fail(where or "file", "must be a table")
        for k in table:
            if k not in allowed:
                self.fail(f"{where + ' ' if where else ''}{k!r}".strip(),
                          f"unknown key (expected one of {', '.join(allowed)})")

    def weights(self, value: Any, where: str) -> dict[str, float]:
        if not isinstance(value, dict):
            self.fail(where, "must be a table of AI weights")
        out = {}
        for k, v in value.items():
            if k not in WEIGHTS:
                self.fail(f"{where}.{k}", f"not an AI weight (one of {', '.join(WEIGHTS)})")
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or abs(v) > 1000:
                self.fail(f"{where}.{k}", "must be a number from -1000 to 1000")
            out[k] = float(v)
        return out

    def group(self, g: Any, i: int) -> Group:
        where = f"group {i + 1}"
        self.keys(g, ("name", "units", "role", "weights", "order"), where)
        name = g.get("name")
        if not isinstance(name, str) or not name.strip() or "." in name:
            self.fail(f"{where} name", "must be a non-empty name without a dot")
        where = f"group '{name}'"
        units = g.get("units")
        role = g.get("role")
        if (units is None) == (role is None):
            self.fail(where, 'give either units (names, or "all") or role')
        everyone = units == "all"
        names: tuple[str, ...] = ()
        if units is not None and not everyone:
            if not isinstance(units, list) or not units or not all(isinstance(u, str) and u.strip() for u in units):
                self.fail(f"{where} units", 'must be a list of unit names or "all"')
            names = tuple(u.strip() for u in units)
        if role is not None and (not isinstance(role, str) or not role.strip()):
            self.fail(f"{where} role", "must be a role name")
        orders_raw = g.get("order")
        if not isinstance(orders_raw, list) or not orders_raw:
            self.fail(f"{where} order", "give at least one [[group.order]]")
        if len(orders_raw) > MAX_ORDERS:
            self.fail(f"{where} order", f"at most {MAX_ORDERS} orders")
        orders = tuple(self.order(o, f"{where} order {k + 1}") for k, o in enumerate(orders_raw))
        for k, o in enumerate(orders[:-1]):
            if o.until is None:
                self.fail(f"{where} order {k + 1}", "has no `until`, so the orders after it are never reached")
        names_seen = [o.name for o in orders if o.name]
        if len(names_seen) != len(set(names_seen)):
            self.fail(f"{where} order", "two orders with one name")
        return Group(name.strip(), names, role.strip() if role else None, everyone,
                     self.weights(g.get("weights", {}), f"{where} weights"), orders)

    def order(self, o: Any, where: str) -> Order:
        self.keys(o, ("do", "name", "route", "at", "to", "toward", "zone", "gait", "until"), where)
        do = o.get("do")
        if do not in ORDERS:
            self.fail(f"{where} do", f"{do!r} is not an order (one of {', '.join(ORDERS)})")
        allowed = ORDERS[do] + ("name", "do", "gait", "until")
        for k in o:
            if k not in allowed:
                self.fail(f"{where} {k}", f"`{do}` takes no {k!r}")
        need = REQUIRED.get(do)
        if need and need not in o:
            self.fail(where, f"`{do}` needs `{need}`")
        name = o.get("name", "")
        if not isinstance(name, str):
            self.fail(f"{where} name", "must be a string")
        route = o.get("route")
        if route is not None and (not isinstance(route, str) or not route.strip()):
            self.fail(f"{where} route", "must be a route's name")
        gait = o.get("gait", "run")
        if gait not in GAITS:
            self.fail(f"{where} gait", f"{gait!r} is not a gait (one of {', '.join(GAITS)})")
        at = self.place(o.get("at", o.get("to")), f"{where} {'to' if 'to' in o else 'at'}")
        return Order(do, name.strip(), route.strip() if route else None, at,
                     self.place(o.get("toward"), f"{where} toward"), self.zone(o.get("zone"), f"{where} zone"),
                     gait, self.condition(o["until"], f"{where} until") if "until" in o else None)

    def place(self, value: Any, where: str) -> Tile | str | None:
        if value is None:
            return None
        if isinstance(value, str) and value.strip():
            return value.strip()
        if (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 100_000 for v in value)):
            return (value[0], value[1])
        self.fail(where, "must be [x, y] (tiles, from 0), a route's name or an objective's name")

    def zone(self, value: Any, where: str) -> tuple[int, int, int, int] | None:
        if value is None:
            return None
        ok = (isinstance(value, list) and len(value) in (2, 4)
              and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 100_000 for v in value))
        if not ok or (len(value) == 4 and (value[2] < 1 or value[3] < 1)):
            self.fail(where, "must be [x, y] or [x, y, width, height] in tiles")
        return (value[0], value[1], 1, 1) if len(value) == 2 else (value[0], value[1], value[2], value[3])

    def condition(self, c: Any, where: str) -> Condition:
        self.keys(c, CONDITIONS, where)
        if not c:
            self.fail(where, f"give at least one of {', '.join(CONDITIONS)}")

        def count(key: str) -> int | None:
            v = c.get(key)
            if v is None:
                return None
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 10_000:
                self.fail(f"{where}.{key}", "must be a whole number from 1 to 10000")
            return v

        for key in ("route_end", "contact"):
            if key in c and c[key] is not True:
                self.fail(f"{where}.{key}", "must be true (leave it out otherwise)")
        signal = c.get("signal")
        pair = None
        if signal is not None:
            if not isinstance(signal, str) or signal.count(".") != 1 or not all(signal.split(".")):
                self.fail(f"{where}.signal", 'must be "GROUP.ORDER" (a group and the name of one of its orders)')
            a, b = signal.split(".")
            pair = (a.strip(), b.strip())
        names = {}
        for key in ("zone", "objective"):
            v = c.get(key)
            if v is not None and (not isinstance(v, str) or not v.strip()):
                self.fail(f"{where}.{key}", "must be the name of one of the map's objectives")
            names[key] = v.strip() if v else None
        return Condition(count("round"), bool(c.get("route_end")), bool(c.get("contact")), count("casualties"), pair,
                         names["zone"], names["objective"])
