#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the fixtures of t/import-wild.sh: AIM9 results as people and tools
posted them, each with its expected `aimdb import --dry-run` output (NAME.dry).

Every number is invented here (a seeded generator); the layouts are those of
../../../../shared/reference/inputs-in-the-wild.md and of the tools' public
formats, and the damage mail does is applied mechanically to clean text (line
wrapping, quoting, quoted-printable, Latin-1).  Run it from this directory;
it rewrites every fixture, so a change shows in git diff.  Not run by make
check: the files it writes are what the tests read.
"""
import lzma
import random
import sys

TSV = "../../aim9-tests.tsv"
UNITS = {}
TESTS = []
for line in open(TSV).read().splitlines()[1:]:
    num, name, factor, units = line.split("\t")
    TESTS.append((int(num), name, int(factor), units))
    UNITS[name] = units
BY_NAME = {t[1]: t for t in TESTS}
RULE = "-" * 108
HEAD1 = " Test        Test        Elapsed  Iteration    Iteration          Operation"
HEAD2 = "Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)"
BANNER = [
    "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996",
    "Copyright (c) 1996 - 2001 Caldera International, Inc.",
    "All Rights Reserved",
]


# The fact of a report numbered by position, not by the catalog.
POSITION = [("import.row_numbers", "position")]


def KERNEL(k):
    """The facts of a report named by the kernel version K."""
    return [("uname.release", k), ("environment", "unknown")]


def shortest(v):
    """The ops/s as aimdb import --dry-run prints it (jsonout_shortest)."""
    for prec in (15, 16, 17):
        s = "%.*g" % (prec, v)
        if float(s) == v:
            return s
    return s


def prompt(label, answer):
    return "%-50s: %s" % (label, answer)


class Row:
    """One measured test: what singleuser prints of it."""

    def __init__(self, rng, name, period=2.0, user=None):
        self.num, self.name, self.factor, self.units = BY_NAME[name]
        self.elapsed = "%.2f" % (period + rng.randint(0, 9) / 100.0)
        self.count = rng.randint(40, 90000)
        loops = self.count / float(self.elapsed)
        self.loops = "%.5f" % loops
        self.ops = "%.2f" % (loops * self.factor)
        self.user = user
        if user is not None:
            cpu = int(float(self.elapsed)) - 1
            u = rng.randint(0, cpu)
            self.user = "%.2f" % u
            self.system = "%.2f" % (cpu - u)

    def console(self, number=None, tag=""):
        n = self.num if number is None else number
        name = "%-14s" % self.name + (" " + tag if tag else "")
        return "%6d %s %10s %10d %10s %15s %s" % (
            n, name, self.elapsed, self.count, self.loops, self.ops,
            self.units)

    def dry(self, status="ok"):
        ns = int(round(float(self.elapsed) * 1e9))
        out = ["  %d %s rep 1 %s factor %d" % (self.num, self.name, status,
                                              self.factor)]
        out.append("    calls %d elapsed_ns %d ops/s %s" % (
            self.count, ns, shortest(float(self.ops))))
        return out


def printed(num, name, value, status="ok", reason=None):
    """A result whose one sample is a rate as printed (no calls or time)."""
    factor = BY_NAME[name][2]
    head = "  %d %s rep 1 %s factor %d" % (num, name, status, factor)
    if reason:
        head += " reason " + reason
    if status != "ok":
        return [head]
    return [head, "    calls 0 elapsed_ns 0 ops/s %s" % shortest(value)]


class Out:
    """A fixture being written: its lines and its expected dry run."""

    def __init__(self, name):
        self.name = name
        self.lines = []
        self.dry = []

    def add(self, *lines):
        self.lines.extend(lines)

    def at(self):
        """The number the next line will have."""
        return len(self.lines) + 1

    def report(self, line, tag, n_results, env=(), body=(), host=None,
               config=None):
        self.dry.append("would import %s:%d as %s (%d results)" % (
            self.name, line, tag, n_results))
        if host is not None:
            self.dry.append("  host " + host)
        if config is not None:
            self.dry.append("  configuration " + config)
        for k, v in env:
            self.dry.append("  env %s = %s" % (k, v))
        self.dry.extend(body)

    def write(self, data=None, encoding="utf-8"):
        text = data if data is not None else "\n".join(self.lines) + "\n"
        with open(self.name, "wb") as f:
            f.write(text.encode(encoding) if isinstance(text, str) else text)
        with open(self.name + ".dry", "w") as f:
            f.write("\n".join(self.dry) + "\n")


def wrap76(s, width=76):
    """A line broken as a mail client breaks it: at the last blank."""
    out = []
    while len(s) > width:
        cut = s.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        out.append(s[:cut].rstrip())
        s = s[cut:].lstrip()
    out.append(s)
    return out


def mail_head(subject, extra=()):
    return ["From: A Tester <tester@example.org>",
            "To: linux-kernel@vger.example.org",
            "Subject: " + subject,
            "Date: Wed, 23 Oct 2002 12:00:00 +0200"] + list(extra) + [""]


def console_2002(rng):
    """Siva's 2002 report: every long line broken at 76 columns, the
    second heading line included, and a four-line failure of new_raph."""
    o = Out("console-2002.eml")
    o.add(*mail_head("[BENCHMARK] AIM9 results for 2.5.44 on a P3"))
    o.add("Hi,", "", "AIM9 on 2.5.44, 3 s per test.", "")
    o.add(*BANNER)
    o.add("", prompt("Machine's name", "p3box"),
          prompt("Machine's configuration", "2.5.44-smp"),
          prompt("Number of seconds to run each test [2 to 1000]", "3"),
          prompt("Path to disk files", "/tmp"), "",
          "Starting time:      Wed Oct 23 12:00:00 2002",
          "Projected Run Time: 0:03:00",
          "Projected finish:   Wed Oct 23 12:03:00 2002", "", "", "")
    start = o.at()
    head = []
    for s in (RULE, HEAD1, HEAD2, RULE):
        head.extend(wrap76(s))
    o.add(*head)
    body = []
    for num, name, factor, units in TESTS:
        if name == "new_raph":
            o.add("    39 new_raph           ",
                  "Unable to solve equation in 100 tries. P = 1.5708, P0 = 1.5708, delta =",
                  "6.12574e-17",
                  "new_raph: Success",
                  " *** Failed to execute new_raph  ***",
                  " Skipping to next test.")
            body.append("  39 new_raph rep 1 fail factor 200 reason "
                        "Unable to solve equation in 100 tries. P = 1.5708, "
                        "P0 = 1.5708, delta =; 6.12574e-17; new_raph: Success;"
                        " *** Failed to execute new_raph  ***")
            continue
        r = Row(rng, name, 3.0)
        o.add(*wrap76(r.console()))
        body.extend(r.dry())
    o.add(*wrap76(RULE))
    o.add("Projected Completion time:  Wed Oct 23 12:03:00 2002",
          "Actual Completion time:     Wed Oct 23 12:03:02 2002",
          "Difference:                 0:00:02", "")
    o.report(start, "2.5.44", 60, KERNEL("2.5.44"), body, "p3box",
             "2.5.44-smp")
    o.write()


def console_2003(rng):
    """A 2003 report: squeezed headings, rules of 72 dashes and a "----"
    line, every row's units on the next line, blank lines between rows."""
    o = Out("console-2003.txt")
    o.add("Results on the old box, kernel 2.4.20:", "")
    o.add(prompt("Machine's name", "oldbox"),
          prompt("Machine's configuration", "PIII/868MHZ/128MB"),
          prompt("Number of seconds to run each test [2 to 1000]", "60"),
          prompt("Path to disk files", "/tmp "), "")
    start = o.at()
    o.add("-" * 72, "----",
          " TestTest      Elapsed     Iteration   Iteration        Operation",
          "NumberName     Time (sec)  Count       Rate (loops/sec) Rate (ops/sec)",
          "-" * 72, "----")
    body = []
    for i, (num, name, factor, units) in enumerate(TESTS[:12]):
        r = Row(rng, name, 60.0)
        o.add("%d %-14s %s      %-8d    %s         %s%s" % (
            num, name, r.elapsed, r.count, r.loops, r.ops,
            " " if i % 3 == 1 else ""))
        o.add(units, " " if i % 2 else "")
        body.extend(r.dry())
    o.add("-" * 72, "----", "", "-- ", "Old Box Owner")
    o.report(start, "oldbox-2.4", 12, [], body, "oldbox",
             "PIII/868MHZ/128MB")
    o.write()


