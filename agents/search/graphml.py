"""Export a thinking tree as GraphML, for yEd, Gephi or networkx.

Each tree node becomes a ``<node>`` with its actor, value, visits, probability and
bound as data; each parent-child link an ``<edge>`` labelled with the move.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

NS = "http://graphml.graphdrawing.org/xmlns"

#: (key id, applies to, attribute type, the tree field it comes from)
KEYS = (
    ("actor", "node", "string", "actor"),
    ("value", "node", "double", "value"),
    ("visits", "node", "int", "visits"),
    ("p", "node", "double", "p"),
    ("bound", "node", "string", "bound"),
    ("label", "node", "string", "move"),
    ("move", "edge", "string", "move"),
)


def to_graphml(thinking: Mapping[str, Any], graph_id: str = "thinking") -> str:
    """GraphML text for a thinking tree, or for a decision's thinking holding ``tree``."""
    tree = thinking.get("tree", thinking)
    if not isinstance(tree, Mapping) or "actor" not in tree:
        raise ValueError("no thinking tree to export (expected a node with an 'actor')")
    ET.register_namespace("", NS)
    root = ET.Element(f"{{{NS}}}graphml")
    for key_id, target, kind, _ in KEYS:
        ET.SubElement(
            root,
            f"{{{NS}}}key",
            {"id": key_id, "for": target, "attr.name": key_id, "attr.type": kind},
        )
    graph = ET.SubElement(root, f"{{{NS}}}graph", {"id": graph_id, "edgedefault": "directed"})
    _add(graph, tree, [0], None)
    return ET.tostring(root, encoding="unicode", xml_declaration=True)


def _add(graph: ET.Element, tree: Mapping[str, Any], counter: list[int], parent: str | None):
    node_id = f"n{counter[0]}"
    counter[0] += 1
    element = ET.SubElement(graph, f"{{{NS}}}node", {"id": node_id})
    for key_id, target, _, field in KEYS:
        if target == "node" and tree.get(field) is not None:
            ET.SubElement(element, f"{{{NS}}}data", {"key": key_id}).text = str(tree[field])
    if parent is not None:
        edge = ET.SubElement(graph, f"{{{NS}}}edge", {"source": parent, "target": node_id})
        if tree.get("move") is not None:
            ET.SubElement(edge, f"{{{NS}}}data", {"key": "move"}).text = str(tree["move"])
    for child in tree.get("children", []):
        _add(graph, child, counter, node_id)
