"""How big a results store grows (issue 31): synthetic matches, shaped like a crossroads match
(8 a side, three weapons, a dozen places a side, 16 units with their roles and downs), added
to a fresh store; the size a match and the estimate for 10,000 matches; then the same with a
synthetic full event log in every match (about 640 events, as a 13-round match of 8 a side
on the flank example writes: the kinds in the proportions such a match has, the numbers
random), so the size a stored log takes and the store's size when every match keeps its log
(the bound: a plan's event_logs >= runs) and with the default 5 a variant. Nothing is played.

    python bench/store_size.py [--matches 2000]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ruleset_types import HealthFacts  # noqa: E402
from game.lab.plan import load_plan, resolve  # noqa: E402
from game.lab.store import Store  # noqa: E402
from game.world.events import Event, EventKind, Health, MovedTo, Tally  # noqa: E402
from game.world.logcodec import encode  # noqa: E402

ROLES = ("leader", "rifleman", "rifleman", "rifleman", "rifleman", "gunner", "shotgun", "grenadier")
NAMES = ("Sgt Hale", "Cpl Reyes", "Pvt Okafor", "Pvt Lind", "Pvt Petrenko", "Pvt Tanaka", "Pvt Moreau", "Pvt Brandt",
         "Sgt Volkov", "Cpl Sidorov", "Pvt Morozov", "Pvt Zaitsev", "Pvt Orlov", "Pvt Belov", "Pvt Kuznetsov",
         "Pvt Kowalski")
EVENTS = 640  # a 13-round match of 8 a side on the flank example: 635 on average


def synthetic_log(rng: random.Random, rounds: int = 13) -> list[Event]:
    """A match's events: initiative for each unit, then each round a declaration a unit and
    attacks (rolls with their terms), ammunition, damage, moves, statuses, downs, in the
    proportions of the flank example's matches."""
    def d20() -> int:
        return rng.randrange(1, 21)

    def who() -> int:
        return rng.randrange(16)

    out = [Event(0, "setup", EventKind.INITIATIVE, f"{NAMES[u]} initiative: Agi 3 x 4 + d20 ({d20()}) = {rng.randrange(13, 33)}", u)
           for u in range(16)]
    per_round = (EVENTS - 17) // rounds
    for r in range(1, rounds + 1):
        for _ in range(per_round):
            u, t, roll = who(), who(), d20()
            x = rng.random()
            phase = rng.choice(("normal", "normal", "slow", "fast"))
            if x < 0.15:
                out.append(Event(r, "declare", EventKind.DECLARE, f"{NAMES[u]} declares " + rng.choice(
                    ("hold", f"shot attack on {NAMES[t]}", f"run move to ({rng.randrange(40)}, {rng.randrange(30)})",
                     f"burst attack on {NAMES[t]}", "reload")), u))
            elif x < 0.40:
                out.append(Event(r, phase, EventKind.ATTACK, f"{NAMES[u]} -> {NAMES[t]}: " + rng.choice(("hit", "miss")), u, t))
            elif x < 0.68:
                m = rng.randrange(20, 150)
                out.append(Event(r, phase, EventKind.ATTACK, f"attack: Dex 4 x Rifles {rng.randrange(4, 7)} + attack +9 + "
                                 f"d20 ({roll}) = {roll + 33} vs base 15 + distance +{5 * rng.randrange(1, 5)} ({m} m) = "
                                 f"{rng.randrange(25, 50)}: " + rng.choice(("success", "failure", "good")), u, t))
            elif x < 0.75:
                out.append(Event(r, phase, EventKind.AMMO, f"{NAMES[u]}: {rng.randrange(30)}/30 rounds, "
                                 f"{rng.randrange(5)} magazines", u))
            elif x < 0.81:
                out.append(Event(r, phase, EventKind.ROLL, f"dodge: (Agi 3 x Athletics 3 + d20 ({roll})) / 2 = "
                                 f"{(roll + 9) // 2} [firearm: defence halved]", u))
            elif x < 0.86:
                to = (rng.randrange(40), rng.randrange(30))
                out.append(Event(r, "move", EventKind.MOVE, f"{NAMES[u]} moves to {to}", u, None, MovedTo(to)))
            elif x < 0.95:
                w = rng.randrange(1, 7)
                facts = HealthFacts("ok", False, wounds=w, stuns=rng.randrange(3))
                kind = rng.choice((EventKind.DAMAGE, EventKind.STATUS))
                out.append(Event(r, phase, kind, f"{NAMES[t]}: wounds {w} (medium), stuns 0 (okay), -{5 * w}", None, t,
                                 Health(t, facts)))
            elif x < 0.97:
                facts = HealthFacts("unconscious", True, wounds=7)
                out.append(Event(r, phase, EventKind.DOWN, f"{NAMES[t]} is down: wounds 7 (fatal), UNCONSCIOUS", t, None,
                                 Health(t, facts)))
            else:
                out.append(Event(r, "end", EventKind.ROLL, f"bullet shyness (Will): Wil 3 x 4 + d20 ({roll}) = {roll + 12} "
                                 f"vs 20: {rng.choice(('success', 'failure'))} [1 burst]", u))
    out.append(Event(rounds, "over", EventKind.VICTORY, "blue wins", data=Tally({"blue": 3, "red": 0})))
    return out


