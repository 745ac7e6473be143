from django.core.management.base import BaseCommand

from webapp.leaderboards.rating import rate_finished_matches, rebuild


class Command(BaseCommand):
    help = "Recompute every rating from the stored matches (same order, same numbers)."

    def handle(self, *args, **options):
        rate_finished_matches()
        count = rebuild()
        self.stdout.write(f"rebuilt ratings from {count} matches")
