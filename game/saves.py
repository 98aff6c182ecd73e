"""Saved games: JSON that replays the match.

A match is deterministic (same map, seed, squads and declarations give the same match bit for
bit), so a save holds what went in, not the state: the map path, the seed, the mode and AI
level, the squads as given, and every accepted declaration of every round in the order it was
made (changes included), each action as a small tagged dict. Loading replays them into a new
match and checks that the replay reaches the same event log (a sha256 of its lines).

    save_game(session, path)        # atomic: PATH.tmp beside it, then os.replace
    session = load_game(path)       # raises SaveError("PATH: what is wrong"), one line

A save still loads after the project folder (or the save) moves: it names the map three ways
(the absolute path it had, the path relative to the save, the file name in the shipped `maps/`)
with the sha256 of the map file, and loading takes the first of those whose content is the
one saved (`locate_map`).

No pickle, no eval: a save is read like a map (a regular file, its size checked before a byte
is read, never a FIFO or a device), parsed by game.files.parse_json (finite numbers, bounded
integers and nesting), and every field is checked for its type and range (game.saveformat)
before use.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from pathlib import Path
from typing import Any

from game.files import BadData, FileProblem, one_line, parse_json, read_bounded, write_atomic
from game.limits import MAX_SAVE_BYTES
from game.saveformat import (
    FORMAT,
    KIND,
    BadField,
    action_from_dict,
    action_to_dict,
    check_shape,
    scalars,
)
from game.session import RoundRecord, Session, SessionConfig
from game.version import code_version

__all__ = ["FORMAT", "KIND", "SaveError", "action_from_dict", "action_to_dict", "load_game", "locate_map",
           "read_save", "replay_data", "save_game"]

DEFAULT_NAME = "quick.json"
MAPS_DIR = Path(__file__).resolve().parent.parent / "maps"
"""The shipped maps: a save whose map moved with the project finds it here by name."""
MAX_MAP_BYTES = 64 * 1024 * 1024


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


# --- saving ----------------------------------------------------------------------------------


def save_data(session: Any) -> dict[str, Any]:
    """The JSON document for a session (a game.session.Session)."""
    from game.squads import map_squads

    cfg = getattr(session, "played_config", None) or session.config  # a replayed save: as it was played
    m = session.match
    squads = session.squads if session.squads is not None else map_squads(m.grid)
    rounds = []
    for rec in session.history:
        rounds.append({
            "round": rec.round,
            "resolved": rec.resolved,
            "declarations": [{"unit": uid, "action": action_to_dict(a), "choices": dict(ch), "ai": ai}
                             for uid, a, ch, ai in rec.calls],
            "answers": [{"unit": uid, "kind": kind, "answer": answer_to_json(kind, ans)}
                        for uid, kind, ans in rec.answers],
        })
    map_path = Path(cfg.map_path).resolve()
    out = {
        "format": FORMAT,
        "kind": KIND,
        "map": str(map_path),
        "map_name": map_path.name,
        "seed": cfg.seed,
        "mode": cfg.mode,
        "ai": cfg.ai,
        "ruleset": m.rules.name,
        "human_team": cfg.human_team,
        "max_rounds": cfg.max_rounds,
        "squads": squads,
        "rounds": rounds,
        "seat": session.seat,
        "done_teams": sorted(session.done_teams),
        "round": m.round,
        "log_length": len(m.log),
        "log_sha256": log_digest(m.log.lines()),
        "code_version": code_version(),  # `skirmish replay SAVE` says when another code saved it
    }
    if hasattr(m.rules, "ask_after_failed") and not m.rules.ask_after_failed:
        out["reaction_asking"] = "when it matters"  # (Mythras, issue 32; absent: asked after a failed attack too)
    digest = map_digest(map_path)
    if digest is not None:
        out["map_sha256"] = digest
    ais = {t: level for t, level in getattr(cfg, "ais", {}).items() if level and level != cfg.ai}
    if ais:
        out["ais"] = ais
    out["fog"] = bool(m.fog)  # saves from before fog of war have none: they load with fog off
    if cfg.ai_sees_all:
        out["ai_sees_all"] = True
    if cfg.tactics:  # the text itself: a replay is exact after the file changes
        out["tactics"] = {t: {"path": p, "text": text} for t, (p, text) in sorted(cfg.tactics.items())}
    return out


def map_digest(path: str | os.PathLike[str]) -> str | None:
    """The sha256 of a map file's bytes (None when it cannot be read)."""
    try:
        return hashlib.sha256(read_bounded(path, MAX_MAP_BYTES)).hexdigest()
    except (FileProblem, OSError):
        return None


