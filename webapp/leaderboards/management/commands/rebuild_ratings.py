from django.core.management.base import BaseCommand

from webapp.leaderboards import seeds
from webapp.leaderboards.rating import rate_finished_matches, rebuild


class Command(BaseCommand):
    help = (
        "Recompute every rating from the stored matches (same order, same numbers), by "
        "today's rules of what counts, the levels starting from their shipped ladders. "
        "Run it once after upgrading a site rated by an earlier version."
    )

    def handle(self, *args, **options):
        rate_finished_matches()
        seeds.install()
        count = rebuild()
        self.stdout.write(f"rebuilt ratings from {count} matches")
