"""One battle of a `skirmish simulate --json` record, as a replay (game/lab/replay_files.py): the
record's settings read back field by field (a field of the wrong type or out of range is one
line naming it), the map found, and the battle played again from its seed.

A record names its map by the path simulate was given; the map is looked for there, beside the
record and among the shipped maps, and with the map's digest in the record (`map_facts`, since
issue 31) the one that has it is taken. A tactic's text is in the record since issue 31
(`tactics`); an older record names only its file, which is read again (and the replay says so).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game.lab.replay import SHIPPED_MAPS, ReplayError, matching_map
from game.lab.replay_sources import SpecSource


def whole_index(path: str, what: str, text: str) -> int:
    """An index given on the command line: digits, from 0 (ReplayError: one line)."""
    if not re.fullmatch(r"[0-9]{1,12}", text):
        raise ReplayError(f"{path}: {what} must be a whole number from 0, not {text[:40]!r}")
    return int(text)


def _field(data: dict[str, Any], key: str, kinds: tuple[type, ...], where: str, required: bool = False) -> Any:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join({str: "text", int: "a whole number", bool: "true or false", dict: "a table",
                             list: "a list", float: "a number"}[k] for k in kinds)
        raise ReplayError(f"{where}: {key} must be {names}, not {str(value)[:40]!r}")
    return value


def _choice(data: dict[str, Any], key: str, options: tuple[str, ...], where: str, default: str | None = None) -> str:
    value = _field(data, key, (str,), where, required=default is None) or default
    if value not in options:
        raise ReplayError(f"{where}: {key} is {value!r}, not one of {', '.join(options)}")
    return str(value)


def _whole(data: dict[str, Any], key: str, low: int, high: int, where: str, required: bool = False) -> int | None:
    value = _field(data, key, (int,), where, required)
    if value is not None and not low <= value <= high:
        raise ReplayError(f"{where}: {key} must be from {low:,} to {high:,}, not {value:,}")
    return value


def _find_map(record: Path, name: str, facts: str | None) -> tuple[str, list[str]]:
    """The record's map: as named, beside the record, shipped; the one with the digest `facts`."""
    candidates = [Path(name), record.resolve().parent / Path(name).name, SHIPPED_MAPS / Path(name).name]
    found = [c for c in dict.fromkeys(candidates) if c.is_file()]
    if not found:
        raise ReplayError(f"{record}: map: {name} is not found (looked there, beside the record and in the "
                          "shipped maps)")
    return matching_map(found, facts, "battle")


def _tactic(record: Path, data: dict[str, Any], team: str, notes: list[str]) -> tuple[str, str] | None:
    """The side's tactic as (its file, its text): the text the record keeps, else the file read now."""
    from game.limits import MAX_TACTIC_CHARS
    from game.tactics import TacticError, load_tactic

    where = f"{record}: {team}_tactic"
    name = _field(data, f"{team}_tactic", (str,), str(record))
    kept = _field(data, "tactics", (dict,), str(record)) or {}
    if name is None:
        return None
    entry = kept.get(team)
    if isinstance(entry, dict) and isinstance(entry.get("text"), str) and len(entry["text"]) <= MAX_TACTIC_CHARS:
        return name, entry["text"]
    for path in dict.fromkeys((Path(name), record.resolve().parent / Path(name).name)):
        if path.is_file():
            try:
                text = load_tactic(path).text
            except TacticError as exc:
                raise ReplayError(f"{where}: {exc}") from None
            notes.append(f"the record does not keep {team}'s tactic: it is read from {path} as it is now")
            return name, text
    raise ReplayError(f"{where}: {name} is not found, and the record does not keep its text")


def _weights(record: Path, data: dict[str, Any], team: str) -> tuple[tuple[str, float], ...]:
    import math

    from game.ai.levels import WEIGHTS

    key = f"{team}_weights"
    table = _field(data, key, (dict,), str(record)) or {}
    out = []
    for name, value in table.items():
        if name not in WEIGHTS:
            raise ReplayError(f"{record}: {key}.{name}: not an AI weight ({', '.join(WEIGHTS)})")
        if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value) or abs(value) > 1000:
            raise ReplayError(f"{record}: {key}.{name}: must be a number from -1000 to 1000")
        out.append((name, float(value)))
    return tuple(sorted(out))


