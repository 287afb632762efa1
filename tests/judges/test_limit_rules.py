"""A ceiling restated as a floor keeps every word and number and changes the rule: "at
least two hours" where the source says "up to two hours" is neither supported nor right.
A limit kept, or said with another word of the same direction, still passes."""

from __future__ import annotations

from judges.accuracy import answer_accuracy
from judges.lexical import faithfulness


def test_a_ceiling_restated_as_a_floor_en() -> None:
    context = "Library rules. Members may borrow up to six books at a time."
    assert faithfulness("Members may borrow at most six books at a time.", [context]).passed
    assert not faithfulness("Members may borrow at least six books at a time.", [context]).passed
    ref = "Up to six books at a time."
    assert answer_accuracy("No more than six books at a time.", ref).passed
    assert not answer_accuracy("At least six books at a time.", ref).passed


def test_a_floor_restated_as_a_ceiling_it() -> None:
    context = "Regolamento. Gli ospiti devono lasciare la camera almeno due ore prima del volo."
    assert faithfulness(
        "Gli ospiti devono lasciare la camera non meno di due ore prima del volo.", [context]
    ).passed
    assert not faithfulness(
        "Gli ospiti devono lasciare la camera al massimo due ore prima del volo.", [context]
    ).passed
    ref = "Almeno due ore prima del volo."
    assert answer_accuracy("Non meno di due ore prima del volo.", ref).passed
    assert not answer_accuracy("Fino a due ore prima del volo.", ref).passed


def test_never_more_than_is_a_ceiling_en_it() -> None:
    """ "Never more than" / "mai più di" caps, as "no more than" / "non più di" do."""
    ref = "Up to two hours per booking."
    assert answer_accuracy("Never more than two hours per booking.", ref).passed
    ref = "Al massimo due ore per prenotazione."
    assert answer_accuracy("Mai più di due ore per prenotazione.", ref).passed
