"""Which of the extractive agent's gates refused a question: a debug reading, never an outcome.

The agent logs the gate that refused at DEBUG on its module's logger; `refusal_gate` runs one
question with a handler attached and returns that name (None when the agent answered or asked).
Outcomes' bytes never carry it, so measuring by gate changes no report.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from evaluator.agents.extractive import ExtractiveAgent
    from evaluator.agents.ranking import Candidate

LOGGER = "evaluator.agents.replies"


def early_gate(*, known: int, candidates: int, unknown: int) -> str:
    """Name the early refusal: no known word, no candidate sentence, more unknown words than
    known ones, or else the question's head noun is unknown to the corpus."""
    if not known:
        return "no-terms"
    if not candidates:
        return "no-candidates"
    if unknown > known:
        return "unknown-majority"
    return "headless"


def support_gate(best: Candidate | None, unmet: list[str]) -> str:
    """Name the refusal of the best sentence: none of the asked answer type, a name it lacks,
    a bare heading, or a score below the support bar."""
    if best is None:
        return "no-answer-type"
    if unmet:
        return "unmet-entity"
    if best.sentence.is_heading and best.quantity is None:
        return "heading"
    return "support-bar"


class _Last(logging.Handler):
    """Keeps the gate of the last refusal logged."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.gate: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.gate = str(record.args[0]) if isinstance(record.args, tuple) else None


def refusal_gate(agent: ExtractiveAgent, question: str) -> str | None:
    """Answer `question` and return the name of the gate that refused it, or None."""
    logger = logging.getLogger(LOGGER)
    handler, level = _Last(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        outcome = agent.answer(question)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    return handler.gate if outcome.refused else None
