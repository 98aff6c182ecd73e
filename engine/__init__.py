"""The shared rules core: pure Python, no pygame, esper or pytmx, no global random state.

The game talks to a ruleset object (see `engine.ruleset.Ruleset`); Yags lives in `engine.yags`.
"""
