"""The text protocol between pagenote and coding agents: the ``# Web page annotations: N`` Markdown
(:mod:`app.protocol.markdown`) and its ``Attributes:`` line (:mod:`app.protocol.attributes`). No Qt."""
