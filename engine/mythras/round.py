"""The Combat Round (0005, Combat Rounds and Initiative; Actions in Combat; Combat Actions),
as pure values a turn driver steps through. Step by step, as the driver asks it:

1. Start of round (`start_round`): everyone rolls Initiative, 1d10 + Initiative bonus
   (the average of DEX and INT), minus the highest Armor Points worn, minus the Fatigue
   level's Initiative penalty, and -10 if surprised (rolled each round: the issue's choice;
   the SRD keeps one roll for the fight: rules-notes). Order: highest first; ties to the
   higher DEX, then a d10 roll-off. Everyone gets their Action Points (2, less Fatigue).
   A surprised fighter is flat-footed (no reactions) until its first Turn, and may take no
   offensive action this round.
2. Turns (`next_actor`): in Initiative order, each fighter with Action Points left who is
   not holding takes one Turn; when the order is run through, a new cycle starts; the
   driver asks that fighter (player or AI) for one Combat Action:
   - a proactive action (`take_turn(..., "act")`, 1 AP: attack, move, aim, reload, ready a
     weapon, take cover, sneak peek, steady weapon, charge, outmanoeuvre, brace, regain
     footing...); some take several Turns, each its own AP (reloading: the weapon's Load);
   - `"delay"`: keep 1 AP for an Interrupt (or a Parry) before the fighter's next Turn;
     unused by then, it is lost (Dithered);
   - `"hold"`: take no more Turns this round, keep what is left for reactions;
   - `"dither"`: waste the Turn (1 AP).
   Free actions (speak, drop an item, signal, assess the situation, ward a location) cost
   nothing and may come at any moment (`take_turn(..., "act", cost=0)` does not end a Turn:
   the driver simply does them).
3. During an attack (engine.mythras.attack): after the attacker's roll the driver asks the
   DEFENDER's controller for a reaction among `reaction_options` (none, parry, evade, or a
   counterattack against a charge), each with its exact chances; a reaction costs 1 AP
   (`react`) and needs one left (not flat-footed). After the exchange the driver asks the
   WINNER's controller to pick as many special effects as the levels won
   (`effect_options`); then `resolve_hit` rolls damage and the effects' resistance rolls.
   A fighter who delayed may `interrupt` any Turn to act at once with the delayed AP; the
   interrupted Turn then carries on if it still can.
4. The round ends (`round_over`) when no one has Action Points to spend on Turns (none left,
   or only held back for reactions). Unused Action Points do not carry over; wounds,
   fatigue, prone, pinned and the like live in each fighter's state (engine.mythras.health:
   `end_of_round` bleeds and counts down the dying; `start_turn` counts down Turns).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, replace

from engine.dice import Dice
from engine.mythras.character import Character
from engine.mythras.close import SURPRISE_INITIATIVE
from engine.mythras.health import MythrasState
from engine.mythras.tables import FATIGUE_EFFECTS, fatigue_name
from engine.rolls import Roll, Term
from engine.turn import Act, Phase, RoundTable, Step
from engine.turn import Initiative as InitiativeStep

REROLL_EACH_ROUND = True  # the issue: "initiative each round" (rules-notes)


@dataclass(frozen=True)
class Initiative:
    roll: Roll
    value: int
    dex: int


def initiative_terms(character: Character, state: MythrasState | None = None, surprised: bool = False) -> list[Term]:
    """The Initiative bonus and the SRD's modifiers: armour (0005 Armor), fatigue (0004
    Fatigue Levels), surprise (0005 Surprise)."""
    terms = [Term("Initiative", character.initiative_bonus, f"Initiative {character.initiative_bonus}")]
    if character.armour_penalty:
        terms.append(Term("armour", -character.armour_penalty))
    if state is not None:
        eff = FATIGUE_EFFECTS.get(fatigue_name(state.fatigue))
        if eff and eff[2]:
            terms.append(Term("fatigue", eff[2]))
    if surprised:
        terms.append(Term("surprised", SURPRISE_INITIATIVE))
    return terms


def roll_initiative(dice: Dice, character: Character, state: MythrasState | None = None,
                    surprised: bool = False) -> Initiative:
    """1d10 + Initiative bonus and its modifiers."""
    face = dice.roll(10)
    terms = initiative_terms(character, state, surprised)
    total = face + sum(t.value for t in terms)
    roll = Roll("initiative", (Term("d10", face, f"d10 ({face})"), *terms), None, total)
    return Initiative(roll, total, character.dex)


def action_points(character: Character, state: MythrasState | None = None) -> int:
    """2 (0002 Action Points), less the Fatigue level's penalty (0004), never below 0."""
    ap = character.action_points
    if state is not None:
        eff = FATIGUE_EFFECTS.get(fatigue_name(state.fatigue))
        ap = ap + (eff[3] if eff else -ap)
    return max(0, ap)


