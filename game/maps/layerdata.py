"""Decode a tile layer's <data> with every size bounded, as pytmx 3.32 would read it.

pytmx decompresses without a limit and reads whatever length it finds; here a layer must
decode to exactly width x height gids, and decompression stops one byte past that, so a
zlib bomb costs nothing.
"""

from __future__ import annotations

import base64
import binascii
import struct
import zlib
from xml.etree.ElementTree import Element


class LayerDataError(ValueError):
    """What is wrong with a layer's data; ``at`` adds a place to the layer's name
    (" row 3", " at (1, 2)") or is empty."""

    def __init__(self, message: str, at: str = "") -> None:
        super().__init__(message)
        self.at = at


def decode_layer_data(data: Element, width: int, height: int) -> list[int]:
    """The raw Tiled gids (flip flags included) of a finite layer of width x height tiles."""
    if data.find("chunk") is not None:
        raise LayerDataError("layer data is in chunks (an infinite map), which is not supported")
    encoding = data.get("encoding")
    compression = data.get("compression") or None
    if encoding is None:
        raise LayerDataError("layer data is in XML <tile> elements, which pytmx does not read: "
                             "in Tiled, set Map Properties > Tile Layer Format to CSV or Base64")
    if encoding not in ("csv", "base64"):
        raise LayerDataError(f"unknown layer data encoding {encoding!r} (expected csv or base64)")
    if compression == "zstd":
        raise LayerDataError("zstd compression is not supported: in Tiled, set Map Properties > "
                             "Tile Layer Format to CSV or Base64 (zlib)")
    if compression not in (None, "zlib", "gzip"):
        raise LayerDataError(f"unknown layer data compression {compression!r} "
                             "(expected zlib or gzip)")
    if encoding == "csv" and compression:
        raise LayerDataError(f"csv layer data cannot be compressed ({compression!r})")
    text = (data.text or "").strip()
    if not text:
        raise LayerDataError("layer data is empty")
    if encoding == "csv":
        return _csv(text, width, height)
    return _base64(text, compression, width, height)


def _csv(text: str, width: int, height: int) -> list[int]:
    expected = width * height
    tokens = text.split(",")
    if len(tokens) != expected:
        at, detail = "", ""
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) == height:
            for y, line in enumerate(lines):
                n = sum(1 for token in line.split(",") if token.strip())
                if n != width:
                    at, detail = f" row {y}", f"; row {y} has {n}, a row needs {width}"
                    break
        raise LayerDataError(f"data has {len(tokens):,} tiles, expected {expected:,} "
                             f"({width}x{height}){detail}", at)
    try:
        gids = list(map(int, tokens))
        if min(gids) >= 0 and max(gids) < 1 << 32:
            return gids
    except ValueError:
        pass
    for i, token in enumerate(tokens):  # find and name the first bad entry
        try:
            gid = int(token)
        except ValueError:
            gid = -1
        if not 0 <= gid < 1 << 32:
            what = f"{token.strip()[:20]!r} is not a tile number" if token.strip() \
                else "empty entry (two commas in a row?)"
            raise LayerDataError(what, f" at ({i % width}, {i // width})")
    raise AssertionError("unreachable: some entry was bad")  # pragma: no cover


def _base64(text: str, compression: str | None, width: int, height: int) -> list[int]:
    expected = width * height
    try:
        blob = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError) as err:
        raise LayerDataError(f"layer data is not valid base64 ({err})") from None
    limit = expected * 4
    if compression:
        wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
        stream = zlib.decompressobj(wbits)
        try:
            blob = stream.decompress(blob, limit + 1)
        except zlib.error as err:
            raise LayerDataError(f"layer data is not valid {compression} data ({err})") from None
        if len(blob) > limit:
            raise LayerDataError(f"data has more than {expected:,} tiles, expected "
                                 f"{expected:,} ({width}x{height})")
        if not stream.eof:
            raise LayerDataError(f"{compression} data is truncated (the stream ends early, "
                                 f"after {len(blob) // 4:,} of {expected:,} tiles)")
        if stream.unused_data:
            raise LayerDataError(f"{len(stream.unused_data)} stray bytes after the "
                                 f"{compression} data")
    if len(blob) % 4:
        raise LayerDataError(f"data is {len(blob):,} bytes, not a whole number of 4-byte tiles")
    if len(blob) != limit:
        raise LayerDataError(f"data has {len(blob) // 4:,} tiles, expected {expected:,} "
                             f"({width}x{height})")
    return list(struct.unpack(f"<{expected}I", blob))
