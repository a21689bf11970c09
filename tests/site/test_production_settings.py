"""Production settings: `check --deploy` passes with DEBUG off, settings come from the environment."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_django(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    # The browser tests allow Django's async-unsafe calls in this process; a deployment never does.
    dropped = {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def production_env(**extra: str) -> dict[str, str]:
    return {"DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "example.org", **extra}


def test_it_passes_check_deploy_with_debug_off():
    result = run_django(["check", "--deploy", "--fail-level", "WARNING"], **production_env())
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_warns_when_https_is_turned_off():
    result = run_django(
        ["check", "--deploy", "--fail-level", "WARNING"], **production_env(SECURE_SSL_REDIRECT="0")
    )
    assert result.returncode != 0
    assert "security.W008" in result.stderr + result.stdout


def test_it_requires_a_secret_key_when_debug_is_off():
    result = run_django(["check"], DEBUG="0", ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_it_refuses_a_misspelt_boolean():
    result = run_django(["check"], DEBUG="ture")
    assert result.returncode != 0
    assert "DEBUG='ture'" in result.stderr


def test_it_turns_on_hsts_preload_and_subdomains_when_asked():
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_HSTS_PRELOAD, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SILENCED_SYSTEM_CHECKS)"
    )
    result = run_django(
        ["shell", "-v", "0", "-c", code],
        **production_env(SECURE_HSTS_PRELOAD="1", SECURE_HSTS_INCLUDE_SUBDOMAINS="1"),
    )
    assert result.stdout.split() == ["True", "True", "[]"], result.stderr


def test_it_collects_static_files_hashed_and_compressed(tmp_path):
    code = (
        f"from django.conf import settings as s; s.STATIC_ROOT = {str(tmp_path)!r}; "
        "from django.core.management import call_command as c; c('collectstatic', '--noinput', verbosity=0)"
    )
    result = run_django(["shell", "-v", "0", "-c", code], **production_env())
    assert result.returncode == 0, result.stderr
    names = [p.name for p in (tmp_path / "vendor").iterdir()]
    assert "htmx-2.0.11.min.js.gz" in names
    assert any(n.startswith("htmx-2.0.11.min.") and n.endswith(".js") and n.count(".") == 4 for n in names)
    assert (tmp_path / "staticfiles.json").exists()


@pytest.mark.parametrize("url", ["redis://127.0.0.1:6379/15"])
def test_it_uses_redis_for_cache_and_sessions_when_redis_url_is_set(url):
    code = (
        "from django.conf import settings as s; from django.core.cache import cache; "
        "cache.set('probe', 42); "
        "print(s.CACHES['default']['BACKEND'], s.SESSION_ENGINE, s.TASKS['default']['BACKEND'], "
        "cache.get('probe'))"
    )
    result = run_django(["shell", "-v", "0", "-c", code], REDIS_URL=url)
    # Each made to go on without Redis (tests/site/test_redis_down.py).
    assert result.stdout.split() == [
        "baloot_site.fallible_redis.FallibleRedisCache",
        "django.contrib.sessions.backends.cached_db",
        "baloot_site.fallible_redis.FallibleRQBackend",
        "42",
    ], result.stderr