def console_units_first(rng):
    """The units line above each row, a blank line after it."""
    o = Out("console-units-first.txt")
    o.add(prompt("Machine's name", "access9"),
          prompt("Machine's configuration", "2.5.50"), "")
    start = o.at()
    o.add("-" * 72, "----",
          " Test Test        Elapsed     Iteration  Iteration    Operation",
          "NumberName        Time (sec)   Count     Rate (loops/sec)Rate (ops/sec)",
          "-" * 72, "----")
    body = []
    for num, name, factor, units in TESTS[:8]:
        r = Row(rng, name, 60.0)
        o.add(units, "%d %-16s %s        %-7d %s      %s " % (
            num, name, r.elapsed, r.count, r.loops, r.ops), "")
        body.extend(r.dry())
    o.add("-" * 72, "----")
    o.report(start, "2.5.50", 8, KERNEL("2.5.50"), body, "access9",
             "2.5.50")
    o.write()


def console_cpu(rng):
    """The singleuser variant with CPU utilisation columns: a heading of four
    lines, rows wrapped before the loops/s rate, the next row's number left
    at the end of a line, its own test names."""
    o = Out("console-cpu.eml")
    o.add(*mail_head("[BENCHMARK] AIM Independent Resource Benchmark results "
                     "for kernel-2.5.47"))
    o.add(*BANNER)
    o.add("", prompt("Machine's name", "reg"),
          prompt("Machine's configuration", ""), "Lx-P3-497MHz-128MB",
          prompt("Number of seconds to run each test [2 to 1000]", "60"),
          prompt("Path to disk files", "/tmp"), "")
    start = o.at()
    o.add(RULE,
          " Test        Test        Elapsed       CPU Utilization   Iteration   ",
          "Iteration          Operation",
          "Number       Name      Time (sec)      User     System     Count   Rate",
          "(loops/sec)    Rate (ops/sec)",
          RULE)
    names = {"fun_cal": "fun_cal0", "fun_cal15": "fun_cal_15",
             "sync_disk_rw": "sync_diskrw", "sync_disk_wrt": "sync_diskwrt",
             "sync_disk_cp": "sync_diskcp"}
    body = []
    carry = ""
    picked = [t for t in TESTS if t[0] in range(17, 33)]
    for i, (num, name, factor, units) in enumerate(picked):
        r = Row(rng, name, 60.0, user=True)
        shown = names.get(name, name)
        first = "%s%-14s %10s %10s %9s %8d      " % (
            ("%6d " % num) if not carry else "", shown, r.elapsed, r.user,
            r.system, r.count)
        second = "%s %15s %s" % (r.loops, r.ops, units)
        # Twice the next row's number is left at the end of the line.
        if i in (4, 9) and i + 1 < len(picked):
            second += "    %d" % picked[i + 1][0]
            nxt = True
        else:
            nxt = False
        o.add(first.rstrip() if carry else first, second)
        carry = "x" if nxt else ""
        dry = r.dry()
        dry[0] = "  %d %s rep 1 ok factor %d" % (num, name, r.factor)
        us = int(round(float(r.user) * 1e9))
        sy = int(round(float(r.system) * 1e9))
        dry[1] += " metrics user_ns=%d sys_ns=%d" % (us, sy)
        body.extend(dry)
    o.add(RULE, "Projected Completion time:  Fri Nov 15 15:30:22 2002")
    o.report(start, "2.5.47", len(picked), KERNEL("2.5.47"), body, "reg",
             "Lx-P3-497MHz-128MB")
    o.write()


