"""A sentence encoder for the common sentence-transformers layout (a BERT model, mean
pooling, L2 normalisation) in plain torch, so embedding a query needs neither the
`sentence_transformers` nor the `transformers` import.

Those two imports cost several seconds before any text is embedded (`sentence_transformers`
alone is ~4 s on a quiet 2-core machine, against ~1.5 s for torch), which is most of what
`vectordb search` and a cold `evaluator run` wait for. The forward pass below is BERT's
as published (post-layer-norm encoder, exact GELU) and reads the folder's own weights and
`tokenizer.json` through the same `tokenizers` library the fast tokenizer wraps, so token
ids are identical and vectors agree with `SentenceTransformer.encode` to float rounding
(tests/vectordb/test_bert_encoder.py). A folder of any other layout is not read here:
`light_model_config` returns None and the caller loads sentence-transformers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:
    import torch

__all__ = ["BertSentenceEncoder", "LightModelConfig", "batch_order", "light_model_config"]

_TRANSFORMER = "sentence_transformers.models.Transformer"
_POOLING = "sentence_transformers.models.Pooling"
_NORMALIZE = "sentence_transformers.models.Normalize"


@dataclass(frozen=True)
class LightModelConfig:
    """What the plain-torch forward pass needs from a sentence-transformers folder."""

    folder: Path
    hidden_size: int
    layers: int
    heads: int
    layer_norm_eps: float
    max_seq_length: int


def batch_order(texts: list[str]) -> NDArray[np.intp]:
    """The order texts are batched in: longest text first, by characters, as
    sentence-transformers sorts them (so padding is small, and so a vector depends only on
    which texts share its batch, which every caller that cuts batches itself reproduces)."""
    return np.argsort([-len(text) for text in texts])


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def light_model_config(folder: str | Path) -> LightModelConfig | None:
    """The config when `folder` is exactly Transformer(BERT) → mean Pooling → Normalize
    with a `tokenizer.json` and safetensors weights; None for any other layout, which the
    caller then loads with sentence-transformers."""
    root = Path(folder)
    try:
        modules = _read_json(root / "modules.json")
        config = _read_json(root / "config.json")
        st_config = _read_json(root / "sentence_bert_config.json")
        pooling_path = next((m.get("path", "") for m in modules if m.get("type") == _POOLING), None)
        pooling = _read_json(root / pooling_path / "config.json") if pooling_path else {}
    except (OSError, ValueError, TypeError, AttributeError):
        return None
    types = [m.get("type") for m in modules]
    mean_only = pooling.get("pooling_mode_mean_tokens") is True and not any(
        value is True
        for key, value in pooling.items()
        if key.startswith("pooling_mode_") and key != "pooling_mode_mean_tokens"
    )
    bert = (
        config.get("model_type") == "bert"
        and config.get("hidden_act") == "gelu"
        and config.get("position_embedding_type", "absolute") == "absolute"
    )
    files = (root / "tokenizer.json").is_file() and (root / "model.safetensors").is_file()
    if types != [_TRANSFORMER, _POOLING, _NORMALIZE] or not (mean_only and bert and files):
        return None
    if st_config.get("do_lower_case") or modules[0].get("path", "") != "":
        # Lower-casing outside the tokenizer, or weights in a sub-folder: not this layout.
        return None
    hidden = int(config["hidden_size"])
    if int(pooling.get("word_embedding_dimension", hidden)) != hidden:
        return None
    return LightModelConfig(
        folder=root,
        hidden_size=hidden,
        layers=int(config["num_hidden_layers"]),
        heads=int(config["num_attention_heads"]),
        layer_norm_eps=float(config.get("layer_norm_eps", 1e-12)),
        max_seq_length=min(
            int(st_config.get("max_seq_length") or 512),
            int(config.get("max_position_embeddings", 512)),
        ),
    )


class BertSentenceEncoder:
    """Mean-pooled, L2-normalised BERT sentence vectors from a sentence-transformers folder."""

    def __init__(self, config: LightModelConfig) -> None:
        import torch
        from safetensors.torch import load_file
        from tokenizers import Tokenizer

        self.config = config
        self.dimensions = config.hidden_size
        self._torch = torch
        self._weights: dict[str, torch.Tensor] = load_file(
            str(config.folder / "model.safetensors"), device="cpu"
        )
        tokenizer = Tokenizer.from_file(str(config.folder / "tokenizer.json"))
        # The file may carry a fixed padding length; the model is called the way
        # sentence-transformers calls it: truncated to max_seq_length, padded to the longest.
        tokenizer.enable_truncation(max_length=config.max_seq_length)
        tokenizer.no_padding()
        self._tokenizer = tokenizer

    def encode(
        self, texts: list[str], batch_size: int, *, progress: bool = False
    ) -> NDArray[np.float32]:
        """Vectors of `texts` in their order, `batch_size` at a time in `batch_order`
        (the batches sentence-transformers makes, so a vector is bit-for-bit the one it
        gives and the one a Ray worker computes for the same batch); `progress` shows a bar
        over the batches."""
        torch = self._torch
        encodings = self._tokenizer.encode_batch(texts)
        order = [int(i) for i in batch_order(texts)]
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        starts = range(0, len(order), batch_size)
        if progress:
            from tqdm import tqdm

            starts = tqdm(starts, desc="Batches", unit="batch")
        with torch.inference_mode():
            for start in starts:
                rows = order[start : start + batch_size]
                width = max(len(encodings[i].ids) for i in rows)
                ids = torch.zeros((len(rows), width), dtype=torch.long)
                mask = torch.zeros((len(rows), width), dtype=torch.long)
                for row, i in enumerate(rows):
                    tokens = encodings[i].ids
                    ids[row, : len(tokens)] = torch.tensor(tokens, dtype=torch.long)
                    mask[row, : len(tokens)] = 1
                vectors = self._forward(ids, mask)
                out[rows] = vectors.numpy()
        return out

    def _forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        import torch

        functional = torch.nn.functional
        w = self._weights
        cfg = self.config
        hidden, heads = cfg.hidden_size, cfg.heads
        head_size = hidden // heads
        batch, width = ids.shape

        def norm(x: torch.Tensor, name: str) -> torch.Tensor:
            return functional.layer_norm(
                x, (hidden,), w[f"{name}.weight"], w[f"{name}.bias"], cfg.layer_norm_eps
            )

        def dense(x: torch.Tensor, name: str) -> torch.Tensor:
            return functional.linear(x, w[f"{name}.weight"], w[f"{name}.bias"])

        def split_heads(x: torch.Tensor) -> torch.Tensor:
            return x.view(batch, width, heads, head_size).transpose(1, 2)

        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:width].unsqueeze(0)
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = norm(x, "embeddings.LayerNorm")
        keep = mask[:, None, None, :].bool()
        for layer in range(cfg.layers):
            prefix = f"encoder.layer.{layer}"
            query = split_heads(dense(x, f"{prefix}.attention.self.query"))
            key = split_heads(dense(x, f"{prefix}.attention.self.key"))
            value = split_heads(dense(x, f"{prefix}.attention.self.value"))
            context = functional.scaled_dot_product_attention(query, key, value, attn_mask=keep)
            context = context.transpose(1, 2).reshape(batch, width, hidden)
            attended = norm(
                dense(context, f"{prefix}.attention.output.dense") + x,
                f"{prefix}.attention.output.LayerNorm",
            )
            inner = functional.gelu(dense(attended, f"{prefix}.intermediate.dense"))
            x = norm(
                dense(inner, f"{prefix}.output.dense") + attended, f"{prefix}.output.LayerNorm"
            )
        weights = mask.unsqueeze(-1).to(x.dtype)
        pooled = (x * weights).sum(dim=1) / weights.sum(dim=1).clamp(min=1e-9)
        vectors: torch.Tensor = functional.normalize(pooled, p=2.0, dim=1)
        return vectors
