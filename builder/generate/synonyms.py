"""A general Italian and English synonym lexicon for the generator's paraphrases.

Generic business, technical, HR and legal vocabulary, one group of interchangeable words a
line. In Italian every word of a group has the same gender and number, so a swap keeps the
sentence's agreement (the article before it is re-chosen for the new word's first letters,
see `paraphrase`). Never names or words of one corpus.

This table belongs to the generator alone: the reference agent and the offline judge do not
read it, so a paraphrase written with it tests them instead of agreeing with itself.
"""

from __future__ import annotations

from functools import cache

from ragoro.text import Lang

# Italian groups: same gender and number within a line.
_IT = """
capacità/capienza
consumo/utilizzo/impiego
trasferta/missione
trasferte/missioni
stabilimento/impianto/sito
stabilimenti/impianti/siti
responsabile/referente
redazione/stesura
giuridica/legale
giuridico/legale
avvio/inizio
olio/lubrificante
richieste/domande/istanze
richiesta/domanda/istanza
manuale/prontuario
indice/tasso
infortuni/incidenti
infortunio/incidente
garanzia/copertura
dipendente/lavoratore
dipendenti/lavoratori/addetti
costo/onere
costi/oneri
prezzo/costo
valore/importo
ricavi/introiti
utile/guadagno
obiettivo/traguardo/target
obiettivi/traguardi
riduzione/diminuzione
aumento/incremento/rialzo
crescita/espansione
azienda/impresa/società
aziende/imprese/società
clienti/acquirenti
ispezione/verifica
controllo/esame
controlli/esami
ferie/vacanze
permesso/congedo
permessi/congedi
sicurezza/protezione
requisiti/presupposti
procedura/prassi
modulo/formulario
consegna/spedizione
debito/indebitamento
turnover/avvicendamento
rifiuti/scarti
centro/polo
pezzi/componenti
macchina/apparecchiatura
allarme/avviso
guasto/malfunzionamento
accesso/ingresso
accessi/ingressi
registro/archivio
visitatori/ospiti
limite/tetto
termine/limite
scopo/fine
conservazione/custodia
cancellazione/eliminazione
rimborso/indennizzo
rimborsi/indennizzi
interruzione/pausa
contratto/accordo
intervento/operazione
interventi/operazioni
livello/grado
serbatoio/contenitore
comunicazione/notifica
segnalazione/notifica
informazioni/notizie
fornitore/provider
fornitori/provider
regolamento/disciplinare
politica/linea
risultato/esito
risultati/esiti
responsabilità/competenza
"""

# English groups: same number within a line.
_EN = """
revenue/turnover/sales
consumption/usage/use
plant/factory/site/facility
plants/factories/sites/facilities
weight/mass
warranty/guarantee
support/assistance/help
response/reply
customers/clients/buyers
customer/client/buyer
head/manager/lead
standard/basic/default
parts/components
part/component
drawing/plan
debt/borrowing/indebtedness
bonus/incentive/premium
pool/fund/pot
employee/worker/staff member
employees/workers/staff
electricity/power
consolidated/group
order/purchase
orders/purchases/bookings
delivery/shipment
price/cost/charge
cost/expense/charge
limit/cap/ceiling
maximum/top/highest
minimum/lowest/smallest
training/instruction/coaching
leave/absence/time off
holiday/vacation
request/application
manager/supervisor/boss
target/goal/objective
reduction/decrease/cut
increase/rise/growth
company/firm/business
machine/unit/equipment
operator/user
manual/handbook/guide
contact/liaison
address/location
phone/telephone
duration/length
capacity/volume
tank/reservoir/container
oil/lubricant/fluid
filter/strainer
alarm/alert/warning
fault/failure/malfunction
faults/failures/malfunctions
error/fault/glitch
replacement/substitute/swap
inspection/check/review
maintenance/servicing/upkeep
rate/ratio
share/portion/proportion
percentage/share/proportion
figure/number/value
amount/sum/total
profit/earnings/gain
loss/deficit
headcount/workforce/staff
safety/security/protection
injury/accident
injuries/accidents
frequency/rate
waste/refuse/scrap
withdrawal/intake/draw
energy/power
renewable/green/clean
intake/inflow
dividend/payout
investment/spending/outlay
purpose/aim/goal
retention/storage/keeping
deletion/erasure/removal
refund/reimbursement/repayment
policy/rule/guideline
rules/regulations/guidelines
contract/agreement/deal
data/information/details
rights/entitlements
supplier/vendor/provider
suppliers/vendors/providers
result/outcome
results/outcomes/figures
sales/revenue/turnover
main/principal/primary
"""


@cache
def synonym_table(lang: Lang) -> dict[str, tuple[str, ...]]:
    """Word (lowercase) -> its synonyms in the same language, nearest first; a word listed
    in several groups gets the synonyms of its first group."""
    table: dict[str, tuple[str, ...]] = {}
    for line in (_IT if lang == "it" else _EN).strip().splitlines():
        words = tuple(w.strip() for w in line.split("/") if w.strip())
        for word in words:
            table.setdefault(word, tuple(w for w in words if w != word))
    return table