def console_tagged(rng):
    """One table, each row tagged by its kernel."""
    o = Out("console-tagged.txt")
    o.add("AIM9, 2.6.9 against 2.6.10, 60 s each:", "")
    start = o.at()
    o.add(RULE, HEAD1, HEAD2, RULE)
    bodies = {"2.6.9": [], "2.6.10": []}
    picked = TESTS[:6]
    for num, name, factor, units in picked:
        for k in ("2.6.9", "2.6.10"):
            r = Row(rng, name, 60.0)
            o.add("%6d %-10s %-8s %10s %10d %10s %15s %s" % (
                num, name, "[%s]" % k, r.elapsed, r.count, r.loops, r.ops,
                units))
            bodies[k].extend(r.dry())
    o.add(RULE)
    for k in ("2.6.9", "2.6.10"):
        o.report(start, k, len(picked), [], bodies[k])
    o.write()


def blocks_rows(rng, o, kernels, picked, wrap_every=4):
    """The blocks of PICKED into O; each kernel's expected results and the
    index of its first row in O's lines."""
    bodies = {k: [] for k in kernels}
    first = {}
    for i, (num, name, factor, units) in enumerate(picked):
        o.add("%d %-18s %s" % (num, name, units))
        for j, k in enumerate(kernels):
            r = Row(rng, name, 60.0)
            row = "%-20s %s       %-8d %s        %s " % (
                k, r.elapsed, r.count, r.loops, r.ops)
            first.setdefault(k, len(o.lines))
            if (i + j) % wrap_every == 3:
                cut = row.rstrip().rfind(" ")
                o.add(row[:cut].rstrip(), row[cut:].strip())
            else:
                o.add(row)
            bodies[k].extend(r.dry())
        o.add("", "")
    return bodies, first


