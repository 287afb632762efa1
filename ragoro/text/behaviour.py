"""Recognise answers that refuse ("Non lo so") or ask a question back ("Intendi A o B?")."""

from __future__ import annotations

import re
from functools import lru_cache

from ragoro.text.gates import lacks
from ragoro.text.lang import Lang, normalize
from ragoro.text.negation import has_negation
from ragoro.text.sentences import split_sentences

_I = re.IGNORECASE

_REFUSAL_PHRASES = (
    # Italian
    r"\bnon lo so\b",
    r"\bnon (?:lo )?saprei\b",
    r"\bnon so (?:rispondere|dirti|dirle|indicare|dire)\b",
    r"\bnon (?:sono|siamo) in grado di\b",
    r"\bnon (?:posso|possiamo|riesco a|è possibile) (?:rispondere|trovare|fornire|"
    r"determinare|indicare|stabilire)",
    r"\bimpossibile (?:rispondere|determinare|stabilire)",
    r"\bnon (?:ho|abbiamo) trovato\b",
    r"\bnon trovo\b",
    r"\bnon (?:dispongo|disponiamo|ho|abbiamo|possiedo) (?:di )?(?:alcun\w* )?"
    r"(?:informazion|dati|elementi|dettagli)",
    r"\bnessun[ao]? (?:informazion|dato|dati|riferiment|menzion|dettagli)",
    r"\binformazion\w* (?:non (?:è|sono) (?:disponibil|present)|insufficient|mancant)",
    # Lack of knowledge or of information, however phrased.
    r"\bnon (?:ho|abbiamo) (?:idea|modo di saperlo|elementi|abbastanza|sufficient)",
    r"\bnon ne ho idea\b",
    r"\bnon (?:sono|siamo) (?:sicur|cert)[oiae]\b",
    r"\bnon (?:posso|possiamo|riesco a) (?:aiutar|esser\w* d'aiuto|saperlo|dirlo|dirtelo)",
    r"\bnon (?:è|sono) (?:indicat|specificat|riportat|menzionat|dispon)\w*\b",
    r"\bnon risulta(?:no)? (?:dai|nei|dal|nel)\b",
    r"\bnon (?:c'è|ci sono) (?:alcun\w* )?(?:informazion|dat|riferiment|menzion|traccia)",
    # English
    r"\bi (?:do not|don't) know\b",
    r"\b(?:i|we) (?:do not|don't|did not|didn't) (?:have|find|see) (?:any |enough |"
    r"sufficient |the )?(?:information|data|details|answer|mention|reference)",
    r"\b(?:i|we) have no (?:idea|information|data|way of knowing)",
    r"\bno idea\b",
    r"\b(?:i|we) (?:cannot|can't|am unable to|'m unable to) (?:help|assist)",
    r"\b(?:cannot|can't|could not|couldn't) be (?:determined|answered|found|established)",
    r"\b(?:is|are) not (?:specified|stated|mentioned|indicated|given|provided|available)",
    r"\bi(?:'m| am) not sure\b",
    r"\b(?:i|we) (?:cannot|can't|could not|couldn't|am unable to|was unable to|"
    r"'m unable to|am not able to|was not able to) (?:answer|find|determine|provide|"
    r"locate|say|tell|identify)",
    r"\bunable to (?:answer|find|determine|locate|identify)",
    r"\bnot possible to (?:answer|determine|say|tell)",
    r"\bno (?:information|data|mention|details?|reference)\b",
    r"\bnot enough (?:information|data|context)\b",
    r"\binsufficient (?:information|data|context)\b",
    r"\bthere is no (?:information|mention|data|reference)",
    r"\bnot (?:in|found in|present in|contained in|available in|mentioned in) the "
    r"(?:provided |given |available |retrieved )?(?:documents?|context|sources?|texts?|"
    r"materials?|passages?)",
)
_REFUSAL_RE = re.compile("|".join(_REFUSAL_PHRASES), _I)
# Every match of _REFUSAL_RE holds one of these (the negation of each Italian phrase and
# of most English ones, the rest by their own words): a sentence with none of them, most
# of an answer's, is no refusal without the pattern's ~40 branches tried at every letter.
_REFUSAL_NEEDS = (
    "non",
    "not",
    "n't",
    "impossibile",
    "nessun",
    "informazion",
    "unable",
    "have no",
    "no idea",
    "no information",
    "no data",
    "no mention",
    "no detail",
    "no reference",
    "insufficient",
    "there is no",
)
# "Il manuale non specifica...", "The documents do not mention...": a negated verb of
# stating whose subject is the source material.
_SOURCE_RE = re.compile(
    r"\b(?:document|contest|testo|testi|fonte|fonti|manual|material|context|text|source|"
    r"passag|brano|brani|estratt|excerpt|information (?:given|provided|available|supplied)|"
    r"informazioni (?:fornite|disponibili|date))",
    _I,
)
_STATING_RE = re.compile(
    r"\b(?:present|indic|specific|riport|menzion|mention|states?\b|contain|conten|"
    r"disponibil|availabl|tratt|includ|provid|forni|trov|find|found|say|dice\b|dicono\b|"
    r"parl|refer|riferi|giv(?:e|es|en)\b|danno\b|dà\b|report|list|elenc|show|mostr)",
    _I,
)
_CONTRAST_RE = re.compile(r"\b(?:ma|però|tuttavia|but|however)\b", _I)
_FILLER_RE = re.compile(
    r"\b(?:mi dispiace|purtroppo|spiacente|sorry|unfortunately|i apologi[sz]e|"
    r"ti consiglio|le consiglio|consiglio di|suggerisco|contatt|consult|rivolg|"
    r"please (?:contact|consult|refer|check)|you (?:may|might|could|can) (?:want to )?"
    r"(?:contact|consult|check|refer)|i (?:recommend|suggest)|posso aiutarti|"
    r"can i help|let me know|fammi sapere|se hai altre domande|if you have (?:any )?other)",
    _I,
)
_CLARIFY_RE = re.compile(
    r"\b(?:intend[ei]|intendevi|intendeva|ti riferisci|si riferisce|vi riferite|vuoi dire|"
    r"vuole dire|potresti|potrebbe|puoi|può|mi (?:dici|indichi)|specificar\w*|chiarir\w*|"
    r"precisar\w*|quale|quali|do you mean|did you mean|are you (?:referring|asking)|"
    r"you mean|could you|can you|please (?:specify|clarify)|which|o|oppure|or)\b",
    _I,
)


