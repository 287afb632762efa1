"""Restrictive modifiers the corpus never uses: the question asks about a kind of a thing the
documents never speak of.

"Quanti giorni di permesso spettano per un *lutto*?" and "How many days of *paternity*
leave...?" name a thing the corpus knows (leave, permesso) narrowed to a kind it never
mentions: the documents' paid leave is no answer about bereavement or paternity leave, however
well "leave" and "days" are covered. The same word elsewhere in the question (a verb, an
adverb, a synonym of a known word) says nothing of the kind, so only these slots count:

- an Italian complement "N per / in (article) W" whose noun W the corpus never uses,
  after a word the corpus knows ("il pranzo in *mensa*", "il grasso per i *cuscinetti*");
- an English noun-noun compound "W N" whose first noun W the corpus never uses, read as a
  noun by its derivational suffix ("*paternity* leave", "customer *satisfaction* score"):
  an English modifier without one is as often an adjective ("extra hours", "early shift")
  that a document says in other words.

A capitalised word is a name (a place, a company), not a kind: other rules read those.

The owner of the asked noun is read the same way (`unmet_owners`): "lo smarrimento *del
badge*" answered from a sentence on losing a device speaks of another owner's loss, when the
corpus does name the badge elsewhere.
"""

from __future__ import annotations

import itertools
import re

from evaluator.agents.glossary import agent_translations
from evaluator.agents.lexicon import DOCUMENT_TITLE_RE, QueryTerm
from evaluator.agents.often import states_frequency
from evaluator.agents.support import CorpusStats, Sentence, term_in
from ragoro.text import Lang, content_tokens, stem
from ragoro.text.units import CURRENCIES
from vectordb import Chunk

__all__ = [
    "kind_noun",
    "tells_kind",
    "unmet_kind",
    "unmet_modifiers",
    "unmet_owners",
    "unmet_qualifiers",
]

_WORD_RE = re.compile(r"[^\W\d_]+")
# Purpose and place ("per un lutto", "in mensa"); a "di" complement is as often the material
# or content of a thing the document names in other words ("scontrini di carta" for
# "giustificativi in formato cartaceo"), and an owner is read by `vocabulary.asked_owners`.
_IT_PREPOSITIONS = frozenset(
    ["per", "in", "nel", "nello", "nella", "nei", "negli", "nelle", "nell"]
)
_IT_ARTICLES = frozenset(["il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una"])
# Derivational suffixes that make an English noun (paternity, satisfaction, retirement).
_EN_NOUN_RE = re.compile(r"(?:ity|tion|sion|ment|ness|ance|ence|ship|hood)$")


def unmet_modifiers(
    question: str, lang: Lang, known: list[QueryTerm], unknown: list[QueryTerm]
) -> list[QueryTerm]:
    """The question's unknown terms that narrow a known word to a kind the corpus never
    names (see the module docstring); empty when there are none."""
    if not unknown:
        return []
    words = _WORD_RE.findall(question)
    known_stems = {t.stem for t in known}
    by_stem = {t.stem: t for t in unknown if not t.is_number}
    out: dict[str, QueryTerm] = {}
    for i, word in enumerate(words):
        if word != word.lower():
            continue
        term = by_stem.get(stem(word, lang))
        if term is None:
            continue
        head = _italian_head(words, i) if lang == "it" else _english_head(words, i)
        if head is not None and stem(head.lower(), lang) in known_stems:
            out.setdefault(term.stem, term)
    return list(out.values())


def _italian_head(words: list[str], i: int) -> str | None:
    """The word a complement "N prep (article) W" at position i attaches to, if W is one."""
    j = i - 1
    if j >= 0 and words[j].lower() in _IT_ARTICLES:
        j -= 1
    if j < 1 or words[j].lower() not in _IT_PREPOSITIONS:
        return None
    return words[j - 1]


def _english_head(words: list[str], i: int) -> str | None:
    """The noun a compound's first noun at position i modifies, if it is a suffixed noun."""
    if i + 1 >= len(words) or _EN_NOUN_RE.search(words[i].lower()) is None:
        return None
    return words[i + 1]


