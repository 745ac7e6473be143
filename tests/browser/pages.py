"""What the browser tests read off Dice Arena's pages."""


def seq_of(page) -> int:
    """How many events the match page has applied (its socket's sequence number)."""
    return int(page.locator("#match").get_attribute("data-seq") or 0)
