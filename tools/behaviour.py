"""Record what the game does, and compare a later build against the record.

A redesign keeps behaviour: before code moves, record the JSON of seeded matches on every
shipped map (timings removed), the event log of each match (a digest of every line), and a
few saved games; after each step, compare.

    python tools/behaviour.py record DIR [--seeds 10] [--jobs 2]
    python tools/behaviour.py compare DIR [--jobs 2]      # as many seeds as DIR was recorded with

`record` writes DIR/simulate-MAP.json (what `skirmish simulate --map MAP --seed 1 --runs N`
writes, without `seconds`, `decision_ms` and `fog` when it is false), DIR/events-MAP.json (per seed: the number of
event lines and their sha256) and DIR/saves/*.json (saved games, each made by playing a
session with the AI on both sides' seats and saving part way). `compare` plays the same
matches again, loads the saves (a save replays its declarations and checks the replay reaches
the same event log), and prints each difference; it exits 1 if there is any.
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

MAPS = sorted((ROOT / "maps").glob("*.tmx"))
# (map, mode, seed, rounds before saving): hot-seat and solo, on maps with melee and grenades
SAVES = (("street", "hotseat", 3, 4), ("wood", "solo", 5, 3), ("compound", "solo", 2, 5),
         ("crossroads", "hotseat", 9, 2))


def _strip(record: dict[str, Any]) -> dict[str, Any]:
    record = dict(record)
    record.pop("seconds", None)
    if record.get("fog") is False:  # added by issue 21 (fog off: what every record before meant)
        record.pop("fog")
    record["battles"] = [{k: v for k, v in b.items() if k != "decision_ms"} for b in record["battles"]]
    return record


def _events(args: tuple[str, int]) -> dict[str, Any]:
    """Play one match as `simulate` does and digest its event log."""
    from game.maps import load_map
    from game.sim import MatchSpec, play_match

    path, seed = args
    grid = load_map(path)
    last: dict[str, list[str]] = {}
    play_match(grid, MatchSpec(path, seed), on_round=lambda m: last.__setitem__("lines", m.log.lines()))
    lines = last.get("lines", [])
    h = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
    return {"seed": seed, "lines": len(lines), "sha256": h}


def _simulate(path: Path, seeds: int, jobs: int) -> dict[str, Any]:
    from game.sim import simulate

    return _strip(simulate(str(path.relative_to(ROOT)), seeds, 1, jobs=jobs))


def _play_saves(folder: Path) -> None:
    """Play each SAVES session: every seat decided by the AI through the session (as a
    player's clicks would declare), then save."""
    from game.ai import make_controller
    from game.saves import save_game
    from game.session import SessionConfig
    from game.ui.app import new_session

    folder.mkdir(parents=True, exist_ok=True)
    for name, mode, seed, rounds in SAVES:
        cfg = SessionConfig(f"maps/{name}.tmx", mode=mode, ai="normal", seed=seed)
        session = new_session(cfg)
        players = {t: make_controller("normal", seed + 100, t) for t in session.humans}
        while not session.match.over and session.match.round <= rounds:
            if session.needs_round:
                session.begin_round()
                continue
            if session.handover:
                session.take_seat()
                continue
            uid = session.current()
            if uid is None:
                break
            team = session.team_of(uid)
            action, choices = players[team].decide(session.match, uid)
            if hasattr(session.declare(uid, action, **choices), "reason"):
                from game.world.actions import Hold

                session.declare(uid, Hold())
        save_game(session, folder / f"{name}-{mode}-{seed}.json")
        session.match.close()


def record(folder: Path, seeds: int, jobs: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)
    for path in MAPS:
        (folder / f"simulate-{path.stem}.json").write_text(json.dumps(_simulate(path, seeds, jobs), indent=1, sort_keys=True))
        with ProcessPoolExecutor(jobs) as pool:
            ev = list(pool.map(_events, [(str(path.relative_to(ROOT)), s) for s in range(1, seeds + 1)]))
        (folder / f"events-{path.stem}.json").write_text(json.dumps(ev, indent=1))
        print(f"recorded {path.stem}")
    _play_saves(folder / "saves")
    print(f"recorded {len(SAVES)} saves")


def recorded_seeds(folder: Path) -> int:
    """How many seeds `folder` was recorded with (its first map's simulate record)."""
    first = folder / f"simulate-{MAPS[0].stem}.json"
    try:
        return len(json.loads(first.read_text())["battles"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"error: {first}: not a behaviour record ({exc})", file=sys.stderr)
        raise SystemExit(2) from None


def compare(folder: Path, seeds: int | None, jobs: int) -> int:
    from game.saves import SaveError, load_game

    os.chdir(ROOT)
    have = recorded_seeds(folder)
    if seeds is not None and seeds != have:
        print(f"error: {folder} was recorded with --seeds {have}, not {seeds}: compare with --seeds {have} "
              "(or leave it out)", file=sys.stderr)
        return 2
    seeds = have
    bad = 0
    for path in MAPS:
        want = json.loads((folder / f"simulate-{path.stem}.json").read_text())
        got = json.loads(json.dumps(_simulate(path, seeds, jobs), sort_keys=True))
        if got != want:
            bad += 1
            for a, b in zip(want["battles"], got["battles"], strict=False):
                if a != b:
                    print(f"{path.stem} seed {a['seed']}: simulate record differs")
                    print(f"  was {json.dumps(a, sort_keys=True)[:300]}")
                    print(f"  now {json.dumps(b, sort_keys=True)[:300]}")
                    break
        with ProcessPoolExecutor(jobs) as pool:
            ev = list(pool.map(_events, [(str(path.relative_to(ROOT)), s) for s in range(1, seeds + 1)]))
        want_ev = json.loads((folder / f"events-{path.stem}.json").read_text())
        for a, b in zip(want_ev, ev, strict=False):
            if a != b:
                bad += 1
                print(f"{path.stem} seed {a['seed']}: event log differs ({a['lines']} lines before, {b['lines']} now)")
        print(f"compared {path.stem}")
    for save in sorted((folder / "saves").glob("*.json")):
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
    p.add_argument("--seeds", type=int, default=None, help="record: 10 by default; compare: as recorded")
    p.add_argument("--jobs", type=int, default=2)
    a = p.parse_args()
    folder = a.folder.resolve()
    if a.what == "record":
        record(folder, a.seeds or 10, a.jobs)
        return 0
    return compare(folder, a.seeds, a.jobs)


if __name__ == "__main__":
    raise SystemExit(main())
