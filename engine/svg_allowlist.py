"""An uploaded SVG is accepted only when everything in it is on an allowlist of plain drawing.

A list of what is forbidden always misses one trick (CSS after a child of <style>, a CSS
escape spelling url or @import, image-set(), an animation that rewrites an href), so this
module keeps only what is allowed and refuses the rest, naming the first thing it found:

- elements of the SVG namespace that draw, group or paint: shapes, paths, text, gradients,
  clip paths, masks, patterns, markers, <use> and <symbol>, <title>, <desc>, <metadata>;
  no animation (<set>, <animate>...), no <style>, <script>, <image>, <a>, <foreignObject>
  or filter, and no element of another namespace;
- geometry, presentation and id attributes, each value made of plain characters (no
  backslash, "@", ":", ";", "/", "<" or "&"), its only functions colours and transforms, its
  only url() a local "#id"; an href (plain or xlink:) only as a local "#id";
- a style attribute only as declarations of presentation properties with such values.

Drawing programs: Inkscape's own attributes (sodipodi:..., inkscape:...) are editor notes no
browser reads, so they are accepted; its <sodipodi:namedview> element is not (save as "Plain
SVG"). <metadata> may hold the RDF, Creative Commons and Dublin Core elements Inkscape writes
for a licence, with RDF attributes only; they are never drawn or fetched. A DOCTYPE, an
entity or a stylesheet instruction is refused before the text is parsed at all.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
XML = "http://www.w3.org/XML/1998/namespace"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
EDITOR_NAMESPACES = frozenset(
    {
        "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
        "http://www.inkscape.org/namespaces/inkscape",
    }
)
METADATA_NAMESPACES = frozenset(
    {RDF, "http://creativecommons.org/ns#", "http://purl.org/dc/elements/1.1/"}
)
# Refused in the text itself: expat would expand an entity before any element is seen.
UNPARSED_MARKERS = ("<!doctype", "<!entity", "<?xml-stylesheet")

DRAWING_ELEMENTS = frozenset(
    {
        "svg", "g", "defs", "symbol", "use", "title", "desc", "metadata",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "clipPath", "mask", "pattern", "marker",
    }
)  # fmt: skip
# Elements whose text is shown or kept as words; elsewhere text has no place.
TEXT_ELEMENTS = frozenset({"title", "desc", "metadata", "text", "tspan", "textPath"})
# Elements an href may point from, to another element of the same picture.
LINKING_ELEMENTS = frozenset({"use", "textPath", "linearGradient", "radialGradient", "pattern"})
PRESENTATION = frozenset(
    {
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
        "stroke-opacity", "opacity", "clip-path", "clip-rule", "mask", "marker-start",
        "marker-mid", "marker-end", "stop-color", "stop-opacity", "color", "display",
        "visibility", "overflow", "vector-effect", "shape-rendering", "paint-order",
        "font-family", "font-size", "font-weight", "font-style", "text-anchor",
        "dominant-baseline", "letter-spacing", "word-spacing", "transform",
    }
)  # fmt: skip
ATTRIBUTES = PRESENTATION | frozenset(
    {
        "id", "class", "style", "version", "baseProfile", "viewBox", "preserveAspectRatio",
        "enable-background", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry",
        "fx", "fy", "fr", "width", "height", "d", "points", "pathLength", "dx", "dy",
        "rotate", "textLength", "lengthAdjust", "startOffset", "offset", "gradientUnits",
        "gradientTransform", "spreadMethod", "clipPathUnits", "maskUnits", "maskContentUnits",
        "patternUnits", "patternContentUnits", "patternTransform", "markerWidth",
        "markerHeight", "markerUnits", "refX", "refY", "orient",
    }
)  # fmt: skip
XML_ATTRIBUTES = frozenset({"space", "lang"})
# Letters, digits, spaces and the punctuation of numbers, colours, lists and function calls.
PLAIN_VALUE = re.compile(r"[\w\s#%.,+\-()'\"]*")
FUNCTION_CALL = re.compile(r"([\w-]*)\s*\(")
# Colours and transforms; url() only as LOCAL_URL. No image-set(), var(), attr(), element()...
FUNCTIONS = frozenset(
    {"rgb", "rgba", "hsl", "hsla", "translate", "rotate", "scale", "matrix", "skewx", "skewy"}
)
LOCAL_URL = re.compile(r"url\(\s*(['\"]?)#[\w.-]+\1\s*\)", re.IGNORECASE)
LOCAL_REFERENCE = re.compile(r"#[\w.-]+")


def svg_problem(data: bytes) -> str | None:
    """The first thing in this SVG that is not on the allowlist (a short description), ""
    when it is no SVG at all, None when it is a plain drawing."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return ""
    lowered = text.lower()
    for marker in UNPARSED_MARKERS:
        if marker in lowered:
            return marker.lstrip("<!?")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError:
        return ""
    if root.tag != f"{{{SVG}}}svg":
        return ""
    stack = [(root, False)]
    while stack:
        element, in_metadata = stack.pop()
        problem = _metadata_problem(element) if in_metadata else _drawing_problem(element)
        if problem is not None:
            return problem
        inside = in_metadata or element.tag == f"{{{SVG}}}metadata"
        stack.extend((child, inside) for child in element)
    return None


