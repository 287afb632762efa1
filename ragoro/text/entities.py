"""Named-entity-like tokens (proper nouns, acronyms, model codes), found without a model."""

from __future__ import annotations

import re

from ragoro.text.lang import STOPWORDS, Lang, detect_language, normalize, stem
from ragoro.text.sentences import split_sentences

_WORD_RE = re.compile(r"[^\W_]+")
_STOP = STOPWORDS["it"] | STOPWORDS["en"]


def entity_tokens(text: str) -> set[str]:
    """Lowercase words that name something: "verona", "acme", "xr100".

    A capitalised word counts only when it is not the first word of its sentence, so
    "Verona produce..." is missed; acronyms and letter+digit codes count anywhere.
    """
    stop = _STOP
    found: set[str] = set()
    for sentence in split_sentences(normalize(text)):
        for i, m in enumerate(_WORD_RE.finditer(sentence.text)):
            word = m.group(0)
            lower = word.lower()
            if len(word) < 2 or lower in stop:
                continue
            if word.isalpha():  # all letters: a name, never a code
                if word.isupper() or (i > 0 and word[0].isupper()):
                    found.add(lower)
            elif any(ch.isdigit() for ch in word) and any(ch.isalpha() for ch in word):
                found.add(lower)
    return found


def word_forms(text: str, lang: Lang | None = None) -> set[str]:
    """Every lowercase word of text and its stem, to look entity tokens (or their stems) up in."""
    language = lang or detect_language(text)
    forms: set[str] = set()
    for m in _WORD_RE.finditer(normalize(text).lower()):
        forms.add(m.group(0))
        forms.add(stem(m.group(0), language))
    return forms
