#!/usr/bin/env python3
"""Every relative link and image in the README and the user guide resolves.

    check_links.py [ROOT]          check ROOT/README.md and ROOT/docs/**/*.md (ROOT: the checkout)
    check_links.py --self-test     the checker must catch a missing file and a missing anchor

A link is [text](target) or ![alt](target) outside fenced code blocks and code spans. A target
with a scheme (https:, mailto:) is left alone; any other names a file or folder relative to the
page, which must exist inside ROOT, and its #anchor, if any, must be a heading of that page as
GitHub spells it (lower case, punctuation dropped, spaces to hyphens, -1, -2 for repeats).
Also: the README stays a front page, at most 300 lines, with the three scripts first. Prints
one line per problem (file:line: target: why) and exits 1 if there is any.
"""
import pathlib
import re
import sys
import tempfile

FENCE = re.compile(r"^ {0,3}(```|~~~)")
LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def blank_code(text):
    """The text with fenced blocks and code spans blanked (line numbers kept)."""
    lines, fenced, out = text.split("\n"), None, []
    for line in lines:
        match = FENCE.match(line)
        if fenced is None and match:
            fenced = match.group(1)
            out.append("")
        elif fenced is not None:
            if line.strip().startswith(fenced):
                fenced = None
            out.append("")
        else:
            out.append(re.sub(r"(`+)(.+?)\1", lambda m: " " * len(m.group(0)), line))
    return "\n".join(out)


def slug(heading):
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\]]*\])*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = re.sub(r"<[^>]+>", "", text).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        text = path.read_text(encoding="utf-8")
        for raw, blanked in zip(text.split("\n"), blank_code(text).split("\n")):
            if not blanked.strip():
                continue
            match = HEADING.match(raw)
            if match:
                base = slug(match.group(2))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
        cache[path] = found
    return cache[path]


def check_page(page, root):
    problems = []
    text = blank_code(page.read_text(encoding="utf-8"))
    for match in LINK.finditer(text):
        target = match.group(2)
        line = text.count("\n", 0, match.start()) + 1
        where = f"{page.relative_to(root)}:{line}: {target}"
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target):
            continue
        path_part, _, anchor = target.partition("#")
        resolved = (page.parent / path_part).resolve() if path_part else page.resolve()
        try:
            resolved.relative_to(root.resolve())
        except ValueError:
            problems.append(f"{where}: leaves the repository")
            continue
        if not resolved.exists():
            problems.append(f"{where}: no such file or folder ({resolved.relative_to(root.resolve())})")
            continue
        if anchor:
            if resolved.suffix != ".md":
                problems.append(f"{where}: an anchor into a file that is not markdown")
            elif anchor not in anchors(resolved):
                problems.append(f"{where}: no heading '#{anchor}' in {resolved.name}")
    return problems


FRONT_LINES = 300
SCRIPTS = """```sh
scripts/demo    # install missing Debian packages, build, open the demo window
scripts/test    # install missing Debian packages, build, run every test
scripts/web     # the demo in the browser: build it for WebGL2, serve it on http://127.0.0.1:8080/
```"""


def check_front_page(readme):
    """The README stays a front page: at most 300 lines, the three scripts first."""
    text = readme.read_text(encoding="utf-8")
    problems, lines = [], text.count("\n")
    if lines > FRONT_LINES:
        problems.append(f"README.md: {lines} lines; the front page keeps to {FRONT_LINES} "
                        "(move the rest into a page of docs/)")
    if not text.startswith("# tactics-grid\n\n" + SCRIPTS + "\n"):
        problems.append("README.md:3: the three scripts (demo, test, web) are no longer its "
                        "first lines, as they were")
    return problems


def check(root, front_page=True):
    root = pathlib.Path(root)
    pages = [root / "README.md"] + sorted((root / "docs").rglob("*.md"))
    problems = [p for page in pages if page.exists() for p in check_page(page, root)]
    if front_page:
        problems += check_front_page(root / "README.md")
    return pages, problems


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        (root / "docs").mkdir()
        (root / "docs" / "a.png").write_bytes(b"")
        (root / "docs" / "page.md").write_text("# A page\n\n## Some `code`: here\n")
        (root / "README.md").write_text(
            "[ok](docs/page.md#some-code-here) ![ok](docs/a.png) [ok](#top-of-it)\n"
            "# Top of it\n```\n[not a link](nowhere.md)\n```\n`[nor this](nowhere.md)`\n"
            "[gone](docs/missing.png)\n[bad anchor](docs/page.md#nope)\n[out](../../etc/passwd)\n"
            "[across\nlines](docs/missing.md)\n")
        _, problems = check(root, front_page=False)
        (root / "README.md").write_text("# tactics-grid\n\n" + SCRIPTS + "\n" + "line\n" * 300)
        long_page = check_front_page(root / "README.md")
        (root / "README.md").write_text("# tactics-grid\n\nscripts/test first\n")
        moved = check_front_page(root / "README.md")
    expected = ["missing.png", "#nope", "leaves the repository", "missing.md"]
    ok = len(problems) == len(expected) and all(e in p for e, p in zip(expected, problems))
    ok = ok and len(long_page) == 1 and "lines" in long_page[0] and len(moved) == 1
    print("\n".join(problems + long_page + moved))
    print("self-test:", "ok" if ok else "FAILED: expected exactly these six problems")
    return 0 if ok else 1


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parents[2])
    pages, problems = check(root)
    for problem in problems:
        print(problem)
    links = sum(len(LINK.findall(blank_code(p.read_text(encoding="utf-8")))) for p in pages if p.exists())
    print(f"{len(pages)} pages, {links} links, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
