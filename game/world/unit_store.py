"""The units of a match as components in its esper world, and the read-only views the AI, the
UI and the tests share, built from them and cached. This is the one way to a unit's
components: read them with `component` or `try_component`; change them with `write`, `put`
or `drop`, which forget the views that depend on what they change (esper gives no change
signal). `Match` (game/world/match.py) is a `UnitStore`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

import esper

from engine.ruleset import Ruleset
from game.world.components import Ammo, Combatant, Grenades, Initiative, Position, Posture, Unit

Tile = tuple[int, int]
C = TypeVar("C")
# The components a unit's view is built from: writing one forgets the view (UnitStore._forget).
_VIEWED: frozenset[type] = frozenset({Unit, Position, Combatant, Initiative, Posture, Ammo, Grenades})


@dataclass(frozen=True)
class UnitView:
    """A read-only snapshot of a unit for the AI, the UI and tests."""

    uid: int
    name: str
    team: str
    pos: Tile
    combatant: Any
    state: Any
    initiative: int
    stance: str
    ammo: Ammo | None
    grenades: tuple[str, ...]
    out: bool

def _first(pair: tuple[int, Any]) -> int:
    return pair[0]


class UnitStore:
    """A match's units: their components in the esper world `world`, and the views of them."""

    def __init__(self, world: str, rules: Ruleset) -> None:
        self.world = world
        self.rules = rules
        self._entities: dict[int, int] = {}  # uid -> esper entity
        self._uid_of: dict[int, int] = {}  # esper entity -> uid (set once the units are placed)
        self._uids: tuple[int, ...] = ()  # every uid, in order (set once the units are placed)
        self._gone: dict[int, str] = {}  # units that left the map, by the exit's name
        # The views are cached; `write`, `put` and `drop` forget what depended on a component
        # (the ammunition in a view is the live component).
        self._views: dict[int, UnitView] = {}
        self._roster: list[UnitView] | None = None  # every unit's view, in uid order
        self.view_changes = 0  # how many times a unit's view changed: a cache of views compares it
        self._subsets: dict[tuple, list[UnitView]] = {}  # parts of the roster asked for (_subset)
        self._by_tile: dict[Tile, list[UnitView]] | None = None  # the living by tile, in uid order

    # --- components: the one way to them (what depends on a component is kept true here) ---

    def use_world(self) -> None:
        """Make this match's esper world the current one (esper keeps one current world)."""
        if esper.current_world != self.world:
            esper.switch_world(self.world)

    def has_unit(self, uid: int | None) -> TypeGuard[int]:
        """Is `uid` one of this match's units (on the map or not)?"""
        return uid in self._entities

    def component(self, uid: int, kind: type[C]) -> C:
        """`uid`'s component of `kind` (it must have one). Read it; change it through
        `write`, `put` or `drop`."""
        if esper.current_world != self.world:  # `use_world`, inline: the AI asks this 100,000s of times a match
            esper.switch_world(self.world)
        return esper.component_for_entity(self._entities[uid], kind)

    def try_component(self, uid: int, kind: type[C]) -> C | None:
        """`uid`'s component of `kind`, or None when it has none."""
        if esper.current_world != self.world:  # `use_world`, inline (as in `component`)
            esper.switch_world(self.world)
        return esper.try_component(self._entities[uid], kind)

    def has_component(self, uid: int, kind: type) -> bool:
        self.use_world()
        return esper.has_component(self._entities[uid], kind)

    def having(self, kind: type[C]) -> list[tuple[int, C]]:
        """The units that have a component of `kind`, in uid order, each with it (esper's
        `get_component`: the world's query for them)."""
        self.use_world()
        uid_of = self._uid_of
        return sorted(((uid_of[ent], comp) for ent, comp in esper.get_component(kind) if ent in uid_of),
                      key=_first)

    def having_all(self, *kinds: type) -> list[tuple[int, tuple[Any, ...]]]:
        """The units that have a component of each of `kinds`, in uid order, each with them in
        that order (esper's `get_components`)."""
        self.use_world()
        uid_of = self._uid_of
        rows: list[tuple[int, Any]] = esper.get_components(*kinds)
        return sorted(((uid_of[ent], tuple(comps)) for ent, comps in rows if ent in uid_of), key=_first)

    def write(self, uid: int, kind: type[C], **fields: Any) -> C:
        """Set `fields` on `uid`'s component of `kind` (say `write(uid, Posture, stance="prone")`)
        and forget what depended on it. Returns the component."""
        comp = self.component(uid, kind)
        for name, value in fields.items():
            setattr(comp, name, value)
        self._forget(uid, kind)
        return comp

    def put(self, uid: int, comp: Any) -> None:
        """Give `uid` the component `comp` (replacing one of its kind) and forget what depended on it."""
        self.use_world()
        esper.add_component(self._entities[uid], comp)
        self._forget(uid, type(comp))

    def drop(self, uid: int, kind: type) -> None:
        """Take `uid`'s component of `kind` away (it must have one) and forget what depended on it."""
        self.use_world()
        esper.remove_component(self._entities[uid], kind)
        self._forget(uid, kind)

    def changed(self, uid: int, kind: type) -> None:
        """`uid`'s component of `kind` was changed in place (a list in it, several fields at
        once): forget what depended on it."""
        self._forget(uid, kind)

    def _forget(self, uid: int, kind: type) -> None:
        if kind in _VIEWED:
            self._changed(uid)

    def name(self, uid: int) -> str:
        return self.component(uid, Unit).name

    def uids(self) -> list[int]:
        return list(self._uids)

    def view(self, uid: int) -> UnitView:
        v = self._views.get(uid)
        if v is None:
            v = self._views[uid] = self._build_view(uid)
        return v

    def roster(self) -> list[UnitView]:
        """Every unit's view on the map, in uid order: the same list until any unit's view
        changes (a cache can compare it by identity). Read only."""
        self._subset((None, False), lambda v: True)
        assert self._roster is not None
        return self._roster

    def _changed(self, uid: int) -> None:
        """Forget `uid`'s cached view: its state, place, stance or grenades changed."""
        self._views.pop(uid, None)
        self._roster = None
        self._by_tile = None
        self.view_changes += 1

    def _build_view(self, uid: int) -> UnitView:
        self.use_world()
        ent = self._entities[uid]
        u = esper.component_for_entity(ent, Unit)
        p = esper.component_for_entity(ent, Position)
        c = esper.component_for_entity(ent, Combatant)
        return UnitView(
            uid, u.name, u.team, p.tile, c.combatant, c.state,
            self.rules.initiative_now(esper.component_for_entity(ent, Initiative).value, c.state),
            esper.component_for_entity(ent, Posture).stance,
            esper.try_component(ent, Ammo), tuple(esper.component_for_entity(ent, Grenades).weapon_ids),
            self.rules.out_of_fight(c.state) or uid in self._gone,
        )

    def _subset(self, key: tuple, keep: Callable[[UnitView], bool]) -> list[UnitView]:
        """The views `keep` keeps, in uid order, remembered with the roster (a view never
        changes: a changed unit gets a new one, and the roster is built again)."""
        views = self._roster
        if views is None:
            known, gone = self._views.get, self._gone
            views = self._roster = [known(uid) or self.view(uid) for uid in self._uids if uid not in gone]
            self._subsets = {}
        hit = self._subsets.get(key)
        if hit is None:
            hit = self._subsets[key] = [v for v in views if keep(v)]
        return hit

    def units(self, team: str | None = None, living: bool = False) -> list[UnitView]:
        return list(self._subset((team, living), lambda v: (team is None or v.team == team) and (not living or not v.out)))

    def living_at(self, tile: Tile) -> list[UnitView]:
        """The living units on `tile`, in uid order (an index by tile, kept with the views)."""
        index = self._by_tile
        if index is None:
            index = self._by_tile = {}
            for v in self.units(living=True):
                index.setdefault(v.pos, []).append(v)
        return index.get(tile, [])

    def enemies_of(self, uid: int, living: bool = True) -> list[UnitView]:
        team = self.view(uid).team
        return list(self._subset(("not", team, living), lambda v: v.team != team and (not living or not v.out)))

    def occupied(self, except_uid: int | None = None) -> set[Tile]:
        """Tiles standing units hold (the fallen can be stepped over)."""
        return {v.pos for v in self._subset((None, True), lambda v: not v.out) if v.uid != except_uid}
