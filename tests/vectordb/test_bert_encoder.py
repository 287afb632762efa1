"""The plain-torch encoder gives sentence-transformers' vectors for the packaged model, is
used only for the layout it implements, and lets a query search skip the heavy imports."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import modules_loaded_by
from vectordb.bert_encoder import BertSentenceEncoder, light_model_config
from vectordb.embeddings import DEFAULT_EMBEDDINGS, Encoder, resolve_model_path

TEXTS = [
    "Quanti giorni di ferie spettano ai dipendenti con più di dieci anni di anzianità?",
    "The annual report states revenue of EUR 1.702,5 million.",
    "",
    "Énorme café naïve — ÀÉÌ «virgolette» 28.500 kg",
    "parola " * 400,  # longer than max_seq_length: truncated the same way
    "ok",
]


@pytest.fixture(scope="module")
def model_folder() -> Path:
    return Path(resolve_model_path(DEFAULT_EMBEDDINGS))


def test_vectors_equal_sentence_transformers(model_folder: Path) -> None:
    from sentence_transformers import SentenceTransformer

    config = light_model_config(model_folder)
    assert config is not None and config.max_seq_length == 256
    light = BertSentenceEncoder(config).encode(TEXTS, batch_size=4)
    reference = SentenceTransformer(str(model_folder), device="cpu").encode(
        TEXTS, batch_size=4, convert_to_numpy=True, normalize_embeddings=True
    )
    assert light.shape == reference.shape == (len(TEXTS), 384)
    assert float(np.abs(light - reference).max()) < 1e-5
    # Batching and order do not change a vector: each text alone gives the same one.
    alone = np.stack([BertSentenceEncoder(config).encode([t], batch_size=1)[0] for t in TEXTS])
    assert float(np.abs(alone - light).max()) < 1e-5


def _copy_model(source: Path, target: Path) -> Path:
    for path in source.rglob("*"):
        if path.is_file():
            dest = target / path.relative_to(source)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.symlink_to(path)
    return target


def _rewrite(path: Path, change: dict[str, object]) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    path.unlink()  # a symlink into the installed package: never write through it
    data.update(change)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_other_layouts_are_left_to_sentence_transformers(
    model_folder: Path, tmp_path: Path
) -> None:
    cls_pooling = _copy_model(model_folder, tmp_path / "cls")
    _rewrite(
        cls_pooling / "1_Pooling" / "config.json",
        {"pooling_mode_mean_tokens": False, "pooling_mode_cls_token": True},
    )
    other_model = _copy_model(model_folder, tmp_path / "roberta")
    _rewrite(other_model / "config.json", {"model_type": "roberta"})
    unnormalised = _copy_model(model_folder, tmp_path / "plain")
    modules = json.loads((model_folder / "modules.json").read_text(encoding="utf-8"))
    (unnormalised / "modules.json").unlink()
    (unnormalised / "modules.json").write_text(json.dumps(modules[:2]), encoding="utf-8")
    for folder in (cls_pooling, other_model, unnormalised, tmp_path / "missing"):
        assert light_model_config(folder) is None, folder
    # The CLS-pooled copy still loads, through sentence-transformers, and pools differently.
    encoder = Encoder(str(cls_pooling))
    mean = Encoder(DEFAULT_EMBEDDINGS).encode(TEXTS[:2])
    assert encoder.dimensions == 384
    assert float(np.abs(encoder.encode(TEXTS[:2]) - mean).max()) > 1e-2


def test_a_query_search_imports_neither_sentence_transformers_nor_transformers(
    demo_index: Path,
) -> None:
    code, loaded, out = modules_loaded_by(
        "vectordb",
        "search",
        "giorni di ferie",
        "--index",
        str(demo_index),
        watch=("sentence_transformers", "transformers"),
    )
    assert code in ("0", "None"), out
    assert "manuale_dipendente.pdf" in out
    assert loaded == "-", loaded
