"""The small interface between the game and a ruleset.

The game (esper world, AI, UI) only ever calls these methods, with ruleset-neutral tactical
facts from the grid (`Situation`) and opaque values the ruleset made itself (combatants,
states, declarations). Yags implements it in `engine.yags.ruleset`; Mythras Imperative (d100,
action points, hit locations) can implement the same methods with its own values, because
the game never looks inside them: it reads `status()` and `describe()` for display, and
`out_of_fight()` for victory.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.dice import Dice
from engine.outcome import Impossible
from engine.rolls import Roll
from engine.ruleset_types import (  # noqa: F401 (the interface's values, imported from here too)
    Applied,
    AttackRequest,
    DeclarationRequest,
    HealthFacts,
    HeldWeapon,
    Intent,
    Outcome,
    Participant,
    Preview,
    Situation,
    WeaponFacts,
)
from engine.turn import Option, Question, RoundTable, Step, declare_then_resolve


class Ruleset(ABC):
    """What the game needs from a ruleset; nothing more."""

    name: str = "ruleset"

    @abstractmethod
    def make_combatant(self, spec: Mapping[str, Any]) -> Any:
        """Build a combatant from a data mapping (name, attributes, skills, weapon, armour)."""

    def spec_problem(self, spec: Mapping[str, Any]) -> str | None:
        """What stops `spec` (a unit as a map or squad gives it, with Yags catalogue ids) from
        being built under this ruleset (an id with no equivalent, a role with no template), in
        one line naming the ruleset; None when it builds."""
        try:
            self.make_combatant(spec)
        except KeyError as exc:
            return str(exc) if type(exc).__str__ is not KeyError.__str__ else str(exc.args[0] if exc.args else exc)
        except ValueError as exc:
            return str(exc)
        return None

    @abstractmethod
    def fresh_state(self, combatant: Any) -> Any:
        """The state of an unhurt combatant at the start of a match."""

    def initiative_at_setup(self) -> bool:
        """Is initiative rolled once, when the match is set up (Yags)? A ruleset that rolls it
        in its round's `Initiative` step says False (no roll is made at setup)."""
        return True

    @abstractmethod
    def roll_initiative(self, dice: Dice, combatant: Any, state: Any = None, declaration: Any = None) -> tuple[int, Roll]:
        """Initiative value and its roll (`state` and `declaration`: for rulesets that roll it
        during the match, from what the unit is and declared)."""

    @abstractmethod
    def movement(self, combatant: Any, state: Any, posture: str = "normal") -> dict[str, int]:
        """Metres allowed per round by what the move allows (keys the UI shades)."""

    @abstractmethod
    def declare(self, combatant: Any, state: Any, **choices: Any) -> Any:
        """A declaration for this round (stance, defences, ...), validated; raises ValueError."""

    def may_declare(self, request: DeclarationRequest) -> Impossible | None:
        """May the unit declare this now, by the rules (the ruleset's legality: its wounds,
        posture, gait, weapon's state, Action Points...)? None: it may; else the refusal
        with its reason. The world asks it once the declaration is possible on the grid
        (reach, sight, paths: each `ActionKind.check`), before it is accepted, so the same
        answer greys the UI's buttons, keeps the AI from it and refuses it before anything
        is spent. By default nothing more is refused (Yags: the world's own checks)."""
        return None

    def initiative_now(self, initiative: int, state: Any) -> int:
        """This round's initiative from the rolled one (Yags: lowered by shock)."""
        return initiative

    def note_attacked(self, declaration: Any, attacker: str) -> Any:
        """Record that `attacker` attacks the holder of `declaration` (Yags assigns one
        declared defence per attacker); returns the declaration to keep."""
        return note_attacked_default(declaration, attacker)

    def takes_defence(self, mode: str) -> bool:
        """Does an attack in `mode` take up a declared defence of its target (`note_attacked`)?
        Yags: every attack; Yags SF: melee only (firearms meet no defence roll)."""
        return True

    def strikes_back(self, attacker: Participant, target: Participant, mode: str) -> bool:
        """When `attacker`'s declared attack (in `mode`) on `target` has been carried out and
        `target`, still standing, declared an attack on `attacker` whose turn has not come, does
        it carry that attack out at once, as part of the same resolution (Yags SF: "the loser
        of initiative attacks back")? By default no: it waits for its own turn."""
        return False

    def note_effect(self, declaration: Any, effect: str, other: str = "") -> Any:
        """Carry a result's effect (one of `AttackResult.effects`) on its holder's declaration
        for the rest of the round; `other` names the one it binds the holder to (Yags:
        `overwhelmed:-N` lowers every further attack and defence, `grappled` puts the holder
        in the grappled stance with `other`). Returns the declaration to keep."""
        return declaration

    @abstractmethod
    def action_speed(self, request: AttackRequest) -> str:
        """When the action resolves this round: 'fast', 'normal' or 'slow'."""

    @abstractmethod
    def preview(self, request: AttackRequest) -> Preview | Impossible:
        """The exact chance to hit and of each outcome, or an Impossible with the reason."""

    @abstractmethod
    def resolve(self, dice: Dice, request: AttackRequest) -> Sequence[Outcome | Impossible]:
        """Roll the attack; results carry their rolls and what they did."""

    @abstractmethod
    def apply(self, dice: Dice, combatant: Any, state: Any, result: Outcome) -> Applied:
        """Apply one result's damage and effects to the target's state."""

    # --- choices asked in the middle of an action (engine/turn.py: Question) -----------------

    def before_reaction(self, dice: Dice, request: AttackRequest) -> AttackRequest:
        """The rolls made before the defender chooses its reaction (Mythras: the attack roll,
        which the defender sees), carried in the request for `reaction` and `resolve`; by
        default none."""
        return request

    def reaction_policies(self) -> tuple[Option, ...]:
        """Standing answers to the reaction question a unit may keep: the declaration choice
        `reaction`, which the world keeps from turn to turn and round to round until it is
        changed. The first option asks every time; with another the ruleset answers itself
        (`reaction` returns None). () where the ruleset asks no reaction."""
        return ()

    def reaction(self, request: AttackRequest) -> Question | None:
        """A question the defender answers before the attack is rolled (Mythras: parry, evade
        or take it; step dice: innate defence, dodge or block), each option with its exact
        chance; None when nothing is asked. Its `uid` is set by the world (the defender's);
        the chosen key reaches `resolve` and `preview` as the request option `reaction`."""
        return None

    def react(self, combatant: Any, state: Any, key: str) -> Any:
        """The defender's state once it has taken the reaction `key` (Mythras: an action
        point spent); by default unchanged."""
        return state

    def effects(self, result: Outcome) -> Question | None:
        """A question the winner of a contest answers after the roll (Mythras: which special
        effects, `pick` of them); its `about["chooser"]` names who chooses. None: nothing."""
        return None

    def turn_effects(self, result: Outcome) -> tuple[str, ...]:
        """What a result does to its target's declaration for the rest of the round, each
        given to `note_effect` with the attacker's name (step dice: the defence it spent,
        a feint's innate-only); by default nothing."""
        return ()

    def with_effects(self, result: Outcome, keys: Sequence[str]) -> Outcome:
        """The result with the chosen effects."""
        return result

    def acted(self, combatant: Any, state: Any, action: str, intent: Intent | None = None) -> Any:
        """A unit's state after it took a turn's action (engine.turn.Act) of kind `action` (a
        world action's tag: attack, move, hold, ...; `intent`: the action as the declaration
        heard it, its mode...): Mythras spends its action points."""
        return state

    def disarmed_spec(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """The unit's spec once its weapon is gone (disarmed, dropped): by default the spec
        without its weapon (Yags: natural weapons)."""
        return {k: v for k, v in spec.items() if k != "weapon"}

    def follow_up(self, options: Mapping[str, Any]) -> Mapping[str, Any] | None:
        """The options of a second attack on the same foe that a melee attack with `options`
        brings in the same declaration (step dice: a feint's blow); None: none."""
        return None

    def hand_manoeuvres(self) -> tuple[str, ...]:
        """Melee manoeuvres (the attack option `manoeuvre`) a unit may make at a foe next to
        it whatever weapon it holds (step dice: grapple, break_free); by default none."""
        return ()

    def held_by(self, state: Any) -> str | None:
        """The name of the one holding this unit, when the ruleset keeps holds in the state
        (step dice); the world ends a hold whose holder is down or not next to it."""
        return None

    def let_go(self, state: Any) -> Any:
        """The state once its hold (`held_by`) has ended."""
        return state

    def attack_options(self, combatant: Any, mode: str) -> tuple[Mapping[str, Any], ...]:
        """The option sets worth weighing for an attack in `mode` (the AI previews each and
        takes the best): by default only the plain attack."""
        return ({},)

    def expected_harm(self, preview: Preview) -> float:
        """The harm an attack is expected to do, in the ruleset's levels of harm (what the AI
        weighs attacks by); by default the chance to hit."""
        return float(preview.p_hit)

    def blast_harm(self, preview: Preview, victim: HealthFacts) -> float:
        """The harm a blast preview expects to add to a victim now as `victim` is; by default
        `expected_harm`."""
        return self.expected_harm(preview)

    def free_strikes(self) -> bool:
        """Does melee on the grid earn free strikes (Yags, Free Strikes: the longer reach, a
        grab, leaving a foe's reach)? The world strikes them only if so."""
        return True

    def run_limits_attack(self) -> bool:
        """Does a run allow only a standard attack (Yags, Movement: no snap, careful, several
        shots or bursts after a full move)? Step dice: no, the run's actions cost steps."""
        return True

    def defences_cost_actions(self) -> bool:
        """Is each declared defence one of the round's actions, making every other roll that
        round worse (step dice: a step each)? The AI then declares none with an attack. By
        default no (Yags: the first defence is free)."""
        return False

    def declaration_counts_actions(self) -> bool:
        """Does a declaration state the round's actions, so that a preview of another attack
        must not be read against it (step dice: a sprint's three actions)? Then a unit changing
        its declaration is previewed as before it declared. By default no (Yags: a declared
        stance still holds for the next declaration)."""
        return False

    def max_defences(self, combatant: Any) -> int:
        """How many defences the combatant may declare for a round (Yags: by agility and
        perception); 1 where the ruleset has no such choice."""
        return 1

    def blast_radius_m(self, weapon_id: str) -> float:
        """An explosive's radius in metres (the AI keeps friends out of it, the UI draws it);
        0 where the ruleset has no explosives."""
        return 0.0

    def apply_to_attacker(self, dice: Dice, combatant: Any, state: Any, result: Outcome) -> Applied:
        """What an attack costs the one who made it (Yags: fatigue from a fumble or from a
        tiring manoeuvre); the default costs nothing."""
        return Applied(state)

    @abstractmethod
    def end_of_round(self, dice: Dice, combatant: Any, state: Any, *, bursts: int = 0,
                     in_cover: bool = False, moved: str = "none", declaration: Any = None) -> Applied:
        """End-of-round bookkeeping for one combatant; `bursts` aimed at it this round;
        `moved` how it moved this round (none, free, run, sprint); `declaration` its
        declaration this round (None: it made none)."""

    def must_rest(self, combatant: Any, state: Any) -> bool:
        """Must the combatant rest (Yags: Exhausted "must immediately rest"): it may declare
        nothing but a hold, with no move. The default: never."""
        return False

    def first_aid(self, dice: Dice, healer: Participant, patient: Participant, *,
                  stuns: bool = False) -> Applied:
        """Tend `patient` (who may be `healer`): the patient's new state. Rulesets without
        first aid refuse."""
        raise NotImplementedError(f"{self.name} has no first aid")

    def first_aid_rounds(self) -> int:
        """How many rounds tending takes (the healer does nothing else meanwhile)."""
        return 0

    def overwatch_arc(self) -> float:
        """Degrees of the area a shooting overwatch covers; 0: the ruleset has no overwatch."""
        return 0.0

    def notice(self, dice: Dice, observer: Participant, target: Participant, distance_m: float,
               cover: str | None) -> tuple[bool, str]:
        """Fog of war: does `observer` notice `target`, in sight but in `cover` (its best
        from the observer), `distance_m` away? (noticed, what was rolled); engine/notice.py
        holds each ruleset's reading. By default sight alone decides."""
        return True, ""

    def overwatch_check(self, dice: Dice, watcher: Participant) -> Roll:
        """The roll made when an overwatch triggers: on a failure the action is wasted."""
        raise NotImplementedError(f"{self.name} has no overwatch")

    def overwatch_check_chance(self, watcher: Participant) -> Any:
        """The exact chance that `overwatch_check` succeeds (None: no preview)."""
        return None

    def overwatch_initiative(self, watcher: Participant) -> int:
        """What an overwatch kept from an earlier round adds to the initiative of the action
        it triggers."""
        return 0

    def health_facts(self, state: Any) -> HealthFacts:
        """The state as plain values (event payloads, the UI's markers, the lab, the AI)."""
        return HealthFacts(self.status(state), self.out_of_fight(state))

    @abstractmethod
    def weapon_facts(self, combatant: Any) -> WeaponFacts:
        """The combatant's weapon as the grid sees it."""

    def reload_rounds(self, combatant: Any, state: Any) -> int:
        """How many of the unit's actions (rounds, Turns) a reload it starts now takes: by
        default the weapon's (`WeaponFacts.reload_rounds`); Mythras: less a Rapid Reload won."""
        return self.weapon_facts(combatant).reload_rounds

    @abstractmethod
    def ammo_use(self, combatant: Any, mode: str, options: Mapping[str, Any]) -> int:
        """Rounds an attack in `mode` uses."""

    @abstractmethod
    def throw_range_m(self, combatant: Any, weapon_id: str) -> float:
        """How far the combatant can throw this weapon (its long range)."""

    def round(self, table: RoundTable) -> Iterator[Step]:
        """How a round runs (engine/turn.py): the steps the turn driver carries out, read
        afresh from `table` between steps. By default everyone declares in
        `declaration_order`, then the actions resolve in `action_order` (the Yags round)."""
        return declare_then_resolve(self, table)

    @abstractmethod
    def declaration_order(self, entries: Sequence[tuple[Any, Any, int]]) -> list[Any]:
        """Ids in the order they declare this round; `entries` are (id, combatant,
        initiative now), in a stable order the ruleset breaks its last ties by."""

    @abstractmethod
    def action_order(self, entries: Sequence[tuple[Any, Any, str, int]]) -> list[Any]:
        """Ids in the order their actions resolve; `entries` are (id, combatant, speed,
        initiative now), `speed` one of the ruleset's action speeds (`action_speed`)."""

    @abstractmethod
    def throw(self, dice: Dice, thrower: Participant, weapon_id: str, distance_m: float) -> tuple[Roll, tuple[float, float]]:
        """Throw at a spot `distance_m` away: the roll and where it lands off the aim (metres)."""

    def preview_throw(self, thrower: Participant, weapon_id: str, distance_m: float) -> Any:
        """The exact chance that a throw lands on the spot aimed at (a Preview, or an
        Impossible); None where the ruleset has no preview."""
        return None

    def preview_blast(self, weapon_id: str, victim: Participant, distance_m: float,
                      hard_cover_between: bool = False) -> Any:
        """What an explosion `distance_m` away does to `victim`, exactly (a Preview, or an
        Impossible beyond its reach); None where the ruleset has no preview."""
        return None

    def take_cover(self, dice: Dice, victim: Participant, thrower: str, weapon_id: str,
                   distance_m: float) -> tuple[Roll | None, float]:
        """A victim in an explosion's reach dodging it (Yags: Taking Cover): the roll, or None
        when it cannot or does not dodge, and how many metres further out that puts it."""
        return None, 0.0

    @abstractmethod
    def blast(self, dice: Dice, thrower: Participant, weapon_id: str,
              victims: Sequence[tuple[Participant, float, bool]]) -> Sequence[Outcome | Impossible | None]:
        """An explosion: one result per victim (distance in metres, hard cover between),
        None for those it cannot touch."""

    def catalogue_lines(self, what: str = "all") -> list[str]:
        """The ruleset's catalogue for `skirmish rules` (what: weapons, armour or all), one
        item a line under a heading."""
        return [f"{self.name}: no catalogue to list"]

    @abstractmethod
    def out_of_fight(self, state: Any) -> bool:
        """Can this combatant no longer fight (dead, unconscious, fled)?"""

    @abstractmethod
    def status(self, state: Any) -> str:
        """One short line for the UI: wounds, stuns, penalties."""


def note_attacked_default(declaration: Any, attacker: str) -> Any:
    """Rulesets with no per-attacker defence bookkeeping keep the declaration as it is."""
    return declaration
