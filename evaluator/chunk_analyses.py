"""The offline judge reads an index's chunks from the analyses stored beside the index.

`judges.analysis_store` keeps them; this wires an opened index to it (the judges never
import the index package's types for it, and the index package imports nothing of ours).
"""

from __future__ import annotations

import hashlib
import json

from judges.base import Judge
from vectordb import VectorIndex

__all__ = ["forget_judge_vectors", "index_fingerprint", "save_judge_vectors", "use_chunk_analyses"]


def index_fingerprint(index: VectorIndex) -> str:
    """A sha256 of the index's artefacts as its manifest records them (vectors, chunks,
    documents) and of every chunk text: any rebuild that changes a chunk changes it."""
    digest = hashlib.sha256(json.dumps(index.manifest.artefacts, sort_keys=True).encode())
    for chunk in index.chunks:
        digest.update(hashlib.sha256(chunk.text.encode("utf-8")).digest())
    return digest.hexdigest()


def use_chunk_analyses(judge: Judge, index: VectorIndex) -> None:
    """Give the offline judge the stored analyses of the index's chunks (computed and saved
    beside the index on its first offline evaluation) and the store of its paraphrase
    vectors (`judges.paraphrase`, saved by `save_judge_vectors`). Other judges read none."""
    from judges.offline import OfflineJudge

    if not isinstance(judge, OfflineJudge):
        return
    from judges.analysis_store import use_store
    from judges.paraphrase import use_vector_store

    use_vector_store(index.path)

    use_store(index.path, index_fingerprint(index), [chunk.text for chunk in index.chunks])


def save_judge_vectors() -> None:
    """Write the paraphrase vectors the judge embedded in this process beside the index."""
    from judges.paraphrase import save_vectors

    save_vectors()


def forget_judge_vectors() -> None:
    """Stop reading and writing stored paraphrase vectors in this process (`--no-cache`)."""
    from judges.paraphrase import use_vector_store

    use_vector_store(None)
