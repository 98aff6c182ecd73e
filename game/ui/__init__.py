"""The pygame-ce front end: screens (menu, battle, results), input and drawing.

It reads the match (public queries and the event log) and declares through `Match.declare`;
it never decides an outcome.
"""
