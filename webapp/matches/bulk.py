"""Inserting many rows without building a model instance for each.

A tournament stores hundreds of light games a second: Django's ``bulk_create`` spends
more time building and preparing instances than the games take to play. Rows that need
no id back (seats, events, rating rows) go in here instead: COPY on PostgreSQL, one
``executemany`` on SQLite. Values are given as the columns store them (JSON as text,
times from ``db_time``); the database's constraints still check every row.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection, models


def db_json(value: Any) -> str:
    return json.dumps(value)


def db_time(value: datetime) -> Any:
    return connection.ops.adapt_datetimefield_value(value)


def insert_many(model: type[models.Model], fields: Sequence[str], rows: Iterable[tuple]) -> None:
    """Insert ``rows`` (one value per field, in order) into ``model``'s table."""
    meta = model._meta
    table = connection.ops.quote_name(meta.db_table)
    columns = ", ".join(connection.ops.quote_name(meta.get_field(f).column) for f in fields)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(fields))
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", list(rows))
