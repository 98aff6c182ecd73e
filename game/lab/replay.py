"""`skirmish replay STORE VARIANT INDEX` (issue 31): one stored match of a sweep, opened in the
window as a watched battle with every setting it was played with (map, ruleset, fog, size and
squads, AI levels and weights, deployments, tactics, max rounds, the sides swapped).

The variant is rebuilt from the canonical form the store keeps, and rebuilt exactly: its id
must come out as the stored one. The map is looked for beside the store, beside the sweep's
plan and among the shipped maps, and the one whose digest is the stored one is taken; when
none has it, or the match was played by other code, the replay says so before it opens.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.lab.variant import Variant, map_digest
from game.lab.version import code_version, source_digest
from game.sim import MatchSpec

SHIPPED_MAPS = Path(__file__).resolve().parents[2] / "maps"


class ReplayError(ValueError):
    """A stored match that cannot be opened: `str()` is the one line to show."""


@dataclass(frozen=True)
class StoredMatch:
    variant: Variant
    index: int
    seed: int
    code_version: str
    notes: tuple[str, ...]  # what differs from when it was played (the map, the code)
    expected: tuple[str, int] | None = None  # the stored winner (by colour) and rounds

    @property
    def spec(self) -> MatchSpec:
        return self.variant.spec(self.index)


def _side(form: dict[str, Any], team: str) -> dict[str, Any]:
    side = form.get(team) or {}
    return side if isinstance(side, dict) else {}


def _variant(row: sqlite3.Row, map_path: str) -> Variant:
    form = json.loads(row["canonical"])
    blue, red = _side(form, "blue"), _side(form, "red")
    places = tuple((team, side["deployment"]["places"]) for team, side in (("blue", blue), ("red", red))
                   if side.get("deployment"))
    return Variant(
        map_path, row["map"], row["map_facts"], row["ruleset"], bool(row["fog"]), row["size"], row["blue_ai"],
        row["blue_squad"], row["red_ai"], row["red_squad"], row["seed"], form.get("pairing", "none"),
        bool(form.get("swap_sides", False)),
        (blue.get("deployment") or {}).get("name"), (red.get("deployment") or {}).get("name"), places,
        (blue["tactic"]["file"], blue["tactic"]["text"]) if blue.get("tactic") else None,
        (red["tactic"]["file"], red["tactic"]["text"]) if red.get("tactic") else None,
        form.get("max_rounds"),
        tuple(sorted((k, float(x)) for k, x in (blue.get("ai_weights") or {}).items())),
        tuple(sorted((k, float(x)) for k, x in (red.get("ai_weights") or {}).items())))


def matching_map(found: list[Path], facts: str | None, played: str) -> tuple[str, list[str]]:
    """Of the map files `found` (in the order looked at; at least one), the one whose digest is
    `facts`; else the first, with the note that it has changed since the `played` was played
    (a match, a battle). No digest kept: the first."""
    from game.maps import MapError, load_map

    if facts is not None:
        for path in found:
            try:
                if map_digest(load_map(path)) == facts:
                    return str(path), []
            except MapError:
                continue
        return str(found[0]), [f"the map {found[0]} has changed since the {played} was played (its digest differs): "
                               "the battle will not be the same"]
    return str(found[0]), []


def _find_map(store: Path, plan: str | None, name: str, facts: str) -> tuple[str, list[str]]:
    """The map file whose digest is `facts`: beside the store, beside the plan, shipped."""
    folders = [store.resolve().parent]
    if plan:
        folders.append(Path(plan).resolve().parent)
    folders.append(SHIPPED_MAPS)
    found = [f / name for f in dict.fromkeys(folders) if (f / name).is_file()]
    if not found:
        raise ReplayError(f"{store}: the map {name} is not found (looked beside the store, beside the plan "
                          "and in the shipped maps)")
    return matching_map(found, facts, "match")


def stored_match(store: str | Path, which: str, index: int) -> StoredMatch:
    """Match `index` of the variant `which` (its id, or the start of it) in the store."""
    store = Path(store)
    if not store.is_file():
        raise ReplayError(f"{store}: no such results store")
    try:
        db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise ReplayError(f"{store}: cannot open it: {exc}") from None
    db.row_factory = sqlite3.Row
    try:
        rows = db.execute("SELECT * FROM variants WHERE variant LIKE ? ORDER BY variant",
                          (which.strip().lower() + "%",)).fetchall()
        if len(rows) != 1:
            raise ReplayError(f"{store}: {which!r} names {'no' if not rows else 'more than one'} variant "
                              "(give its id, as the sweep's table and `SELECT variant FROM variants` show)")
        row = rows[0]
        match = db.execute("SELECT m.seed, m.code_version, m.winner, m.rounds, s.plan FROM matches m LEFT JOIN sweeps s ON s.id = m.sweep "
                           "WHERE m.variant = ? AND m.idx = ?", (row["variant"], index)).fetchone()
        if match is None:
            count = db.execute("SELECT COUNT(*) FROM matches WHERE variant = ?", (row["variant"],)).fetchone()[0]
            raise ReplayError(f"{store}: variant {row['variant']} has no match {index} ({count} stored, "
                              f"from 0)")
    except sqlite3.Error as exc:
        raise ReplayError(f"{store}: not a results store this skirmish can read ({exc})") from None
    finally:
        db.close()
    map_path, notes = _find_map(store, match["plan"], row["map"], row["map_facts"])
    variant = _variant(row, map_path)
    if variant.id != row["variant"]:
        raise ReplayError(f"{store}: variant {row['variant']} is stored in a form this skirmish does not rebuild "
                          "exactly (made by another version)")
    if variant.match_seed(index) != match["seed"]:
        raise ReplayError(f"{store}: match {index} of {row['variant']} has seed {match['seed']}, not the one its "
                          "variant derives: the store was changed by hand")
    if source_digest() not in str(match["code_version"]):  # "skirmish 0.1.0 src DIGEST (git ...)"
        notes.append(f"the match was played by code {match['code_version']}, this is {code_version()}: "
                     "a change to the rules or the AI plays another battle")
    return StoredMatch(variant, index, match["seed"], match["code_version"], tuple(notes),
                       (match["winner"], match["rounds"]))


def replay_session(stored: StoredMatch) -> Any:
    """A watched session that plays the stored match as the sweep played it."""
    from game.lab.replay_sources import watch_session

    return watch_session(stored.spec)
