"""A Content-Security-Policy on every response: scripts, sockets, images and fonts from
this site only, so an injected ``<script>`` or ``onclick=`` never runs.

The pages load every script from ``static/`` (data goes in ``json_script`` blocks, which
are not run), so no script needs ``'unsafe-inline'``; a page that ever needs an inline
script gives it the request's nonce (``{{ request.csp_nonce }}``). Styles allow inline
``style=`` attributes: the boards and the API's Swagger UI set them, and a style cannot
run code. ``connect-src 'self'`` covers the site's own WebSockets (ws: and wss: on the
same host).
"""

from __future__ import annotations

import secrets

from django.conf import settings


def policy(nonce: str) -> str:
    rules = {
        "default-src": "'self'",
        "script-src": f"'self' 'nonce-{nonce}'",
        "style-src": "'self' 'unsafe-inline'",
        "img-src": "'self' data:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
        **getattr(settings, "DICEARENA_CSP", {}),
    }
    return "; ".join(f"{name} {value}" for name, value in rules.items())


class ContentSecurityPolicy:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.csp_nonce = secrets.token_urlsafe(16)
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", policy(request.csp_nonce))
        return response
