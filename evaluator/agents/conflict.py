"""When the extractive agent asks which one is meant instead of answering.

Two well-supported sentences of different documents giving different values of the same
kind of quantity for different entities the question does not name ("the plant's
electricity": Verona's 4,250 MWh or Padova's 3,180 MWh?) are two readings of one question;
the agent offers both, each under the entity its value belongs to.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evaluator.agents.ranking import Candidate
from evaluator.agents.support import CorpusStats
from evaluator.agents.wording import Option
from ragoro.text import quantities_match
from ragoro.text.entities import entity_tokens

__all__ = ["clarification_options", "find_conflict", "specific_entities"]


def specific_entities(candidate: Candidate, stats: CorpusStats) -> set[str]:
    """Names in a sentence that are specific to it (not the ubiquitous company name)."""
    names = entity_tokens(candidate.sentence.text)
    return {name for name in names if stats.is_specific(name)}


def find_conflict(
    candidates: Sequence[Candidate],
    question: str,
    stats: CorpusStats,
    *,
    support_bar: float,
    ratio: float,
) -> list[Candidate] | None:
    """The best valued sentence and a rival of another document whose support is within
    `ratio` of it, giving another value of the same unit for other entities; None if none."""
    valued = [
        c
        for c in candidates
        if c.quantity is not None and c.quantity.unit is not None and c.support >= support_bar
    ]
    if len(valued) < 2 or valued[0] is not candidates[0]:
        return None
    top = valued[0]
    assert top.quantity is not None
    asked = {w.lower() for w in re.findall(r"[^\W_]+", question)}
    # Names of places and bodies the question means ("Brescia"); a code ("CO2") names none.
    named = {n for n in entity_tokens(question) if n.isalpha() and stats.is_specific(n)}
    for other in valued[1:]:
        assert other.quantity is not None
        if other.support < ratio * top.support:
            break
        if other.sentence.document_path == top.sentence.document_path:
            continue
        if other.quantity.unit != top.quantity.unit or quantities_match(
            other.quantity, top.quantity
        ):
            continue
        ours, rivals = specific_entities(top, stats), specific_entities(other, stats)
        if named and not named & (ours | rivals):
            continue  # the question names the entity it means, and neither reading is for it
        own = ours - rivals - asked
        theirs = rivals - ours - asked
        if own and theirs:
            return [top, other]
    return None


def clarification_options(conflict: list[Candidate], stats: CorpusStats) -> list[Option]:
    """One option per reading: the entity its value belongs to, the value, the sentence."""
    options = []
    for candidate, other in zip(conflict, conflict[::-1], strict=True):
        quantity = candidate.quantity
        assert quantity is not None
        text = candidate.sentence.text
        names = specific_entities(candidate, stats) - specific_entities(other, stats)
        mentions = [m for name in names for m in re.finditer(rf"\b{re.escape(name)}\b", text, re.I)]
        # The entity nearest the value is the one the value belongs to.
        nearest = min(mentions, key=lambda m: abs(m.start() - quantity.start), default=None)
        entity = nearest.group(0) if nearest is not None else sorted(names)[0].title()
        options.append(Option(entity, quantity.raw, " ".join(text.split())))
    return options
