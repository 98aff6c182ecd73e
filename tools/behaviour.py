"""Record what the game does, and compare a later build against the record.

A redesign keeps behaviour: before code moves, record seeded matches on every shipped map and
the tutorial's yard, under every ruleset, with fog of war off and on (each match's result as
`simulate` writes it, timings removed, and a digest of its event log), and saved games of
each ruleset; after each step, compare.

    python tools/behaviour.py record DIR [--seeds 3] [--jobs 2]
    python tools/behaviour.py compare DIR [--jobs 2] [--only yags]   # the seeds DIR was recorded with

`record` writes DIR/matches.json: for each (map, ruleset, fog) the battles of seeds 1..N (what
`skirmish simulate --map MAP --ruleset R --fog on|off --seed 1 --runs N` writes for each
battle, without `decision_ms`) with the number of event lines and their sha256; and
DIR/saves/*.json: saved games, each made by playing a session with the AI deciding for every
seat (reactions and special effects included) and saving part way, for each ruleset. `compare`
plays the same matches again, loads the saves (a save replays its declarations and answers and
checks the replay reaches the same event log), and prints each difference; it exits 1 if there
is any. `--only RULESET` (repeatable) compares those rulesets alone: a fix meant to change one
ruleset's matches still shows the others are the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAPS = sorted((ROOT / "maps").glob("*.tmx")) + sorted((ROOT / "maps" / "tutorial").glob("*.tmx"))
FOGS = (False, True)
# (map, mode, seed, rounds before saving, fog): hot-seat and solo, on maps with melee and grenades
SAVES = (("street", "hotseat", 3, 4, True), ("wood", "solo", 5, 3, True), ("compound", "solo", 2, 5, False),
         ("crossroads", "hotseat", 9, 2, False))


LATER_FIELDS = ("by", "objectives", "exited", "hit_from", "units")
"""Result fields added after a record may have been made (issue 30: how a battle was won,
the units that left by an exit; issue 31: where the hits came from, each unit's role and
when and by whom it went down): compared only when the record has them."""


def rulesets() -> tuple[str, ...]:
    from engine.rulesets import NAMES

    return tuple(NAMES)


def _key(path: Path, ruleset: str, fog: bool) -> str:
    return f"{path.relative_to(ROOT / 'maps').with_suffix('')}|{ruleset}|fog-{'on' if fog else 'off'}"


def _play(args: tuple[str, str, bool, int]) -> dict[str, Any]:
    """Play one match as `simulate` does: its battle record (timings removed) and a digest of
    its event log."""
    from game.maps import load_map
    from game.sim import MatchSpec, play_match

    path, ruleset, fog, seed = args
    grid = load_map(path)
    last: dict[str, list[str]] = {}
    battle = play_match(grid, MatchSpec(path, seed, ruleset=ruleset, fog=fog),
                        on_round=lambda m: last.__setitem__("lines", m.log.lines()))
    battle.pop("decision_ms", None)
    lines = last.get("lines", [])
    battle["events"] = {"lines": len(lines), "sha256": hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()}
    return json.loads(json.dumps(battle, sort_keys=True))


def _matches(seeds: int, jobs: int, only: tuple[str, ...]) -> dict[str, list[dict[str, Any]]]:
    cases = [(p, r, f) for p in MAPS for r in only for f in FOGS]
    work = [(str(p.relative_to(ROOT)), r, f, s) for p, r, f in cases for s in range(1, seeds + 1)]
    with ProcessPoolExecutor(jobs) as pool:
        played = list(pool.map(_play, work, chunksize=2))
    out: dict[str, list[dict[str, Any]]] = {}
    for (p, r, f), i in zip(cases, range(0, len(played), seeds), strict=True):
        out[_key(p, r, f)] = played[i:i + seeds]
    return out


def _answer(ai: Any, match: Any, question: Any) -> Any:
    """The AI's answer to a question the round asks a player's unit."""
    return ai.choose(match, question)


def _play_saves(folder: Path, only: tuple[str, ...]) -> list[Path]:
    """Play each SAVES session under each ruleset: every seat decided by the AI through the
    session (as a player's clicks would declare and answer), then save."""
    from game.ai import make_controller
    from game.saves import save_game
    from game.session import SessionConfig
    from game.ui.app import new_session
    from game.world.actions import Hold

    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for ruleset in only:
        for name, mode, seed, rounds, fog in SAVES:
            cfg = SessionConfig(f"maps/{name}.tmx", mode=mode, ai="normal", seed=seed, ruleset=ruleset, fog=fog)
            session = new_session(cfg)
            players = {t: make_controller("normal", seed + 100, t) for t in session.humans}
            for _ in range(5000):  # a bound: each step declares or answers (Session raises Stuck otherwise)
                if session.match.over or session.match.round > rounds:
                    break
                if session.needs_round:
                    session.begin_round()
                    continue
                if session.handover:
                    session.take_seat()
                    continue
                q = session.question
                if q is not None and q.kind not in ("act", "declare"):
                    session.answer(_answer(players[session.team_of(q.uid)], session.match, q))
                    continue
                uid = session.current()
                if uid is None:
                    break
                action, choices = players[session.team_of(uid)].decide(session.match, uid)
                if hasattr(session.declare(uid, action, **choices), "reason"):
                    session.declare(uid, Hold())
            path = folder / f"{name}-{mode}-{seed}-{ruleset}.json"
            save_game(session, path)
            session.match.close()
            made.append(path)
    return made


def record(folder: Path, seeds: int, jobs: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)
    names = rulesets()
    matches = _matches(seeds, jobs, names)
    (folder / "matches.json").write_text(json.dumps({"seeds": seeds, "matches": matches}, indent=1, sort_keys=True))
    print(f"recorded {len(matches)} cases of {seeds} seeds ({len(MAPS)} maps, {len(names)} rulesets, fog off and on)")
    saves = _play_saves(folder / "saves", names)
    print(f"recorded {len(saves)} saves")


def _read(folder: Path) -> dict[str, Any]:
    path = folder / "matches.json"
    try:
        data = json.loads(path.read_text())
        int(data["seeds"])
        dict(data["matches"])
        return data
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"error: {path}: not a behaviour record ({exc})", file=sys.stderr)
        raise SystemExit(2) from None


