"""What a user reads after a lab run: win rates with 95% Wilson intervals, the spread of
rounds, casualties per side, and which weapons did the harm."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 0) for no trials."""
    if n <= 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class Tally:
    """What the summary and the report need from a run's battles, gathered one battle at a
    time (`add`), so a long run need not keep its battles."""

    def __init__(self) -> None:
        self.n = 0
        self.wins = {"blue": 0, "red": 0, "draw": 0}
        self.rounds: list[int] = []
        self.casualties = {"blue": 0, "red": 0}
        self.weapons: dict[str, dict[str, int]] = {}
        self.decision: list[dict[str, Any]] = []
        self.fought: Counter = Counter()  # (team, x, y): attacks made from there
        self.fell: Counter = Counter()  # (team, x, y): units that fell there
        self.by: Counter = Counter()  # (winner, how): elimination, objective or time (issue 30)
        self.exited = {"blue": 0, "red": 0}  # units that left by an exit

    def add(self, b: dict[str, Any]) -> None:
        self.n += 1
        self.wins[b["winner"]] = self.wins.get(b["winner"], 0) + 1
        self.rounds.append(b["rounds"])
        for side in ("blue", "red"):
            self.casualties[side] += b["casualties"].get(side, 0)
        for w, t in b.get("weapons", {}).items():
            acc = self.weapons.setdefault(w, {"hits": 0, "levels": 0, "downed": 0})
            for k in acc:
                acc[k] += t.get(k, 0)
        d = b.get("decision_ms")
        if d and d["count"]:
            self.decision.append(d)
        for team, x, y in b.get("fought_from", ()):
            self.fought[(team, x, y)] += 1
        for team, x, y in b.get("fell", ()):
            self.fell[(team, x, y)] += 1
        if "by" in b:
            self.by[(b["winner"], b["by"])] += 1
        for side, n in (b.get("exited") or {}).items():
            self.exited[side] = self.exited.get(side, 0) + n

    @classmethod
    def of(cls, battles: Iterable[dict[str, Any]]) -> Tally:
        t = cls()
        for b in battles:
            t.add(b)
        return t

    def summary(self, wins: dict[str, int] | None = None) -> dict[str, Any]:
        """The summary numbers (`wins`: the record's, else those tallied)."""
        n, rounds, decision = self.n, self.rounds, self.decision
        wins = self.wins if wins is None else wins
        rates = {}
        for side in ("blue", "red", "draw"):
            k = wins.get(side, 0)
            lo, hi = wilson(k, n)
            rates[side] = {"wins": k, "rate": k / n if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)]}
        casualties = {side: {"mean": round(self.casualties[side] / n, 3) if n else 0.0, "total": self.casualties[side]}
                      for side in ("blue", "red")}
        return {
            "rates": rates,
            "rounds": {"mean": round(statistics.fmean(rounds), 3) if rounds else 0.0,
                       "sd": round(statistics.stdev(rounds), 3) if n > 1 else 0.0,
                       "min": min(rounds, default=0), "max": max(rounds, default=0)},
            "casualties": casualties,
            "weapons": dict(sorted(self.weapons.items(), key=lambda kv: (-kv[1]["levels"], kv[0]))),
            "decided": {f"{winner} by {how}": k for (winner, how), k in sorted(self.by.items())},
            "exited": dict(self.exited),
            "decision_ms": {"median_of_medians": round(statistics.median(d["median"] for d in decision), 3) if decision else 0.0,
                            "max": max((d["max"] for d in decision), default=0.0)},
        }


def summarise(record: dict[str, Any]) -> dict[str, Any]:
    """The summary numbers of a `simulate` record (added to it under `summary`)."""
    return Tally.of(record["battles"]).summary(record["wins"])


def summary_lines(record: dict[str, Any]) -> list[str]:
    """The summary as text lines."""
    s = record["summary"]
    n = record["runs"]
    stopped = f" (stopped by Ctrl-C: {n:,} of {record['runs_asked']:,} finished)" if record.get("interrupted") else ""
    lines = [f"{record['map_name']}: {n} matches from seed {record['seed']}{stopped}, "
             f"{record['blue_ai']} (blue) against {record['red_ai']} (red)"
             + (", fog of war" + (" (the AI sees all)" if record.get("ai_sees_all") is True
                                    else f" ({record['ai_sees_all']}'s AI sees all)" if record.get("ai_sees_all") else "") if record.get("fog") else "")
             + f"; {record['seconds']:.1f} s"]
    if record.get("command"):
        lines.append(f"  command: {record['command']}")
    parts = []
    for side in ("blue", "red", "draw"):
        r = s["rates"][side]
        lo, hi = r["ci95"]
        parts.append(f"{side} {r['wins']} ({100 * r['rate']:.0f}%, 95% CI {100 * lo:.0f}-{100 * hi:.0f}%)")
    lines.append("  wins: " + ", ".join(parts))
    ro = s["rounds"]
    lines.append(f"  rounds: mean {ro['mean']:.1f}, sd {ro['sd']:.1f}, min {ro['min']}, max {ro['max']}")
    c = s["casualties"]
    lines.append(f"  casualties a match: blue {c['blue']['mean']:.2f}, red {c['red']['mean']:.2f}")
    decided = s.get("decided") or {}
    if any(" by objective" in k for k in decided) or any((s.get("exited") or {}).values()):
        lines.append("  decided: " + ", ".join(f"{k} {n}" for k, n in decided.items())
                     + "; exited: " + ", ".join(f"{t} {n}" for t, n in s["exited"].items()))
    if s["weapons"]:
        lines.append("  harm by weapon (damaging hits, damage levels, units downed):")
        for w, t in s["weapons"].items():
            lines.append(f"    {w:26} {t['hits']:6} hits {t['levels']:7} levels {t['downed']:5} downed")
    d = s["decision_ms"]
    lines.append(f"  AI decision: median {d['median_of_medians']:.1f} ms, max {d['max']:.1f} ms")
    last = record["seed"] + record.get("runs_asked", record["runs"]) - 1
    lines.append(f"  replay one battle (S = its seed, {record['seed']} to {last}): "
                 f"{replay_command(record, 'S')}")
    return lines


def replay_command(record: dict[str, Any], seed: int | str) -> str:
    """The command that plays one battle of `record` again, alone: same map, rules, fog,
    sides and squads (game/lab/command.py)."""
    from game.lab.command import replay_command as command
    from game.sim import MatchSpec

    spec = MatchSpec(str(record["map"]), 0, record.get("blue_ai", "normal"), record.get("red_ai", "normal"),
                     "default", record.get("size"), record.get("blue_squad"), record.get("red_squad"),
                     record.get("ruleset", "yags"), bool(record.get("fog")), record.get("ai_sees_all") or False,
                     blue_deployment=record.get("blue_deployment"), red_deployment=record.get("red_deployment"),
                     blue_tactic=(record["blue_tactic"], "") if record.get("blue_tactic") else None,
                     red_tactic=(record["red_tactic"], "") if record.get("red_tactic") else None,
                     max_rounds=record.get("max_rounds"),
                     blue_weights=tuple(sorted(record.get("blue_weights", {}).items())),
                     red_weights=tuple(sorted(record.get("red_weights", {}).items())))
    return command(spec, seed)
