"""Training that anyone can rerun: ``python -m agents.train GAME ...``.

One module per game (``agents.train.dicewars``), each with a ``train(...)`` function
that takes plain arguments and returns a plain report (so a Celery task can call it),
and a ``main(argv)`` for the command line. Shared pieces: ``progress`` (the bar).
"""
