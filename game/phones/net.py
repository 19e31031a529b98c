"""Where the phone server listens: this machine's private LAN address (never a public one,
never every address), or loopback for tests; a preferred port with a fallback."""
from __future__ import annotations

import ipaddress
import socket

#: the port tried first (a fixed one lets a saved table's QR code bring the phones back)
PREFERRED_PORT = 8741


class NoLanAddress(OSError):
    """This machine has no private address on a local network (one sentence in ``str``)."""


def is_private_lan(address: str) -> bool:
    """A private address of a home network (10/8, 172.16/12, 192.168/16, IPv4 link-local);
    not loopback, not 0.0.0.0, not a public address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if ip.version != 4 or ip.is_loopback or ip.is_unspecified or ip.is_multicast:
        return False
    return any(ip in ipaddress.ip_network(n) for n in
               ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16"))


def lan_address() -> str:
    """This machine's address on its local network, read from the route the system would take
    (a UDP socket's ``connect`` picks a source address and sends nothing).  Raises
    :class:`NoLanAddress` when that address is not private."""
    found = None
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.connect((probe, 9))        # a datagram socket's connect sends no packet
            found = s.getsockname()[0]
        except OSError:
            continue
        finally:
            s.close()
        if is_private_lan(found):
            return found
    raise NoLanAddress(f"This computer has no address on a home network (found {found or 'none'}); "
                       "phones need the computer and the phones on the same Wi-Fi.")


def check_bind_address(address: str) -> str:
    """``address`` if the server may listen there (loopback or a private LAN address), else
    ``ValueError`` with the reason: never every address, never a public one."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise ValueError(f"not an IP address: {address!r}") from None
    if ip.is_loopback or is_private_lan(address):
        return address
    raise ValueError(f"the phone server listens only on loopback or a private home-network "
                     f"address, not {address}")
