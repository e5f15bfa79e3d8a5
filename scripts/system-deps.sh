#!/usr/bin/env bash
# Installs the Debian packages Pagecast needs when they are missing.
#   scripts/system-deps.sh          runtime: ffmpeg, espeak-ng, fonts (DejaVu; CJK, emoji and Noto fallbacks)
#   scripts/system-deps.sh test     also chromium (browser tests) and postgresql
set -euo pipefail

need=()
command -v ffmpeg >/dev/null || need+=(ffmpeg)
command -v ffprobe >/dev/null || need+=(ffmpeg)
command -v espeak-ng >/dev/null || need+=(espeak-ng)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
# Subtitles and text slides fall back to these for Chinese and Japanese, Korean, and emoji.
[ -f /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] || need+=(fonts-droid-fallback)
[ -f /usr/share/fonts/truetype/nanum/NanumGothic.ttf ] || need+=(fonts-nanum)
[ -f /usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf ] || need+=(fonts-symbola)
# And to these for the other scripts of the narrators' languages: Devanagari, Bengali, Tamil and the
# rest of India's, Thai, Sinhala, Myanmar, Ethiopic, Cherokee ...
[ -f /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf ] || need+=(fonts-noto-core)
if [ "${1:-}" = test ]; then
  command -v chromium >/dev/null || need+=(chromium)
  command -v pg_ctlcluster >/dev/null || command -v pg_ctl >/dev/null || need+=(postgresql)
fi
[ ${#need[@]} -eq 0 ] && exit 0

# Keep each package once.
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
if [ "$(id -u)" -ne 0 ]; then
  echo "Pagecast needs these Debian packages: ${need[*]}" >&2
  echo "Install them with:  sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
