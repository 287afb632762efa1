"""One Italian <-> English lexicon of generic concepts, for cross-language matching.

Corpora often mix languages (an Italian handbook next to an English annual report) while
the packaged embedding model is English-only, so an Italian question would never reach an
English passage, and the same metric reads differently in each language. One table of
generic business, technical, HR and legal concepts serves both needs:

- `translations(stem)`: the stems of a word's translations (the agent looks each question
  term up in both languages);
- `concepts(text)`: the concept ids a phrase names, whatever its language (the generator
  tells when two documents state the same metric).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from ragoro.text.lang import stem

# One concept a line: "id: italiano/variante = english/variant | cue/cue".
# The words left and right of "=" translate each other. Cues, listed only for the metric
# concepts a phrase is matched against, are lowercase word prefixes or phrases; they are
# written out rather than derived from the words' stems, which are looser ("energ" would
# also take "energetico", "us" for "used" almost anything). Generic vocabulary only:
# never names from one corpus.
_TABLE = """
revenue: ricavi/fatturato/ricavo = revenue/revenues/turnover/sales | ricavi/fatturato/revenue
profit: utile = profit/earnings
loss: perdita = loss
margin: margine = margin
cost: costo/costi/spesa/spese = cost/costs/expense/expenses
price: prezzo/prezzi = price/prices
salary: stipendio/salario/retribuzione/compenso = salary/wage/pay/compensation
dividend: dividendo = dividend
share: azione/azioni = share/shares/stock
debt: debito = debt
investment: investimenti/investimento = investment/investments/capex
fiscal_year: esercizio = fiscal/year
year: anno/annuo/annuale = year/annual/yearly
month: mese/mensile = month/monthly
day: giorno/giorni/giornaliero = day/days/daily
hour: ora/ore/orario = hour/hours/hourly
week: settimana = week
monday: lunedì/lunedi = monday
tuesday: martedì/martedi = tuesday
wednesday: mercoledì/mercoledi = wednesday
thursday: giovedì/giovedi = thursday
friday: venerdì/venerdi = friday
saturday: sabato = saturday
sunday: domenica = sunday
consolidated: consolidato = consolidated
group: gruppo = group
company: società/azienda/impresa = company/firm
employees: dipendente/dipendenti/personale/lavoratori = employee/employees/staff/workers/headcount | dipendenti/employees/headcount/organico
chief_executive: amministratore/delegato = chief/executive/ceo
director: direttore = director/manager
board: consiglio = board
plant: stabilimento/impianto/fabbrica = plant/factory/facility | stabiliment/plant/site
site: sede = headquarters/office/site
region: regione = region
sales: vendite = sales
customer: cliente/clienti = customer/customers/client
supplier: fornitore/fornitori = supplier/suppliers
energy: energia = energy | energia/energy
electricity: elettrica/elettricità/elettrico = electricity/electric/electrical | energia elettrica/electricity/elettric/electric
consumption: consumo/consumato/consumi = consumption/consumed/used | consum
emissions: emissioni = emissions | emission
waste: rifiuti = waste | rifiuti/waste
water: acqua = water
renewable: rinnovabile = renewable
warranty: garanzia = warranty/guarantee | garanzia/warranty
support: assistenza/supporto = support/assistance/service | support/assistenza/help desk
response: risposta = response/answer
time: tempo = time
response_time: = | tempo di risposta/response time
spare_parts: ricambi/ricambio = spare/parts
delivery: consegna = delivery
maintenance: manutenzione = maintenance
oil: olio = oil
tank: serbatoio = tank/reservoir
capacity: capacità = capacity | capacità/capacity
pressure: pressione = pressure | pression/pressure
temperature: temperatura = temperature | temperatur
power: potenza = power | potenza/power
weight: peso = weight | massa/peso/weight
press: pressa = press
motor: motore = motor/engine
machine: macchina/macchine = machine/machines
interval: intervallo = interval
replacement: sostituzione/sostituire = replacement/replace/change
change: cambio = change
safety: sicurezza = safety/security
training: formazione = training
holiday: ferie = holiday/holidays/vacation/leave
permit: permesso/permessi = leave/permit
work: lavoro = work/job
remote: remoto = remote
travel: trasferta/viaggio = travel/trip
reimbursement: rimborso/rimborsi = reimbursement/refund
bonus: premio/bonus = bonus/award
breach: violazione = breach/violation
data: dati = data
personal: personali = personal
retention: conservazione/conservati = retention/retained/kept | conservat/conservazione/retention/retained
controller: titolare = controller
officer: responsabile = officer/manager/responsible
notification: notifica/notificare = notification/notify
product: prodotto/prodotti = product/products
order: ordine/ordinare = order
quantity: quantità = quantity/amount
value: valore = value
total: totale = total
number: numero = number
average: media = average
growth: crescita/aumento = growth/increase
reduction: riduzione/diminuzione = reduction/decrease
target: obiettivo = target/goal
quota: quota = share/quota
parking: parcheggio = parking
canteen: mensa = canteen/cafeteria
voucher: buono/buoni = voucher/vouchers
"""


@dataclass(frozen=True)
class Concept:
    """One generic concept with its Italian and English words."""

    id: str
    """Language-independent name ("electricity")."""
    it: tuple[str, ...]
    """Italian words for it; each translates every English one."""
    en: tuple[str, ...]
    """English words for it."""
    cues: tuple[str, ...] = ()
    """Lowercase word prefixes and phrases that name it in a metric's label, IT and EN;
    empty for a concept used only to translate words."""


def _split(words: str) -> tuple[str, ...]:
    return tuple(w.strip() for w in words.split("/") if w.strip())


def _parse(table: str) -> tuple[Concept, ...]:
    concepts_: list[Concept] = []
    for line in table.strip().splitlines():
        concept_id, _, rest = line.partition(":")
        words, _, cues = rest.partition("|")
        it_words, _, en_words = words.partition("=")
        concepts_.append(
            Concept(concept_id.strip(), _split(it_words), _split(en_words), _split(cues))
        )
    ids = [c.id for c in concepts_]
    if len(set(ids)) != len(ids):
        raise ValueError(f"duplicate concept ids in the lexicon: {sorted(ids)}")
    return tuple(concepts_)


CONCEPTS: tuple[Concept, ...] = _parse(_TABLE)
"""Every concept of the lexicon, in table order."""


@cache
def _translations() -> dict[str, frozenset[str]]:
    """Stem -> stems of its translations, in both directions."""
    table: dict[str, set[str]] = {}
    for concept in CONCEPTS:
        it_stems = {stem(w, "it") for w in concept.it}
        en_stems = {stem(w, "en") for w in concept.en}
        for s in it_stems:
            table.setdefault(s, set()).update(en_stems)
        for s in en_stems:
            table.setdefault(s, set()).update(it_stems)
    return {key: frozenset(value) for key, value in table.items()}


def translations(word_stem: str) -> frozenset[str]:
    """Stems of the translations of a stemmed word (either language); empty when unknown.

    A word in several concepts gets all their translations ("share" -> azion, quot); an
    identical spelling in both languages maps to itself ("bonus" -> bonus).
    """
    return _translations().get(word_stem, frozenset())


# Bounded to what a run reuses (every window of a small index, a few pools per case): each
# entry is a whole token pool (~4 KB), and a run of thousands of distinct cases would
# otherwise keep filling it (issue 12, "memory is bounded").
@lru_cache(maxsize=4096)
def with_translations(stems: frozenset[str]) -> frozenset[str]:
    """The stems plus the stems of their translations (IT <-> EN)."""
    # `translations` of each stem, looked up in one pass and joined in one union.
    table = _translations()
    found = [group for group in map(table.get, stems) if group]
    return frozenset(stems).union(*found)


@cache
def _cue_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """(cue pattern, concept id), longest cue first so a phrase is matched before its words."""
    cues = [(cue, concept.id) for concept in CONCEPTS for cue in concept.cues]
    cues.sort(key=lambda item: -len(item[0]))
    return tuple((re.compile(rf"\b{re.escape(cue)}"), concept_id) for cue, concept_id in cues)


def concepts(text: str) -> frozenset[str]:
    """Metric concepts a phrase names, language-independent ("consumo di energia
    elettrica" and "electricity consumption" both give {consumption, electricity}).

    Cues are matched as word prefixes, longest first, and a match is blanked out: the words
    of a phrase ("energia" in "energia elettrica") do not name a concept of their own.
    """
    low = text.lower()
    found: set[str] = set()
    for pattern, concept_id in _cue_patterns():
        if pattern.search(low):
            found.add(concept_id)
            low = pattern.sub(" ", low)
    return frozenset(found)
