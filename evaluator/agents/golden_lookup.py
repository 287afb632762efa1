"""Find the golden item a question was asked for, for agents that answer from the golden set.

The agent protocol passes the question text only, so items are found by question. When two
items share a question they are handed out in the order they are asked: the first asking
gets the first item in golden order, the next asking the next, wrapping around. The count
is kept under a lock (the runner may call `answer` from several threads) and starts over
when the runner calls `prepare` before a run. With concurrency above 1, two threads asking
the same question at the same moment may receive those items in either order.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence

from ragoro.contracts import GoldenItem
from ragoro.errors import RagoroError

__all__ = ["GoldenLookup", "UnknownQuestionError"]


class UnknownQuestionError(RagoroError, LookupError):
    """A question that is not in the golden set the agent was built with."""


def _key(question: str) -> str:
    return " ".join(question.split())


class GoldenLookup:
    """Golden items by question text, with each item's position in golden order."""

    def __init__(self, items: Sequence[GoldenItem], agent: str) -> None:
        self.items: tuple[GoldenItem, ...] = tuple(items)
        self.agent = agent
        self._positions: dict[str, list[int]] = {}
        for position, item in enumerate(self.items):
            self._positions.setdefault(_key(item.question), []).append(position)
        self._asked: Counter[str] = Counter()
        self._lock = threading.Lock()

    def reset(self) -> None:
        """Forget how often each question was asked (a new run starts)."""
        with self._lock:
            self._asked.clear()

    def position_of(self, question: str) -> int:
        """The golden position of the item this asking of `question` is for."""
        key = _key(question)
        positions = self._positions.get(key)
        if not positions:
            shown = question if len(question) <= 80 else question[:77] + "..."
            raise UnknownQuestionError(
                f"agent {self.agent!r} was asked {shown!r}, which is not in the golden set it "
                "was built with: build it with the same golden items the run uses"
            )
        if len(positions) == 1:
            return positions[0]
        with self._lock:
            asked = self._asked[key]
            self._asked[key] = asked + 1
        return positions[asked % len(positions)]

    def item_for(self, question: str) -> GoldenItem:
        """The golden item this asking of `question` is for."""
        return self.items[self.position_of(question)]
