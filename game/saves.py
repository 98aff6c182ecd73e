"""Saved games: JSON that replays the match.

A match is deterministic (same map, seed, squads and declarations give the same match bit for
bit), so a save holds what went in, not the state: the map path, the seed, the mode and AI
level, the squads as given, and every accepted declaration of every round in the order it was
made (changes included), each action as a small tagged dict. Loading replays them into a new
match and checks that the replay reaches the same event log (a sha256 of its lines).

    save_game(session, path)        # atomic: a temp file in the same directory, then os.replace
    session = load_game(path)       # raises SaveError("PATH: what is wrong"), one line

No pickle, no eval: everything read is checked for its type before use.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.files import BadData, FileProblem, one_line, parse_json, read_bounded, write_atomic
from game.limits import MAX_INT, MAX_PATH_CHARS, MAX_SAVE_BYTES, MAX_SEED
from game.world.actions import (
    ATTACK_MODES,
    MOVE_MODES,
    Action,
    Aim,
    AreaFire,
    Attack,
    FirstAid,
    FullDodge,
    Hold,
    Move,
    Overwatch,
    PickUp,
    Reload,
    Stand,
    Throw,
)

FORMAT = 1
KIND = "skirmish-save"
DEFAULT_NAME = "quick.json"


class SaveError(Exception):
    """A save that cannot be written or read; the message is one line naming the file."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def save_dir() -> Path:
    """Where saves go: $SKIRMISH_SAVE_DIR, else ~/.local/share/skirmish/saves."""
    env = os.environ.get("SKIRMISH_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "skirmish" / "saves"


def default_save_path() -> Path:
    return save_dir() / DEFAULT_NAME


def log_digest(lines: list[str]) -> str:
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
        h.update(b"\n")
    return h.hexdigest()


# --- actions <-> tagged dicts ------------------------------------------------------------------


class _Bad(Exception):
    """A field of the save is wrong (turned into SaveError with the file name)."""


def _path_out(path: Any) -> list[list[int]]:
    return [[int(x), int(y)] for x, y in path]


def action_to_dict(action: Action) -> dict[str, Any]:
    """A small tagged dict for one declaration."""
    if isinstance(action, Hold):
        return {"type": "hold"}
    if isinstance(action, Move):
        return {"type": "move", "path": _path_out(action.path), "mode": action.mode}
    if isinstance(action, Attack):
        return {"type": "attack", "target": action.target, "mode": action.mode,
                "options": dict(action.options), "path": _path_out(action.path)}
    if isinstance(action, AreaFire):
        return {"type": "area_fire", "aim": list(action.aim), "suppressive": action.suppressive}
    if isinstance(action, Throw):
        return {"type": "throw", "weapon": action.weapon, "tile": list(action.tile)}
    if isinstance(action, Reload):
        return {"type": "reload"}
    if isinstance(action, FullDodge):
        return {"type": "full_dodge", "tile": None if action.tile is None else list(action.tile)}
    if isinstance(action, Aim):
        return {"type": "aim", "target": action.target}
    if isinstance(action, Stand):
        return {"type": "stand"}
    if isinstance(action, FirstAid):
        return {"type": "first_aid", "patient": action.patient, "stuns": action.stuns}
    if isinstance(action, PickUp):
        return {"type": "pick_up"}
    if isinstance(action, Overwatch):
        return {"type": "overwatch", "aim": None if action.aim is None else list(action.aim)}
    raise TypeError(f"cannot save action {action!r}")


def _int(v: Any, what: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise _Bad(f"{what} must be an integer, got {json.dumps(v)[:40]}")
    if not low <= v <= high:
        raise _Bad(f"{what} must be from {low:,} to {high:,}, got {v:,}")
    return v


def _str(v: Any, what: str, allowed: tuple[str, ...] | None = None) -> str:
    if not isinstance(v, str):
        raise _Bad(f"{what} must be a string, got {json.dumps(v)[:40]}")
    if allowed is not None and v not in allowed:
        raise _Bad(f"{what} must be one of {', '.join(allowed)}, got {v!r}")
    return v


def _bool(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise _Bad(f"{what} must be true or false, got {json.dumps(v)[:40]}")
    return v


def _dict(v: Any, what: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad(f"{what} must be an object, got {type(v).__name__}")
    return v


def _list(v: Any, what: str) -> list[Any]:
    if not isinstance(v, list):
        raise _Bad(f"{what} must be a list, got {type(v).__name__}")
    return v


def _tile(v: Any, what: str) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        raise _Bad(f"{what} must be a tile [x, y], got {json.dumps(v)[:40]}")
    return (_int(v[0], what + " x"), _int(v[1], what + " y"))


def _tiles(v: Any, what: str) -> tuple[tuple[int, int], ...]:
    return tuple(_tile(t, f"{what}[{i}]") for i, t in enumerate(_list(v, what)))


def _scalars(v: Any, what: str) -> dict[str, Any]:
    """Declaration choices and attack options: flat objects of plain values."""
    out = {}
    for k, x in _dict(v, what).items():
        if isinstance(x, float) and not math.isfinite(x):
            raise _Bad(f"{what}.{k} must be a finite number")
        if isinstance(x, int) and not isinstance(x, bool):
            _int(x, f"{what}.{k}")
        if not (x is None or isinstance(x, str | int | float | bool)):
            raise _Bad(f"{what}.{k} must be a plain value, got {type(x).__name__}")
        out[k] = x
    return out


def action_from_dict(d: Any, what: str = "action") -> Action:
    """The action a tagged dict stands for; _Bad names the field that is wrong."""
    d = _dict(d, what)
    tag = d.get("type")
    readers: dict[str, Callable[[], Action]] = {
        "hold": Hold,
        "move": lambda: Move(_tiles(d.get("path"), what + ".path"), _str(d.get("mode"), what + ".mode", MOVE_MODES)),
        "attack": lambda: Attack(_int(d.get("target"), what + ".target"),
                                 _str(d.get("mode"), what + ".mode", ATTACK_MODES),
                                 _scalars(d.get("options", {}), what + ".options"),
                                 _tiles(d.get("path", []), what + ".path")),
        "area_fire": lambda: AreaFire(_tile(d.get("aim"), what + ".aim"),
                                      _bool(d.get("suppressive", False), what + ".suppressive")),
        "throw": lambda: Throw(_str(d.get("weapon"), what + ".weapon"), _tile(d.get("tile"), what + ".tile")),
        "reload": Reload,
        "full_dodge": lambda: FullDodge(None if d.get("tile") is None else _tile(d.get("tile"), what + ".tile")),
        "aim": lambda: Aim(_int(d.get("target"), what + ".target")),
        "stand": Stand,
        "first_aid": lambda: FirstAid(_int(d.get("patient"), what + ".patient"),
                                      _bool(d.get("stuns", False), what + ".stuns")),
        "pick_up": PickUp,
        "overwatch": lambda: Overwatch(None if d.get("aim") is None else _tile(d.get("aim"), what + ".aim")),
    }
    if not isinstance(tag, str) or tag not in readers:
        raise _Bad(f"{what}: unknown action type {json.dumps(tag)[:40]}")
    return readers[tag]()


# --- saving ----------------------------------------------------------------------------------


def save_data(session: Any) -> dict[str, Any]:
    """The JSON document for a session (a game.session.Session)."""
    from game.squads import map_squads

    cfg = session.config
    m = session.match
    squads = session.squads if session.squads is not None else map_squads(m.grid)
    rounds = []
    for rec in session.history:
        rounds.append({
            "round": rec.round,
            "resolved": rec.resolved,
            "declarations": [{"unit": uid, "action": action_to_dict(a), "choices": dict(ch), "ai": ai}
                             for uid, a, ch, ai in rec.calls],
        })
    return {
        "format": FORMAT,
        "kind": KIND,
        "map": str(Path(cfg.map_path).resolve()),
        "seed": cfg.seed,
        "mode": cfg.mode,
        "ai": cfg.ai,
        "human_team": cfg.human_team,
        "max_rounds": cfg.max_rounds,
        "squads": squads,
        "rounds": rounds,
        "seat": session.seat,
        "done_teams": sorted(session.done_teams),
        "round": m.round,
        "log_length": len(m.log),
        "log_sha256": log_digest(m.log.lines()),
    }


def save_game(session: Any, path: str | os.PathLike[str]) -> Path:
    """Write the save atomically: PATH.tmp beside it, then os.replace. On any failure the
    previous save is untouched, no temporary file is left, and SaveError says why in one
    line (the game shows it and the match goes on)."""
    path = Path(path)
    try:
        text = json.dumps(save_data(session), indent=1) + "\n"
        path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_temporaries(path)
        write_atomic(path, text.encode("utf-8"))
    except FileProblem as exc:
        raise SaveError(f"{path}: cannot save: {exc.message}") from exc
    except (OSError, TypeError, ValueError) as exc:
        raise SaveError(f"{path}: cannot save: {_one_line(exc)}") from exc
    return path


STALE_SECONDS = 600


def _remove_stale_temporaries(path: Path) -> None:
    """Remove what saves killed half-way left beside ``path`` before saves used the one name
    PATH.tmp (which the next save replaces): PATH.XXXXXXXX.tmp, ten minutes old or more."""
    pattern = re.compile(re.escape(path.name) + r"\.[A-Za-z0-9_]{8}\.tmp")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in names:
        if pattern.fullmatch(name):
            old = path.parent / name
            try:
                if old.is_file() and time.time() - old.stat().st_mtime > STALE_SECONDS:
                    old.unlink()
            except OSError:
                pass


def _one_line(exc: BaseException) -> str:
    return one_line(str(exc).strip() or type(exc).__name__, 200)


# --- loading ---------------------------------------------------------------------------------


def read_save(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The save's JSON, checked for its shape (not yet replayed)."""
    path = Path(path)
    try:
        raw = read_bounded(path, MAX_SAVE_BYTES)
    except FileProblem as exc:
        raise SaveError(f"{path}: no such save" if exc.missing else str(exc)) from None
    try:
        data = parse_json(raw)
    except BadData as exc:
        raise SaveError(f"{path}: not a valid save ({exc})") from None
    try:
        _check_shape(data)
    except _Bad as exc:
        raise SaveError(f"{path}: {exc}") from exc
    return data


def _check_shape(data: Any) -> None:
    data = _dict(data, "the save")
    if data.get("kind") != KIND:
        raise _Bad(f"not a skirmish save (kind {json.dumps(data.get('kind'))[:40]})")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise _Bad(f"save format {json.dumps(fmt)[:20]} is not supported (this game reads format {FORMAT})")
    if len(_str(data.get("map"), "map")) > MAX_PATH_CHARS:
        raise _Bad(f"map must be a path of at most {MAX_PATH_CHARS} characters")
    _int(data.get("seed"), "seed", 0, MAX_SEED)
    from game.maps.loader import MAX_ROUNDS_LIMIT
    from game.session import MODES
    from game.squads import spec_problem

    _str(data.get("mode"), "mode", MODES)
    _str(data.get("ai"), "ai")
    _str(data.get("human_team"), "human_team")
    if data.get("max_rounds") is not None:
        _int(data.get("max_rounds"), "max_rounds", 1, MAX_ROUNDS_LIMIT)
    squads = _dict(data.get("squads"), "squads")
    for team, specs in squads.items():
        for i, spec in enumerate(_list(specs, f"squads.{team}")):
            problem = spec_problem(spec)
            if problem is not None:
                raise _Bad(f"squads.{team}[{i}].{problem}")
    for i, rnd in enumerate(_list(data.get("rounds"), "rounds")):
        where = f"rounds[{i}]"
        rnd = _dict(rnd, where)
        _int(rnd.get("round"), where + ".round", 1, MAX_ROUNDS_LIMIT)
        _bool(rnd.get("resolved"), where + ".resolved")
        for j, d in enumerate(_list(rnd.get("declarations"), where + ".declarations")):
            w = f"{where}.declarations[{j}]"
            d = _dict(d, w)
            _int(d.get("unit"), w + ".unit")
            action_from_dict(d.get("action"), w + ".action")
            _scalars(d.get("choices", {}), w + ".choices")
            _bool(d.get("ai", False), w + ".ai")
    if data.get("seat") is not None:
        _str(data.get("seat"), "seat")
    for i, t in enumerate(_list(data.get("done_teams", []), "done_teams")):
        _str(t, f"done_teams[{i}]")
    _int(data.get("log_length"), "log_length", 0)
    digest = _str(data.get("log_sha256"), "log_sha256")
    if len(digest) != 64:
        raise _Bad("log_sha256 must be a sha256 hex digest")


def load_game(path: str | os.PathLike[str]) -> Any:
    """Replay a save into a new Session (game.session); SaveError when it cannot be read or
    the replay does not reach the saved state."""
    from game.maps import MapError, load_map
    from game.session import Session, SessionConfig
    from game.squads import SquadError, check_squads
    from game.world.match import Match

    path = Path(path)
    data = read_save(path)
    cfg = SessionConfig(data["map"], data["mode"], data["ai"], data["seed"], data.get("max_rounds"),
                        data["human_team"])
    try:
        grid = load_map(cfg.map_path)
        squads = data["squads"]
        check_squads(grid, squads)
    except (MapError, SquadError, OSError, ValueError, KeyError, TypeError) as exc:
        raise SaveError(f"{path}: the map no longer loads: {_one_line(exc)}") from exc
    try:
        match = Match(grid, squads, seed=cfg.seed, max_rounds=cfg.max_rounds)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"{path}: the squads do not make a match: {_one_line(exc)}") from exc
    try:
        session = Session(match, cfg, start=False)
    except ValueError as exc:
        match.close()
        raise SaveError(f"{path}: {_one_line(exc)}") from exc
    session.squads = squads
    try:
        _replay(session, data)
    except _Bad as exc:
        match.close()
        raise SaveError(f"{path}: the replay does not match the save: {exc}") from exc
    except Exception as exc:  # a rules-core error on strange input is still a bad save
        match.close()
        raise SaveError(f"{path}: the replay failed: {type(exc).__name__}: {_one_line(exc)}") from exc
    lines = match.log.lines()
    if len(lines) != data["log_length"] or log_digest(lines) != data["log_sha256"]:
        match.close()
        raise SaveError(f"{path}: the replay does not reach the saved state (log of {len(lines)} lines, "
                        f"saved {data['log_length']}): the map, rules or catalogue changed since")
    return session


def _replay(session: Any, data: dict[str, Any]) -> None:
    from engine.turn import Question
    from game.session import RoundRecord
    from game.world.actions import Impossible

    m = session.match
    rounds = data["rounds"]
    for i, rnd in enumerate(rounds):
        if m.over:
            raise _Bad(f"round {rnd['round']}: the match was already over")
        queue = session.flow.start_round()
        if m.round != rnd["round"]:
            raise _Bad(f"rounds[{i}] is round {rnd['round']}, the replay is at round {m.round}")
        rec = RoundRecord(m.round)
        session.history.append(rec)
        session.queue = queue
        for j, d in enumerate(rnd["declarations"]):
            uid = d["unit"]
            if uid not in m.uids():
                raise _Bad(f"round {m.round}: no unit {uid}")
            action = action_from_dict(d["action"])
            choices = _scalars(d.get("choices", {}), "choices")
            by_ai = d.get("ai", False)
            team = session.team_of(uid)
            if by_ai and team in session.ais:
                session.flow.ask(Question(uid, "declare"))  # the AI's random state follows the original
            out = m.declare(uid, action, **dict(choices))
            if isinstance(out, Impossible):
                raise _Bad(f"round {m.round}, declaration {j} ({m.name(uid)}): {out.reason}")
            rec.declarations[:] = [x for x in rec.declarations if x[0] != uid]
            rec.declarations.append((uid, action, choices))
            rec.calls.append((uid, action, choices, by_ai))
        if rnd["resolved"]:
            if m.declaring() is not None:
                raise _Bad(f"round {m.round}: resolved in the save but {m.name(m.declaring())} has not declared")
            session.flow.resolve_round()
            rec.resolved = True
        elif i != len(rounds) - 1:
            raise _Bad(f"round {m.round} is unresolved but is not the last round")
    last_resolved = not rounds or rounds[-1]["resolved"]
    session.needs_round = last_resolved and not m.over
    session.seat = data.get("seat")
    session.done_teams = set(data.get("done_teams", [])) if not last_resolved else set()
    if not last_resolved:
        session.advance()
