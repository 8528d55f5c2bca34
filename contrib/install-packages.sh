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
        "${as_root[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq $apt >/dev/null
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
