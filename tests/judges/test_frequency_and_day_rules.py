"""Calibration-style checks of three readings a person makes without thinking:

- a frequency said as an adverb or "once per unit" is the same as "every <unit>";
- a decimal read aloud ("virgola", "point") and "per cento" are numbers, not words;
- "the weekend" is Saturday and Sunday, "weekdays" and "Monday to Friday" the five others.
"""

from __future__ import annotations

from judges.accuracy import answer_accuracy
from judges.lexical import faithfulness
from judges.relevancy import answer_relevancy


def test_once_every_unit_restates_an_adverb_of_frequency_en() -> None:
    context = "Maintenance plan. The smoke detectors are tested monthly by the caretaker."
    assert faithfulness("The caretaker tests them once every month.", [context]).passed
    assert not faithfulness("The caretaker tests them once every week.", [context]).passed
    ref = "Monthly."
    assert answer_accuracy("Once a month.", ref).passed
    assert not answer_accuracy("Once a year.", ref).passed


def test_una_volta_ogni_restates_ogni_it() -> None:
    context = "Piano di pulizia. I filtri della cappa si lavano una volta al mese."
    assert faithfulness("I filtri della cappa vanno lavati mensilmente.", [context]).passed
    assert not faithfulness("I filtri della cappa vanno lavati settimanalmente.", [context]).passed
    context = "Le grondaie si puliscono ogni sei mesi."
    assert faithfulness("Le grondaie si puliscono una volta ogni sei mesi.", [context]).passed


def test_how_often_is_answered_by_every_unit_en_it() -> None:
    assert answer_relevancy("How often are the smoke detectors tested?", "Monthly.").passed
    assert answer_relevancy("Con che frequenza si lavano i filtri?", "Settimanalmente.").passed
    assert answer_relevancy("Ogni quanto si puliscono le grondaie?", "Ogni sei mesi.").passed
    assert not answer_relevancy(
        "How often are the smoke detectors tested?", "The caretaker."
    ).passed


def test_decimals_read_aloud_are_checked_as_numbers() -> None:
    context = "Scheda tecnica. Rendimento della pompa di calore: 96,4%."
    assert faithfulness(
        "Il rendimento è del novantasei virgola quattro per cento.", [context]
    ).passed
    assert not faithfulness(
        "Il rendimento è del novantasei virgola otto per cento.", [context]
    ).passed
    context = "The trailer carries a maximum load of 3.5 tonnes."
    assert faithfulness("It can carry at most three point five tonnes.", [context]).passed
    assert not faithfulness("It can carry at most three point eight tonnes.", [context]).passed


def test_the_weekend_is_not_the_weekdays_en() -> None:
    context = "Opening hours. The recycling centre is open Monday to Friday, 8:00 to 17:00."
    assert faithfulness("It is open on weekdays, 8:00 to 17:00.", [context]).passed
    assert not faithfulness("It is open at weekends, 8:00 to 17:00.", [context]).passed
    ref = "On weekdays, from 8:00 to 17:00."
    assert not answer_accuracy("Solo nel fine settimana, dalle 8 alle 17.", ref).passed


def test_a_day_inside_a_span_is_stated_it() -> None:
    context = "Orari. Lo sportello anagrafe riceve dal lunedì al venerdì, dalle 9 alle 12."
    assert faithfulness("Il mercoledì lo sportello riceve dalle 9 alle 12.", [context]).passed
    assert not faithfulness("Lo sportello riceve nel fine settimana.", [context]).passed
    assert not faithfulness("Il sabato lo sportello riceve dalle 9 alle 12.", [context]).passed


def test_opening_hours_are_times_of_the_clock_not_a_frequency() -> None:
    """ "Che orari…?" asks times of the clock, as "What time…?" does (English already read
    so): a frequency, now a quantity of time, does not answer either."""
    assert not answer_relevancy(
        "Che orari ha la biblioteca?", "Il catalogo della biblioteca si aggiorna ogni settimana."
    ).passed
    assert answer_relevancy("Che orari ha la biblioteca?", "Dalle 9 alle 18.").passed
    assert not answer_relevancy(
        "What time does the library open?", "The library catalogue is updated every week."
    ).passed
    assert answer_relevancy("What time does the library open?", "At 9 am.").passed


def test_degrees_without_a_scale_read_the_same_thermometer() -> None:
    context = "Storage. Keep the vaccine between 2 °C and 8 °C."
    assert faithfulness("Keep it at two to eight degrees.", [context]).passed
    assert not faithfulness("Keep it at two to nine degrees.", [context]).passed
    context = "Conservazione. Il vino bianco va servito a 10 °C."
    assert faithfulness("Si serve a dieci gradi.", [context]).passed
    assert not faithfulness("Si serve a dodici gradi.", [context]).passed


def test_the_end_of_a_month_is_its_last_day() -> None:
    ref = "From 1 November to 31 March."
    assert answer_accuracy("From the start of November until the end of March.", ref).passed
    assert not answer_accuracy("From the start of November until the end of April.", ref).passed
    ref = "Dal 1 ottobre al 30 aprile."
    assert answer_accuracy("Dall'inizio di ottobre alla fine di aprile.", ref).passed
    assert not answer_accuracy("Dall'inizio di ottobre alla fine di maggio.", ref).passed


def test_a_fine_that_may_be_paid_invents_no_day() -> None:
    """ "The fine may be paid" names no 31st (EN); "fine maggio" is the 31st (IT)."""
    context = "Parking rules. Fines can be paid online within 60 days."
    assert faithfulness("The fine may be paid online within 60 days.", [context]).passed
    context = "Calendario. Le iscrizioni chiudono il 31 maggio."
    assert faithfulness("Le iscrizioni chiudono a fine maggio.", [context]).passed


def test_at_one_point_is_a_moment_not_a_decimal() -> None:
    """ "At one point 3 machines stopped" counts 3 machines (EN); "uno virgola cinque" is
    still 1,5 (IT)."""
    context = "Incident log. At one point, 3 machines stopped."
    assert faithfulness("At one point 3 machines stopped.", [context]).passed
    context = "Scheda tecnica. Il serbatoio contiene 1,5 litri."
    assert faithfulness("Il serbatoio contiene uno virgola cinque litri.", [context]).passed