def save_game(session: Any, path: str | os.PathLike[str]) -> Path:
    """Write the save atomically: PATH.tmp beside it, then os.replace. On any failure the
    previous save is untouched, no temporary file is left, and SaveError says why in one
    line (the game shows it and the match goes on)."""
    path = Path(path)
    try:
        data = save_data(session)
        try:
            data["map_rel"] = os.path.relpath(data["map"], path.parent.resolve())
        except ValueError:  # another drive: the absolute path and the name remain
            pass
        text = json.dumps(data, indent=1) + "\n"
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
        check_shape(data)
    except BadField as exc:
        raise SaveError(f"{path}: {exc}") from exc
    return data


def locate_map(data: dict[str, Any], save_path: str | os.PathLike[str] | None = None) -> str:
    """The map a save was played on: the first of its absolute path, its path relative to
    the save's folder and its name in the shipped maps/ that exists and (when the save holds
    the map's sha256) has the content saved. SaveError says where it looked."""
    names = [data["map"]]
    if save_path is not None and data.get("map_rel"):
        names.append(os.path.normpath(Path(save_path).resolve().parent / data["map_rel"]))
    name = data.get("map_name") or Path(data["map"]).name
    names.append(str(MAPS_DIR / name))
    want = data.get("map_sha256")
    found = []
    for candidate in dict.fromkeys(names):
        if not Path(candidate).is_file():
            continue
        if want is None:
            return candidate
        found.append(candidate)
        if map_digest(candidate) == want:
            return candidate
    where = str(save_path) if save_path is not None else "the save"
    if found:
        raise SaveError(f"{where}: the map {found[0]} is not the one this game was played on (its content "
                        "changed since the save)")
    raise SaveError(f"{where}: the map is not found: looked for {', '.join(dict.fromkeys(names))}")


def load_game(path: str | os.PathLike[str]) -> Any:
    """Replay a save into a new Session (game.session); SaveError when it cannot be read or
    the replay does not reach the saved state."""
    path = Path(path)
    data = read_save(path)
    session = replay_data(data, str(path), locate_map(data, path))
    match = session.match
    lines = match.log.lines()
    if len(lines) != data["log_length"] or log_digest(lines) != data["log_sha256"]:
        match.close()
        raise SaveError(f"{path}: the replay does not reach the saved state (log of {len(lines)} lines, "
                        f"saved {data['log_length']}): the map, rules or catalogue changed since")
    return session


def replay_data(data: dict[str, Any], where: str = "the save", map_path: str | None = None,
                grid: Any = None, session_type: type[Session] = Session) -> Any:
    """A new Session (of `session_type`) replayed from a save's data (checked by `check_shape`),
    on `map_path` (default: the path the data names) or an already loaded `grid`; SaveError,
    naming `where`, when it cannot be replayed. Undo (game.session) and the replay's rounds
    (game/lab/replay_sources.py) replay this way too."""
    from engine.rulesets import make_ruleset
    from game.maps import MapError, load_map
    from game.squads import SquadError, check_squads
    from game.world.match import Match

    cfg = SessionConfig(map_path or data["map"], data["mode"], data["ai"], data["seed"], data.get("max_rounds"),
                        data["human_team"], ruleset=data.get("ruleset", "yags"),  # saves from before name no ruleset: Yags
                        ais=dict(data.get("ais", {})), fog=bool(data.get("fog", False)),
                        ai_sees_all=bool(data.get("ai_sees_all", False)),
                        tactics={t: (d["path"], d["text"]) for t, d in data.get("tactics", {}).items()})
    rules = make_ruleset(cfg.ruleset or "yags")
    if data.get("reaction_asking") != "when it matters" and hasattr(rules, "ask_after_failed"):
        # a Mythras save from before issue 32 was asked its reaction after a failed attack too:
        # it replays (and plays on) as it was asked, its answers in step with the questions
        rules.ask_after_failed = True
    try:
        if grid is None:
            grid = load_map(cfg.map_path)
        squads = data["squads"]
        check_squads(grid, squads, rules)
    except (MapError, SquadError, OSError, ValueError, KeyError, TypeError) as exc:
        raise SaveError(f"{where}: the map no longer loads: {_one_line(exc)}") from exc
    try:
        match = Match(grid, squads, seed=cfg.seed, max_rounds=cfg.max_rounds, ruleset=rules, fog=bool(cfg.fog))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"{where}: the squads do not make a match: {_one_line(exc)}") from exc
    try:
        session = session_type(match, cfg, start=False)
    except ValueError as exc:
        match.close()
        raise SaveError(f"{where}: {_one_line(exc)}") from exc
    session.squads = squads
    try:
        _replay(session, data)
    except BadField as exc:
        match.close()
        raise SaveError(f"{where}: the replay does not match the save: {exc}") from exc
    except Exception as exc:  # a rules-core error on strange input is still a bad save
        match.close()
        raise SaveError(f"{where}: the replay failed: {type(exc).__name__}: {_one_line(exc)}") from exc
    return session