# Only a definite owner names one thing: "lo smarrimento *del* badge", "the capacity *of the*
# tank". A bare "di" / "of" complement classifies ("orario di lavoro", "hours of work") and is
# as often said in other words ("orario di servizio").
_IT_ARTICULATED = frozenset(["del", "dello", "della", "dei", "degli", "delle", "dell"])
_IT_DEFINITE = frozenset(["il", "lo", "la", "i", "gli", "le", "l"])
_EN_DEFINITE = frozenset(["the", "its", "your", "our", "my", "their"])


def unmet_owners(
    question: str, lang: Lang, known: list[QueryTerm], found: frozenset[str]
) -> list[QueryTerm]:
    """The known terms a question gives as the definite owner of a known noun ("lo
    smarrimento *del badge*", "the capacity *of the tank*") that the answer's text (`found`,
    its tokens) never names: the text speaks of another owner's noun."""
    words = _WORD_RE.findall(question)
    by_stem = {t.stem: t for t in known if not t.is_number}
    out: dict[str, QueryTerm] = {}
    for i, word in enumerate(words):
        if word != word.lower():
            continue
        term = by_stem.get(stem(word, lang))
        if term is None or term_in(term, found):
            continue
        head = _owned(words, i, lang)
        if head is not None and stem(head.lower(), lang) in by_stem:
            out.setdefault(term.stem, term)
    return list(out.values())


def _owned(words: list[str], i: int, lang: Lang) -> str | None:
    """The noun the word at position i is the definite owner of, if it is one."""
    before = [w.lower() for w in words[max(0, i - 2) : i]]
    if lang == "it":
        if before and before[-1] in _IT_ARTICULATED and i >= 2:
            return words[i - 2]
        if len(before) == 2 and before[0] == "di" and before[1] in _IT_DEFINITE and i >= 3:
            return words[i - 3]
        return None
    if len(before) == 2 and before[0] == "of" and before[1] in _EN_DEFINITE and i >= 3:
        return words[i - 3]
    return None


# A word as a pair reads it: letters only ("rifiuti", "pericolosi").
_PAIR_WORD_RE = re.compile(r"[^\W\d_]+")
# Derivational suffixes that make an adjective: Italian "pericolosi", "aziendale", "elettrica",
# "retribuiti"; English "hazardous", "annual", "electric", "paid". A verb next to a noun
# ("l'anticipo *deve*") narrows nothing.
_ADJECTIVE_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(
        r"(?:os[oaie]|al[ei]|ic[oaeh]i?|iv[oaie]|ar[ei]|il[ei]|at[oaie]|it[oaie]|ut[oaie]|ent[ei]|ant[ei])$"
    ),
    "en": re.compile(r"(?:ous|al|ic|ive|able|ible|ful|less|ary|ed|ent|ant)$"),
}


def _pairs(text: str, lang: Lang) -> set[tuple[str, str]]:
    """Every two adjacent words of the text, as stems."""
    words = [stem(w.lower(), lang) for w in _PAIR_WORD_RE.findall(text)]
    return set(itertools.pairwise(words))


def unmet_qualifiers(
    question: str, lang: Lang, sentence: Sentence, stats: CorpusStats
) -> list[str]:
    """Adjectives that narrow a noun of the question to a kind its passage tells apart
    ("rifiuti *pericolosi*": right after the answer, its chunk goes on "I rifiuti pericolosi
    sono stati pari a 640 tonnellate"), where the answer's sentence, in the question's
    language, names the noun without the adjective ("9.870 tonnellate di rifiuti, di cui
    l'87%..."): it speaks of the whole kind, and its value is not the narrowed one's.

    Only a kind the document introduces after the answer's sentence counts: once "un
    accumulatore idraulico" is introduced, a later "l'accumulatore" is the same one, said
    short. A pair the passage never writes is read as a paraphrase; an Italian adjective
    follows its noun, an English one precedes it."""
    if sentence.lang != lang:
        return []
    question = DOCUMENT_TITLE_RE.sub(" ", question)  # a title quoted whole narrows nothing
    content = set(content_tokens(question, lang))
    words = [w for w in _PAIR_WORD_RE.findall(question) if w == w.lower()]
    theirs = {stem(w.lower(), lang) for w in _PAIR_WORD_RE.findall(sentence.text)}
    out = []
    # The pairs around the sentence, read once (the text before it is the document so far).
    around: tuple[set[tuple[str, str]], set[tuple[str, str]]] | None = None
    for first, second in itertools.pairwise(words):
        a, b = stem(first, lang), stem(second, lang)
        (noun, qualifier), written = ((a, b), second) if lang == "it" else ((b, a), first)
        if a not in content or b not in content or _ADJECTIVE_RE[lang].search(written) is None:
            continue
        if noun not in theirs or qualifier in theirs:
            continue
        if around is None:
            before, after = _around_sentence(sentence, stats)
            around = _pairs(before, lang), _pairs(after, lang)
        if (a, b) in around[1] and (a, b) not in around[0]:
            out.append(written)
    return out


