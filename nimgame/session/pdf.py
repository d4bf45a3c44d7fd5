"""A small PDF writer, no dependency: pages of lines, rectangles and Helvetica text, as
the MENACE labels and the lessons' teacher sheets print them. A page is its content
stream's operators; `text_op` makes one line of text, `pdf_document` the file."""

from __future__ import annotations

PAGE_W, PAGE_H = 595, 842      # A4 in points


#: Letters Helvetica's WinAnsi lacks that the standard Symbol font has: each as its byte
#: in Symbol's own encoding (Greek in Latin order, as Adobe's Symbol font lays it out).
SYMBOL: dict[str, int] = {
    **{greek: ord(latin) for greek, latin in zip(
        "αβχδεφγηιϕκλμνοπθρστυϖωξψζ", "abcdefghijklmnopqrstuvwxyz", strict=True)},
    **{greek: ord(latin) for greek, latin in zip(
        "ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", strict=True)},
    "−": 0x2D, "≤": 0xA3, "∞": 0xA5, "↔": 0xAB, "←": 0xAC, "↑": 0xAD, "→": 0xAE, "↓": 0xAF,
    "≥": 0xB3, "≠": 0xB9, "≈": 0xBB,
}
#: The rest as words: the end-of-proof sign.
SPELLED = str.maketrans({"∎": "QED"})
SYMBOL_FONT = "F3"


def plain(text: str) -> str:
    """`text` as Helvetica's WinAnsi can show it: ∎ as QED, what it lacks as ? (`text_op`
    shows what `SYMBOL` has in the Symbol font before any of it comes here)."""
    return text.translate(SPELLED).encode("cp1252", "replace").decode("cp1252")


def _escaped(data: bytes) -> str:
    """`data` as a PDF string: brackets and backslashes escaped, bytes past ASCII in octal."""
    out = []
    for byte in data:
        char = chr(byte)
        out.append("\\" + char if char in "()\\" else char if 32 <= byte < 127
                   else f"\\{byte:03o}")
    return "(" + "".join(out) + ")"


def pdf_string(text: str, spelled: bool = False) -> str:
    """`text` as a PDF string, brackets and backslashes escaped: in Latin-1 (the rest as
    ?), or with `spelled` as `plain` makes it (WinAnsi: dashes and quotes too)."""
    safe = plain(text) if spelled else text.encode("latin-1", "replace").decode("latin-1")
    return _escaped(safe.encode("cp1252" if spelled else "latin-1", "replace"))


def runs(text: str) -> list[tuple[bool, str]]:
    """`text` cut where it passes between what Symbol shows and the rest: (in Symbol?,
    the piece), in order."""
    pieces: list[tuple[bool, str]] = []
    for char in text:
        symbol = char in SYMBOL
        if pieces and pieces[-1][0] == symbol:
            pieces[-1] = (symbol, pieces[-1][1] + char)
        else:
            pieces.append((symbol, char))
    return pieces


def text_op(x: float, y: float, size: float, text: str, font: str = "F1",
            spelled: bool = False) -> str:
    """The operators that show `text` at (`x`, `y`) in points from the bottom left, in
    Helvetica (F1) or Helvetica-Bold (F2); `spelled`: see `pdf_string`, with Greek
    letters and the signs in `SYMBOL` shown in the Symbol font (F3), each piece after the
    last."""
    shown = [f"/{font} {size:g} Tf {pdf_string(text)} Tj"] if not spelled else [
        f"/{SYMBOL_FONT if symbol else font} {size:g} Tf "
        + (_escaped(bytes(SYMBOL[c] for c in piece)) if symbol else pdf_string(piece, True))
        + " Tj" for symbol, piece in runs(text)] or [f"/{font} {size:g} Tf () Tj"]
    return f"BT {x:.1f} {y:.1f} Td " + " ".join(shown) + " ET"


def text_width(text: str, size: float) -> float:
    """About how wide `text` is in Helvetica at `size` (an average glyph of half the size;
    wide enough to break lines before the margin)."""
    return len(text) * size * 0.5


def pdf_document(pages: list[str]) -> bytes:
    """A PDF of A4 pages, each given as its operators (one string per page)."""
    contents = [page.encode("cp1252", "replace") for page in pages] or [b""]
    objects: list[bytes] = [b"", b""]   # 1: catalog, 2: pages, 3-5: fonts, then page pairs
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                   b"/Encoding /WinAnsiEncoding >>")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold "
                   b"/Encoding /WinAnsiEncoding >>")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>")
    kids = []
    for content in contents:
        page_id, content_id = len(objects) + 1, len(objects) + 2
        kids.append(f"{page_id} 0 R")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] "
                       f"/Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> "
                       f"/Contents {content_id} 0 R >>".encode())
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content
                       + b"\nendstream")
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += (b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, xref))
    return bytes(out)
