#!/usr/bin/env bash
# The Debian packages the test suite uses, installed when missing (idempotent, well under a
# second when everything is there):
#   chromium              drives the real VS Code's workbench (browser e2e, extension-host suite)
#   libkrb5-dev, g++, make, python3   compile code-server's native modules (scripts/setup-vscode.sh)
#   poppler-utils, qpdf   check the sandbox's PDF statements (pdftotext, qpdf --check)
#   neovim                proves the README's Neovim set-up of the language server
# apt waits for the dpkg lock (another apt often runs on a fresh CI machine) instead of failing.
set -euo pipefail
declare -A NEED_BY_COMMAND=(
  [chromium]=chromium [pdftotext]=poppler-utils [qpdf]=qpdf [nvim]=neovim [g++]=g++ [make]=make [python3]=python3
)
need=()
for cmd in "${!NEED_BY_COMMAND[@]}"; do command -v "$cmd" >/dev/null || need+=("${NEED_BY_COMMAND[$cmd]}"); done
dpkg -s libkrb5-dev >/dev/null 2>&1 || need+=(libkrb5-dev)
# Extra packages another setup script asks for (e.g. the code-generation toolchains).
for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg"); done
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
APT=(-o DPkg::Lock::Timeout=600 -o Acquire::Retries=3)
echo "setup-test-tools: apt-get install ${need[*]}"
$SUDO apt-get "${APT[@]}" update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${APT[@]}" install -y -qq --no-install-recommends "${need[@]}"
