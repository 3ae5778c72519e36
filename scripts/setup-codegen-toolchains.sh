#!/usr/bin/env bash
# Installs the toolchains that test/codegen runs generated programs with (cURL, Python's
# requests, PHP with its curl extension, Go). Node and Java 17 come with the machine image.
# Idempotent: a toolchain that is already present is left alone, and apt is not touched at all
# when nothing is missing. Needs root (CI runs as root); waits for a dpkg lock held by another job.
set -euo pipefail

missing=()
command -v curl >/dev/null 2>&1 || missing+=(curl)
if ! python3 -c 'import requests' >/dev/null 2>&1; then
  # Debian's python3 may not be the first python3 on PATH (pyenv); install both ways round.
  missing+=(python3 python3-requests)
fi
command -v php >/dev/null 2>&1 || missing+=(php-cli)
if ! php -r 'exit(function_exists("curl_init") ? 0 : 1);' >/dev/null 2>&1; then
  missing+=(php-curl)
fi
command -v javac >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
command -v go >/dev/null 2>&1 || missing+=(golang-go)

if [ ${#missing[@]} -eq 0 ]; then
  echo "codegen toolchains: all present"
  exit 0
fi

echo "codegen toolchains: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -o DPkg::Lock::Timeout=600
apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}"
