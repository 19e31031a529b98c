"""The join card's QR code: the module matrix of the join URL, for the app to draw as
rectangles (no image library)."""
from __future__ import annotations


def join_url(host: str, port: int, room: str) -> str:
    return f"http://{host}:{port}/?room={room}"


def qr_matrix(url: str) -> list[list[bool]]:
    """The QR code of ``url`` as rows of dark (True) and light modules, without the quiet zone
    (draw four light modules around it).  Error correction M: a phone reads it off a screen
    across a table."""
    import segno

    code = segno.make_qr(url, error="m", boost_error=False)
    return [[bool(m) for m in row] for row in code.matrix]
