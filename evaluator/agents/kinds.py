"""Contact details a question asks for by name: a phone number, an e-mail address, a street
address.

"What is the DPO's phone number?" is answered by a sentence that states a phone number, not
by one about the DPO that gives an e-mail address and a deadline; "What is the street address
of the plant?" is answered by "…si trova in Via Roma 12, 20100 Milano" although that sentence
never writes the word "address". Both readings go by the form of the value, in either
language, never by the words of one corpus.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["asked_contact", "gives_contact", "phone_number", "states_subject"]

_PHONE_ASK_RE = re.compile(
    r"\b(?:(?:tele)?phone|contact|hotline|fax|mobile)\s+numbers?\b"
    r"|\bnumer[oi]\s+(?:di\s+)?(?:telefono|telefonic[oi]|cellulare|fax|verde)\b"
    r"|\bnumero\s+(?:da|per)\s+chiamare\b|\bnumber\s+to\s+call\b",
    re.IGNORECASE,
)
_EMAIL_ASK_RE = re.compile(
    r"\be-?mail\s+address(?:es)?\b|\bindirizz[oi]\s+(?:e-?mail|mail|di\s+posta\s+elettronica)\b"
    r"|\bwhat(?:'s|\s+is)\s+(?:the\s+|their\s+|his\s+|her\s+)?e-?mail\b"
    r"|\bqual\s*(?:è|e')\s+l['’]\s*e-?mail\b",
    re.IGNORECASE,
)
# Three or more digit groups ("+39 030 555 0200", "02-1234-5678") or an extension number
# ("interno 3344"); a thousands separator makes two groups only ("12.400").
_PHONE_RE = re.compile(
    r"(?<![\w.,])\+?\d{2,4}(?:[ .-]\d{2,4}){2,}(?![\w,]|\.\d)"
    r"|\b(?:interno|extension|ext\.)\s*\d{3,}",
    re.IGNORECASE,
)
_EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A street as Italian and English addresses write one ("Via delle Rose 4", "12 High Street")
# or a five-digit postcode before a capitalised place name ("20100 Milano").
_STREET_RE = re.compile(
    r"\b(?:Via|Viale|Corso|Piazza|Piazzale|Largo|Vicolo|Strada)\s+[^\W\d_][^\n,]{0,40}?\s\d{1,4}\b"
    r"|\b\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Lane|Boulevard)"
    r"|\b\d{5}\s+[A-Z][a-zà-ÿ]+",
)
_ADDRESS_WORDS = frozenset({"address", "addresses", "indirizzo", "indirizzi", "recapito"})
_PHONE_WORDS = frozenset({"phone", "telephone", "telefono", "hotline"})
_EMAIL_WORDS = frozenset({"email", "e-mail", "mail"})


def asked_contact(question: str) -> str | None:
    """The contact detail ("phone" or "email") the question asks for by name, else None."""
    if _PHONE_ASK_RE.search(question):
        return "phone"
    if _EMAIL_ASK_RE.search(question):
        return "email"
    return None


def gives_contact(kind: str, texts: Iterable[str]) -> bool:
    """Does one of the texts state a contact detail of that kind ("phone" or "email")?"""
    pattern = _PHONE_RE if kind == "phone" else _EMAIL_RE
    return any(pattern.search(" ".join(text.split())) for text in texts)


def phone_number(text: str) -> str:
    """The first phone number the text states ("" when none)."""
    match = _PHONE_RE.search(" ".join(text.split()))
    return match.group(0) if match is not None else ""


def states_subject(subject: str, text: str) -> bool:
    """Does the text state what the asked subject word names, by its form: an address (a
    street, a postcode or an e-mail address) for "address / indirizzo", a phone number for
    "phone / telefono", an e-mail address for "email"?"""
    flat = " ".join(text.split())
    word = subject.lower()
    if word in _ADDRESS_WORDS:
        return bool(_STREET_RE.search(flat) or _EMAIL_RE.search(flat))
    if word in _PHONE_WORDS:
        return bool(_PHONE_RE.search(flat))
    if word in _EMAIL_WORDS:
        return bool(_EMAIL_RE.search(flat))
    return False
