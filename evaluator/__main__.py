"""Run the evaluator command line."""

import sys

from evaluator.cli import main

sys.exit(main())
