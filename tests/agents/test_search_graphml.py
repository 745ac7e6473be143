"""GraphML export of thinking trees."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import games
from agents.core import Budget
from agents.search.graphml import NS, to_graphml
from agents.search.mcts import MctsAgent
from agents.search.thinking import size

G = f"{{{NS}}}"

TREE = {
    "move": None,
    "actor": "seat 0",
    "value": 0.5,
    "children": [
        {"move": "bet", "actor": "chance", "value": 0.33, "children": [
            {"move": "6", "actor": "terminal", "value": 1.0, "p": 0.1667, "children": []},
        ]},
        {"move": "stay", "actor": "terminal", "value": 0.0, "children": []},
    ],
}  # fmt: skip


def _parse(text: str) -> ET.Element:
    return ET.fromstring(text.split("?>", 1)[1])


def _data(element: ET.Element) -> dict[str, str]:
    return {d.get("key"): d.text for d in element.findall(f"{G}data")}


def test_it_writes_one_node_per_tree_node_and_one_edge_per_link():
    graph = _parse(to_graphml(TREE)).find(f"{G}graph")
    assert len(graph.findall(f"{G}node")) == 4
    assert len(graph.findall(f"{G}edge")) == 3


def test_it_labels_edges_with_moves():
    graph = _parse(to_graphml(TREE)).find(f"{G}graph")
    moves = sorted(_data(edge)["move"] for edge in graph.findall(f"{G}edge"))
    assert moves == ["6", "bet", "stay"]


def test_it_keeps_values_and_probabilities_as_node_data():
    graph = _parse(to_graphml(TREE)).find(f"{G}graph")
    leaf = next(n for n in graph.findall(f"{G}node") if _data(n).get("label") == "6")
    assert _data(leaf) == {"actor": "terminal", "value": "1.0", "p": "0.1667", "label": "6"}


def test_it_declares_every_key_it_uses():
    root = _parse(to_graphml(TREE))
    declared = {k.get("id") for k in root.findall(f"{G}key")}
    used = {d.get("key") for d in root.iter(f"{G}data")}
    assert used <= declared


def test_it_exports_a_search_agents_thinking():
    state = games.get("footsies").new_state(2)
    thinking = MctsAgent(iterations=200).act(state, 0, Budget(), random.Random(1)).thinking
    graph = _parse(to_graphml(thinking)).find(f"{G}graph")
    assert len(graph.findall(f"{G}node")) == size(thinking["tree"])


def test_it_refuses_something_that_is_not_a_tree():
    with pytest.raises(ValueError, match="no thinking tree"):
        to_graphml({"rule": "block"})
