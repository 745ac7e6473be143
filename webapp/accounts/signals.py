"""What ``accounts`` announces; other apps listen (``webapp.hooks``).

Inside the sign-up's transaction (``send``: a listener's failure undoes the sign-up):
- ``guest_signed_up(guest, user)``: a guest made an account in the same browser; what
  the guest owned (``guest``, an ``Identity``) moves to the account (``user``): each of
  ``matches``, ``tournaments`` and ``seeks`` moves its own rows.
"""

from __future__ import annotations

from webapp.hooks import Hook

guest_signed_up = Hook("guest_signed_up", ("matches", "tournaments", "seeks"))