def initiative_order(dice: Dice, entries: Sequence[tuple[Hashable, int, int]]) -> list[Hashable]:
    """Ids from the highest (initiative, DEX) down; those tied on both roll a d10 each, high
    first (again while tied), in the order given."""
    groups: dict[tuple[int, int], list[Hashable]] = {}
    for i, ini, dex in entries:
        groups.setdefault((ini, dex), []).append(i)
    out: list[Hashable] = []
    for key in sorted(groups, reverse=True):
        out.extend(_roll_off(dice, groups[key]))
    return out


def _roll_off(dice: Dice, ids: list[Hashable]) -> list[Hashable]:
    if len(ids) <= 1:
        return list(ids)
    faces = [(dice.roll(10), i) for i in ids]
    out: list[Hashable] = []
    for face in sorted({f for f, _ in faces}, reverse=True):
        out.extend(_roll_off(dice, [i for f, i in faces if f == face]))
    return out


@dataclass(frozen=True)
class Turns:
    """One fighter in the round."""

    ap: int
    delayed: int = 0
    holding: bool = False
    surprised: bool = False  # flat-footed until its first Turn; no offensive action this round
    acted: int = 0  # Turns taken this round


@dataclass(frozen=True)
class RoundState:
    number: int
    order: tuple[Hashable, ...]
    fighters: tuple[tuple[Hashable, Turns], ...]
    cycle: int = 1
    cursor: int = 0  # the place in `order` the next Turn is looked for from

    def of(self, fid: Hashable) -> Turns:
        for i, t in self.fighters:
            if i == fid:
                return t
        raise KeyError(f"{fid!r} is not in round {self.number}")

    def _with(self, fid: Hashable, t: Turns, cursor: int | None = None) -> RoundState:
        fighters = tuple((i, t if i == fid else old) for i, old in self.fighters)
        return replace(self, fighters=fighters, cursor=self.cursor if cursor is None else cursor)


def start_round(number: int, order: Sequence[Hashable], ap: dict[Hashable, int],
                surprised: frozenset[Hashable] = frozenset()) -> RoundState:
    """A round with its Initiative order and each fighter's Action Points."""
    return RoundState(number, tuple(order), tuple((i, Turns(ap[i], surprised=i in surprised)) for i in order))


def _can_take_turn(t: Turns) -> bool:
    return t.ap > 0 and not t.holding


def next_actor(rs: RoundState) -> tuple[Hashable | None, RoundState]:
    """Who takes the next Turn (None: the round is over), and the round moved to them."""
    n = len(rs.order)
    if not any(_can_take_turn(rs.of(i)) for i in rs.order):
        return None, rs
    cycle, cursor = rs.cycle, rs.cursor
    for _ in range(2 * n + 1):
        if cursor >= n:
            cycle, cursor = cycle + 1, 0
        fid = rs.order[cursor]
        if _can_take_turn(rs.of(fid)):
            return fid, replace(rs, cycle=cycle, cursor=cursor)
        cursor += 1
    return None, rs


def take_turn(rs: RoundState, fid: Hashable, action: str = "act", cost: int = 1) -> RoundState:
    """The fighter's Turn: 'act' (a Combat Action of `cost` AP), 'delay', 'hold' or
    'dither'. A delay left from the fighter's previous Turn is lost first (Dithered)."""
    t = rs.of(fid)
    if rs.cursor >= len(rs.order) or rs.order[rs.cursor] != fid:
        raise ValueError(f"it is not {fid!r}'s Turn")
    ap = t.ap - t.delayed  # an unused delay is lost at the next Turn
    t = replace(t, ap=ap, delayed=0, acted=t.acted + 1)
    if action == "act":
        if cost > t.ap:
            raise ValueError(f"{fid!r} has {t.ap} Action Points, the action costs {cost}")
        t = replace(t, ap=t.ap - cost)
    elif action == "delay":
        if t.ap < 1:
            raise ValueError(f"{fid!r} has no Action Point to delay")
        t = replace(t, delayed=1)
    elif action == "hold":
        t = replace(t, holding=True)
    elif action == "dither":
        t = replace(t, ap=max(0, t.ap - 1))
    else:
        raise ValueError(f"unknown turn action {action!r}; expected act, delay, hold or dither")
    return rs._with(fid, t, cursor=rs.cursor + 1)


