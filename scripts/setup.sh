#!/usr/bin/env bash
# Installs what Faxline needs on a Debian machine: the Debian packages it runs (Ghostscript renders fax images,
# LibreOffice converts DOC/DOCX, Chromium's headless shell runs the browser tests (Chromium itself the Lighthouse
# bench), poppler and libtiff tools check documents, spandsp and
# libtiff build the fax engine, HylaFAX and iaxmodem carry the HylaFAX line's test call, Tesseract reads faxes' words
# in English, Spanish and French (and header lines back in tests), Redis shares the rate limits of several servers, and Debian's PostgreSQL server runs the scale-out
# test as a production database would; python3-venv gives the Python client's test a fresh virtual environment), the npm packages, and the fax engine
# (native/faxmodem). Safe to run again: it installs only what is missing and says so.
set -euo pipefail
cd "$(dirname "$0")/.."

debian_packages=(ghostscript libreoffice-writer-nogui chromium chromium-headless-shell fonts-liberation poppler-utils qpdf openssl swaks libnet-ssleay-perl libio-socket-ssl-perl libtiff-tools libspandsp-dev libtiff-dev tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa tesseract-ocr-fra hylafax-server iaxmodem redis-server postgresql-15 python3-venv)
# The fax engine is built with a C compiler and make: asked for only where they are missing (a bare machine).
command -v cc >/dev/null || debian_packages+=(gcc)
command -v make >/dev/null || debian_packages+=(make)

missing=()
for package in "${debian_packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: these Debian packages are missing: ${missing[*]}" >&2
    echo "setup: install them with:  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
else
  echo "setup: Debian packages present"
fi

# npm packages: a clean install when package-lock.json changed since the last one, nothing otherwise.
stamp=node_modules/.faxline-setup
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ]; then
  echo "setup: npm packages up to date"
else
  echo "setup: installing npm packages"
  # `npm install` honours package-lock.json; `npm ci` is not used because this npm rejects the lock files it writes
  # (it leaves out other platforms' optional packages and then reports them missing).
  npm install --no-audit --no-fund --prefer-offline --loglevel=error
  sha256sum package-lock.json | cut -d' ' -f1 > "$stamp"
fi
# The fax engine (T.30 over audio, spandsp): rebuilt only when its source is newer than the binary.
if make -q -C native/faxmodem 2>/dev/null; then
  echo "setup: fax engine up to date"
else
  echo "setup: building the fax engine"
  make -s -C native/faxmodem
fi
echo "setup: done"
