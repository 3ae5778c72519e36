#!/usr/bin/env bash
# Copies the screenshots the browser e2e took (artifacts/) over the README's images (media/),
# quantized with pngquant so the .vsix stays small (the README and its images ship in it).
# Run after `npx tsx test/vscode/e2e.ts` when the UI changed; commit media/.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pngquant >/dev/null || { echo "update-media: needs pngquant (apt-get install pngquant)" >&2; exit 1; }
declare -A MEDIA=(
  [artifacts/e2e-sale.png]=media/screenshot.png
  [artifacts/e2e-request-file.png]=media/request-file.png
  [artifacts/e2e-extension-page.png]=media/extension-page.png
  [artifacts/e2e-walkthrough.png]=media/walkthrough.png
  [artifacts/e2e-traffic.png]=media/traffic.png
  [artifacts/e2e-testing-view.png]=media/testing-view.png
  [artifacts/e2e-copy-as-curl.png]=media/copy-as-curl.png
  [artifacts/e2e-agent-confirmation.png]=media/agent-confirmation.png
)
for shot in "${!MEDIA[@]}"; do
  [ -f "$shot" ] || { echo "update-media: $shot is missing (run the e2e first); skipped"; continue; }
  pngquant --quality=70-90 --speed 1 --strip --force --output "${MEDIA[$shot]}" "$shot"
  echo "update-media: ${MEDIA[$shot]} $(stat -c %s "${MEDIA[$shot]}") bytes"
done
