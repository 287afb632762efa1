"""answer_accuracy offline: does the answer give every key fact of a reference answer?

Compared with each accepted reference (`answer` and the alternatives); passing one is
enough. Key facts are the reference's numbers, dates and names beyond what the question
already says, and its own content words; a list in the reference ("A, B and C") needs
each of its items. A flipped negation, the opposite yes/no or swapped roles fail outright.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judges.alternatives import picked
from judges.antonyms import antonym_flip
from judges.limits import limit_flip
from judges.ordering import order_flip
from judges.paraphrase import restates
from judges.question_type import answer_kind, is_yes_no_question
from judges.reading import analysed, analysed_tokens, prepare, reading_language
from judges.roles import name_groups, names_only, role_swap, subject_of_asked_verb
from judges.scores import LexicalConfig, Score, scored
from judges.support import polarity_flip
from judges.synonyms import with_synonyms
from ragoro.text.behaviour import is_refusal
from ragoro.text.cognates import cognate_recall
from ragoro.text.dates import weekdays
from ragoro.text.evidence import (
    Analysis,
    date_in,
    match_quantity,
    soft_in,
    token_recall,
)
from ragoro.text.frequency import period_units
from ragoro.text.lang import Lang, detect_language, stem
from ragoro.text.lexicon import translations, with_translations
from ragoro.text.negation import has_negation
from ragoro.text.questions import leading_yes_no
from ragoro.text.sentences import split_sentences

__all__ = ["answer_accuracy"]

_FRAGMENT_TOKENS = 2
_ACROSS_RECALL = 0.25
_ACROSS_SHORT_TOKENS = 3
_YES_NO_LEAD_RE = re.compile(
    r"^\s*(?:sì|si|no|yes|certo|esatto|correct|indeed)\b[\s,.:;!-]*", re.IGNORECASE
)
_PIECE_RE = re.compile(r"[;,]\s")
# A reference that grants or denies only under a condition ("Only with HR's written
# authorisation", "Yes if the flight is over 8 hours", "Solo per viaggi oltre 4 ore"):
# a bare yes or no leaves the condition out, and the condition is the answer.
_CONDITION_LEAD_RE = re.compile(
    r"^\s*(?:only|just|solo|soltanto|solamente|unicamente|if|se|unless|provided|as long as|"
    r"purché|a patto|a condizione|not without|non senza|but only|ma solo)\b",
    re.IGNORECASE,
)
_LIST_SPLIT_RE = re.compile(r",|;|\s(?:e|ed|and|oppure|or)\s", re.IGNORECASE)


def _pool(analysis: Analysis) -> frozenset[str]:
    """The words and stems of a text, with the translations of its stems."""
    return with_synonyms(with_translations(analysis.token_set)) | analysis.words


def _names(text: str, lang: Lang) -> list[set[str]]:
    """Names as groups of words and stems: "Mario Rossi" is found by "Rossi" alone."""
    return [set(group) | {stem(w, lang) for w in group} for group in name_groups(text)]


_LEAD_END_RE = re.compile(r"[;:]\s|\.\s|\.$")


def _lead_reply(answer: str, lang: Lang, given: frozenset[str]) -> list[set[str]]:
    """The names of the answer's first statement (up to the first full stop, semicolon
    or colon) that the question does not already name."""
    first = _LEAD_END_RE.split(prepare(answer).strip(), maxsplit=1)[0]
    return [g for g in _names(first, lang) if not g & given]


def _list_items(reference: str) -> list[str]:
    """The items of an enumeration ("A, B e C"); [] when the reference is not a list."""
    parts = [p.strip() for p in _LIST_SPLIT_RE.split(reference) if p and p.strip()]
    return parts if len(parts) >= 3 else []


def _values_for_something_else(
    answer: str, ref: Analysis, asked: Analysis | None, lang: Lang
) -> list[str]:
    """The reference's value stated by the answer for another thing: the sentence that
    holds it must name something the question or the reference names, word for word
    ("Visitor log: 12 months" does not answer "how long are access records
    kept?", 12 mesi as both may be)."""
    if ref.lang != lang:
        return []  # across languages only the value itself can be compared
    known = set(ref.token_set) | set(asked.token_set if asked else ())
    known |= {t for k in list(known) for t in translations(k)}
    out = []
    for sentence in split_sentences(prepare(answer)):
        # "Label: value" stays one piece; a comma or semicolon starts another statement.
        for piece in _PIECE_RE.split(sentence.text):
            said = analysed(" ".join(piece.split()), lang)
            holds = [q for q in ref.quantities if match_quantity(q, said.all_quantities).found]
            if holds and len(said.tokens) >= 2 and not known & set(said.tokens):
                shown = ", ".join(said.tokens[:3])
                out.append(f"{holds[0].raw.strip()} is stated for something else ({shown})")
    return out


def _polarity(answer: str, reference: str, question: str, lang: Lang) -> tuple[bool | None, bool]:
    """(the answer's yes/no, the reference's) for a polar question."""
    said = leading_yes_no(answer)
    meant = leading_yes_no(reference)
    if meant is None:
        meant = has_negation(question, lang) == has_negation(reference, lang)
    return said, meant


def _asked_role_given_to_another(
    answer: str, reference: str, question: str, lang: Lang, ref_lang: Lang
) -> list[str]:
    """The reference's person is named, but as someone else than the subject of the verb
    the who-question asks about ("Maria Lopez won; she beat Anna Brooks" when Anna Brooks
    won): the answer gives the asked role to another name."""
    subject = subject_of_asked_verb(answer, question, lang)
    wanted = _names(reference, ref_lang)
    if subject is None or not wanted or any(subject & g for g in wanted):
        return []
    if not any(g & frozenset(w.lower() for w in re.findall(r"[^\W\d_]+", answer)) for g in wanted):
        return []
    return [
        f"the answer makes {' '.join(sorted(subject))} the one asked about, not the reference's"
    ]


def _choice(
    answer: str, reference: str, question: str | None, lang: Lang, ref_lang: Lang
) -> bool | None:
    """For an alternative question ("A or B?"), whether the answer picks the reference's
    alternative; None when the question offers none or either text picks none."""
    if not question:
        return None
    mine = picked(answer, question, lang, ref_lang)
    meant = picked(reference, question, ref_lang, ref_lang)
    if mine is None or meant is None:
        return None
    return mine == meant


def _against(
    answer: str, reference: str, question: str | None, lang: Lang | None, cfg: LexicalConfig
) -> Score:
    threshold = cfg.accuracy_threshold
    # Each text in its own language: the answer may be in the other one.
    ans = analysed(prepare(answer), lang or reading_language(answer, question))
    ref_lang = lang or detect_language(f"{question or ''} {reference}")
    ref = analysed(prepare(reference), ref_lang)
    asked = analysed(prepare(question), ref_lang) if question else None
    across = ans.lang != ref.lang
    if question and is_yes_no_question(question):
        said, meant = _polarity(answer, reference, question, ref_lang)
        if said is not None:
            rest = analysed(prepare(_YES_NO_LEAD_RE.sub("", answer, count=1)), ans.lang)
            condition = _CONDITION_LEAD_RE.match(_YES_NO_LEAD_RE.sub("", reference, count=1))
            if condition and len(rest.tokens) <= _FRAGMENT_TOKENS:
                return scored(
                    0.0,
                    threshold,
                    f"a bare {'yes' if said else 'no'}; the reference answers only under a "
                    f"condition ({condition.group(0).strip()} ...)",
                )
            if said != meant:
                return scored(
                    0.0,
                    threshold,
                    f"answers {'yes' if said else 'no'}; the reference says the opposite",
                )
            known = _pool(ref) | (_pool(asked) if asked else frozenset())
            if len(rest.tokens) > _FRAGMENT_TOKENS and token_recall(rest.tokens, known)[0] == 0:
                return scored(
                    0.0, threshold, "answers yes/no, but what follows is about something else"
                )
            # What follows the yes/no must not contradict the reference's numbers.
            wrong = [
                q
                for q in rest.quantities
                if ref.quantities
                and not match_quantity(q, ref.all_quantities).found
                and not (asked and match_quantity(q, asked.all_quantities).found)
            ]
            if wrong:
                shown = wrong[0].raw.strip()
                return scored(
                    0.0, threshold, f"answers yes/no, but {shown} is not what the reference says"
                )
            return scored(
                1.0, threshold, f"answers {'yes' if said else 'no'}, as the reference does"
            )
    given = _pool(asked) if asked else frozenset()
    pool = _pool(ans)
    problems = []
    for q in ref.quantities:
        if asked and match_quantity(q, asked.all_quantities).found:
            continue
        match = match_quantity(q, ans.all_quantities)
        if match.conflict is not None and not match.found:
            problems.append(f"unit changed: {q.written_unit} vs {match.conflict.written_unit}")
        elif not match.found:
            problems.append(f"number {q.raw.strip()} not in answer")
    for d in ref.dates:
        if not (asked and date_in(d, asked.dates)) and not date_in(d, ans.dates):
            problems.append(f"date {d} not in answer")
    # The reference's days first: most references name none, and then neither the
    # question's nor the answer's need reading.
    ref_days = weekdays(ref.text)
    if ref_days and ref_days - (weekdays(question) if question else frozenset()) - weekdays(
        ans.text
    ):
        problems.append("a weekday of the reference is not in the answer")
    # "Monthly" is not answered by "once a year" (an answer naming no period is left to
    # the words).
    said_periods = period_units(ans.text)
    if said_periods and period_units(ref.text) - said_periods:
        problems.append("the answer repeats it by another unit than the reference")
    flip = (
        polarity_flip(ans, ref, cfg.clause_overlap)
        or limit_flip(ans, ref)
        or order_flip(ans.text, ref.text, ans.lang, ref.lang)
        or antonym_flip(ans, ref)
    )
    if flip:
        problems.append(f"negation flipped: {flip}")
    swap = role_swap(ans, ref)
    if swap:
        problems.append(swap)
    problems += _values_for_something_else(answer, ref, asked, ans.lang)
    if question and not across:
        problems += _asked_role_given_to_another(answer, reference, question, ans.lang, ref_lang)
    choice = _choice(answer, reference, question, ans.lang, ref_lang)
    if choice is False:
        problems.append("picks the other alternative than the reference")
    if problems:
        return scored(0.0, threshold, "; ".join(problems))
    names = [g for g in _names(reference, ref_lang) if not g & given]
    in_names = set().union(*names) if names else set()
    required = [t for t in ref.tokens if not soft_in(t, given) and t not in in_names]
    own_anchors = [
        q for q in ref.quantities if not (asked and match_quantity(q, asked.all_quantities).found)
    ]
    if across and (own_anchors or ref.dates):
        # Across languages the numbers and dates, all found above, are what can be compared,
        # with what the glossary finds of the words beside them.
        share, _ = cognate_recall(required, pool)
        if not required:
            # The reference adds only the number: the answer's words must be about the
            # question's subject, as far as the glossary can tell.
            share, _ = cognate_recall(ans.tokens, _pool(ref) | given)
            required = list(ans.tokens)
        if share >= _ACROSS_RECALL or len(required) <= _ACROSS_SHORT_TOKENS:
            return scored(1.0, threshold, "numbers and dates agree across languages")
        return scored(
            share, threshold, "across languages only the number agrees, not what it is of"
        )
    # The longest word names the entity; among equally long ones the first in order, so
    # the reason reads the same in every process (a frozenset iterates by hash).
    missing_names = [max(sorted(g), key=len) for g in names if not g & pool]
    if missing_names:
        others = [
            g for g in _names(answer, ans.lang) if not g & given and not any(g & n for n in names)
        ]
        if others:
            shown = " ".join(sorted(name_groups(answer)[0])) if name_groups(answer) else ""
            return scored(
                0.0,
                threshold,
                f"entity {', '.join(missing_names)} not in answer (it names {shown} instead)",
            )
    lead = _lead_reply(answer, ans.lang, given)
    if len(names) == 1 and not missing_names and lead and not any(g & names[0] for g in lead):
        # The reply comes first; what follows elaborates. "Firenze; poi la capitale passò a
        # Torino" answers Firenze, whatever it says of Torino afterwards.
        shown = " ".join(sorted(name_groups(reference)[0])) if name_groups(reference) else ""
        return scored(
            0.0, threshold, f"replies with another name first; {shown} comes only after it"
        )
    if (
        question
        and names
        and ans.tokens
        and names_only(prepare(answer), ans)
        and answer_kind(question) == "person"
        and (bare := name_groups(prepare(answer)))
        and all(g <= names[0] for g in bare)
    ):
        # "Who designed it?" asks for a person: a bare name is the answer, and the
        # reference's title or firm beside the name ("the architect ... of studio X") is
        # apposition, not a fact asked.
        return scored(1.0, threshold, "names the person the reference names")
    recall, missing = token_recall(required, pool)
    if names:
        found = len(names) - len(missing_names)
        recall = (recall * len(required) + found) / (len(required) + len(names))
    items = _list_items(reference)
    short = [
        item for item in items
        if (tokens := [t for t in analysed_tokens(prepare(item), ref_lang) if not soft_in(t, given)])
        and token_recall(tokens, pool)[0] < cfg.part_threshold
    ]  # fmt: skip
    if not required and not names and not ref.quantities and not ref.dates:
        if choice:
            return scored(1.0, threshold, "picks the alternative the reference picks")
        return Score(None, None, "the reference adds nothing to the question to compare with")
    # With every number and date of the reference given, its other words only name what
    # they measure, and a paraphrase names it its own way: half of them is enough.
    bar = cfg.part_threshold if (ref.quantities or ref.dates) else threshold
    reason = f"reference content recall {recall:.2f}"
    gaps = [*missing[:4], *missing_names[:2]]
    if gaps:
        reason += f" (missing: {', '.join(gaps)})"
    if short:
        return scored(
            min(recall, cfg.part_threshold - 0.01),
            threshold,
            f"{reason}; list items missing: {'; '.join(s[:40] for s in short[:3])}",
        )
    if recall < bar and not missing_names:
        # The hard checks above all hold; what is left is wording, which a paraphrase
        # changes. The sentence model may close that gap, never vouch on its own.
        restated = restates(ans, [ref], with_translations(ref.token_set | given), recall)
        if restated is not None:
            return scored(
                1.0,
                threshold,
                f"{reason}, but restated (meaning {restated.similarity:.2f}, "
                f"words {restated.alignment:.2f})",
            )
    return Score(recall, recall >= bar, reason)


def answer_accuracy(
    answer: str,
    reference: str | Sequence[str],
    cfg: LexicalConfig | None = None,
    lang: Lang | None = None,
    question: str | None = None,
    *,
    expects_refusal: bool = False,
) -> Score:
    """Does the answer carry one reference's key content? See the module docstring.

    A refusal is never accurate on a question the documents answer; on one they cannot
    answer (`expects_refusal`, or every reference declines) only a refusal is."""
    config = cfg or LexicalConfig()
    references = [reference] if isinstance(reference, str) else list(reference)
    references = [r for r in references if r.strip()]
    threshold = config.accuracy_threshold
    language = config.lang or detect_language(" ".join([*references, answer]))
    forced = lang or config.lang
    if expects_refusal or (references and all(is_refusal(r, language) for r in references)):
        if is_refusal(answer, language):
            return scored(1.0, threshold, "both the reference and the answer decline")
        return scored(0.0, threshold, "the reference declines but the answer does not")
    if not references:
        return Score(None, None, "no reference answer to compare with")
    if not answer.strip():
        return scored(0.0, threshold, "empty answer")
    if is_refusal(answer, language):
        return scored(0.0, threshold, "the answer declines but the reference answers")
    results = [
        _against(answer, r, question, forced, config)
        for r in references
        if not is_refusal(r, language)
    ]
    graded = [s for s in results if s.scored]
    if not graded:
        return results[0]
    best = max(graded, key=lambda s: (bool(s.passed), s.value or 0.0))
    if len(references) > 1:
        index = results.index(best) + 1
        return Score(
            best.value, best.passed, f"{best.reason} (reference {index} of {len(references)})"
        )
    return best