def record_source(path: str, data: dict[str, Any], which: str | None) -> SpecSource:
    """Battle `which` (its index, from 0; none: the record's only battle) of the record `data`."""
    from engine.rulesets import RULESETS
    from game.ai import LEVELS
    from game.lab.version import code_version, source_digest
    from game.limits import MAX_ROUNDS_LIMIT, MAX_SEED, MAX_SIZE
    from game.sim import MatchSpec
    from game.squads import squad_problem

    record = Path(path)
    where = str(record)
    battles = _field(data, "battles", (list,), where, required=True)
    if not battles:
        raise ReplayError(f"{where}: battles: the record holds no battle")
    if which is None and len(battles) > 1:
        raise ReplayError(f"{where}: the record holds {len(battles):,} battles: give the index of one "
                          f"(0 to {len(battles) - 1:,})")
    i = 0 if which is None else whole_index(where, "the battle's index", which)
    if i >= len(battles):
        raise ReplayError(f"{where}: no battle {i}: the record holds {len(battles):,}, from 0 to "
                          f"{len(battles) - 1:,}")
    battle = battles[i]
    at = f"{where}: battles[{i}]"
    if not isinstance(battle, dict):
        raise ReplayError(f"{at}: must be a table")
    seed = _whole(battle, "seed", 0, MAX_SEED, at, required=True) or 0
    winner = _choice(battle, "winner", ("blue", "red", "draw"), at)
    rounds = _whole(battle, "rounds", 0, MAX_ROUNDS_LIMIT, at, required=True)
    notes: list[str] = []
    map_path, said = _find_map(record, _field(data, "map", (str,), where, required=True),
                               _field(data, "map_facts", (str,), where))
    notes += said
    played_by = _field(data, "code_version", (str,), where)
    if played_by is not None and source_digest() not in played_by:
        notes.append(f"the battle was played by code {played_by}, this is {code_version()}: a change to the rules "
                     "or the AI plays another battle")
    squads = {}
    for key in ("squad", "blue_squad", "red_squad"):
        squads[key] = _field(data, key, (str,), where)
        problem = squads[key] and squad_problem(squads[key])
        if problem:
            raise ReplayError(f"{where}: {key}: {problem}")
    sees = data.get("ai_sees_all", False)
    if sees not in (False, True, "blue", "red", "both"):
        raise ReplayError(f"{where}: ai_sees_all must be true, false, \"blue\" or \"red\", not {str(sees)[:40]!r}")
    spec = MatchSpec(
        map_path, seed, _choice(data, "blue_ai", LEVELS, where), _choice(data, "red_ai", LEVELS, where),
        squads["squad"] or "default", _whole(data, "size", 1, MAX_SIZE, where), squads["blue_squad"],
        squads["red_squad"], _choice(data, "ruleset", tuple(RULESETS), where),
        bool(_field(data, "fog", (bool,), where)), sees,
        _field(data, "blue_deployment", (str,), where), _field(data, "red_deployment", (str,), where),
        _tactic(record, data, "blue", notes), _tactic(record, data, "red", notes),
        _whole(data, "max_rounds", 1, MAX_ROUNDS_LIMIT, where),
        _weights(record, data, "blue"), _weights(record, data, "red"))
    title = (f"replaying battle {i} of {where} (seed {seed}): {Path(map_path).name}, {spec.ruleset}, "
             f"fog {'on' if spec.fog else 'off'}, {spec.blue_ai} blue against {spec.red_ai} red")
    return spec_source(spec, title, tuple(notes), (winner, rounds or 0))


def spec_source(spec: Any, title: str, notes: tuple[str, ...], expected: tuple[str, int] | None) -> SpecSource:
    """The match `spec` as a replay; a map, squad or tactic that no longer plays is one line."""
    from game.maps import MapError
    from game.squads import SquadError
    from game.tactics import TacticError

    try:
        return SpecSource(spec, title, notes, expected)
    except (MapError, SquadError, TacticError) as exc:
        raise ReplayError(str(exc)) from None
