"""Offline text analysis shared by the lexical judge, the offline generator and the agent.

Italian and English: language detection, tokens and stems, numbers with units, sentence
spans, negation cues, refusal / clarification recognition, claim-vs-source evidence, and
one bilingual lexicon of generic concepts (word translations, concepts a phrase names).
"""

from ragoro.text.behaviour import is_clarification_request, is_refusal
from ragoro.text.dates import DateMention, find_dates
from ragoro.text.lang import STOPWORDS, Lang, content_tokens, detect_language, stem, tokenize
from ragoro.text.lexicon import CONCEPTS, Concept, concepts, translations
from ragoro.text.negation import has_negation, negations
from ragoro.text.numbers import (
    Quantity,
    extract_quantities,
    parse_number,
    quantities_match,
    same_quantity,
)
from ragoro.text.sentences import Span, split_clauses, split_sentences
from ragoro.text.units import UNITS, convert, normalize_unit

__all__ = [
    "CONCEPTS",
    "STOPWORDS",
    "UNITS",
    "Concept",
    "DateMention",
    "Lang",
    "Quantity",
    "Span",
    "concepts",
    "content_tokens",
    "convert",
    "detect_language",
    "extract_quantities",
    "find_dates",
    "has_negation",
    "is_clarification_request",
    "is_refusal",
    "negations",
    "normalize_unit",
    "parse_number",
    "quantities_match",
    "same_quantity",
    "split_clauses",
    "split_sentences",
    "stem",
    "tokenize",
    "translations",
]
