"""A reviewer's decision on one golden item: accept, edit (then accept) or reject.

Edits are re-validated through the GoldenItem contract, so an edited item obeys every rule
a generated one does (a numeric case needs its value, a refusal has no passages...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from pydantic import ValidationError

from ragoro.contracts import CASE_TYPES, GoldenItem, Review
from ragoro.errors import InputError

Action = Literal["accept", "reject"]
ACTIONS: tuple[Action, ...] = ("accept", "reject")


class ReviewError(InputError):
    """A decision that cannot be applied (an invalid edit, an unknown item or action)."""


@dataclass(frozen=True)
class Edit:
    """The editable fields of an item as the reviewer left them."""

    question: str
    answer: str
    answers: list[str]
    case_type: str

    @classmethod
    def of(cls, item: GoldenItem) -> Edit:
        """The item's current values."""
        return cls(item.question, item.answer, list(item.answers), item.case_type)

    @classmethod
    def from_form(cls, question: str, answer: str, answers: str, case_type: str) -> Edit:
        """Form text: alternative answers one per line (blank lines dropped), ends trimmed."""
        alternatives = [line.strip() for line in answers.splitlines() if line.strip()]
        return cls(question.strip(), answer.strip(), alternatives, case_type.strip())


def now_utc() -> str:
    """The current UTC time, ISO-8601 to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error["loc"])
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def decide(
    item: GoldenItem, action: str, edit: Edit, *, note: str = "", at: str | None = None
) -> GoldenItem:
    """The item after a decision; `ReviewError` when the action or the edit is invalid.

    accept: the edited fields are validated and stored; status "edited" when any field
    differs from the item (or it was edited before), else "accepted". reject: the fields
    are left as they were and the item is marked "rejected" (evaluations skip it).
    """
    if action not in ACTIONS:
        raise ReviewError(f"unknown action {action!r}: use one of {', '.join(ACTIONS)}")
    when = at or now_utc()
    if action == "reject":
        review = Review(status="rejected", note=note.strip(), at=when)
        return item.model_copy(update={"review": review})
    if edit.case_type not in CASE_TYPES:
        raise ReviewError(f"case_type: {edit.case_type!r} is not one of {', '.join(CASE_TYPES)}")
    changed = edit != Edit.of(item)
    was_edited = item.review is not None and item.review.status == "edited"
    status = "edited" if changed or was_edited else "accepted"
    data = item.model_dump()
    # A refusal case is one whose corpus cannot answer: the flag follows the case type.
    data["expected"]["refuse"] = edit.case_type == "refusal"
    data.update(
        question=edit.question,
        answer=edit.answer,
        answers=edit.answers,
        case_type=edit.case_type,
        review={"status": status, "note": note.strip(), "at": when},
    )
    try:
        return GoldenItem.model_validate(data)
    except ValidationError as exc:
        raise ReviewError(f"item {item.id}: {_first_error(exc)}") from exc


def review_counts(items: Iterable[GoldenItem]) -> Counter[str]:
    """Items per review status ("accepted", "edited", "rejected", "not reviewed")."""
    return Counter(item.review.status if item.review else "not reviewed" for item in items)
