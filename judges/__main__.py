"""Run the judges command line."""

import sys

from judges.cli import main

sys.exit(main())
