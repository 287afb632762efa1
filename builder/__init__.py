"""Build golden QA sets from a corpus and validate them against their documents."""
