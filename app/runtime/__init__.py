"""The running application: the asyncio-on-Qt loop (:mod:`app.runtime.loop`) and the composition root
(:mod:`app.runtime.app`) that owns the tabs, the agent server and the batch store."""
