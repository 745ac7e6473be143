class SecureCookies:
    """Every cookie set in answer to an HTTPS request is marked Secure, so a session made
    over HTTPS is never sent back over plain HTTP. (HTTPS=on sets Django's own
    SESSION_COOKIE_SECURE and CSRF_COOKIE_SECURE; this also covers a site reached both
    ways, and any other cookie.) Behind a proxy, see SECURE_PROXY_SSL_HEADER."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.is_secure():
            for morsel in response.cookies.values():
                morsel["secure"] = True
        return response
