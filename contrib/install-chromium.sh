#!/usr/bin/env bash
# Installs Chromium and its WebDriver (chromedriver) from the distribution's packages unless
# both are there already; the browser tests of `puzzlec serve` (`puzzlec-cli/tests/workshop.rs`)
# run this first.
set -euo pipefail
found() { command -v chromedriver >/dev/null && { command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null; }; }
found && exit 0
source "$(dirname "${BASH_SOURCE[0]}")/install-packages.sh"
install_packages "Chromium with chromedriver" "chromium chromium-driver" "chromium chromedriver" "chromium chromedriver"
found