def blocks_plain(rng):
    """Per-test blocks: "N name units", then one unbracketed row a kernel,
    its ops/s now and then wrapped onto a line of its own."""
    o = Out("blocks-plain.txt")
    o.add(*mail_head("[BENCHMARK RESULT]AIM benchmark Results for Kernel "
                     "2.5.49 and 2.5.50"))
    o.add("Here are the results.", "", *BANNER)
    o.add(prompt("Machine's name", "access1"),
          prompt("Machine's configuration", "PIII/868MHZ/128MB"), "", "")
    o.add("-" * 72, "",
          "  Test Name       Elapsed   Iteration     Iteration          Operation",
          "  and number    Time (sec)    Count    Rate (loops/sec)    Rate",
          "(ops/sec)", "-" * 72, "")
    kernels = ["linux-2.5.49", "linux-2.5.50"]
    bodies, first = blocks_rows(rng, o, kernels, TESTS[:10])
    o.add("-" * 72, "", "A. Tester", "Engineer", "-" * 72)
    for k in kernels:
        o.report(first[k] + 1, k, 10, [], bodies[k], "access1",
                 "PIII/868MHZ/128MB")
    o.write()


def qp_encode(line):
    """One line as quoted-printable: its physical lines."""
    s = line.replace("=", "=3D")
    if s.endswith(" "):
        s = s[:-1] + "=20"
    out = []
    while len(s) > 76:
        out.append(s[:75] + "=")
        s = s[75:]
    out.append(s)
    return out


def blocks_qp(rng):
    """The same blocks sent quoted-printable: "=20" for the blanks at line
    ends, "=" soft breaks in lines longer than 76, "=3D" for "="."""
    o = Out("blocks-qp.eml")
    o.add(*mail_head("AIM9 blocks for 2.6.8 and 2.6.9",
                     ["MIME-Version: 1.0",
                      "Content-Type: text/plain; charset=us-ascii",
                      "Content-Transfer-Encoding: quoted-printable"]))
    plain = Out("(plain)")
    plain.add("Blocks as usual (A=B means nothing), and a long line that a "
              "mailer has to break in two when it sends it:", "")
    kernels = ["2.6.8-rc4-mm1-with-a-long-name-for-the-patched-kernel",
               "2.6.9"]
    bodies, first = blocks_rows(rng, plain, kernels, TESTS[5:14],
                                wrap_every=5)
    line_of = []
    for s in plain.lines:
        line_of.append(o.at())
        o.add(*qp_encode(s))
    for k in kernels:
        o.report(line_of[first[k]], k, 9, [], bodies[k])
    o.write()


def cmp_value(before, after):
    b = int(round(before * 100))
    a = int(round(after * 100))
    pct = "%.2f%%" % ((a - b) / float(b) * 100.0)
    return "%.2f" % ((a - b) / 100.0), pct


def lines_positional(rng):
    """A diff-aim9.sh comparison of part of the suite, rows numbered by
    position as singleuser numbers them."""
    o = Out("lines-positional.txt")
    o.add(*mail_head("aim9: 2.6.18 vs 2.6.19-rc4"))
    o.add("Results of the pagealloc and disk tests:", "")
    picked = [BY_NAME[n] for n in ("creat-clo", "page_test", "brk_test",
                                   "exec_test", "fork_test", "disk_rr",
                                   "disk_rd", "disk_cp", "disk_src")]
    first = o.at()
    base, new = [], []
    for i, (num, name, factor, units) in enumerate(picked):
        b = round(rng.uniform(1e3, 5e6), 2)
        a = round(b * rng.uniform(0.85, 1.15), 2)
        d, p = cmp_value(b, a)
        o.add("%2d %-12s %12.2f %12.2f %11s %7s %s" % (
            i + 1, name, b, a, d, p, units))
        base.extend(printed(num, name, b))
        new.extend(printed(num, name, a))
    o.add("", "Both look the same to me.")
    o.report(first, "base", len(picked), POSITION, base)
    o.report(first, "new", len(picked), POSITION, new)
    o.write()



def mm_header(names):
    """compare-mmtests.pl's two header lines (Compare.pm): each name split
    at its first '-', past a -rcN."""
    top, bottom = [], []
    for n in names:
        i = n.find("-")
        if n[i:i + 4].startswith("-rc") and n[i + 3:i + 4].isdigit():
            i += 4
        top.append(n[:i])
        bottom.append(n[i + 1:])
    return top, bottom


def mm_cell(value, base, kind, sig=False):
    if kind == "pndiff":
        if value == base:
            pct = 0.0
        elif value == 0:
            pct = 100.0
        elif base == 0:
            pct = -99.0
        else:
            pct = 100 - value * 100 / base
    else:
        if value == base or value == 0:
            pct = 0.0
        elif base == 0:
            pct = 100.0
        else:
            pct = value * 100 / base - 100
    mark = "*%7.2f%%*" if sig else "(%7.2f%%)"
    return "%14.2f " % value + mark % pct


