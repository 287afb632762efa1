"""Run the vectordb command line."""

import sys

from vectordb.cli import main

sys.exit(main())
