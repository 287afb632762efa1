"""The generator plan of issue 15: bridges, corpus-derived refusals, --mix, styles, short
answers, the quality summary; on a small folder of its own (real index, real CLI)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from builder.generate.assemble import Stamp, assemble
from builder.generate.bridge import needs_both, substitute
from builder.generate.config import parse_mix
from builder.generate.draft import Rejected
from builder.generate.llm_writer import messages_for, write_with_model
from builder.generate.paraphrase import paraphrase
from builder.generate.styles import keywords, restyle, typo
from ragoro.llm import Accounting, LLMClient, RetryPolicy
from tests.builder.generate_support import demo_corpus, scenario_of
from tests.llm.fakes import SPEC, ScriptedChatModel, reply

ROOT = Path(__file__).resolve().parents[2]
NO_WAIT = RetryPolicy(max_attempts=3, base_delay=0.0, sleep=lambda _: None)

# An unrelated topic: a cycling club. Two sites (Riva, Arco) share a class ("sede di X");
# the secretary is named in one document and keyed into the other.
_CLUB = {
    "statuto.md": "# Statuto del Circolo Ciclistico\n\n"
    "La segretaria del circolo è la Dott.ssa Marta Zeni.\n"
    "Il responsabile della sede di Riva è il Sig. Luca Fadini.\n"
    "La sede di Arco ospita l'officina per le riparazioni delle biciclette.\n"
    "La quota annuale di iscrizione al circolo è di 45 EUR.\n"
    "Il numero massimo di soci del circolo è di 300 persone.\n",
    "contatti.md": "# Contatti del circolo\n\n"
    "Il numero di telefono di Marta Zeni è 0464 555 0101.\n"
    "Le uscite di gruppo partono ogni domenica alle 8:30 dalla piazza centrale.\n"
    "Il percorso lungo della domenica ha una lunghezza di 85 km.\n",
    "calendario.md": "# Calendario delle uscite\n\n"
    "La prima uscita della stagione è prevista il 12 marzo 2027.\n"
    "La gara sociale del circolo si corre sul percorso di 60 km attorno al lago.\n"
    "La cena sociale di fine stagione si tiene il 20 novembre 2027.\n",
}


def _run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "builder", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def club(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, Path, subprocess.CompletedProcess[str]]:
    """The club folder generated once through the real CLI (index built on the way)."""
    base = tmp_path_factory.mktemp("club")
    docs = base / "docs"
    docs.mkdir()
    for name, text in _CLUB.items():
        (docs / name).write_text(text, encoding="utf-8")
    out = base / "golden.jsonl"
    done = _run(
        "generate", "--sample", "1.0", "--docs", str(docs), "--index", str(base / "index"),
        "--llm", "offline", "--out", str(out), "--no-progress", "--chunk-size", "200",
        "--mix", "factual=0.4,numeric=0.2,composite=0.2,refusal=0.2",
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return docs, out, done


def _items(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_the_bridge_names_only_the_start_and_needs_both_documents(
    club: tuple[Path, Path, subprocess.CompletedProcess[str]],
) -> None:
    _, out, _ = club
    composites = [i for i in _items(out) if i["case_type"] == "composite"]
    assert composites, "the club corpus has one bridge: segretaria -> Marta Zeni -> telefono"
    item = composites[0]
    assert item["question"] == "Qual è il numero di telefono della segretaria del circolo?"
    assert "Zeni" not in str(item["question"])
    assert item["answer"] == "0464 555 0101" or "0464 555 0101" in str(item["answer"])
    tags = item["tags"]
    assert isinstance(tags, dict) and tags["hops"] == "2" and tags["bridge"] == "Marta Zeni"
    docs = {p["document_path"] for p in item["passages"]}
    assert docs == {"statuto.md", "contatti.md"}


def test_refusals_come_from_the_corpus_siblings(
    club: tuple[Path, Path, subprocess.CompletedProcess[str]],
) -> None:
    _, out, _ = club
    refusals = [i for i in _items(out) if i["case_type"] == "refusal"]
    assert refusals
    # Riva has a responsabile, its sibling Arco has none: the near-miss asks about Arco.
    assert any("sede di Arco" in str(i["question"]) for i in refusals)
    everything = out.read_text(encoding="utf-8")
    for demo_word in ("PX-200", "mensa", "palestra", "parcheggio", "stipendio"):
        assert demo_word not in everything


def test_short_facts_get_short_answers(
    club: tuple[Path, Path, subprocess.CompletedProcess[str]],
) -> None:
    _, out, _ = club
    by_answer = {str(i["answer"]): i for i in _items(out)}
    assert "45 EUR" in by_answer or "85 km" in by_answer or "300 persone" in by_answer
    for item in by_answer.values():
        if item["case_type"] == "numeric":
            assert len(str(item["answer"]).split()) <= 3, item
            passage = item["passages"][0]["content"]
            assert str(item["answer"]) in " ".join(str(passage).split())


def test_generate_prints_the_quality_summary_and_validate_stats_agrees(
    club: tuple[Path, Path, subprocess.CompletedProcess[str]],
) -> None:
    docs, out, done = club
    assert "golden-set quality" in done.stdout and "too easy" in done.stdout
    checked = _run("validate", str(out), "--docs", str(docs), "--stats")
    assert checked.returncode == 0, checked.stderr
    for label in ("types:", "languages:", "styles:", "hops:", "answer lengths:", "rejects:"):
        assert label in checked.stdout

    def tail(text: str) -> list[str]:
        return text[text.index("golden-set quality") :].splitlines()[:5]

    assert tail(checked.stdout) == tail(done.stdout)


def test_a_bad_mix_is_a_usage_error_with_the_reason(tmp_path: Path) -> None:
    done = _run("generate", "--n", "2", "--mix", "factual=half", "--out", str(tmp_path / "g.jsonl"))
    assert done.returncode == 2
    assert "bad weight in 'factual=half'" in done.stderr
    with pytest.raises(ValueError, match="unknown case type 'trivia'"):
        parse_mix("trivia=1")
    with pytest.raises(ValueError, match="given twice"):
        parse_mix("factual=1,narrative=1")
    assert parse_mix("factual=0.5,refusal=0.15") == {"narrative": 0.5, "refusal": 0.15}


def test_styles_rewrite_the_question_the_way_users_type() -> None:
    question = "Qual è la capacità del serbatoio dell'olio idraulico?"
    assert keywords(question, "it") == "capacità serbatoio olio idraulico"
    # A keyword query is typed in the user's words, head noun last.
    passage = "La capacità del serbatoio dell'olio idraulico è di 250 litri."
    assert restyle(question, "keywords", "it", passage, "s") == (
        "contenitore lubrificante idraulico capienza",
        "keywords",
    )
    typed = typo(question, "seed")
    assert typed is not None and typed != question and len(typed) == len(question)
    said = paraphrase(
        "Qual è il fatturato della società?", "Il fatturato della società è 40 EUR.", "it"
    )
    assert said == "Qual è il ricavo dell'azienda?"
    assert restyle(question, "paraphrase", "it", "nothing to swap", "s") == (question, "question")


def test_needs_both_rejects_what_one_passage_answers() -> None:
    first = "La segretaria del circolo è la Dott.ssa Marta Zeni."
    second = "Il numero di telefono di Marta Zeni è 0464 555 0101."
    question = "Qual è il numero di telefono della segretaria del circolo?"
    assert needs_both(question, "0464 555 0101", first, second, "it") is None
    named = "Qual è il numero di telefono di Marta Zeni?"
    assert needs_both(named, "0464 555 0101", first, second, "it") is not None
    assert needs_both(question, "Marta Zeni", first, second, "it") is not None
    assert substitute(
        "Il numero di telefono di Marta Zeni", "Marta Zeni", first.split(" è ", maxsplit=1)[0], "it"
    ) == ("Il numero di telefono della segretaria del circolo")


def test_the_model_writer_gets_the_bridge_persona_and_style_and_is_verified() -> None:
    scenario = scenario_of("composite")
    assert scenario.bridge is not None
    prompt = "\n".join(str(m.content) for m in messages_for(scenario, demo_corpus()))
    assert f"Key: {scenario.bridge.key}" in prompt and "Ask as " in prompt and "Style: " in prompt
    first, second = scenario.bridge.first.flat, scenario.bridge.second.flat
    client = LLMClient(
        ScriptedChatModel.of(
            reply(json.dumps({"question": scenario.bridge.question, "answer": second, "quotes": [first, second]})),
            # A question that names the key itself: the second passage alone answers it.
            reply(json.dumps({"question": f"{second.split(' è ')[0]}?", "answer": second, "quotes": [first, second]})),
        ),
        SPEC, cache=None, accounting=Accounting(), retry=NO_WAIT, max_reasks=0,
    )  # fmt: skip
    stamp = Stamp(SPEC, 42, "2026-01-01T00:00:00+00:00")
    good = assemble(
        scenario, write_with_model(scenario, demo_corpus(), client), demo_corpus(), stamp
    )
    assert good.tags["hops"] == "2" and good.tags["bridge"] == scenario.bridge.key
    with pytest.raises(Rejected) as caught:
        assemble(scenario, write_with_model(scenario, demo_corpus(), client), demo_corpus(), stamp)
    assert caught.value.reason in ("one_passage_answers", "ungrammatical_question")


def test_the_model_writer_is_told_the_refusal_sibling() -> None:
    scenario = scenario_of("refusal")
    assert scenario.topic is not None
    prompt = "\n".join(str(m.content) for m in messages_for(scenario, demo_corpus()))
    assert f"not for {scenario.topic.sibling}" in prompt
    assert f"stated for {scenario.topic.stated_for}" in prompt
    # The sibling really is stated nowhere with the attribute, the other name is.
    assert scenario.topic.sibling not in scenario.topic.source.flat
