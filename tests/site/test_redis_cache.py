"""The Redis cache backend (baloot_site/redis_cache.py) on a real Redis: Django's meaning, less work."""

import threading

import pytest

from baloot_site.redis_cache import RedisCache
from bench.loadtest import throwaway_redis


@pytest.fixture(scope="module")
def redis_url():
    with throwaway_redis() as (url, _process):
        yield url


@pytest.fixture
def cache(redis_url):
    backend = RedisCache(redis_url, {"KEY_PREFIX": "test"})
    backend.clear()
    return backend


def test_it_keeps_and_gives_back_values(cache):
    cache.set("a", {"x": [1, 2]})
    assert cache.get("a") == {"x": [1, 2]}
    assert cache.get("missing", "default") == "default"
    assert cache.add("a", "other") is False
    assert cache.add("b", 1, timeout=60) is True


def test_it_increments_an_existing_key(cache):
    cache.set("count", 5)
    assert cache.incr("count") == 6
    assert cache.incr("count", 10) == 16
    assert cache.get("count") == 16


def test_it_refuses_to_increment_a_missing_key_as_django_does(cache):
    with pytest.raises(ValueError, match="not found"):
        cache.incr("nothing")
    assert cache.get("nothing") is None


def test_it_counts_every_increment_from_threads_at_once(cache):
    cache.set("count", 0)

    def add_250():
        for _ in range(250):
            cache.incr("count")

    threads = [threading.Thread(target=add_250) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert cache.get("count") == 1000


def test_it_makes_one_client_per_connection_pool(cache):
    client = cache._cache.get_client("a", write=True)
    assert cache._cache.get_client("b") is client


def test_it_counts_each_key_in_one_round_trip_new_keys_expiring(cache):
    cache.set("seen", 4, timeout=300)

    assert cache.count_each(["seen", "new"], 60) == [5, 1]
    assert cache.count_each(["seen", "new"], 60) == [6, 2]

    client = cache._cache.get_client(write=True)
    assert 0 < client.ttl(cache.make_key("new")) <= 60
    assert client.ttl(cache.make_key("seen")) > 60  # an existing key keeps its own timeout
