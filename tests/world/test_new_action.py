"""Adding an action is one module and one registration (README, Layout): a new kind of
action is declared, checked, resolved in the round, described in the log and saved, with no
change anywhere else. "Shout" stands in for it: a unit shouts, its check refuses a unit that
is down, and its resolution logs the shout."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.outcome import Done, Impossible
from engine.turn import Question
from game.flow import driver
from game.saveformat import action_from_dict, action_to_dict
from game.world import actions
from game.world.actions import ActionKind, Fields, Hold
from game.world.events import EventKind
from tests.world.gridfactory import make_grid


@dataclass(frozen=True)
class Shout:
    words: str


class ShoutKind(ActionKind[Shout]):
    action: ClassVar[type] = Shout
    tag: ClassVar[str] = "shout"

    def check(self, m, v, action: Shout, stance) -> Done | Impossible:
        return Impossible("a shout needs words") if not action.words else Done()

    def speed(self, m, uid: int, action: Shout) -> str | None:
        return "fast"

    def resolve(self, m, uid: int, action: Shout) -> Iterator[Question]:
        m.event(EventKind.INFO, f"{m.name(uid)} shouts {action.words!r}", uid)
        yield from ()

    def describe(self, action: Shout, names: Mapping[int, str]) -> str:
        return f"shout {action.words!r}"

    def to_dict(self, action: Shout) -> dict[str, Any]:
        return {"words": action.words}

    def from_dict(self, f: Fields) -> Shout:
        return Shout(f.text("words"))


def test_a_new_action_registered_is_declared_resolved_logged_and_saved(new_match):
    actions.register(ShoutKind())
    unit = {"attributes": {"agility": 3}, "skills": {}, "weapon": "broad_sword"}
    m = new_match(make_grid(["........"]), {"blue": [{**unit, "name": "Ann", "x": 0, "y": 0}],
                                             "red": [{**unit, "name": "Bob", "x": 7, "y": 0}]})
    order = driver(m).start_round()
    ann = next(u for u in order if m.name(u) == "Ann")
    for uid in order:
        if uid == ann:
            assert isinstance(m.declare(uid, Shout("")), Impossible)  # its own check
            assert isinstance(m.declare(uid, Shout("forward!")), Done)
        else:
            m.declare(uid, Hold())
    driver(m).resolve_round()
    lines = m.log.lines()
    assert any("Ann declares shout 'forward!'" in x for x in lines)
    assert any("[r1 fast] Ann shouts 'forward!'" in x for x in lines)
    saved = action_to_dict(Shout("forward!"))
    assert saved == {"type": "shout", "words": "forward!"}
    assert action_from_dict(saved) == Shout("forward!")
