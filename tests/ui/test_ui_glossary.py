"""Issue 32: the help explains each ruleset's terms where the screen shows them (soak, wound
levels, why a burst's distance doubles, Ex bands, "no die is below d2"), in the rules texts'
numbers, and at 1280x720 every term fits on the help."""

import pygame
import pytest

from game.ui import help as help_module
from game.ui.glossary import glossary


@pytest.mark.parametrize("ruleset, words", [
    # yags-combat.md: soak 12, one wound and one per 5 points above; the wound table; a burst
    # "distance to target is effectively doubled"; Ex-X: wounds, mixed to twice, stuns to triple
    ("yags", ("Soak", "every 5 points", "light (-5)", "fatal (-40", "doubles the distance", "28 m away counts as 56 m",
              "to twice it", "three times")),
    # yags-sf-combat: soak is strength + armour, no roll; the damage chart; range categories
    ("yags-sf", ("strength plus its armour", "6-10 light (-2)", "26-30 fatal (-15)", "long +15")),
    # step-dice-combat.md: "If the reductions take a skill below a d2 they lose that action"
    ("step", ("no die is below d2", "cannot be made: that action is lost", "half of it stun")),
])
def test_the_glossary_says_each_rulesets_terms_in_plain_words(ruleset, words):
    said = " ".join(f"{t}: {m}" for t, m in glossary(ruleset))
    for w in words:
        assert w in said, (ruleset, w)


@pytest.mark.parametrize("ruleset", ["yags", "yags-sf", "step"])
def test_every_term_fits_on_the_help_at_1280x720(app, ruleset, monkeypatch):
    drawn = []
    real = help_module.text

    def spy(s, size, colour):
        drawn.append(s.strip())
        return real(s, size, colour)

    monkeypatch.setattr(help_module, "text", spy)
    surface = pygame.Surface((1280, 720))
    help_module.draw_help_overlay(surface, (1280, 720), "solo", ruleset)
    assert "Terms on the screen" in drawn
    for term, _ in glossary(ruleset):
        assert any(d.startswith(f"{term}:") for d in drawn), term


@pytest.mark.parametrize("ruleset", ["yags", "yags-sf", "step", "mythras"])
def test_at_800x600_the_help_turns_to_a_page_with_the_round_and_every_term(app, ruleset, monkeypatch):
    """A narrow window's help has two pages: the keys, then the round and its terms, so the
    glossary is never cut off below the keys (it was, at 800x600)."""
    drawn = []
    real = help_module.text

    def spy(s, size, colour):
        drawn.append(s.strip())
        return real(s, size, colour)

    monkeypatch.setattr(help_module, "text", spy)
    assert help_module.help_pages((800, 600)) == 2 and help_module.help_pages((1280, 720)) == 1
    surface = pygame.Surface((800, 600))
    help_module.draw_help_overlay(surface, (800, 600), "solo", ruleset, page=0)
    assert not any(d.startswith("The round") for d in drawn) and any("page 1 of 2" in d for d in drawn)
    drawn.clear()
    help_module.draw_help_overlay(surface, (800, 600), "solo", ruleset, page=1)
    assert f"The round ({ruleset})" in drawn
    for term, _ in glossary(ruleset):
        assert any(d.startswith(f"{term}:") for d in drawn), term


def test_the_help_state_turns_the_page_then_closes():
    """Right (or PgDn, Space) turns a two-page help to its second page; any other key, or any
    key on the last page, closes it."""
    from game.ui.states.base import Pop
    from game.ui.states.modal import HelpState

    state = HelpState(lambda: (800, 600), "solo", "yags")
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, unicode="")
    assert state.on_event(right) is None and state.page == 1
    assert isinstance(state.on_event(right), Pop)
    assert isinstance(HelpState(lambda: (800, 600), "solo", "yags").on_event(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a")), Pop)
    assert isinstance(HelpState(lambda: (1280, 720), "solo", "yags").on_event(right), Pop)