def mm_table(names, rows, width=9, op=18):
    """The lines of one compare table: ROWS of (stat, op, values, kind)."""
    top, bottom = mm_header(names)
    out = [" " * (width + 1 + op) + "".join("%25s" % t for t in top),
           " " * (width + 1 + op) + "".join("%25s" % b for b in bottom)]
    for stat, name, values, kind, sigs in rows:
        line = "%-*s %-*s" % (width, stat, op - 1, name)
        for i, v in enumerate(values):
            line += mm_cell(v, values[0], kind, sigs[i] if sigs else False)
        out.append(line)
    return out


def mmtests_quoted(rng):
    """A reply quoting ("> > ") three compare-mmtests.pl tables: pagealloc's,
    aim9's over seven kernels (tcp_test skipped under one: every statistic
    0.00; BHmean-50/95/99 as mmtests spelled them in 2020) and kernbench's."""
    o = Out("mmtests-quoted.txt")
    o.add(*mail_head("Re: [PATCH 0/3] mm: fewer preallocations"))
    o.add("On Mon, 6 Jan 2025, B. Reviewer wrote:",
          "> On Fri, 3 Jan 2025, A. Tester wrote:",
          "> > Here are the numbers, pagealloc first, then aim9 and kernbench.",
          "> > ")
    names = ["6.8-vanilla", "6.9-rc1-vanilla", "6.9-rc2-vanilla",
             "6.9-rc3-fix", "6.9-vanilla", "6.9-mglru", "6.10-rc1-vanilla"]
    other = []
    for stat in ("Min", "Hmean", "Max"):
        for op in ("alloc-odr0-1", "alloc-odr0-2", "free-odr0-1"):
            other.append((stat, op, [rng.uniform(100, 900) for _ in range(2)],
                          "pdiff", None))
    table = mm_table(names[:2], other)
    o.add(*["> > " + x for x in table])
    skipped = [o.at() - len(table) + 2]
    o.add("> > ")
    tests = ["brk_test", "exec_test", "fork_test", "page_test", "tcp_test"]
    hmean = {}
    rows = []
    for t in tests:
        hmean[t] = [round(rng.uniform(2e3, 4e6), 2) for _ in names]
        if t == "tcp_test":
            hmean[t][2] = 0.0
    stats = [("Min", 0.97, "pdiff"), ("Hmean", 1.0, "pdiff"),
             ("Stddev", 0.02, "pndiff"), ("CoeffVar", None, "pndiff"),
             ("Max", 1.03, "pdiff"), ("BHmean-50", 1.01, "pdiff"),
             ("BHmean-95", 1.001, "pdiff"), ("BHmean-99", 1.0005, "pdiff")]
    for stat, k, kind in stats:
        for t in tests:
            if stat == "CoeffVar":
                vals = [2.0 if h else 0.0 for h in hmean[t]]
            else:
                vals = [round(h * k, 2) for h in hmean[t]]
            sig = [False] + [i % 2 == 1 for i in range(1, len(names))] \
                if stat == "Hmean" else None
            rows.append((stat, t, vals, kind, sig))
    table = mm_table(names, rows)
    first = o.at() + 2
    o.add(*["> > " + x for x in table])
    o.add("> > ")
    kern = []
    for stat in ("Amean", "Stddev"):
        for op in ("User", "System", "Elapsed"):
            kern.append((stat, op, [rng.uniform(10, 900) for _ in names],
                         "pdiff", None))
    table = mm_table(names, kern)
    o.add(*["> > " + x for x in table])
    skipped.append(o.at() - len(table) + 2)
    o.add("> ", "> Which of these is the regression?", "",
          "fork_test under 6.9-rc2.")
    for c, n in enumerate(names):
        body = []
        for t in tests:
            num = BY_NAME[t][0]
            if hmean[t][c] == 0:
                body.extend(printed(num, t, 0, "skip",
                                    "every statistic 0.00: no result"))
            else:
                body.extend(printed(num, t, hmean[t][c]))
        o.report(first, n, len(tests), [], body)
    o.write()
    return skipped


def mmtests_wrapped(rng):
    """A compare-mmtests.pl table of seven kernels in a mail that wraps at
    76 columns: headers and rows broken at blanks, inside "(  x%)" too."""
    o = Out("mmtests-wrapped.txt")
    o.add(*mail_head("aim9 over the 6.9 cycle"))
    o.add("aim9", "")
    names = ["6.8", "6.9-rc1-vanilla", "6.9-rc2-vanilla", "6.9-rc3-fix",
             "6.9-vanilla", "6.9-mglru", "6.10-rc1-vanilla"]
    tests = ["brk_test", "exec_test", "fork_test", "page_test"]
    hmean = {t: [round(rng.uniform(2e3, 4e6), 2) for _ in names]
             for t in tests}
    rows = []
    for stat, k, kind in (("Min", 0.97, "pdiff"), ("Hmean", 1.0, "pdiff"),
                          ("Stddev", 0.02, "pndiff"),
                          ("BHmean-95", 1.001, "pdiff")):
        for t in tests:
            rows.append((stat, t, [round(h * k, 2) for h in hmean[t]], kind,
                         None))
    table = mm_table(names, rows)
    first = None
    for i, line in enumerate(table):
        if i == 2:
            first = o.at()
        o.add(*wrap76(line))
    o.add("", "So fork_test is the one.")
    for c, n in enumerate(names):
        body = []
        for t in tests:
            body.extend(printed(BY_NAME[t][0], t, hmean[t][c]))
        o.report(first, n, len(tests), [], body)
    o.write()


