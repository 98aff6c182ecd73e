"""What every action of the world provides: the base of the action modules.

An action is a small frozen dataclass (what the unit declared) and an `ActionKind` that knows
how to judge it (`check`), when it resolves (`speed`), what declaring it sets up (`declared`),
how it is carried out (`resolve`, a generator of the questions it asks on the way), how it reads
in the log (`describe`) and how a save stores it (`to_dict`, `from_dict`). Each action lives in
its own module of this package and is registered in `game.world.actions` (the registry): a
new action is one new module and one line there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from engine.outcome import Done, Impossible
from engine.turn import Question

if TYPE_CHECKING:
    from game.world.match import Match, UnitView

Tile = tuple[int, int]
MOVE_MODES = ("free", "run", "sprint")
ATTACK_MODES = ("melee", "shot", "burst", "triple", "area", "suppress")
COVER_ACTIONS = ("step_out", "cover_to_cover")  # the `cover_action` declaration choice (Shooting from Cover)

A = TypeVar("A")


class Fields(Protocol):
    """Reads a saved action's fields, checking each one's type (game.saveformat implements
    it; a wrong field raises with its place in the save)."""

    def integer(self, key: str) -> int: ...

    def text(self, key: str, allowed: tuple[str, ...] | None = None) -> str: ...

    def flag(self, key: str, default: bool = False) -> bool: ...

    def tile(self, key: str) -> Tile: ...

    def optional_tile(self, key: str) -> Tile | None: ...

    def tiles(self, key: str, default: tuple[Tile, ...] | None = None) -> tuple[Tile, ...]: ...

    def scalars(self, key: str) -> dict[str, Any]: ...


def ammo_refusal(v: UnitView, weapon: str) -> Impossible | None:
    """Why `v`'s weapon cannot fire now (jammed, or empty), or None (no magazine: it can)."""
    if v.ammo is not None and v.ammo.jammed:
        return Impossible(f"the {weapon} is jammed: clear it (reload)")
    if v.ammo is not None and v.ammo.loaded < 1:
        return Impossible(f"{weapon} is empty: reload")
    return None


def tiles_out(path: Any) -> list[list[int]]:
    """A path as JSON lists."""
    return [[int(x), int(y)] for x, y in path]


