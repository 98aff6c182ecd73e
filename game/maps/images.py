"""The one safe way to open a map's art: a regular file, a real image, a bounded size.

Tiled maps name their art (tileset images, tile images, image layers) by path. Before any
decoder sees a byte, ``probe_image`` checks that the path is a regular file (never a FIFO,
a device or a folder), no bigger than MAX_IMAGE_BYTES, and that its first bytes are a PNG,
GIF, BMP or JPEG header whose width and height it reads itself; the pixel count must stay
under MAX_IMAGE_PIXELS, so a small file that would unpack to gigabytes is refused before it
is decoded. ``read_image`` also returns the bytes, read from the same open file, for the
window to decode (game/ui/mapart.py). No pygame here: check-map and the headless commands
use the same checks without a display.
"""

from __future__ import annotations

import errno
import os
import stat
import struct
from dataclasses import dataclass
from typing import BinaryIO

MAX_IMAGE_BYTES = 64 * 1024 * 1024
"""Largest image file accepted (a 4096 x 4096 tileset PNG is a few megabytes)."""
MAX_IMAGE_PIXELS = 32 * 1024 * 1024
"""Most pixels one image may declare: 8192 x 4096, 128 MB once decoded to 32-bit pixels."""
MAX_MAP_IMAGE_PIXELS = 96 * 1024 * 1024
"""Most pixels all the images of one map may declare together."""
KINDS = "PNG, GIF, BMP or JPEG"

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
"""JPEG start-of-frame markers (the ones that carry the image's size)."""


class ImageError(ValueError):
    """Why an image cannot be used, in a few words (the caller adds the file and the place).

    ``missing`` is true when there is simply no file there: a map whose art is missing can
    still be played (drawn with placeholders); any other problem refuses the map."""

    def __init__(self, message: str, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


@dataclass(frozen=True)
class ImageInfo:
    """What an image's header says: its kind and size in pixels."""

    kind: str
    width: int
    height: int

    @property
    def pixels(self) -> int:
        return self.width * self.height


def probe_image(path: str) -> ImageInfo:
    """Check ``path`` is a usable image and read its size from its header; ImageError if not."""
    with _open_regular(path) as handle:
        return _header(handle, os.fstat(handle.fileno()).st_size)


def read_image(path: str) -> tuple[ImageInfo, bytes]:
    """The image's header facts and its whole content, read from one open file (so the file
    checked is the file read)."""
    with _open_regular(path) as handle:
        size = os.fstat(handle.fileno()).st_size
        info = _header(handle, size)
        handle.seek(0)
        data = handle.read(MAX_IMAGE_BYTES + 1)
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageError(f"the file grew past the {MAX_IMAGE_BYTES:,} byte limit while read")
    return info, data


def _open_regular(path: str) -> BinaryIO:
    """Open a regular file for reading without ever blocking or touching a device."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise ImageError("file not found", missing=True) from None
    except NotADirectoryError:
        raise ImageError("file not found (a folder on its path is a file)", missing=True) from None
    except OSError as err:
        raise ImageError(f"cannot read the file ({err.strerror or err})") from None
    _check_mode(info)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        if err.errno == errno.ENOENT:
            raise ImageError("file not found", missing=True) from None
        raise ImageError(f"cannot read the file ({err.strerror or err})") from None
    try:
        _check_mode(os.fstat(fd))  # the file opened is the file checked
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _check_mode(info: os.stat_result) -> None:
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise ImageError("is a folder, not an image file")
    if stat.S_ISFIFO(mode):
        raise ImageError("is a FIFO (named pipe), not an image file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise ImageError("is a device, not an image file")
    if not stat.S_ISREG(mode):
        raise ImageError("is not a regular file")
    if info.st_size > MAX_IMAGE_BYTES:
        raise ImageError(f"file is {info.st_size:,} bytes, more than the "
                         f"{MAX_IMAGE_BYTES:,} byte limit")
    if info.st_size == 0:
        raise ImageError("file is empty, not an image")


def _header(handle: BinaryIO, size: int) -> ImageInfo:
    head = handle.read(32)
    if head.startswith(_PNG):
        info = _png(head)
    elif head[:6] in (b"GIF87a", b"GIF89a"):
        info = _gif(head)
    elif head[:2] == b"BM":
        info = _bmp(head)
    elif head[:3] == b"\xff\xd8\xff":
        info = _jpeg(handle, size)
    else:
        raise ImageError(f"not a {KINDS} image (it starts with {head[:8]!r})")
    if info.width <= 0 or info.height <= 0:
        raise ImageError(f"the {info.kind} header gives a size of {info.width} x {info.height} "
                         "pixels")
    if info.pixels > MAX_IMAGE_PIXELS:
        raise ImageError(f"the {info.kind} header declares {info.width:,} x {info.height:,} "
                         f"pixels, more than the {MAX_IMAGE_PIXELS:,} pixel limit "
                         "(a decompression bomb, or art far too big for a tileset)")
    return info


def _png(head: bytes) -> ImageInfo:
    if len(head) < 24 or head[12:16] != b"IHDR":
        raise ImageError("a PNG whose first chunk is not its header (IHDR): the file is "
                         "truncated or damaged")
    width, height = struct.unpack(">II", head[16:24])
    return ImageInfo("PNG", width, height)


def _gif(head: bytes) -> ImageInfo:
    if len(head) < 10:
        raise ImageError("a GIF cut short before its size: the file is truncated")
    width, height = struct.unpack("<HH", head[6:10])
    return ImageInfo("GIF", width, height)


def _bmp(head: bytes) -> ImageInfo:
    if len(head) < 26:
        raise ImageError("a BMP cut short before its size: the file is truncated")
    (dib,) = struct.unpack("<I", head[14:18])
    if dib == 12:  # BITMAPCOREHEADER: 16-bit sizes
        width, height = struct.unpack("<HH", head[18:22])
    elif 40 <= dib <= 1024:  # BITMAPINFOHEADER and later: 32-bit signed (negative = top-down)
        width, height = struct.unpack("<ii", head[18:26])
        height = abs(height)
    else:
        raise ImageError(f"a BMP with an unknown header size ({dib} bytes)")
    return ImageInfo("BMP", width, height)


def _jpeg(handle: BinaryIO, size: int) -> ImageInfo:
    """Walk the JPEG's segments to the first start-of-frame, which holds the size."""
    handle.seek(2)
    while handle.tell() < size:
        byte = handle.read(1)
        if byte != b"\xff":
            raise ImageError(f"a JPEG whose segments are damaged (at byte {handle.tell() - 1:,})")
        marker = handle.read(1)
        while marker == b"\xff":  # fill bytes
            marker = handle.read(1)
        if not marker:
            break
        code = marker[0]
        if code == 0xD9 or code == 0xDA:  # end of image, or the scan before any frame header
            break
        if code == 0x01 or 0xD0 <= code <= 0xD7:  # markers without a length
            continue
        raw = handle.read(2)
        if len(raw) < 2:
            break
        (length,) = struct.unpack(">H", raw)
        if length < 2:
            raise ImageError(f"a JPEG with a segment of impossible length {length}")
        if code in _JPEG_SOF:
            body = handle.read(5)
            if len(body) < 5:
                break
            height, width = struct.unpack(">HH", body[1:5])
            return ImageInfo("JPEG", width, height)
        handle.seek(length - 2, os.SEEK_CUR)
    raise ImageError("a JPEG with no frame header (the file is truncated or damaged)")
