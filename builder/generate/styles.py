"""How users really ask: a full question, a short keyword query, a paraphrase that avoids
the passage's words, or a question with a typo. Recorded in `tags.style`.

The style of a scenario is drawn from its id (same plan, same styles). A style that cannot
apply to a question (no synonym for any of its words, no word long enough for a typo)
falls back to the plain question, so the recorded style is always what was written.
"""

from __future__ import annotations

import hashlib
import re

from builder.generate.paraphrase import paraphrase
from ragoro.text import STOPWORDS, Lang

STYLES: tuple[str, ...] = ("question", "keywords", "paraphrase", "typo")
STYLE_WEIGHTS: dict[str, float] = {
    "question": 0.3,
    "keywords": 0.15,
    "paraphrase": 0.45,
    "typo": 0.1,
}
_QUESTION_WORDS = frozenset(
    [
        "qual",
        "quale",
        "quali",
        "quanto",
        "quanta",
        "quanti",
        "quante",
        "chi",
        "cosa",
        "che",
        "come",
        "dove",
        "quando",
        "perché",
        "cos",
        "what",
        "which",
        "who",
        "whom",
        "how",
        "when",
        "where",
        "why",
        "does",
        "do",
        "did",
        "is",
        "are",
        "was",
        "were",
        # Auxiliaries and modals a typed question carries ("Dove vanno esposti ...?",
        # "Where must ... be stored?"): no one types them into a search box.
        "va",
        "vanno",
        "deve",
        "devono",
        "può",
        "possono",
        "viene",
        "vengono",
        "essere",
        "must",
        "should",
        "can",
        "may",
        "be",
        "have",
        "has",
    ]
)
_MAX_KEYWORDS = 6
# Words of the offline templates themselves: no user types them into a search box.
_TEMPLATE_WORDS = frozenset(
    [
        "prevede",
        "sapere",
        "documento",
        "riguardo",
        "valore",
        "indicato",
        "say",
        "know",
        "document",
        "about",
        "stated",
        "value",
    ]
)


def _fraction(seed: str) -> float:
    return int(hashlib.sha256(seed.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF


def pick_style(scenario_id: str, weights: dict[str, float] | None = None) -> str:
    """The style of a scenario, drawn deterministically from its id."""
    table = weights or STYLE_WEIGHTS
    total = sum(table.values())
    point = _fraction(f"style|{scenario_id}") * total
    for style in STYLES:
        point -= table.get(style, 0.0)
        if point < 0:
            return style
    return "question"


def keywords(question: str, lang: Lang) -> str | None:
    """ "Qual è la capacità del serbatoio dell'olio?" -> "capacità serbatoio olio"."""
    text = re.sub(r"«[^»]*»", " ", question).rstrip("?").strip()
    words = []
    for token in text.split():
        word = token.strip(",.;:()")
        bare = word.split("'")[-1] if "'" in word else word
        low = bare.lower()
        if (
            not bare
            or low in STOPWORDS[lang]
            or low in _QUESTION_WORDS
            or low in _TEMPLATE_WORDS
            or len(bare) < 2
        ):
            continue
        words.append(bare if bare[:1].isupper() and bare[1:2].isupper() else bare.lower())
    words = list(dict.fromkeys(words))[:_MAX_KEYWORDS]
    return " ".join(words) if len(words) >= 2 else None


def typo(question: str, seed: str) -> str | None:
    """One adjacent-letter swap inside a long lowercase word ("serbatoio" -> "serbaotio")."""
    quoted = [m.span() for m in re.finditer(r"«[^»]*»", question)]
    words = [
        m
        for m in re.finditer(r"\b[a-zà-ÿ]{7,}\b", question)
        if not any(a <= m.start() < b for a, b in quoted) and m.group(0) not in _TEMPLATE_WORDS
    ]
    if not words:
        return None
    match = words[int(_fraction(f"typo|{seed}") * len(words)) % len(words)]
    word = match.group(0)
    at = 2 + int(_fraction(f"at|{seed}") * (len(word) - 4))
    if word[at] == word[at + 1]:
        return None
    swapped = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    return question[: match.start()] + swapped + question[match.end() :]


def restyle(question: str, style: str, lang: Lang, passage: str, seed: str) -> tuple[str, str]:
    """(question as written in that style, the style actually applied)."""
    styled: str | None = None
    if style == "keywords":
        # What a user types is their own words, head noun last ("serbatoio olio capacità").
        said = keywords(paraphrase(question, passage, lang) or question, lang)
        styled = None if said is None else " ".join([*said.split()[1:], said.split()[0]])
    elif style == "paraphrase":
        styled = paraphrase(question, passage, lang)
    elif style == "typo":
        styled = typo(question, seed)
    if styled is None or styled == question:
        return question, "question"
    return styled, style
