"""Build tiny Tiled maps as XML text, for tests that write them into tmp_path.

Everything here writes what Tiled 1.10 writes, in small pieces that a test can swap out:
``write_map(tmp_path, layers=[layer("ground", rows)], tilesets=[tileset(...)])``.
"""

from __future__ import annotations

import base64
import gzip
import re
import struct
import zlib
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

# The default tileset: local tile ids and their properties.
GROUND, WALL, SANDBAGS, WATER, CONCRETE = 0, 1, 2, 3, 4
TERRAIN_TILES: dict[int, dict[str, Any]] = {
    GROUND: {},
    WALL: {"blocks_move": True, "blocks_sight": True},
    SANDBAGS: {"cover": "soft90"},
    WATER: {"move_cost": 3.0},
    CONCRETE: {"cover": "hard50", "blocks_sight": True},
}


def props_xml(props: dict[str, Any] | None, indent: str = "  ") -> str:
    """<properties> for a dict; bool/int/float get their Tiled type, a (type, raw) tuple is
    written as given, anything else as a string."""
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for name, value in props.items():
        if isinstance(value, tuple):
            kind, raw = value
            lines.append(f"{indent} <property name={quoteattr(name)} type={quoteattr(kind)} "
                         f"value={quoteattr(str(raw))}/>")
        elif isinstance(value, bool):
            lines.append(f'{indent} <property name={quoteattr(name)} type="bool" '
                         f'value="{str(value).lower()}"/>')
        elif isinstance(value, int):
            lines.append(f'{indent} <property name={quoteattr(name)} type="int" value="{value}"/>')
        elif isinstance(value, float):
            lines.append(f'{indent} <property name={quoteattr(name)} type="float" '
                         f'value="{value}"/>')
        else:
            lines.append(f"{indent} <property name={quoteattr(name)} value={quoteattr(value)}/>")
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


