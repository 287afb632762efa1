"""The agent's question terms: framing words dropped, translations from the shared lexicon."""

from evaluator.agents.lexicon import query_terms
from ragoro.text import stem


def test_agent_query_terms_take_their_translations_from_the_lexicon() -> None:
    terms = {t.word: t for t in query_terms("Qual è lo stipendio del direttore?", "it")}
    assert stem("salary", "en") in terms["stipendio"].translations
    assert stem("director", "en") in terms["direttore"].translations
    assert terms["stipendio"].stem not in terms["stipendio"].translations


def test_framing_words_and_a_named_document_are_not_terms() -> None:
    terms = query_terms("Qual è il valore della pressione nel documento «Manuale tecnico»?", "it")
    assert [t.word for t in terms] == ["pressione"]
