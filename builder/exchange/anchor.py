"""Imported items become golden items: their reference contexts located in the corpus.

Another tool's reference contexts are plain text. Offsets are never trusted or guessed: a
given offset is kept only where the text there is the context, anything else is searched
(exact, then whitespace-normalised, as the builder does); a context found in no document
makes the item a reported rejection, never a silent guess.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from ragoro.contracts import GoldenItem, Passage
from ragoro.locate import locate

_LOCATOR = re.compile(r"^(?P<path>.+)#(?P<start>\d+)-(?P<end>\d+)$")


@dataclass(frozen=True)
class Foreign:
    """One item as another tool holds it, reduced to what ragoro can use."""

    where: str
    """"file:line" (JSONL) or "file item N" (JSON array), for messages."""
    question: str
    answer: str
    contexts: list[str]
    locators: list[str] = field(default_factory=list)
    """"path#start-end" per context when the file says where it came from (our export)."""
    item_id: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    """Further GoldenItem fields the file carries (ragoro metadata in a DeepEval file)."""


@dataclass
class Imported:
    """What an import made: the items, and the rejected ones with the reason."""

    items: list[GoldenItem] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    relocated: int = 0
    """Contexts whose offsets had to be searched for (none given, or stale)."""


def passage_locator(passage: Passage) -> str:
    """The "path#start-end" id a passage is exported under."""
    return f"{passage.document_path}#{passage.start_char}-{passage.end_char}"


def _given(locator: str, context: str, texts: Mapping[str, str]) -> Passage | None:
    match = _LOCATOR.match(locator)
    if not match:
        return None
    path, start, end = match["path"], int(match["start"]), int(match["end"])
    if path in texts and start < end and texts[path][start:end] == context:
        return Passage(content=context, document_path=path, start_char=start, end_char=end)
    return None


def _searched(context: str, texts: Mapping[str, str]) -> Passage | None:
    for path in sorted(texts):
        found = locate(texts[path], context)
        if found is not None:
            content = texts[path][found.start : found.end]
            return Passage(
                content=content, document_path=path, start_char=found.start, end_char=found.end
            )
    return None


def _item_id(foreign: Foreign) -> str:
    digest = hashlib.sha256(foreign.question.encode("utf-8")).hexdigest()[:12]
    return foreign.item_id or f"imp-{digest}"


def anchor_item(
    foreign: Foreign, texts: Mapping[str, str], where: str
) -> tuple[GoldenItem | None, str, int]:
    """(item, "", searched contexts) or (None, reason, 0) for one foreign item."""
    if not foreign.contexts and "case_type" not in foreign.extra:
        return (
            None,
            f"{where}: no reference contexts: ragoro needs the passages behind the answer",
            0,
        )
    passages: list[Passage] = []
    searched = 0
    for number, context in enumerate(foreign.contexts):
        locator = foreign.locators[number] if number < len(foreign.locators) else ""
        passage = _given(locator, context, texts)
        if passage is None:
            passage = _searched(context, texts)
            searched += 1
        if passage is None:
            short = context if len(context) <= 60 else context[:57] + "..."
            return (
                None,
                f"{where}: reference context {number + 1} not found in the corpus: {short!r}",
                0,
            )
        passages.append(passage)
    data: dict[str, Any] = {**foreign.extra}
    data.update(id=_item_id(foreign), question=foreign.question, answer=foreign.answer)
    data["passages"] = [p.model_dump() for p in passages]
    if "case_type" not in data:
        documents = {p.document_path for p in passages}
        data["case_type"] = "composite" if len(documents) > 1 else "narrative"
    try:
        return GoldenItem.model_validate(data), "", searched
    except ValidationError as exc:
        error = exc.errors()[0]
        place = ".".join(str(p) for p in error["loc"])
        message = str(error["msg"]).removeprefix("Value error, ")
        return None, f"{where}: {place + ': ' if place else ''}{message}", 0


def anchor_all(foreigns: Sequence[Foreign], texts: Mapping[str, str]) -> Imported:
    """Every foreign item anchored; duplicate ids get a numeric suffix."""
    out = Imported()
    seen: set[str] = set()
    for foreign in foreigns:
        item, reason, searched = anchor_item(foreign, texts, foreign.where)
        if item is None:
            out.rejected.append(reason)
            continue
        base, suffix = item.id, 2
        while item.id in seen:
            item = item.model_copy(update={"id": f"{base}-{suffix}"})
            suffix += 1
        seen.add(item.id)
        out.items.append(item)
        out.relocated += searched
    return out
