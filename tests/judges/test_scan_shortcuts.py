"""The faithfulness scan's shortcuts give exactly what the full reading gives.

`_aligned_problems` reads a window's anchor problems only until it knows the window
cannot rank first; `converse_at` reads each text's verbs once; `find_dates` is
remembered per text. Each is checked here against the plain computation, IT + EN.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from judges import antonyms, converse
from judges.reading import analysed, analysed_clauses, analysed_tokens, prepare
from judges.roles import name_groups
from judges.support import _aligned_problems, _anchor_problems, source_of
from judges.synonyms import with_synonyms
from ragoro.text.dates import find_dates
from ragoro.text.evidence import Analysis, analyse, analyse_clauses, analyse_tokens, token_recall
from ragoro.text.lang import Lang
from ragoro.text.lexicon import with_translations
from ragoro.text.numwords import spell_numbers


def _eager_best(claim: Analysis, windows: tuple[Analysis, ...], names: bool) -> list[str]:
    """The scan as it was: every window's problems read in full, the best kept."""
    best: tuple[float, list[str]] | None = None
    for window in windows:
        problems = list(_anchor_problems(claim, window, names=names))
        local, _ = token_recall(claim.tokens, with_synonyms(with_translations(window.token_set)))
        if best is None or (-len(problems), local) > (-len(best[1]), best[0]):
            best = (local, problems)
            if not problems and local == 1.0:
                break
    assert best is not None
    return best[1]


_CASES: list[tuple[Lang, list[str], list[str]]] = [
    (
        "en",
        [
            "The Base plan costs 10 EUR on Monday. The Pro plan costs 25 EUR and has 5 users. "
            "Acme sold the longest cable in 2024. Orbit bought 3 cables from Acme on Friday."
        ],
        [
            "The Pro plan costs 25 EUR and has 5 users.",
            "The Base plan costs 12 EUR on Tuesday.",
            "Acme sold the shortest cable in 2023 to Kestrel.",
            "Orbit bought 3 cables from Acme on Friday.",
            "The Pro plan has 7 users and costs 30 USD.",
        ],
    ),
    (
        "it",
        [
            "Il piano Base costa 10 euro il lunedì. Il piano Pro costa 25 euro e ha 5 utenti. "
            "Rossi ha venduto il cavo più lungo nel 2024. Bianchi ha comprato 3 cavi da Rossi "
            "venerdì."
        ],
        [
            "Il piano Pro costa 25 euro e ha 5 utenti.",
            "Il piano Base costa 12 euro il martedì.",
            "Rossi ha venduto il cavo più corto nel 2023 a Verdi.",
            "Bianchi ha comprato 3 cavi da Rossi venerdì.",
            "Il piano Pro ha 7 utenti e costa 30 dollari.",
        ],
    ),
]


@pytest.mark.parametrize(("lang", "contexts", "claims"), _CASES)
@pytest.mark.parametrize("names", [True, False])
def test_the_lazy_window_scan_keeps_the_eager_scans_problems(
    lang: Lang, contexts: list[str], claims: list[str], names: bool
) -> None:
    source = source_of(contexts)
    assert len(source.windows) > 4
    for text in claims:
        claim = analysed(prepare(text), lang)
        expected = _eager_best(claim, source.windows, names)
        # Without its problems found, the polarity and role checks run on the chosen
        # window; with them, they are the chosen window's anchor problems.
        got = _aligned_problems(claim, source, 0.5, names=names)
        if expected:
            assert got == expected
        else:
            assert not any(p in got for p in ("not in context", "unit changed"))


def test_the_lazy_scan_reads_no_problem_of_a_window_that_cannot_win() -> None:
    source = source_of(["The Pro plan costs 25 EUR. The Base plan costs 10 EUR."])
    # The first window states the number and 3 of the 4 words: no later window finds more
    # words, so none can rank higher, and none has its problems read.
    claim = analysed(prepare("The Pro plan costs 25 EUR per seat."), "en")
    read: list[str] = []
    original = _anchor_problems

    def counting(claim: Analysis, window: Analysis, *, names: bool = True) -> Iterator[str]:
        read.append(window.text)
        yield from original(claim, window, names=names)

    import judges.support as support_module

    support_module._anchor_problems = counting
    try:
        assert _aligned_problems(claim, source, 0.5, names=True) == []
    finally:
        support_module._anchor_problems = original
    assert [w.text for w in source.windows] == [
        "The Pro plan costs 25 EUR.",
        "The Pro plan costs 25 EUR. The Base plan costs 10 EUR.",
        "The Base plan costs 10 EUR.",
    ]
    assert read == ["The Pro plan costs 25 EUR."]


