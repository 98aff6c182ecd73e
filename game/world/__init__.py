"""The match world: esper components and processors, grid geometry, commands and events."""
