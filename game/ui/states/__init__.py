"""The battle screen as states (issue 29), the way python-tcod's engine shapes a game's screens:
each state is a small object with its own input (`on_event`, which returns what comes next) and
its own drawing (`on_draw`), holding its own fields.

- `base.py`: the `State` protocol, what `on_event` returns (`Push`, `Pop`, a transition for
  the app) and `StateStack`, the states opened over the battle (the Esc menu, a dialog, help).
- `modal.py`: those opened over it: `HelpState`, `MenuState` (the Esc menu), `DialogState`.
- `answering.py`: `AnsweringState`, a player answering the round's question (a reaction, effects).
- `handover.py`: `HandOverState` (hot-seat: the seat handed to the next side, or to the next side
  to watch the round) and `OverState` (the match is over: any key for the results).
- `playback.py`: `PlaybackState`, the resolved round played back (any key but the view's skips it).
- `declaring.py`: `DeclaringState`, the player declaring for their units (selection, keys, clicks).
- `targeting.py`: `TargetingState`, an action waiting for a click on the map (a throw, an aim,
  an overwatch, first aid), with its hover preview.
- `controls.py`: `ViewControls`, what the mouse and keys do to the view in every state (panning,
  the wheel's zoom, the middle drag, the log's scroll keys).

The battle screen (game/ui/battle.py) keeps a stack of the states opened over it and picks the
state of the round below them (`BattleScreen.state()`): a question, a hand-over, a playback, the
match over, a target awaited, else declaring.
"""
