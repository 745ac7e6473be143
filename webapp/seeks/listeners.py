"""``seeks`` listens to the accounts: a guest who signs up keeps their seeks. Imported
by ``SeeksConfig.ready``."""

from __future__ import annotations

from webapp.accounts import signals as accounts
from webapp.accounts.identity import Identity
from webapp.seeks.models import Seek, SeekSeat


def claim_guest_seeks(guest: Identity, user: Identity) -> None:
    """A guest signed up: the seeks they posted (open ones start the account's match
    when taken), the seats they took in seeks for more, and the seeks they accepted are
    the account's, under its name. Inside the sign-up's transaction."""
    Seek.objects.filter(created_by=guest.key).update(
        created_by=user.key, name=user.name, user_id=user.user_id
    )
    Seek.objects.filter(accepted_by=guest.key).update(accepted_by=user.key)
    SeekSeat.objects.filter(key=guest.key).update(
        key=user.key, name=user.name, user_id=user.user_id
    )


accounts.guest_signed_up.connect(claim_guest_seeks)
