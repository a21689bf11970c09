"""The address of the person behind a request, believing ``X-Forwarded-For`` from trusted proxies only.

Behind nginx or a load balancer every request reaches the site from the proxy's address; the
proxy adds the address it was reached from at the end of ``X-Forwarded-For`` (nginx:
``proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;``). The answer rate limit and
django-axes' sign-in throttle count by that client address (:func:`client_address`).

The header is believed only when the request comes from one of ``TRUSTED_PROXIES`` (addresses or
networks; none by default): anybody else can write any address there, to slip past the limits
or to lock somebody else out. It is read from the right: the last entry was written by the
trusted proxy itself; entries written by other trusted proxies before it are passed over; the
first one that is not a trusted proxy is the client. What lies to its left came from the client,
and is not believed.
"""

from __future__ import annotations

import functools
import ipaddress

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def client_address(request: HttpRequest) -> str:
    """The client's address; ``REMOTE_ADDR`` unless a trusted proxy says who it is serving."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = trusted_networks(tuple(settings.TRUSTED_PROXIES))
    if not proxies or not _trusted(_address(remote), proxies):
        return remote
    for entry in reversed(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")):
        address = _address(entry.strip())
        if address is None:
            # Not an address: written by the client, not by a proxy. Count the proxy instead.
            return remote
        if not _trusted(address, proxies):
            return str(address)
    return remote  # only trusted proxies (or no header): the request started among them


@functools.cache
def trusted_networks(values: tuple[str, ...]) -> tuple[Network, ...]:
    """``TRUSTED_PROXIES`` read as networks (an address is a network of one); a typo is an error."""
    networks = []
    for value in values:
        try:
            networks.append(ipaddress.ip_network(value, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES: {value!r} is not an address or a network like 10.0.0.0/24"
            ) from None
    return tuple(networks)


def _address(text: str) -> Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _trusted(address: Address | None, proxies: tuple[Network, ...]) -> bool:
    return address is not None and any(address in network for network in proxies)
