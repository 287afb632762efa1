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
gru = crane/cranes
sollevamento/sollevare/sollevata/sollevato = lifting/lift/hoist/hoisting/raise/raised
portata = capacity/load/rating
golfare/golfari = eyebolt/eyebolts
donna/donne/femminile = woman/women/female
uomo/uomini/maschile = man/men/male
manageriale/manageriali/dirigenziale/dirigenziali/dirigente/dirigenti = management/managerial/manager/managers/executive/executives
ruolo/ruoli/posizione/posizioni/incarico = role/roles/position/positions/post/job
comitato/commissione = committee/commission
riunito/riunione/riunioni/riunirsi = meet/met/meeting/meetings
presieduto/presiedere/presidente = chair/chairs/chaired/chairman/chairwoman/president/preside
consigliere/consigliera/consiglieri = director/directors/councillor
indipendente/indipendenti = independent
tecnico/tecnici = technician/technicians/engineer/engineers
arrivare/arriva/arrivo = arrive/arrives/arrival/come
risolvere/risolve/risolto/risoluzione = solve/solved/resolve/resolved/fix/fixed
sostenibilità/sostenibile/sostenibili = sustainability/sustainable
volta/volte = times/occasions
netto/netta = net
lordo/lorda = gross
utile/utili = profit/profits/earnings
coppia = torque
serraggio/serrare/serrati/serrate/stringere = tightening/tighten/tightened
vite/viti = screw/screws/bolt/bolts
dado/dadi = nut/nuts
tirante/tiranti = rod/rods
colonna/colonne = column/columns/pillar
flangia = flange
chiave = wrench/key/spanner
corso/corsi = course/courses/class
compreso/compresa/compresi/incluso/inclusa/inclusi/includere = included/include/includes
riciclo/riciclare/riciclato/riciclati = recycle/recycled/recycling
recupero/recuperare/recuperato/recuperati = recover/recovered/recovery
pericoloso/pericolosi/pericolose = hazardous/dangerous
smaltire/smaltimento/smaltito = dispose/disposal/disposed
esausto/esausti = used/spent/exhausted/waste
volontario/volontaria/volontarie = voluntary
dimissioni/dimettersi = resign/resignation/quit
assunto/assunti/assunzione/assumere = hired/hire/hiring/recruit/recruited
licenziamento/licenziare = dismissal/dismiss/fire/fired/layoff
colloquio = interview
candidato/candidati/candidatura = candidate/candidates/applicant/applicants/application
curriculum = cv/resume
anzianità = seniority/tenure
retribuito/retribuita/retribuiti/retribuite = paid
indennità/forfettaria/forfettario = allowance/flat
giornata/giornate/giornaliero = day/days/daily
ingresso/entrata/entrare = entry/enter/arrival/arrive/start
uscita/uscire = exit/leave/leaving
pausa = break/pause
pranzo = lunch
cena = dinner
colazione = breakfast
treno/treni = train/trains
volo/voli/aereo = flight/flights/plane/fly
classe = class
prenotazione/prenotare/prenotazioni = booking/book/reservation
pernottamento/pernottamenti/notte = overnight/night/nights/stay
pedaggio/pedaggi/autostrada/autostradali = toll/tolls/motorway/highway
ricevuta/ricevute/giustificativo/giustificativi/scontrino = receipt/receipts/voucher
anticipo/anticipi/acconto = advance/advances
chilometrico/chilometri/chilometro = mileage/kilometre/kilometres/kilometer/kilometers
bevanda/bevande/alcolico/alcoliche = drink/drinks/beverage/alcoholic
scadenza/scadenze/scadere/scade/decade = deadline/expire/expires/expiry/due
credito/crediti = credit/balance
istruzione/scuola/studio = education/school/study
sanità/sanitario/sanitaria/salute = health/healthcare/medical
trasporto/trasporti = transport/transportation/commute
assistenza = care/assistance/support
famiglia/familiare/familiari = family
password/parola = password
lunghezza/lungo/lunga/minima/minimo = length/long/minimum
cambiare/cambiate/modificare = change/changed/modify
installazione/installare/installato = install/installation/installed
software/programma/programmi = software/program/programs/app/apps
autenticazione/fattori = authentication/factor/factors
cifrato/cifrati/cifratura/criptato = encrypted/encryption/encrypt
copia/copie/backup = backup/backups/copy/copies
server = server/servers
notificare/notifica/comunicare = notify/notification/inform/tell
scoperta/scoprire = discovery/discover/discovered/find/found
ritardo/ritardi = delay/late
revoca/revocare/ritirare = withdraw/revoke/revocation
profilazione = profiling
reclamo = complaint/complain
richiesta/richieste/richiedere = request/requests/ask/apply
risposta/rispondere/risponde = reply/answer/respond/response
giorni/giorno = days/day
proroga/prorogato/prorogare = extend/extended/extension
fondazione/basamento/platea = foundation/base/plinth
calcestruzzo/cemento = concrete/cement
spessore = thickness/thick
armato = reinforced
batteria/batterie = battery/batteries
tampone = backup/buffer
controllore = controller/plc
schermo/pollici = screen/display/inches/inch
condizionatore/climatizzatore = conditioner/aircon
interruttore = switch
lucchetto = padlock/lock
cartellino/etichetta = tag/label/card
timbratura/timbrare/badge/tesserino = badge/clock/swipe
dimenticato/dimenticare/mancata = forgot/forget/forgotten/missed
preriscaldo/preriscaldamento = preheat/preheating/warmup
avvio/avviare/partenza = start/startup/launch
freddo = cold
caldo/calore = heat/hot/warm
raffreddare/raffreddamento = cool/cooling
scambiatore = exchanger
ventola = fan
pulizia/pulire/pulito = clean/cleaning/cleaned
lavare/lavaggio = wash/flushing/flush
spurgo/spurgare = bleed/purge
cilindro/cilindri = cylinder/cylinders
slitta = slide/ram
corsa = stroke/travel
piano = bed/table/bolster
stampo/stampi = die/dies/mould/mold/tool
lamiera/lamiere = sheet/sheets
accumulatore/accumulatori = accumulator/accumulators
sacca = bladder
serbatoio = tank/reservoir
tanica/taniche = can/canister/drum
litro/litri = litre/litres/liter/liters
contaore = counter/meter
registro/registri = log/logbook/register/record
barriera/fotoelettrica = barrier/light/curtain
comando/bimanuale = control/twohand
matricola = serial
targhetta = plate/nameplate
ricambio/ricambi/pezzi/pezzo = spare/spares/part/parts
disponibilità/disponibile/disponibili = availability/available
fine = end
produzione = production/manufacturing/output
consegnato/consegne/spedizione/spedito/spedire = shipped/shipping/shipment/ship/delivered
magazzino/scorte/scorta = stock/warehouse/inventory
settimana/settimane = week/weeks

