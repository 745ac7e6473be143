from django.core.management.base import BaseCommand, CommandError

from webapp.matches.fairness import verify_all
from webapp.matches.models import Match


class Command(BaseCommand):
    help = "Re-simulate stored matches and check every roll follows from the revealed seed."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="match ids (default: all finished)")

    def handle(self, *args, ids, **options):
        matches = (
            Match.objects.filter(pk__in=ids) if ids else Match.objects.exclude(status="active")
        )
        total, failed = verify_all(matches.iterator())
        for verdict in failed:
            self.stderr.write(f"match {verdict.match_id}: {verdict.problem}")
        self.stdout.write(f"{total - len(failed)} of {total} matches verified")
        if failed:
            raise CommandError(f"{len(failed)} matches failed verification")
