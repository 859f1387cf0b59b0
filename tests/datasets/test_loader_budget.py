"""What one upload may cost: the fields of every line counted before pandas builds them,
and hostile files of every shape held to a budget of CPU time and memory.

Budgets are measured in a process of their own (``budget.py`` below): the loader is
imported, the upload's bytes are in memory (as the server has them), then the address
space is limited (``RLIMIT_AS``: what the process already maps plus the budget), the peak
resident memory reset (``/proc/self/clear_refs``) and the load's CPU time and growth of
its peak resident memory read (``getrusage`` and ``VmHWM``).
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from workbooks import workbook

from datasets import DatasetError, cancel, load_csv
from datasets._fields import FieldCounter, most_fields

ROOT = Path(__file__).resolve().parents[2]
MB = 1 << 20

BUDGET = r"""
import io, json, resource, sys, time
sys.path.insert(0, sys.argv[1])
import datasets
path, limit_mb = sys.argv[2], int(sys.argv[3])


def peak():
    # VmHWM, not getrusage's ru_maxrss: that one keeps the peak of the process that
    # started this one (pytest's, which built the file).
    return int(open("/proc/self/status").read().split("VmHWM:")[1].split()[0])


# A warm process, as the server's (ui.server.warmup loads a tiny CSV at start): one-time
# costs are not the upload's. The first text column pandas builds makes pyarrow reserve
# its memory pool, 1 GiB of address space (not of memory): under the limit below it would
# take the budget's room.
datasets.load_csv("x1,x2,label\n0,1,a\n1,0,b\n")
data = open(path, "rb").read()
mapped = int(open("/proc/self/status").read().split("VmSize:")[1].split()[0]) * 1024
room = mapped + limit_mb * 2**20
resource.setrlimit(resource.RLIMIT_AS, (room, room))
with open("/proc/self/clear_refs", "w") as refs:
    refs.write("5")  # the peak resident memory is reset to what is resident now
