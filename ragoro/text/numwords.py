"""Numbers and clock times written in words, rewritten as digits (Italian and English).

"trenta giorni" -> "30 giorni", "two weeks" -> "2 weeks", "one hundred and twenty-five
pounds" -> "125 pounds", "mezz'ora" -> "0.5 ora", "half an hour" -> "0.5 hour",
"mezzanotte" -> "00:00", "le otto di sera" -> "20:00", "8 pm" -> "20:00". The rewritten
text goes through the ordinary number and date readers, so "trenta giorni" and
"30 days" are then the same quantity.

An article ("un", "una", "a", "an") becomes 1 only right before a unit word ("una
settimana", "an hour"): anywhere else it is an article.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from ragoro.text.gates import Gated
from ragoro.text.lang import Lang, detect_language

__all__ = ["spell_numbers"]

_EN_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "dozen": 12,
}  # fmt: skip
_EN_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
_IT_UNITS = {
    "zero": 0, "uno": 1, "una": 1, "un": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5,
    "sei": 6, "sette": 7, "otto": 8, "nove": 9, "dieci": 10, "undici": 11, "dodici": 12,
    "tredici": 13, "quattordici": 14, "quindici": 15, "sedici": 16, "diciassette": 17,
    "diciotto": 18, "diciannove": 19, "venti": 20, "trenta": 30, "quaranta": 40,
    "cinquanta": 50, "sessanta": 60, "settanta": 70, "ottanta": 80, "novanta": 90,
}  # fmt: skip
_IT_TENS = {
    "venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60,
    "settanta": 70, "ottanta": 80, "novanta": 90,
}  # fmt: skip
_IT_ONES = {
    "uno": 1, "due": 2, "tre": 3, "tré": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7,
    "otto": 8, "nove": 9,
}  # fmt: skip
_UNIT_WORDS = (
    r"(?:second[oi]|seconds?|minut[oi]|minutes?|or[ae]|hours?|giorn[oi]|days?|settiman[ae]|"
    r"weeks?|mes[ei]|months?|ann[oi]|years?|metr[oi]|met(?:er|re)s?|litr[oi]|lit(?:er|re)s?|"
    r"chil[oi]|chilogramm[oi]|kilo(?:gram)?s?|ton(?:nellat[ae]|nes?|s)?|volt[ae]|times|"
    r"percent|per cento|euro|dollar[oi]|dollars?|sterlin[ae]|pounds?)"
)
_ARTICLE_BEFORE_UNIT = {
    "it": re.compile(
        rf"\b(?:un|una|uno)\s+(?:(?:sol[oa]|singol[oa])\s+)?(?={_UNIT_WORDS}\b)", re.IGNORECASE
    ),
    "en": re.compile(rf"\b(?:an?)\s+(?:single\s+)?(?={_UNIT_WORDS}\b)", re.IGNORECASE),
}
"""Italian "a" is a preposition ("2 giorni a settimana"), English "a" an article; "una
sola volta", "a single day" are one too."""
_MULTIPLICATIVES = re.compile(r"\b(twice|thrice)\b", re.IGNORECASE)
"""English adverbs that are a count of times: "renewed twice" is renewed 2 times ("once"
is left alone: it is also a conjunction, "once you sign")."""
_HALF: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(r"\bmezz'? ?or[ae]\b", re.IGNORECASE), "0.5 ora", ("mezz",)),
    (re.compile(r"\bhalf an? hour\b", re.IGNORECASE), "0.5 hour", ("half",)),
    (re.compile(r"\bhalf a day\b", re.IGNORECASE), "0.5 day", ("half",)),
    (re.compile(r"\bmezza giornata\b", re.IGNORECASE), "0.5 giorno", ("mezz",)),
    # "mezzo milione" is half of the scale word, not "mezzo" beside a million.
    (re.compile(r"\bmezzo (milione|miliardo)\b", re.IGNORECASE), r"0.5 \1", ("mezz",)),
    (re.compile(r"\bhalf a (million|billion)\b", re.IGNORECASE), r"0.5 \1", ("half",)),
    (re.compile(r"\bun quarto d['’] ?or[ae]\b", re.IGNORECASE), "15 minuti", ("quarto",)),
    (re.compile(r"\ba quarter of an hour\b", re.IGNORECASE), "15 minutes", ("quarter",)),
    (re.compile(r"\b(?:an?\s+)?fortnight\b", re.IGNORECASE), "2 weeks", ("fortnight",)),
)
"""Each rewrite with the words one of which its every match holds (`gates.Gated`)."""
_AND_A_HALF_AFTER = re.compile(
    rf"\b(?P<n>\d+)\s+(?P<unit>{_UNIT_WORDS}|chilometr[oi]|kilomet(?:er|re)s?)\s+e\s+mezz[oa]\b",
    re.IGNORECASE,
)
_AND_A_HALF_BEFORE = re.compile(
    rf"\b(?P<n>\d+)\s+and\s+a\s+half\s+(?P<unit>{_UNIT_WORDS}|kilomet(?:er|re)s?|miles?)\b",
    re.IGNORECASE,
)
_CLOCK_WORDS: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (
        re.compile(r"\bmezzanotte\b|\bmidnight\b", re.IGNORECASE),
        "00:00",
        ("mezzanotte", "midnight"),
    ),
    (
        re.compile(r"\bmezzogiorno\b|\bmezzodì\b|\bnoon\b|\bmidday\b", re.IGNORECASE),
        "12:00",
        ("mezzo", "noon", "midday"),
    ),
)
_HOUR = r"(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?"
_AM_PM = re.compile(rf"\b{_HOUR}\s*(?P<ap>a\.?m\.?|p\.?m\.?)(?![\w])", re.IGNORECASE)
_IT_PART_OF_DAY = re.compile(
    rf"\b{_HOUR}\s+(?P<part>di sera|della sera|del pomeriggio|di notte|"
    r"della notte|del mattino|di mattina|della mattina)\b",
    re.IGNORECASE,
)
_EN_PART_OF_DAY = re.compile(
    rf"\b{_HOUR}\s+(?:o['’]clock\s+)?(?P<part>in the morning|in the afternoon|"
    r"in the evening|at night)\b",
    re.IGNORECASE,
)
# "20 cents a day", "3 times a week": after an amount, the article is distributive
# ("per day"), not the number one.
_AMOUNT_BEFORE_RE = re.compile(
    r"(?:\d[\d.,]*\s*[^\W\d_]*|\btimes|\btwice|\bthrice)\s+$", re.IGNORECASE
)
_WORD = re.compile(r"[a-zàèéìòù]+(?:-[a-zàèéìòù]+)*", re.IGNORECASE)
_DIGITS_BEFORE = re.compile(r"\d[\s,.]*$")
"""A digit, then only spaces and separators to the end (searched in text[:word start])."""
# A decimal number read aloud names its separator: "novantotto virgola due" is 98,2 and
# "twelve point five" is 12.5; each language writes the comma or the point it says. The
# idiom "at one point" (at some moment) is no number: "at one point 3 machines stopped".
_DECIMAL_WORD = {
    "it": (re.compile(r"\b(?:(\d+)|uno) virgola (\d+)\b", re.IGNORECASE), ","),
    "en": (re.compile(r"(?<!\bat )\b(?:(\d+)|one) point (\d+)\b", re.IGNORECASE), "."),
}
_DECIMAL_NAMES = {"it": "virgola", "en": "point"}
# "per cento" after a number is the percent sign ("venti per cento" = 20%), not "per"
# beside the number one hundred; "per cento euro" (for a hundred euros) counts a unit.
_PER_CENTO = re.compile(rf"(?P<n>\b[\w-]+)\s+per\s+cento\b(?!\s+{_UNIT_WORDS}\b)", re.IGNORECASE)


