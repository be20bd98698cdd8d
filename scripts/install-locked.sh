#!/usr/bin/env bash
# Installs exactly the dependency tree of package-lock.json.
#
# `npm ci` is the tool for that, but npm 11.16+ rejects its own lockfile when an optional platform
# binary (e.g. @swc/core-darwin-arm64) is not on the registry it can reach: npm omits such packages
# from the lockfile, then `npm ci` reports them missing (npm/cli#9846, open). The registry this
# project's machines use serves Linux binaries only. In that case `npm install` installs the same
# locked tree; we then prove the lockfile did not move, so the install stays reproducible.
set -euo pipefail
cd "$(dirname "$0")/.."

if npm ci --no-audit --no-fund; then
  exit 0
fi
echo "npm ci refused the lockfile (npm/cli#9846); installing the locked tree with npm install" >&2
before=$(sha256sum package-lock.json)
npm install --no-audit --no-fund
if [ "$(sha256sum package-lock.json)" != "$before" ]; then
  echo "package-lock.json changed during install: the lockfile is out of date" >&2
  exit 1
fi
