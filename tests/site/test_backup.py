"""Backups: `pg_dump -Fc` of the site's database restored with `pg_restore` into a fresh one
holds every attempt (docs/DEPLOY.md, "Backups and restore"). PostgreSQL only."""

import subprocess
import urllib.parse

import pytest
from django.db import connection

from lessons.models import Attempt, Puzzle
from lessons.progress import record_attempt
from tests.site.pages import *  # noqa: F403

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump backs up PostgreSQL only"),
]


def url_of(name):
    s = connection.settings_dict
    netloc = f"{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}"
    return urllib.parse.urlunsplit(("postgres", netloc, "/" + name, "", ""))


def psql(url, sql):
    out = subprocess.run(["psql", url, "-Atq", "-c", sql], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def test_it_restores_every_attempt_from_a_dump(saudi, tmp_path):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    for i in range(25):
        record_attempt(
            puzzle=puzzle, session_key=f"s{i % 3}", answer="KC", correct=i % 2 == 0, token=f"tok{i:06d}"
        )
    tokens = sorted(Attempt.objects.values_list("token", flat=True))
    assert len(tokens) == 25

    dump = tmp_path / "site.dump"
    source = url_of(connection.settings_dict["NAME"])
    subprocess.run(["pg_dump", "-Fc", "--no-owner", "-f", str(dump), source], check=True)
    restored = f"{connection.settings_dict['NAME']}_restored"
    admin = url_of("postgres")
    psql(admin, f'DROP DATABASE IF EXISTS "{restored}"')
    psql(admin, f'CREATE DATABASE "{restored}"')
    try:
        subprocess.run(["pg_restore", "--no-owner", "-d", url_of(restored), str(dump)], check=True)
        table = Attempt._meta.db_table
        restored_tokens = psql(url_of(restored), f"SELECT token FROM {table} ORDER BY token").splitlines()
        assert restored_tokens == tokens
        assert psql(url_of(restored), f"SELECT count(*) FROM {table} WHERE correct") == "13"
    finally:
        psql(admin, f'DROP DATABASE IF EXISTS "{restored}" WITH (FORCE)')
