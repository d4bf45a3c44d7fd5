"""A small PDF writer, no dependency: pages of lines, rectangles and Helvetica text, as
the MENACE labels and the lessons' teacher sheets print them. A page is its content
stream's operators; `text_op` makes one line of text, `pdf_document` the file."""

from __future__ import annotations

PAGE_W, PAGE_H = 595, 842      # A4 in points


#: Letters the standard fonts lack, as words (the lessons' Greek, a few signs).
SPELLED = str.maketrans({"α": "alpha", "ε": "epsilon", "γ": "gamma", "≤": "<=", "≥": ">=",
                         "→": "->", "∎": "QED", "×": "x", "−": "-"})


def plain(text: str) -> str:
    """`text` as the standard fonts can show it (WinAnsi; the rest spelled or as ?)."""
    return text.translate(SPELLED).encode("cp1252", "replace").decode("cp1252")


def pdf_string(text: str, spelled: bool = False) -> str:
    """`text` as a PDF string, brackets and backslashes escaped: in Latin-1 (the rest as
    ?), or with `spelled` as `plain` makes it (WinAnsi: dashes and quotes too)."""
    safe = plain(text) if spelled else text.encode("latin-1", "replace").decode("latin-1")
    return "(" + safe.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def text_op(x: float, y: float, size: float, text: str, font: str = "F1",
            spelled: bool = False) -> str:
    """The operators that show `text` at (`x`, `y`) in points from the bottom left, in
    Helvetica (F1) or Helvetica-Bold (F2); `spelled`: see `pdf_string`."""
    return f"BT /{font} {size:g} Tf {x:.1f} {y:.1f} Td {pdf_string(text, spelled)} Tj ET"


def text_width(text: str, size: float) -> float:
    """About how wide `text` is in Helvetica at `size` (an average glyph of half the size;
    wide enough to break lines before the margin)."""
    return len(text) * size * 0.5


def pdf_document(pages: list[str]) -> bytes:
    """A PDF of A4 pages, each given as its operators (one string per page)."""
    contents = [page.encode("cp1252", "replace") for page in pages] or [b""]
    objects: list[bytes] = [b"", b""]   # 1: catalog, 2: pages, 3-4: fonts, then page pairs
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                   b"/Encoding /WinAnsiEncoding >>")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold "
                   b"/Encoding /WinAnsiEncoding >>")
    kids = []
    for content in contents:
        page_id, content_id = len(objects) + 1, len(objects) + 2
        kids.append(f"{page_id} 0 R")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] "
                       f"/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> "
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