def _feed(session: Any, rec: Any, answers: Any) -> None:
    """Give the flow the saved answers to the questions it asks a player, in order."""
    flow = session.flow
    while flow.pending is not None:
        q = flow.pending
        saved = next(answers, None)
        if saved is None:
            session.question = q
            return
        if saved["unit"] != q.uid or saved["kind"] != q.kind:
            raise BadField(f"round {session.match.round}: the save answers a {saved['kind']} question of unit "
                           f"{saved['unit']}, the replay asks a {q.kind} question of unit {q.uid}")
        value = answer_from_json(q.kind, saved["answer"])
        rec.answers.append((q.uid, q.kind, value))
        flow.answer(value)


def answer_to_json(kind: str, answer: Any) -> Any:
    """A player's answer as JSON: a turn's action as a tagged dict with its choices."""
    if kind in ("act", "declare"):
        action, choices = answer
        return {"action": action_to_dict(action), "choices": dict(choices)}
    return list(answer) if isinstance(answer, tuple | list) else answer


def answer_from_json(kind: str, data: Any) -> Any:
    if kind in ("act", "declare"):
        return (action_from_dict(data.get("action")), scalars(data.get("choices", {}), "choices"))
    if kind == "effects":
        return tuple(str(k) for k in data)
    return str(data)


def _replay(session: Any, data: dict[str, Any]) -> None:
    from engine.outcome import Impossible
    from engine.turn import Question

    m = session.match
    rounds = data["rounds"]
    for i, rnd in enumerate(rounds):
        if m.over:
            raise BadField(f"round {rnd['round']}: the match was already over")
        queue = session.flow.start_round()
        if m.round != rnd["round"]:
            raise BadField(f"rounds[{i}] is round {rnd['round']}, the replay is at round {m.round}")
        rec = RoundRecord(m.round)
        session.history.append(rec)
        session.queue = queue
        answers = iter(rnd.get("answers", []))
        _feed(session, rec, answers)
        for j, d in enumerate(rnd["declarations"]):
            uid = d["unit"]
            if uid not in m.uids():
                raise BadField(f"round {m.round}: no unit {uid}")
            action = action_from_dict(d["action"])
            choices = scalars(d.get("choices", {}), "choices")
            by_ai = d.get("ai", False)
            team = session.team_of(uid)
            if by_ai and team in session.ais:
                session.flow.ask(Question(uid, "declare"))  # the AI's random state follows the original
            out = m.declare(uid, action, **dict(choices))
            if isinstance(out, Impossible):
                raise BadField(f"round {m.round}, declaration {j} ({m.name(uid)}): {out.reason}")
            rec.declarations[:] = [x for x in rec.declarations if x[0] != uid]
            rec.declarations.append((uid, action, choices))
            rec.calls.append((uid, action, choices, by_ai))
        if rnd["resolved"]:
            if m.declaring() is not None:
                raise BadField(f"round {m.round}: resolved in the save but {m.name(m.declaring())} has not declared")
            session.flow.resolve_round()
            _feed(session, rec, answers)
            if session.flow.pending is not None:
                raise BadField(f"round {m.round}: resolved in the save but {m.name(session.flow.pending.uid)} "
                               f"has not answered its {session.flow.pending.kind} question")
            rec.resolved = True
        elif i != len(rounds) - 1:
            raise BadField(f"round {m.round} is unresolved but is not the last round")
    last_resolved = not rounds or rounds[-1]["resolved"]
    session.needs_round = last_resolved and not m.over
    session.seat = data.get("seat")
    session.done_teams = set(data.get("done_teams", [])) if not last_resolved else set()
    if not last_resolved:
        session.advance()
