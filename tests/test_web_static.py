"""The page's static files: nothing inline, nothing evaluated, nothing from elsewhere, and light."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from odds.web.app import CSP, STATIC

FILES = sorted(p for p in STATIC.iterdir() if p.is_file())

FORBIDDEN = {
    "innerHTML": re.compile(r"\binnerHTML\b"),
    "outerHTML": re.compile(r"\bouterHTML\b"),
    "insertAdjacentHTML": re.compile(r"\binsertAdjacentHTML\b"),
    "document.write": re.compile(r"\bdocument\s*\.\s*write"),
    "eval": re.compile(r"(?<![\w.])eval\s*\("),
    "new Function": re.compile(r"\bnew\s+Function\b"),
    "setTimeout with a string": re.compile(r"set(?:Timeout|Interval)\s*\(\s*['\"`]"),
    "import() of a URL": re.compile(r"import\s*\(\s*['\"`]https?:"),
}

NAMESPACE = "http://www.w3.org/2000/svg"


def test_the_page_has_its_files():
    names = {p.name for p in FILES}
    assert {"index.html", "app.js", "style.css"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_html_injection_or_evaluation(path: Path):
    text = path.read_text(encoding="utf-8")
    for what, pattern in FORBIDDEN.items():
        assert not pattern.search(text), f"{path.name}: {what}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_third_party_requests(path: Path):
    text = path.read_text(encoding="utf-8").replace(NAMESPACE, "")
    assert not re.search(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}", text), path.name
    assert "@import" not in text and "url(http" not in text


def test_the_html_has_no_inline_script_style_or_handler():
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    for tag in re.findall(r"<script\b[^>]*>", html):
        assert 'src="/static/' in tag
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), "inline script"
    assert "<style" not in html and not re.search(r"\sstyle\s*=", html)
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"


def test_scripts_set_no_inline_style_or_handler_attributes():
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"['\"]style['\"]\s*:", text), path.name
        assert not re.search(r"setAttribute\(\s*['\"](?:on\w+|style)['\"]", text), path.name


def test_the_policy_forbids_inline_and_foreign_code():
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP
    assert "default-src 'none'" in CSP and "script-src 'self'" in CSP


def test_the_page_weighs_under_300_kB():
    total = sum(p.stat().st_size for p in FILES)
    assert total < 300_000, total
