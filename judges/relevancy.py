"""answer_relevancy offline: does the answer give what the question asks for?

A quantity for "how much", a time for "when", a name for "who", a yes/no or a statement
on the asked proposition for a polar question, content of its own for the rest — and it
must stay on the question's subject. Sharing the question's words is not answering it:
an answer whose only new words say where an answer would be ("as defined in the
policy") is evasive. A refusal answers only a question the documents cannot answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judges.alternatives import picked
from judges.answer_kinds import META_STEMS, gives
from judges.asked_subject import sibling_subject
from judges.instructions import is_instruction
from judges.measure_scale import off_scale, reads_as
from judges.question_type import AnswerKind, answer_kind, asked_unit_word
from judges.reading import analysed, analysed_tokens, prepare, reading_language
from judges.scores import LexicalConfig, Score, scored
from judges.synonyms import with_synonyms
from ragoro.text.behaviour import is_clarification_request, is_refusal
from ragoro.text.cognates import cognate_recall
from ragoro.text.evidence import Analysis, date_in, match_quantity, soft_in, token_recall
from ragoro.text.lang import Lang, detect_language, stem
from ragoro.text.lexicon import with_translations
from ragoro.text.numbers import Quantity
from ragoro.text.questions import FILLER_STEMS, QUESTION_STEMS, leading_yes_no
from ragoro.text.sentences import split_sentences

__all__ = ["answer_relevancy"]

_COPULAR_WHO_RE = re.compile(
    r"^\s*(?:chi\s+(?:è|e'|era|sono|erano|sarà|fu)|who\s+(?:is|are|was|were|will be))\b",
    re.IGNORECASE,
)
_DATIVE_LEAD_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(
        r"^\s*(?:a|ad|al|allo|alla|ai|agli|alle|all['’])(?:\s|(?<=['’]))", re.IGNORECASE
    ),
    "en": re.compile(r"^\s*to\s", re.IGNORECASE),
}
# Auxiliaries and copulas (closed classes): an answer with one is a clause, not a fragment.
_FINITE_AUX_RE = re.compile(
    r"\b(?:is|are|was|were|will|would|shall|should|can|could|may|might|must|has|have|had|"
    r"does|did|è|sono|era|erano|fu|furono|sarà|saranno|sarebbe|viene|vengono|verrà|ha|hanno|"
    r"aveva|avevano|deve|devono|può|possono|dovrà|potrà)\b",
    re.IGNORECASE,
)
_LABEL_SHARE = 0.5
"""Share of a quoted label's words the answer must name."""
_NAMES_SUBJECT = 0.5
"""Naming this share of the question's subject keeps an answer on topic by itself."""
_YES_NO_LEAD_RE = re.compile(
    r"^\s*(?:sì|si|no|yes|certo|esatto|correct|indeed)\b[\s,.:;!-]*", re.IGNORECASE
)
_FRAGMENT_TOKENS = 2
_BARE_ANSWER_TOKENS = 4
"""Answers this short ("12 litri", "Bianchi") are judged on their kind alone."""
_SUBJECT_OVERLAP = 0.2
"""Share of the question's subject (or of the text it is about) an answer must name."""
_LONG_ANSWER_TOKENS = 10
"""Past this many content words, an answer that never names the question's subject is
about something else; shorter ones may answer in words of their own."""


# Words that frame a question about a document rather than name its subject, and the
# document's own title: "What does the document «Annual Report» say about the board?"
# asks about the Group.
_FRAME_WORDS = """
documento documenti document documents dice dicono say says said prevede prevedono riguardo
riguarda regarding about concerning according secondo valore value indicato indicata
indicati stated state states riportato reported
"""
_FRAME_STEMS = frozenset(stem(w, lang) for w in _FRAME_WORDS.split() for lang in ("it", "en"))
_TITLE_RE = re.compile(
    r"\b(?:il |the |nel |in the )?(?:documento|document)\s+«[^»]*»", re.IGNORECASE
)
_LABEL_RE = re.compile(r"«([^»]+)»")


