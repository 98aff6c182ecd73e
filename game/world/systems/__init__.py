"""The match's systems in two layers, one module each (a file's name says what it holds).

Queries are read-only: they read components and answer; the UI, the AI, the actions and the
effects ask them. Effects change components (through the match's write API) and log typed
events; only the actions (game/world/actions/), the turn driver's steps (game/world/steps.py)
and other effects call them. A system imports what it uses from another by name; the calls
between systems form no cycle (tests/world/test_system_layers.py builds the call graph;
pyproject.toml's contract "The systems' layers" keeps the imports in this order, each line
using only the lines after it):

effects
- phases: the round's phases as esper processors (start, declared, move, end), run by the
  turn driver through `esper.process` (`RoundSteps.phase_step`)
- engagement: a melee attack, its approach walked, free and counter strikes
- movement: stepping along a path (leaving reach, into an overwatch), the moves that end
  with the round
- free_strikes | overwatch | autofire | explosions: strikes at a mover leaving reach;
  watches going off; shots, bursts, area and suppressive fire; throws and blasts
- combat | work: an attack, the ruleset's exchange driven and its typed steps applied, with
  its fumbles; reloads and first aid that last several rounds
- health: a result's harm and typed effects landed, what an attack cost, a unit's state
  changing (falling, exhaustion), the end-of-round checks
- placement | holds | gear: a unit put on a tile, its gait walked; grapples and
  overwhelming; weapons dropped, picked up, jammed

queries
- under_way: first aid given, a weapon dropped, what a unit carries on with
- range | watches: distance and the situation of an attack, the crowd, a shotgun's cone;
  the overwatches, what they cover, who presents itself to them
- paths: reachable tiles, paths and costs, approaching, a full dodge's dive, where a thrust
  lands, how a unit moves this round
- sight | reach: line of sight and cover; holds and the foes able to strike

Each function takes the match first: `paths.reachable(match, uid)`. The UI, the AI and the
actions reach them through the match's doors too (`match.movement.reachable(uid)`,
game/world/doors.py), the same functions bound to the match.
"""

QUERIES = ("sight", "reach", "paths", "range", "watches", "under_way")
EFFECTS = ("placement", "holds", "gear", "health", "combat", "work", "free_strikes", "overwatch", "autofire",
           "explosions", "movement", "engagement", "phases")
