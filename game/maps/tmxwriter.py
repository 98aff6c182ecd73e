"""A tiny writer for Tiled files (stdlib only): orthogonal .tmx maps and external .tsx tilesets,
used by tools/make_assets.py for the shipped maps and by ``skirmish new-map``.

It writes what Tiled 1.8 writes, so Tiled 1.8 and every later version open the files:
CSV-encoded tile layers, objects with a ``type`` attribute (Tiled 1.9 called it ``class``;
1.10 went back to ``type`` for objects and tiles, and every version reads ``type``), typed
properties. The output depends only on the arguments: same input, same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

TMX_VERSION = "1.8"
TILED_VERSION = "1.8.2"



@dataclass(frozen=True)
class Choice:
    """A string property whose value is one of a Tiled project enum's (``propertytype``), so
    Tiled shows a drop-down: ``Choice("cover", "hard50")``."""

    enum: str
    value: str


PropertyValue = bool | int | float | str | Choice


@dataclass(frozen=True)
class TileLayer:
    """A finite tile layer: ``gids`` row by row (0 = empty), ``width * height`` of them."""

    name: str
    gids: Sequence[int]
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)
    visible: bool = True


@dataclass(frozen=True)
class MapObject:
    """A rectangle (``width``/``height`` > 0) or, with ``point=True``, a point object.

    Coordinates are map pixels; ``kind`` is written as the ``type`` attribute."""

    name: str
    kind: str
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    point: bool = False
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)


@dataclass(frozen=True)
class ObjectLayer:
    name: str
    objects: Sequence[MapObject]
    properties: Mapping[str, PropertyValue] = field(default_factory=dict)
    visible: bool = True  # a hidden layer (a deployment an author keeps out of sight) is written visible="0"


@dataclass(frozen=True)
class TilesetRef:
    """An external tileset used by a map: ``<tileset firstgid=.. source=../>``."""

    source: str
    firstgid: int = 1


@dataclass(frozen=True)
class Tileset:
    """A tileset of one image cut into a grid of tiles, with per-tile properties."""

    name: str
    image: str
    image_width: int
    image_height: int
    tile_width: int
    tile_height: int
    columns: int
    tile_properties: Mapping[int, Mapping[str, PropertyValue]] = field(default_factory=dict)

    @property
    def rows(self) -> int:
        return self.image_height // self.tile_height

    @property
    def tilecount(self) -> int:
        return self.columns * self.rows


def _number(value: float) -> str:
    """A number as Tiled writes it: no trailing ``.0``."""
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def _property(name: str, value: PropertyValue, indent: str) -> str:
    if isinstance(value, Choice):  # as Tiled 1.8 writes a string enum: no type, its enum
        return (f"{indent}<property name={quoteattr(name)} propertytype={quoteattr(value.enum)} "
                f"value={quoteattr(value.value)}/>")
    if isinstance(value, bool):
        kind, text = "bool", "true" if value else "false"
    elif isinstance(value, int):
        kind, text = "int", str(value)
    elif isinstance(value, float):
        kind, text = "float", _number(value)
    elif isinstance(value, str):
        if "\n" in value:  # Tiled keeps multi-line strings as element text
            return f"{indent}<property name={quoteattr(name)}>{_escape_text(value)}</property>"
        return f"{indent}<property name={quoteattr(name)} value={quoteattr(value)}/>"
    else:
        raise TypeError(f"property {name!r}: {type(value).__name__} is not bool, int, float "
                        "or str")
    return f"{indent}<property name={quoteattr(name)} type=\"{kind}\" value=\"{text}\"/>"


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def properties_xml(props: Mapping[str, PropertyValue], indent: str) -> list[str]:
    """``<properties>`` lines for ``props``, sorted by name as Tiled saves them (none for an
    empty mapping)."""
    if not props:
        return []
    lines = [f"{indent}<properties>"]
    lines.extend(_property(name, props[name], indent + " ") for name in sorted(props))
    lines.append(f"{indent}</properties>")
    return lines


def csv_data(gids: Sequence[int], width: int) -> str:
    """Layer data as Tiled writes CSV: one row a line, rows joined by ``,`` + newline."""
    rows = [",".join(str(g) for g in gids[i:i + width]) for i in range(0, len(gids), width)]
    return "\n" + ",\n".join(rows) + "\n"


def map_xml(*, width: int, height: int, tile_width: int, tile_height: int,
            tilesets: Iterable[TilesetRef], layers: Sequence[TileLayer],
            object_layers: Sequence[ObjectLayer] = (),
            properties: Mapping[str, PropertyValue] | None = None,
            map_class: str | None = None) -> str:
    """The text of an orthogonal, finite, right-down map with CSV tile layers; ``map_class``
    is written as Tiled 1.9 and later write a map's class (1.8 reads past it)."""
    layer_id = 0
    object_id = 0
    body: list[str] = []
    for layer in layers:
        if len(layer.gids) != width * height:
            raise ValueError(f"layer {layer.name!r} has {len(layer.gids)} tiles, expected "
                             f"{width * height} ({width}x{height})")
        if any(g < 0 or g >= 1 << 29 for g in layer.gids):
            raise ValueError(f"layer {layer.name!r} holds a gid out of range")
        layer_id += 1
        hidden = "" if layer.visible else ' visible="0"'
        body.append(f' <layer id="{layer_id}" name={quoteattr(layer.name)} width="{width}" '
                    f'height="{height}"{hidden}>')
        body.extend(properties_xml(layer.properties, "  "))
        body.append(f'  <data encoding="csv">{csv_data(layer.gids, width)}</data>')
        body.append(" </layer>")
    for group in object_layers:
        layer_id += 1
        hidden = "" if group.visible else ' visible="0"'
        body.append(f' <objectgroup id="{layer_id}" name={quoteattr(group.name)}{hidden}>')
        body.extend(properties_xml(group.properties, "  "))
        for obj in group.objects:
            object_id += 1
            attrs = (f'id="{object_id}" name={quoteattr(obj.name)} type={quoteattr(obj.kind)} '
                     f'x="{_number(obj.x)}" y="{_number(obj.y)}"')
            if not obj.point:
                if obj.width <= 0 or obj.height <= 0:
                    raise ValueError(f"object {obj.name!r}: a rectangle needs a size")
                attrs += f' width="{_number(obj.width)}" height="{_number(obj.height)}"'
            inner = properties_xml(obj.properties, "   ")
            if obj.point:
                inner.append("   <point/>")
            if inner:
                body.append(f"  <object {attrs}>")
                body.extend(inner)
                body.append("  </object>")
            else:
                body.append(f"  <object {attrs}/>")
        body.append(" </objectgroup>")
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="{TMX_VERSION}" tiledversion="{TILED_VERSION}" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" '
        f'tilewidth="{tile_width}" tileheight="{tile_height}" infinite="0" '
        f'nextlayerid="{layer_id + 1}" nextobjectid="{object_id + 1}"'
        + (f" class={quoteattr(map_class)}" if map_class else "") + ">",
    ]
    head.extend(properties_xml(properties or {}, " "))
    head.extend(f' <tileset firstgid="{ref.firstgid}" source={quoteattr(ref.source)}/>'
                for ref in tilesets)
    return "\n".join(head + body + ["</map>"]) + "\n"


def tileset_xml(tileset: Tileset) -> str:
    """The text of an external .tsx tileset (image path relative to the .tsx file)."""
    t = tileset
    if t.image_width % t.tile_width or t.image_height % t.tile_height:
        raise ValueError(f"tileset {t.name!r}: the image is not a whole number of tiles")
    if t.image_width // t.tile_width != t.columns:
        raise ValueError(f"tileset {t.name!r}: {t.columns} columns do not fit a "
                         f"{t.image_width} px wide image")
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="{TMX_VERSION}" tiledversion="{TILED_VERSION}" name={quoteattr(t.name)} '
        f'tilewidth="{t.tile_width}" tileheight="{t.tile_height}" tilecount="{t.tilecount}" '
        f'columns="{t.columns}">',
        f' <image source={quoteattr(t.image)} width="{t.image_width}" height="{t.image_height}"/>',
    ]
    for tile_id in sorted(t.tile_properties):
        if not 0 <= tile_id < t.tilecount:
            raise ValueError(f"tileset {t.name!r}: tile id {tile_id} is outside the image")
        lines.append(f' <tile id="{tile_id}">')
        lines.extend(properties_xml(t.tile_properties[tile_id], "  "))
        lines.append(" </tile>")
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"
