#!/usr/bin/env bash
# Installs the toolchains that test/codegen runs generated programs with (cURL, Python's
# requests, PHP with its curl extension, Java, Go). Which they are, how each is found and its
# Debian packages are data of each language generator (src/core/codegen/languages/*.ts:
# `toolchain`); test/codegen/toolchains.ts reads them and names the packages of those it does
# not find. Idempotent: apt is not touched at all when nothing is missing. Needs root (CI runs
# as root); waits for a dpkg lock held by another job.
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a missing <<< "$(npx --no-install tsx test/codegen/toolchains.ts --missing-packages)"

if [ ${#missing[@]} -eq 0 ]; then
  echo "codegen toolchains: all present"
  exit 0
fi

echo "codegen toolchains: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -o DPkg::Lock::Timeout=600
apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=600 "${missing[@]}"
