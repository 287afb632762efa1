"""The golden file under review: items in memory, every decision written atomically.

The file keeps its form (JSONL or JSON array) and its item order. A file changed on disk
since it was read (another editor, a generate run) is never overwritten: the decision is
refused and the reviewer reloads.
"""

from __future__ import annotations

from pathlib import Path

from builder.review.decide import Edit, ReviewError, decide
from ragoro.contracts import GoldenItem
from ragoro.golden import file_sha256, is_json_array_file, load_golden, write_golden


class ReviewStore:
    """One golden file's items, and the decisions made on them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: list[GoldenItem] = []
        self._sha256 = ""
        self._as_array = False
        self.reload()

    def reload(self) -> None:
        """Read the file again (a broken or missing file raises, naming file:line)."""
        self._as_array = is_json_array_file(self.path)
        self.items = load_golden(self.path)
        self._sha256 = file_sha256(self.path)

    def refresh(self) -> None:
        """Read the file again if it changed on disk since it was read or written."""
        if file_sha256(self.path) != self._sha256:
            self.reload()

    def index_of(self, item_id: str) -> int:
        """Position of an item; `ReviewError` when no item has that id."""
        for number, item in enumerate(self.items):
            if item.id == item_id:
                return number
        raise ReviewError(f"no item {item_id!r} in {self.path}")

    def apply(self, item_id: str, action: str, edit: Edit, note: str = "") -> GoldenItem:
        """Decide on one item and write the whole file atomically; returns the new item."""
        number = self.index_of(item_id)
        updated = decide(self.items[number], action, edit, note=note)
        if file_sha256(self.path) != self._sha256:
            raise ReviewError(
                f"{self.path} changed on disk since it was loaded; nothing was written. "
                "Reload the page to review the current file"
            )
        items = [*self.items[:number], updated, *self.items[number + 1 :]]
        write_golden(self.path, items, as_array=self._as_array)
        self.items = items
        self._sha256 = file_sha256(self.path)
        return updated
