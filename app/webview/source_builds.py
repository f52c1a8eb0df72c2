"""Production builds: on what evidence an element is said to come from one, for the ``Source:`` line.

Production builds keep no location, so they give no file and no line; the ``Source:`` line then says
``(react) production build (no source map)`` (:data:`PRODUCTION`; app.runtime.editor.PRODUCTION_MARK reads it
back: there is no file to open) — only on evidence that the element's framework runs as a production build,
else it says nothing (nothing is guessed):

- **React**: the element's fiber (``__reactFiber$…``, ``__reactInternalInstance$…`` in React 16) lacks ``_debugOwner``, ``_debugSource`` and ``_debugStack``
  — React's ``FiberNode`` constructor creates ``_debugOwner`` on every fiber of a development build (16–19);
- **Vue 3**: the element has no ``__vueParentComponent`` (development builds, and production ones with
  ``__VUE_PROD_DEVTOOLS__``, set it on every element they render) and its nearest ancestor with
  ``__vue_app__`` (set by ``app.mount`` on the container in every build) holds an app whose ``_container`` is
  that element, whose ``version`` is 3.x and whose ``_instance`` is ``null`` (``app.mount`` sets it only in
  development builds or with production devtools);
- **Svelte** (tested on 5; 4 discloses its version the same way): ``window.__svelte.v`` is a non-empty ``Set``
  (the version compiled components disclose, ``svelte/internal/disclose-version``, in every build unless
  ``discloseVersion: false``), none of the document's elements (at most :data:`SVELTE_SCAN_MAX`, none hosting an
  open shadow root, whose tree the scan would miss) has ``__svelte_meta`` (development builds put it on every
  element their templates make), and the page loads no ``/@vite/client`` script (Vite's development client: a
  dev server's page). Svelte leaves nothing on a production build's elements, so this is evidence about the
  page: an element outside the Svelte app's target gets the same line.

The evidence is read by :data:`PRODUCTION_OF_JS`, part of :mod:`app.webview.source_hints`' main-world script
(which runs it only for an element with no development hint): the page may forge any of it, so it yields one
framework name and nothing else — a claim without a file, which nothing opens.
"""

from __future__ import annotations

#: What follows the framework on the ``Source:`` line of a production build's element: ``(react) production
#: build (no source map)``.
PRODUCTION = "production build (no source map)"
#: A Svelte production build is named only on a document of at most this many elements (module docstring): on
#: a larger one a development build's elements might lie past the scan.
SVELTE_SCAN_MAX = 50_000

#: ``productionOf(el)`` in the page's main world: ``'react'``, ``'vue'`` or ``'svelte'`` when the module
#: docstring's evidence holds for ``el``, else ``''``; may throw on a hostile page (its caller gives up then).
#: Uses the enclosing script's ``str(value, max)``.
PRODUCTION_OF_JS = r"""
  var svelteProd = null;
  var productionOf = function (el) {
    var keys = Object.keys(el);
    for (var i = 0; i < keys.length && i < 64; i++) {
      if (keys[i].indexOf('__reactFiber$') === 0 || keys[i].indexOf('__reactInternalInstance$') === 0) {
        var f = el[keys[i]];
        return f && typeof f === 'object' && !('_debugOwner' in f) && !('_debugSource' in f)
          && !('_debugStack' in f) ? 'react' : '';
      }
    }
    if (el.__vueParentComponent !== undefined) return '';
    for (var n = el, steps = 0; n && steps < 256; n = n.parentElement, steps++) {
      var app = n.__vue_app__;
      if (app !== undefined) {
        return app && typeof app === 'object' && app._container === n && app._instance === null
          && /^3\./.test(str(app.version, 20)) ? 'vue' : '';
      }
    }
    if (svelteProd === null) {   // once per call; a throw leaves it unknown (and the element without a hint)
      var sv = window.__svelte, v = sv && typeof sv === 'object' ? sv.v : null;
      var every = document.getElementsByTagName('*'), seen = v instanceof Set && v.size > 0 && every.length <= %d
        && !document.querySelector('script[src*="/@vite/client"]');   // Vite's development client: a dev server
      for (var j = 0; seen && j < every.length; j++) {
        if (every[j].__svelte_meta !== undefined || every[j].shadowRoot) seen = false;   // a shadow tree: unseen
      }
      svelteProd = seen;
    }
    return svelteProd ? 'svelte' : '';
  };
""" % SVELTE_SCAN_MAX
