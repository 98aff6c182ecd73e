"""One match: an esper world on a grid, one seeded random source, its systems and its queries.

    match = Match(grid, squads, seed=7)
    flow = Flow(match, {"blue": ai, "red": ai})   # game/flow.py runs the rounds
    while not match.over:
        flow.play_round()

or, declaring from outside (the UI's player, a test):

    for uid in match.start_round():          # the ruleset's declaration order
        match.declare(uid, some_action)       # public at once: later declarers see it
    match.resolve_round()                     # the rest of the round, as the ruleset runs it

The match holds the state (components in its own esper world) and answers the queries the
AI, the UI and the tests share; the round's work is done by its systems (game/world/systems/:
queries and effects, functions of the match, reached through the match's doors,
game/world/doors.py; the round's phases are its esper processors) and its actions
(game/world/actions/, one module each); how a round runs is the ruleset's (engine/turn.py),
driven by game/flow.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import esper

from engine.dice import Dice
from engine.outcome import Done, Impossible
from engine.ruleset import Participant, Ruleset
from game.maps.grid import GridMap
from game.world.actions import Action, Attack
from game.world.components import (
    Aiming,
    Combatant,
    Declared,
    Initiative,
    ReactionPolicy,
)
from game.world.declaration import Declarations
from game.world.doors import Doors
from game.world.events import Event, EventKind, EventLog, Payload
from game.world.round_state import RoundState
from game.world.setup import place
from game.world.steps import RoundSteps
from game.world.systems.paths import approach_mode
from game.world.systems.phases import PROCESSORS
from game.world.systems.range import request as attack_request
from game.world.topology import SquareGrid, Topology
from game.world.unit_store import UnitStore, UnitView

_match_counter = 0


@dataclass(frozen=True)
class MatchResult:
    seed: int
    winner: str  # blue, red or draw
    rounds: int
    survivors: dict[str, int]  # standing on the map at the end
    casualties: dict[str, int]  # down
    by: str = "elimination"  # elimination, objective or time
    objectives: tuple[str, ...] = ()  # by objective: the objectives met (or a protect's that fell)
    exited: dict[str, int] = field(default_factory=dict)  # units that left the map by an exit


def _new_world_name() -> str:
    global _match_counter
    _match_counter += 1
    return f"match-{_match_counter}"


class Match(UnitStore):
    """A match in its own esper world (its units' components and views: game/world/unit_store.py)."""

    def __init__(self, grid: GridMap, squads: Mapping[str, Sequence[Mapping[str, Any]]], *, seed: int,
                 ruleset: Ruleset | None = None, max_rounds: int | None = None, fog: bool = False) -> None:
        if ruleset is None:
            from engine.yags.ruleset import YagsRuleset

            ruleset = YagsRuleset()
        self.grid = grid
        self.fog = fog
        if fog:  # fog of war: tcod's field of view is the one sight function (game/world/fog.py)
            from game.world.fog import FogGrid

            self.topology: Topology = FogGrid(grid)
        else:
            self.topology = SquareGrid(grid)
        self.seed = seed
        self.dice = Dice(random.Random(seed))
        self.log = EventLog()
        self.round = 0
        self.phase = "setup"
        self.max_rounds = max_rounds or grid.max_rounds
        super().__init__(_new_world_name(), ruleset)
        self.teams = tuple(squads)
        self._specs: dict[int, dict[str, Any]] = {}  # each unit as given (a disarmed unit is remade bare-handed)
        self.turn = RoundState()  # the round's bookkeeping: declaring order, who acted, who lost it
        self._winner: str | None = None
        self._by = "elimination"  # how the match was decided (steps.check_victory)
        self._decided_by: tuple[str, ...] = ()  # the objectives that decided it
        self._allowances: dict[int, tuple[UnitView, dict[str, int]]] = {}
        self.driver: Any = None  # its own turn driver, once one is asked for (game.flow.driver)
        esper.switch_world(self.world)
        self.declarations = Declarations(self)
        self.steps = RoundSteps(self)
        # The round's phases, as esper processors (game/world/systems/phases.py), and the doors to
        # the systems (game/world/doors.py: `self.movement.reachable(uid)`, ...).
        for phase in PROCESSORS:
            esper.add_processor(phase(self))
        doors = Doors(self)
        self.movement, self.sight, self.range = doors.movement, doors.sight, doors.range
        self.engagement, self.combat, self.autofire = doors.engagement, doors.combat, doors.autofire
        self.explosions, self.health, self.work = doors.explosions, doors.health, doors.work
        self.overwatch = doors.overwatch
        place(grid, ruleset, squads, self._entities, self._specs)
        self._uids = tuple(sorted(self._entities))
        self._uid_of.update({ent: uid for uid, ent in self._entities.items()})
        self.names: dict[int, str] = {uid: self.name(uid) for uid in self._uids}  # fixed for the match: read only
        for uid in sorted(self._entities):
            ent = self._entities[uid]
            if not self.rules.initiative_at_setup():  # rolled in the round's Initiative step
                esper.add_component(ent, Initiative(0))
                continue
            c = esper.component_for_entity(ent, Combatant)
            value, roll = self.rules.roll_initiative(self.dice, c.combatant)
            esper.add_component(ent, Initiative(value, roll.fumble, roll.fumble))
            self.event(EventKind.INITIATIVE, f"{self.name(uid)} {roll.describe()}", uid)
        from game.world.objectives import Objectives

        self.objectives = Objectives(self)  # the map's objectives, judged at each round's end
        self.vision: Any = None  # each side's sight and memory in a fogged match (game/world/sideview.py)
        if fog:
            from game.world.sideview import SideViews

            self.vision = SideViews(self)
            self.vision.note()

    def sees(self, team: str, uid: int) -> bool:
        """Does `team` see unit `uid` now? Always with fog off."""
        return self.vision is None or self.vision.sees(team, uid)

    def note_sight(self) -> None:
        """Each side remembers what it sees now (fogged matches; the turn driver calls it)."""
        if self.vision is not None:
            self.vision.note()

    def declared(self, uid: int) -> Declared | None:
        self.use_world()
        return esper.try_component(self._entities[uid], Declared)

    def all_declared(self) -> dict[int, Declared]:
        """Every declaration standing now, by uid: `declared` for all the units at once."""
        self.use_world()
        uid_of = self._uid_of
        return {uid_of[ent]: d for ent, d in esper.get_component(Declared) if ent in uid_of}

    def declaring(self) -> int | None:
        """The unit whose turn it is to declare: the first without a declaration, in the
        round's order; None when all have declared."""
        if self.phase != "declare":
            return None
        declared = self.all_declared()
        for uid in self.turn.queue:
            if uid not in declared and not self.view(uid).out:
                return uid
        return None

    def movement_allowance(self, uid: int) -> dict[str, int]:
        v = self.view(uid)
        hit = self._allowances.get(uid)
        if hit is None or hit[0] is not v:  # worked out again when the view changes
            hit = self._allowances[uid] = (v, self.rules.movement(v.combatant, v.state, v.stance))
        return dict(hit[1])

    def allowance_in(self, uid: int, stance: str | None = None) -> dict[str, int]:
        """Metres a unit may move this round in each mode if it takes `stance` (None: the
        stance it has): crouched moves at most its combat move, prone crawls half that
        (Shooting from Cover, the cover table)."""
        v = self.view(uid)
        posture = stance if stance in ("prone", "crouched") else "normal"
        now = v.stance if v.stance in ("prone", "crouched") else "normal"
        if stance is None or posture == now:
            return self.movement_allowance(uid)
        return dict(self.rules.movement(v.combatant, v.state, posture))

    def lost_round(self, uid: int) -> bool:
        """Did `uid` fumble its initiative, and is this the first round? (The Combat Sequence)"""
        return self.declarations.lost_round(uid)

    def aiming(self, uid: int) -> tuple[int, int] | None:
        """Whom `uid` last aimed at and the round it spent aiming (Aim), or None: an aimed
        shot at that target is allowed in the next round."""
        self.use_world()
        a = esper.try_component(self._entities[uid], Aiming)
        return None if a is None else (a.target_uid, a.round)

    # --- what the systems answer (their queries, through the doors: match.movement.reachable(uid),
    # match.sight.can_see(a, b), ...; game/world/systems/)

    def participant(self, uid: int, undeclared: bool = False) -> Participant:
        """`uid` as the ruleset sees it: with its declaration this round (`undeclared`: as
        before it declared, the reaction policy it keeps still answering)."""
        v = self.view(uid)
        d = None if undeclared else self.declared(uid)
        decl = d.ruleset_decl if d else None
        if d is None:
            policy = self.reaction_policy(uid)
            if policy is not None:  # between its turns, the policy it keeps still answers
                decl = self.rules.declare(v.combatant, v.state, reaction=policy)
        return Participant(v.name, v.combatant, v.state, decl)

    def reaction_policy(self, uid: int) -> str | None:
        """The standing answer `uid` keeps for reaction questions (the declaration choice
        `reaction`), or None: it is asked each time."""
        self.use_world()
        p = esper.try_component(self._entities[uid], ReactionPolicy)
        return None if p is None else p.key

    def preview(self, uid: int, target: int, mode: str = "shot", options: Mapping[str, Any] | None = None,
                sees_all: bool = False) -> Any:
        """The exact chance to hit and of each outcome, as the UI and the AI see it: under fog
        of war from what `uid`'s side knows (no unseen bystander; `sees_all`: the truth)."""
        return self.rules.preview(self.preview_request(uid, target, mode, options or {}, sees_all=sees_all))

    def preview_request(self, uid: int, target: int, mode: str, options: Mapping[str, Any],
                        path: tuple[tuple[int, int], ...] = (), sees_all: bool = False) -> Any:
        """The attack request a preview before the declaration reads: under fog of war as
        `uid`'s side knows the surroundings; with the move the declaration will state with it
        (a melee attack's approach, worked out as `declare` does: walked when the target is
        out of reach, free or run by its cost; else a staged `path`'s mode, `options["move"]`
        or free), so that a ruleset counting the move's actions counts them before too.
        While declarations are open, a unit changing its declaration is previewed without the
        old one where a declaration states the round's actions (step dice)."""
        knows = None if self.vision is None or sees_all else self.view(uid).team
        request = attack_request(self, uid, target, mode, options, knows=knows)
        if self.phase == "declare" and self.rules.declaration_counts_actions() and self.declared(uid) is not None:
            request = replace(request, attacker=self.participant(uid, undeclared=True))
        if mode == "melee":
            move = approach_mode(self, self.view(uid), Attack(target, mode, dict(options), tuple(path)), None)
        else:
            move = str(options.get("move", "free")) if path else "none"
        if move == "none":
            return request
        return replace(request, situation=replace(request.situation, attacker_moved=move))

    # --- declarations ----------------------------------------------------------------------

    def declare(self, uid: int, action: Action, **choices: Any) -> Done | Impossible:
        """Declare `action` for `uid` (public at once; game/world/declaration.py)."""
        return self.declarations.declare(uid, action, choices)

    def declare_or_hold(self, uid: int, action: Action, **choices: Any
                        ) -> tuple[Action, dict[str, Any], Done | Impossible]:
        """Declare `action` for `uid`, or Hold when it is refused: what was declared (the
        action and its choices) and how the declaration went."""
        return self.declarations.declare_or_hold(uid, action, dict(choices))

    def check(self, uid: int, action: Action, stance: str | None = None, **choices: Any) -> Done | Impossible:
        """Would `action` be a legal declaration for `uid` now (in `stance`, with the other
        declaration `choices` such as `defences` or `cover_action`, if given)? (The UI greys
        out what is not.) Judged as `declare` judges it; whose turn it is is not checked."""
        return self.declarations.check(uid, action, stance, dict(choices))

    # --- the round, as the turn driver (game/flow.py) carries out its steps ------------------

    @property
    def over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> str | None:
        return self._winner

    def note(self, text: str, actor: int | None = None) -> None:
        """A line of information in the log (an AI's change of orders, say)."""
        self.event(EventKind.INFO, text, actor)

    def spec(self, uid: int) -> dict[str, Any]:
        """The unit as it was given (name, role, template, weapon...): a copy."""
        return dict(self._specs[uid])

    def event(self, kind: EventKind, text: str, actor: int | None = None, target: int | None = None,
              data: Payload | None = None) -> None:
        """Add an event of this round and phase to the log."""
        self.log.add(Event(self.round, self.phase, kind, text, actor, target, data))

    # --- the end ----------------------------------------------------------------------------

    def leave(self, uid: int, exit_name: str) -> None:
        """`uid` leaves the map safe by an exit: it is no longer on the map (not in `units`),
        neither standing nor down."""
        self._gone[uid] = exit_name
        self._changed(uid)
        self.event(EventKind.INFO, f"{self.name(uid)} leaves the map by {exit_name!r}", uid)

    def has_left(self, uid: int) -> bool:
        """Did `uid` leave the map by an exit?"""
        return uid in self._gone

    def exited(self, team: str) -> list[int]:
        """The side's units that left the map by an exit, in the order they left."""
        return [uid for uid in self._gone if self.view(uid).team == team]

    def decide(self, winner: str, by: str = "elimination", objectives: tuple[str, ...] = ()) -> None:
        """The match is decided: `winner` (a side or draw), `by` elimination, objective or time."""
        self._winner, self._by, self._decided_by = winner, by, objectives

    @property
    def decided_by(self) -> tuple[str, tuple[str, ...]]:
        """How the match was decided: elimination, objective or time, and the objectives."""
        return self._by, self._decided_by

    def result(self) -> MatchResult:
        survivors = {t: len(self.units(t, living=True)) for t in self.teams}
        casualties = {t: len(self.units(t)) - survivors[t] for t in self.teams}
        exited = {t: len(self.exited(t)) for t in self.teams}
        return MatchResult(self.seed, self._winner or "draw", self.round, survivors, casualties,
                           self._by, self._decided_by, exited)

    def close(self) -> None:
        """Delete this match's esper world."""
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)
