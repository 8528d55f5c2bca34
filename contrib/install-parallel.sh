#!/usr/bin/env bash
# Installs GNU parallel from the distribution's packages unless it is there already; the tests
# that share work out with it run this first.
set -euo pipefail
command -v parallel >/dev/null && exit 0
source "$(dirname "${BASH_SOURCE[0]}")/install-packages.sh"
install_packages "GNU parallel" parallel parallel parallel
command -v parallel >/dev/null
