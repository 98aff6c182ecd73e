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

from engine.capabilities import (
    BlastRules,
    ChoiceRules,
    FirstAidRules,
    HidingRules,
    OverwatchRules,
    TimingRules,
)
from engine.dice import Dice
from engine.exchange_types import Effect, Exchange, ExchangeRequest, ExchangeTable, token_effects
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
from engine.turn import RoundTable, Step, declare_then_resolve


class Ruleset(ABC):
    """What the game needs from every ruleset; nothing more. The optional parts (overwatch,
    first aid, explosives, hiding, questions in the middle of an action) are capabilities
    (engine/capabilities.py) a ruleset also inherits when its text has them; the accessors
    below give each, or None."""

    name: str = "ruleset"
    # The Situation's surroundings only some rulesets read (engine/ruleset_types.py: attacker_by_cover,
    # target_flanked, target_room_behind_m): the grid works out only those named here.
    surroundings: frozenset[str] = frozenset()

    # --- the optional capabilities (engine/capabilities.py): None when the ruleset has none ----

    @property
    def overwatch_rules(self) -> OverwatchRules | None:
        return self if isinstance(self, OverwatchRules) else None

    @property
    def first_aid_rules(self) -> FirstAidRules | None:
        return self if isinstance(self, FirstAidRules) else None

    @property
    def blast_rules(self) -> BlastRules | None:
        return self if isinstance(self, BlastRules) else None

    @property
    def hiding_rules(self) -> HidingRules | None:
        return self if isinstance(self, HidingRules) else None

    @property
    def choice_rules(self) -> ChoiceRules | None:
        return self if isinstance(self, ChoiceRules) else None

    @property
    def timing_rules(self) -> TimingRules | None:
        return self if isinstance(self, TimingRules) else None

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

    def strikes_back(self, attacker: Participant, target: Participant, mode: str) -> bool:
        """When `attacker`'s declared attack (in `mode`) on `target` has been carried out and
        `target`, still standing, declared an attack on `attacker` whose turn has not come, does
        it carry that attack out at once, as part of the same resolution (Yags SF: "the loser
        of initiative attacks back")? By default no: it waits for its own turn."""
        return False

    def note_effect(self, declaration: Any, effect: Any, other: str = "") -> Any:
        """Carry what a result left on its holder's declaration for the rest of the round:
        a typed effect (engine/exchange_types.py: Yags' `Overwhelmed` lowers every further
        attack and defence), or a token of the ruleset's own (`grappled`, which puts the
        holder in the grappled stance with `other`; step dice: the defence it spent, a feint);
        `other` names the one it binds the holder to. Returns the declaration to keep."""
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

    @abstractmethod
    def resolve_exchange(self, dice: Dice, request: ExchangeRequest, table: ExchangeTable) -> Exchange:
        """One combat exchange run by the ruleset (engine/exchange_types.py), as its round is:
        a generator that yields the questions asked on the way (`Ask`: the defender's
        reaction, the winner's special effects; answered with the chosen key or keys) and
        the steps for the world to carry out at once (a declaration noted, a reaction's cost,
        each result rolled, the harm it did with its typed effects, what it cost the
        attacker, a fumble's consequence, a blow going on to another), and returns the
        results it rolled. The world drives it (game/world/systems/combat.py); it reads the
        match between steps from `table`. Each ruleset builds it from engine/exchange_run.py's
        pieces in its own order."""

    def grid_effects(self, result: Outcome, applied: Applied) -> tuple[Effect, ...]:
        """What a result (applied as `applied`) does on the grid, as typed effects (prone,
        knockback, a weapon lost, a hold, overwhelmed...); by default the Yags family's result
        tokens made typed (`token_effects`), the ones that took hold where `apply` says."""
        tokens = getattr(result, "effects", ()) if applied.effects is None else applied.effects
        return token_effects(tuple(tokens))

    def acted(self, combatant: Any, state: Any, action: str, intent: Intent | None = None,
              declaration: Any = None) -> Any:
        """A unit's state after it took a turn's action (engine.turn.Act) of kind `action` (a
        world action's tag: attack, move, hold, ...; `intent`: the action as the declaration
        heard it, its mode...; `declaration`: the ruleset's declaration value of the Turn):
        Mythras spends its action points and keeps what the declaration set up (a ward)."""
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

    def fire_count(self, mode: str, options: Mapping[str, Any]) -> int:
        """How many shots or bursts an attack in `mode` with `options` fires, as the rules read
        the options (the option `shots`, or `bursts` for a burst; one where it names none): the
        world counts an attack's further targets against it (WeaponFacts.split_modes)."""
        return int(options.get("bursts" if mode == "burst" else "shots", 1) or 1)

    def expected_harm(self, preview: Preview) -> float:
        """The harm an attack is expected to do, in the ruleset's levels of harm (what the AI
        weighs attacks by); by default the chance to hit."""
        return float(preview.p_hit)

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
