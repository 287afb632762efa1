"""Near-synonyms of one language, for the offline judge's word matching.

A paraphrase swaps words for synonyms ("telefonare" for "chiamare", "prior to" for
"before"): a claim's word is found in a source that says it with a synonym. Each group
holds words that can replace one another in instructions, policies and reports without
changing what is stated; a word with several senses is left out of a group whose sense
it does not always have ("free" is gratis or unoccupied). Antonyms live apart, in
`judges.antonyms`. Generic vocabulary only, never the names of one corpus.
"""

from __future__ import annotations

from functools import lru_cache

from ragoro.text.lang import Lang, stem

__all__ = ["with_synonyms"]

_GROUPS: dict[Lang, str] = {
    "it": """
chiamare telefonare
digitare inserire immettere
rinnovare prolungare
prenotare riservare
iniziare cominciare avviare
terminare finire concludere
acquistare comprare
spegnere disattivare
accendere attivare
estrarre togliere rimuovere sfilare
anteriore frontale
posteriore retro
posta lettera
inviare spedire mandare
verificare controllare
sostituire rimpiazzare
obbligatorio obbligatoria obbligatori necessario necessaria necessari
consentito consentita permesso permessa ammesso ammessa
gratuito gratuita gratis
pagare versare saldare
rimborsare risarcire
segnalare comunicare notificare avvisare
richiedere chiedere
aumentare crescere salire
diminuire calare scendere
conservare mantenere custodire
bisogna occorre
circa approssimativamente
subito immediatamente
""",
    "en": """
call phone telephone ring
enter type input
renew extend prolong
book reserve
start begin commence
finish complete
before prior
after following subsequent
buy purchase
disable deactivate
enable activate
remove extract
front anterior
rear back
mail post letter
send submit forward
check verify inspect
replace swap
mandatory compulsory required obligatory
forbidden prohibited banned
allowed permitted authorised authorized
pay settle
refund reimburse repay
report notify inform
request ask
increase rise grow
decrease fall drop decline
full complete entire whole
keep retain store preserve
approximately roughly around
immediately promptly
""",
}


# The stemmer strips inflection of number and gender only; an Italian verb is looked up
# by its root, its conjugation endings off ("chiamare", "chiamando", "chiama": chiam-;
# "inserisci": inser-), so any form of a verb finds its synonyms.
_IT_VERB_ENDINGS = ("isc", "and", "end", "ar", "er", "ir", "at", "it", "ut")
_MIN_ROOT = 4


def _root(word_stem: str) -> str:
    """The stem without an Italian conjugation ending, when enough of it is left."""
    for ending in _IT_VERB_ENDINGS:
        if word_stem.endswith(ending) and len(word_stem) - len(ending) >= _MIN_ROOT:
            return word_stem[: -len(ending)]
    return word_stem


def _table() -> dict[str, frozenset[str]]:
    """Stem or root -> stems and roots of its synonyms (itself included)."""
    table: dict[str, set[str]] = {}
    for lang, groups in _GROUPS.items():
        for line in groups.strip().splitlines():
            stems = {stem(word, lang) for word in line.split()}
            forms = stems | {_root(s) for s in stems} if lang == "it" else stems
            for form in forms:
                table.setdefault(form, set()).update(forms)
    return {key: frozenset(value) for key, value in table.items()}


_TABLE = _table()


# Bounded like `ragoro.text.lexicon.with_translations` (one token pool per entry).
@lru_cache(maxsize=4096)
def with_synonyms(stems: frozenset[str]) -> frozenset[str]:
    """The stems with the stems (and Italian verb roots) of their synonyms added."""
    # Most stems have no synonym: only the groups found are joined, in one union.
    found = [group for group in map(_synonyms_of, stems) if group]
    return frozenset(stems).union(*found)


@lru_cache(maxsize=65536)
def _synonyms_of(word_stem: str) -> frozenset[str]:
    """One stem's synonyms (itself included when it has any): the same words recur in
    every window and answer, so each is looked up (and its root cut) once."""
    return _TABLE.get(word_stem, frozenset()) | _TABLE.get(_root(word_stem), frozenset())
