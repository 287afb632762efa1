"""A price question is answered by "free": "gratuito", "free of charge" state a price of
nothing. Words about something else still do not answer it."""

from __future__ import annotations

import pytest

from judges.relevancy import answer_relevancy


@pytest.mark.parametrize(
    ("question", "answer", "relevant"),
    [
        ("Quanto costa l'ingresso al museo?", "L'ingresso è gratuito la prima domenica.", True),
        ("Quanto costa l'ingresso al museo?", "Non si paga nulla: non costa nulla.", True),
        ("Quanto costa l'ingresso al museo?", "Il museo è vicino al duomo.", False),
        ("How much does the museum entrance cost?", "Entrance is free of charge.", True),
        ("How much does the museum entrance cost?", "It costs nothing on Sundays.", True),
        ("How much does the museum entrance cost?", "The museum is near the cathedral.", False),
        ("How much does the helpdesk cost?", "Call the toll-free helpdesk number.", False),
        ("How much does the meal cost?", "The canteen serves gluten-free meals.", False),
        ("Quanto costa il pasto?", "La mensa serve pasti senza glutine.", False),
    ],
)
def test_free_answers_what_it_costs(question: str, answer: str, relevant: bool) -> None:
    assert answer_relevancy(question, answer).passed is relevant
