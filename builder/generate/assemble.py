"""Turn a draft into a golden item: locate every quote (never guess offsets), check the
case type's rules, and stamp tags and provenance."""

from __future__ import annotations

from dataclasses import dataclass

from builder.generate.bridge import needs_both
from builder.generate.config import PROMPT_VERSION, TYPE_PREFIX
from builder.generate.corpus import Corpus
from builder.generate.draft import Draft, Quote, Rejected
from builder.generate.grammar import grammar_problem
from builder.generate.plan import Scenario
from ragoro.contracts import Expected, GoldenItem, Passage, Provenance, Source
from ragoro.locate import locate
from ragoro.text import UNITS, convert, extract_quantities, is_refusal, normalize_unit


@dataclass(frozen=True)
class Stamp:
    """Run-level facts written into every item's provenance."""

    generator: str
    seed: int
    created_at: str


def item_id(scenario: Scenario) -> str:
    """Stable item id: case-type prefix + the scenario id."""
    return f"{TYPE_PREFIX[scenario.case_type]}-{scenario.id[:12]}"


def _locate(quote: Quote, scenario: Scenario, corpus: Corpus) -> Passage:
    docs = [quote.doc] if quote.doc else scenario.docs
    for doc in docs:
        text = corpus.documents[doc].text
        hint = quote.hint if quote.hint is not None else scenario.chunk.start_char
        found = locate(text, quote.text, hint=hint)
        if found is not None:
            content = text[found.start : found.end]
            return Passage(
                content=content, document_path=doc, start_char=found.start, end_char=found.end
            )
    raise Rejected(
        "unlocatable_quote", f"quote not found in {', '.join(docs)}: {quote.text[:120]!r}"
    )


def _unit_code(unit: str | None) -> str | None:
    if unit is None:
        return None
    if unit in UNITS:
        return unit
    return normalize_unit(unit)


def _value_in(passages: list[Passage], value: float, unit: str) -> bool:
    """The expected value, in its unit, is one of the numbers the passages state."""
    for passage in passages:
        for quantity in extract_quantities(" ".join(passage.content.split())):
            if quantity.unit is None:
                continue
            stated = convert(quantity.value, quantity.unit, unit)
            if stated is not None and abs(stated - value) <= 1e-6 * max(1.0, abs(value)):
                return True
    return False


def _expected(
    scenario: Scenario, draft: Draft, passages: list[Passage], corpus: Corpus
) -> Expected:
    case_type = scenario.case_type
    if case_type == "refusal":
        return Expected(refuse=True)
    if case_type == "clarification":
        return Expected(clarification="ask_first")
    if case_type != "numeric":
        return Expected()
    unit = _unit_code(draft.unit)
    if draft.value is None or unit is None:
        raise Rejected("numeric_without_value", f"value={draft.value!r} unit={draft.unit!r}")
    if not _value_in(passages, draft.value, unit):
        raise Rejected("value_not_in_quotes", f"{draft.value} {unit} is not stated in the quotes")
    doc = passages[0].document_path
    page = corpus.documents[doc].page_of(passages[0].start_char)
    return Expected(value=draft.value, unit=unit, source=Source(doc=doc, locator=f"page={page}"))


def _check_shape(scenario: Scenario, draft: Draft, passages: list[Passage]) -> None:
    case_type = scenario.case_type
    question = draft.question.strip()
    if draft.style == "keywords":
        # A keyword query is no sentence: it has no question mark and no verb to check.
        if not 2 <= len(question.split()) <= 8 or question.endswith("?"):
            raise Rejected("bad_keyword_query", question[:120])
    elif not question.endswith("?"):
        raise Rejected("not_a_question", question[:120])
    else:
        problem = grammar_problem(question, scenario.lang)
        if problem is not None:
            raise Rejected("ungrammatical_question", f"{problem}: {question[:120]}")
    if case_type == "refusal":
        if not is_refusal(draft.answer, scenario.lang):
            raise Rejected("refusal_without_refusal", draft.answer[:120])
        return
    if not passages:
        raise Rejected("no_quotes", f"a {case_type} item needs verbatim quotes")
    docs = {p.document_path for p in passages}
    if case_type in ("composite", "clarification") and len(docs) < 2:
        raise Rejected("single_document", f"a {case_type} item needs quotes from two documents")
    if case_type == "composite":
        _check_bridge(scenario, draft, passages)


def _check_bridge(scenario: Scenario, draft: Draft, passages: list[Passage]) -> None:
    """A composite must need both passages, whoever wrote it; the key must be in both."""
    first = " ".join(p.content for p in passages if p.document_path != scenario.chunk.document_path)
    second = " ".join(
        p.content for p in passages if p.document_path == scenario.chunk.document_path
    )
    bridge = scenario.bridge
    if bridge is not None and not all(bridge.key in " ".join(t.split()) for t in (first, second)):
        raise Rejected("bridge_key_missing", f"{bridge.key!r} is not in both quotes")
    why = needs_both(draft.question, draft.answer, first, second, scenario.lang)
    if why is not None:
        raise Rejected("one_passage_answers", f"{why}: {draft.question[:120]}")


def assemble(scenario: Scenario, draft: Draft, corpus: Corpus, stamp: Stamp) -> GoldenItem:
    """The golden item for a draft, or `Rejected` saying why there is none."""
    passages = (
        []
        if scenario.case_type == "refusal"
        else [_locate(q, scenario, corpus) for q in draft.quotes]
    )
    _check_shape(scenario, draft, passages)
    expected = _expected(scenario, draft, passages, corpus)
    docs = list(dict.fromkeys(p.document_path for p in passages)) or [scenario.chunk.document_path]
    tags = {
        "lang": scenario.lang,
        "hops": str(len(docs)) if passages else "0",
        "doc": docs[0].rsplit("/", 1)[-1].rsplit(".", 1)[0],
        "style": draft.style,
    }
    if scenario.case_type == "refusal" and scenario.topic is not None:
        tags["refusal"] = scenario.topic.variant
    if scenario.case_type == "composite" and scenario.bridge is not None:
        tags["bridge"] = scenario.bridge.key
    provenance = Provenance(
        generator=stamp.generator,
        prompt_version=PROMPT_VERSION,
        seed=stamp.seed,
        chunk_ids=scenario.chunk_ids,
        created_at=stamp.created_at,
        scenario_id=scenario.id,
    )
    return GoldenItem(
        id=item_id(scenario),
        question=" ".join(draft.question.split()),
        answer=draft.answer.strip(),
        passages=passages,
        case_type=scenario.case_type,
        expected=expected,
        tags=tags,
        provenance=provenance,
    )
