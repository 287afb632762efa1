"""The short answer an extractive agent puts before its supporting sentence.

A person asking "How heavy is it?" wants "12,400 kg", then the sentence that says so. The
short answer is taken from the supporting sentence itself, never composed: a value with its
unit for "how much" questions, the named person for "who" questions, a phone number, an
e-mail address or a code when the question asks for one. Anything else gets no short answer (the sentence is
the answer).
"""

from __future__ import annotations

import re

from evaluator.agents.kinds import asked_contact, phone_number
from ragoro.text import Quantity

__all__ = ["short_answer"]

_WHO_RE = re.compile(r"^\W*(?:who\b|whom\b|chi\b|a chi\b)|\b(?:who|chi)\s", re.IGNORECASE)
_EMAIL_ASK_RE = re.compile(r"\b(?:e-?mail|indirizzo|address|scriv\w*|write|contatt\w*)\b", re.I)
_CODE_ASK_RE = re.compile(r"\b(?:codice|code|part number|numero di parte)\b", re.IGNORECASE)
_EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CODE_RE = re.compile(r"\b[A-Z]{1,4}(?:-[A-Z0-9]{1,6}){1,3}\b")
# A person as documents write one: an optional title ("Dott.ssa", "Ing.", "Prof.ssa",
# "Per. Ind.", "Avv.") and two or more capitalised words.
_TITLE = (
    r"(?:(?:Dott\.ssa|Dott\.|Ing\.|Avv\.|Prof\.ssa|Prof\.|Per\. Ind\.|Dr\.|Mr\.|Ms\.|Mrs\.)\s+)"
)
_NAME_RE = re.compile(rf"(?P<title>{_TITLE})?[A-Z][a-zà-ÿ]+(?:\s+[A-Z][a-zà-ÿ]+)+")
# A capitalised article or determiner starts a sentence ("Il Manuale del..."), not a name.
_DETERMINERS = frozenset(
    ("il", "lo", "la", "le", "gli", "i", "un", "una", "uno", "the", "a", "an", "this", "that")
) | frozenset(("these", "those", "our", "your"))
# A name followed by a legal form is a company, not the person a "who" question asks for.
# A name followed by its country or region in brackets ("North Carolina (United States)",
# "Timișoara (Romania)") is a place: a document writes a person with a title or a role.
_PLACE_RE = re.compile(r"\s*\((?:[A-Z][\w-]*\s*)+\)")
_COMPANY_RE = re.compile(r"\s*(?:S\.p\.A\.|SpA|S\.r\.l\.|Srl|Inc\b|Ltd\b|Co\.|GmbH|Group\b|plc\b)")


def short_answer(question: str, sentence: str, quantity: Quantity | None) -> str:
    """The span of `sentence` that answers `question` briefly, or "" when there is none.

    `quantity` is the value the sentence gives for a "how much" question (None for other
    questions: a number in a sentence about who decides is not what was asked)."""
    flat = " ".join(sentence.split())
    if asked_contact(question) == "phone":
        phone = phone_number(flat)
        if phone:
            return phone
    if _EMAIL_ASK_RE.search(question):
        emails = [e for e in _EMAIL_RE.findall(flat) if e not in question]
        if emails:
            return str(emails[0])
    if _CODE_ASK_RE.search(question):
        codes = [c for c in _CODE_RE.findall(flat) if c not in question]
        if codes:
            return ", ".join(dict.fromkeys(codes))
    if quantity is not None:
        return " ".join(quantity.raw.split())
    if asks_who(question):
        names = _names(question, flat)
        # A person as documents introduce one ("l'Ing. Federica Sala") beats any other name.
        titled = [m for m in names if m.group("title")]
        if titled or names:
            return (titled or names)[0].group(0)
    return ""


def asks_who(question: str) -> bool:
    """A "who / chi" question: it asks for a person, an office or a role."""
    return _WHO_RE.search(question) is not None


