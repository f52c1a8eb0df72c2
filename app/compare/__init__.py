"""Visual compare of two screenshots (issue #4 §6): :mod:`.engine` (the rule, :func:`compare_images`),
:mod:`.diff_image` (the picture), :mod:`.images` (opening large screenshots), :mod:`.cli`
(``pagenote compare``, and :func:`summary`, its human text).

Import from the submodules. The package re-exports nothing, so importing ``app.compare.images`` — as every
agent screenshot does — does not pull numpy and scipy into start-up, and no function can be shadowed by its
submodule of the same name (``diff_image``)."""
