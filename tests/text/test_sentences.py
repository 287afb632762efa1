"""Sentence spans: exact offsets, abbreviations, decimals, bullets, tables, PDF wraps."""

from ragoro.text.sentences import split_clauses, split_sentences


def texts(text: str) -> list[str]:
    spans = split_sentences(text)
    for s in spans:
        assert text[s.start : s.end] == s.text  # the round-trip every caller relies on
    return [s.text for s in spans]


def test_spans_round_trip_on_a_mixed_pdf_page() -> None:
    page = (
        "MANUTENZIONE ORDINARIA\n"
        "Il serbatoio ha una capacità di 28,5 litri e la pressione di esercizio è di 2,5 bar\n"
        "secondo il manuale. I ricavi sono pari a 1.702,5 milioni.\n\n"
        "Componenti:\n- Filtro olio\n- Filtro aria\n\n"
        "| Voce | Valore |\n| Ricavi | 1.702,5 |\n"
    )
    assert texts(page) == [
        "MANUTENZIONE ORDINARIA",
        "Il serbatoio ha una capacità di 28,5 litri e la pressione di esercizio è di 2,5 bar\n"
        "secondo il manuale.",
        "I ricavi sono pari a 1.702,5 milioni.",
        "Componenti:",
        "Filtro olio",
        "Filtro aria",
        "| Voce | Valore |",
        "| Ricavi | 1.702,5 |",
    ]


def test_italian_abbreviations_do_not_split() -> None:
    text = (
        "Contattare il Dott. Rossi o il Sig. Bianchi (es. per ricambi, filtri ecc.) prima "
        "dell'intervento. Vedi art. 3 e p.es. la Fig. 2 del manuale. Fine."
    )
    assert texts(text) == [
        "Contattare il Dott. Rossi o il Sig. Bianchi (es. per ricambi, filtri ecc.) prima "
        "dell'intervento.",
        "Vedi art. 3 e p.es. la Fig. 2 del manuale.",
        "Fine.",
    ]


def test_english_abbreviations_do_not_split() -> None:
    text = "Use a torque wrench, e.g. Model TX, i.e. the calibrated one. See No. 5 below. Done!"
    assert texts(text) == [
        "Use a torque wrench, e.g. Model TX, i.e. the calibrated one.",
        "See No. 5 below.",
        "Done!",
    ]


def test_a_period_before_a_capital_ends_a_sentence() -> None:
    assert texts("The cap is red. Remove the cap. Then fill the tank.") == [
        "The cap is red.",
        "Remove the cap.",
        "Then fill the tank.",
    ]


def test_decimals_and_thousands_do_not_split() -> None:
    assert texts("Peso 28.500 kg, volume 28,5 l. Ricavi 1.702,5 M€. Totale 1,702.5 EUR.") == [
        "Peso 28.500 kg, volume 28,5 l.",
        "Ricavi 1.702,5 M€.",
        "Totale 1,702.5 EUR.",
    ]


def test_single_newline_is_a_wrap_and_blank_line_ends_a_paragraph() -> None:
    text = "La pressione di esercizio del circuito idraulico deve essere controllata\nogni 500 ore\n\nSeconda parte"
    assert texts(text) == [
        "La pressione di esercizio del circuito idraulico deve essere controllata\nogni 500 ore",
        "Seconda parte",
    ]


def test_numbered_and_lettered_list_items_are_sentences_without_their_marker() -> None:
    assert texts("Procedura:\n1. Aprire il tappo\n2) Scaricare l'olio\na) Pulire il filtro") == [
        "Procedura:",
        "Aprire il tappo",
        "Scaricare l'olio",
        "Pulire il filtro",
    ]


def test_questions_and_exclamations_split() -> None:
    assert texts("Intendi Brescia? O Torino! Dimmi.") == ["Intendi Brescia?", "O Torino!", "Dimmi."]


def test_empty_and_blank_text_have_no_sentences() -> None:
    assert split_sentences("") == []
    assert split_sentences(" \n\n \t") == []


def test_clauses_split_at_punctuation_and_contrast_but_not_decimals() -> None:
    sentence = "Il casco è obbligatorio, ma non può essere rimosso; capacità 28,5 litri alle 14:30"
    clauses = split_clauses(sentence)
    assert [c.text for c in clauses] == [
        "Il casco è obbligatorio",
        "non può essere rimosso",
        "capacità 28,5 litri alle 14:30",
    ]
    for c in clauses:
        assert sentence[c.start : c.end] == c.text