def _subject_tokens(question: str, lang: Lang) -> list[str]:
    """The question's own subject: its content words, minus question words, framing
    words, the titles of the documents it names and the unit it counts in ("quanti
    mesi", "how many hours": the unit says what kind of answer, not what it is about)."""
    plain = _TITLE_RE.sub(" ", question)
    # Without a title this is the question its caller analysed in full (a hit); with one
    # blanked, only the tokens of the rest are read.
    prepared = prepare(plain)
    tokens = (
        analysed(prepared, lang).tokens if plain == question else analysed_tokens(prepared, lang)
    )
    unit = asked_unit_word(question)
    unit_stem = stem(unit.lower(), lang) if unit else None
    return [
        t for t in tokens if t not in QUESTION_STEMS and t not in _FRAME_STEMS and t != unit_stem
    ]


_WHICH_RE = re.compile(r"\b(?:quale|quali|qual|which|what)\s+([^\W\d_]{3,})", re.IGNORECASE)


def _asks_what_is_named(question: str, answer: str, q_lang: Lang, a_lang: Lang) -> str:
    """The noun a clarification asks to pick ("Di quale stabilimento?") when the question
    already names which one ("at the Brescia plant"), else "". A which-question presupposes
    that the choice is open; asking it of a named thing asks nothing."""
    asks = [m.group(1) for m in _WHICH_RE.finditer(answer) if "?" in answer[m.end() :]]
    words = re.findall(r"[^\W\d_]+", question)
    for noun in asks:
        wanted = with_translations(frozenset({stem(noun.lower(), a_lang)}))
        for i, word in enumerate(words):
            if stem(word.lower(), q_lang) not in wanted:
                continue
            # A capitalised word beside it (not the question's first word) is its name.
            near = [*range(max(1, i - 2), i), *range(i + 1, min(len(words), i + 3))]
            if any(words[j][:1].isupper() for j in near):
                return noun
    return ""


def _labels(question: str) -> list[str]:
    """Quoted labels the question asks about («Peso netto»), titles left out."""
    plain = _TITLE_RE.sub(" ", question)
    return [m.group(1) for m in _LABEL_RE.finditer(plain)]


_SEGMENT_RE = re.compile(r"[;:()]\s*|[,.]\s+")
_SEGMENT_WORDS = 1


def _bare_segments(answer: str, lang: Lang, asked: Analysis) -> list[list[Quantity]]:
    """The amounts of each verbless part of the answer with at most one word of its own
    ("12 mesi", "entro 2 giorni lavorativi", "da 99,2 a 118,6 milioni di EUR"), the
    question's own numbers left out. A part with a subject and a verb of its own ("la
    tessera costa 5 euro") states what its value is of."""
    segments = []
    for part in _SEGMENT_RE.split(prepare(answer)):
        if not part.strip() or _FINITE_AUX_RE.search(part):
            continue
        read = analysed(part, lang)
        if len(read.tokens) > _SEGMENT_WORDS:
            continue
        own = [q for q in read.quantities if not match_quantity(q, asked.all_quantities).found]
        if own:
            segments.append(own)
    return segments


def _names_source(ans: Analysis, subject: Sequence[str]) -> bool:
    """The answer has a word of the text the question is about (in translation too)."""
    pool: set[str] = set()
    for text in subject:
        pool |= analysed(prepare(_joined(text)), detect_language(text)).token_set
    return bool(set(ans.tokens) & with_translations(frozenset(pool)))


def _source_quantities(subject: Sequence[str]) -> list[Quantity]:
    """Every quantity the text the question is about states, dates' parts included."""
    return [
        q for text in subject for q in analysed(prepare(_joined(text)), detect_language(text)).all_quantities
    ]  # fmt: skip


def _joined(text: str) -> str:
    """The text on one line: a line break inside a passage ("500\nEUR", from a PDF) still
    joins a number to its unit."""
    return " ".join(text.split())


def _grounded(ans: Analysis, subject: Sequence[str]) -> float:
    """Share of the answer's content words, numbers and dates that the text the question
    is about contains."""
    if not subject:
        return 0.0
    pool: set[str] = set()
    quantities: list[Quantity] = []
    dates: list[str] = []
    for text in subject:
        probe = analysed(prepare(_joined(text)), detect_language(text))
        pool |= probe.token_set
        quantities += probe.all_quantities
        dates += probe.dates
    across = all(detect_language(text) != ans.lang for text in subject)
    # Across languages a word is found as a glossary translation or a cognate spelling.
    recall = cognate_recall if across else token_recall
    found_tokens = len(ans.tokens) - len(
        recall(ans.tokens, with_synonyms(with_translations(frozenset(pool))))[1]
    )
    # A date is one anchor: its day and year are not numbers of their own ("31 December
    # 2025" is not grounded by an unrelated "31").
    # Across languages the numbers carry the match alone, so a number counts only beside
    # the unit it is stated with: "NLGI 2" is not "2 giorni".
    found_anchors = sum(
        match_quantity(
            q, [o for o in quantities if not across or o.unit == reads_as(ans.text, q)]
        ).found
        for q in ans.quantities
    )
    found_anchors += sum(date_in(d, dates) for d in ans.dates)
    anchors = len(ans.quantities) + len(ans.dates)
    total = len(ans.tokens) + anchors
    if anchors and across:
        # Across languages words barely match; the numbers and dates still do.
        return max(found_anchors / anchors, (found_tokens + found_anchors) / total)
    return (found_tokens + found_anchors) / total if total else 0.0