class ActionKind(Generic[A]):
    """How the world handles one kind of action. Subclasses set `action` (the dataclass) and
    `tag` (its name in saves), and override what differs from these defaults: always legal,
    slow, nothing set up when declared, nothing done when resolved."""

    action: ClassVar[type]
    tag: ClassVar[str]
    quiet: ClassVar[bool] = False  # carried out where it stands, does it show itself to an overwatch? (no)
    # What the declarations, the systems, the AI and the UI ask of an action, answered here so
    # that none of them tests the action's type (issue 29).
    plain: ClassVar[bool] = False  # declared as it is, nothing to choose: the AI may offer `action()`
    rests: ClassVar[bool] = False  # what an exhausted unit, which must rest, may do (Fatigue)
    without_initiative: ClassVar[bool] = False  # allowed when the unit fumbled initiative (The Combat Sequence)
    lets_go: ClassVar[bool] = False  # a holder declaring it lets go of its hold (Grappled)
    stands_up: ClassVar[bool] = False  # gets up from prone: declared in the normal stance (Stance)
    focused: ClassVar[bool] = False  # takes the unit's full attention: the focused stance, no defences
    needs_hands: ClassVar[bool] = False  # not while grappled: the hands are full
    attacks: ClassVar[bool] = False  # an attack (grappled: only on the one it grapples, `target`)
    hostile: ClassVar[bool] = False  # aimed at an enemy (`target`): an attack on it, or aiming at it
    dodges: ClassVar[bool] = False  # a full dodge (the ruleset hears `full_dodge`; no fire from cover)
    watches: ClassVar[bool] = False  # an overwatch, acting when triggered
    reloads: ClassVar[bool] = False  # a reload (declaring anything else stops one under way)

    def check(self, m: Match, v: UnitView, action: A, stance: str | None) -> Done | Impossible:
        """Is `action` legal for `v` now (in `stance`, when given)? The declaration's common
        rules (turn, stance, grapples, cover actions) are judged before, in the declaration."""
        return Done()

    def speed(self, m: Match, uid: int, action: A) -> str | None:
        """When it resolves this round: the ruleset's action speed; None for an action that
        acts only when something triggers it."""
        return "slow"

    def declared(self, m: Match, uid: int, action: A, approach: str, dodge_path: tuple[Tile, ...]) -> None:
        """What declaring it sets up at once (how the unit moves this round)."""

    def resolve(self, m: Match, uid: int, action: A) -> Iterator[Question]:
        """Carry it out; yields the questions asked on the way."""
        yield from ()

    def describe(self, action: A, names: Mapping[int, str]) -> str:
        """One line for the log and the UI."""
        return self.tag.replace("_", " ")

    def target(self, action: A) -> int | None:
        """The unit it is aimed at, if any (the declaration event names it)."""
        return None

    # --- what others ask of it (defaults: no move, no target, no fire) ---------------------

    def path(self, action: A) -> tuple[Tile, ...]:
        """The tiles of the move declared with it (a move, a free move before firing or
        throwing, a melee approach), or ()."""
        return ()

    def gait(self, action: A, approach: str = "none") -> str:
        """How the unit moves this round as the ruleset hears it (`Intent.move`): "none",
        "free", "run" or "sprint"; `approach`: a melee attacker's, worked out by movement."""
        return "none"

    def mode(self, action: A) -> str:
        """The attack mode as the ruleset hears it (`Intent.mode`): "" when it is no attack."""
        return ""

    def options(self, action: A) -> dict[str, Any]:
        """The attack's options as the ruleset hears them (`Intent.options`)."""
        return {}

    def strikes_at(self, action: A) -> int | None:
        """The unit it attacks, for an attack on a unit (not over an area, a tile or an arc),
        or None."""
        return None

    def missile(self, action: A) -> bool:
        """A missile attack (Missile Attacks: made in the normal stance): a shot, a burst,
        area fire, a throw."""
        return False

    def shot(self, action: A) -> bool:
        """Fire at one unit (a shot or burst: what steps out of cover to shoot)."""
        return False

    def melee(self, action: A) -> bool:
        """A blow in melee."""
        return False

    def volley(self, action: A) -> bool:
        """Several single shots in the round (Rate of Fire, with a bolt action)."""
        return False

    def advances(self, action: A) -> bool:
        """It walks as its point: a move, or an attack along a path (a dodge, and a throw's
        or area fire's free step, are not counted: the AI reads a unit standing to fire)."""
        return False

    def leaves_tile(self, action: A) -> bool:
        """It takes the unit off its tile (grappled, it cannot): what advances, and a dodge."""
        return self.advances(action) or self.dodges

    def approach(self, m: Match, v: UnitView, action: A, stance: str) -> str:
        """How a melee attacker comes to its target this round ("none": it does not)."""
        return "none"

    def dodge_path(self, m: Match, v: UnitView, action: A, stance: str, full: bool) -> tuple[Tile, ...] | Impossible:
        """The way of a dodge for cover worked out at the declaration (`full`: the path too;
        the check needs only to know it can), or ()."""
        return ()

    def blast(self, action: A) -> tuple[Tile, str] | None:
        """Where a thrown explosive lands, and the weapon: (tile, weapon), or None."""
        return None

    def arc(self, action: A) -> tuple[Tile, bool] | None:
        """Fire over an arc: (the tile aimed at, suppressive?), or None."""
        return None

    def on_the_way(self, action: A, path: tuple[Tile, ...]) -> A | None:
        """The same fire taken after a free move along `path`, or None when it is no fire
        that takes one (a throw keeps its own)."""
        return None

    def standing(self, action: A) -> A | None:
        """The same action without its move: itself when it takes none, None when the move
        is all there is to it."""
        return action

    def mends(self, m: Match, uid: int) -> A | None:
        """What puts the unit right before anything else (a weapon dropped: pick it up), that
        the AI declares first, or None."""
        return None

    def to_dict(self, action: A) -> dict[str, Any]:
        """The fields a save keeps (the tag is added by the registry)."""
        return {}

    def from_dict(self, f: Fields) -> A:
        """The action a save's fields stand for."""
        return self.action()
