"""Question terms with their Italian <-> English translations, for cross-language matching.

Corpora often mix languages (an Italian handbook next to an English annual report) while
the packaged embedding model is English-only, so an Italian question would never reach an
English passage. A small generic glossary of business, technical, HR and legal words lets
the extractive agent look each question term up in both languages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ragoro.text import Lang, content_tokens, stem, tokenize
from ragoro.text.lang import is_number_token

# "italiano/variante = english/variant": generic vocabulary, never names from one corpus.
_GLOSSARY = """
ricavi/fatturato/ricavo = revenue/revenues/turnover/sales
utile = profit/earnings
perdita = loss
margine = margin
costo/costi/spesa/spese = cost/costs/expense/expenses
prezzo/prezzi = price/prices
stipendio/salario/retribuzione/compenso = salary/wage/pay/compensation
dividendo = dividend
azione/azioni = share/shares/stock
debito = debt
investimenti/investimento = investment/investments/capex
esercizio = fiscal/year
anno/annuo/annuale = year/annual/yearly
mese/mensile = month/monthly
giorno/giorni/giornaliero = day/days/daily
ora/ore/orario = hour/hours/hourly
settimana = week
consolidato = consolidated
gruppo = group
società/azienda/impresa = company/firm
dipendente/dipendenti/personale/lavoratori = employee/employees/staff/workers/headcount
amministratore/delegato = chief/executive/ceo
direttore = director/manager
consiglio = board
stabilimento/impianto/fabbrica = plant/factory/facility
sede = headquarters/office/site
regione = region
vendite = sales
cliente/clienti = customer/customers/client
fornitore/fornitori = supplier/suppliers
energia = energy
elettrica/elettricità/elettrico = electricity/electric/electrical
consumo/consumato/consumi = consumption/consumed/used
emissioni = emissions
rifiuti = waste
acqua = water
rinnovabile = renewable
garanzia = warranty/guarantee
assistenza/supporto = support/assistance/service
risposta = response/answer
tempo = time
ricambi/ricambio = spare/parts
consegna = delivery
manutenzione = maintenance
olio = oil
serbatoio = tank/reservoir
capacità = capacity
pressione = pressure
temperatura = temperature
potenza = power
peso = weight
pressa = press
motore = motor/engine
macchina/macchine = machine/machines
intervallo = interval
sostituzione/sostituire = replacement/replace/change
cambio = change
sicurezza = safety/security
formazione = training
ferie = holiday/holidays/vacation/leave
permesso/permessi = leave/permit
lavoro = work/job
remoto = remote
trasferta/viaggio = travel/trip
rimborso/rimborsi = reimbursement/refund
premio/bonus = bonus/award
violazione = breach/violation
dati = data
personali = personal
conservazione/conservati = retention/retained/kept
titolare = controller
responsabile = officer/manager/responsible
notifica/notificare = notification/notify
prodotto/prodotti = product/products
ordine/ordinare = order
quantità = quantity/amount
valore = value
totale = total
numero = number
media = average
crescita/aumento = growth/increase
riduzione/diminuzione = reduction/decrease
obiettivo = target/goal
quota = share/quota
parcheggio = parking
mensa = canteen/cafeteria
buono/buoni = voucher/vouchers
"""


@dataclass(frozen=True)
class QueryTerm:
    """One content word of a question and every stem that counts as finding it."""

    word: str
    """The word as the question writes it (lowercase), for messages."""
    stem: str
    """Its stem in the question's language (matched softly: sostituzione ~ sostituito)."""
    translations: frozenset[str] = frozenset()
    """Stems of its translations (matched exactly: a loose match across languages is noise)."""
    is_number: bool = False


@cache
def _glossary() -> dict[str, frozenset[str]]:
    """Stem -> stems of its translations, in both directions."""
    table: dict[str, set[str]] = {}
    for line in _GLOSSARY.strip().splitlines():
        left, _, right = line.partition("=")
        it_stems = {stem(w.strip(), "it") for w in left.split("/") if w.strip()}
        en_stems = {stem(w.strip(), "en") for w in right.split("/") if w.strip()}
        for s in it_stems:
            table.setdefault(s, set()).update(en_stems)
        for s in en_stems:
            table.setdefault(s, set()).update(it_stems)
    return {key: frozenset(value) for key, value in table.items()}


# Words that only frame a question ("Entro quanto tempo...", "What is the value of...").
_FRAME_WORDS = """
quale quali qual quanto quanti quante quanta cosa come dove quando perché chi entro
what which how much many where when why who whom long
indicare indica descrivi descrivere spiega spiegare elenca elencare dimmi sapere
explain describe list tell know
valore value tempo time numero number pari importo amount vale valgono worth
prevede prevedono riguardo riguarda indicato indicata indicati dice dicono afferma stabilisce
documento documenti say says said state states document documents regarding concerning
according
"""
# "il documento «Titolo»" names where to look, not what to find: its words are not required.
_DOCUMENT_TITLE_RE = re.compile(r"\b(?:il |the )?(?:documento|document)\s+«[^»]*»", re.IGNORECASE)
_FRAME_STEMS = frozenset(stem(w, lang) for w in _FRAME_WORDS.split() for lang in ("it", "en"))


def query_terms(question: str, lang: Lang) -> list[QueryTerm]:
    """The content terms of a question, framing words dropped, each with its translations."""
    glossary = _glossary()
    question = _DOCUMENT_TITLE_RE.sub(" ", question)
    words = {stem(t, lang): t for t in reversed(tokenize(question))}
    terms: list[QueryTerm] = []
    seen: set[str] = set()
    for token in content_tokens(question, lang):
        if token in seen or token in _FRAME_STEMS:
            continue
        seen.add(token)
        if is_number_token(token):
            terms.append(QueryTerm(token, token, is_number=True))
            continue
        translations = glossary.get(token, frozenset()) - {token}
        terms.append(QueryTerm(words.get(token, token), token, translations))
    return terms