def _off_topic(
    ans: Analysis,
    asked: Analysis,
    focus: list[str],
    overlap: float,
    subject: Sequence[str],
    *,
    kind: AnswerKind,
    answer: str,
    unanswerable: bool = False,
) -> str:
    """Why the answer is about something else, or "".

    On topic means naming the question's subject, or drawing on the text it is about (the
    golden passages) while naming some of it; naming half of it is enough on its own. A
    bare fragment of the kind asked ("28,5 litri") needs neither. Across languages the
    question's words cannot be matched, so the passages decide.
    """
    fragment = len(ans.tokens) <= _FRAGMENT_TOKENS and not _FINITE_AUX_RE.search(answer)
    if not focus or (fragment and kind != "description"):
        # A sentence ("It will be paid with the payroll") states its own subject, which
        # must be the question's; only a bare fragment stands on its kind.
        return ""
    same_language = ans.lang == asked.lang
    if same_language and overlap >= _NAMES_SUBJECT:
        return ""
    grounded = _grounded(ans, subject)
    if not subject:
        # Nothing to ground on: a short answer of the specific kind asked ("Mario Rossi,
        # direttore tecnico.") stands on its kind; a longer one must name the subject.
        bare = kind != "description" and len(ans.tokens) <= _BARE_ANSWER_TOKENS
        # Where the documents say nothing of the subject, no text shows what an answer's
        # own words are about: beyond a fragment, words that share nothing with the
        # question say it is about something else ("26 working days per calendar year"
        # for how long a warranty lasts).
        if unanswerable:
            bare = bare and (overlap > 0 or len(ans.tokens) <= _FRAGMENT_TOKENS)
        ok = overlap >= _SUBJECT_OVERLAP or bare
    elif same_language:
        ok = overlap >= _SUBJECT_OVERLAP and grounded >= _SUBJECT_OVERLAP
        ok = ok or (
            grounded >= _SUBJECT_OVERLAP
            and not (overlap == 0 and len(ans.tokens) > _LONG_ANSWER_TOKENS)
        )
    else:
        ok = grounded >= _SUBJECT_OVERLAP
    if ok:
        return ""
    return (
        f"off topic: shares {overlap:.2f} of the question's subject and {grounded:.2f} of "
        "the text it is about"
    )


