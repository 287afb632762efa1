"""Rule checks on generated questions: the broken templates the issue quotes are rejected."""

from __future__ import annotations

import pytest

from builder.generate.grammar import grammar_problem


@pytest.mark.parametrize(
    ("question", "lang", "problem"),
    [
        ("What does the document say about and they?", "en", "function word 'they'"),
        ("What does it say about and the warranty?", "en", "'about' followed by 'and'"),
        ("What does the document say about although that way?", "en", "'about' followed by"),
        ("What does the FAQ say about spare parts that?", "en", "function word 'that'"),
        ("Cosa prevede il manuale riguardo a il?", "it", "function word 'il'"),
        ("The warranty lasts 24 months", "en", "no question mark"),
        ("The warranty of the press for customers?", "en", "no question word or verb"),
    ],
)
def test_broken_questions_are_rejected_with_their_reason(
    question: str, lang: str, problem: str
) -> None:
    found = grammar_problem(question, lang)  # type: ignore[arg-type]
    assert found is not None and problem in found


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("How long is the warranty on the PX press?", "en"),
        ("Is installation included for customers outside the EU?", "en"),
        ("Which filter codes do we need?", "en"),
        ("What is Officine Ferraris S.p.A.?", "en"),
        ("Quanto pesa la pressa?", "it"),
        ("L'azienda offre una palestra ai dipendenti?", "it"),
        ("Entro quando va presentata la nota spese?", "it"),
    ],
)
def test_real_questions_pass(question: str, lang: str) -> None:
    assert grammar_problem(question, lang) is None  # type: ignore[arg-type]