def ss_overflow(rng):
    """suite9.ss, two runs; ram_copy over 2^31 ops/s printed as (int)."""
    o = Out("suite9-overflow.ss")
    for kernel in ("2.6.24", "2.6.25-rc1"):
        start = o.at()
        o.add("fastbox", kernel, "Feb  5 10:00:00 2008",
              'AIM Independent Resource Benchmark - Suite IX "1.1"', "5120K")
        body = []
        for num, name, factor, units in TESTS:
            label = units[:-len("/second")] + " per second"
            if name == "ram_copy":
                o.add("ram_copy\t-2147483648\t" + label)
                body.extend(printed(num, name, 0, "fail",
                                    "suite9.ss gives -2147483648: singleuser "
                                    "wrote the rate as an int, which "
                                    "overflows at 2^31 ops/s and more"))
                continue
            v = rng.randint(5, 40000000)
            o.add("%s\t%d\t%s" % (name, v, label))
            body.extend(printed(num, name, float(v)))
        o.report(start, kernel, 60, KERNEL(kernel), body, "fastbox", kernel)
    o.write()


def lkp_avg(v):
    """An average as lkp compare prints it (lib/compare.rb)."""
    if abs(v) < 1000:
        return "%.2f" % v
    if abs(v) > 100000000:
        return "%.4g" % v
    return "%d" % int(v)


def lkp_row(avgs, sds, key, pm):
    s = ""
    for i, (avg, sd) in enumerate(zip(avgs, sds)):
        if i:
            base = avgs[0] if avgs[0] else 1e-100
            p = 100.0 * (avg - avgs[0]) / base
            s += ("%+#10.1f%% " if abs(p) < 100000 else "%+#10.2g%% ") % p
        s += "%10s" % lkp_avg(avg)
        pct = 100 * sd / avg if avg else sd
        s += (" " + pm + "%3d%%" % int(pct)) if pct > 2 else " " * 6
    return s + "  " + key


def lkp_group(o, rng, commits, params, metrics, pm):
    """One group of the robot's table: header, commits, rows.  The line of
    its ids, and each column's (test, average as printed)."""
    o.add("=" * 89, "compiler/cpufreq_governor/kconfig/rootfs/tbox_group/"
          "test/testcase/testtime:", "  " + "/".join(params), "",
          "commit: ")
    for c, subject in commits:
        o.add("  %s (\"%s\")" % (c[:10], subject))
    o.add("")
    ids = [commits[0][0][:16]] + [c[:27] for c, _ in commits[1:]]
    at = o.at()
    o.add("%16s " % ids[0] + "".join("%27s " % i for i in ids[1:]),
          "-" * 16 + " " + ("-" * 27 + " ") * (len(ids) - 1),
          "         %stddev" + "     %change         %stddev" *
          (len(ids) - 1),
          "             \\  " + "        |                \\  " *
          (len(ids) - 1))
    got = [[] for _ in ids]
    for key, avgs, sds in metrics:
        o.add(lkp_row(avgs, sds, key, pm))
        parts = key.split(".")
        if parts[0] == "aim9" and parts[-1] == "ops_per_sec":
            for c, a in enumerate(avgs):
                got[c].append((parts[1], lkp_avg(a)))
    return at, ids, got


def lkp_metrics(rng, tests, n):
    out = []
    for t in tests:
        base = 10 ** rng.uniform(3.3, 9.5) if t != "sieve" else 4.87
        avgs = [base * rng.uniform(0.9, 1.1) for _ in range(n)]
        if t == "tcp_test":
            avgs[0] = 0.0
        sds = [a * rng.uniform(0, 0.05) for a in avgs]
        out.append(("aim9.%s.ops_per_sec" % t, avgs, sds))
    out.insert(1, ("aim9.time.system_time", [201.54, 207.44][:n] +
                   [205.0] * (n - 2), [0] * n))
    out.append(("proc-vmstat.numa_hit", [1.087e8 * (1 + i / 30.0)
                                         for i in range(n)], [0] * n))
    out.append(("perf-stat.i.branch-miss-rate%", [1.15 - i / 20.0
                                                  for i in range(n)],
                [0] * n))
    return out


