from django.core.management.base import BaseCommand

from webapp.leaderboards import seeds
from webapp.leaderboards.rating import rate_finished_matches, rebuild


class Command(BaseCommand):
    help = (
        "Start each level's rating from its shipped head-to-head ladder "
        "(agents/levels_ladder/GAME.json); when a seed is new or changed, recompute every "
        "rating (rebuild_ratings). Idempotent: `make run` runs it at every start."
    )

    def handle(self, *args, **options):
        if not seeds.install():
            self.stdout.write("the levels' seeds are up to date")
            return
        rate_finished_matches()
        count = rebuild()
        self.stdout.write(f"seeded the levels from their ladders; rebuilt from {count} matches")
