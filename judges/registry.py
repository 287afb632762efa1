"""The judge registry: a new judge is one module with `from_options` plus one line here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judges.options import JudgeOptions

if TYPE_CHECKING:
    # Annotations only: `JUDGES` names the judges for every --help, which must not load
    # their rules.
    from judges.base import Judge
    from judges.deterministic import DeterministicConfig
    from judges.lexical import LexicalConfig
    from judges.options import ClientFactory
    from ragoro.llm import Accounting, Limits

__all__ = ["JUDGES", "make_judge"]


def _offline_judge(options: JudgeOptions) -> Judge:
    from judges.offline import OfflineJudge

    return OfflineJudge.from_options(options)


def _llm_judge(options: JudgeOptions) -> Judge:
    # Imported on use: the LLM judge's LangChain stack is not needed by the offline judge
    # or by --help.
    from judges.llm import LLMJudge

    return LLMJudge.from_options(options)


JUDGES: dict[str, Callable[[JudgeOptions], Judge]] = {
    "offline": _offline_judge,
    "llm": _llm_judge,
}


def make_judge(
    name: str,
    *,
    model: str | None = None,
    client_factory: ClientFactory | None = None,
    cache_dir: str | Path | None = None,
    lexical: LexicalConfig | None = None,
    deterministic: DeterministicConfig | None = None,
    documents: Mapping[str, str] | None = None,
    client_kwargs: Mapping[str, Any] | None = None,
    limits: Limits | None = None,
    use_cache: bool = True,
    accounting: Accounting | None = None,
) -> Judge:
    """The judge registered as `name` ("offline" or "llm").

    `model` picks the LLM judge's provider:model (default: default_model("judge"));
    `client_factory(spec)` builds its LLMClient (tests wrap a fake model), else a real
    chat model is built with a disk cache in `cache_dir`. `documents` (path -> canonical
    text) lets retrieval metrics locate contexts that come without offsets. `limits`
    caps the LLM judge's requests (budget, rpm, timeout, retries); `use_cache=False`
    skips the call cache; `accounting` counts its requests.
    """
    builder = JUDGES.get(name)
    if builder is None:
        raise ValueError(f"unknown judge {name!r}: use one of {', '.join(sorted(JUDGES))}")
    options = JudgeOptions(
        model=model,
        client_factory=client_factory,
        cache_dir=Path(cache_dir) if cache_dir is not None else None,
        lexical=lexical,
        deterministic=deterministic,
        documents=documents,
        client_kwargs=client_kwargs,
        limits=limits,
        use_cache=use_cache,
        accounting=accounting,
    )
    return builder(options)
