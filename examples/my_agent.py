"""An example of your own agent for ragoro: a tiny keyword search over the corpus.

ragoro calls ``answer(question)`` once per golden question and judges what it returns.
Run it against the golden set with::

    python -m evaluator run --agent examples/my_agent.py:answer

or try it alone::

    python examples/my_agent.py "Qual è la capacità del serbatoio dell'olio idraulico?"

It loads the documents with ``vectordb.load_documents`` (the same canonical text the index
and the golden passages use, so its offsets line up), picks the sentence sharing the most
words with the question, and returns a dict with the answer, the context it used (with
``start_char``/``end_char``) and the cited file. Replace the body of ``answer`` with a call
to your own RAG system; see examples/README.md for every accepted return shape.
"""

from __future__ import annotations

import os
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vectordb import Document, load_documents

DOCS = Path(os.environ.get("RAGORO_DOCS", "documenti_pdf"))
_WORD_RE = re.compile(r"[^\W_]{4,}")
_SENTENCE_RE = re.compile(r"[^.!?\n]+(?:[.!?]|$)")


@cache
def documents() -> tuple[Document, ...]:
    """The corpus, loaded once."""
    return tuple(load_documents(DOCS).documents)


def _words(text: str) -> set[str]:
    return {w.lower()[:6] for w in _WORD_RE.findall(text)}


def answer(question: str) -> dict[str, Any]:
    """Answer with the sentence sharing the most (prefix-matched) words with the question."""
    wanted = _words(question)
    best: tuple[int, Document, re.Match[str]] | None = None
    for document in documents():
        for match in _SENTENCE_RE.finditer(document.text.replace("\n", " ")):
            overlap = len(wanted & _words(match.group(0)))
            if best is None or overlap > best[0]:
                best = (overlap, document, match)
    if best is None or best[0] < 2:
        return {"answer": "Non lo so.", "contexts": [], "refused": True}
    _, document, match = best
    start, end = match.start(), match.end()
    return {
        "answer": f"{match.group(0).strip()} (Fonte: {document.path})",
        "contexts": [
            {
                "document_path": document.path,
                "text": document.text[start:end],
                "start_char": start,
                "end_char": end,
                "page": document.page_of(start),
            }
        ],
        "citations": [document.path],
    }


if __name__ == "__main__":
    print(answer(" ".join(sys.argv[1:]) or "Quanti giorni di ferie spettano?")["answer"])
