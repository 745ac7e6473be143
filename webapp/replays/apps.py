from django.apps import AppConfig


class ReplaysConfig(AppConfig):
    name = "webapp.replays"
    label = "replays"

    def ready(self) -> None:
        # Django's place to connect listeners: models are loaded only now, so this is a
        # function-level import by design (one per app; tests/test_layering.py counts them).
        from webapp.replays import listeners  # noqa: F401
