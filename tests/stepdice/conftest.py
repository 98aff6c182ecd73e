"""Fighters from the step ruleset's templates for the step-dice tests."""

import pytest

from engine.stepdice.catalogue import default_catalogue
from engine.stepdice.character import build_character, default_templates


@pytest.fixture
def make():
    """make(role, name=..., weapon=own id, armour=(...), ...) -> Character."""
    def build(role="rifleman", name=None, **kit):
        return build_character(name or role, default_templates()[role], default_catalogue(), **kit)
    return build
