"""The text protocol between pagenote and coding agents: the ``# Web page annotations: N`` Markdown
(:mod:`app.protocol.markdown`; an element record's lines in :mod:`app.protocol.element_lines`, the other kinds'
in :mod:`app.protocol.kinds`) and its ``Attributes:`` line (:mod:`app.protocol.attributes`). No Qt."""
