"""Deployments: alternative starting places on a map (issue 30).

An object layer named ``deploy NAME`` (``deploy flank``) holds unit objects with the units
layer's schema. Such layers are read even when hidden in Tiled (authors hide the
alternatives) and never for the default placement. Choosing deployment NAME for a side places
that side's units there instead: the map's own units by name; a squad whose names the layer
does not hold (a template squad, or `size`) takes the layer's places in order, and the rest
go to the spawn zone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from game.maps.grid import TEAMS, UnitSpawn

DEPLOY_PREFIX = "deploy "
MAX_DEPLOYMENT_NAME = 40


class DeploymentError(ValueError):
    """A deployment that cannot be used for a match (one line naming the map and the name)."""


@dataclass(frozen=True)
class Deployment:
    """A named deployment's unit places, in document order."""

    name: str
    units: tuple[UnitSpawn, ...]

    def of(self, team: str) -> list[UnitSpawn]:
        return [u for u in self.units if u.team == team]


def deployment_name(layer_name: str | None) -> str | None:
    """NAME for a layer called ``deploy NAME`` (any case), else None."""
    text = " ".join(str(layer_name or "").split())
    if not text.lower().startswith(DEPLOY_PREFIX):
        return None
    return text[len(DEPLOY_PREFIX):].strip().lower() or None


def read_deployments(groups: Sequence[Any], read_units: Callable[[Any], list[UnitSpawn]],
                     fail: Callable[[str, str], NoReturn]) -> list[Deployment]:
    """Each ``deploy NAME`` layer among `groups` (shown or hidden), its units read and checked
    by `read_units` as the units layer's are."""
    out: list[Deployment] = []
    for group in groups:
        name = deployment_name(group.name)
        if name is None:
            continue
        if any(d.name == name for d in out):
            fail(f"layer '{group.name}'", f"a second deployment named {name!r}")
        units = read_units(group)
        if not units:
            fail(f"layer '{group.name}'", "a deployment layer holds no unit objects")
        out.append(Deployment(name, tuple(units)))
    return out


def describe(d: Deployment) -> str:
    """One line for check-map."""
    counts = ", ".join(f"{team} {len(d.of(team))}" for team in TEAMS if d.of(team))
    return f"deploy {d.name}: {counts or 'no units'}"


def find(deployments: Sequence[Deployment], name: str, path: str) -> Deployment:
    for d in deployments:
        if d.name == name.strip().lower():
            return d
    known = ", ".join(d.name for d in deployments) or "none: add an object layer named 'deploy NAME'"
    raise DeploymentError(f"{path}: deployment {name!r} is not on the map (deployments: {known})")


def deploy(deployments: Sequence[Deployment], path: str, team: str, name: str,
           specs: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """`team`'s unit specs placed by deployment `name`: by name where the layer names the
    side's units, else the layer's places in order; the rest go to the spawn zone. One-line
    DeploymentError if the map has no such deployment or it holds no unit of `team`."""
    d = find(deployments, name, path)
    places = d.of(team)
    if not places:
        raise DeploymentError(f"{path}: deployment {d.name!r} places no {team} unit")
    by_name = {str(u.name): u for u in places if u.name}
    named = any(spec.get("name") in by_name for spec in specs)
    out = []
    for i, spec in enumerate(specs):
        spec = {k: v for k, v in spec.items() if k not in ("x", "y")}
        place = by_name.get(str(spec.get("name"))) if named else (places[i] if i < len(places) else None)
        if place is not None:
            spec["x"], spec["y"] = place.x, place.y
        out.append(spec)
    return out
