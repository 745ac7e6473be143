"""What ``bots`` announces (``webapp.hooks``); tournaments listen.

- ``bot_connected(bot_id)``: a bot's socket opened (after the commit of its row): games
  waiting for it may start;
- ``sweeping()``: the periodic sweep runs; each listener does its share and returns a
  dict of counts that the sweep reports.
"""

from __future__ import annotations

from webapp.hooks import Hook

bot_connected = Hook("bot_connected", ("tournaments",))
sweeping = Hook("sweeping", ("tournaments",))
