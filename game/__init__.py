"""The game: esper world, Tiled maps, AI, pygame-ce front end and command line."""
