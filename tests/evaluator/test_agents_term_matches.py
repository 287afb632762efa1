"""The sentence scorer's set-intersection reading of `term_in` and `coverage`
(`evaluator.agents.term_matches`) answers exactly as they do: on every term of the committed
golden questions against every sentence and chunk of the demo index, and on IT + EN terms
that find a token only softly, through a translation or through a longer form of one."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.lexicon import QueryTerm, query_terms
from evaluator.agents.support import CorpusStats, coverage, term_in
from evaluator.agents.term_matches import Coverage, TermMatches
from ragoro.golden import load_golden
from ragoro.text import content_tokens, detect_language
from vectordb import VectorIndex

ROOT = Path(__file__).resolve().parents[2]

_TERMS = [
    QueryTerm("week", "week", frozenset({"settiman"})),
    QueryTerm("settimana", "settiman", frozenset({"week"})),
    QueryTerm("ore", "ore", frozenset({"hour"})),
    QueryTerm("40", "40", is_number=True),
    QueryTerm("manutenzione", "manutenzion", frozenset({"maintenanc"})),
    QueryTerm("sostituzione", "sostituzion", frozenset({"replac"})),
    QueryTerm("replace", "replac", frozenset({"sostituir"})),
]
_TEXTS = [
    ("L'orario di lavoro è di 40 ore settimanali.", "it"),
    ("La manutenzione settimanale dura 2 ore; il filtro va sostituito.", "it"),
    ("Working time is 40 hours per week.", "en"),
    ("Weekly maintenance takes two hours; the filter is replaced.", "en"),
    ("Il tecnico sostituisce il filtro ogni anno.", "it"),
]


def test_soft_translated_and_longer_forms_it_en() -> None:
    pools = [frozenset(content_tokens(text, lang)) for text, lang in _TEXTS]  # type: ignore[arg-type]
    matches = TermMatches(frozenset().union(*pools))
    for pool in pools:
        for term in _TERMS:
            assert (not pool.isdisjoint(matches.tokens(term))) is term_in(term, pool), term
    # "settimanali" found by the long translation "settiman", "sostituito" softly.
    assert not pools[0].isdisjoint(matches.tokens(_TERMS[0]))
    assert not pools[1].isdisjoint(matches.tokens(_TERMS[5]))
    assert pools[2].isdisjoint(matches.tokens(_TERMS[5]))
    assert matches.tokens(_TERMS[3]) == frozenset({"40"})
    # "sostituisce" found through the "-isc-" stem of the translation "sostituir".
    assert term_in(_TERMS[6], pools[4])
    assert not pools[4].isdisjoint(matches.tokens(_TERMS[6]))


def test_every_golden_term_on_every_sentence_and_chunk_of_the_demo_index(
    demo_index: Path,
) -> None:
    index = VectorIndex.open(demo_index)
    stats = CorpusStats(index.chunks, index.documents)
    matches = stats.term_matches
    pools = list(stats.chunk_tokens)
    for chunk in stats.chunks:
        pools += [sentence.tokens for sentence in stats.sentences_in(chunk)]
    questions = [item.question for item in load_golden(ROOT / "data/golden/qa_golden_set.jsonl")]
    checked = 0
    for question in questions:
        terms = query_terms(question, detect_language(question))
        weights = {t: stats.weight(t) for t in terms}
        covered = Coverage(terms, weights, matches)
        for pool in pools:
            for term in terms:
                assert (not pool.isdisjoint(matches.tokens(term))) is term_in(term, pool)
            assert covered(pool) == coverage(terms, pool, weights)
            checked += 1
    assert checked > 10_000
