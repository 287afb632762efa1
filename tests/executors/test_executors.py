"""The executor package without a Ray cluster: the registry and its arguments, errors
carried across processes, batching that keeps a question's cases together, the shared
ledger's rules, and that neither `--help` nor a local run imports Ray."""

from __future__ import annotations

import argparse

import pytest

from ragoro.contracts import GoldenItem
from ragoro.errors import ExitCode, ProviderUnavailable, UsageError
from ragoro.executors import add_executor_arguments, executor_from_args, make_executor
from ragoro.executors.ledger import Ledger
from ragoro.executors.local import LocalExecutor
from ragoro.executors.relay import carry, restore
from tests.conftest import modules_loaded_by
from vectordb import NoDocumentsError
from vectordb.documents import LoadFailure


def _args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_executor_arguments(parser)
    return parser.parse_args(argv)


def test_local_is_the_default_and_ray_options_need_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert isinstance(executor_from_args(_args()), LocalExecutor)
    with pytest.raises(UsageError, match="need --executor ray"):
        executor_from_args(_args("--ray-address", "ray://head:10001"))
    with pytest.raises(UsageError, match="need --executor ray"):
        executor_from_args(_args("--ray-workers", "4"))
    with pytest.raises(UsageError, match="unknown executor 'spark'"):
        make_executor("spark")


def test_the_ray_address_comes_from_the_flag_else_ray_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "ray://from-env:10001")
    ray = executor_from_args(_args("--executor", "ray"))
    assert getattr(ray, "address", None) == "ray://from-env:10001"
    ray = executor_from_args(_args("--executor", "ray", "--ray-address", "ray://flag:10001"))
    assert getattr(ray, "address", None) == "ray://flag:10001"
    with pytest.raises(UsageError, match="at least 1"):
        executor_from_args(_args("--executor", "ray", "--ray-workers", "0"))


def test_an_error_crosses_a_process_as_itself() -> None:
    failure = LoadFailure("a.pdf", "corrupt", "no trailer")
    for error in (
        ProviderUnavailable("openai:gpt did not answer", details=("check OPENAI_API_KEY",)),
        NoDocumentsError("no document could be loaded", [failure]),
    ):
        again = restore(carry(error))
        assert isinstance(again, ProviderUnavailable | NoDocumentsError)
        assert type(again) is type(error)
        assert str(again) == str(error)
        assert again.details == error.details
        assert again.exit_code == error.exit_code
    down = restore(carry(ProviderUnavailable("x")))
    assert isinstance(down, ProviderUnavailable)
    assert down.exit_code == ExitCode.PROVIDER_UNAVAILABLE


def test_an_error_that_cannot_travel_becomes_a_runtime_error_with_its_text() -> None:
    class Local(Exception):  # defined here: the driver could not import it by name
        pass

    again = restore(carry(Local("agent crashed")))
    assert isinstance(again, RuntimeError) and "Local: agent crashed" in str(again)


def _item(case: str, question: str) -> GoldenItem:
    return GoldenItem(id=case, question=question, answer="a", case_type="refusal")


def test_batches_keep_the_cases_of_one_question_together_and_in_golden_order() -> None:
    from ragoro.executors.ray_worker import batched, question_batches

    items = [_item(f"c{n}", f"q{n % 7}") for n in range(40)]
    batches = list(question_batches(items, workers=2))
    assert len(batches) > 2
    for question in {item.question for item in items}:
        holding = [b for b in batches if any(i.question == question for i in b)]
        assert len(holding) == 1
        ids = [i.id for i in holding[0] if i.question == question]
        assert ids == [i.id for i in items if i.question == question]
    assert sorted(i.id for b in batches for i in b) == sorted(i.id for i in items)
    assert batched(list(range(1000)), workers=2) == [
        list(range(s, min(s + 63, 1000))) for s in range(0, 1000, 63)
    ]


def test_the_ledger_spends_a_cap_once_for_everyone_and_hands_the_probe_to_one() -> None:
    ledger = Ledger(max_calls=2, rpm=None)
    assert [ledger.spend() for _ in range(3)] == [True, True, False]
    assert ledger.used() == 2
    assert ledger.reserve() == 0.0
    assert ledger.claim_probe() == "run"
    assert ledger.claim_probe() == "running"
    assert ledger.probe_verdict() == ("running", None)
    error = carry(ProviderUnavailable("down"))
    ledger.finish_probe(error)
    assert ledger.claim_probe() == "done"
    assert ledger.probe_verdict() == ("done", error)
    limited = Ledger(max_calls=None, rpm=1)
    assert limited.reserve() == 0.0
    assert limited.reserve() > 50  # the second request of the minute waits for the window


@pytest.mark.parametrize(
    "argv",
    [
        ["evaluator", "run", "--help"],
        ["evaluator", "rescore", "--help"],
        ["vectordb", "build", "--help"],
    ],
)
def test_help_shows_the_executor_and_imports_no_ray(argv: list[str]) -> None:
    code, loaded, out = modules_loaded_by(argv[0], *argv[1:], watch=("ray",))
    assert code == "0"
    assert "--executor {local,ray}" in out
    assert "--ray-address" in out
    assert loaded == "-", loaded
