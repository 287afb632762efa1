"""The one IT/EN lexicon: word translations for the agent, metric concepts for the builder."""

import pytest

from ragoro.text import CONCEPTS, concepts, stem, translations


@pytest.mark.parametrize(
    "phrase",
    [
        "il consumo di energia elettrica",
        "Consumo di energia elettrica dello stabilimento",
        "electricity consumption",
        "Electricity consumed",
    ],
)
def test_electricity_consumption_is_the_same_metric_in_both_languages(phrase: str) -> None:
    found = concepts(phrase)
    assert {"consumption", "electricity"} <= found
    # "energia" belongs to the phrase "energia elettrica": it does not also name energy.
    assert "energy" not in found


def test_energy_alone_is_another_concept_than_electricity() -> None:
    assert concepts("energy consumption") == {"energy", "consumption"}
    assert concepts("consumo di energia") == {"energy", "consumption"}
    assert concepts("consumo di energia") != concepts("consumo di energia elettrica")


def test_a_phrase_concept_consumes_its_words() -> None:
    assert concepts("tempo di risposta dell'assistenza") == {"response_time", "support"}
    assert concepts("support response time") == {"response_time", "support"}


def test_concepts_the_builder_compares() -> None:
    assert concepts("ricavi consolidati") == concepts("consolidated revenue") == {"revenue"}
    assert concepts("numero di dipendenti") == concepts("headcount") == {"employees"}
    assert concepts("pressione massima") == concepts("maximum pressure") == {"pressure"}
    assert concepts("periodo di conservazione") == concepts("retention period") == {"retention"}
    assert concepts("Qual è il colore?") == frozenset()


def test_translation_lookup_goes_both_ways() -> None:
    salary_it, salary_en = stem("stipendio", "it"), stem("salary", "en")
    assert salary_en in translations(salary_it)
    assert salary_it in translations(salary_en)
    employees_it, headcount = stem("dipendenti", "it"), stem("headcount", "en")
    assert headcount in translations(employees_it)
    assert employees_it in translations(headcount)
    assert translations("zzzz") == frozenset()


def test_a_word_of_two_concepts_gets_both_translations() -> None:
    # "share" is a stock share (azione) and a portion (quota).
    assert {stem("azioni", "it"), stem("quota", "it")} <= translations(stem("share", "en"))


def test_every_concept_has_a_unique_id_and_a_use() -> None:
    ids = [c.id for c in CONCEPTS]
    assert len(ids) == len(set(ids))
    assert all((c.it and c.en) or c.cues for c in CONCEPTS)
    assert all(cue == cue.lower() for c in CONCEPTS for cue in c.cues)
