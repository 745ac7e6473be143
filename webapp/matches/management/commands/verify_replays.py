from django.core.management.base import BaseCommand, CommandError

from webapp.matches.fairness import verify
from webapp.matches.models import Match


class Command(BaseCommand):
    help = "Re-simulate stored matches and check every roll follows from the revealed seed."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="match ids (default: all finished)")

    def handle(self, *args, ids, **options):
        matches = (
            Match.objects.filter(pk__in=ids) if ids else Match.objects.exclude(status="active")
        )
        bad = 0
        for match in matches.iterator():
            verdict = verify(match)
            if not verdict.ok:
                bad += 1
                self.stderr.write(f"match {match.pk}: {verdict.problem}")
        total = matches.count()
        self.stdout.write(f"{total - bad} of {total} matches verified")
        if bad:
            raise CommandError(f"{bad} matches failed verification")
