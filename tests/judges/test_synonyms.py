"""Near-synonyms: a paraphrase that swaps words for synonyms keeps its support, and a
synonym never makes a claim about something else supported."""

from __future__ import annotations

from judges.lexical import answer_accuracy, faithfulness
from judges.synonyms import with_synonyms
from ragoro.text.lang import stem


def test_any_form_of_an_italian_verb_finds_its_synonyms() -> None:
    pool = with_synonyms(frozenset({stem("telefona", "it")}))
    assert "chiam" in pool
    assert stem("digitare", "it")[:5] in {p[:5] for p in with_synonyms(frozenset({"inserisc"}))}


def test_a_paraphrase_in_synonyms_is_supported_and_another_claim_is_not() -> None:
    context = [
        "Per rinnovare il prestito bisogna chiamare la biblioteca e prenotare un appuntamento."
    ]
    assert faithfulness("Telefona e riserva un appuntamento.", context).value == 1.0
    # A claim the context does not make stays unsupported.
    assert faithfulness("Spedisci una lettera e riserva un appuntamento.", context).value == 0.0


def test_the_reference_is_found_in_an_answer_that_uses_synonyms() -> None:
    reference = ["Chiamare la biblioteca e prenotare un appuntamento."]
    assert answer_accuracy("Telefona alla biblioteca e riserva un appuntamento.", reference).passed
    assert not answer_accuracy("Scrivi alla biblioteca.", reference).passed
