#!/usr/bin/env bash
# Installs GNU parallel from the distribution's packages unless it is there already; the tests
# that share work out with it run this first.
set -euo pipefail
command -v parallel >/dev/null && exit 0
as_root=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "GNU parallel is missing, and installing it needs root or sudo" >&2; exit 1; }
    as_root=(sudo -n)
fi
if command -v apt-get >/dev/null; then
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq parallel >/dev/null
elif command -v dnf >/dev/null; then
    "${as_root[@]}" dnf install -y -q parallel
elif command -v yum >/dev/null; then
    "${as_root[@]}" yum install -y -q parallel
elif command -v brew >/dev/null; then
    brew install parallel
else
    echo "GNU parallel is missing, and no package manager this script knows was found" >&2
    exit 1
fi
command -v parallel >/dev/null
