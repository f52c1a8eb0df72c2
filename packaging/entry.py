"""Entry script of the standalone bundle (PyInstaller runs it as ``__main__``): the ``pagenote`` command."""

import sys

from app.cli import main

if __name__ == "__main__":
    sys.exit(main())