def lkp_expect(o, at, ids, got, params):
    keys = ["compiler", "cpufreq_governor", "kconfig", "rootfs",
            "tbox_group", "test", "testcase", "testtime"]
    for c, cid in enumerate(ids):
        body = []
        for t, v in got[c]:
            if float(v) == 0:
                continue
            body.extend(printed(BY_NAME[t][0], t, float(v)))
        env = [("lkp.commit", cid)] + [("lkp." + k, p)
                                       for k, p in zip(keys, params)]
        o.report(at, cid, len(body) // 2, env, body)


def robot(rng):
    """The kernel test robot's report: Latin-1 text (its "±" one byte),
    two groups of one commit pair, many metrics besides aim9's."""
    o = Out("robot.eml")
    o.add(*mail_head("[linus:master] [mm]  a1b2c3d4e5:  "
                     "aim9.brk_test.ops_per_sec -4.8% regression",
                     ['Content-Type: text/plain; charset="iso-8859-1"',
                      "Content-Transfer-Encoding: 8bit"]))
    o.add("Hello,", "",
          "kernel test robot noticed a -4.8% regression of "
          "aim9.brk_test.ops_per_sec on:", "",
          "commit: a1b2c3d4e5f60718293a4b5c6d7e8f9012345678 (\"mm: merge "
          "vmas earlier\")", "", "testcase: aim9",
          "test machine: 48 threads 2 sockets Example CPU @ 2.70GHz with "
          "64G memory", "parameters:", "", "\ttesttime: 300s",
          "\ttest: brk_test", "\tcpufreq_governor: performance", "", "",
          "Details are as below:", "-" * 98 + ">", "")
    commits = [("f0e1d2c3b4a5968778695a4b3c2d1e0f11223344", "mm: the parent"),
               ("a1b2c3d4e5f60718293a4b5c6d7e8f9012345678",
                "mm: merge vmas earlier")]
    params = ["gcc-12", "performance", "x86_64-rhel-8.3",
              "debian-12-x86_64-20240206.cgz", "lkp-box1", "brk_test", "aim9",
              "300s"]
    at, ids, got = lkp_group(o, rng, commits, params,
                             lkp_metrics(rng, ["brk_test"], 2), "\xb1")
    lkp_expect(o, at, ids, got, params)
    o.add("", "", "*" * 99,
          "lkp-box2: 64 threads 2 sockets Example CPU @ 2.10GHz with 128G "
          "memory")
    params2 = params[:4] + ["lkp-box2", "all", "aim9", "5s"]
    at, ids, got = lkp_group(o, rng, commits, params2,
                             lkp_metrics(rng, ["brk_test", "dgram_pipe",
                                               "disk_src", "ram_copy", "sieve",
                                               "tcp_test"], 2), "\xb1")
    lkp_expect(o, at, ids, got, params2)
    o.add("", "", "", "Disclaimer:", "Results have been estimated.", "",
          "-- ", "0-DAY CI Kernel Test Service")
    o.write(encoding="latin-1")


def robot_reply(rng):
    """A reply quoting a three-commit comparison, wrapped at 76 columns,
    with the reply's own text between its rows."""
    o = Out("robot-reply.txt")
    o.add("On Tue, Oct 1, 2024 at 10:21:27AM +0800, kernel test robot wrote:",
          ">")
    commits = [("fc21959f74bc1138aabbccddeeff001122334455", "mm: parent"),
               ("cacded5e42b9609b07b22d80c10f0076d439f7d1", "mm: the change"),
               ("v6.12-rc1", "")]
    params = ["gcc-12", "performance", "x86_64-rhel-8.3",
              "debian-12-x86_64-20240206.cgz", "lkp-box3", "all", "aim9",
              "5s"]
    quoted = Out("(quoted)")
    at, ids, got = lkp_group(quoted, rng, commits, params,
                             lkp_metrics(rng, ["brk_test", "fork_test",
                                               "page_test"], 3), "\u00b1")
    line_of = []
    for i, s in enumerate(quoted.lines):
        line_of.append(o.at())
        o.add(*["> " + x for x in wrap76(s, 74)])
        if s.endswith("aim9.brk_test.ops_per_sec"):
            o.add("", "No stddev for the first one, a pity.", "")
    lkp_expect(o, line_of[at - 1], ids, got, params)
    o.add("", "Thanks.")
    o.write()


def mmtests_pipe(rng):
    """An aim9 log of a run whose answers came from a pipe: the four
    prompts run together on one line, no answer echoed."""
    o = Out("mmtests-pipe-aim9-1")
    o.add("spawn ./singleuser", "", *BANNER)
    o.add("", prompt("Machine's name", "") + prompt(
        "Machine's configuration", "") + prompt(
        "Number of seconds to run each test [2 to 1000]", "") + prompt(
        "Path to disk files", ""), "", "",
        "Starting time:      Tue Feb  4 09:30:00 2025",
        "Projected Run Time: 0:01:00",
        "Projected finish:   Tue Feb  4 09:31:00 2025", "", "", "")
    start = o.at()
    o.add(RULE, HEAD1, HEAD2, RULE)
    body = []
    for i, name in enumerate(("page_test", "brk_test", "exec_test",
                              "fork_test")):
        r = Row(rng, name, 15.0)
        o.add(r.console(i + 1))
        body.extend(r.dry())
    o.add(RULE, "Projected Completion time:  Tue Feb  4 09:31:00 2025",
          "Actual Completion time:     Tue Feb  4 09:31:00 2025",
          "Difference:                 0:00:00")
    o.report(start, "piped", 4, POSITION, body)
    o.write()


def multipart(rng):
    """A saved multipart mail: the report in a text/plain part whose MIME
    headers sit right above it."""
    o = Out("multipart.eml")
    o.add(*mail_head("AIM9 on 2.6.20-rc3",
                     ["MIME-Version: 1.0",
                      'Content-Type: multipart/mixed; boundary="=-XyZ123"']))
    o.add("This is a multi-part message in MIME format.", "", "--=-XyZ123",
          "Content-Type: text/plain", "Content-Transfer-Encoding: 7bit", "",
          "Hi, the run of last night:", "", "--=-XyZ123",
          "Content-Type: text/plain; charset=us-ascii;",
          '\tname="aim9.txt"', "Content-Transfer-Encoding: 7bit",
          "Content-Disposition: inline;", '\tfilename="aim9.txt"', "")
    start = o.at()
    o.add(RULE, HEAD1, HEAD2, RULE)
    body = []
    for num, name, factor, units in TESTS[40:46]:
        r = Row(rng, name, 5.0)
        o.add(r.console())
        body.extend(r.dry())
    o.add(RULE, "", "--=-XyZ123--")
    o.report(start, "2.6.20-rc3", 6, KERNEL("2.6.20-rc3"), body)
    o.write()


def logfile_posted(rng):
    """logfile.suite9 lines posted to compare three kernels: a group a
    test, a line a kernel in the order of the list above, remarks."""
    o = Out("logfile-posted.eml")
    o.add(*mail_head("[Benchmark] AIM9 results"))
    o.add("Hi all,", "AIM9, reiserfs, a laptop.", "", "Format", "2.4.19 raw result",
          "2.5.49 raw result", "2.5.49-mm1 raw result", "")
    kernels = ["2.4.19", "2.5.49", "2.5.49-mm1"]
    bodies = {k: [] for k in kernels}
    first = {}
    picked = TESTS[:12]
    for i, (num, name, factor, units) in enumerate(picked):
        for k in kernels:
            delta = 10000 + rng.randint(0, 9) * 10
            loops = rng.uniform(0.5, 80000)
            shown = "%g" % loops
            ops = float(shown) * factor
            first.setdefault(k, o.at())
            o.add("%s %d %s       %.2f %s" % (name, delta, shown, ops, units))
            calls = int(round(float(shown) * delta / 1000.0))
            bodies[k].append("  %d %s rep 1 ok factor %d" % (num, name,
                                                            factor))
            bodies[k].append("    calls %d elapsed_ns %d ops/s %s" % (
                calls, delta * 1000000, shortest(float("%.2f" % ops))))
        if i == 4:
            o.add("^^^^^ that one moved")
        o.add("")
    o.add("Ciao,", "Paolo")
    for k in kernels:
        o.report(first[k], k, len(picked), KERNEL(k), bodies[k])
    o.write()


def bomb():
    """An xz file of 32 KiB that inflates past the 256 MiB any input may
    have, in lines within the 1 MiB a line may have."""
    line = b"x" * (1024 * 1024 - 2) + b"\n"
    with lzma.open("bomb.xz", "wb", preset=9) as f:
        for _ in range(260):
            f.write(line)


def main():
    rng = random.Random(20260601)
    console_2002(rng)
    console_2003(rng)
    console_units_first(rng)
    console_cpu(rng)
    console_tagged(rng)
    blocks_plain(rng)
    blocks_qp(rng)
    lines_positional(rng)
    mmtests_quoted(rng)
    mmtests_wrapped(rng)
    ss_overflow(rng)
    robot(rng)
    robot_reply(rng)
    mmtests_pipe(rng)
    multipart(rng)
    logfile_posted(rng)
    bomb()
    return 0


if __name__ == "__main__":
    sys.exit(main())
