"""The agent's own Italian <-> English glossary: everyday words the shared lexicon leaves out.

The shared lexicon (`ragoro.text.lexicon`) holds the business and technical concepts both the
agent and the offline judge match on. A person asking in English about an Italian handbook
also uses plain verbs and nouns ("wait", "open", "steel", "stolen", "Turin"), and without a
translation of those neither keyword search nor the English-only embedding model reaches the
passage. These words live here, apart from the shared table, so that widening what the agent
can find never changes what the judge accepts (the two share no scoring heuristics).

One entry a line: "italiano/variante = english/variant"; the words left and right of "="
translate each other. Generic vocabulary and well-known place names only, never the names or
terms of one corpus.
"""

from __future__ import annotations

import re
from functools import cache

from ragoro.text import Lang, stem, translations

__all__ = ["agent_translations", "spelled_out"]

_GLOSSARY = """
attendere/aspettare/attesa = wait/waiting
aprire/apertura/aperto = open/opening
chiudere/chiusura/chiuso = close/closing/closed
arresto/spegnimento/spegnere/spento/arrestare = stop/shutdown/switch/switched
accendere/accensione = start/switch/startup
quadro/armadio = cabinet/panel/switchboard
acciaio = steel
ferro = iron
alluminio = aluminium/aluminum
forno/forni = furnace/furnaces/oven
arco = arc
rottame/rottami = scrap
acquistare/acquistato/acquistata/acquisto/acquisti = buy/bought/purchase/purchased/purchases
vendere/venduto/venduti/vendita = sell/sold/sale
approvare/approvazione/approvato/autorizzazione/autorizzare = approve/approval/approved/authorise/authorize/sign
firma/firmare/firmato = sign/signature/signed
nota/note = claim/claims/note/report
persona/persone = person/people/persons
crescere/cresciuto/cresciuta/aumentato/incremento = grow/grew/grown/increase/increased/rise/rose
diminuito/calo/ridotto/calato = decrease/decreased/decline/fell/drop/lower
conservare/conservato/conservate/conservano = keep/kept/retain/store/stored
immagine/immagini/riprese/filmati/registrazioni = image/images/footage/recordings/video
telecamera/telecamere/videosorveglianza = camera/cameras/cctv/surveillance
cancellare/cancellazione/sovrascrivere/sovrascritte = delete/deletion/erase/overwrite/overwritten
furto/rubato/rubata/rubare = theft/stolen/steal
smarrimento/smarrito/perso = lost/loss
segnalare/segnalato/segnalazione = report/reported/notify
dispositivo/dispositivi = device/devices
portatile = laptop/notebook
telefono/cellulare = phone/mobile/smartphone
dirigere/dirige/direzione/direttore = run/runs/head/heads/lead/leads/manage/manages
ufficio = office
estero/estera/esteri = abroad/foreign/overseas
casa/domicilio = home
legale = legal/registered
operaio/operai = worker/workers
impiegato/impiegati = clerk/clerks/office
prova = probation/trial
preavviso = notice
malattia = sickness/sick/illness
maternità = maternity
paternità = paternity
congedo = leave
turno/turni = shift/shifts
straordinario/straordinari = overtime
notte/notturno = night
contratto = contract
diritto/diritti = right/rights
consenso = consent
finalità = purpose/purposes
legge = law
trasferimento/trasferire/trasferiti = transfer/transferred
reclamo = complaint
autorità = authority/authorities
filtro/filtri = filter/filters
cartuccia/cartucce = cartridge/cartridges
guarnizione/guarnizioni = seal/seals/gasket
codice/codici = code/codes
usura = wear
gratuito/gratuita/gratis/gratuitamente = free
coprire/coperto/coperti/copertura = cover/covered/coverage
rumore/rumorosità = noise/noisy
livello = level
forza = force
velocità = speed
dimensione/dimensioni = size/dimensions
lunghezza = length
larghezza = width
altezza = height
ricarica/ricaricare/precarica/caricare = charge/recharge/precharge/refill
azoto = nitrogen
ossigeno = oxygen
aria = air
metano = methane
carburante/gasolio = fuel/diesel
fattura/fatture = invoice/invoices
pagamento/pagare/pagato = payment/pay/paid
pasto/pasti = meal/meals
albergo/alberghi = hotel/hotels
auto/automobile = car
ricerca = research
sviluppo = development
speso/spendere = spent/spend
percentuale = percentage/share/proportion
provenire/proviene/provenienti = come/comes/originate
scarica/scaricare = discharge
condensatore/condensatori = capacitor/capacitors
pompa = pump
valvola/valvole = valve/valves
tubo/tubi = hose/hoses/pipe/pipes
lubrificare/lubrificazione/grasso = lubricate/lubrication/grease
pulire/pulizia = clean/cleaning
controllare/controllo/verifica/ispezione = check/inspect/inspection
guasto/guasti/avaria = fault/failure/breakdown
allarme/allarmi = alarm/alarms
chiamare/telefonare = call/phone
scrivere = write
inviare/inviate = send/sent
chiarimento/chiarimenti/dubbio = clarification/question/doubt
regola/regole/norma/norme = rule/rules
consegnare/consegnato = deliver/delivered
settore = sector/segment
idraulico/idraulica/idraulici = hydraulic
sostituito/sostituita/sostituiti/sostituite = replaced
gratis/gratuito/gratuita/gratuiti = free
Torino = Turin
Milano = Milan
Roma = Rome
Napoli = Naples
Firenze = Florence
Venezia = Venice
Genova = Genoa
Padova = Padua
Mantova = Mantua
Italia/italiano/italiani/italiane = Italy/Italian
Stati Uniti = United States/USA
Cina/cinese = China/Chinese
Germania/tedesco = Germany/German
Francia/francese = France/French
Spagna/spagnolo = Spain/Spanish
Romania = Romania
Europa/europeo = Europe/European
"""


