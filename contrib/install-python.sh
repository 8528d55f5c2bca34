#!/usr/bin/env bash
# Installs Python 3 with its `venv` module from the distribution's packages unless it is there
# already; the test of the Python package (`python/tests/pytest.rs`) runs this first.
set -euo pipefail
python3 -c "import venv, ensurepip" 2>/dev/null && exit 0
source "$(dirname "${BASH_SOURCE[0]}")/install-packages.sh"
install_packages "python3 with venv" "python3 python3-venv python3-pip" "python3 python3-pip" python
python3 -c "import venv, ensurepip"
