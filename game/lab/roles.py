"""Per role (issue 31): how each role of a squad fared over a run's matches. A role is a
unit's template's (rifleman, gunner, leader...) unless the map named another.

- **survival**: the units of a side and role never downed in the match (a unit that left by
  an exit survived), with a 95% Wilson interval;
- **who downed whom**: how many units of each side and role were downed by a unit of each
  side and role: the one whose attack was being resolved when it went down, else (a fall at
  a round's end from its wounds) the one whose hit last hurt it; a unit no attack ever hurt
  counts under "no attack";
- **the first casualty**: the round in which a match's first unit went down (its median and
  how many matches had it in each round; a match where no one went down has none).

The figures come from each match's units (`battle["units"]`, game/sim.py: side, role, the
round it went down and the unit that downed it), from a `simulate` run's battles or from the
store's `units` table. With swap_sides a side is the bundle's, not the colour: in a swapped
match the [blue] bundle's units stand on red's side and are counted as blue.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.lab.summary import wilson

NO_ATTACK = ("", "no attack")  # the attacker of a unit downed by no attack the log names
OTHER = {"blue": "red", "red": "blue"}
FIRST_BINS = 12  # rounds shown one by one in the first casualty's distribution; the rest as "13+"

Key = tuple[str, str]  # (side, role)


@dataclass
class RoleTally:
    matches: int = 0
    units: Counter[Key] = field(default_factory=Counter)
    survived: Counter[Key] = field(default_factory=Counter)
    downed: Counter[tuple[Key, Key]] = field(default_factory=Counter)  # (attacker, victim): units
    first: Counter[int | None] = field(default_factory=Counter)  # round of the first casualty: matches

    def add(self, units: list[dict[str, Any] | None], swapped: bool = False) -> None:
        """One match's units (by uid, as battle["units"] lists them; None: a uid not known)."""
        if not any(units):
            return
        self.matches += 1

        def key(u: dict[str, Any]) -> Key:
            return (OTHER.get(u["team"], u["team"]) if swapped else u["team"], u["role"])

        for u in units:
            if u is None:
                continue
            k = key(u)
            self.units[k] += 1
            if u["down"] is None:
                self.survived[k] += 1
                continue
            by = u.get("by")
            hit_by = units[by] if isinstance(by, int) and 0 <= by < len(units) else None
            attacker = key(hit_by) if hit_by is not None else NO_ATTACK
            self.downed[(attacker, k)] += 1
        downs = [u["down"] for u in units if u is not None and u["down"] is not None]
        self.first[min(downs) if downs else None] += 1

    def first_median(self) -> float | None:
        rounds = [r for r, n in self.first.items() if r is not None for _ in range(n)]
        return statistics.median(rounds) if rounds else None

    def first_bins(self) -> list[tuple[str, int]]:
        """The first casualty's distribution: (round, matches) for rounds 1..FIRST_BINS, then
        the later ones together, then "none"; rounds no match had are shown as 0 up to the
        last that one had."""
        rounds = [r for r in self.first if r is not None]
        top = min(max(rounds, default=0), FIRST_BINS)
        out = [(str(r), self.first.get(r, 0)) for r in range(min(rounds, default=1), top + 1)] if rounds else []
        later = sum(n for r, n in self.first.items() if r is not None and r > FIRST_BINS)
        if later:
            out.append((f"{FIRST_BINS + 1}+", later))
        if self.first.get(None):
            out.append(("none", self.first[None]))
        return out

    def as_dict(self) -> dict[str, Any]:
        """The figures as plain JSON values (simulate --json's summary.roles)."""
        return {
            "matches": self.matches,
            "survival": [{"side": k[0], "role": k[1], "units": self.units[k], "survived": self.survived[k],
                          "ci95": [round(x, 4) for x in wilson(self.survived[k], self.units[k])]}
                         for k in self.roles()],
            "downed": [{"by": None if a == NO_ATTACK else list(a), "downed": list(v), "units": n}
                       for (a, v), n in sorted(self.downed.items(), key=lambda kv: (-kv[1], kv[0]))],
            "first_casualty": {"median": self.first_median(), "by_round": dict(self.first_bins())},
        }

    def roles(self) -> list[Key]:
        """Each side's roles, blue first, most units first."""
        return sorted(self.units, key=lambda k: (k[0] != "blue", k[0], -self.units[k], k[1]))


