"""`python -m builder generate` never merges one corpus's items into another corpus's
golden file, records the corpus it generated from, and never exits 0 with nothing written.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.builder.generate_support import demo_index
from tests.conftest import DEMO_DOCS, ROOT, run_cli
from tests.openai_server import Script, openai_server

COMMITTED = ROOT / "data" / "golden" / "qa_golden_set.jsonl"
OFFLINE = ("--llm", "offline", "--no-progress", "--seed", "3")


def test_generating_into_the_committed_golden_file_from_another_corpus_is_refused(
    tmp_path: Path, small_corpus: Path
) -> None:
    # The new user's command, without --out, in a checkout: the default --out is the
    # committed golden set of the demo corpus.
    golden = tmp_path / "data" / "golden" / "qa_golden_set.jsonl"
    golden.parent.mkdir(parents=True)
    shutil.copy(COMMITTED, golden)
    result = run_cli(
        "builder", "generate", "--sample", "0.1", "--docs", str(small_corpus), *OFFLINE,
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2, result.stdout + result.stderr
    err = result.stderr
    assert "error: golden file data/golden/qa_golden_set.jsonl was made from another corpus" in err
    assert f"are not in {small_corpus}" in err
    assert "--out PATH" in err and "--replace" in err
    assert golden.read_bytes() == COMMITTED.read_bytes()
    assert not (golden.parent / "qa_golden_set.rejects.jsonl").exists()


@pytest.fixture(scope="module")
def demo_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small golden set generated offline from the demo corpus, with its sidecar."""
    out = tmp_path_factory.mktemp("lineage") / "golden.jsonl"
    result = run_cli(
        "builder", "generate", "--n", "4", "--out", str(out), "--index", str(demo_index()),
        *OFFLINE,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def test_the_sidecar_records_what_wrote_the_items(demo_set: Path) -> None:
    from builder.generate.config import generator_code_sha256

    sidecar = json.loads((demo_set.parent / "golden.jsonl.lineage.json").read_text("utf-8"))
    assert sidecar["generator"] == "offline"
    assert sidecar["generator_code_sha256"] == generator_code_sha256()
    assert len(sidecar["generator_code_sha256"]) == 64
    settings = sidecar["settings"]
    assert settings["seed"] == "3" and settings["n"] == "4" and settings["sample"] == ""
    assert settings["chunk_size"] == "900" and "composite=0.15" in settings["mix"]
    assert settings["prompt_version"]


def test_generate_records_the_corpus_and_refuses_another_one(
    demo_set: Path, small_corpus: Path, tmp_path: Path
) -> None:
    sidecar = json.loads((demo_set.parent / "golden.jsonl.lineage.json").read_text("utf-8"))
    assert sidecar["kind"] == "golden" and len(sidecar["corpus_sha256"]) == 64
    assert (demo_set.parent / sidecar["docs"]).resolve() == DEMO_DOCS.resolve()
    out = tmp_path / "golden.jsonl"
    shutil.copy(demo_set, out)
    shutil.copy(demo_set.parent / "golden.jsonl.lineage.json", tmp_path)
    before = out.read_bytes()
    result = run_cli(
        "builder", "generate", "--n", "2", "--docs", str(small_corpus), "--out", str(out),
        *OFFLINE,
    )  # fmt: skip
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"was made from {DEMO_DOCS.resolve()}, not {small_corpus}" in result.stderr
    assert out.read_bytes() == before

    # Resuming from the same corpus is what --out is for: it is not refused.
    again = run_cli(
        "builder", "generate", "--n", "4", "--out", str(out), "--index", str(demo_index()),
        *OFFLINE,
    )  # fmt: skip
    assert again.returncode == 0, again.stdout + again.stderr


def test_replace_discards_the_old_set_and_starts_over(
    demo_set: Path, small_corpus: Path, tmp_path: Path
) -> None:
    out = tmp_path / "golden.jsonl"
    shutil.copy(demo_set, out)
    index = tmp_path / "index"
    built = run_cli("vectordb", "build", "--docs", str(small_corpus), "--index", str(index))
    assert built.returncode == 0, built.stderr
    result = run_cli(
        "builder", "generate", "--n", "3", "--docs", str(small_corpus), "--index", str(index),
        "--out", str(out), "--replace", *OFFLINE,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    documents = {p["document_path"] for row in rows for p in row.get("passages", [])}
    assert documents and documents <= {"manuale pressa è.pdf", "faq.md", "sotto cartella/note.txt"}
    sidecar = json.loads((tmp_path / "golden.jsonl.lineage.json").read_text("utf-8"))
    assert (tmp_path / sidecar["docs"]).resolve() == small_corpus.resolve()


def test_a_run_that_writes_no_item_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    script = Script(content="not a golden item")  # every scenario is rejected
    out = tmp_path / "golden.jsonl"
    with openai_server(script) as url:
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        result = run_cli(
            "builder", "generate", "--n", "2", "--types", "narrative", "--out", str(out),
            "--index", str(demo_index()), "--llm", "openai:gpt-test", "--no-cache",
            "--max-reasks", "0", "--no-progress",
        )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    assert "wrote 0 item(s)" in result.stdout
    assert f"error: no golden item was written to {out}" in result.stderr
    assert script.probes == 1 and script.calls >= 2
    assert not (tmp_path / "golden.jsonl.lineage.json").exists()


def test_a_bad_key_stops_generate_at_the_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong")
    script = Script(probe_status=401)
    out = tmp_path / "golden.jsonl"
    with openai_server(script) as url:
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        result = run_cli(
            "builder", "generate", "--n", "2", "--out", str(out), "--index", str(demo_index()),
            "--llm", "openai:gpt-test", "--no-progress",
        )  # fmt: skip
    assert result.returncode == 3, result.stdout + result.stderr
    assert "openai:gpt-test failed a probe call before the run" in result.stderr
    assert "OPENAI_API_KEY" in result.stderr and "or use --llm offline" in result.stderr
    assert script.calls == 0 and not out.exists()
