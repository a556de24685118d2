#!/usr/bin/env python3
"""Regenerates Sources/MDStyle/AlertIcons.swift: the icons of GitHub's alerts
(`> [!NOTE]` …) as vector paths, from GitHub's own Octicons.

Source: the PyPI package `octicons-pack` (a redistribution of the `@primer/octicons`
SVGs, MIT License, Copyright (c) GitHub Inc.), pinned below. GitHub draws the alerts with
info-16 (note), light-bulb-16 (tip), report-16 (important), alert-16 (warning) and
stop-16 (caution). Each SVG path is turned into absolute move/line/cubic/close commands
(arcs and quadratic curves become cubic Béziers), so mdpdf draws them with cairo's path
calls and needs no SVG parser.

Usage:  scripts/generate-alert-icons.py     (installs the pinned package with pip when missing)
"""
import math
import os
import re
import subprocess
import sys

PACKAGE = "octicons-pack==19.42.0"
ICONS = [("note", "info-16"), ("tip", "light-bulb-16"), ("important", "report-16"),
         ("warning", "alert-16"), ("caution", "stop-16")]
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "MDStyle", "AlertIcons.swift")


def load_octicons():
    try:
        import octicons_pack  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", PACKAGE])
    import octicons_pack
    return octicons_pack


TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def flags_and_numbers(d):
    """SVG path tokens; arc flags may be written without separators ("0 1 1" or "011")."""
    return TOKEN.findall(d)


