"""A question picking one member by a superlative is answered by a sentence that ranks the
asked way, and refused when no sentence ranks: the agent does no arithmetic over members'
values. Italian and English."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.superlatives import asks_rank, ranks_as_asked, unranked
from evaluator.agents.support import Sentence
from tests.evaluator.one_document import agent_over

REPORT = (
    "# Results by division\n\n"
    "The Pumps division generated revenue of EUR 410.2 million in 2025.\n\n"
    "The Valves division generated revenue of EUR 280.5 million in 2025.\n\n"
    "The Valves division had the highest operating margin of the Group at 18.1%.\n"
)
RELAZIONE = (
    "# Risultati per divisione\n\n"
    "La divisione Pompe ha registrato ricavi per 410,2 milioni di euro nel 2025.\n\n"
    "La divisione Valvole ha registrato ricavi per 280,5 milioni di euro nel 2025.\n\n"
    "La divisione Valvole ha avuto il margine operativo più alto del Gruppo, pari al 18,1%.\n"
)


def _sentence(text: str) -> Sentence:
    return Sentence("doc.md", 0, len(text), text, "en")


def test_a_superlative_picks_a_member() -> None:
    assert asks_rank("Which division had the highest operating margin?")
    assert asks_rank("Quale divisione ha avuto il margine più alto?")
    assert not asks_rank("What is the highest operating pressure?")
    assert not asks_rank("Qual è il rimborso più alto per un pasto?")
    assert not asks_rank("Which division makes valves?")
    # "Più basso" points down, "il più alto" up; a bare comparative in a statement ranks
    # nothing.
    low = _sentence("La divisione Pompe ha avuto il margine più basso.")
    high = _sentence("La divisione Valvole ha avuto il margine più alto.")
    trend = _sentence("I costi sono stati più alti del previsto.")
    question = "Quale divisione ha avuto il margine più basso?"
    assert ranks_as_asked(question, low)
    assert not ranks_as_asked(question, high)
    assert not ranks_as_asked(question, trend)


def test_a_sentence_ranks_by_a_superlative_the_asked_way() -> None:
    question = "Which division had the best margin?"
    highest = _sentence("Valves had the highest margin of the Group at 18.1%.")
    lowest = _sentence("The margin of Pumps was 12.0%, the lowest, due to higher steel costs.")
    plain = _sentence("Pumps generated revenue of EUR 410.2 million.")
    assert ranks_as_asked(question, highest)
    assert not ranks_as_asked(question, lowest)  # the other end; "higher" is no ranking
    assert not ranks_as_asked(question, plain)
    assert unranked(question, [plain, lowest])
    assert not unranked(question, [plain, highest])


def test_the_ranking_sentence_answers_in_english(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "report.md", REPORT)
    answered = agent.answer("Which division had the best operating margin in 2025?")
    assert answered.refused is False
    assert "18.1%" in answered.answer
    # The only ranking sentence ranks the other end.
    refused = agent.answer("Which division had the lowest operating margin in 2025?")
    assert refused.refused is True
    assert refused.contexts


def test_the_ranking_sentence_answers_in_italian(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "relazione.md", RELAZIONE)
    answered = agent.answer("Quale divisione ha avuto il margine operativo migliore?")
    assert answered.refused is False
    assert "18,1%" in answered.answer
    refused = agent.answer("Quale divisione ha avuto il margine operativo più basso?")
    assert refused.refused is True
