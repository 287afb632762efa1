"""Shared fixtures: small corpora on disk and one real index built from them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pdf_factory import text_pdf
from vectordb import VectorIndex, build_index

ROOT = Path(__file__).resolve().parent.parent
DEMO_DOCS = ROOT / "documenti_pdf"

PAGE_ONE = (
    "Manuale della pressa PX-200.\n\n"
    "La capacità del serbatoio dell'olio idraulico è di 28,5 litri. "
    "Il cambio dell'olio va eseguito ogni 500 ore di funzionamento.\n\n"
    "La pressione massima di esercizio è di 210 bar."
)
PAGE_TWO = (
    "Sicurezza.\n\nPrima di ogni intervento l'operatore deve scollegare l'alimentazione. "
    "La temperatura dell'olio non deve superare 65 °C."
)
MARKDOWN = (
    "# Employee FAQ\n\n"
    "Employees are entitled to 26 days of paid holiday per year.\r\n"
    "Expense reports are due by the 5th of each month.\n\n"
    "## Remote work\n\nRemote work is allowed up to 2 days per week.\n"
)


def run_cli(
    *args: str, cwd: Path | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    """Run `python -m ...` the way a user would, capturing output."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), TQDM_DISABLE="1")
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=cwd or ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


_IMPORT_PROBE = """
import runpy, sys
{prelude}
sys.argv = {argv!r}
code = None
try:
    runpy.run_module({module!r}, run_name="__main__")
except SystemExit as exc:
    code = exc.code
loaded = sorted({{name.split(".")[0] for name in sys.modules}} & set({watch!r}))
print("RESULT", code, ",".join(loaded) or "-")
"""


def modules_loaded_by(
    module: str, *args: str, watch: tuple[str, ...], prelude: str = ""
) -> tuple[str, str, str]:
    """Run `python -m module args` in a fresh interpreter and tell its exit code, which of
    the `watch` top-level packages it imported ("a,b" or "-"), and its stdout.

    `prelude` is Python run first in that interpreter, e.g. to make a function fail loudly.
    """
    script = _IMPORT_PROBE.format(argv=[module, *args], module=module, watch=watch, prelude=prelude)
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    result = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert result, done.stdout + done.stderr
    _, code, loaded = result[-1].split(" ")
    return code, loaded, done.stdout


@pytest.fixture
def small_corpus(tmp_path: Path) -> Path:
    """A folder with a two-page PDF, a Markdown file (CRLF inside) and a nested text file."""
    docs = tmp_path / "docs"
    (docs / "sotto cartella").mkdir(parents=True)
    text_pdf(docs / "manuale pressa è.pdf", [PAGE_ONE, PAGE_TWO])
    (docs / "faq.md").write_bytes(MARKDOWN.encode("utf-8"))
    (docs / "sotto cartella" / "note.txt").write_text(
        "Il responsabile HR è la Dott.ssa Giulia Marchetti.\n", encoding="utf-8"
    )
    return docs


@pytest.fixture(scope="session")
def small_index(tmp_path_factory: pytest.TempPathFactory) -> VectorIndex:
    """A real FAISS index over a small corpus, built once per test session."""
    base = tmp_path_factory.mktemp("small_index")
    docs = base / "docs"
    docs.mkdir()
    text_pdf(docs / "manuale.pdf", [PAGE_ONE, PAGE_TWO])
    (docs / "faq.md").write_text(MARKDOWN, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=200, chunk_overlap=40)
    return VectorIndex.open(base / "index")


@pytest.fixture(scope="session")
def demo_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real index of the demo corpus (documenti_pdf/), built once per test session."""
    folder = tmp_path_factory.mktemp("demo") / "faiss_index_locale"
    build_index(DEMO_DOCS, folder)
    return folder
