"""What the Ray limit tests share: a loopback OpenAI-compatible server the workers reach,
and outcomes of the demo golden set to rescore."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.fakes.openai_server import OpenAIServer
from tests.fakes.responders import ragoro_model

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenAIServer]:
    """The fake server, started, with the variables that point the commands (and, through
    the forwarded environment, their Ray workers) at it; no Ray cluster is named."""
    openai = OpenAIServer(ragoro_model, retry_after=0.01).start()
    monkeypatch.setenv("OPENAI_BASE_URL", openai.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-raytest-0123456789")
    monkeypatch.delenv("OPENAI_API_BASE", raising=False)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    yield openai
    openai.stop()


@pytest.fixture
def reference_outcomes(tmp_path: Path) -> Path:
    """Outcomes of the demo golden set that give each case its reference answer and
    passages (no agent run: a rescore needs only the file)."""
    path = tmp_path / "reference_outcomes.jsonl"
    with GOLDEN.open(encoding="utf-8") as golden, path.open("w", encoding="utf-8") as out:
        for line in golden:
            item = json.loads(line)
            contexts = [
                {"document_path": p["document_path"], "text": p["content"]}
                for p in item.get("passages", [])
            ]
            outcome = {
                "case_id": item["id"],
                "question": item["question"],
                "answer": item["answer"],
                "contexts": contexts,
            }
            out.write(json.dumps(outcome, ensure_ascii=False) + "\n")
    return path
