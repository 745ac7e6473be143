from webapp.accounts.identity import ensure_guest_key


class GuestMiddleware:
    """Give every visitor a guest key on first visit, so they can play at once."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        ensure_guest_key(request.session)
        return self.get_response(request)
