#!/usr/bin/env bash
# What the install scripts share: `install_packages WHAT APT DNF BREW` installs the packages
# named (space-separated, one list per package manager) with the first package manager found,
# as root or through `sudo -n`; WHAT names the missing thing in the messages. Sourced, not run.

install_packages() {
    local what=$1 apt=$2 dnf=$3 brew=$4
    local as_root=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "$what is missing, and installing it needs root or sudo" >&2; return 1; }
        as_root=(sudo -n)
    fi
    # The lists are split into words on purpose.
    # shellcheck disable=SC2086
    if command -v apt-get >/dev/null; then
        # Tests that run side by side may each install at once: one apt-get at a time (the
        # first holds the lock, the others wait for it), and a lock held by anything else
        # waited for too, rather than failing at once.
        local wait=(-o DPkg::Lock::Timeout=600)
        (
            command -v flock >/dev/null && flock -w 900 9
            "${as_root[@]}" apt-get "${wait[@]}" update -qq &&
                DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get "${wait[@]}" install -y -qq $apt >/dev/null
        ) 9>"${TMPDIR:-/tmp}/puzzle-install-packages.lock"
    elif command -v dnf >/dev/null; then
        "${as_root[@]}" dnf install -y -q $dnf
    elif command -v yum >/dev/null; then
        "${as_root[@]}" yum install -y -q $dnf
    elif command -v brew >/dev/null; then
        brew install $brew
    else
        echo "$what is missing, and no package manager this script knows was found" >&2
        return 1
    fi
}
