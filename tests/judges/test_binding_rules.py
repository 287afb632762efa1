"""Faithfulness and accuracy: a value is bound to what it is of, a ranking is a claim,
an acronym names its words, and the reply is what the answer says first."""

from __future__ import annotations

from judges.lexical import answer_accuracy, faithfulness


def faithful(answer: str, context: str, question: str) -> bool:
    return faithfulness(answer, [context], question=question).value == 1.0


def test_a_bare_value_is_read_with_its_question() -> None:
    context = "Delivery takes 2 working days within the city; to the islands it takes 5 days."
    question = "How long does delivery take within the city?"
    assert faithful("2 working days.", context, question)
    # 5 days is in the context, but for the islands; the clause about the city says 2.
    assert not faithful("5 days.", context, question)


def test_a_value_stated_for_another_thing_in_the_same_sentence_fails() -> None:
    context = "La quota per i soci è di 40 euro; per tutti gli altri partecipanti è di 65 euro."
    question = "Quanto pagano i soci?"
    assert faithful("La quota per i soci è di 40 euro.", context, question)
    assert not faithful("La quota per i soci è di 65 euro.", context, question)


def test_an_invented_superlative_is_an_invented_claim() -> None:
    context = "Lake Baikal holds about a fifth of the world's unfrozen fresh surface water."
    question = "How much fresh water does Lake Baikal hold?"
    assert faithful("About a fifth of the world's unfrozen fresh surface water.", context, question)
    assert not faithful(
        "About a fifth of the world's fresh surface water; it is the oldest lake.",
        context,
        question,
    )
    italian = "Il Po attraversa sette regioni e sfocia nel mare Adriatico."
    assert not faithful("Il Po è il fiume più lungo e attraversa sette regioni.", italian, "?")


def test_an_acronym_names_the_words_it_abbreviates() -> None:
    context = "Il ricorso va presentato alla Commissione tributaria provinciale entro 60 giorni."
    question = "A chi si presenta il ricorso?"
    assert faithful("Alla CTP, entro 60 giorni.", context, question)
    assert not faithful("Alla CTR, entro 60 giorni.", context, question)


def test_the_reply_is_the_name_the_answer_gives_first() -> None:
    question = "Quale città ospitò la prima edizione della fiera?"
    reference = "Verona."
    assert answer_accuracy(
        "Verona; dal 1990 la fiera si tiene a Padova.", reference, question=question
    ).passed
    assert not answer_accuracy(
        "Padova; dal 1990 la fiera si tiene a Verona.", reference, question=question
    ).passed
    assert answer_accuracy(
        "Secondo l'archivio di Padova, la prima edizione fu a Verona.", reference, question=question
    ).passed


def test_a_bare_yes_no_takes_the_polarity_of_the_clause_that_states_it() -> None:
    context = "Visitor rules. Dogs are allowed on a lead; bicycles are not permitted."
    question = "Are dogs allowed in the park?"
    assert faithfulness("Yes.", [context], question=question).value == 1.0
    assert faithfulness("No.", [context], question=question).value == 0.0


def test_a_refusal_that_blames_the_information_given_is_a_refusal() -> None:
    from ragoro.text.behaviour import is_refusal

    assert is_refusal("The information given doesn't include the opening date.")
    assert is_refusal("Le informazioni fornite non riportano la data di apertura.")
    assert not is_refusal("The information desk opens at 9.")


def test_an_antonym_flips_a_statement_without_any_negation_word() -> None:
    context = "Biblioteca. Aperta dal lunedì al venerdì, dalle 9 alle 19. Chiusa il sabato."
    question = "La biblioteca è aperta il sabato?"
    assert not faithful("La biblioteca è aperta il sabato.", context, question)
    assert faithful("La biblioteca è chiusa il sabato.", context, question)
    assert faithful("La biblioteca è aperta il lunedì.", context, question)
    english = "Helmets are mandatory on the track; gloves are optional."
    assert not faithful("Gloves are mandatory on the track.", english, "Are gloves needed?")
    assert faithful("Helmets are mandatory on the track.", english, "Are helmets needed?")


def test_a_bare_value_does_not_claim_the_questions_own_numbers_and_names() -> None:
    context = "Annual report. Net profit was EUR 41.3 million, up from EUR 37.0 million."
    assert faithful("EUR 41.3 million.", context, "What was the Group's net profit in 2024?")
    assert not faithful("EUR 44.1 million.", context, "What was the Group's net profit in 2024?")
