"""An element tree written back as XML text without recursion: ElementTree's own writer
calls itself once per level, so a map of groups nested a few thousand deep (which every
command reads and plays) was a RecursionError in `new-map --from`. The text is what
``ElementTree.tostring(root, encoding="unicode")`` writes."""

from __future__ import annotations

from xml.etree.ElementTree import Element, tostring


def _cdata(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _attrib(text: str) -> str:
    return (_cdata(text).replace('"', "&quot;").replace("\r", "&#13;").replace("\n", "&#10;")
            .replace("\t", "&#09;"))


def _plain(root: Element) -> bool:
    """Only named elements with plain attributes: no comments, processing instructions or
    namespaces (which a map read by game/maps/xmlsafe.py does not have)."""
    return all(isinstance(e.tag, str) and not e.tag.startswith("{") and not any(k.startswith("{") for k in e.keys())
               for e in root.iter())


def to_text(root: Element) -> str:
    """``root`` and everything under it as XML text, at any depth."""
    if not _plain(root):
        return tostring(root, encoding="unicode")
    out: list[str] = []
    stack: list[tuple[Element, bool]] = [(root, False)]  # (element, its children are written)
    while stack:
        elem, closing = stack.pop()
        if closing:
            out.append(f"</{elem.tag}>")
        else:
            out.append("<" + elem.tag + "".join(f' {k}="{_attrib(v)}"' for k, v in elem.items()))
            if elem.text or len(elem):
                out.append(">")
                if elem.text:
                    out.append(_cdata(elem.text))
                stack.append((elem, True))
                stack.extend((child, False) for child in reversed(elem))
                continue
            out.append(" />")
        if elem.tail:  # after the element's end tag
            out.append(_cdata(elem.tail))
    return "".join(out)
