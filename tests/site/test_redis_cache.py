"""The rate limits' counters on a real Redis, through Django's own Redis cache backend
(baloot_site/middleware.py ``count_each``), and what of that backend they rely on."""

import inspect

import pytest
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

from baloot_site import middleware
from bench.loadtest import throwaway_redis


@pytest.fixture(scope="module")
def redis_url():
    with throwaway_redis() as (url, _process):
        yield url


@pytest.fixture
def cache(redis_url, monkeypatch):
    backend = RedisCache(redis_url, {"KEY_PREFIX": "test"})
    backend.clear()
    # The site's default cache, as settings.py makes it when REDIS_URL is set.
    monkeypatch.setattr(middleware, "caches", {"default": backend})
    return backend


def test_it_counts_each_key_in_one_round_trip_new_keys_expiring(cache):
    cache.set("seen", 4, timeout=300)

    assert middleware.count_each(["seen", "new"], 60) == [5, 1]
    assert middleware.count_each(["seen", "new"], 60) == [6, 2]

    client = cache._cache.get_client(write=True)
    assert 0 < client.ttl(cache.make_key("new")) <= 60
    assert client.ttl(cache.make_key("seen")) > 60  # an existing key keeps its own timeout


def test_it_stores_counts_that_django_s_cache_reads_and_increments(cache):
    middleware.count_each(["a"], 60)
    middleware.count_each(["a"], 60)
    assert cache.get("a") == 2
    assert cache.incr("a") == 3
    assert middleware.count_each(["a"], 60) == [4]


def test_it_sends_one_round_trip_for_all_the_keys(cache, monkeypatch):
    client = cache._cache.get_client(write=True)
    executed = []
    pipeline_class = type(client.pipeline())
    real = pipeline_class.execute

    def counted(self, *args, **kwargs):
        executed.append(len(self.command_stack))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(pipeline_class, "execute", counted)
    middleware.count_each(["x", "y"], 60)
    assert executed == [4]  # SET NX EX and INCR, for each of the two keys


# What the counter uses of Django's backend beyond its documented API: a Django upgrade that
# changes it fails here, not in production.


def test_django_s_redis_backend_still_gives_its_client_as_the_counter_uses_it():
    assert isinstance(inspect.getattr_static(RedisCache, "_cache"), cached_property)
    parameters = inspect.signature(RedisCacheClient.get_client).parameters
    assert list(parameters) == ["self", "key", "write"]
    assert parameters["write"].kind is inspect.Parameter.KEYWORD_ONLY
    assert callable(RedisCache.make_and_validate_key)


def test_django_s_redis_backend_still_stores_whole_numbers_as_they_are(redis_url):
    backend = RedisCache(redis_url, {"KEY_PREFIX": "test"})
    backend.set("n", 7)
    assert backend._cache.get_client().get(backend.make_key("n")) == b"7"
