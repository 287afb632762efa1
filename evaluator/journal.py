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
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from evaluator.line_store import LineStore, numbered_lines
from ragoro.contracts import CaseOutcome
from ragoro.errors import UsageError
from ragoro.golden import file_sha256

if TYPE_CHECKING:
    from evaluator.agents.base import Agent
    from evaluator.golden_source import GoldenSource
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
    """One run's journal: `resume` finds what an earlier run finished, `record` appends,
    `get` reads one finished case back (only each case's byte offset is kept in memory).

    One thread records (the one collecting results), so appends never interleave."""

    def __init__(
        self,
        path: Path,
        fingerprint: dict[str, object],
        *,
        fresh: bool = False,
        durable: bool = True,
    ) -> None:
        """`fingerprint`: every input and setting the outcomes depend on; `fresh`: discard
        a journal already there instead of resuming it; `durable`: fsync every line (a
        scratch file of a run without a journal needs not)."""
        self.path = path
        self.fingerprint = fingerprint
        self.fresh = fresh
        self.notes: list[str] = []
        """What reading the journal repaired (a torn last line), for the user."""
        self.store = LineStore(path, durable=durable)
        self._started = False

    def resume(self) -> set[str]:
        """The case ids an earlier run of the same fingerprint finished (readable with
        `get`). Raises `JournalMismatch` when the journal belongs to another run."""
        if self.fresh:
            self.path.unlink(missing_ok=True)
            return set()
        if not self.path.exists():
            return set()
        lines = numbered_lines(self.path)
        header: dict[str, Any] | None = None
        finished = 0
        torn: int | None = None
        for number, offset, raw in lines:
            if not raw.endswith(b"\n"):
                if raw.strip():
                    self.notes.append(
                        f"{self.path}:{number}: dropped a truncated last line (interrupted "
                        "write); it is redone"
                    )
                torn = offset
                break
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except json.JSONDecodeError:
                self.notes.append(f"{self.path}:{number}: dropped a line that is not JSON")
                continue
            if header is None:
                header = row if isinstance(row, dict) else {}
                self._check_kind(header)
                continue
            if header.get("fingerprint") != self.fingerprint:
                finished += 1
                continue
            try:
                outcome = CaseOutcome.model_validate(row)
            except ValidationError:
                # Only this program writes the journal: such a line is damage, and the
                # case is simply run again.
                self.notes.append(f"{self.path}:{number}: dropped a line that is not an outcome")
                continue
            self.store.offsets.setdefault(outcome.case_id, offset)
            finished += 1
        if header is not None and finished:
            self._check(header.get("fingerprint"), finished)
        if torn is not None:
            # Appends start on a line of their own, after the last complete one.
            os.truncate(self.path, torn)
        if header is None:
            return set()
        if not finished:
            # A header alone holds no finished case: nothing is lost by starting over.
            self.path.unlink()
            self.store.offsets.clear()
            return set()
        self._started = True
        return set(self.store.offsets)

    def _check_kind(self, header: dict[str, Any]) -> None:
        if header.get("kind") != JOURNAL_KIND:
            raise JournalMismatch(
                f"{self.path} is not an outcomes journal of python -m evaluator run; move it "
                "away, pass --fresh to replace it, or choose another --outcomes path"
            )

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
        if not self._started:
            self._started = True
            if not self.path.exists() or self.path.stat().st_size == 0:
                header = {
                    "kind": JOURNAL_KIND,
                    "version": JOURNAL_VERSION,
                    "fingerprint": self.fingerprint,
                }
                self.store.append(None, json.dumps(header, ensure_ascii=False, sort_keys=True))
        self.store.append(outcome.case_id, outcome.model_dump_json())

    def __contains__(self, case_id: object) -> bool:
        return case_id in self.store

    def get(self, case_id: str) -> CaseOutcome:
        """The finished outcome of `case_id`, read from the file."""
        return CaseOutcome.model_validate_json(self.store.read(case_id))

    def close(self) -> None:
        """Close the file (the journal stays for a rerun to resume, or to be read)."""
        self.store.close()

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
    items: GoldenSource,
    agent: Agent,
    plan: AgentPlan | None,
    executor: Executor,
    *,
    journal: OutcomesJournal,
    concurrency: int,
    progress: bool,
) -> OutcomesJournal:
    """Every item's outcome in `journal`: the ones an earlier run finished, then a new one
    for each other case, appended as it is back (the items are streamed, never held)."""
    done = journal.resume()
    for note in journal.notes:
        print(f"warning: {note}", file=sys.stderr)
    done &= set(items.ids)
    if done:
        print(
            f"resuming {journal.path}: {len(done)} of {len(items)} case(s) already done, "
            f"{len(items) - len(done)} to run",
            file=sys.stderr,
        )
    try:
        for outcome in executor.iter_agent(
            items,
            agent,
            plan,
            total=len(items),
            concurrency=concurrency,
            progress=progress,
            skip=done,
        ):
            journal.record(outcome)
    finally:
        journal.close()
    return journal