_VERB_PAIRS = [
    ("Harton beat Millbrook in the final.", "Millbrook lost to Harton in the final."),
    ("Kestrel sold the plant to Orbit.", "Orbit bought the plant from Kestrel."),
    ("Orbit bought the plant from Kestrel.", "Orbit bought the plant from Kestrel."),
    ("Rossi ha battuto Bianchi in finale.", "Bianchi ha perso contro Rossi in finale."),
    ("Verdi ha venduto lo stabilimento a Neri.", "Neri ha comprato lo stabilimento da Verdi."),
    ("Verdi ha prestato 10 euro a Neri.", "Il cielo è blu."),
]


def _plain_converse_at(claim: str, source: str) -> tuple[int, int] | None:
    for first, second in converse._PAIRS:
        c1, c2 = first.search(claim), second.search(claim)
        s1, s2 = first.search(source), second.search(source)
        if c1 and not c2 and s2 and not s1:
            return c1.start(), s2.start()
        if c2 and not c1 and s1 and not s2:
            return c2.start(), s1.start()
    return None


@pytest.mark.parametrize(("claim", "source"), _VERB_PAIRS)
def test_converse_at_read_once_per_text_equals_the_plain_search_it_en(
    claim: str, source: str
) -> None:
    for a, b in ((claim, source), (source, claim)):
        assert converse.converse_at(a, b) == _plain_converse_at(a, b)
        assert converse.converse_at(a, b) == _plain_converse_at(a, b)  # remembered


def test_find_dates_hands_out_a_fresh_list_it_en() -> None:
    for text in ("Il corso inizia il 12 giugno 2026.", "The course starts on 12 June 2026."):
        first = find_dates(text)
        assert [d.iso for d in first] == ["2026-06-12"]
        first.clear()
        assert [d.iso for d in find_dates(text)] == ["2026-06-12"]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("ricavi di 3 milioni e due sedi", "it", "ricavi di 3 milioni e 2 sedi"),
        ("revenue of 3 million and two sites", "en", "revenue of 3 million and 2 sites"),
        ("tre milioni di euro", "it", "3000000 di euro"),
        ("three million pounds", "en", "3000000 pounds"),
    ],
)
def test_a_scale_word_after_digits_is_still_left_to_the_number_it_en(
    text: str, lang: Lang, expected: str
) -> None:
    assert spell_numbers(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bianchi.", [{"bianchi"}]),
        ("All'avvio Rossi chiama Verdi. Bianchi risponde.", [{"rossi"}, {"verdi"}]),
        ("Northwind Bank lends to Orbit. Kestrel buys it.", [{"northwind", "bank"}, {"orbit"}]),
    ],
)
def test_name_groups_are_remembered_and_handed_out_fresh_it_en(
    text: str, expected: list[set[str]]
) -> None:
    first = name_groups(text)
    assert first == [frozenset(e) for e in expected]
    first.clear()
    assert name_groups(text) == [frozenset(e) for e in expected]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Il 12 giugno 2026 la pressa non lavora 8 ore, ma il forno sì.", "it"),
        ("On 12 June 2026 the press does not run for 8 hours, but the oven does.", "en"),
        ("Acme è il locatore; il conduttore è Verdi.", "it"),
        ("The landlord is Acme; the tenant is Verdi.", "en"),
    ],
)
def test_tokens_and_clauses_read_alone_equal_the_full_analysis_it_en(text: str, lang: Lang) -> None:
    full = analyse(text, lang)
    assert analysed_tokens(text, lang) == full.tokens
    assert analysed_clauses(text, lang) == full.clauses
    assert analyse_tokens(text, lang) == full.tokens
    assert analyse_clauses(text, lang) == full.clauses


@pytest.mark.parametrize(
    ("claim", "source", "lang", "flips"),
    [
        ("The museum is open on Mondays.", "The museum is closed on Mondays.", "en", True),
        ("Il museo è aperto il lunedì.", "Il museo è chiuso il lunedì.", "it", True),
        ("The museum has 5 rooms.", "The museum is closed on Mondays.", "en", False),
        ("Il museo ha 5 sale.", "Il museo è chiuso il lunedì.", "it", False),
    ],
)
def test_antonym_flip_reads_the_source_clauses_only_for_a_pair_word_it_en(
    claim: str, source: str, lang: Lang, flips: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    original = antonyms._clause_tokens

    def counting(text: Analysis) -> list[frozenset[str]]:
        read.append(text.text)
        return original(text)

    monkeypatch.setattr(antonyms, "_clause_tokens", counting)
    said, told = analysed(claim, lang), analysed(source, lang)
    assert bool(antonyms.antonym_flip(said, told)) is flips
    assert read == ([source] if flips else [])
