"""The one command that plays a lab match again, alone: `skirmish simulate --runs 1 --seed S`
with every setting the match was played with. The sweep's hint (game/lab/sweep.py) and the
simulate summary's (game/lab/summary.py) both come from here.

Every setting that has a default the map could change is written out, whatever its value:
`--ruleset` and `--fog` always (a map's `ruleset` and `fog` properties are simulate's defaults,
so leaving out `--fog off` on a fogged map replayed another battle); the AI levels, the size
and the squads when they are not simulate's own defaults (normal, the map's).
"""

from __future__ import annotations

import shlex

from game.sim import MatchSpec


def replay_command(spec: MatchSpec, seed: int | str | None = None) -> str:
    """`skirmish simulate ...` playing `spec` (with `seed` instead of its own, when given:
    "S" for a placeholder)."""
    parts = ["skirmish simulate", f"--map {shlex.quote(str(spec.map_path))}", "--runs 1",
             f"--seed {spec.seed if seed is None else seed}", f"--ruleset {shlex.quote(spec.ruleset)}",
             f"--fog {'on' if spec.fog else 'off'}"]
    for flag, value, default in (("--blue-ai", spec.blue_ai, "normal"), ("--red-ai", spec.red_ai, "normal"),
                                 ("--size", spec.size, None), ("--blue-squad", spec.blue_squad, None),
                                 ("--red-squad", spec.red_squad, None),
                                 ("--blue-deployment", spec.blue_deployment, None),
                                 ("--red-deployment", spec.red_deployment, None)):
        if value is not None and value != default:
            parts.append(f"{flag} {shlex.quote(str(value))}")
    if spec.max_rounds is not None:
        parts.append(f"--max-rounds {spec.max_rounds}")
    for flag, weights in (("--blue-ai-weights", spec.blue_weights), ("--red-ai-weights", spec.red_weights)):
        if weights:
            parts.append(f"{flag} " + ",".join(f"{k}={x!r}" for k, x in weights))
    for flag, tactic in (("--blue-tactic", spec.blue_tactic), ("--red-tactic", spec.red_tactic)):
        if tactic is not None:
            parts.append(f"{flag} {shlex.quote(tactic[0])}")
    if spec.ai_sees_all:
        parts.append("--ai-sees-all" + ("" if spec.ai_sees_all is True else f" {spec.ai_sees_all}"))
    return " ".join(parts)
