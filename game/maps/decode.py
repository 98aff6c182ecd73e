"""Decode a map image with pygame, only after the safe probe (game.maps.images) has passed it.

pygame's decoders (SDL_image: libpng, giflib, libjpeg) get the bytes read from the file the
probe checked, never a path, so a file swapped after the check is not what is decoded; the
result must have the size the header declared. Works without a display (check-map and the
headless commands decode too, so a map they pass is a map the window can draw).
"""

from __future__ import annotations

import io
import os

from game.maps.images import ImageError, read_image


def decode_image(path: str):  # -> pygame.Surface (pygame is imported only when needed)
    """The image at ``path`` as a pygame Surface; ImageError (``missing`` when there is no
    file) if it cannot be used."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    info, data = read_image(path)
    try:
        surface = pygame.image.load(io.BytesIO(data), f"image.{info.kind.lower()}")
    except (pygame.error, ValueError, MemoryError, OSError) as err:
        reason = " ".join(str(err).split()) or type(err).__name__
        raise ImageError(f"the {info.kind} image cannot be decoded ({reason})") from None
    if surface.get_size() != (info.width, info.height):
        raise ImageError(f"the {info.kind} header says {info.width} x {info.height} pixels but "
                         f"the image decodes to {surface.get_width()} x {surface.get_height()}")
    return surface