def arc_to_cubics(x1, y1, rx, ry, phi, large, sweep, x2, y2):
    """SVG arc (endpoint form) to cubic Béziers, per the SVG implementation notes (F.6)."""
    if (x1, y1) == (x2, y2):
        return []
    if rx == 0 or ry == 0:
        return [((x1, y1), (x2, y2), (x2, y2))]
    rx, ry = abs(rx), abs(ry)
    cos_p, sin_p = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos_p * dx + sin_p * dy, -sin_p * dx + cos_p * dy
    lam = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2
    if lam > 1:
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
    den = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
    coef = math.sqrt(max(num / den, 0)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    t1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    dt = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    segments = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    delta = dt / segments
    k = 4 / 3 * math.tan(delta / 4)

    def point(t):
        x, y = rx * math.cos(t), ry * math.sin(t)
        return (cos_p * x - sin_p * y + cx, sin_p * x + cos_p * y + cy)

    def derivative(t):
        x, y = -rx * math.sin(t), ry * math.cos(t)
        return (cos_p * x - sin_p * y, sin_p * x + cos_p * y)

    out = []
    t = t1
    for _ in range(segments):
        p0, p3 = point(t), point(t + delta)
        d0, d3 = derivative(t), derivative(t + delta)
        c1 = (p0[0] + k * d0[0], p0[1] + k * d0[1])
        c2 = (p3[0] - k * d3[0], p3[1] - k * d3[1])
        out.append((c1, c2, p3))
        t += delta
    out[-1] = (out[-1][0], out[-1][1], (x2, y2))  # exact end point
    return out


def absolute_commands(d):
    """[("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)] in absolute coordinates."""
    tokens = flags_and_numbers(d)
    out = []
    i = 0
    cmd = None
    x = y = sx = sy = 0.0
    last_ctrl = None  # the previous cubic's second control point, for S
    last_quad = None  # the previous quadratic's control point, for T

    def num():
        nonlocal i
        v = float(tokens[i])
        i += 1
        return v

    def flag():
        nonlocal i
        t = tokens[i]
        # "011" style packed flags: take one digit.
        if len(t) > 1 and t[0] in "01" and not t.startswith(("0.", "1.")):
            tokens[i] = t[1:]
            return int(t[0])
        i += 1
        return int(float(t))

    while i < len(tokens):
        if re.fullmatch(r"[A-Za-z]", tokens[i]):
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                out.append(("Z",))
                x, y = sx, sy
                last_ctrl = last_quad = None
                continue
        rel = cmd.islower()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        c = cmd.upper()
        if c == "M":
            x, y = ox + num(), oy + num()
            sx, sy = x, y
            out.append(("M", x, y))
            cmd = "l" if rel else "L"  # further pairs are line-tos
            last_ctrl = last_quad = None
        elif c == "L":
            x, y = ox + num(), oy + num()
            out.append(("L", x, y))
            last_ctrl = last_quad = None
        elif c == "H":
            x = ox + num()
            out.append(("L", x, y))
            last_ctrl = last_quad = None
        elif c == "V":
            y = oy + num()
            out.append(("L", x, y))
            last_ctrl = last_quad = None
        elif c == "C":
            x1, y1, x2, y2 = ox + num(), oy + num(), ox + num(), oy + num()
            x, y = ox + num(), oy + num()
            out.append(("C", x1, y1, x2, y2, x, y))
            last_ctrl, last_quad = (x2, y2), None
        elif c == "S":
            x1, y1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
            x2, y2 = ox + num(), oy + num()
            x, y = ox + num(), oy + num()
            out.append(("C", x1, y1, x2, y2, x, y))
            last_ctrl, last_quad = (x2, y2), None
        elif c in "QT":
            if c == "Q":
                qx, qy = ox + num(), oy + num()
            else:
                qx, qy = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
            ex, ey = ox + num(), oy + num()
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            x, y = ex, ey
            last_ctrl, last_quad = None, (qx, qy)
        elif c == "A":
            rx, ry, phi = num(), num(), num()
            large, sweep = flag(), flag()
            ex, ey = ox + num(), oy + num()
            for (c1, c2, p) in arc_to_cubics(x, y, rx, ry, phi, large, sweep, ex, ey):
                out.append(("C", c1[0], c1[1], c2[0], c2[1], p[0], p[1]))
            x, y = ex, ey
            last_ctrl = last_quad = None
        else:
            raise ValueError(f"unsupported path command {cmd}")
    return out


def fmt(v):
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("", "-0") else s


def swift_numbers(commands):
    """The flat encoding AlertIcons.swift decodes: 0 x y = move, 1 x y = line,
    2 x1 y1 x2 y2 x y = cubic, 3 = close."""
    codes = {"M": 0, "L": 1, "C": 2, "Z": 3}
    out = []
    for c in commands:
        out.append(str(codes[c[0]]))
        out += [fmt(v) for v in c[1:]]
    return out


def main():
    octicons = load_octicons()
    lines = [
        "// Generated by scripts/generate-alert-icons.py from the PyPI package "
        f"{PACKAGE} (GitHub's Octicons,",
        "// MIT License, Copyright (c) GitHub Inc.). Do not edit; run the script again.",
        "",
        "extension AlertKind {",
        "    /// The Octicon GitHub draws beside the alert's title, in its 16 × 16 box (y down):",
        "    /// commands encoded as numbers, see `VectorPath(encoded:)`.",
        "    var iconCommands: [Double] {",
        "        switch self {",
    ]
    for kind, slug in ICONS:
        icon = octicons.get_icon(slug)
        if icon is None:
            sys.exit(f"{slug} is not in {PACKAGE}")
        m = re.search(r'viewBox="0 0 16 16"', icon.svg)
        if not m:
            sys.exit(f"{slug}: expected a 16 × 16 viewBox")
        paths = re.findall(r'<path[^>]*\sd="([^"]+)"', icon.svg)
        commands = [c for d in paths for c in absolute_commands(d)]
        numbers = swift_numbers(commands)
        lines.append(f"        case .{kind}:  // {slug}")
        lines.append("            return [")
        row = []
        for n in numbers:
            row.append(n)
            if len(", ".join(row)) > 96:
                lines.append("                " + ", ".join(row) + ",")
                row = []
        if row:
            lines.append("                " + ", ".join(row) + ",")
        lines.append("            ]")
    lines += ["        }", "    }", "}", ""]
    with open(OUT, "w") as f:
        f.write("\n".join(lines))
    print(f"wrote {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
