"""`python -m evaluator extraction`: per-channel accuracy against ground truth, mismatches
listed, and a per-channel baseline that ratchets like the QA gate."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pptx

from evaluator.extraction import run_extraction, score_extraction
from evaluator.extraction_fixtures import Fixtures, TruthDocument, TruthSentence
from tests.conftest import ROOT, run_cli
from tests.office_factory import SLIDE_TABLE, write_samples
from vectordb.documents import load_document

OFFICE_TRUTH = ROOT / "data" / "fixtures" / "office" / "office_ground_truth.json"
DEMO_TRUTH = ROOT / "data" / "fixtures" / "demo_ground_truth.json"


def _extraction(docs: Path, fixtures: Path, baseline: Path, *extra: str) -> tuple[int, str]:
    report = baseline.parent / "report.json"
    result = run_cli(
        "evaluator",
        "extraction",
        "--docs",
        str(docs),
        "--fixtures",
        str(fixtures),
        "--baseline",
        str(baseline),
        "--report",
        str(report),
        *extra,
    )
    return result.returncode, result.stdout + result.stderr


def test_the_committed_fixtures_are_what_their_sources_give() -> None:
    result = run_cli("scripts.make_fixtures", "--check")
    assert result.returncode == 0, result.stdout + result.stderr


def test_office_samples_score_every_channel_fully(tmp_path: Path) -> None:
    write_samples(tmp_path / "docs")
    report = run_extraction(tmp_path / "docs", OFFICE_TRUTH)
    assert report.documents == 3
    for channel in report.channels.values():
        assert channel.total == channel.expected > 0, channel.name
        assert channel.accuracy == 1.0 and channel.coverage == 1.0, channel.name
    assert report.results["slides.pptx#slide=2,table=1,row=2,col=3"]["tables"] is True
    assert report.results["plants.xlsx#Impianti!B3,number=1"]["numbers"] is True


def _changed_slides(path: Path) -> None:
    """The sample presentation with one table cell changed (412.3 -> 412,3 on slide 2)."""
    presentation = pptx.Presentation(str(path))
    table = next(s for s in presentation.slides[1].shapes if s.has_table).table
    assert table.cell(1, 2).text == SLIDE_TABLE[1][2]
    table.cell(1, 2).text = "413.3"
    presentation.save(str(path))


def test_a_worse_extraction_fails_the_gate_naming_the_fact(tmp_path: Path) -> None:
    docs, baseline = tmp_path / "docs", tmp_path / "extraction_baseline.json"
    write_samples(docs)
    code, out = _extraction(docs, OFFICE_TRUTH, baseline)
    assert code == 0, out
    assert "created it from this run" in out
    entry = json.loads(baseline.read_text(encoding="utf-8"))["extraction/office"]
    assert entry["metrics"]["tables"] == 1.0

    code, out = _extraction(docs, OFFICE_TRUTH, baseline)
    assert (code, "every gated value equals its baseline" in out) == (0, True)

    _changed_slides(docs / "slides.pptx")
    code, out = _extraction(docs, OFFICE_TRUTH, baseline, "--update-baseline")
    assert code == 1, out
    assert "REGRESSION tables:" in out
    assert "slides.pptx#slide=2,table=1,row=2,col=3" in out
    assert "REGRESSION numbers:" in out
    assert "expected:  412.3 [Q2 / Ricavi (EUR million)]" in out
    assert "extracted: 413.3 [Q2 / Ricavi (EUR million)]" in out
    assert "not lowering tables" in out
    kept = json.loads(baseline.read_text(encoding="utf-8"))["extraction/office"]
    assert kept["metrics"]["tables"] == 1.0


def test_a_document_that_no_longer_loads_lowers_coverage_and_fails(tmp_path: Path) -> None:
    docs, baseline = tmp_path / "docs", tmp_path / "b.json"
    write_samples(docs)
    assert _extraction(docs, OFFICE_TRUTH, baseline)[0] == 0
    (docs / "plants.xlsx").write_bytes(b"PK\x03\x04 broken")
    code, out = _extraction(docs, OFFICE_TRUTH, baseline)
    assert code == 1, out
    assert "not loaded: plants.xlsx: corrupt" in out
    assert "REGRESSION tables_coverage:" in out
    assert "plants.xlsx#Impianti!A1" in out


def test_unusable_input_exits_2_with_a_reason(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write_samples(docs)
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x", "documents": {"a.pdf": {"text": [{"text": 1}]}}}', "utf-8")
    code, out = _extraction(docs, bad, tmp_path / "b.json")
    assert code == 2 and "is not valid (documents.a.pdf.text.0.locator" in out, out
    code, out = _extraction(docs, tmp_path / "none.json", tmp_path / "b.json")
    assert code == 2 and "no fixtures file" in out, out
    code, out = _extraction(tmp_path / "empty", OFFICE_TRUTH, tmp_path / "b.json")
    assert code == 2 and "document folder not found" in out, out
    other = tmp_path / "other"
    other.mkdir()
    (other / "a.txt").write_text("Testo.", encoding="utf-8")
    code, out = _extraction(other, OFFICE_TRUTH, tmp_path / "b.json")
    assert code == 2 and "no document under" in out, out


def test_sentences_are_aligned_in_order_and_only_near_ones_are_scored(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "Il serbatoio contiene 28,5 litri. La pressione massima è 210 bar. Fine del testo.",
        encoding="utf-8",
    )
    document = load_document(tmp_path / "a.md", tmp_path)
    truth = Fixtures(
        name="t",
        documents={
            "a.md": TruthDocument(
                text=[
                    TruthSentence(locator="l=1", text="Il serbatoio contiene 28,5 litri."),
                    TruthSentence(locator="l=2", text="La pressione massima è 200 bar."),
                    TruthSentence(locator="l=3", text="Una frase che il testo non contiene."),
                    TruthSentence(locator="l=4", text="Fine del testo."),
                ]
            )
        },
    )
    channels, results = score_extraction([document], truth)
    text = channels["text"]
    assert (text.expected, text.total, text.correct) == (4, 3, 2)
    assert text.missing == ["a.md#l=3"]
    assert [(m.expected_locator, m.extracted) for m in text.mismatches] == [
        ("l=2", "La pressione massima è 210 bar.")
    ]
    assert results["a.md#l=2"] == {"text": False, "text_coverage": True}


def test_the_demo_corpus_is_scored_on_every_channel() -> None:
    report = run_extraction(ROOT / "documenti_pdf", DEMO_TRUTH)
    assert report.documents == 6
    channels = report.channels
    assert channels["text"].coverage == 1.0 and channels["text"].accuracy > 0.9
    assert channels["tables"].total > 0 and channels["numbers"].total > 0


def test_the_pipeline_copies_fixture_folders_without_reading_the_json(tmp_path: Path) -> None:
    # The office fixture folder holds its ground truth next to the files: .json is no
    # document format, so it never becomes a document of the corpus.
    shutil.copytree(OFFICE_TRUTH.parent, tmp_path / "office")
    report = run_extraction(tmp_path / "office", tmp_path / "office" / OFFICE_TRUTH.name)
    assert report.documents == 3 and not report.load_failures
