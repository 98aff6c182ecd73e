"""What the unit's ruleset hears of a declaration to judge whether it is legal
(engine.ruleset.Ruleset.may_declare): the action, the unit as the rules see it, its weapon as
the grid keeps it, its posture, how fast and far it has walked this round, engagement, and the
target with the grid's facts about an attack on it.

The world's own checks (each `ActionKind.check`) keep what is geometry: reach, sight, paths.
What the rules allow is the ruleset's answer, asked here once the grid has found the
declaration possible; the same answer serves `Match.check` (the UI's greyed buttons, the AI's
candidates) and `Match.declare` (nothing is spent on a refused declaration).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.outcome import Impossible
from engine.ruleset import DeclarationRequest, HeldWeapon, Intent, Ruleset
from game.world.actions import Action, kind_of
from game.world.components import Moved

if TYPE_CHECKING:
    from game.world.match import Match, UnitView


def declaration_request(m: Match, v: UnitView, action: Action | None, stance: str,
                        intent: Intent) -> DeclarationRequest:
    """The declaration of `action` by `v` (in `stance`, as `intent` says it) as its ruleset
    judges it (`action` None: an action of `intent`'s kind at no unit yet, as the UI's
    buttons ask before a target is clicked)."""
    facts = m.rules.weapon_facts(v.combatant)
    ammo = v.ammo
    held = HeldWeapon(facts, ammo.loaded if ammo is not None else None, ammo.magazines if ammo is not None else 0,
                      bool(ammo is not None and ammo.reload_left), bool(ammo is not None and ammo.jammed),
                      m.combat.dropped_weapon(v.uid) is not None)
    mv = m.component(v.uid, Moved)
    target = kind_of(action).target(action) if action is not None else None
    participant = m.participant(target) if target is not None and m.has_unit(target) else None
    situation = None
    if target is not None and participant is not None and kind_of(action).strikes_at(action) is not None:
        situation = m.range.situation(v.uid, target)
    engaged = any(m.topology.steps(v.pos, e.pos) <= m.rules.weapon_facts(e.combatant).reach_tiles
                  and m.rules.weapon_facts(e.combatant).melee for e in m.enemies_of(v.uid))
    return DeclarationRequest(m.participant(v.uid), intent, held, stance, v.stance, mv.walked, mv.walked_m,
                              engaged, participant, situation)


def judges_declarations(rules: object) -> bool:
    """Does the ruleset refuse declarations of its own (it has its own `may_declare`)? Yags,
    Yags SF and the step dice keep to the world's checks: for them the request is not made
    (the AI asks for thousands of declarations a match; an attack's request measures the
    range and the cover)."""
    return getattr(type(rules), "may_declare", Ruleset.may_declare) is not Ruleset.may_declare


def ruleset_refusal(m: Match, v: UnitView, action: Action, stance: str, intent: Intent) -> Impossible | None:
    """The unit's ruleset's refusal of the declaration, or None: it may."""
    if not judges_declarations(m.rules):
        return None
    return m.rules.may_declare(declaration_request(m, v, action, stance, intent))


def intent_refusal(m: Match, uid: int, intent: Intent) -> Impossible | None:
    """The ruleset's refusal of an action of `intent`'s kind by `uid` now, before a target
    or a tile is chosen (the UI greys the action's button with it), or None."""
    if not judges_declarations(m.rules):
        return None
    v = m.view(uid)
    return m.rules.may_declare(declaration_request(m, v, None, v.stance if v.stance in ("prone", "crouched")
                                                   else "normal", intent))