def _names(question: str, flat: str) -> list[re.Match[str]]:
    """Names of people or offices in the text that the question does not already name."""
    asked = set(re.findall(r"\w+", question.lower()))
    matches = list(_NAME_RE.finditer(flat))
    siblings = _listed_with_asked(matches, asked, flat)
    names = []
    for match in matches:
        if match in siblings:
            continue
        words = [w for w in re.findall(r"\w+", match.group(0).lower()) if len(w) > 3]
        first = match.group(0).split()[0].lower()
        company = _COMPANY_RE.match(flat, match.end()) is not None
        bracketed = (
            flat[match.start() - 1 : match.start()] == "(" and flat[match.end() :][:1] == ")"
        )
        place = not match.group("title") and (
            bracketed or _PLACE_RE.match(flat, match.end()) is not None
        )
        if (
            words
            and not set(words) <= asked
            and first not in _DETERMINERS
            and not (company or place)
        ):
            names.append(match)
    return names


# What joins the members of a list: a comma, "and" / "e" / "or" / "o", and a member of more
# words joined by "&" ("Service & Spare Parts").
_LIST_GAP_RE = re.compile(r"\s*,?\s*(?:(?:and|e|or|o)\s+)?(?:[A-Z]\w*\s*&\s*)?")


def _listed_with_asked(
    matches: list[re.Match[str]], asked: set[str], flat: str
) -> set[re.Match[str]]:
    """Untitled names listed beside a name the question gives ("Hydraulic Presses, Machine
    Tools and ..." for "the head of Machine Tools"): members of one enumeration are
    siblings of the asked one, not who holds it."""
    out: set[re.Match[str]] = set()
    for members in _lists_with_asked(matches, asked, flat):
        out.update(m for m in members if not m.group("title") and not _given(m, asked))
    return out


def _lists_with_asked(
    matches: list[re.Match[str]], asked: set[str], flat: str
) -> list[list[re.Match[str]]]:
    """The enumerations of names (two or more, in text order) that hold a name the question
    gives."""
    group: list[re.Match[str]] = []
    groups = []
    for match in matches:
        if group and _LIST_GAP_RE.fullmatch(flat, group[-1].end(), match.start()):
            group.append(match)
        else:
            group = [match]
            groups.append(group)
    return [g for g in groups if len(g) >= 2 and any(_given(m, asked) for m in g)]


def _without_lists(question: str, flat: str) -> str:
    """The text with the enumerations that hold a name the question gives blanked out: a
    role word inside a listed name ("Service & Spare Parts") names no one."""
    asked = set(re.findall(r"\w+", question.lower()))
    lists = _lists_with_asked(list(_NAME_RE.finditer(flat)), asked, flat)
    for members in lists:
        start, end = members[0].start(), members[-1].end()
        flat = flat[:start] + " " * (end - start) + flat[end:]
    return flat


def _given(match: re.Match[str], asked: set[str]) -> bool:
    """Does the question give this name (all its words of four letters or more)?"""
    words = [w for w in re.findall(r"\w+", match.group(0).lower()) if len(w) > 3]
    return bool(words) and set(words) <= asked


# Generic nouns for who does something, in both languages: "approved by the line manager",
# "le ferie sono approvate dal responsabile diretto" answer a "who" question with no name.
_ROLE_WORDS = frozenset(
    str.split("""
responsabile responsabili direttore direttrice dirigente capo presidente presidentessa
amministratore amministratrice ufficio uffici servizio reparto funzione comitato consiglio
tecnico tecnici manutentore manutentori operatore operatori fornitore fornitori partner
titolare dipendente dipendenti personale società controllata controllate filiale garante
manager managers officer officers head chief director directors president chair chairman
chairwoman office offices department service team committee board supervisor technician
technicians operator operators supplier suppliers subsidiary subsidiaries staff employee
employees authority customer customers owner controller partners
""")
)


def names_someone(question: str, sentence: str) -> bool:
    """Does the sentence name a person, an office, a role or an e-mail address that the
    question does not already name (what a "who" question's answer must carry)?"""
    flat = " ".join(sentence.split())
    if _names(question, flat) or _EMAIL_RE.search(flat):
        return True
    asked = set(re.findall(r"\w+", question.lower()))
    words = re.findall(r"\w+", _without_lists(question, flat).lower())
    return any(w in _ROLE_WORDS and w not in asked for w in words)