def _around_sentence(sentence: Sentence, stats: CorpusStats) -> tuple[str, str]:
    """The document's text before the sentence, and the rest of its chunk after it."""
    text = stats.documents[sentence.document_path].text
    ends = [c.end_char for c in stats.chunks if _holds(c, sentence)]
    return text[: sentence.start], text[sentence.end : max(ends, default=sentence.end)]


def _holds(chunk: Chunk, sentence: Sentence) -> bool:
    """Is the sentence inside (or overlapping) the chunk?"""
    return (
        chunk.document_path == sentence.document_path
        and chunk.start_char < sentence.end
        and sentence.start < chunk.end_char
    )


# "Che tipo di *grasso*...", "Which brand of hydraulic *oil*...": the thing whose kind is asked.
_KIND_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(
        r"\b(?:che|quale|quali)\s+(?:tipo|tipi|genere|marca|modello)\s+di\s+(?P<np>[^\W\d_]+)",
        re.IGNORECASE,
    ),
    "en": re.compile(
        r"\b(?:what|which)\s+(?:types?|kinds?|sorts?|brands?|makes?|models?|grades?)\s+of\s+"
        r"(?:the\s+|a\s+|an\s+)?(?P<np>[^\W\d_]+(?:\s+[^\W\d_]+)?)",
        re.IGNORECASE,
    ),
}
# A verb after the noun ends its phrase ("which type of oil *does*...").
_EN_VERBS = frozenset(
    ["do", "does", "did", "is", "are", "was", "were", "should", "must", "can", "will", "goes"]
)


def kind_noun(question: str) -> QueryTerm | None:
    """The thing a "what kind of X" question asks the kind of ("che tipo di *grasso*",
    "which brand of hydraulic *oil*"), with its translations; None for other questions."""
    for lang in ("it", "en"):
        match = _KIND_RE[lang].search(question)
        if match is None:
            continue
        words = match.group("np").split()
        if len(words) > 1 and words[-1].lower() in _EN_VERBS:
            words = words[:-1]
        noun = words[-1].lower()
        own = stem(noun, lang)
        return QueryTerm(noun, own, agent_translations(own, lang))
    return None


# What tells a kind: a word naming one ("di tipo HVLP 32", "class 10.9", "brand"), or a
# designation of capitals and a number ("NLGI 3", "ISO VG 68"); an amount in a currency's
# code ("EUR 40") is a price, no designation.
_KIND_TOLD_RE = re.compile(
    r"\b(?:tipo|tipi|type|types|grade|grado|classe|class|marca|brand|modello|model)\b"
    r"|\b(?P<letters>[A-Z]{2,}(?:\s+[A-Z]{2,})*)[- ]?\d+\b"
)


def tells_kind(noun: QueryTerm, sentence: Sentence) -> bool:
    """Does the sentence tell what kind the thing is? It must name the thing, and one that
    only schedules it ("Il filtro ... deve essere pulito ogni 250 ore", "la batteria ...
    sostituita ogni 3 anni") says when to service it, not what it is, unless it also names
    a kind ("ogni 50 ore ... grasso al litio NLGI 3")."""
    if not term_in(noun, sentence.tokens):
        return False
    return not states_frequency(sentence.text) or any(
        m.group("letters") is None or m.group("letters").split()[-1] not in CURRENCIES
        for m in _KIND_TOLD_RE.finditer(sentence.text)
    )


def unmet_kind(question: str, sentences: list[Sentence]) -> list[QueryTerm]:
    """The thing a "what kind of X" question asks about (`kind_noun`) when none of the
    answer's sentences tells its kind (`tells_kind`): a sentence about the motor's power
    tells no kind of grease, whatever else of the question it covers, and one saying how
    often to change the battery tells no kind of battery."""
    term = kind_noun(question)
    if term is None:
        return []
    return [] if any(tells_kind(term, s) for s in sentences) else [term]