def _is_refusal_sentence(sentence: str, lang: Lang | None) -> bool:
    if _CONTRAST_RE.search(sentence):
        # "Il manuale non indica la data, ma la capacità è 28,5 l" answers in part.
        return False
    if not lacks(sentence, _REFUSAL_NEEDS) and _REFUSAL_RE.search(sentence):
        return True
    return (
        has_negation(sentence, lang)
        and _SOURCE_RE.search(sentence) is not None
        and _STATING_RE.search(sentence) is not None
    )


# "Non lo so: i testi indicano la sede, non la quota." declines, then says why.
_DECLINE_THEN_WHY_RE = re.compile(
    r"^\W*(?:non lo so|non saprei|non ne ho idea|i (?:do not|don't) know|i(?:'m| am) not sure|"
    r"no idea)\s*:",
    _I,
)


def is_refusal(answer: str, lang: Lang | None = None) -> bool:
    """True when the answer only declines ("Non lo so", "not in the documents", ...).

    Apologies and "contact support" advice may surround the refusal; any other sentence
    makes it a (partial) answer, not a refusal, except an explanation introduced by a
    colon right after the refusal ("I don't know: the documents only give...").
    """
    return _is_refusal(answer, lang)


# Pure, and asked of the same answer by several metrics of a case (3,565 calls for 1,782
# texts judging the hand-written set). Bounded: most answers are per case.
@lru_cache(maxsize=4096)
def _is_refusal(answer: str, lang: Lang | None) -> bool:
    opening = _DECLINE_THEN_WHY_RE.match(normalize(answer))
    if opening:
        # "I don't know: the documents only give the venue" says why it declines; "I don't
        # know: the price is 250 EUR" answers after all.
        return _SOURCE_RE.search(normalize(answer)[opening.end() :]) is not None
    sentences = [s.text for s in split_sentences(normalize(answer))]
    refusals = [s for s in sentences if _is_refusal_sentence(s, lang)]
    if not refusals:
        return False
    return all(s in refusals or _FILLER_RE.search(s) for s in sentences)


def is_clarification_request(answer: str) -> bool:
    """True when the answer asks the user a question back ("Intendi A o B?", "Do you mean...?")."""
    for sentence in split_sentences(normalize(answer)):
        if sentence.text.rstrip(" )\"'»”").endswith("?") and _CLARIFY_RE.search(sentence.text):
            return True
    return False
