"""Issue 29, the battle screen as states: each state an object with its own input and drawing
(game/ui/states/). The stack of states opened over the battle keeps its layers and carries out
what a state's input returns; the screen hands each event to the state it is in, and moves from
state to state as the player and the round go on."""

import pygame
from uihelp import post_key

from game.ui.dialogs import Confirm
from game.ui.states.base import Pop, Push, StateStack
from game.ui.states.declaring import DeclaringState
from game.ui.states.handover import HandOverState
from game.ui.states.modal import DialogState, HelpState, MenuState
from game.ui.states.playback import PlaybackState
from game.ui.states.targeting import TargetingState


class Probe:
    """A state that records the events it is given and returns what it is told to."""

    def __init__(self, layer, result=None):
        self.layer, self.result, self.seen, self.drawn = layer, result, [], 0

    def on_event(self, event):
        self.seen.append(event.type)
        return self.result

    def on_draw(self, surface):
        self.drawn += 1


def key_event(key=pygame.K_a):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def test_the_stack_keeps_its_layers_and_the_top_state_takes_the_event():
    stack = StateStack()
    dialog, help_, menu = Probe(2), Probe(0), Probe(1)
    for state in (dialog, help_, menu):  # opened in any order: help under the menu under a dialog
        stack.push(state)
    assert stack.states == [help_, menu, dialog] and stack.top() is dialog
    assert stack.on_event(key_event()) is None
    assert dialog.seen == [pygame.KEYDOWN] and menu.seen == [] and help_.seen == []
    stack.draw(pygame.Surface((4, 4)))
    assert (help_.drawn, menu.drawn, dialog.drawn) == (1, 1, 1)


def test_what_a_state_returns_is_carried_out():
    stack = StateStack()
    opened = Probe(1)
    first = Probe(0, Push(opened))
    stack.push(first)
    stack.on_event(key_event())
    assert stack.states == [first, opened]
    # Pop closes the state that answered, then what it chose runs (here: a transition for the app)
    order = []
    opened.result = Pop(lambda: order.append(list(stack.states)) or ("load", "x.json"))
    assert stack.on_event(key_event()) == ("load", "x.json")
    assert order == [[first]] and stack.states == [first]
    first.result = "results"  # a transition leaves the stack as it is
    assert stack.on_event(key_event()) == "results" and stack.states == [first]


def test_a_dialog_answers_once_closed_and_esc_does_nothing():
    answers = []
    d = DialogState(Confirm("t", ["l"], [(pygame.K_RETURN, "Enter", "yes"), (pygame.K_ESCAPE, "Esc", "back")]),
                    "kind", lambda a: answers.append(a) or "done", lambda: (800, 600))
    stack = StateStack()
    stack.push(d)
    assert stack.on_event(key_event(pygame.K_x)) is None and stack.states == [d]  # not one of its keys
    assert stack.on_event(key_event(pygame.K_ESCAPE)) is None and stack.states == [] and answers == []
    stack.push(d)
    assert stack.on_event(key_event(pygame.K_RETURN)) == "done" and answers == ["yes"] and stack.states == []


def press(app, key):
    post_key(key)
    app.frame(16)


def test_the_screen_goes_from_state_to_state(app, battle):
    screen = battle()
    screen.play.set_speed(350)  # a round played back step by step (the tests' app shows it at once)
    assert isinstance(screen.state(), DeclaringState) and not screen.modal
    press(app, pygame.K_o)  # overwatch: a tile to click
    assert isinstance(screen.state(), TargetingState) and screen.choice.pending == "overwatch"
    press(app, pygame.K_ESCAPE)  # drops it
    assert isinstance(screen.state(), DeclaringState) and not screen.modal
    press(app, pygame.K_ESCAPE)  # the menu
    assert isinstance(screen.modal.top(), MenuState) and screen.menu is screen.modal.top().menu
    press(app, pygame.K_ESCAPE)  # resumes
    assert not screen.modal
    press(app, pygame.K_F1)
    assert isinstance(screen.modal.top(), HelpState) and screen.help
    press(app, pygame.K_SPACE)  # any key closes the help, and does nothing else
    assert not screen.modal and screen.match.round == 1
    press(app, pygame.K_RETURN)  # end the turn? (units have not declared)
    assert isinstance(screen.modal.top(), DialogState) and screen.dialog_kind == "end_turn"
    press(app, pygame.K_RETURN)
    for _ in range(200):  # the AI declares after its grace, then the round resolves
        if screen.play.busy():
            break
        app.frame(16)
    assert not screen.modal and screen.play.busy() and isinstance(screen.state(), PlaybackState)
    press(app, pygame.K_x)  # any key skips the playback
    assert not screen.play.busy() and not isinstance(screen.state(), PlaybackState)


def test_hot_seat_with_fog_hands_the_seat_over_behind_its_screen(app, battle):
    screen = battle("hotseat", fog=True)
    s = screen.session
    for _ in range(4):
        if not s.handover:
            break
        assert isinstance(screen.state(), HandOverState)
        press(app, pygame.K_SPACE)  # takes the seat
    seat = s.seat
    assert not s.handover and isinstance(screen.state(), DeclaringState)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)  # that side ends its declarations
    assert s.handover and s.handover != seat and isinstance(screen.state(), HandOverState)
