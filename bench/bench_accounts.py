"""BENCH bulk_accounts_30_s: a teacher makes 30 pupils' accounts, until their login cards are on screen.

Usage: python bench/run.py bench_accounts   (or `make bench`)

Prints:
  BENCH bulk_accounts_30_s <v> s          the form sent, the 30 accounts made, the cards page shown
  BENCH bulk_accounts_30_hashing_s <v> s  the task that then sets the 30 passwords (a worker's time)
  BENCH join_class_s <v> s                a pupil joins with a name and a password they chose

With Django's recommended hasher as the site has it (PBKDF2, a million iterations): the cards do
not wait for it (lessons/classroom/login_cards.py), the pupils' sign-in does. Joining hashes the
one password the pupil chose, in the request: that hash is the whole of its time.
Each figure is the median of a few runs (the hashing: one run), in a throwaway SQLite database
(bench/child.py).
"""

from __future__ import annotations

import re
import statistics
import sys
import time

PUPILS = 30
RUNS = 3


def run() -> None:
    from bench.child import throwaway_site

    with throwaway_site("bench-accounts-"):
        from django.contrib.auth import get_user_model
        from django.test import Client, override_settings

        from lessons.classroom.login_cards import hash_card_passwords
        from lessons.models import Account, Classroom, FormResult, Role

        # The worker's part measured apart: queued here, run below.
        override_settings(TASKS={"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}).enable()

        teacher = get_user_model().objects.create_user(username="t@example.com", email="t@example.com")
        Account.objects.create(user=teacher, role=Role.TEACHER, display_name="Teacher")
        client = Client()
        client.force_login(teacher, backend="django.contrib.auth.backends.ModelBackend")
        cards, hashing, joins = [], [], []
        for n in range(RUNS):
            classroom = Classroom.objects.create(name=f"Class {n}", code=f"BENCH{n}", owner=teacher)
            classroom.teachers.add(teacher)
            names = "\n".join(f"Pupil {n} {i}" for i in range(PUPILS))
            token = f"bench-cards-{n:04d}"
            start = time.perf_counter()
            response = client.post(
                f"/en/classes/{classroom.pk}/students/new/", {"names": names, "token": token}, follow=True
            )
            cards.append(time.perf_counter() - start)
            assert response.status_code == 200 and response.content.count(b'class="login-card"') == PUPILS
            if n == 0:  # half a minute of hashing on a busy machine: once is enough
                start = time.perf_counter()
                assert hash_card_passwords.call(FormResult.objects.get(token=token).pk) == PUPILS
                hashing.append(time.perf_counter() - start)
            joins.append(_join(Client(), classroom.code, n))
    print(f"BENCH bulk_accounts_30_s {statistics.median(cards):.2f} s")
    print(f"BENCH bulk_accounts_30_hashing_s {statistics.median(hashing):.2f} s")
    print(f"BENCH join_class_s {statistics.median(joins):.2f} s")


def _join(client: object, code: str, n: int) -> float:
    form = client.get(f"/en/join/{code}/")  # type: ignore[attr-defined]
    token = re.search(r'name="token" value="([^"]+)"', form.content.decode())[1]
    data = {
        "display_name": f"Joiner {n}",
        "password": "kmta-4827 rond",
        "password2": "kmta-4827 rond",
        "token": token,
    }
    start = time.perf_counter()
    response = client.post(f"/en/join/{code}/", data, follow=True)  # type: ignore[attr-defined]
    took = time.perf_counter() - start
    assert response.status_code == 200
    return took


def main() -> None:
    """Run the benchmark in a child process: Django starts there, on its own database."""
    from bench.child import run_in_child

    run_in_child(__file__, "bench_accounts")


if __name__ == "__main__":
    if sys.argv[1:] == ["--run"]:
        run()
    else:
        main()
