"""``python -m odds``."""

import sys

from odds.cli import main

sys.exit(main())