def _split(name: str) -> tuple[str, str]:
    """("namespace", "local") of an ElementTree name such as "{namespace}local"."""
    namespace, _, local = name.rpartition("}")
    return namespace.lstrip("{"), local


def _drawing_problem(element: ElementTree.Element) -> str | None:
    namespace, local = _split(element.tag)
    if namespace != SVG or local not in DRAWING_ELEMENTS:
        return f"<{local}>"
    texts = [element.text, *(child.tail for child in element)]
    if local not in TEXT_ELEMENTS and any(text and text.strip() for text in texts):
        return f"text in <{local}>"
    return next(
        (
            problem
            for name, value in element.attrib.items()
            if (problem := _attribute_problem(local, name, value)) is not None
        ),
        None,
    )


def _attribute_problem(element: str, name: str, value: str) -> str | None:
    namespace, local = _split(name)
    if namespace in EDITOR_NAMESPACES or (namespace == XML and local in XML_ATTRIBUTES):
        return None
    if local == "href" and namespace in {"", XLINK}:
        local_only = element in LINKING_ELEMENTS and LOCAL_REFERENCE.fullmatch(value.strip())
        return None if local_only else f"href={value.strip()[:40]}"
    if namespace or local not in ATTRIBUTES:
        return local
    if local == "style":
        return _style_problem(value)
    return None if _plain_value(value) else local


def _style_problem(style: str) -> str | None:
    """A style attribute's first declaration that is not a presentation property with a
    plain value."""
    for declaration in filter(str.strip, style.split(";")):
        prop, colon, value = declaration.partition(":")
        prop = prop.strip().lower()
        if not colon or prop not in PRESENTATION or not _plain_value(value.strip()):
            return f"style: {prop[:40]}"
    return None


def _plain_value(value: str) -> bool:
    """Plain characters only, and no function but colours, transforms and a local url()."""
    if not PLAIN_VALUE.fullmatch(value):
        return False
    for call in FUNCTION_CALL.finditer(value):
        name = call.group(1).lower()
        if name == "url" and LOCAL_URL.match(value, call.start()):
            continue
        if name not in FUNCTIONS:
            return False
    return True


def _metadata_problem(element: ElementTree.Element) -> str | None:
    """Inside <metadata>: RDF, Creative Commons and Dublin Core elements, RDF attributes."""
    namespace, local = _split(element.tag)
    if namespace not in METADATA_NAMESPACES:
        return f"<{local}>"
    return next((_split(name)[1] for name in element.attrib if _split(name)[0] != RDF), None)