def compare(folder: Path, jobs: int, only: tuple[str, ...] = ()) -> int:
    from game.saves import SaveError, load_game

    os.chdir(ROOT)
    data = _read(folder)
    names = only or rulesets()
    unknown = [r for r in names if r not in rulesets()]
    if unknown:
        print(f"error: --only {unknown[0]}: not a ruleset (expected one of {', '.join(rulesets())})", file=sys.stderr)
        return 2
    want = {k: v for k, v in data["matches"].items() if k.split("|")[1] in names}
    got = _matches(int(data["seeds"]), jobs, names)
    bad = 0
    for key in sorted(set(want) | set(got)):
        a, b = want.get(key), got.get(key)
        if a is None:  # a map added since the record: nothing to compare it with
            print(f"{key}: new (not in the record)")
            continue
        if b is None:
            bad += 1
            print(f"{key}: not played now")
            continue
        for x, y in zip(a, b, strict=False):
            y = {k: v for k, v in y.items() if k in x or k not in LATER_FIELDS}
            if x != y:
                bad += 1
                print(f"{key} seed {x['seed']}: differs (event lines {x['events']['lines']} -> {y['events']['lines']})")
                for field in sorted(set(x) | set(y)):
                    if x.get(field) != y.get(field):
                        print(f"  {field}: was {json.dumps(x.get(field), sort_keys=True)[:200]}")
                        print(f"  {' ' * len(field)}  now {json.dumps(y.get(field), sort_keys=True)[:200]}")
    print(f"compared {len(got)} cases")
    for save in sorted((folder / "saves").glob("*.json")):
        if save.stem.rsplit("-", 1)[-1] not in names:
            continue
        try:
            load_game(save).match.close()
        except SaveError as exc:
            bad += 1
            print(f"save {save.name}: {exc}")
    print("same behaviour" if not bad else f"{bad} differences")
    return 1 if bad else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=("record", "compare"))
    p.add_argument("folder", type=Path)
    p.add_argument("--seeds", type=int, default=3, help="record: seeds a case (default 3)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", action="append", default=[], help="compare: this ruleset only (repeatable)")
    a = p.parse_args()
    folder = a.folder.resolve()
    if a.what == "record":
        record(folder, a.seeds, a.jobs)
        return 0
    return compare(folder, a.jobs, tuple(a.only))


if __name__ == "__main__":
    raise SystemExit(main())
