"""The outcomes journal of `evaluator run`: every finished case is appended as it is done,
so a run stopped by Ctrl-C, a crash or a kill resumes where it was.

The journal lives beside the outcomes file (`<outcomes>.journal`). Its first line is a
header holding the run's fingerprint (golden set bytes, index, agent, judge, k, mode,
review filter); every other line is one `CaseOutcome`. A rerun of the same command reads
it back, skips the cases it holds and appends the rest; a rerun whose fingerprint differs
refuses to mix the two runs (`JournalMismatch`, exit 2) and says how to start over. The
journal is removed once the outcomes file is written, so the next run starts fresh.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pydantic import ValidationError

from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.errors import UsageError
from ragoro.golden import file_sha256
from ragoro.journal import append_line, read_rows

if TYPE_CHECKING:
    from evaluator.agents.base import Agent
    from judges.base import Judge
    from ragoro.executors import AgentPlan, Executor
    from vectordb import VectorIndex

__all__ = [
    "JOURNAL_KIND",
    "JournalMismatch",
    "OutcomesJournal",
    "journal_path",
    "run_fingerprint",
    "run_journalled",
]

JOURNAL_KIND = "ragoro-outcomes-journal"
JOURNAL_VERSION = 1


class JournalMismatch(UsageError):
    """A journal left by a run with other inputs or settings: never mixed with this one."""


def journal_path(outcomes: Path) -> Path:
    """Where the journal of a run writing `outcomes` lives: beside it."""
    return outcomes.with_name(outcomes.name + ".journal")


def index_fingerprint(manifest_fields: dict[str, object]) -> str:
    """sha256 of an index's identity fields (model, corpus, every artefact's sha256)."""
    return hashlib.sha256(
        json.dumps(manifest_fields, sort_keys=True, ensure_ascii=False).encode("utf-8")
    ).hexdigest()


class OutcomesJournal:
    """One run's journal: `resume` reads what an earlier run finished, `record` appends.

    One thread records (the one collecting results), so appends never interleave."""

    def __init__(self, path: Path, fingerprint: dict[str, object], *, fresh: bool = False) -> None:
        """`fingerprint`: every input and setting the outcomes depend on; `fresh`: discard
        a journal already there instead of resuming it."""
        self.path = path
        self.fingerprint = fingerprint
        self.fresh = fresh
        self.notes: list[str] = []
        """What reading the journal repaired (a torn last line), for the user."""
        self._handle: TextIO | None = None

    def resume(self) -> dict[str, CaseOutcome]:
        """The outcomes an earlier run of the same fingerprint finished, by case id.

        Raises `JournalMismatch` when the journal belongs to another run."""
        if self.fresh:
            self.path.unlink(missing_ok=True)
            return {}
        rows = read_rows(self.path, self.notes)
        if not rows:
            return {}
        header, *lines = rows
        if header.get("kind") == JOURNAL_KIND and not lines:
            # A header alone holds no finished case: nothing is lost by starting over.
            self.path.unlink()
            return {}
        if header.get("kind") != JOURNAL_KIND:
            raise JournalMismatch(
                f"{self.path} is not an outcomes journal of python -m evaluator run; move it "
                "away, pass --fresh to replace it, or choose another --outcomes path"
            )
        self._check(header.get("fingerprint"), len(lines))
        done: dict[str, CaseOutcome] = {}
        for number, row in enumerate(lines, start=2):
            try:
                outcome = CaseOutcome.model_validate(row)
            except ValidationError:
                # Only this program writes the journal: such a line is damage, and the
                # case is simply run again.
                self.notes.append(f"{self.path}:{number}: dropped a line that is not an outcome")
                continue
            done.setdefault(outcome.case_id, outcome)
        return done

    def _check(self, found: object, finished: int) -> None:
        if found == self.fingerprint:
            return
        theirs = found if isinstance(found, dict) else {}
        differ = sorted(
            key
            for key in set(theirs) | set(self.fingerprint)
            if theirs.get(key) != self.fingerprint.get(key)
        )
        shown = "; ".join(
            f"{key}: journal {theirs.get(key)!r}, now {self.fingerprint.get(key)!r}"
            for key in differ[:4]
        )
        raise JournalMismatch(
            f"{self.path} holds {finished} finished case(s) of a different run ({shown}); "
            "nothing was run and nothing was overwritten. Rerun the same command to resume "
            "it, pass --fresh to discard it and start over, or choose another --outcomes path"
        )

    def record(self, outcome: CaseOutcome) -> None:
        """Append one finished case durably (the header first, on the first one)."""
        if self._handle is None:
            new = not self.path.exists() or self.path.stat().st_size == 0
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._handle = self.path.open("a", encoding="utf-8")
            if new:
                header = {
                    "kind": JOURNAL_KIND,
                    "version": JOURNAL_VERSION,
                    "fingerprint": self.fingerprint,
                }
                append_line(self._handle, json.dumps(header, ensure_ascii=False, sort_keys=True))
        append_line(self._handle, outcome.model_dump_json())

    def close(self) -> None:
        """Close the file (the journal stays for a rerun to resume)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def finish(self) -> None:
        """The run's outcomes are written: close and remove the journal."""
        self.close()
        self.path.unlink(missing_ok=True)


def run_fingerprint(
    golden: Path,
    index: VectorIndex,
    *,
    agent: str,
    agent_model: str | None,
    judge: Judge,
    k: int,
    mode: str,
    reviewed_only: bool,
) -> dict[str, object]:
    """Every input and setting a run's outcomes (and their judging) depend on."""
    manifest = index.manifest
    return {
        "golden_sha256": file_sha256(golden),
        "index": index_fingerprint(
            {
                "embedding_model": manifest.embedding_model,
                "corpus_sha256": manifest.corpus_sha256,
                "artefacts": manifest.artefacts,
            }
        ),
        "agent": agent,
        "agent_model": agent_model,
        "judge": judge.name,
        "judge_model": judge.model,
        "k": k,
        "mode": mode,
        "reviewed_only": reviewed_only,
    }


def run_journalled(
    items: list[GoldenItem],
    agent: Agent,
    plan: AgentPlan | None,
    executor: Executor,
    *,
    journal: OutcomesJournal | None,
    concurrency: int,
    progress: bool,
) -> list[CaseOutcome]:
    """Every item's outcome in golden order: the journal's for the cases an earlier run
    finished, a new one (appended to the journal as it is done) for the others."""
    if journal is None:
        return executor.run_agent(items, agent, plan, concurrency=concurrency, progress=progress)
    done = journal.resume()
    for note in journal.notes:
        print(f"warning: {note}", file=sys.stderr)
    known = {item.id for item in items}
    done = {cid: outcome for cid, outcome in done.items() if cid in known}
    if done:
        print(
            f"resuming {journal.path}: {len(done)} of {len(items)} case(s) already done, "
            f"{len(items) - len(done)} to run",
            file=sys.stderr,
        )
    try:
        new = executor.run_agent(
            items,
            agent,
            plan,
            concurrency=concurrency,
            progress=progress,
            skip=done.keys(),
            record=journal.record,
        )
    finally:
        journal.close()
    by_id = {outcome.case_id: outcome for outcome in new}
    return [done[item.id] if item.id in done else by_id[item.id] for item in items]
