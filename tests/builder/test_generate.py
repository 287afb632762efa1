"""`builder generate` offline: real questions, verbatim answers, every case type, valid items."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from builder.generate.config import parse_mix
from builder.generate.corpus import stratified_sample
from builder.generate.facts import chunk_facts
from builder.generate.phrasing import split_clause, what_question
from builder.generate.store import load_journal
from builder.validate import validate_golden
from ragoro.contracts import CASE_TYPES, GoldenItem
from ragoro.golden import load_golden
from ragoro.text import content_tokens, detect_language, extract_quantities, is_refusal
from tests.builder.generate_support import demo_corpus, demo_index
from tests.conftest import DEMO_DOCS, run_cli


@pytest.fixture(scope="module")
def offline_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """One real CLI run at --sample 0.3 over the demo corpus."""
    out = tmp_path_factory.mktemp("offline") / "golden.jsonl"
    result = run_cli(
        "builder",
        "generate",
        "--sample",
        "0.3",
        "--llm",
        "offline",
        "--out",
        str(out),
        "--index",
        str(demo_index()),
        "--no-progress",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out, result.stdout


def _texts() -> dict[str, str]:
    return {path: doc.text for path, doc in demo_corpus().documents.items()}


def test_offline_run_has_every_case_type_and_validates(offline_run: tuple[Path, str]) -> None:
    out, stdout = offline_run
    items = load_golden(out)
    assert {item.case_type for item in items} == set(CASE_TYPES)
    report = validate_golden(out, _texts())
    assert report.valid, [str(p) for p in report.problems]
    cli = run_cli("builder", "validate", str(out), "--docs", str(DEMO_DOCS))
    assert cli.returncode == 0, cli.stdout
    assert "rejects" in stdout and "wall time" in stdout and "clarification" in stdout


def _supported(item: GoldenItem) -> bool:
    source = " ".join(p.content for p in item.passages)
    lang = detect_language(source)
    return set(content_tokens(item.answer, lang)) <= set(content_tokens(source, lang))


def test_questions_are_real_and_answers_verbatim(offline_run: tuple[Path, str]) -> None:
    for item in load_golden(offline_run[0]):
        if item.tags["style"] == "keywords":
            assert not item.question.endswith("?") and 2 <= len(item.question.split()) <= 8
        else:
            assert item.question.endswith("?") and len(item.question.split()) >= 4
        if item.tags["style"] != "keywords":  # four bare words carry too little to detect
            assert detect_language(item.question) == item.tags["lang"], item.question
        assert not any("Pagina" in p.content or "Page " in p.content for p in item.passages)
        if item.case_type == "refusal":
            assert is_refusal(item.answer) and item.expected.refuse and not item.passages
        elif item.case_type == "clarification":
            assert item.expected.clarification == "ask_first"
            assert len(item.documents) == 2
        else:
            assert _supported(item), item.answer
        if item.case_type == "composite":
            assert len(item.documents) == 2 and item.tags["hops"] == "2"
        assert item.provenance is not None and item.provenance.scenario_id
        assert item.tags["difficulty"] in ("easy", "hard")


def test_numeric_items_carry_value_unit_and_source(offline_run: tuple[Path, str]) -> None:
    numeric = [i for i in load_golden(offline_run[0]) if i.case_type == "numeric"]
    assert numeric
    for item in numeric:
        assert item.expected.source is not None
        assert item.expected.source.locator and item.expected.source.locator.startswith("page=")
        stated = [q for p in item.passages for q in extract_quantities(" ".join(p.content.split()))]
        assert any(
            q.written_unit is not None
            and q.written_unit == item.expected.unit
            and q.in_unit(q.written_unit) == item.expected.value
            for q in stated
        )


def test_clarification_targets_the_ambiguous_electricity_metric(
    offline_run: tuple[Path, str],
) -> None:
    clar = [i for i in load_golden(offline_run[0]) if i.case_type == "clarification"]
    assert clar
    contents = " ".join(p.content for p in clar[0].passages)
    assert "4.250" in contents and "3,180" in contents
    assert "Brescia" not in clar[0].question and "Torino" not in clar[0].question


def test_footers_and_headings_are_never_facts() -> None:
    corpus = demo_corpus()
    facts = [f for chunk in corpus.chunks for f in chunk_facts(corpus, chunk)]
    assert facts
    assert not any("Pagina" in f.text and " di " in f.text for f in facts if f.kind == "row")
    assert all(f.text == corpus.documents[f.doc].text[f.start : f.end] for f in facts)
    assert all(f.flat.endswith(".") for f in facts if f.kind == "prose")


@pytest.mark.parametrize(
    ("sentence", "lang", "question"),
    [
        (
            "Nel 2025 il consumo di energia elettrica dello stabilimento di Brescia è stato di 4.250\nMWh.",
            "it",
            "Qual è stato il consumo di energia elettrica dello stabilimento di Brescia nel 2025?",
        ),
        (
            "The standard warranty on the PX-200 press is 24 months from acceptance.",
            "en",
            "What is the standard warranty on the PX-200 press?",
        ),
    ],
)
def test_declarative_sentences_become_questions(sentence: str, lang: str, question: str) -> None:
    clause = split_clause(sentence, lang)  # type: ignore[arg-type]
    assert clause is not None
    assert what_question(clause, frozenset(), lang) == question  # type: ignore[arg-type]


def test_sample_is_seeded_and_reaches_every_document() -> None:
    chunks = demo_corpus().chunks
    first = stratified_sample(chunks, 8, random.Random(42))
    again = stratified_sample(chunks, 8, random.Random(42))
    assert [c.id for c in first] == [c.id for c in again]
    assert len({c.document_path for c in first}) == len({c.document_path for c in chunks})


def test_mix_parsing_rejects_unknown_types() -> None:
    assert parse_mix("narrative=2,refusal") == {"narrative": 2.0, "refusal": 0.15}
    with pytest.raises(ValueError, match="unknown case type"):
        parse_mix("narrative,trivia")


def test_truncated_last_line_is_dropped_and_repaired(
    tmp_path: Path, offline_run: tuple[Path, str]
) -> None:
    lines = offline_run[0].read_text(encoding="utf-8").splitlines()
    out = tmp_path / "golden.jsonl"
    out.write_text(lines[0] + "\n" + lines[1][:40], encoding="utf-8")
    loaded = load_journal(out, tmp_path / "rejects.jsonl")
    assert len(loaded.items) == 1
    assert any("truncated" in note for note in loaded.notes)
    assert out.read_text(encoding="utf-8").count("\n") == 1
    json.loads(out.read_text(encoding="utf-8"))


def test_generate_help_explains_every_option() -> None:
    result = run_cli("builder", "generate", "--help")
    assert result.returncode == 0
    for option in (
        "--sample",
        "--n",
        "--seed",
        "--llm",
        "--types",
        "--max-calls",
        "--dedup-threshold",
        "--no-cache",
        "--index",
        "--max-reasks",
        "--rpm",
    ):
        assert option in result.stdout


def test_bad_input_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("builder", "generate", "--docs", str(tmp_path / "nope"), "--llm", "offline")
    assert result.returncode == 2
    assert "document folder not found" in result.stderr