def of_battles(battles: Iterable[dict[str, Any]]) -> RoleTally:
    t = RoleTally()
    for b in battles:
        t.add(b.get("units") or [])
    return t


def of_store(db: Any, variant: str, runs: int, swap: bool) -> RoleTally:
    """A variant's first `runs` matches from the store's `units` table (a match stored before
    schema 5 has no units and is not counted); with `swap` the odd ones counted swapped."""
    t = RoleTally()
    current: int | None = None
    units: list[dict[str, Any] | None] = []
    for idx, unit, team, role, down, by in db.execute(
            "SELECT idx, unit, team, role, down_round, downed_by FROM units WHERE variant = ? AND idx < ? "
            "ORDER BY idx, unit", (variant, runs)):
        if idx != current:
            if current is not None:
                t.add(units, swap and current % 2 == 1)
            current, units = idx, []
        while len(units) < unit:  # a gap in the uids (a hand-edited store): keep the places
            units.append(None)
        units.append({"team": team, "role": role, "down": down, "by": by})
    if current is not None:
        t.add(units, swap and current % 2 == 1)
    return t


def _name(k: Key) -> str:
    return f"{k[0]} {k[1]}".strip()


def role_lines(t: RoleTally, heading: str, most_roles: int = 12) -> list[str]:
    """The per-role figures as text: survival, who downed whom (a table: rows the attackers,
    columns the downed), the first casualty's median and distribution."""
    if not t.matches:
        return [f"  {heading}: no per-unit data (matches stored before schema 5)"]
    out = [f"  {heading} ({t.matches:,} matches):"]
    keys = t.roles()[:most_roles]
    out.append("    survival (units never downed, 95% interval):")
    for side in dict.fromkeys(k[0] for k in keys):
        out.append(f"      {side}: " + ", ".join(
            f"{role} {t.survived[k]}/{t.units[k]} {100 * t.survived[k] / t.units[k]:.0f}% "
            f"({100 * wilson(t.survived[k], t.units[k])[0]:.0f}-{100 * wilson(t.survived[k], t.units[k])[1]:.0f}%)"
            for k in keys if k[0] == side for role in [k[1]]))
    victims = [k for k in keys if any(v == k for _, v in t.downed)]
    attackers = [k for k in [*keys, NO_ATTACK] if any(a == k for a, _ in t.downed)]
    if victims:
        width = max(5, *(len(k[1]) for k in victims)) + 1
        label = max(len(_name(k)) for k in attackers)
        out.append("    who downed whom (units; rows: the attacker's side and role, columns: the downed unit's):")
        out.append("      " + " " * label + "".join(f"{k[0]:>{width}}" for k in victims))
        out.append("      " + " " * label + "".join(f"{k[1]:>{width}}" for k in victims))
        for a in attackers:
            out.append(f"      {_name(a):<{label}}" + "".join(f"{t.downed.get((a, v), 0) or '.':>{width}}"
                                                          for v in victims))
    median = t.first_median()
    bins = ", ".join(f"{r} {n}" if r == "none" else f"r{r} {n}" for r, n in t.first_bins())
    out.append("    first casualty: " + (f"median round {median:g}; " if median is not None else "none; ")
               + f"matches by round: {bins}")
    return out


MAX_ROLE_VARIANTS = 6
"""Variants whose per-role figures the sweep prints at most (the store keeps every one's)."""


def variant_role_lines(store: Any, variants: list[Any], names: list[str], runs: int,
                       most: int = MAX_ROLE_VARIANTS) -> list[str]:
    """The sweep's per-role figures: each variant's (the first `most`), from the store."""
    out: list[str] = []
    for v, name in list(zip(variants, names, strict=True))[:most]:
        out += role_lines(store.roles(v.id, v.matches(runs), v.swap_sides), f"per role, {name or v.id}")
    if len(variants) > most:
        out.append(f"  (per role: the first {most} variants; the store's units table has every one's)")
    return out