@cache
def _table() -> dict[Lang, dict[str, frozenset[str]]]:
    """Per source language: stem -> stems of its glossary translations (multi-word names
    give each of their words)."""
    table: dict[Lang, dict[str, set[str]]] = {"it": {}, "en": {}}
    for line in _GLOSSARY.strip().splitlines():
        it_words, _, en_words = line.partition("=")
        it_stems = {stem(w.lower(), "it") for part in it_words.split("/") for w in part.split()}
        en_stems = {stem(w.lower(), "en") for part in en_words.split("/") for w in part.split()}
        for s in it_stems:
            table["it"].setdefault(s, set()).update(en_stems)
        for s in en_stems:
            table["en"].setdefault(s, set()).update(it_stems)
    return {lang: {k: frozenset(v) for k, v in side.items()} for lang, side in table.items()}


def agent_translations(word_stem: str, lang: Lang | None = None) -> frozenset[str]:
    """Stems of a stemmed word's translations: the shared lexicon's and the glossary's.

    With `lang`, the glossary is read from that language's side only: the same stem may be a
    word of each language ("spent" is English *spent* and Italian *spento*, switched off), and
    a question's word is a word of the question's language."""
    sides = _table()
    own = (
        sides[lang].get(word_stem, frozenset())
        if lang is not None
        else sides["it"].get(word_stem, frozenset()) | sides["en"].get(word_stem, frozenset())
    )
    return translations(word_stem) | own


# Business abbreviations a person types and a document spells out. "R&D" tokenizes into two
# one-letter words that match nothing, so the words it stands for are added to the question.
_ABBREVIATIONS: dict[str, dict[Lang, str]] = {
    "R&D": {"en": "research and development", "it": "ricerca e sviluppo"},
    "HR": {"en": "human resources", "it": "risorse umane"},
    "HQ": {"en": "headquarters registered office", "it": "sede"},
    "PPE": {"en": "personal protective equipment", "it": "dispositivi di protezione individuale"},
}
_ABBREVIATION_RE = re.compile(
    r"(?<![\w&])(" + "|".join(re.escape(a) for a in _ABBREVIATIONS) + r")(?![\w&])"
)


def spelled_out(question: str, lang: Lang) -> str:
    """The question with the words each business abbreviation stands for added after it, in
    the question's language ("R&D" -> "R&D research and development")."""
    return _ABBREVIATION_RE.sub(
        lambda m: f"{m.group(1)} {_ABBREVIATIONS[m.group(1)][lang]}", question
    )
