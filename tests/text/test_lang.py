"""Language detection, tokenisation, stopwords and stems."""

import pytest

from ragoro.text.lang import STOPWORDS, content_tokens, detect_language, stem, tokenize


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Il serbatoio del carburante ha una capacità di 28,5 litri.", "it"),
        ("La manutenzione deve essere eseguita ogni 500 ore.", "it"),
        ("Non lo so.", "it"),
        ("Manutenzione pompa idraulica", "it"),
        ("The fuel tank holds 28.5 litres.", "en"),
        ("Maintenance must be performed every 500 hours.", "en"),
        ("I don't know.", "en"),
        ("Hydraulic pump maintenance", "en"),
    ],
)
def test_detect_language_on_italian_and_english_samples(text: str, lang: str) -> None:
    assert detect_language(text) == lang


def test_detect_language_defaults_to_english_when_nothing_is_known() -> None:
    assert detect_language("") == "en"
    assert detect_language("1.702,5 — 28") == "en"


def test_stopword_lists_are_substantial_and_cover_elisions() -> None:
    assert 150 <= len(STOPWORDS["en"]) <= 300
    assert 150 <= len(STOPWORDS["it"]) <= 300
    for elided in ("dell", "l", "un", "all", "nell", "sull", "quest"):
        assert elided in STOPWORDS["it"]


def test_tokenize_lowercases_keeps_accents_and_splits_apostrophes() -> None:
    assert tokenize("Dell'olio è PIÙ caro") == ["dell", "olio", "è", "più", "caro"]
    assert tokenize("l’acqua") == ["l", "acqua"]


def test_tokenize_keeps_formatted_numbers_whole() -> None:
    tokens = tokenize("Ricavi 1.702,5 milioni, margine 28,5. Totale 1,702.5")
    assert "1.702,5" in tokens
    assert "28,5" in tokens  # the sentence-final period is not part of the number
    assert "1,702.5" in tokens


def test_content_tokens_drop_stopwords_and_elided_articles() -> None:
    assert content_tokens("il cambio dell'olio", "it") == ["camb", "oli"]
    assert content_tokens("The tank of the truck", "en") == ["tank", "truck"]


def test_content_tokens_can_drop_numbers() -> None:
    assert content_tokens("28,5 litri", "it", numbers=False) == ["litr"]
    assert content_tokens("28,5 litri", "it") == ["28,5", "litr"]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("litri", "litro"),
        ("manutenzione", "manutenzioni"),
        ("obbligatorio", "obbligatori"),
        ("obbligatoria", "obbligatorie"),
        ("serbatoio", "serbatoi"),
        ("tecnico", "tecniche"),
        ("lungo", "lunghi"),
        ("olio", "oli"),
    ],
)
def test_italian_stem_merges_inflections(a: str, b: str) -> None:
    assert stem(a, "it") == stem(b, "it")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("days", "day"),
        ("required", "requires"),
        ("require", "requiring"),
        ("batteries", "battery"),
        ("filters", "filter"),
        ("running", "run"),
        ("changed", "change"),
    ],
)
def test_english_stem_merges_inflections(a: str, b: str) -> None:
    assert stem(a, "en") == stem(b, "en")


@pytest.mark.parametrize(
    ("a", "b", "lang"),
    [
        ("pressione", "prestazione", "it"),
        ("motore", "motorino", "it"),
        ("speed", "sped", "en"),
        ("status", "stat", "en"),
    ],
)
def test_stems_stay_conservative(a: str, b: str, lang: str) -> None:
    assert stem(a, lang) != stem(b, lang)  # type: ignore[arg-type]
