"""Index build over 1x, 10x and 40x the demo corpus: pages/s, peak RSS, and the whole CLI.

For each scale (distinct copies of the demo corpus, see `bench/scaling.py`) and each
repeat, two fresh processes are measured:

- a worker that loads the embedding model first, then times `build_index` into a fresh
  folder (the in-process work) and raw `SentenceTransformer.encode` of the same chunk texts
  (the baseline, same process, same run): their ratio is the build's overhead over the
  embedding floor;
- the whole `python -m vectordb build` command line (interpreter and model start-up
  included), with its peak RSS.

    .venv/bin/python bench/bench_vectordb.py [--scales 1,10,40] [--repeat 3] [--big-repeat 1]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scaling import min_median, print_row, print_table, run_measured, scaled_corpus, scales  # noqa: E402


def _worker(docs: Path, chunk_size: int) -> None:
    from sentence_transformers import SentenceTransformer

    from vectordb import (
        DEFAULT_EMBEDDINGS,
        build_index,
        get_encoder,
        load_documents,
        split_documents,
    )
    from vectordb.embeddings import resolve_model_path

    get_encoder(DEFAULT_EMBEDDINGS)  # both sides start with a loaded model
    raw = SentenceTransformer(resolve_model_path(DEFAULT_EMBEDDINGS), device="cpu")
    raw.encode(["warm up"])
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        result = build_index(docs, Path(tmp) / "index", chunk_size=chunk_size, chunk_overlap=200)
        build_s = time.perf_counter() - started
    documents = load_documents(docs).documents
    texts = [c.text for c in split_documents(documents, chunk_size, 200)]
    started = time.perf_counter()
    raw.encode(texts, batch_size=64, normalize_embeddings=True)
    raw_s = time.perf_counter() - started
    assert result.embedded == len(texts), "a fresh folder embeds every chunk"
    pages = sum(len(d.pages) for d in documents)
    out = {"files": len(documents), "pages": pages, "chunks": len(texts)}
    print("RESULT " + json.dumps({**out, "build_s": build_s, "raw_s": raw_s}))


def main() -> None:
    """Print the scaling table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", type=scales, default=[1, 10, 40])
    parser.add_argument("--repeat", type=int, default=3, help="repeats at 1x")
    parser.add_argument("--big-repeat", type=int, default=1, help="repeats above 1x")
    parser.add_argument("--chunk-size", type=int, default=1000)
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        _worker(args.worker, args.chunk_size)
        return
    me = [sys.executable, str(Path(__file__).resolve())]
    rows = []
    for scale in args.scales:
        docs = scaled_corpus(scale)
        work, ratio, rss, cli, cli_rss = [], [], [], [], []
        facts: dict[str, float] = {}
        for _ in range(args.repeat if scale == 1 else args.big_repeat):
            measured = run_measured(
                [*me, "--worker", str(docs), "--chunk-size", str(args.chunk_size)]
            )
            facts = measured.result()
            work.append(facts["build_s"])
            ratio.append(facts["build_s"] / facts["raw_s"])
            rss.append(measured.peak_rss_mb)
            with tempfile.TemporaryDirectory() as tmp:
                command = run_measured(
                    [
                        sys.executable,
                        "-m",
                        "vectordb",
                        "build",
                        "--docs",
                        str(docs),
                        "--index",
                        f"{tmp}/i",
                    ]
                )
            cli.append(command.wall_s)
            cli_rss.append(command.peak_rss_mb)
        pages = facts["pages"]
        rows.append(
            [
                f"{scale}x",
                f"{facts['files']:.0f}",
                f"{pages:.0f}",
                f"{facts['chunks']:.0f}",
                min_median(work),
                min_median([pages / w for w in work], "{:.1f}"),
                min_median(ratio),
                min_median(cli),
                min_median([pages / c for c in cli], "{:.1f}"),
                min_median(rss, "{:.0f}"),
                min_median(cli_rss, "{:.0f}"),
            ]
        )
        print_row(rows[-1])
    print_table(
        [
            "scale",
            "files",
            "pages",
            "chunks",
            "build s (in-process)",
            "pages/s",
            "build / raw encode",
            "CLI wall s",
            "CLI pages/s",
            "peak RSS MB (worker)",
            "peak RSS MB (CLI)",
        ],
        rows,
    )
    print(
        "\nmin / median over the repeats; raw encode = SentenceTransformer.encode of the same chunks"
    )


if __name__ == "__main__":
    main()