marcatura/conforme/conformità = marking/compliant/compliance/conform
direttiva/regolamento/norma = directive/regulation/standard
addestramento/formazione = training/instruction
operatore/operatori = operator/operators/user/users
usare/utilizzare/utilizzo/uso = use/usage/using/used
sito/stabilimento = site/plant/works
certificato/certificazione/certificati = certified/certification/certificate
illuminazione/lampade/lampada = lighting/lamps/lamp/lights
compressa = compressed
perdita/perdite = leak/leaks/leakage/loss
ridotto/riduzione/ridurre = reduce/reduced/reduction/cut
programma/piano = programme/program/plan/scheme
obiettivo/obiettivi/traguardo = target/targets/goal/goals/aim
base = baseline/base
raggiunto/raggiungere = achieved/reached/achieve/reach
infortunio/infortuni/incidente = injury/injuries/accident/accidents
mortale/mortali = fatal/fatalities/deadly
frequenza/indice/tasso = frequency/rate/index
milione/milioni = million/millions
tonnellata/tonnellate = tonne/tonnes/ton/tons
acquisti/spesa = purchasing/procurement/spend/spending
sottoscrivere/sottoscritto = sign/subscribe/signed
codice/condotta = code/conduct
audit/verifiche = audit/audits
fornitore/fornitori = vendor/vendors
paese/paesi = country/countries/nation/nations
estero/esteri = international
sede/sedi = office/offices/headquarters/based
società/controllata/controllate/filiale = subsidiary/subsidiaries/affiliate
revisione/revisore/revisori = audit/auditor/auditors/review/revision
giudizio/opinione = opinion
approvato/approvata/approvati/approvazione = approved/approval/adopted
bilancio = statements/accounts/balance
debito/indebitamento = debt/borrowing
raccolta = intake
portafoglio/arretrato = backlog
previsione/prevede/previsto/prospettive = outlook/forecast/expected/expects/guidance
ampliamento/espansione = expansion/extension
linea = line
assemblaggio = assembly
investitori = investors/investor
relazione/rapporto = report/relationship
capo = boss/supervisor
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
