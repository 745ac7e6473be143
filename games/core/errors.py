class IllegalMove(ValueError):
    """A move (or chance outcome) that the current state does not allow.

    Raised before anything changes, so the state is exactly as it was. The message is
    meant for a person: it says what was wrong, not where in the code.
    """