def tileset_body(tiles: dict[int, dict[str, Any]], *, name: str = "terrain",
                 tilewidth: int = 16, tileheight: int = 16, columns: int = 8,
                 image: bool = True, attrs: str = "") -> tuple[str, str]:
    """The inside-and-attributes of a <tileset> (shared by embedded and .tsx tilesets)."""
    count = max(max(tiles, default=0) + 1, columns)
    rows = -(-count // columns)
    head = (f'name="{name}" tilewidth="{tilewidth}" tileheight="{tileheight}" '
            f'tilecount="{columns * rows}" columns="{columns}"{attrs}')
    body = ""
    if image:
        body += (f' <image source="{name}.png" width="{columns * tilewidth}" '
                 f'height="{rows * tileheight}"/>\n')
    for tile_id, props in sorted(tiles.items()):
        if props:
            body += f' <tile id="{tile_id}">\n{props_xml(props, "  ")} </tile>\n'
    return head, body


def tileset(tiles: dict[int, dict[str, Any]] | None = None, *, firstgid: int = 1,
            name: str = "terrain", **kwargs: Any) -> str:
    """An embedded tileset."""
    head, body = tileset_body(TERRAIN_TILES if tiles is None else tiles, name=name, **kwargs)
    return f' <tileset firstgid="{firstgid}" {head}>\n{body} </tileset>\n'


def tsx(tiles: dict[int, dict[str, Any]] | None = None, *, name: str = "terrain",
        **kwargs: Any) -> str:
    """A .tsx file's text."""
    head, body = tileset_body(TERRAIN_TILES if tiles is None else tiles, name=name, **kwargs)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<tileset version="1.10" tiledversion="1.10.2" {head}>\n{body}</tileset>\n')


def png_bytes(width: int, height: int, rgb: tuple[int, int, int] = (90, 140, 70), *,
              declared: tuple[int, int] | None = None) -> bytes:
    """A small RGB PNG, written with zlib alone; ``declared`` puts another size in its header
    (the pixel data stays ``width`` x ``height``: a lying header, or a bomb's)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    head_w, head_h = declared or (width, height)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", head_w, head_h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def write_png(path: Path, width: int, height: int, **kwargs: Any) -> Path:
    path.write_bytes(png_bytes(width, height, **kwargs))
    return path


def external_tileset(source: str, firstgid: int = 1) -> str:
    return f' <tileset firstgid="{firstgid}" source="{source}"/>\n'


def encode(rows: list[list[int]], encoding: str = "csv", compression: str | None = None) -> str:
    """Layer data text as Tiled writes it."""
    if encoding == "csv":
        return "\n" + ",\n".join(",".join(str(g) for g in row) for row in rows) + "\n"
    flat = [g for row in rows for g in row]
    blob = struct.pack(f"<{len(flat)}I", *flat)
    if compression == "zlib":
        blob = zlib.compress(blob)
    elif compression == "gzip":
        blob = gzip.compress(blob)
    elif compression is not None:
        raise ValueError(compression)
    return "\n   " + base64.b64encode(blob).decode("ascii") + "\n  "


def layer(name: str, rows: list[list[int]], *, encoding: str = "csv",
          compression: str | None = None, props: dict[str, Any] | None = None,
          visible: bool = True, data: str | None = None, data_attrs: str | None = None,
          layer_id: int = 1) -> str:
    """A <layer>; ``data``/``data_attrs`` override the encoded text and the <data> attributes."""
    height, width = len(rows), len(rows[0]) if rows else 0
    if data_attrs is None:
        data_attrs = f' encoding="{encoding}"'
        if compression:
            data_attrs += f' compression="{compression}"'
    text = encode(rows, encoding, compression) if data is None else data
    shown = "" if visible else ' visible="0"'
    return (f' <layer id="{layer_id}" name={quoteattr(name)} width="{width}" height="{height}"'
            f"{shown}>\n{props_xml(props, '  ')}  <data{data_attrs}>{text}</data>\n </layer>\n")


def obj(obj_id: int, kind: str, x: float, y: float, width: float = 0, height: float = 0, *,
        props: dict[str, Any] | None = None, name: str | None = None, point: bool = False,
        attr: str = "class", extra: str = "") -> str:
    """An object; ``attr`` is "class" (Tiled 1.9+) or "type" (older Tiled)."""
    named = f" name={quoteattr(name)}" if name else ""
    size = f' width="{width}" height="{height}"' if width or height else ""
    inner = props_xml(props, "   ") + ("   <point/>\n" if point else "") + extra
    return (f'  <object id="{obj_id}"{named} {attr}="{kind}" x="{x}" y="{y}"{size}>\n'
            f"{inner}  </object>\n")


def objectgroup(objects: list[str], name: str = "objects", group_id: int = 9) -> str:
    return f' <objectgroup id="{group_id}" name={quoteattr(name)}>\n{"".join(objects)} </objectgroup>\n'


def map_xml(*, width: int, height: int, body: str, tilewidth: int = 16, tileheight: int = 16,
            orientation: str = "orthogonal", infinite: bool = False,
            props: dict[str, Any] | None = None, attrs: str = "") -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="{orientation}" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{tilewidth}" '
        f'tileheight="{tileheight}" infinite="{int(infinite)}" nextlayerid="10" '
        f'nextobjectid="20"{attrs}>\n{props_xml(props, " ")}{body}</map>\n'
    )


def grid(width: int, height: int, fill: int = 1) -> list[list[int]]:
    """A width x height block of one gid (1 = the terrain tileset's GROUND)."""
    return [[fill] * width for _ in range(height)]


def write_map(directory: Path, *, width: int = 4, height: int = 3,
              layers: list[str] | None = None, tilesets: list[str] | None = None,
              objects: list[str] | None = None, props: dict[str, Any] | None = None,
              name: str = "test.tmx", **kwargs: Any) -> Path:
    """Write a map to directory/name and return its path. Defaults: the terrain tileset and
    one ground layer covering the map. Embedded tilesets' images are written beside it
    (plain PNGs of the size the tileset says) unless a file of that name is there."""
    if tilesets is None:
        tilesets = [tileset()]
    if layers is None:
        layers = [layer("ground", grid(width, height))]
    body = "".join(tilesets) + "".join(layers)
    if objects:
        body += objectgroup(objects)
    path = directory / name
    path.write_text(map_xml(width=width, height=height, body=body, props=props, **kwargs),
                    encoding="utf-8")
    for image in re.finditer(r'<image source="([^"/]+\.png)" width="(\d+)" height="(\d+)"', body):
        art, size = directory / image.group(1), (int(image.group(2)), int(image.group(3)))
        if not art.exists() and 0 < size[0] * size[1] <= 1 << 20:  # its art, as an author has
            write_png(art, *size)
    return path
