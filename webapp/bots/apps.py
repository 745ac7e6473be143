from django.apps import AppConfig
from django.db.models.signals import post_migrate


class BotsConfig(AppConfig):
    name = "webapp.bots"
    label = "bots"
    verbose_name = "outside bots"

    def ready(self) -> None:
        post_migrate.connect(_install_sweep, sender=self)


def _install_sweep(**kwargs) -> None:
    # The clock sweep is the backstop for deadline tasks lost with a broker outage and
    # for tournament games waiting on an offline bot; beat runs it (make run starts beat).
    from webapp.bots.schedules import install_sweep

    install_sweep()
