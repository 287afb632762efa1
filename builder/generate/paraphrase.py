"""Paraphrase a question so it avoids the passage's words, keeping it grammatical.

Two rewrites, both from the question's slots and no model:

- a frame: "Qual è la massa della pressa?" -> "Quanto pesa la pressa?", "What is the cost
  of X?" -> "How much does X cost?" (the measured noun becomes its verb);
- synonyms: every word the passage also uses is swapped for a synonym the passage does
  not use, from the generator's own lexicon (`synonyms`) or the shared IT/EN concepts.
  In Italian the article or articulated preposition before the word is re-chosen for the
  new word ("dell'olio" -> "del lubrificante", "lo stabilimento" -> "l'impianto").

Quoted titles («…») and names (capitalised words, codes) are never touched.
"""

from __future__ import annotations

import re

from builder.generate.synonyms import synonym_table
from ragoro.text import CONCEPTS, Lang

_WORD_RE = re.compile(r"[^\W\d_]+'?")
_PREP_ROOTS = {"de": "di", "a": "a", "da": "da", "ne": "in", "su": "su"}
_SUFFIX = {"il": "l", "lo": "llo", "l'": "ll'", "i": "i", "gli": "gli", "la": "lla", "le": "lle"}
_ARTICLES: dict[str, tuple[str, str]] = {a: ("", a) for a in _SUFFIX}
_ARTICLES.update(
    {f"{root}{suffix}": (root, a) for root in _PREP_ROOTS for a, suffix in _SUFFIX.items()}
)
_ARTICLES.update({"un": ("", "un"), "uno": ("", "uno"), "una": ("", "una"), "un'": ("", "un'")})
_GENDER = {"il": "m", "lo": "m", "i": "m", "gli": "m", "un": "m", "uno": "m"}
_GENDER.update({"la": "f", "le": "f", "una": "f", "un'": "f"})
_PLURAL = frozenset(["i", "gli", "le"])
_VOWELS = "aeiouàèéìòùh"
_IMPURE_RE = re.compile(r"^(?:s[^aeiouàèéìòù]|z|gn|ps|pn|x|y|i[aeiou])")

_IT_FRAMES = {
    "massa": "pesa",
    "peso": "pesa",
    "costo": "costa",
    "prezzo": "costa",
    "durata": "dura",
}
_EN_FRAMES = {
    "weight": "How much does {} weigh?",
    "mass": "How much does {} weigh?",
    "cost": "How much does {} cost?",
    "price": "How much does {} cost?",
    "duration": "How long does {} last?",
}
_IT_FRAME_RE = re.compile(
    r"^Qual è (?:il |la |l')(\w+) (dell'|della|dello|delle|degli|dei|del|di |d')\s*(.+)\?$"
)
_EN_FRAME_RE = re.compile(r"^What is the (\w+) of (.+)\?$")


def _article(gender: str, plural: bool, word: str, indefinite: bool) -> str:
    vowel = word[:1].lower() in _VOWELS
    impure = _IMPURE_RE.match(word.lower()) is not None
    if indefinite:
        if gender == "m":
            return "uno" if impure else "un"
        return "un'" if vowel else "una"
    if gender == "f":
        return "le" if plural else ("l'" if vowel else "la")
    if plural:
        return "gli" if vowel or impure else "i"
    return "l'" if vowel else ("lo" if impure else "il")


def agree(article: str, old: str, new: str) -> str | None:
    """The Italian article (or articulated preposition) `article` re-chosen for `new` in
    place of `old`: ("dell'", "olio", "lubrificante") -> "del"; None when it is no article
    or the gender cannot be told ("l'" before a noun ending in -e)."""
    low = article.lower()
    if low not in _ARTICLES:
        return None
    root, base = _ARTICLES[low]
    gender = _GENDER.get(base)
    if gender is None:  # "l'": the old noun's ending tells
        gender = {"a": "f", "o": "m"}.get(old[-1:].lower(), "")
        if not gender:
            return None if new[:1].lower() not in _VOWELS else article
    chosen = _article(gender, base in _PLURAL, new, indefinite=base.startswith("un"))
    out = f"{root}{_SUFFIX[chosen]}" if root else chosen
    return out[0].upper() + out[1:] if article[:1].isupper() else out


