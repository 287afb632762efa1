"""A paraphrase with few shared words is support; an invention about the same subject is not.

The examples are written for this test, not taken from the calibration set."""

import pytest

from judges.accuracy import answer_accuracy
from judges.lexical import claim_support

RESTATED = [
    (
        "Staff may claim back travel costs within a month of the trip, if they keep the tickets.",
        "Employees can request reimbursement of travel expenses within one month of the "
        "journey, provided they retain the tickets.",
    ),
    (
        "I dipendenti possono chiedere il rimborso delle spese di viaggio entro un mese dal "
        "rientro.",
        "Il personale può richiedere il rimborso dei costi di trasferta entro trenta giorni "
        "dal ritorno.",
    ),
    (
        "I clienti possono restituire la merce difettosa ottenendo il rimborso completo.",
        "I prodotti difettosi possono essere resi dai clienti, che ricevono un rimborso totale.",
    ),
    # The sentence model rates these 0.50-0.60: a restatement in plain words of its own.
    (
        "Because the spray in it pulls the dust onto the chain.",
        "Bicycle care. Lubricate the chain every two weeks with oil from the can; never use "
        "spray lubricant, as it attracts dirt.",
    ),
    (
        "Ci si può iscrivere fino al 20 maggio.",
        "Le iscrizioni al torneo chiudono il 20 maggio; le partite si giocano a giugno.",
    ),
]

INVENTED = [
    # Same subject, another attribute: close in meaning as a whole, yet nothing supports it.
    (
        "Il serbatoio del carburante è in acciaio inox.",
        "Il serbatoio del carburante ha una capacità di 28,5 litri. Il casco è obbligatorio.",
    ),
    (
        "New hires get a phone and a car on their first day.",
        "Each new employee receives a laptop computer on the first working day.",
    ),
    ("The museum shuts its cafeteria in the evening.", "The museum closes at 6 pm."),
    (
        "I nuovi assunti ricevono un telefono e un'auto aziendale il primo giorno.",
        "Ogni nuovo dipendente riceve un computer portatile il primo giorno di lavoro.",
    ),
    (
        "I clienti possono restituire la merce difettosa ottenendo un buono sconto.",
        "I prodotti difettosi possono essere resi dai clienti, che ricevono un rimborso totale.",
    ),
    # The paraphrase check comes after the hard ones: a changed number still fails.
    (
        "Staff may claim back travel costs within 3 months of the trip.",
        "Employees can request reimbursement of travel expenses within one month of the journey.",
    ),
]


@pytest.mark.parametrize(("claim", "context"), RESTATED)
def test_a_paraphrase_with_few_shared_words_is_supported(claim: str, context: str) -> None:
    check = claim_support(claim, context)
    assert check.supported, check.reason
    assert check.coverage < 0.6, "the example must need the paraphrase path"
    assert check.reason.startswith("restated")


@pytest.mark.parametrize(("claim", "context"), INVENTED)
def test_an_invention_about_the_same_subject_is_not_supported(claim: str, context: str) -> None:
    assert not claim_support(claim, context).supported


def test_a_restated_answer_is_accurate_and_an_invented_one_is_not() -> None:
    question = "What do customers receive for defective products?"
    reference = "Defective products may be returned for a complete refund of the purchase price."
    # ("full" would now be found as a synonym of "complete": the restatement is tested
    # on words the lexical check cannot match.)
    restated = answer_accuracy(
        "Faulty goods can be sent back and all of the price is refunded.", reference,
        question=question,
    )  # fmt: skip
    assert restated.passed, restated.reason
    assert "restated" in restated.reason
    invented = answer_accuracy(
        "Faulty goods can be sent back for a store voucher.", reference, question=question
    )
    assert not invented.passed, invented.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        (
            "Monday to Friday, 8:00 to 17:00; visitors get a free coffee at the entrance.",
            "Visitor information. The office is open Monday to Friday from 8:00 to 17:00.",
        ),
        (
            "L'ufficio accoglie il pubblico dal lunedì al venerdì dalle 8:00 alle 17:00; "
            "l'ingresso è libero.",
            "Informazioni per i visitatori. L'ufficio è aperto dal lunedì al venerdì dalle 8:00 "
            "alle 17:00.",
        ),
    ],
)
def test_a_restatement_does_not_carry_a_statement_joined_by_a_semicolon(
    claim: str, context: str
) -> None:
    check = claim_support(claim, context)
    assert not check.supported
    assert "restated in part" in check.reason
