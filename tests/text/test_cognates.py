"""Italian-English cognates and weekdays: what a statement in the other language shares."""

import pytest

from judges.lexical import claim_support
from ragoro.text.cognates import cognate_key, cognate_recall
from ragoro.text.dates import weekdays
from ragoro.text.negation import has_negation


@pytest.mark.parametrize(
    ("italian", "english"),
    [
        ("esposizione", "exposition"),
        ("filosofia", "philosophy"),
        ("teatro", "theatre"),
        ("fattore", "factor"),
        ("adozione", "adoption"),
    ],
)
def test_cognates_share_a_key_or_a_long_prefix(italian: str, english: str) -> None:
    share, missing = cognate_recall([italian], frozenset({english}))
    assert share == 1.0, (cognate_key(italian), cognate_key(english), missing)


@pytest.mark.parametrize(("italian", "english"), [("ricevuta", "receipt"), ("gatto", "cat")])
def test_unrelated_spellings_are_not_cognates(italian: str, english: str) -> None:
    assert cognate_recall([italian], frozenset({english}))[0] == 0.0


def test_an_italian_statement_is_checked_against_an_english_source_by_its_cognates() -> None:
    source = (
        "For the 1889 Exposition, celebrating the centenary of the Revolution, a tower was built."
    )
    assert claim_support(
        "Per l'Esposizione del 1889, che celebrava il centenario della Rivoluzione.", source
    ).supported


def test_weekdays_are_read_in_both_languages() -> None:
    assert weekdays("Il martedì e il venerdì") == weekdays("on Tuesdays and Fridays") == {1, 4}
    assert weekdays("the sun sat low") == frozenset()


def test_a_changed_weekday_is_not_supported_across_languages() -> None:
    source = "The clinic's walk-in hours are Tuesday and Thursday from 2 pm to 5 pm."
    check = claim_support("Il martedì e il venerdì dalle 14 alle 17.", source)
    assert not check.supported
    assert "Friday" in check.reason


@pytest.mark.parametrize(
    "bound", ["per non più di una settimana", "non oltre il 30 giugno", "no later than Friday"]
)
def test_a_bound_is_not_a_negation(bound: str) -> None:
    assert not has_negation(bound)


@pytest.mark.parametrize("negated", ["non è più disponibile", "il casco non è obbligatorio"])
def test_no_longer_and_not_are_negations(negated: str) -> None:
    assert has_negation(negated)
