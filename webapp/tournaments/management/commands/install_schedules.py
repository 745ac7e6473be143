from django.core.management.base import BaseCommand
from django_celery_beat.models import PeriodicTask

from webapp.tournaments.schedules import install_defaults


class Command(BaseCommand):
    help = (
        "Install the scheduled tournaments: the hourly Dice Wars ladder and a levels ladder "
        "per game (idempotent; beat runs them). The system's own periodic jobs need no "
        "command: beat installs them from CELERY_BEAT_SCHEDULE when it starts."
    )

    def handle(self, *args, **options):
        install_defaults()
        if options["verbosity"] < 1:
            return
        names = PeriodicTask.objects.filter(task__endswith="scheduled_tournament")
        for name in names.order_by("name").values_list("name", flat=True):
            self.stdout.write(f"scheduled: {name}")
