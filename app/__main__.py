"""``python -m app`` — same as the ``pagenote`` console script."""

import sys

from app.cli import main

sys.exit(main())
