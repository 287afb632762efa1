"""Read the HTML report back with the standard library parser: cases, marks, scripts."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class ProbedCase:
    """What one <details class=case> holds."""

    case_id: str
    attrs: dict[str, str]
    gold: dict[str, str] = field(default_factory=dict)
    """passage index -> concatenated text of the marks that carry it."""
    ctx: dict[str, str] = field(default_factory=dict)
    text: str = ""
    page_labels: list[str] = field(default_factory=list)


class ReportProbe(HTMLParser):
    """Collects cases, their highlighted text, and every tag that loads something."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cases: dict[str, ProbedCase] = {}
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._case: ProbedCase | None = None
        self._depth = 0
        self._marks: list[dict[str, str]] = []
        self._label = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.tags.append((tag, values))
        if tag == "details" and "case" in values.get("class", "").split():
            self._case = ProbedCase(values["data-case"], values)
            self.cases[self._case.case_id] = self._case
            self._depth = 0
        if self._case is None:
            return
        if tag == "details":
            self._depth += 1
        if tag == "mark":
            self._marks.append(values)
        self._label = "page-label" in values.get("class", "") or "page-break" in values.get(
            "class", ""
        )

    def handle_endtag(self, tag: str) -> None:
        if self._case is None:
            return
        if tag == "mark" and self._marks:
            self._marks.pop()
        if tag == "details":
            self._depth -= 1
            if self._depth == 0:
                self._case = None

    def handle_data(self, data: str) -> None:
        if self._case is None:
            return
        self._case.text += data
        if self._label:
            self._case.page_labels.append(data)
            self._label = False
        for mark in self._marks:
            for attr, store in (("data-p", self._case.gold), ("data-c", self._case.ctx)):
                for label in mark.get(attr, "").split():
                    store[label] = store.get(label, "") + data


def probe(html: str) -> ReportProbe:
    """Parse a report page."""
    parser = ReportProbe()
    parser.feed(html)
    parser.close()
    return parser
