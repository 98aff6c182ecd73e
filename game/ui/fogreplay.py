"""Hot-seat with fog of war: each side watches the round's playback from its own view.

After a round resolves, the side in the seat watches it first, as its side saw it (its units,
the enemies while they were in its sight, its fog at each step); then, behind the hand-over
screen, each other side watches it again from its own view; then the next round begins. Space
(any key) skips one's playback as ever; with an instant playback (speed "instant") there is
nothing to watch and nobody waits. Solo play shows the player's view, watch mode everything:
neither replays.

    replays = Replays(screen)
    replays.on_resolved()      # the round was resolved: who watches first, who after
    replays.holding()          # the playback ended: True while the round is held back
    replays.seat_for           # the side asked to the seat (the hand-over screen is up)
    replays.take()             # it took the seat: the playback again, from its view
"""

from __future__ import annotations

from typing import Any


class Replays:
    """The sides still to watch the resolved round, and the hand-over between them."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.queue: list[str] = []  # the sides still to watch, in turn
        self.seat_for: str | None = None  # the side asked to take the seat to watch

    def on_resolved(self) -> None:
        s = self.screen.session
        self.queue, self.seat_for = [], None
        s.watching = None
        if (s.config.mode != "hotseat" or s.match.vision is None or s.match.over
                or self.screen.play.step_ms <= 0):
            return
        humans = [t for t in s.match.teams if t in s.humans]
        if not humans:
            return
        first = s.seat if s.seat in humans else humans[0]
        s.watching = first
        self.queue = [t for t in humans if t != first]

    def holding(self) -> bool:
        """The playback is over for the side watching: hand the seat to the next side to watch
        (True: the round waits for it), else the round may go on (False)."""
        s = self.screen.session
        if self.seat_for is not None:
            return True
        if self.queue:
            self.seat_for = self.queue.pop(0)
            s.watching = None
            return True
        s.watching = None
        return False

    def take(self) -> None:
        """The side asked took the seat: it watches the round from its view."""
        s = self.screen.session
        if self.seat_for is None:
            return
        s.seat = s.watching = self.seat_for
        self.seat_for = None
        self.screen.play.replay()

    def lines(self, match: Any) -> list[str]:
        """The hand-over screen's text for a replay."""
        from game.ui.panels import HANDOVER_HINT

        team = self.seat_for or ""
        return [f"{team.title()} player, take the seat",
                f"Round {match.round} resolved: watch it as your side saw it",
                "Space or any key skips the playback",
                HANDOVER_HINT]