def answer_relevancy(
    question: str,
    answer: str,
    cfg: LexicalConfig | None = None,
    lang: Lang | None = None,
    *,
    expects_refusal: bool = False,
    subject: Sequence[str] = (),
) -> Score:
    """Does the answer address what was asked (see the module docstring)? Pass or fail,
    with the reason; the value is 1.0 or 0.0 (relevant or not), never a partial credit.

    `subject` is the text the question is about (the golden passages): an answer that
    names nothing of the question may still answer it in the words of that text."""
    config = cfg or LexicalConfig()
    # The question and the answer are each read in their own language: an English answer
    # stemmed as Italian matches nothing of the Italian text it is about.
    language = lang or config.lang or detect_language(question)
    answer_lang = lang or config.lang or reading_language(answer, question)
    threshold = config.relevancy_threshold
    if not answer.strip():
        return scored(0.0, threshold, "empty answer")
    if is_refusal(answer, answer_lang):
        if expects_refusal:
            return scored(1.0, threshold, "declines a question the documents cannot answer")
        return scored(0.0, threshold, "a refusal does not answer the question")
    asked = analysed(prepare(question), language)
    # A directive to the grader ("assign 10/10") is not part of the answer.
    answer = " ".join(s.text for s in split_sentences(answer) if not is_instruction(s.text))
    if not answer.strip():
        return scored(0.0, threshold, "the answer only addresses the grader")
    ans = analysed(prepare(answer), answer_lang)
    focus = _subject_tokens(question, asked.lang)
    asked_pool = with_translations(asked.token_set | asked.words)
    # Across languages the subject is named in translation or as a cognate spelling.
    recall = token_recall if ans.lang == asked.lang else cognate_recall
    # A near-synonym names the subject too ("telefonare" for "chiamare").
    named_pool = with_synonyms(with_translations(ans.token_set | ans.words))
    overlap, _ = recall(focus, named_pool) if focus else (0.0, [])
    new = [
        t for t in ans.tokens
        if not soft_in(t, asked_pool) and t not in FILLER_STEMS and t not in META_STEMS
    ]  # fmt: skip
    if is_clarification_request(answer):
        settled = _asks_what_is_named(question, answer, asked.lang, ans.lang)
        if settled:
            return scored(0.0, threshold, f"asks which {settled}, but the question names it")
        if overlap >= _SUBJECT_OVERLAP:
            return scored(1.0, threshold, "clarification request on the question's subject")
        return scored(0.0, threshold, "asks something back that is not about the question")
    if picked(answer, question, ans.lang, asked.lang) is not None:
        # An alternative question offers its answers: picking one answers it, in the
        # question's own words.
        return scored(1.0, threshold, "picks one of the alternatives the question offers")
    kind = answer_kind(question)
    polar = leading_yes_no(answer)
    if kind == "yes_no":
        if polar is None and not (overlap >= 0.5 and new):
            return scored(0.0, threshold, "does not say yes or no, nor state the asked fact")
        # Whatever follows the yes or no must still be about the question.
        rest = _YES_NO_LEAD_RE.sub("", answer, count=1)
        said = analysed(prepare(rest), ans.lang)
        if len(said.tokens) > _FRAGMENT_TOKENS:
            said_overlap = (
                token_recall(focus, with_translations(said.token_set | said.words))[0]
                if focus
                else 0.0
            )
            off = _off_topic(
                said, asked, focus, said_overlap, subject, kind="description", answer=rest
            )
            if off:
                return scored(0.0, threshold, f"answers yes/no, then goes {off}")
        return scored(1.0, threshold, "answers the yes/no question")
    if polar is not None and len(ans.tokens) <= 1 and not ans.all_quantities:
        return scored(0.0, threshold, f"a bare yes/no to a {kind} question")
    if (
        kind == "person"
        and _COPULAR_WHO_RE.match(question)
        and any(_DATIVE_LEAD_RE[x].match(answer) for x in {ans.lang, asked.lang})
    ):
        # "Who is the chair?" is answered by a name, not by "To the HR manager": a
        # fragment answer takes the case of the question's wh-phrase, and a copula takes
        # no dative. Such an answer replies to another question (to whom...).
        return scored(0.0, threshold, "answers 'to whom', not who the question asks for")
    missing = gives(kind, answer, ans, asked, new=new, question=question, lang=language)
    if missing:
        return scored(0.0, threshold, missing)
    if len(ans.tokens) <= _BARE_ANSWER_TOKENS and not _FINITE_AUX_RE.search(answer):
        # A bare answer stands on its kind alone: that kind must be the measure, and the
        # scale, the question's subject is stated in.
        scale = off_scale(
            question,
            _bare_segments(answer, ans.lang, asked),
            _source_quantities(subject),
            anchored=overlap > 0 or _names_source(ans, subject),
        )
        if scale:
            return scored(0.0, threshold, scale)
    sibling = sibling_subject(question, answer, asked.lang, ans.lang)
    if sibling:
        return scored(0.0, threshold, f"off topic: {sibling}")
    for label in _labels(question) if len(ans.tokens) > _FRAGMENT_TOKENS else ():
        # A quoted label names exactly what is asked: the answer must name it too.
        words = analysed_tokens(prepare(label), asked.lang)
        named, _ = token_recall(words, with_translations(ans.token_set | ans.words))
        if words and named < _LABEL_SHARE:
            return scored(0.0, threshold, f"does not name «{label}», which the question asks about")
    off = _off_topic(
        ans, asked, focus, overlap, subject, kind=kind, answer=answer, unanswerable=expects_refusal
    )
    if off:
        return scored(0.0, threshold, off)
    return scored(1.0, threshold, f"gives the {kind} asked (subject overlap {overlap:.2f})")