def _en_value(words: list[str]) -> int | None:
    """The value of an English number phrase ("one hundred and twenty-five"), else None."""
    total = current = 0
    seen = False
    for word in words:
        for part in word.split("-"):
            if part == "and" and seen:
                continue
            if part in _EN_UNITS:
                current += _EN_UNITS[part]
            elif part == "hundred":
                current = max(current, 1) * 100
            elif part in _EN_SCALES:
                total += max(current, 1) * _EN_SCALES[part]
                current = 0
            else:
                return None
            seen = True
    return total + current if seen else None


@lru_cache(maxsize=4096)
def _it_word_value(word: str) -> int | None:
    """The value of one Italian number word ("trentacinque", "duecento", "tremila")."""
    if word in _IT_UNITS:
        return _IT_UNITS[word]
    for scale_word, scale in (("miliardi", 10**9), ("milioni", 10**6), ("mila", 1000)):
        if word.endswith(scale_word) and word != scale_word:
            multiple = _it_word_value(word[: -len(scale_word)])
            return multiple * scale if multiple else None
    if word == "mille":
        return 1000
    if word.startswith("mille"):
        rest = _it_word_value(word[5:])
        return 1000 + rest if rest else None
    if "cento" in word:
        lead, _, tail_word = word.partition("cento")
        hundreds = 1 if not lead else _IT_ONES.get(lead)
        if hundreds is None:
            return None
        tail = _it_word_value(tail_word) if tail_word else 0
        return hundreds * 100 + tail if tail is not None else None
    for tens_word, tens in _IT_TENS.items():
        stem = tens_word[:-1]  # "vent" + "uno" -> "ventuno", "trent" + "otto"
        for prefix in (tens_word, stem):
            if word.startswith(prefix) and word != prefix:
                ones = _IT_ONES.get(word[len(prefix) :])
                if ones is not None:
                    return tens + ones
    return None


