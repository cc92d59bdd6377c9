#!/usr/bin/env python3
"""Reports an app's release binary as it ships, and fails when it is too large or holds ICU's data.

    check-size.py [--limit-mb N] [--deb FILE] BINARY

BINARY is the unstripped release executable (built as the `deb` plugin builds it: release, with
the Swift runtime linked in statically); it is measured as a stripped copy, as the .deb carries
it, and must be at most N MB (default 30, 10^6 bytes each). Its symbol table must name no ICU
data (`icudt…`, 34 MB that Foundation's ICU-backed half — its locale-aware formatters,
`String(format:)`, `localizedDescription`, `Bundle` — brings in). The .deb's size is reported.
Needs binutils (strip, nm).
"""
import argparse
import os
import subprocess
import sys
import tempfile

MB = 1_000_000


def measure(binary):
    """The stripped size of `binary` in bytes, and its symbols naming ICU data."""
    symbols = subprocess.run(["nm", binary], capture_output=True, text=True)
    if symbols.returncode != 0 or not symbols.stdout:
        sys.exit(f"check-size: {binary} has no symbol table to look for ICU's data in; give the unstripped binary")
    icu_data = [line.split()[-1] for line in symbols.stdout.splitlines() if "icudt" in line]
    with tempfile.TemporaryDirectory() as folder:
        stripped = os.path.join(folder, "stripped")
        subprocess.run(["strip", "-o", stripped, binary], check=True)
        return os.path.getsize(stripped), icu_data


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--deb")
    parser.add_argument("--limit-mb", type=float, default=30)
    options = parser.parse_args()
    size, icu_data = measure(options.binary)
    name = os.path.basename(options.binary)
    report = f"{name}: {size / MB:.1f} MB stripped (limit {options.limit_mb:g} MB), ICU data symbols: {len(icu_data)}"
    if options.deb:
        report += f"; {os.path.basename(options.deb)}: {os.path.getsize(options.deb) / MB:.1f} MB"
    print(report)
    problems = []
    if size > options.limit_mb * MB:
        problems.append(f"{name} is {size / MB:.1f} MB stripped, over {options.limit_mb:g} MB")
    if icu_data:
        problems.append(f"{name} holds ICU's data ({', '.join(icu_data)}): a module it links reaches Foundation's "
                        "ICU-backed half; `make check-layers` names any `import Foundation`, and a linker map "
                        "(-Xlinker -Map) says which object pulled it in")
    if problems:
        print("size check failed:", *problems, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