def _table(lang: Lang) -> dict[str, tuple[str, ...]]:
    table = dict(synonym_table(lang))
    for concept in CONCEPTS:
        words = concept.it if lang == "it" else concept.en
        for word in words:
            # Shared concepts mix singular and plural: keep the number (the last letter).
            table.setdefault(word, tuple(w for w in words if w != word and w[-1] == word[-1]))
    return table


def related(a: str, b: str) -> bool:
    """Forms of one word ("giorno", "giornaliero"): a shared stem of four letters or more."""
    shared = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        shared += 1
    return shared >= min(4, len(a), len(b))


def frame(question: str, lang: Lang) -> str | None:
    """ "Qual è la massa della pressa?" -> "Quanto pesa la pressa?"; None when no frame fits."""
    if lang == "it":
        match = _IT_FRAME_RE.match(question)
        if match is None or match.group(1).lower() not in _IT_FRAMES:
            return None
        prep, rest = match.group(2).strip(), match.group(3)
        article = "" if prep in ("di", "d'") else _ARTICLES[prep][1]
        if article and not article.endswith("'"):
            article += " "
        return f"Quanto {_IT_FRAMES[match.group(1).lower()]} {article}{rest}?"
    match = _EN_FRAME_RE.match(question)
    if match is None or match.group(1).lower() not in _EN_FRAMES:
        return None
    return _EN_FRAMES[match.group(1).lower()].format(match.group(2))


def _in_passage(word: str, passage: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", passage) is not None


def swap_synonyms(question: str, passage: str, lang: Lang) -> str | None:
    """The question with every lowercase word the passage also uses swapped for a synonym
    the passage does not use (the article before it re-chosen); None when none was."""
    table = _table(lang)
    low_passage = " ".join(passage.lower().split())
    quoted = [m.span() for m in re.finditer(r"«[^»]*»", question)]
    tokens = list(_WORD_RE.finditer(question))
    used = {t.group(0).lower() for t in tokens}
    edits: list[tuple[int, int, str]] = []
    for k, match in enumerate(tokens):
        word = match.group(0)
        if (
            word.endswith("'")
            or not word.islower()
            or any(a <= match.start() < b for a, b in quoted)
        ):
            continue
        if not _in_passage(word, low_passage):
            continue
        choice = next(
            (
                s
                for s in table.get(word, ())
                if not _in_passage(s, low_passage) and not related(s, word) and s not in used
            ),
            None,
        )
        if choice is None:
            continue
        start, text = match.start(), choice
        previous = tokens[k - 1] if k else None
        if lang == "it" and previous is not None and previous.group(0).lower() in _ARTICLES:
            gap = question[previous.end() : match.start()]
            if gap in ("", " "):
                chosen = agree(previous.group(0), word, choice)
                if chosen is None:
                    continue
                start = previous.start()
                text = chosen + ("" if chosen.endswith("'") else " ") + choice
        elif lang == "en" and previous is not None and previous.group(0).lower() in ("a", "an"):
            article = "an" if choice[:1] in "aeiou" else "a"
            if previous.group(0)[:1].isupper():
                article = article.capitalize()
            start, text = previous.start(), f"{article} {choice}"
        if edits and start < edits[-1][1]:
            continue
        edits.append((start, match.end(), text))
        used.add(choice)
    if not edits:
        return None
    out = question
    for start, end, text in reversed(edits):
        out = out[:start] + text + out[end:]
    return out


def paraphrase(question: str, passage: str, lang: Lang) -> str | None:
    """The question reframed and with the passage's words swapped for synonyms; None when
    neither rewrite applies (then the question cannot be paraphrased offline)."""
    framed = frame(question, lang)
    base = framed or question
    swapped = swap_synonyms(base, passage, lang)
    said = swapped or framed
    return said if said is not None and said != question else None
