"""Plain-Python foundations with no Qt: the error registry (:mod:`app.core.errors`) and the rules the page
scripts and the host share (:mod:`app.core.policy`). Everything else may import this package; it imports
nothing of pagenote's."""
