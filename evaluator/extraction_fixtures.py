"""The ground-truth file of the extraction eval: documents by path, facts by channel.

Written by `scripts/make_fixtures.py` (the demo corpus from its Markdown sources, the
office samples from the values put into them) or by hand, in the same shape.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from ragoro.errors import InputError


class TruthSentence(BaseModel):
    """A ground-truth sentence."""

    locator: str
    text: str


class TruthCell(BaseModel):
    """A ground-truth table cell; `locator` ends in row=R,col=C or is a Sheet!B3 reference."""

    locator: str
    text: str
    header: list[str] = Field(default_factory=list)


class TruthNumber(BaseModel):
    """A ground-truth number: its source's locator plus ',number=K'."""

    locator: str
    value: float
    unit: str = ""
    label: str = ""


class TruthDocument(BaseModel):
    """The ground truth of one document, by channel."""

    source: str = Field(default="", description="Where the truth comes from (a .md file).")
    text: list[TruthSentence] = Field(default_factory=list)
    tables: list[TruthCell] = Field(default_factory=list)
    numbers: list[TruthNumber] = Field(default_factory=list)


class Fixtures(BaseModel):
    """A ground-truth file: a name (it keys the baseline entry) and documents by path."""

    version: int = 1
    name: str = Field(pattern=r"^[^/\s]+$")
    description: str = ""
    documents: dict[str, TruthDocument]


def load_fixtures(path: Path) -> Fixtures:
    """Read a ground-truth file, or raise InputError saying what is wrong with it."""
    try:
        raw = path.read_bytes()
        return Fixtures.model_validate_json(raw)
    except FileNotFoundError as exc:
        raise InputError(
            f"no fixtures file {path}: pass --fixtures or run python scripts/make_fixtures.py"
        ) from exc
    except OSError as exc:
        raise InputError(f"cannot read fixtures file {path}: {exc}") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "top level"
        raise InputError(f"fixtures file {path} is not valid ({where}: {first['msg']})") from exc


def fixtures_sha256(path: Path) -> str:
    """sha256 of the fixtures file: the baseline's evidence is tied to it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()
