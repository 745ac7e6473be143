"""What was sent: one turn e-mail per (match, seat, position), which the database keeps
unique, so a repeated task or a second worker never mails twice."""

from __future__ import annotations

from django.db import models


class TurnMail(models.Model):
    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField()
    ply = models.PositiveIntegerField()
    to = models.EmailField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "seat", "ply"], name="unique_turn_mail"),
        ]

    def __str__(self) -> str:
        return f"turn mail for seat {self.seat} of match {self.match_id} at {self.ply}"
