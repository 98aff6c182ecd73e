"""One match: an esper world on a grid, one seeded random source, whole Yags rounds.

    match = Match(grid, squads, seed=7)
    while not match.over:
        for uid in match.start_round():          # increasing initiative
            match.declare(uid, some_action)       # public at once: later declarers see it
        match.resolve_round()                     # fast, normal, slow actions; moves; end

Movement on the grid (yags-combat.md, Initiative: "all movement actions begin at the start of
the round and end at the end of the round"): during the round a mover stands on its start
tile; attacks on it count it as moving; it reaches its end tile after every other action.
A melee attack's approach is implied in the attack and happens when the attack does.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import esper

from engine.dice import Dice
from engine.outcome import Done, Impossible
from engine.ruleset import AttackRequest, Participant, Ruleset, Situation
from engine.turn import Question
from game.maps.grid import GridMap
from game.world import geometry as geo
from game.world.actions import (
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
    describe,
)
from game.world.components import (
    Aiming,
    Ammo,
    Combatant,
    Declared,
    Grenades,
    Initiative,
    Moved,
    Position,
    Posture,
    Unit,
)
from game.world.effects import Effects, is_missile_attack
from game.world.events import Event, EventKind, EventLog, Payload
from game.world.overwatch import Overwatches
from game.world.resolution import RoundResolution

_match_counter = 0


@dataclass(frozen=True)
class UnitView:
    """A read-only snapshot of a unit for the AI, the UI and tests."""

    uid: int
    name: str
    team: str
    pos: tuple[int, int]
    combatant: Any
    state: Any
    initiative: int
    stance: str
    ammo: Ammo | None
    grenades: tuple[str, ...]
    out: bool


@dataclass(frozen=True)
class _Plan:
    """A declaration judged legal, before it is made (Match._plan)."""

    stance: str
    decl: Any
    given: dict[str, Any]
    letting_go: bool
    dodge_path: tuple[tuple[int, int], ...]
    approach: str


@dataclass(frozen=True)
class MatchResult:
    seed: int
    winner: str  # blue, red or draw
    rounds: int
    survivors: dict[str, int]
    casualties: dict[str, int]


def _new_world_name() -> str:
    global _match_counter
    _match_counter += 1
    return f"match-{_match_counter}"


class Match(RoundResolution, Effects, Overwatches):
    """A match in its own esper world."""

    def __init__(self, grid: GridMap, squads: Mapping[str, Sequence[Mapping[str, Any]]], *, seed: int,
                 ruleset: Ruleset | None = None, max_rounds: int | None = None) -> None:
        if ruleset is None:
            from engine.yags.ruleset import YagsRuleset

            ruleset = YagsRuleset()
        self.grid = grid
        geo.prepare(grid)
        self.rules = ruleset
        self.seed = seed
        self.dice = Dice(random.Random(seed))
        self.log = EventLog()
        self.round = 0
        self.phase = "setup"
        self.max_rounds = max_rounds or grid.max_rounds
        self.world = _new_world_name()
        self.teams = tuple(squads)
        self._entities: dict[int, int] = {}
        self._specs: dict[int, dict[str, Any]] = {}  # each unit as given (a disarmed unit is remade bare-handed)
        self._acted: set[int] = set()  # units whose action this round has come (or been skipped)
        self._lost: set[int] = set()  # units that lost the rest of this round's actions (grappled, exhausted)
        self._resting: set[int] = set()  # of those, the ones that became exhausted this round
        self._winner: str | None = None
        self._declare_queue: list[int] = []
        self._round_stance: dict[int, str] = {}  # each unit's posture as this round began
        self._watching: list[int] = []  # units on overwatch this round (as it resolves)
        # Bursts aimed at a unit this round, each noting whether it was in 90% cover (bullet shyness).
        self._pressure: dict[int, list[bool]] = {}
        # Unit views are cached; whatever changes a unit's state, place, stance or grenades
        # calls `_changed` (the ammunition in a view is the live component).
        self._views: dict[int, UnitView] = {}
        self._allowances: dict[int, tuple[UnitView, dict[str, int]]] = {}
        self._roster: list[UnitView] | None = None  # every unit's view, in uid order
        self._flow: Any = None
        esper.switch_world(self.world)
        self._place(squads)
        self._uids = tuple(sorted(self._entities))
        for uid in sorted(self._entities):
            ent = self._entities[uid]
            c = esper.component_for_entity(ent, Combatant)
            value, roll = self.rules.roll_initiative(self.dice, c.combatant)
            esper.add_component(ent, Initiative(value, roll.fumble))
            self._event(EventKind.INITIATIVE, f"{self.name(uid)} {roll.describe()}", uid)

    # --- setup --------------------------------------------------------------------------

    def _place(self, squads: Mapping[str, Sequence[Mapping[str, Any]]]) -> None:
        taken: set[tuple[int, int]] = set()
        names: set[str] = set()
        uid = 0
        for team, specs in squads.items():
            free = [t for t in self.grid.spawn_tiles(team) if t not in taken]
            # Units without a place of their own spread evenly over the spawn tiles.
            unplaced = sum(1 for spec in specs if "x" not in spec or "y" not in spec)
            step = len(free) / unplaced if unplaced else 1
            order = [free[int(i * step)] for i in range(unplaced)] + free if free else []
            for spec in specs:
                if "x" in spec and "y" in spec:
                    tile = (int(spec["x"]), int(spec["y"]))
                    if not self.grid.in_bounds(*tile) or not self.grid.walkable(*tile) or tile in taken:
                        tile = None
                else:
                    tile = None
                if tile is None:
                    candidates = [t for t in order if t not in taken]
                    if not candidates:
                        candidates = [t for t in self._all_walkable() if t not in taken]
                    if not candidates:
                        raise ValueError(f"{self.grid.path}: no free walkable tile for {team} unit {spec.get('name')}")
                    tile = candidates[0]
                taken.add(tile)
                name = str(spec.get("name") or f"{team.title()} {uid + 1}")
                base, n = name, 2
                while name in names:  # names identify units in the log and in results
                    name, n = f"{base} ({n})", n + 1
                names.add(name)
                spec = {**spec, "name": name}
                combatant = self.rules.make_combatant(spec)
                self._specs[uid] = dict(spec)
                facts = self.rules.weapon_facts(combatant)
                comps: list[Any] = [
                    Unit(name, team, uid),
                    Position(*tile),
                    Combatant(combatant, self.rules.fresh_state(combatant)),
                    Posture(), Moved(), Grenades(list(facts.grenades)),
                ]
                if facts.capacity:
                    comps.append(Ammo(facts.capacity, int(spec.get("magazines", 3)), facts.capacity))
                self._entities[uid] = esper.create_entity(*comps)
                uid += 1

    def _all_walkable(self) -> list[tuple[int, int]]:
        g = self.grid
        return [(x, y) for y in range(g.height) for x in range(g.width) if g.walkable(x, y)]

    # --- queries ------------------------------------------------------------------------

    def _use(self) -> None:
        esper.switch_world(self.world)

    def _comp(self, uid: int, kind: type) -> Any:
        return esper.component_for_entity(self._entities[uid], kind)

    def name(self, uid: int) -> str:
        self._use()
        return self._comp(uid, Unit).name

    def uids(self) -> list[int]:
        return list(self._uids)

    def view(self, uid: int) -> UnitView:
        v = self._views.get(uid)
        if v is None:
            v = self._views[uid] = self._build_view(uid)
        return v

    def _changed(self, uid: int) -> None:
        """Forget `uid`'s cached view: its state, place, stance or grenades changed."""
        self._views.pop(uid, None)
        self._roster = None

    def _build_view(self, uid: int) -> UnitView:
        self._use()
        ent = self._entities[uid]
        u = esper.component_for_entity(ent, Unit)
        p = esper.component_for_entity(ent, Position)
        c = esper.component_for_entity(ent, Combatant)
        return UnitView(
            uid, u.name, u.team, p.tile, c.combatant, c.state,
            self.rules.initiative_now(esper.component_for_entity(ent, Initiative).value, c.state),
            esper.component_for_entity(ent, Posture).stance,
            esper.try_component(ent, Ammo), tuple(esper.component_for_entity(ent, Grenades).weapon_ids),
            self.rules.out_of_fight(c.state),
        )

    def units(self, team: str | None = None, living: bool = False) -> list[UnitView]:
        views = self._roster
        if views is None:
            views = self._roster = [self.view(uid) for uid in self._uids]
        return [v for v in views if (team is None or v.team == team) and (not living or not v.out)]

    def enemies_of(self, uid: int, living: bool = True) -> list[UnitView]:
        team = self.view(uid).team
        return [v for v in self.units(living=living) if v.team != team]

    def occupied(self, except_uid: int | None = None) -> set[tuple[int, int]]:
        """Tiles standing units hold (the fallen can be stepped over)."""
        return {v.pos for v in self.units(living=True) if v.uid != except_uid}

    def declaring(self) -> int | None:
        """The unit whose turn it is to declare: the first without a declaration, in
        increasing initiative; None when all have declared."""
        if self.phase != "declare":
            return None
        for uid in self._declare_queue:
            if self.declared(uid) is None and not self.view(uid).out:
                return uid
        return None

    def declared(self, uid: int) -> Declared | None:
        self._use()
        return esper.try_component(self._entities[uid], Declared)

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

    def reachable(self, uid: int, mode: str = "run", stance: str | None = None) -> dict[tuple[int, int], float]:
        """Tiles reachable this round in `mode` (in `stance`, if given), with their cost in
        metres."""
        v = self.view(uid)
        budget = self.allowance_in(uid, stance)[mode]
        friends = {w.pos for w in self.units(v.team, living=True) if w.uid != uid}
        foes = {w.pos for w in self.enemies_of(uid)}
        return geo.reachable(self.grid, v.pos, budget, blocked=foes | friends, pass_through=friends)

    def path(self, uid: int, goal: tuple[int, int]) -> list[tuple[int, int]] | None:
        """The cheapest path to `goal` with the same rules as `reachable` (friends may be
        passed, not stopped on; enemies block)."""
        v = self.view(uid)
        friends = {w.pos for w in self.units(v.team, living=True) if w.uid != uid}
        foes = {w.pos for w in self.enemies_of(uid)}
        return geo.path_to(self.grid, v.pos, goal, blocked=foes | friends, pass_through=friends)

    def can_see(self, a: int, b: int) -> bool:
        return geo.line_of_sight(self.grid, self.view(a).pos, self.view(b).pos)

    def visible_enemies(self, uid: int) -> list[UnitView]:
        pos = self.view(uid).pos
        return [e for e in self.enemies_of(uid) if geo.line_of_sight(self.grid, pos, e.pos)]

    def distance_m(self, a: int, b: int) -> float:
        return geo.distance_m(self.grid, self.view(a).pos, self.view(b).pos)

    # --- rounds -------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> str | None:
        return self._winner

    def _event(self, kind: EventKind, text: str, actor: int | None = None, target: int | None = None,
               data: Payload | None = None) -> None:
        self.log.add(Event(self.round, self.phase, kind, text, actor, target, data))

    def start_round(self) -> list[int]:
        """Begin a round (through the match's own turn driver, game/flow.py): the units that
        declare, in the order they declare; then `declare` each, then `resolve_round`."""
        return self.flow.start_round()

    def resolve_round(self) -> None:
        """Carry out the round declared (the turn driver goes on to the round's end)."""
        self.flow.resolve_round()

    @property
    def flow(self) -> Any:
        """The turn driver that runs this match's rounds when no other was given one."""
        if self._flow is None:
            from game.flow import Flow

            self._flow = Flow(self)
        return self._flow

    def next_round(self) -> None:
        """Count the next round."""
        self._use()
        self.round += 1
        self.phase = "declare"

    def open_declarations(self, order: Sequence[int]) -> None:
        """Units declare in `order` (engine.turn.Declare)."""
        self._use()
        self.phase = "declare"
        self._declare_queue = list(order)
        self._round_stance = {uid: self._comp(uid, Posture).stance for uid in self._declare_queue}
        self._watching = []

    def roll_initiative_all(self) -> None:
        """Roll initiative for every unit still in the fight (engine.turn.Initiative: rulesets
        that roll it every round, or after declarations)."""
        self._use()
        for uid in self.living():
            ent = self._entities[uid]
            value, roll = self.rules.roll_initiative(self.dice, self._comp(uid, Combatant).combatant)
            esper.add_component(ent, Initiative(value, roll.fumble))
            self._changed(uid)
            self._event(EventKind.INITIATIVE, f"{self.name(uid)} {roll.describe()}", uid)

    def act_step(self, uid: int, action: Action, choices: Mapping[str, Any], phase: str) -> Iterator[Question]:
        """`uid` takes its turn (engine.turn.Act): its action is declared and carried out at
        once (a refused one holds). Yields the questions the action asks on the way."""
        self.open_declarations([uid])
        if isinstance(self.declare(uid, action, **dict(choices)), Impossible):
            self.declare(uid, Hold())
        yield from self.resolve_step(uid, phase)

    # --- what the ruleset's round reads (engine.turn.RoundTable) ---------------------------

    def living(self) -> list[int]:
        return [v.uid for v in self.units(living=True)]

    def combatant(self, uid: int) -> Any:
        return self.view(uid).combatant

    def state(self, uid: int) -> Any:
        return self.view(uid).state

    def initiative(self, uid: int) -> int:
        return self.view(uid).initiative

    def speed(self, uid: int) -> str | None:
        return self.action_speed_of(uid)

    def declare(self, uid: int, action: Action, **choices: Any) -> Done | Impossible:
        """Declare `action` for `uid` (public at once). Units declare in increasing initiative
        (Declaring Actions): a unit may declare, or change its declaration, once every unit
        before it has declared and until the next one has."""
        self._use()
        if self.phase != "declare":
            return Impossible("not the declaration phase")
        turn = self.declaring()
        if uid in self._declare_queue and turn is not None and uid != turn:
            pos, now = self._declare_queue.index(uid), self._declare_queue.index(turn)
            if pos > now:
                return Impossible(f"{self.name(turn)} declares before {self.name(uid)} (lower initiative)")
            if pos < now - 1 or (pos == now - 1 and self.declared(uid) is None):
                return Impossible(f"{self.name(uid)}'s turn to declare has passed")
        v = self.view(uid)
        if v.out:
            return Impossible(f"{v.name} is out of the fight")
        refusal = self._lost_round_refusal(uid, action)
        if refusal is not None:
            return refusal
        before = self._rewind_posture(uid)
        out = self._declare_now(uid, action, choices)
        if isinstance(out, Impossible) and before is not None:
            self._comp(uid, Posture).stance = before  # the declaration it had stays, and its posture
            self._changed(uid)
        return out

    def lost_round(self, uid: int) -> bool:
        """Did `uid` fumble its initiative, and is this the first round? Then it "may not act"
        but hold or move: "cannot attack, or declare defences" (The Combat Sequence)."""
        self._use()
        return self.round == 1 and self._comp(uid, Initiative).lost_first_round

    def aiming(self, uid: int) -> tuple[int, int] | None:
        """Whom `uid` last aimed at and the round it spent aiming (Aim), or None: an aimed
        shot at that target is allowed in the next round."""
        self._use()
        a = esper.try_component(self._entities[uid], Aiming)
        return None if a is None else (a.target_uid, a.round)

    def _lost_round_refusal(self, uid: int, action: Action) -> Impossible | None:
        if self.lost_round(uid) and not isinstance(action, Hold | Move):
            return Impossible(f"{self.name(uid)} fumbled initiative: no attacks or defences in the first round")
        return None

    def _rewind_posture(self, uid: int) -> str | None:
        """A unit changing its declaration starts again from the posture it had as the round
        began (its first declaration set the posture at once, so that later declarers see it).
        Returns the posture it had before, or None when nothing was rewound."""
        start = self._round_stance.get(uid)
        if self.phase != "declare" or start is None or self.declared(uid) is None:
            return None
        posture = self._comp(uid, Posture)
        if posture.stance == start or self.grappled_with(uid) is not None:
            return None
        before, posture.stance = posture.stance, start
        self._changed(uid)
        return before

    def _plan(self, uid: int, action: Action, choices: dict[str, Any], full: bool = True) -> _Plan | Impossible:
        """Everything `declare` decides before it changes anything: the stance (inflicted by a
        grapple, kept prone unless the action is standing up, focused for aiming and tending),
        the checks, and the ruleset's declaration. `full`: also the dodge's path and how a
        melee attacker approaches (`check` needs neither)."""
        v = self.view(uid)
        lost = self.lost_round(uid)
        given = dict(choices)
        explicit = choices.pop("stance", None)
        partner = self.grappled_with(uid)
        letting_go = partner is not None and isinstance(action, Move) and self.holds(uid)
        if partner is not None and not letting_go:
            # Grappled: the stance is inflicted; the ruleset hears whom the unit is grappling.
            if explicit not in (None, "grappled"):
                return Impossible(f"{v.name} is grappled with {self.name(partner)}: the grappled stance, not {explicit}")
            stance = "grappled"
            choices["grappling"] = self.name(partner)
        else:
            stance = explicit or (v.stance if v.stance in ("prone", "crouched") else "normal")
            if v.stance == "prone" and stance != "prone" and not isinstance(action, Stand):
                return Impossible(f"{v.name} is prone: standing up takes the action")
            if isinstance(action, Stand):
                stance = "normal"
            if isinstance(action, Aim | FirstAid):
                stance = "focused"  # aiming and tending take the unit's full attention: no defences
        # The move is measured in the stance declared with it (a crouched figure moves at most
        # its combat move, a prone one crawls half that).
        check = self._validate(v, action, stance, {k: x for k, x in choices.items() if k != "grappling"}
                               if partner is not None else choices)
        if isinstance(check, Impossible):
            return check
        if self._bolt_volley(v, action):
            choices["defences"] = 0  # Rate of Fire: no defence in a round of several bolt-action shots
        dodge_path: tuple[tuple[int, int], ...] = ()
        if isinstance(action, FullDodge):
            tile = self._dodge_to(v, action.tile, stance)
            if isinstance(tile, Impossible):
                return tile
            if tile != v.pos and full:
                dodge_path = tuple(self.path(uid, tile) or ())
        approach = self._approach_mode(v, action, stance) if full and isinstance(action, Attack) else "none"
        if isinstance(action, FullDodge):
            choices["full_dodge"] = True
        try:
            decl = self.rules.declare(v.combatant, v.state, stance=stance, lost_round=lost,
                                      initiative=v.initiative, **choices)
        except ValueError as exc:
            return Impossible(str(exc))
        return _Plan(stance, decl, given, letting_go, dodge_path, approach)

    def _declare_now(self, uid: int, action: Action, choices: dict[str, Any]) -> Done | Impossible:
        plan = self._plan(uid, action, choices)
        if isinstance(plan, Impossible):
            return plan
        v = self.view(uid)
        stance = plan.stance
        order = self._declare_queue.index(uid) if uid in self._declare_queue else len(self._declare_queue)
        esper.add_component(self._entities[uid], Declared(action, plan.decl, order, plan.given))
        if plan.letting_go:
            self._release(uid, "lets go")
        if stance in ("prone", "crouched", "normal") and not isinstance(action, Stand):
            self._comp(uid, Posture).stance = stance
            self._changed(uid)
        mv = self._comp(uid, Moved)
        mv.mode, mv.path = "none", ()
        if isinstance(action, Move):
            mv.mode, mv.path = action.mode, action.path
        elif isinstance(action, Attack) and action.mode != "melee" and action.path:
            mv.mode, mv.path = str(action.options.get("move", "free")), action.path
        elif isinstance(action, Attack) and action.mode == "melee":
            # The approach is walked at the attack (not at the end of the round), but the
            # attacker is moving all round: a full Move makes the attack slow.
            mv.mode = plan.approach
        elif plan.dodge_path:
            mv.mode, mv.path = "free", plan.dodge_path
        names = {u: self.name(u) for u in self.uids()}
        self._event(EventKind.DECLARE, f"{v.name} declares {describe(action, names)}", uid, getattr(action, "target", None))
        return Done()

    def check(self, uid: int, action: Action, stance: str | None = None, **choices: Any) -> Done | Impossible:
        """Would `action` be a legal declaration for `uid` now (in `stance`, with the other
        declaration `choices` such as `defences` or `cover_action`, if given)? (The UI greys
        out what is not.) Judged as `declare` judges it: the fumbled-initiative rule, the
        stance rules, the ruleset's own checks, and a unit that has declared this round from
        the posture it began the round in. Whose turn it is to declare is not checked."""
        self._use()
        if self.view(uid).out:
            return Impossible(f"{self.name(uid)} is out of the fight")
        refusal = self._lost_round_refusal(uid, action)
        if refusal is not None:
            return refusal
        before = self._rewind_posture(uid)
        try:
            plan = self._plan(uid, action, {**choices, "stance": stance} if stance else dict(choices), full=False)
            return plan if isinstance(plan, Impossible) else Done()
        finally:
            if before is not None:
                self._comp(uid, Posture).stance = before
                self._changed(uid)

    def _validate(self, v: UnitView, action: Action, stance: str | None = None,
                  choices: Mapping[str, Any] | None = None) -> Done | Impossible:
        choices = choices or {}
        reserved = sorted(k for k in ("full_dodge", "lost_round", "initiative") if k in choices)
        if reserved:
            return Impossible(f"{', '.join(reserved)}: set by the world, not a declaration choice")
        refusal = self._rest_refusal(v, action, choices)
        if refusal is not None:
            return refusal
        refusal = self._grapple_refusal(v, action, stance, choices)
        if refusal is not None:
            return refusal
        if self.grappled_with(v.uid) is None and (stance == "grappled" or "grappling" in choices):
            return Impossible(f"{v.name} holds no one and is held by no one: the grappled stance comes from a grapple")
        if is_missile_attack(action) and stance in ("aggressive", "defensive"):
            # Missile Attacks: "you are considered to be using the normal stance".
            return Impossible(f"a missile attack is made in the normal stance (Missile Attacks), not {stance}")
        if choices.get("cover_action") is not None:
            refusal = self._cover_action_refusal(v, action, choices["cover_action"])
            if refusal is not None:
                return refusal
        if self._bolt_volley(v, action):
            if action.path:
                return Impossible("several bolt-action shots allow no move that round (Rate of Fire)")
            if int(choices.get("defences", 0) or 0) > 0:
                return Impossible("several bolt-action shots allow no defence that round (Rate of Fire)")
            if choices.get("cover_action"):
                return Impossible("several bolt-action shots allow no dodge that round (Rate of Fire)")
        check = self._validate_action(v, action, stance)
        return check

    def _rest_refusal(self, v: UnitView, action: Action, choices: Mapping[str, Any]) -> Impossible | None:
        """Fatigue: "If a character becomes Exhausted then they must immediately rest": on the
        grid, resting is a hold where it stands (no move, no retreat, no dodge for cover, no
        action); it may still lie down or crouch and declare defences (rules-notes)."""
        if not self.rules.must_rest(v.combatant, v.state):
            return None
        if not isinstance(action, Hold):
            return Impossible(f"{v.name} is exhausted and must rest: it may only hold (Fatigue)")
        if int(choices.get("retreat_m", 0) or 0) > 0 or choices.get("cover_action"):
            return Impossible(f"{v.name} is exhausted and must rest: no retreat or move (Fatigue)")
        return None

    def _validate_action(self, v: UnitView, action: Action, stance: str | None = None) -> Done | Impossible:
        facts = self.rules.weapon_facts(v.combatant)
        if isinstance(action, Move):
            return self._validate_path(v, action.path, action.mode, stance)
        if isinstance(action, Attack):
            if action.target not in self._entities:
                return Impossible(f"no unit {action.target}")
            t = self.view(action.target)
            if t.team == v.team:
                return Impossible(f"{t.name} is on your side")
            if t.out:
                return Impossible(f"{t.name} is already down")
            if action.mode == "melee":
                if not facts.melee:
                    return Impossible(f"{facts.name} is not a melee weapon")
                if geo.chebyshev(v.pos, t.pos) <= facts.reach_tiles:
                    return Done()
                path = action.path or self._approach(v, t.pos, facts.reach_tiles, stance)
                if not path:
                    return Impossible(f"cannot reach {t.name} this round")
                return self._validate_path(v, path, "run", stance)
            if facts.melee and action.mode != "throw":
                return Impossible(f"{facts.name} cannot shoot")
            move = action.options.get("move", "free")
            if move == "sprint":
                return Impossible("a sprint allows no attack (Movement)")
            if move not in ("free", "run"):
                return Impossible(f"unknown move mode {move!r} (free or run)")
            if move == "run" and (action.options.get("shot", "normal") != "normal"
                                  or int(action.options.get("shots", 1)) > 1
                                  or int(action.options.get("bursts", 1)) > 1):
                return Impossible("a full Move allows only a standard attack, which is slow (Movement)")
            if action.mode not in facts.modes:
                return Impossible(f"{facts.name} cannot fire {action.mode}")
            if action.options.get("crowd"):
                if facts.spread_m or action.mode not in ("shot", "burst", "triple"):
                    return Impossible("fire at a crowd with a shot or a burst (a shotgun's cone already spreads)")
                if not self.crowd(v.uid, action.target):
                    return Impossible(f"{t.name} is no crowd: nobody you see stands next to it (Firing at a crowd)")
            if not geo.line_of_sight(self.grid, v.pos, t.pos):
                return Impossible(f"no line of sight to {t.name}")
            dist = geo.distance_m(self.grid, v.pos, t.pos)
            if dist > facts.long_m:
                return Impossible(f"{t.name} is beyond long range ({dist:.0f} m > {facts.long_m:g} m)")
            if action.options.get("shot") == "aimed":
                aiming = esper.try_component(self._entities[v.uid], Aiming)
                if aiming is None or aiming.target_uid != action.target or aiming.round != self.round - 1:
                    return Impossible(f"an aimed shot needs a round spent aiming at {t.name} first")
            need = self.rules.ammo_use(v.combatant, action.mode, action.options)
            if v.ammo is not None and v.ammo.jammed:
                return Impossible(f"the {facts.name} is jammed: clear it (reload)")
            if v.ammo is not None and v.ammo.loaded < 1:
                return Impossible(f"{facts.name} is empty: reload")
            if v.ammo is not None and need > v.ammo.loaded and action.mode in ("shot", "triple"):
                return Impossible(f"{facts.name} has {v.ammo.loaded} rounds left, not {need}")
            if action.path:
                return self._validate_path(v, action.path, move, stance)
            return Done()
        if isinstance(action, AreaFire):
            if "area" not in facts.modes:
                return Impossible(f"{facts.name} cannot fire bursts at an area")
            if not self.grid.in_bounds(*action.aim):
                return Impossible("that tile is off the map")
            if tuple(action.aim) == v.pos:
                return Impossible("aim the burst at another tile than your own")
            if v.ammo is not None and v.ammo.jammed:
                return Impossible(f"the {facts.name} is jammed: clear it (reload)")
            if v.ammo is not None and v.ammo.loaded < 1:
                return Impossible(f"{facts.name} is empty: reload")
            return Done()
        if isinstance(action, Throw):
            if action.weapon not in v.grenades:
                return Impossible(f"{v.name} has no {action.weapon}")
            if not self.grid.in_bounds(*action.tile):
                return Impossible("that tile is off the map")
            reach = self.rules.throw_range_m(v.combatant, action.weapon)
            if geo.distance_m(self.grid, v.pos, action.tile) > reach:
                return Impossible(f"too far to throw ({reach:g} m at most)")
            return Done()
        if isinstance(action, Reload):
            if v.ammo is None:
                return Impossible(f"{facts.name} needs no reloading")
            if v.ammo.jammed:
                return Done()  # clearing the jam
            if v.ammo.magazines <= 0:
                return Impossible("no magazines left")
            if v.ammo.loaded >= v.ammo.capacity:
                return Impossible("already loaded")
            return Done()
        if isinstance(action, Stand):
            return Done() if v.stance == "prone" else Impossible(f"{v.name} is not prone")
        if isinstance(action, FirstAid):
            return self._first_aid_refusal(v, action) or Done()
        if isinstance(action, PickUp):
            return self._pick_up_refusal(v) or Done()
        if isinstance(action, Overwatch):
            return self._overwatch_refusal(v, action, stance) or Done()
        if isinstance(action, Aim):
            if action.target not in self._entities or self.view(action.target).team == v.team:
                return Impossible("aim at an enemy")
            if facts.melee:
                return Impossible(f"{facts.name} is not aimed")
            if not geo.line_of_sight(self.grid, v.pos, self.view(action.target).pos):
                return Impossible(f"no line of sight to {self.view(action.target).name}")
            return Done()
        return Done()

    def _validate_path(self, v: UnitView, path: Sequence[tuple[int, int]], mode: str,
                       stance: str | None = None) -> Done | Impossible:
        if mode not in ("free", "run", "sprint"):
            return Impossible(f"unknown move mode {mode!r}")
        if not path:
            return Done()
        if tuple(path[0]) != v.pos:
            path = (v.pos, *path)
        problem = geo.check_path(self.grid, list(path))
        if problem:
            return Impossible(problem)
        cost = geo.path_cost_m(self.grid, list(path))
        budget = self.allowance_in(v.uid, stance)[mode]
        if cost > budget + 1e-9:
            posture = v.stance if stance is None else stance
            return Impossible(f"path costs {cost:.1f} m, {mode} allows {budget} m"
                              + (f" {posture}" if posture in ("prone", "crouched") else ""))
        if tuple(path[-1]) in self.occupied(v.uid):
            return Impossible(f"{path[-1]} is taken")
        return Done()

    def _approach(self, v: UnitView, target: tuple[int, int], reach_tiles: int,
                  stance: str | None = None) -> tuple[tuple[int, int], ...]:
        """The cheapest path to a tile within reach of `target`, within a run."""
        tiles = self.reachable(v.uid, "run", stance)
        best = None
        for tile, cost in tiles.items():
            if geo.chebyshev(tile, target) <= reach_tiles and (best is None or cost < best[1]):
                best = (tile, cost)
        if best is None:
            return ()
        path = self.path(v.uid, best[0])
        return tuple(path) if path else ()

    def _approach_mode(self, v: UnitView, action: Attack, stance: str | None) -> str:
        """How a melee attacker moves to reach its target: none (in reach already), free
        (within half its Move) or run (a full Move: the attack is slow; Movement)."""
        if action.mode != "melee" or action.target not in self._entities:
            return "none"
        facts = self.rules.weapon_facts(v.combatant)
        t = self.view(action.target)
        if geo.chebyshev(v.pos, t.pos) <= facts.reach_tiles:
            return "none"
        path = list(action.path or self._approach(v, t.pos, facts.reach_tiles, stance))
        if path and tuple(path[0]) != v.pos:
            path.insert(0, v.pos)
        cost = geo.path_cost_m(self.grid, path)
        return "run" if cost > self.allowance_in(v.uid, stance)["free"] + 1e-9 else "free"

    def _dodge_to(self, v: UnitView, tile: tuple[int, int] | None,
                  stance: str | None = None) -> tuple[int, int] | Impossible:
        """Where a full dodge takes `v`: to full cover (hidden, or behind hard 90% cover, from
        every enemy that sees it) within its combat move; the nearest such tile when none is
        named. Full Dodge: "there must be some full cover within your base move distance"."""
        budget = self.allowance_in(v.uid, stance)["free"]
        threats = [e.pos for e in self.visible_enemies(v.uid)]
        if tile is None:
            friends = {w.pos for w in self.units(v.team, living=True) if w.uid != v.uid}
            foes = {w.pos for w in self.enemies_of(v.uid)}
            found = geo.full_cover_within(self.grid, v.pos, budget, threats,
                                          blocked=foes | friends, pass_through=friends)
            if found is None:
                return Impossible(f"no full cover within {v.name}'s combat move ({budget} m): "
                                  "a full dodge needs some")
            return found
        tile = (int(tile[0]), int(tile[1]))
        if tile not in self.reachable(v.uid, "free", stance):
            return Impossible(f"{tile} is not within {v.name}'s combat move ({budget} m)")
        if not geo.hidden_from(self.grid, threats, tile):
            return Impossible(f"{tile} is not in full cover from the enemies that see {v.name}")
        return tile

    # --- resolution ---------------------------------------------------------------------

    def participant(self, uid: int) -> Participant:
        v = self.view(uid)
        d = self.declared(uid)
        return Participant(v.name, v.combatant, v.state, d.ruleset_decl if d else None)

    def situation(self, attacker: int, target: int) -> Situation:
        """What the grid says about an attack: distance, cover, movement, surroundings."""
        a, t = self.view(attacker), self.view(target)
        cover = geo.cover_between(self.grid, a.pos, t.pos)
        if t.stance in ("prone", "crouched"):
            cover = _best_cover(cover, t.stance)
        t_moved = self._comp(target, Moved).mode
        a_moved = self._comp(attacker, Moved).mode
        if t_moved != "none":
            # A mover that ends out of the attacker's sight was in cover for part of the round.
            path = self._comp(target, Moved).path
            if path and not geo.line_of_sight(self.grid, a.pos, tuple(path[-1])):
                cover = _best_cover(cover, "hard50")
        # Firing into melee: "If someone is wrestling with the intended target" (someone other
        # than the shooter holds it or is held by it): the wrestler counts for that, not as
        # one more of the people in close combat with it (rules-notes).
        partner = self.grappled_with(target)
        wrestler = partner if partner is not None and partner != attacker else None
        adjacent = [w for w in self.units(living=True)
                    if w.uid not in (attacker, target, wrestler) and geo.chebyshev(w.pos, t.pos) == 1]
        t_facts = self.rules.weapon_facts(t.combatant)
        apart = geo.chebyshev(a.pos, t.pos)
        in_melee = apart <= 1 and t_facts.melee
        return Situation(
            distance_m=max(geo.distance_m(self.grid, a.pos, t.pos), 1.0 * self.grid.metres_per_tile),
            target_cover=cover, attacker_moved=a_moved, target_moved=t_moved,
            lateral=t_moved == "none" or self._lateral(a.pos, target),
            room_reach=geo.room_reach(self.grid, a.pos), in_melee_with_attacker=in_melee,
            target_melee_crowd=sum(1 for w in adjacent if w.team != t.team),
            target_combat_move_m=float(self.movement_allowance(target)["free"]),
            target_wrestling=wrestler is not None, tiles_apart=apart,
        )

    def _lateral(self, shooter: tuple[int, int], uid: int) -> bool:
        """Is `uid`'s movement this round across `shooter`'s line of fire (Other Modifiers:
        "Target moving: lateral movement")? Our reading: its way this round (start to end of
        its path; a melee attacker's, toward its target) is at least 45 degrees off the line
        from the shooter; a walk that ends where it began counts as lateral."""
        v = self.view(uid)
        path = self._comp(uid, Moved).path
        if path:
            start, end = tuple(path[0]), tuple(path[-1])
        else:
            d = self.declared(uid)
            if d is None or not isinstance(d.action, Attack) or d.action.target not in self._entities:
                return True
            start, end = v.pos, self.view(d.action.target).pos
        mx, my = end[0] - start[0], end[1] - start[1]
        fx, fy = v.pos[0] - shooter[0], v.pos[1] - shooter[1]
        if (mx, my) == (0, 0) or (fx, fy) == (0, 0):
            return True
        return abs(mx * fy - my * fx) >= abs(mx * fx + my * fy)

    def _request(self, uid: int, target: int, mode: str, options: Mapping[str, Any]) -> AttackRequest:
        others: tuple = ()
        if options.get("crowd") and mode != "melee":
            others = tuple((self.participant(w.uid), self.situation(uid, w.uid)) for w in self.crowd(uid, target))
        return AttackRequest(self.participant(uid), self.participant(target), mode, dict(options),
                             self.situation(uid, target), others)

    def crowd(self, uid: int, target: int) -> list[UnitView]:
        """Firing at a crowd (the `crowd` option of a shot or burst: "you don't care who you
        hit as long as you hit someone"): the group is the target and every other living
        figure on a tile next to it that the shooter sees, friends too (a random hit may strike
        them), the shooter never (rules-notes). The target is not in the list."""
        t = self.view(target)
        pos = self.view(uid).pos
        return [w for w in self.units(living=True) if w.uid not in (uid, target)
                and geo.chebyshev(w.pos, t.pos) == 1 and geo.line_of_sight(self.grid, pos, w.pos)]

    def preview(self, uid: int, target: int, mode: str = "shot", options: Mapping[str, Any] | None = None) -> Any:
        """The exact chance to hit and of each outcome, as the UI and the AI see it."""
        return self.rules.preview(self._request(uid, target, mode, options or {}))

    def result(self) -> MatchResult:
        survivors = {t: len(self.units(t, living=True)) for t in self.teams}
        casualties = {t: len(self.units(t)) - survivors[t] for t in self.teams}
        return MatchResult(self.seed, self._winner or "draw", self.round, survivors, casualties)

    def close(self) -> None:
        """Delete this match's esper world."""
        if esper.current_world == self.world:
            esper.switch_world("default")
        if self.world in esper.list_worlds():
            esper.delete_world(self.world)


def _best_cover(cover: str | None, other: str) -> str:
    rank = {None: 0, "crouched": 5, "soft50": 5, "prone": 10, "soft90": 10, "hard50": 10, "hard90": 20}
    return other if rank.get(other, 0) > rank.get(cover, 0) else (cover or other)
