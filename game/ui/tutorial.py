"""The tutorial: a first battle on a small yard (maps/tutorial/tutorial.tmx, two against two,
the easy AI, a fixed seed) with prompts that teach a round step by step: the sheet and the
banner, a move staged then a shot on the way, taking a declaration back, ending the turn,
the playback, a grenade. Each prompt waits for the player to do what it says (N skips it).

    config = tutorial_config()
    screen.coach = Coach(screen)     # the battle screen draws it and feeds it N
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.session import SessionConfig
from game.ui.assets import GREY, WHITE, YELLOW, panel, text, wrap
from game.world.actions import find_kind

if TYPE_CHECKING:
    from game.ui.battle import BattleScreen

TUTORIAL_MAP = Path(__file__).resolve().parents[2] / "maps" / "tutorial" / "tutorial.tmx"
TUTORIAL_SEED = 11


def tutorial_config() -> SessionConfig:
    return SessionConfig(str(TUTORIAL_MAP), "solo", "easy", TUTORIAL_SEED)


@dataclass(frozen=True)
class Lesson:
    title: str
    text: str
    done: Callable[[BattleScreen], bool] | None = None  # None: N goes on


def _blue_calls(sc: BattleScreen) -> list:
    s = sc.session
    return [c for rec in s.history for c in rec.calls if s.team_of(c[0]) == "blue"]


def _staged(sc: BattleScreen) -> bool:
    return bool(sc.choice.staged)


def _shot_on_the_way(sc: BattleScreen) -> bool:
    return any((k := find_kind(a)) is not None and k.strikes_at(a) is not None and k.path(a) for _, a, _, _ in _blue_calls(sc))


def _took_back(sc: BattleScreen) -> bool:
    return sc.session.last_message.startswith("took back")


def _round_resolved(sc: BattleScreen) -> bool:
    """The first round has resolved (its playback begins): the turn was ended."""
    return sc.match.round >= 2 or sc.match.over or sc.play.busy()


def _round_shown(sc: BattleScreen) -> bool:
    """The first round's playback is over."""
    return (sc.match.round >= 2 or sc.match.over) and not sc.play.busy()


def _threw(sc: BattleScreen) -> bool:
    return any((k := find_kind(a)) is not None and k.blast(a) is not None for _, a, _, _ in _blue_calls(sc))


LESSONS: tuple[Lesson, ...] = (
    Lesson("Your first battle",
           "You command blue (west); the AI red. The banner says whose turn it is to declare: units declare "
           "in increasing initiative, each declaration public at once: here red declared first, and the arrows "
           "show whom each red soldier shoots at. Your unit to declare is ringed yellow; its sheet is on the "
           "right. F1 shows every key and the rules' terms. Press N to go on."),
    Lesson("Stage a move",
           "Click a green tile: a free move, after which the unit may still act. The move is staged, not "
           "declared: its path and the unit's ghost show where it goes.", _staged),
    Lesson("Shoot on the way",
           "Hover a red unit: the tooltip gives the exact chance to hit and what adds up to it. Click it to "
           "shoot on the way of the staged move - one declaration. (Clicking the green tile again would just "
           "move.)", _shot_on_the_way),
    Lesson("Take it back",
           "Changed your mind? Z (or Backspace) takes back your last declaration, as long as nobody of the other "
           "side has declared after it. Try it now, then declare again (N skips this).", _took_back),
    Lesson("End the turn",
           "Declare again for the unit you took back, then press Enter to end your turn: the game asks first and "
           "says what each unit not yet declared will do (it holds, or carries on with a reload); Enter again "
           "confirms. The round resolves once every unit has declared, so declaring your last unit ends the "
           "turn too.", _round_resolved),
    Lesson("Watch the round",
           "The round plays back now, in initiative order: shots show tracers, harm floats over the units, the "
           "fallen lie under a red cross. Space skips the playback; Esc, Animation speed sets its pace.",
           _round_shown),
    Lesson("A grenade",
           "Press G, then hover a tile: the blast bands show who would be hurt. Click to throw. A concussion "
           "grenade is a blast of +60 damage (Ex-3): within 3 m it deals full wounds, out to 6 m mixed (half "
           "stuns, half wounds), out to 9 m stuns only. Close up it can down a man, so keep your own men clear.",
           _threw),
    Lesson("On your own",
           "That is a round. Down the red squad to win. Esc opens the menu (save, load, settings, help). The "
           "tutorial is not saved by itself (a skirmish saves itself to autosave after every round): Save game "
           "keeps it. Press N to close these prompts."),
)


class Coach:
    """The tutorial's prompts over the battle screen, one lesson at a time."""

    def __init__(self, screen: BattleScreen) -> None:
        self.screen = screen
        self.i = 0
        self.shown: list[str] = []  # the titles of the lessons drawn, in order (a lesson goes on once seen)

    @property
    def lesson(self) -> Lesson | None:
        return LESSONS[self.i] if self.i < len(LESSONS) else None

    def update(self) -> None:
        """Go on when the lesson's task is done."""
        while (self.lesson is not None and self.lesson.done is not None and self.lesson.title in self.shown
               and self.lesson.done(self.screen)):
            self.i += 1
            self.screen.sounds.play("chime")

    def handle(self, event: pygame.event.Event) -> bool:
        """N goes on to the next lesson (skips one with a task); True when used."""
        if self.lesson is None or event.type != pygame.KEYDOWN or event.key != pygame.K_n:
            return False
        self.i += 1
        if self.lesson is None:
            self.screen.message = "tutorial done: good luck"
        return True

    def rect(self) -> pygame.Rect:
        r = self.screen.map_rect
        w = min(r.w - 20, 620)
        return pygame.Rect(r.centerx - w // 2, r.y + 8, w, 10)

    def draw(self, surface: pygame.Surface) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        if lesson.title not in self.shown:
            self.shown.append(lesson.title)
        box = self.rect()
        lines = wrap(lesson.text, box.w - 24, 18)
        box.h = 36 + 16 * len(lines) + 22
        panel(surface, box, 235)
        pygame.draw.rect(surface, YELLOW, box, 2)
        surface.blit(text(f"Tutorial {self.i + 1}/{len(LESSONS)}: {lesson.title}", 22, YELLOW), (box.x + 12, box.y + 8))
        for j, line in enumerate(lines):
            surface.blit(text(line, 18, WHITE), (box.x + 12, box.y + 34 + 16 * j))
        hint = "N: next" if lesson.done is None else "N: skip this step"
        surface.blit(text(hint, 16, GREY), (box.x + 12, box.bottom - 18))
