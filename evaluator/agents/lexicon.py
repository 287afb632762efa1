"""Question terms with their Italian <-> English translations, for cross-language matching.

The translations come from the shared lexicon (`ragoro.text.lexicon`) and the agent's own
glossary of everyday words (`evaluator.agents.glossary`); what is the agent's
own is which words of a question are content terms: framing words ("Qual è il valore di",
"What is the") and a named document title are not required in a passage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from evaluator.agents.glossary import agent_translations, spelled_out
from ragoro.text import Lang, content_tokens, stem, tokenize
from ragoro.text.lang import is_number_token


@dataclass(frozen=True)
class QueryTerm:
    """One content word of a question and every stem that counts as finding it."""

    word: str
    """The word as the question writes it (lowercase), for messages."""
    stem: str
    """Its stem in the question's language (matched softly: sostituzione ~ sostituito)."""
    translations: frozenset[str] = frozenset()
    """Stems of its translations (matched exactly, or by a longer form that extends a
    translation of six letters or more: "settiman" finds "settimanali"; a shared prefix
    alone is too loose across languages)."""
    is_number: bool = False


# Words that only frame a question ("Entro quanto tempo...", "What is the value of..."), per
# language: each list is stemmed in its own language and applies to questions in it, since a
# frame word's stem in one language can be a content stem in the other ("according" and
# "accordo" both stem to "accord"). Modal verbs ("posso", "va cambiata", "do I need") frame
# what is asked as much as the question words do (the tokenizer's stopwords hold most
# English ones and only some Italian ones). So do the quantifier determiners the tokenizer
# keeps ("every", "ciascun", "qualsiasi"): a closed class whose counterparts in the other
# language are stopwords ("every site" is "tutti gli stabilimenti", "ciascun dipendente"
# is "each employee"), so they could never be found across languages.
_FRAME_WORDS: dict[Lang, str] = {
    "it": """
quale quali qual quanto quanti quante quanta cosa come dove quando perché chi entro
indicare indica descrivi descrivere spiega spiegare elenca elencare dimmi sapere
valore tempo numero pari importo vale valgono
prevede prevedono riguardo riguarda indicato indicata indicati dice dicono afferma stabilisce
documento documenti
posso puoi possiamo potete possono potrei potremmo devo devi dobbiamo dovete dovrei dovremmo
va vanno bisogna occorre voglio vorrei vogliamo
ciascun ciascuno ciascuna ognuno ognuna qualsiasi qualunque entrambi entrambe
""",
    "en": """
what which how much many where when why who whom long
explain describe list tell know
value time number amount worth
say says said state states document documents regarding concerning according need needs
every
""",
}
# Light verbs: in "fare la domanda di ferie", "far crescere il fatturato", "dare il via
# libera", "make a request", "take a break", "get paid" the verb carries tense and person and
# its complement carries the meaning ("domanda" = richiedere, "via libera" = autorizzazione),
# so a passage that says it with a full verb ("richiedere", "autorizzato") has no word for
# the light verb to find. Only forms that are never also nouns are listed ("fatto", "dato",
# "data", "danno", "presa" are also nouns: fact, datum, date, damage, socket).
_LIGHT_VERBS: dict[Lang, str] = {
    "it": "fare far fa fanno fatta fatte dare dà prendere prende preso",
    "en": "make makes made making take takes took taken give gives gave given get gets got done",
}
# "il documento «Titolo»" names where to look, not what to find: its words are not required.
DOCUMENT_TITLE_RE = re.compile(r"\b(?:il |the )?(?:documento|document)\s+«[^»]*»", re.IGNORECASE)
_FRAME_STEMS = {
    lang: frozenset(stem(w, lang) for w in f"{words} {_LIGHT_VERBS[lang]}".split())
    for lang, words in _FRAME_WORDS.items()
}


def query_terms(question: str, lang: Lang) -> list[QueryTerm]:
    """The content terms of a question, framing words dropped, each with its translations."""
    question = spelled_out(DOCUMENT_TITLE_RE.sub(" ", question), lang)
    words = {stem(t, lang): t for t in reversed(tokenize(question))}
    terms: list[QueryTerm] = []
    seen: set[str] = set()
    frame = _FRAME_STEMS.get(lang, frozenset())
    for token in content_tokens(question, lang):
        if token in seen or token in frame:
            continue
        seen.add(token)
        if is_number_token(token):
            terms.append(QueryTerm(token, token, is_number=True))
            continue
        others = agent_translations(token, lang) - {token}
        terms.append(QueryTerm(words.get(token, token), token, others))
    return terms
