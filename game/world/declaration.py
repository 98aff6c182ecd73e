"""Declarations: who may declare when, and the rules every declaration answers to before its
action's own check (yags-combat.md, Declaring Actions; Stance; Grappled; Shooting from Cover;
Rate of Fire; The Combat Sequence: a fumbled initiative; yags-core.md, Fatigue).

    match.declare(uid, action, **choices)   # public at once; Done or Impossible(reason)
    match.check(uid, action, stance, ...)    # would it be legal? (the UI greys out what is not)

A unit may declare, or change its declaration, once every unit before it in the round's order
has declared and until the next one has. The stance is inflicted by a grapple, kept prone
unless the action is standing up, focused for aiming and tending; a move is measured in the
stance declared with it. The ruleset's own `declare` makes its declaration value (defences,
stance...), which the world keeps opaque.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.outcome import Done, Impossible
from engine.ruleset import Intent
from game.world.actions import COVER_ACTIONS, Action, Hold, describe, kind_of
from game.world.components import Declared, Initiative, Moved, Posture, ReactionPolicy
from game.world.events import EventKind
from game.world.legality import ruleset_refusal

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]


@dataclass(frozen=True)
class Plan:
    """A declaration judged legal, before it is made."""

    stance: str
    decl: Any
    given: dict[str, Any]
    letting_go: bool
    dodge_path: tuple[Tile, ...]
    approach: str


def is_missile_attack(action: Action) -> bool:
    """A shot, burst, area fire or throw (Missile Attacks): made in the normal stance."""
    return kind_of(action).missile(action)


class Declarations:
    """The declaring half of a match."""

    def __init__(self, match: Match) -> None:
        self.m = match

    # --- declaring ------------------------------------------------------------------------------

    def declare(self, uid: int, action: Action, choices: dict[str, Any]) -> Done | Impossible:
        m = self.m
        m.use_world()
        if m.phase != "declare":
            return Impossible("not the declaration phase")
        turn = m.declaring()
        queue = m.turn.queue
        if uid in queue and turn is not None and uid != turn:
            pos, now = queue.index(uid), queue.index(turn)
            if pos > now:
                return Impossible(f"{m.name(turn)} declares before {m.name(uid)} (lower initiative)")
            if pos < now - 1 or (pos == now - 1 and m.declared(uid) is None):
                return Impossible(f"{m.name(uid)}'s turn to declare has passed")
        v = m.view(uid)
        if v.out:
            return Impossible(f"{v.name} is out of the fight")
        refusal = self._lost_round_refusal(uid, action)
        if refusal is not None:
            return refusal
        before = self._rewind_posture(uid)
        out = self._declare_now(uid, action, choices)
        if isinstance(out, Impossible) and before is not None:
            m.write(uid, Posture, stance=before)  # the declaration it had stays, and its posture
        return out

    def declare_or_hold(self, uid: int, action: Action, choices: dict[str, Any]
                        ) -> tuple[Action, dict[str, Any], Done | Impossible]:
        """Declare `action`; a refused one holds instead (the one place of that rule). Returns
        what was declared, with its choices, and how the last declaration went."""
        out = self.declare(uid, action, dict(choices))  # (the declaration adds to the dict it gets)
        if isinstance(out, Impossible):
            action, choices = Hold(), {}
            out = self.declare(uid, action, {})
        return action, choices, out

    def check(self, uid: int, action: Action, stance: str | None, choices: dict[str, Any]) -> Done | Impossible:
        m = self.m
        m.use_world()
        if m.view(uid).out:
            return Impossible(f"{m.name(uid)} is out of the fight")
        refusal = self._lost_round_refusal(uid, action)
        if refusal is not None:
            return refusal
        before = self._rewind_posture(uid)
        try:
            plan = self._plan(uid, action, {**choices, "stance": stance} if stance else dict(choices), full=False)
            return plan if isinstance(plan, Impossible) else Done()
        finally:
            if before is not None:
                m.write(uid, Posture, stance=before)

    def lost_round(self, uid: int) -> bool:
        """Did `uid` fumble its initiative, and is this the first round? Then it "may not act"
        but hold or move: "cannot attack, or declare defences" (The Combat Sequence)."""
        m = self.m
        m.use_world()
        return m.round == 1 and m.component(uid, Initiative).lost_first_round

    def _lost_round_refusal(self, uid: int, action: Action) -> Impossible | None:
        if self.lost_round(uid) and not kind_of(action).without_initiative:
            return Impossible(f"{self.m.name(uid)} fumbled initiative: no attacks or defences in the first round")
        return None

    def _rewind_posture(self, uid: int) -> str | None:
        """A unit changing its declaration starts again from the posture it had as the round
        began (its first declaration set the posture at once, so that later declarers see it).
        Returns the posture it had before, or None when nothing was rewound."""
        m = self.m
        start = m.turn.stance_at_start.get(uid)
        if m.phase != "declare" or start is None or m.declared(uid) is None:
            return None
        posture = m.component(uid, Posture)
        if posture.stance == start or m.engagement.grappled_with(uid) is not None:
            return None
        before = posture.stance
        m.write(uid, Posture, stance=start)
        return before

    def _plan(self, uid: int, action: Action, choices: dict[str, Any], full: bool = True) -> Plan | Impossible:
        """Everything `declare` decides before it changes anything: the stance, the checks, and
        the ruleset's declaration. `full`: also the dodge's path and how a melee attacker
        approaches (`check` needs neither)."""
        m = self.m
        v = m.view(uid)
        kind = kind_of(action)
        lost = self.lost_round(uid)
        given = dict(choices)
        explicit = choices.pop("stance", None)
        partner = m.engagement.grappled_with(uid)
        letting_go = partner is not None and kind.lets_go and m.engagement.holds(uid)
        if partner is not None and not letting_go:
            # Grappled: the stance is inflicted; the ruleset hears whom the unit is grappling.
            if explicit not in (None, "grappled"):
                return Impossible(f"{v.name} is grappled with {m.name(partner)}: the grappled stance, not {explicit}")
            stance = "grappled"
            choices["grappling"] = m.name(partner)
        else:
            stance = explicit or (v.stance if v.stance in ("prone", "crouched") else "normal")
            if v.stance == "prone" and stance != "prone" and not kind.stands_up:
                return Impossible(f"{v.name} is prone: standing up takes the action")
            if kind.stands_up:
                stance = "normal"
            if kind.focused:
                stance = "focused"  # aiming and tending take the unit's full attention: no defences
        # The move is measured in the stance declared with it (a crouched figure moves at most
        # its combat move, a prone one crawls half that).
        check = self._validate(v, action, stance, {k: x for k, x in choices.items() if k != "grappling"}
                               if partner is not None else choices)
        if isinstance(check, Impossible):
            return check
        if self._bolt_volley(v, action):
            choices["defences"] = 0  # Rate of Fire: no defence in a round of several bolt-action shots
        dodge_path = kind.dodge_path(m, v, action, stance, full)
        if isinstance(dodge_path, Impossible):
            return dodge_path
        # How a melee attacker approaches (a run makes it slow; some rulesets allow no attack
        # after a run): the ruleset's declaration hears it, so `check` works it out too.
        approach = kind.approach(m, v, action, stance)
        intent = self._intent(action, approach)
        refusal = ruleset_refusal(m, v, action, stance, intent)  # what the rules allow: the ruleset's answer
        if refusal is not None:
            return refusal
        if kind.dodges:
            choices["full_dodge"] = True
        if "reaction" not in choices and m.reaction_policy(uid) is not None:
            choices["reaction"] = m.reaction_policy(uid)  # the standing policy it keeps
        try:
            decl = m.rules.declare(v.combatant, v.state, stance=stance, lost_round=lost,
                                   initiative=v.initiative, intent=intent, **choices)
        except ValueError as exc:
            return Impossible(str(exc))
        return Plan(stance, decl, given, letting_go, dodge_path, approach)

    def intent_of(self, action: Action) -> Intent:
        """The action as the ruleset hears it (a melee approach not worked out)."""
        return self._intent(action, "none")

    def _intent(self, action: Action, approach: str) -> Intent:
        """The action as the ruleset's declaration hears it (engine.ruleset.Intent)."""
        m = self.m
        kind = kind_of(action)
        target = kind.target(action)
        return Intent(kind.tag, kind.mode(action), kind.options(action), m.name(target) if m.has_unit(target) else None,
                      kind.gait(action, approach))

    def _declare_now(self, uid: int, action: Action, choices: dict[str, Any]) -> Done | Impossible:
        m = self.m
        plan = self._plan(uid, action, choices)
        if isinstance(plan, Impossible):
            return plan
        v = m.view(uid)
        stance = plan.stance
        queue = m.turn.queue
        order = queue.index(uid) if uid in queue else len(queue)
        m.put(uid, Declared(action, plan.decl, order, plan.given))
        if "reaction" in plan.given and m.rules.choice_rules is not None and m.rules.choice_rules.reaction_policies():
            m.put(uid, ReactionPolicy(str(plan.given["reaction"])))
        if plan.letting_go:
            m.engagement.release(uid, "lets go")
        kind = kind_of(action)
        if stance in ("prone", "crouched", "normal") and not kind.stands_up:
            posture = m.component(uid, Posture)
            if posture.stance != stance:  # (the same stance: the views and the roster still hold)
                m.write(uid, Posture, stance=stance)
        mv = m.component(uid, Moved)
        mv.mode, mv.path = "none", ()
        kind.declared(m, uid, action, plan.approach, plan.dodge_path)
        m.event(EventKind.DECLARE, f"{v.name} declares {describe(action, m.names)}", uid, kind.target(action))
        return Done()

    # --- the rules every declaration answers to ----------------------------------------------

    def _validate(self, v: UnitView, action: Action, stance: str | None = None,
                  choices: Mapping[str, Any] | None = None) -> Done | Impossible:
        choices = choices or {}
        reserved = sorted(k for k in ("full_dodge", "lost_round", "initiative", "intent") if k in choices)
        if reserved:
            return Impossible(f"{', '.join(reserved)}: set by the world, not a declaration choice")
        refusal = self._rest_refusal(v, action, choices)
        if refusal is not None:
            return refusal
        refusal = self._grapple_refusal(v, action, stance, choices)
        if refusal is not None:
            return refusal
        if self.m.engagement.grappled_with(v.uid) is None and (stance == "grappled" or "grappling" in choices):
            return Impossible(f"{v.name} holds no one and is held by no one: the grappled stance comes from a grapple")
        if is_missile_attack(action) and stance in ("aggressive", "defensive"):
            # Missile Attacks: "you are considered to be using the normal stance".
            return Impossible(f"a missile attack is made in the normal stance (Missile Attacks), not {stance}")
        if choices.get("cover_action") is not None:
            refusal = self._cover_action_refusal(v, action, choices["cover_action"])
            if refusal is not None:
                return refusal
        if self._bolt_volley(v, action):
            if kind_of(action).path(action):
                return Impossible("several bolt-action shots allow no move that round (Rate of Fire)")
            if int(choices.get("defences", 0) or 0) > 0:
                return Impossible("several bolt-action shots allow no defence that round (Rate of Fire)")
            if choices.get("cover_action"):
                return Impossible("several bolt-action shots allow no dodge that round (Rate of Fire)")
        return kind_of(action).check(self.m, v, action, stance)

    def _rest_refusal(self, v: UnitView, action: Action, choices: Mapping[str, Any]) -> Impossible | None:
        """Fatigue: "If a character becomes Exhausted then they must immediately rest": on the
        grid, resting is a hold where it stands (no move, no retreat, no dodge for cover, no
        action); it may still lie down or crouch and declare defences (rules-notes)."""
        if not self.m.rules.must_rest(v.combatant, v.state):
            return None
        if not kind_of(action).rests:
            return Impossible(f"{v.name} is exhausted and must rest: it may only hold (Fatigue)")
        if int(choices.get("retreat_m", 0) or 0) > 0 or choices.get("cover_action"):
            return Impossible(f"{v.name} is exhausted and must rest: no retreat or move (Fatigue)")
        return None

    def _grapple_refusal(self, v: UnitView, action: Action, stance: str | None,
                         choices: Mapping[str, Any]) -> Impossible | None:
        """Grappled: "Neither can defend against attacks made by others, nor can they attack
        anyone other than the person they are grappling"; the held cannot move away (escaping
        a hold is not in the game); the holder lets go by declaring a move."""
        m = self.m
        partner = m.engagement.grappled_with(v.uid)
        if partner is None:
            return None
        p = m.name(partner)
        holds = m.engagement.holds(v.uid)
        kind = kind_of(action)
        if kind.lets_go and holds:
            return None  # lets go of the hold
        if stance not in (None, "grappled"):
            return Impossible(f"{v.name} is grappled with {p}: the grappled stance, not {stance}")
        if kind.leaves_tile(action):
            if holds:
                return Impossible(f"{v.name} holds {p}: it moves only by letting go (a plain move)")
            return Impossible(f"{v.name} is held by {p} and cannot move away (Grappled)")
        if choices.get("cover_action"):
            return Impossible(f"{v.name} is grappled with {p}: no shooting from cover")
        if kind.attacks and kind.target(action) != partner:
            return Impossible(f"{v.name} is grappled with {p} and can attack no one else (Grappled)")
        if kind.needs_hands:
            return Impossible(f"{v.name} is grappled with {p}: its hands are full")
        return None

    def _bolt_volley(self, v: UnitView, action: Action) -> bool:
        """Several shots a round from a bolt action (Rate of Fire: "You cannot make any defence
        or move actions in a round when firing multiple shots like this")."""
        return kind_of(action).volley(action) and self.m.rules.weapon_facts(v.combatant).bolt_action

    def _cover_action_refusal(self, v: UnitView, action: Action, cover_action: Any) -> Impossible | None:
        """Shooting from Cover. "step_out" (firing from full cover): a missile attack, standing,
        with full cover to duck back behind: hard 90% cover between it and the target, or a
        tile next to it out of the target's sight. "cover_to_cover": a move, or a shot with a
        free move ("within your combat move, you may also shoot"), from a place of cover to
        another."""
        m = self.m
        if cover_action not in COVER_ACTIONS:
            return Impossible(f"unknown cover action {cover_action!r}: step_out or cover_to_cover")
        kind = kind_of(action)
        target = kind.target(action)
        if cover_action == "step_out":
            if not kind.shot(action):
                return Impossible("stepping out of cover is for a shot (Firing from full cover)")
            if kind.path(action):
                return Impossible("stepping out to shoot: no move that round (use cover_to_cover)")
            t = m.view(target).pos if m.has_unit(target) else None
            if t is None:
                return None
            ducks = [p for p in [v.pos, *m.topology.neighbours(v.pos)]
                     if (p == v.pos or m.grid.walkable(*p)) and m.topology.hidden_from([t], p)]
            if not ducks:
                return Impossible(f"no full cover to step out from: {v.name} needs hard 90% cover "
                                  "toward the target, or a tile beside it out of the target's sight")
            return None
        path = kind.path(action)
        if kind.shot(action):
            if not path:
                return Impossible("moving from cover to cover needs a path")
            if kind.gait(action) != "free":
                return Impossible("shooting while moving from cover to cover: within the combat move only")
        elif kind.attacks or not kind.advances(action):  # (a plain move advances, attacking no one)
            return Impossible("moving from cover to cover is a move, or a shot with a move")
        if not path:
            return Impossible("moving from cover to cover needs a path")
        if not m.sight.in_cover(v, v.pos):
            return Impossible(f"{v.name} is not in cover where it stands: enemies see it in the open")
        if not m.sight.in_cover(v, (path[-1][0], path[-1][1])):
            return Impossible(f"{tuple(path[-1])} is not in cover from the enemies that see it")
        return None