def synthetic_battle(rng: random.Random, seed: int) -> dict:
    """A match record of the size a crossroads match has (8 a side, fought to the end)."""
    def places(n: int) -> list[list]:
        return [[rng.choice(("blue", "red")), rng.randrange(40), rng.randrange(30)] for _ in range(n)]

    return {"seed": seed, "winner": rng.choice(("blue", "red", "draw")), "rounds": rng.randrange(5, 40),
            "by": "elimination", "objectives": [], "exited": {"blue": 0, "red": 0},
            "survivors": {"blue": rng.randrange(9), "red": rng.randrange(9)},
            "casualties": {"blue": rng.randrange(9), "red": rng.randrange(9)},
            "weapons": {w: {"hits": rng.randrange(30), "levels": rng.randrange(90), "downed": rng.randrange(8)}
                        for w in ("M16 A1", "RPK", "concussion grenade")},
            "fell": places(12), "hit_from": places(40),
            "units": [{"team": team, "role": role, "down": rng.choice((None, rng.randrange(1, 20))),
                       "by": rng.randrange(16)} for team in ("blue", "red") for role in ROLES]}


def size_per_match(folder: Path, matches: int, logs: bool = False) -> float:
    """The bytes a synthetic match adds to a store (with a synthetic event log in each, `logs`)."""
    plan_path = folder / "plan.toml"
    plan_path.write_text(f'map = "{ROOT / "maps" / "crossroads.tmx"}"\nruns = {matches}\n')
    plan = load_plan(plan_path)
    (v,), _ = resolve(plan)
    store = Store(folder / "s.sqlite")
    sweep = store.begin(plan, [v], "bench")
    rng = random.Random(1)
    empty = (folder / "s.sqlite").stat().st_size
    for i in range(matches):
        battle = synthetic_battle(rng, i)
        if logs:
            events = synthetic_log(rng)
            battle["event_log"] = {"events": len(events), "blob": encode(events)}
        store.add(v.id, i, battle, "bench", sweep)
    store.close()
    return ((folder / "s.sqlite").stat().st_size - empty) / matches


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        per = size_per_match(Path(tmp), args.matches)
    with tempfile.TemporaryDirectory() as tmp:
        logged = size_per_match(Path(tmp), max(1, args.matches // 4), logs=True)
    log = logged - per
    print(f"{per:,.0f} bytes a match ({args.matches:,} synthetic matches); "
          f"10,000 matches: {per * 10_000 / 2**20:.1f} MiB")
    print(f"a stored event log ({EVENTS} events): {log:,.0f} bytes; 10,000 matches each with its log: "
          f"{logged * 10_000 / 2**20:.1f} MiB; with the default 5 logs a variant, 100 variants of 100 matches "
          f"(500 logs): {(per * 10_000 + log * 500) / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
