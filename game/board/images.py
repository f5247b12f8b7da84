"""The size of an image, read from its header without decoding a pixel.

A tileset image is checked before anything loads it: it must be a PNG, JPEG, GIF or BMP (the
formats SDL recognises by their first bytes, so what we read is what the window would decode),
and its width and height must stay within ``game.limits``. A header that lies cannot make the
window decode more than it says: the decoders stop at the declared size.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_SOF_MARKERS = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})
JPEG_MAX_SEGMENTS = 10_000


class ImageHeaderError(ValueError):
    """An image whose kind or size cannot be read from its header; ``what`` says why."""


def image_size(path: str | Path) -> tuple[str, int, int]:
    """(format, width, height) of the image at ``path``; raises ImageHeaderError or OSError."""
    with open(path, "rb") as handle:
        head = handle.read(32)
        if head.startswith(PNG_SIGNATURE):
            return _png(head)
        if head[:6] in (b"GIF87a", b"GIF89a"):
            return _gif(head)
        if head[:2] == b"BM":
            return _bmp(head)
        if head[:3] == b"\xff\xd8\xff":
            return _jpeg(handle)
    raise ImageHeaderError("not a PNG, JPEG, GIF or BMP image")


def _png(head: bytes) -> tuple[str, int, int]:
    if len(head) < 24 or head[12:16] != b"IHDR":
        raise ImageHeaderError("a PNG without its IHDR header")
    width, height = struct.unpack(">II", head[16:24])
    return "PNG", width, height


def _gif(head: bytes) -> tuple[str, int, int]:
    if len(head) < 10:
        raise ImageHeaderError("a GIF cut short")
    width, height = struct.unpack("<HH", head[6:10])
    return "GIF", width, height


def _bmp(head: bytes) -> tuple[str, int, int]:
    if len(head) < 26:
        raise ImageHeaderError("a BMP cut short")
    (header_size,) = struct.unpack("<I", head[14:18])
    if header_size == 12:  # the old OS/2 header: 16-bit sizes
        width, height = struct.unpack("<HH", head[18:22])
        return "BMP", width, height
    width, height = struct.unpack("<ii", head[18:26])
    return "BMP", abs(width), abs(height)  # a negative height is a top-down bitmap


def _jpeg(handle: BinaryIO) -> tuple[str, int, int]:
    handle.seek(2)
    for _ in range(JPEG_MAX_SEGMENTS):
        marker = handle.read(2)
        while len(marker) == 2 and marker[0] == 0xFF and marker[1] == 0xFF:  # fill bytes
            marker = marker[1:] + handle.read(1)
        if len(marker) < 2 or marker[0] != 0xFF:
            break
        kind = marker[1]
        if kind in (0xD8, 0x01) or 0xD0 <= kind <= 0xD7:  # markers without a length
            continue
        length_bytes = handle.read(2)
        if len(length_bytes) < 2:
            break
        (length,) = struct.unpack(">H", length_bytes)
        if kind in JPEG_SOF_MARKERS:
            frame = handle.read(5)
            if len(frame) < 5:
                break
            height, width = struct.unpack(">HH", frame[1:5])
            return "JPEG", width, height
        if length < 2:
            break
        handle.seek(length - 2, 1)
    raise ImageHeaderError("a JPEG without a readable frame header")
