"""Read a .tmx or .tsx file as XML, refusing anything that could hang or exhaust memory.

defusedxml's parser refuses document type declarations, entity declarations and external
references (billion laughs, external entities) as it meets them; the file size is checked
before a byte is read, so no file can make the loader allocate much.
"""

from __future__ import annotations

import re
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

from defusedxml import DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden
from defusedxml.ElementTree import DefusedXMLParser

from game.files import FileProblem, read_bounded
from game.maps.errors import MapError

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Largest .tmx or .tsx accepted: a 1000x1000 map in CSV with a few layers fits easily."""
_ENTITY_REF = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos);|#)")
"""An entity reference other than XML's five and character references."""
MAX_ELEMENTS = 200_000
"""Most XML elements in one file (tile data is text, not elements; a big map has hundreds)."""


JSON_REFUSAL = {
    "map": "this is a Tiled JSON map, which is not read: save it as .tmx in Tiled (File > "
           "Save As, 'Tiled map files (*.tmx)'), or convert it with tiled --export-map IN.tmj "
           "OUT.tmx",
    "tileset": "this is a Tiled JSON tileset, which is not read: export it as .tsx in Tiled, or "
               "convert it with tiled --export-tileset IN.tsj OUT.tsx",
    "template": "this is a Tiled JSON template, which is not read: save the template as .tx "
                "in Tiled",
}
"""Why a JSON file is refused, and how to export the XML the game reads."""


class _TooManyElements(Exception):
    pass


class _BoundedTreeBuilder(TreeBuilder):
    """Builds the tree, but stops once the file holds more than MAX_ELEMENTS elements."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def start(self, tag, attrs):  # type: ignore[no-untyped-def]
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise _TooManyElements
        return super().start(tag, attrs)


def read_xml(path: str, root_tag: str, *, note: str = "") -> Element:
    """Parse ``path`` safely and return its root element, which must be ``<root_tag>``.

    ``note`` is added to every message (e.g. which map uses this tileset).
    """
    data = _read_bounded(path, note)
    if not data.strip():
        raise MapError(path, "file is empty" + note)
    if data.lstrip()[:1] in (b"{", b"["):
        raise MapError(path, JSON_REFUSAL[root_tag] + note)
    if data[:2] == b"\x1f\x8b":
        raise MapError(path, "the file is gzip-compressed: unpack it first (gunzip -k FILE)" + note)
    parser = DefusedXMLParser(target=_BoundedTreeBuilder(), forbid_dtd=False)
    expat = parser.parser
    expat.StartDoctypeDeclHandler = _doctype
    try:
        parser.feed(data)
        root = parser.close()
    except DTDForbidden:
        raise MapError(
            path,
            "XML DOCTYPE declarations with definitions inside them are not allowed (they can "
            "declare entities that expand without limit); Tiled never writes them" + note,
            f"line {expat.CurrentLineNumber}",
        ) from None
    except EntitiesForbidden:
        raise MapError(
            path, "XML entity declarations are not allowed" + note,
            f"line {expat.CurrentLineNumber}",
        ) from None
    except ExternalReferenceForbidden:
        raise MapError(
            path, "external XML references are not allowed" + note,
            f"line {expat.CurrentLineNumber}",
        ) from None
    except _TooManyElements:
        raise MapError(
            path, f"more than {MAX_ELEMENTS:,} XML elements" + note,
            f"line {expat.CurrentLineNumber}",
        ) from None
    except ParseError as err:
        line, column = getattr(err, "position", (0, 0))
        reason = re.sub(r":\s*line \d+, column \d+\s*$", "", str(err))
        raise MapError(
            path, f"not well-formed XML ({reason}, column {column + 1})" + note,
            f"line {line}",
        ) from None
    except (ValueError, UnicodeError, LookupError) as err:
        raise MapError(path, f"cannot read XML ({err})" + note, f"line {expat.CurrentLineNumber}") from None
    if b"<!DOCTYPE" in data[:4096] and _ENTITY_REF.search(data):
        # with an external DTD (never read) expat quietly drops an entity it cannot see
        raise MapError(path, "XML entity references are not allowed" + note)
    if root.tag != root_tag:
        kind = {"map": "Tiled map", "tileset": "Tiled tileset"}.get(root_tag, f"Tiled {root_tag}")
        raise MapError(path, f"not a {kind}: the root element is <{root.tag}>, not <{root_tag}>" + note)
    return root


def _doctype(name: str, sysid: str | None, pubid: str | None, has_internal_subset: bool) -> None:
    """Old Tiled versions wrote ``<!DOCTYPE map SYSTEM ".../map.dtd">``: harmless, as the DTD
    is never fetched (defusedxml refuses external references). A DOCTYPE with an internal
    subset (``[...]``) is refused: that is where entities are declared."""
    if has_internal_subset:
        raise DTDForbidden(name, sysid, pubid)


def _read_bounded(path: str, note: str) -> bytes:
    """Read a regular file of at most MAX_FILE_BYTES; never open a FIFO or a device."""
    try:
        return read_bounded(path, MAX_FILE_BYTES)
    except FileProblem as err:
        raise MapError(path, err.message + note) from None