def _it_value(words: list[str]) -> int | None:
    """The value of an Italian number phrase ("due milioni", "cento venti"), else None."""
    total = current = 0
    seen = False
    for word in words:
        if word in ("milione", "milioni", "miliardo", "miliardi"):
            scale = 10**6 if word.startswith("milion") else 10**9
            total += max(current, 1) * scale
            current = 0
            seen = True
            continue
        if word == "e" and seen:
            continue
        value = _it_word_value(word)
        if value is None:
            return None
        current += value
        seen = True
    return total + current if seen else None


_SCALE_WORDS = frozenset(
    {
        "hundred",
        "thousand",
        "million",
        "billion",
        "mille",
        "mila",
        "milione",
        "milioni",
        "miliardo",
        "miliardi",
        "cento",
    }
)
"""A scale word right after digits is their scale ("1,7 miliardi"), not a number."""
_AMBIGUOUS = frozenset({"sei", "one"})
"""Number words that are also common other words ("tu sei", "the one"): numbers only
right before a unit word or another number word ("one hundred")."""
_UNIT_AHEAD = re.compile(rf"\s+{_UNIT_WORDS}\b", re.IGNORECASE)
# Italian "sei" is 6 or "(tu) sei". The verb is never governed by an article, a
# preposition or a quantifier ("i sei", "per sei", "almeno sei"), and being singular it
# takes no plural noun after it, while the numeral counts one ("sei piani"): a word of
# four letters or more in -i, other than the few adverbs in -i ("sei qui", "sei oggi").
_SEI_BEFORE = re.compile(
    r"\b(?:i|gli|le|dei|degli|delle|ai|agli|alle|nei|negli|nelle|dai|dagli|dalle|sui|sugli|"
    r"sulle|coi|di|da|a|in|con|su|per|tra|fra|ogni|circa|almeno|oltre|entro|dopo|fino|primi|"
    r"prime|ultimi|ultime|altri|altre|questi|queste|quei|quelle)\s+$",
    re.IGNORECASE,
)
_SEI_PLURAL_AHEAD = re.compile(r"\s+([a-zàèéìòù]{3,}i)\b", re.IGNORECASE)
_SEI_ADVERBS = frozenset({"così", "oggi", "ieri", "quindi", "altrimenti", "costì", "lassù"})


def _sei_counts(text: str, start: int, end: int) -> bool:
    """True when the "sei" at text[start:end] reads as the numeral (see above)."""
    if _SEI_BEFORE.search(text[:start]):
        return True
    ahead = _SEI_PLURAL_AHEAD.match(text, end)
    return ahead is not None and ahead.group(1).lower() not in _SEI_ADVERBS


# Pure, and asked of every word of every text spell_numbers reads (21k calls for ~1.9k
# texts judging the hand-written set), mostly of the same few hundred words.
@lru_cache(maxsize=16384)
def _is_number_word(word: str, lang: Lang | None) -> bool:
    low = word.lower()
    if low in ("a", "an", "e", "and", "un", "una", "uno"):
        return False
    english = _en_value([low]) is not None or low in ("million", "billion", "thousand", "hundred")
    italian = _it_value([low]) is not None or low in ("milione", "milioni", "miliardo", "miliardi")
    # "due" is two in Italian and a word in English ("due to"): each text in its language.
    return (english and lang != "it") or (italian and lang != "en")


def _replace_runs(text: str, lang: Lang | None) -> str:
    """Rewrite each run of number words as digits."""
    # Most texts have no number word at all: then every word below is passed over.
    if not any(_is_number_word(word, lang) for word in _WORD.findall(text)):
        return text
    out: list[str] = []
    cursor = 0
    matches = list(_WORD.finditer(text))
    i = 0
    while i < len(matches):
        m = matches[i]
        if not _is_number_word(m.group(0), lang):
            i += 1
            continue
        # Only a scale word needs the digits before it looked for (each look reads the
        # whole text before the word).
        scale_of_digits = (
            m.group(0).lower() in _SCALE_WORDS
            and _DIGITS_BEFORE.search(text, 0, m.start()) is not None
        )
        if scale_of_digits or (
            m.group(0).lower() in _AMBIGUOUS
            and not _UNIT_AHEAD.match(text, m.end())
            and not (
                m.group(0).lower() == "sei"
                and lang != "en"
                and _sei_counts(text, m.start(), m.end())
            )
            and not (
                i + 1 < len(matches)
                and not text[m.end() : matches[i + 1].start()].strip()
                and _is_number_word(matches[i + 1].group(0), lang)
            )
        ):
            i += 1
            continue
        j = i
        words = [m.group(0).lower()]
        while j + 1 < len(matches):
            gap = text[matches[j].end() : matches[j + 1].start()]
            nxt = matches[j + 1].group(0).lower()
            if gap.strip() or not (_is_number_word(nxt, lang) or nxt in ("and", "e")):
                break
            if nxt in ("and", "e") and not (
                j + 2 < len(matches) and _is_number_word(matches[j + 2].group(0), lang)
            ):
                break
            j += 1
            words.append(nxt)
        value = _en_value(words) if lang != "it" else None
        if value is None and lang != "en":
            value = _it_value(words)
        if value is not None:
            out.append(text[cursor : m.start()])
            out.append(str(value))
            cursor = matches[j].end()
        i = j + 1
    out.append(text[cursor:])
    return "".join(out)


