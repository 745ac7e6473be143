from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "webapp.bots"
    label = "bots"
    verbose_name = "outside bots"

    def ready(self) -> None:
        # Django's place to connect listeners: models are loaded only now, so this is a
        # function-level import by design (one per app; tests/test_layering.py counts them).
        from webapp.bots import listeners  # noqa: F401
