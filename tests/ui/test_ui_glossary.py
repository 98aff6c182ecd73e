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
