#!/usr/bin/env bash
# Installs Python 3 with its `venv` module from the distribution's packages unless it is there
# already; the test of the Python package (`python/tests/pytest.rs`) runs this first.
set -euo pipefail
python3 -c "import venv, ensurepip" 2>/dev/null && exit 0
as_root=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "python3 with venv is missing, and installing it needs root or sudo" >&2; exit 1; }
    as_root=(sudo -n)
fi
if command -v apt-get >/dev/null; then
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq python3 python3-venv python3-pip >/dev/null
elif command -v dnf >/dev/null; then
    "${as_root[@]}" dnf install -y -q python3 python3-pip
elif command -v yum >/dev/null; then
    "${as_root[@]}" yum install -y -q python3 python3-pip
elif command -v brew >/dev/null; then
    brew install python
else
    echo "python3 with venv is missing, and no package manager this script knows was found" >&2
    exit 1
fi
python3 -c "import venv, ensurepip"
