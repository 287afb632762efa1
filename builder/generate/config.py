"""Options of one `builder generate` run, and the case-type mix they select."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ragoro.contracts import CASE_TYPES, CaseType
from ragoro.llm.defaults import DEFAULT_ATTEMPTS, DEFAULT_BACKOFF, DEFAULT_TIMEOUT
from ragoro.llm.gate import Limits
from ragoro.stored import code_hash

PROMPT_VERSION = "gen-v2"
"""Bump when the prompts or the offline templates change what gets written."""

OFFLINE_GENERATOR = "offline"

DEFAULT_MIX: dict[CaseType, float] = {
    "narrative": 0.35,
    "numeric": 0.25,
    "composite": 0.15,
    "refusal": 0.15,
    "clarification": 0.10,
}

TYPE_PREFIX: dict[CaseType, str] = {
    "narrative": "nar",
    "numeric": "num",
    "composite": "comp",
    "refusal": "ref",
    "clarification": "clar",
}


ALIASES: dict[str, CaseType] = {"factual": "narrative"}
"""Other names a user may give a case type in --mix."""


def parse_mix(text: str) -> dict[CaseType, float]:
    """Parse "factual,numeric" (default weights) or "factual=0.5,refusal=0.15" into a mix.

    Weights are relative (they need not sum to 1); "factual" names the narrative type."""
    mix: dict[CaseType, float] = {}
    names = ", ".join([*CASE_TYPES, *ALIASES])
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        name, sep, weight_text = part.partition("=")
        name = ALIASES.get(name.strip().lower(), name.strip().lower())
        if name not in CASE_TYPES:
            raise ValueError(f"unknown case type {name!r} in --mix: choose from {names}")
        case_type: CaseType = name
        if case_type in mix:
            raise ValueError(f"case type {name} is given twice in --mix")
        try:
            weight = float(weight_text) if sep else DEFAULT_MIX[case_type]
        except ValueError as exc:
            raise ValueError(f"bad weight in {part!r}: use name=number, e.g. refusal=0.15") from exc
        if not weight >= 0 or weight == float("inf"):
            raise ValueError(f"weight of {name} must be a finite number >= 0, got {weight_text}")
        mix[case_type] = weight
    if not mix or sum(mix.values()) <= 0:
        raise ValueError("--mix selects no case type with a positive weight")
    return mix


@dataclass
class GenerateConfig:
    """Everything that decides what a generation run writes and how it spends calls."""

    docs: Path
    index: Path
    out: Path
    rejects: Path | None = None
    sample: float | None = 0.1
    n: int | None = None
    seed: int = 42
    llm: str = OFFLINE_GENERATOR
    mix: dict[CaseType, float] = field(default_factory=lambda: dict(DEFAULT_MIX))
    chunk_size: int = 900
    concurrency: int = 4
    rpm: int | None = 60
    """Model requests per minute, retries included."""
    max_calls: int | None = None
    """Model requests in all, retries included; None = unlimited."""
    timeout: float = DEFAULT_TIMEOUT
    """Seconds per model request."""
    retries: int = DEFAULT_ATTEMPTS - 1
    """Retries of a request after a rate limit, 5xx, timeout or unreadable reply."""
    backoff: float = DEFAULT_BACKOFF
    """Seconds before the first retry when the provider names none."""
    max_reasks: int = 2
    dedup_threshold: float = 0.92
    roundtrip_k: int = 5
    cache: bool = True
    cache_dir: Path | None = None
    progress: bool = True

    def __post_init__(self) -> None:
        if self.n is None and self.sample is None:
            raise ValueError("give --sample FRACTION or --n COUNT")
        if self.n is not None and self.n <= 0:
            raise ValueError(f"--n must be positive, got {self.n}")
        if self.sample is not None and not 0 < self.sample <= 1:
            raise ValueError(f"--sample must be in (0, 1], got {self.sample}")
        if self.concurrency < 1:
            raise ValueError(f"--concurrency must be >= 1, got {self.concurrency}")
        if not 0 < self.dedup_threshold <= 1:
            raise ValueError(f"--dedup-threshold must be in (0, 1], got {self.dedup_threshold}")
        if self.max_reasks < 0:
            raise ValueError(f"--max-reasks must be >= 0, got {self.max_reasks}")
        self.limits  # noqa: B018 - validates max_calls, rpm, timeout, retries, backoff
        if not 200 <= self.chunk_size <= 4000:
            raise ValueError(f"--chunk-size must be in [200, 4000], got {self.chunk_size}")

    @property
    def limits(self) -> Limits:
        """The builder model's request limits (raises ValueError on a bad value)."""
        return Limits(
            max_calls=self.max_calls,
            rpm=self.rpm,
            timeout=self.timeout,
            attempts=self.retries + 1,
            backoff=self.backoff,
        )

    def lineage_settings(self) -> dict[str, str]:
        """The settings that decide what a run writes, as the golden file's sidecar keeps
        them (paths, concurrency, limits and the cache change nothing that is written)."""
        mix = ",".join(f"{t}={w:g}" for t, w in sorted(self.mix.items()))
        values: dict[str, object] = {
            "prompt_version": PROMPT_VERSION,
            "seed": self.seed,
            "sample": self.sample,
            "n": self.n,
            "mix": mix,
            "chunk_size": self.chunk_size,
            "dedup_threshold": self.dedup_threshold,
            "roundtrip_k": self.roundtrip_k,
        }
        if self.llm != OFFLINE_GENERATOR:
            values["max_reasks"] = self.max_reasks
        return {key: "" if value is None else str(value) for key, value in values.items()}

    @property
    def rejects_path(self) -> Path:
        """Where rejected scenarios go: --rejects, else beside --out as NAME.rejects.jsonl."""
        if self.rejects is not None:
            return self.rejects
        return self.out.with_name(self.out.name.removesuffix(".jsonl") + ".rejects.jsonl")


def generator_code_sha256() -> str:
    """A sha256 of the generator's own source (`builder/generate/`, with the Python version
    it ran on): two golden sets with the same settings and this hash were written by the
    same code. "" when the source cannot be read."""
    return code_hash([Path(__file__).resolve().parent]) or ""
