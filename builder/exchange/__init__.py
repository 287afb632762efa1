"""Golden sets to and from other tools: ragas, DeepEval, CSV (see docs/exchange.md)."""

from builder.exchange.anchor import Foreign, Imported, anchor_all
from builder.exchange.formats import from_deepeval, from_ragas, to_csv, to_deepeval, to_ragas

__all__ = [
    "Foreign",
    "Imported",
    "anchor_all",
    "from_deepeval",
    "from_ragas",
    "to_csv",
    "to_deepeval",
    "to_ragas",
]
