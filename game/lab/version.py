"""Which code played a match (game/version.py, below the saves, which record it too): the
results store records it with every result, and a cluster's workers must run the same code as
the command that sends them matches."""

from game.version import code_version, source_digest

__all__ = ["code_version", "source_digest"]