resident = peak()
def used():
    # The workbook's reader is a child process: its CPU time counts too.
    whose = (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    return sum(u.ru_utime + u.ru_stime for u in map(resource.getrusage, whose))


before = used()
upload = io.BytesIO(data)
upload.name = "upload"
try:
    ds = datasets.load_csv(upload)
    outcome = {"loaded": [ds.n, ds.d]}
except datasets.DatasetError as exc:
    outcome = {"refused": exc.code, "message": str(exc)[:300]}
except MemoryError:
    outcome = {"memory_error": True}
cpu = used() - before
grew = (peak() - resident) / 1024
print(json.dumps(dict(outcome, cpu=cpu, grew_mb=grew)))
"""


def cost(tmp_path: Path, data: bytes, limit_mb: int) -> dict:
    """Load ``data`` as an upload in a fresh process limited to ``limit_mb`` more memory."""
    path = tmp_path / "upload.bin"
    path.write_bytes(data)
    done = subprocess.run(
        [sys.executable, "-c", BUDGET, str(ROOT), str(path), str(limit_mb)],
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout)


def one_line(fields: int) -> bytes:
    """The issue's file: the header x1,x2,label and one data line of ``fields`` fields."""
    return b"x1,x2,label\n" + b"1," * (fields - 1) + b"1\n"


# -- the file ---------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("packed", [False, True], ids=["csv", "gzip"])
def test_the_one_line_csv_and_its_gzip_are_refused_in_a_cpu_second_and_100_mb(tmp_path, packed):
    data = one_line(15_000_001)  # 30 MB; gzip'd (level 9) about 29 KB
    if packed:
        data = gzip.compress(data, 9)
        assert len(data) < 64 * 1024
    spent = cost(tmp_path, data, 100)
    assert spent.get("refused") == "load.long_line", spent
    assert spent["message"].startswith(
        "line 2 has 15,000,001 fields, far more than the header has (3; "
    )
    assert spent["cpu"] < 1.0 and spent["grew_mb"] < 100, spent


# -- counting fields as the parser does ---------------------------------------------------

TOKENS = ["1", "ab", ",", ",", ",,,,,,,,,,", '"', '""', '"x,y"', '"a\nb"', "\n", "\r\n", "\r"]


def first_long_row(text: str, columns: int, skip: int) -> tuple[int, int] | None:
    """(line, fields) of the first row after line ``skip`` with more than
    ``most_fields(columns)`` fields, by Python's csv reader (lenient, as pandas' C parser:
    a quote opens a field only at its start)."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=False)
    start = 1
    for row in reader:
        if start > skip and len(row) > most_fields(columns):
            return start, len(row)
        start = reader.line_num + 1
    return None


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tokens=st.lists(st.sampled_from(TOKENS), max_size=120),
    columns=st.integers(1, 2),
    skip=st.integers(0, 2),
    cuts=st.lists(st.integers(0, 400), max_size=4),
)
def test_the_fields_of_each_line_are_counted_as_a_csv_reader_counts_them(
    tokens, columns, skip, cuts
):
    text = "".join(tokens)
    try:
        expected = first_long_row(text, columns, skip)
    except csv.Error:
        assume(False)
    data = text.encode()
    counter = FieldCounter(",", columns, skip)
    found = None
    try:
        start = 0
        for cut in sorted(min(c, len(data)) for c in cuts) + [len(data)]:
            counter.feed(data[start:cut])
            start = cut
        counter.close()
    except DatasetError as exc:
        assert exc.code == "load.long_line"
        found = exc.fields["line"], exc.fields["fields"]
    assert found == expected


def test_a_long_row_hidden_behind_a_stray_quote_is_found():
    # A quote inside a field is a character; the next one, at a field's start, opens a
    # quoted field: counting quotes by parity would see 40 short lines here, pandas one.
    good = ["x1,x2,label"] + ["1,2,a", "2,1,b"] * 5000  # the sniffer's head: all good
    lines = good + ['a"b,2,"'] + ['",' + ",".join("3" * 20) + ',"'] * 40 + ['"']
    with pytest.raises(DatasetError) as caught:
        load_csv("\n".join(lines).encode())
    assert caught.value.code == "load.long_line", str(caught.value)
    assert caught.value.fields["line"] == len(good) + 1


def test_a_good_file_with_quoted_commas_and_line_breaks_is_read_as_before():
    commas = '"a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w"'
    broken = '"with\na line break' + "," * 50 + '"'
    text = "x1,x2,label\n" + f"1,2,{commas}\n3,1,{broken}\n0,0,{commas}\n2,2,{broken}\n"
    ds = load_csv(text.encode())
    assert ds.n == 4 and ds.X.tolist() == [[1, 2], [3, 1], [0, 0], [2, 2]]
    assert ds.class_names == tuple(sorted(label.strip('"') for label in (commas, broken)))


def test_a_load_whose_reader_has_gone_stops():
    data = gzip.compress(one_line(3_000_000))
    with pytest.raises(cancel.Cancelled), cancel.when(lambda: True):
        load_csv(data)
    with pytest.raises(DatasetError):  # outside ``when``: read, and refused as ever
        load_csv(data)


# -- hostile shapes -----------------------------------------------------------------------


def workbook_nested(depth: int, where: str) -> bytes:
    """A good workbook whose table of contents (``"index"``) or sheet nests ``depth``
    elements more."""
    rows = [["x1", "x2", "label"]] + [[(i * 7) % 5, i % 3, "ab"[i % 2]] for i in range(20)]
    deep = b"<a>" * depth + b"</a>" * depth
    part, before = {
        "index": ("xl/workbook.xml", b"</sheets>"),
        "sheet": ("xl/worksheets/sheet1.xml", b"</sheetData>"),
    }[where]
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(workbook({"S": rows}))) as book,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy,
    ):
        for info in book.infolist():
            body = book.read(info)
            if info.filename == part:
                assert before in body
                body = body.replace(before, deep + before)
            copy.writestr(info.filename, body)
    return out.getvalue()


def hostile(shape: str, size: int) -> bytes:
    """A file of ``shape``, about ``size`` bytes (or elements) large."""
    head = b"x1,x2,label\n"
    if shape == "long line":
        return one_line(size // 2)
    if shape == "long field":
        return head + b"1,2," + b"a" * size + b"\n3,4,b\n"
    if shape == "long values":  # distinct labels just under the longest value read
        return head + b"".join(b"1,2,%d%s\n" % (i, b"v" * (MB - 8)) for i in range(size // MB))
    if shape == "many quotes":
        return head + b'"' * size
    if shape == "line breaks in quotes":
        return head + b'1,2,"' + b"\n" * size + b'"\n3,4,b\n'
    if shape == "many columns":
        columns = size // 8
        return b",".join(b"c%d" % i for i in range(columns)) + b"\n" + b"1," * columns + b"\n"
    if shape == "many rows":
        return head + b"1,2,a\n3,4,b\n" * (size // 12)
    if shape == "gzip bomb":
        return gzip.compress(b"\x00" * (size * 5), 9)
    if shape == "deep index":  # at most 7 MB: a larger table of contents is refused first
        return workbook_nested(min(size, 7 * MB) // 7, "index")
    if shape == "deep sheet":
        return workbook_nested(size // 7, "sheet")
    raise AssertionError(shape)


SHAPES = [
    "long line",
    "long field",
    "long values",
    "many quotes",
    "line breaks in quotes",
    "many columns",
    "many rows",
    "gzip bomb",
    "deep index",
    "deep sheet",
]


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    shape=st.sampled_from(SHAPES),
    size=st.integers(1 * MB, 40 * MB),
    packed=st.booleans(),
)
# ~840,000 short rows: the first text column reserved pyarrow's pool (1 GiB of address
# space) under the limit, a MemoryError, before the process was warmed as a server's is.
@example(shape="many rows", size=5_033_172, packed=False)
def test_a_hostile_file_of_any_shape_costs_a_few_cpu_seconds_and_under_200_mb(
    tmp_path_factory, shape, size, packed
):
    data = hostile(shape, size)
    if packed and not data.startswith((b"PK", b"\x1f\x8b")):
        data = gzip.compress(data, 6)
    spent = cost(tmp_path_factory.mktemp("upload"), data, 200)
    assert "memory_error" not in spent, spent
    assert spent["cpu"] < 3.0 and spent["grew_mb"] < 200, (shape, size, packed, spent)


@pytest.mark.slow
def test_a_cancelled_load_kills_the_workbook_reader_at_once():
    import os
    import time

    # The reader takes about 2 s on it on a 2-core machine of 2026 (4,000,000 elements took
    # 0.55 s there, as long as the cancel's wait: nothing was left to stop).
    data = workbook_nested(16_000_000, "sheet")
    start = time.monotonic()
    load_csv(data)
    whole = time.monotonic() - start
    listed = Path(f"/proc/{os.getpid()}/task/{os.getpid()}/children")
    before = set(listed.read_text().split())  # this worker's own (a test's server, say)
    start = time.monotonic()
    with pytest.raises(cancel.Cancelled), cancel.when(lambda: time.monotonic() > start + 0.5):
        load_csv(data)
    stopped = time.monotonic() - start
    assert stopped < min(whole, 0.5 + 0.2 + 0.5), (stopped, whole)  # a poll and a kill
    assert set(listed.read_text().split()) <= before  # the reader is gone, not left running