def _clock(hour: int, minute: int) -> str:
    return f"{hour % 24:02d}:{minute:02d}"


def _am_pm(match: re.Match[str]) -> str:
    hour, minute = int(match.group("h")), int(match.group("m") or 0)
    if hour > 12:
        return match.group(0)
    is_pm = match.group("ap").lower().startswith("p")
    hour = (hour % 12) + (12 if is_pm else 0)
    return _clock(hour, minute)


def _part_of_day(match: re.Match[str]) -> str:
    hour, minute = int(match.group("h")), int(match.group("m") or 0)
    part = match.group("part").lower()
    later = ("sera", "pomeriggio", "afternoon", "evening")
    if (hour < 12 and any(w in part for w in later)) or ("night" in part and 6 <= hour < 12):
        hour += 12
    elif any(w in part for w in ("notte", "night", "morning")) and hour == 12:
        hour = 0
    return _clock(hour, minute)


def spell_numbers(text: str, lang: Lang | None = None) -> str:
    """The text with numbers and clock times written in words rewritten as digits, read
    in `lang` (detected from the text when None)."""
    lang = lang or (detect_language(text) if text.strip() else None)
    # Most of these rewrites find nothing in a given text: each is skipped when none of
    # the words its matches need is there (`gates.Gated`).
    gated = Gated(text)
    for pattern, digits, needs in _HALF:
        gated.sub(pattern, digits, needs)
    for pattern, clock, needs in _CLOCK_WORDS:
        gated.sub(pattern, clock, needs)
    for code, pattern in _ARTICLE_BEFORE_UNIT.items():
        if lang in (code, None):
            gated.sub(pattern, _one_unless_distributive, None)
    if lang != "it":
        gated.sub(_MULTIPLICATIVES, _times, ("twice", "thrice"))
    if lang != "en":
        gated.sub(_PER_CENTO, _percent_after_number, ("cento",))
    gated.apply(lambda text: _replace_runs(text, lang))
    for code, (pattern, decimal) in _DECIMAL_WORD.items():
        if lang in (code, None):
            gated.sub(pattern, _decimal_with(decimal), (_DECIMAL_NAMES[code],))
    # "42 chilometri e mezzo", "3 and a half hours": the half is part of the number.
    gated.sub(_AND_A_HALF_AFTER, r"\g<n>.5 \g<unit>", ("mezz",))
    gated.sub(_AND_A_HALF_BEFORE, r"\g<n>.5 \g<unit>", ("half",))
    gated.sub(_AM_PM, _am_pm, ("m",))
    gated.sub(_EN_PART_OF_DAY, _part_of_day, ("morning", "afternoon", "evening", "night"))
    gated.sub(_IT_PART_OF_DAY, _part_of_day, ("sera", "pomeriggio", "notte", "mattin"))
    return gated.text


def _times(match: re.Match[str]) -> str:
    return "2 times" if match.group(1).lower() == "twice" else "3 times"


def _one_unless_distributive(match: re.Match[str]) -> str:
    """ "1 " for an article before a unit ("an hour"), unless an amount precedes it."""
    if match.group(0)[:1].lower() == "a" and _AMOUNT_BEFORE_RE.search(
        match.string[: match.start()]
    ):
        return match.group(0)
    return "1 "


def _percent_after_number(match: re.Match[str]) -> str:
    """ "N percento" when "per cento" follows a number (in digits or words), else as is."""
    number = match.group("n")
    if number[0].isdecimal() or _is_number_word(number.split("-")[-1], "it"):
        return f"{number} percento"
    return match.group(0)


def _decimal_with(separator: str) -> Callable[[re.Match[str]], str]:
    """A replacement writing "<int><separator><fraction>" ("uno"/"one" as 1)."""

    def write(match: re.Match[str]) -> str:
        return f"{match.group(1) or 1}{separator}{match.group(2)}"

    return write
