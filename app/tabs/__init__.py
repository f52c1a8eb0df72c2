"""Tabs: one guest page and the small parts that serve it (:class:`app.tabs.tab.Tab`)."""