def may_attack(rs: RoundState, fid: Hashable) -> bool:
    """A surprised fighter "may not perform any offensive Action" for the round."""
    return not rs.of(fid).surprised


def can_react(rs: RoundState, fid: Hashable) -> bool:
    """A reaction needs an Action Point and not to be flat-footed by surprise."""
    t = rs.of(fid)
    return t.ap > 0 and not (t.surprised and t.acted == 0)


def react(rs: RoundState, fid: Hashable, cost: int = 1) -> RoundState:
    """Spend Action Points on a reaction (Parry, Evade, Counter Spell) out of turn; a
    delayed point may be used."""
    t = rs.of(fid)
    if not can_react(rs, fid) or t.ap < cost:
        raise ValueError(f"{fid!r} cannot react now")
    return rs._with(fid, replace(t, ap=t.ap - cost, delayed=max(0, t.delayed - cost)))


def interrupt(rs: RoundState, fid: Hashable) -> RoundState:
    """Delaying fighters only: the delayed Action Point is spent on an act at once."""
    t = rs.of(fid)
    if t.delayed < 1:
        raise ValueError(f"{fid!r} has not delayed and cannot interrupt")
    return rs._with(fid, replace(t, ap=t.ap - 1, delayed=0))


def round_over(rs: RoundState) -> bool:
    return next_actor(rs)[0] is None


# --- the same bookkeeping kept in each fighter's state, for the turn protocol ----------------


def refresh(character: Character, state: MythrasState) -> MythrasState:
    """A new round: the fighter's Action Points back (2 less Fatigue); a delay or a hold
    does not carry over ("Unused Action Points do not carry over")."""
    return replace(state, ap=action_points(character, state), delayed=0, holding=False, turns_taken=0,
                   surprised=False)


def spend_turn(state: MythrasState, action: str = "act", cost: int = 1) -> MythrasState:
    """The fighter's Turn in its state: as `take_turn` (an unused delay is lost first)."""
    state = replace(state, turns_taken=state.turns_taken + 1)
    ap = state.ap - state.delayed
    if action == "act":
        if cost > ap:
            raise ValueError(f"{ap} Action Points left, the action costs {cost}")
        return replace(state, ap=ap - cost, delayed=0)
    if action == "delay":
        if ap < 1:
            raise ValueError("no Action Point to delay")
        return replace(state, ap=ap, delayed=1)
    if action == "hold":
        return replace(state, ap=ap, delayed=0, holding=True)
    if action == "dither":
        return replace(state, ap=max(0, ap - 1), delayed=0)
    raise ValueError(f"unknown turn action {action!r}; expected act, delay, hold or dither")


def spend_reaction(state: MythrasState, cost: int = 1) -> MythrasState:
    """A reaction out of turn (Parry, Evade, a counterattack), a delayed point first; an
    Interrupt spends the delayed point (`interrupt=True`)."""
    if state.ap < cost or (state.surprised and state.turns_taken == 0):
        raise ValueError("no Action Point to react with" if state.ap < cost else "flat-footed: surprised")
    return replace(state, ap=state.ap - cost, delayed=max(0, state.delayed - cost))


def mythras_round(table: RoundTable) -> Iterator[Step]:
    """The round as engine/turn.py steps: `Initiative()` (rolled each round), `Phase("start")`,
    then cycles in Initiative order (ties: higher DEX, then the table's order) of `Act(uid)`
    (and `Phase("move")`, where the world walks a Move taken in that Turn at once) for each
    fighter with Action Points left and not holding, read afresh from its state,
    until none has any; `Phase("end")` (where `end_of_round` gives the points back). A cycle
    in which no fighter's points changed ends the round (the world spends them)."""
    yield InitiativeStep()
    yield Phase("start")
    living = table.living()
    order = sorted(living, key=lambda u: (-table.initiative(u), -table.combatant(u).dex, living.index(u)))
    while not table.over:
        changed = False
        for uid in order:
            if table.over:
                break
            if uid not in table.living():
                continue
            st: MythrasState = table.state(uid)
            if st.ap <= 0 or st.holding:
                continue
            before = (st.ap, st.delayed, st.holding)
            yield Act(uid)
            yield Phase("move")  # a Move is walked within its Turn
            after: MythrasState = table.state(uid)
            changed = changed or (after.ap, after.delayed, after.holding) != before
        if not changed:
            break
    yield Phase("end")
