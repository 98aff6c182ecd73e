"""The lab commands' arguments (`skirmish replay`, `sweep-log`, `simulate`, `sweep`): each adds its
subcommand to the parser, each number with its range (game/cli_numbers.py). The commands
themselves are game/cli_lab.py's."""

from __future__ import annotations

from typing import Any

from game import limits as lim
from game.cli_common import RULESET_HELP
from game.cli_lab import cmd_replay, cmd_simulate, cmd_sweep, cmd_sweep_log
from game.cli_numbers import whole


def add_sweep_log(sub: Any) -> None:
    """`skirmish sweep-log STORE VARIANT INDEX` (issue 31)."""
    log = sub.add_parser("sweep-log", help="print the event log a sweep stored for one match")
    log.add_argument("store", help="the sweep's results store (.sqlite)")
    log.add_argument("variant", help="the variant's id (or the start of it), as the sweep's table shows")
    log.add_argument("index", type=whole(0, 2 * lim.MAX_RUNS), help="the match's index in the variant, from 0")
    log.set_defaults(func=cmd_sweep_log)



def add_replay(sub: Any) -> None:
    """`skirmish replay FILE [VARIANT|BATTLE] [INDEX]` (issue 31)."""
    from game.cli_numbers import whole

    replay = sub.add_parser("replay", help="open a match in the window as a watched battle, as it was played, and "
                                           "step it round by round: a sweep's stored match, a saved game, or a "
                                           "battle of a simulate --json record")
    replay.add_argument("source", metavar="FILE", help="a sweep's results store (.sqlite), a saved game (.json) or a "
                                                       "simulate --json record")
    replay.add_argument("which", nargs="?", metavar="VARIANT|BATTLE",
                        help="a store: the variant's id (or the start of it), as the sweep's table shows; a record: "
                             "the battle's index, from 0 (none: its only battle)")
    replay.add_argument("index", nargs="?", metavar="INDEX", help="a store: the match's index in the variant, from 0")
    replay.add_argument("--screenshot", metavar="PATH", help="render --frames frames, save the window as PNG, exit")
    replay.add_argument("--frames", type=whole(1, 1_000_000), default=3, help="frames drawn before --screenshot")
    replay.set_defaults(func=cmd_replay)



def add_simulate(sub: Any) -> None:
    """`skirmish simulate`: AI-against-AI matches, headless."""
    sim = sub.add_parser("simulate", help="AI-against-AI matches, headless")
    sim.add_argument("--map", help="a .tmx map (default: the default map)")
    sim.add_argument("--runs", type=whole(1, lim.MAX_RUNS), default=10, help="matches to play (default 10)")
    sim.add_argument("--seed", type=whole(0, lim.MAX_SEED), default=1,
                     help="the first match's seed; match i has seed + i (default 1)")
    sim.add_argument("--jobs", type=whole(1, lim.MAX_JOBS), default=None, help="parallel processes (default: the cores)")
    sim.add_argument("--blue-ai", default="normal", help="random, easy, normal, hard")
    sim.add_argument("--red-ai", default="normal", help="random, easy, normal, hard")
    sim.add_argument("--blue-squad", default=None, help="a squad id or templates (swordsman,rifleman)")
    sim.add_argument("--red-squad", default=None, help="a squad id or templates (swordsman,rifleman)")
    sim.add_argument("--size", type=whole(1, lim.MAX_SIZE), default=None,
                     help="units a side (default: the map's), no more than half the map's walkable tiles")
    sim.add_argument("--max-rounds", type=whole(1, lim.MAX_ROUNDS_LIMIT), default=None,
                     help="most rounds a match lasts (default: the map's max_rounds)")
    for team in ("blue", "red"):
        sim.add_argument(f"--{team}-ai-weights", metavar="NAME=X,...", default=None,
                         help=f"{team}'s AI weights over its level's (game/data/ai_levels.toml), e.g. cover=2,distance=0.5")
    for team in ("blue", "red"):
        sim.add_argument(f"--{team}-deployment", metavar="NAME", default=None,
                         help=f"place {team}'s units by the map's 'deploy NAME' layer")
    sim.add_argument("--ruleset", default=None, help=RULESET_HELP)
    sim.add_argument("--fog", choices=("on", "off"), default=None,
                     help="fog of war (default: the scenario's, else the map's fog property, else off)")
    sim.add_argument("--ai-sees-all", nargs="?", const=True, default=False, choices=(True, "blue", "red"),
                     help="the AI decides from the whole board, as without fog (for comparison; "
                          "blue or red: that side's only)")
    sim.add_argument("--blue-tactic", metavar="FILE.toml", help="standing orders for blue's units (docs/tactics.md)")
    sim.add_argument("--red-tactic", metavar="FILE.toml", help="standing orders for red's units (docs/tactics.md)")
    sim.add_argument("--scenario", help="a TOML scenario: map, runs, seed, size, [blue]/[red] ai and squad")
    sim.add_argument("--report", metavar="PATH.png", help="draw where units fought and fell")
    sim.add_argument("--json", help="write the full record to PATH, or - for standard output")
    sim.add_argument("--log", action="store_true", help="print each match's event log (as sweep-log prints a stored one)")
    sim.add_argument("--cluster", metavar="tcp://HOST:PORT",
                     help="play the matches on a Dask scheduler's workers (pip install 'skirmish[cluster]')")
    sim.set_defaults(func=cmd_simulate)



def add_sweep(sub: Any) -> None:
    """`skirmish sweep PLAN`: a plan's variants into a results store."""
    sweep = sub.add_parser("sweep", help="play every variant of a plan into a results store, and compare them")
    sweep.add_argument("plan", help="a TOML plan: maps, squads, AI levels, rulesets, fog, runs (docs/sweeps.md)")
    sweep.add_argument("--db", metavar="PATH", help="the SQLite results store (default: PLAN.sqlite beside the plan)")
    sweep.add_argument("--jobs", type=whole(1, lim.MAX_JOBS), default=None, help="parallel processes (default: the cores)")
    sweep.add_argument("--cluster", metavar="tcp://HOST:PORT",
                       help="play the matches on a Dask scheduler's workers (pip install 'skirmish[cluster]')")
    sweep.add_argument("--report", metavar="PATH.png", help="draw the variants' win rates and the differences")
    sweep.set_defaults(func=cmd_sweep)
